"""Small helpers shared by the end-to-end tests: a table of members, the newest panel, who must click, and what each
member may read."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from simcord import Env, MemberActor
from simcord.builders import ChannelHandle, GuildHandle
from simcord.results import InteractionResult, to_discord_message

from bot.discord import TarmacBot
from bot.naming import name_view, seat_names
from engine import registry
from engine.core import Decision, Game, GameState, Rng, load_state
from engine.core.ai import random_ai
from renderers import for_game


@dataclass
class Table:
    env: Env
    guild: GuildHandle
    channel: ChannelHandle
    players: list[MemberActor]

    @property
    def bot(self) -> TarmacBot:
        return self.env.bot  # type: ignore[return-value]

    def by_id(self, user_id: int) -> MemberActor:
        return next(p for p in self.players if p.id == user_id)


def make_table(env: Env, names: tuple[str, ...] = ("alice", "bob")) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, guild, channel, players)


async def open_lobby(table: Table, game: str = "toy") -> discord.Message:
    result = await table.players[0].slash(table.channel, "game new", game=game)
    assert result.response is not None
    return result.response.message


async def start_with_all(table: Table, game: str = "toy", *, ai: int = 0,
                         options: dict[str, str] | None = None) -> discord.Message:
    """The first member opens a lobby, the others join, the first sets `options` (by their labels, as
    `/game host option` takes them) and starts the game; returns the lobby message."""
    lobby = await open_lobby(table, game)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    for _ in range(ai):
        await table.players[0].click(lobby, label="Add AI")
    for name, value in (options or {}).items():
        await table.players[0].slash(table.channel, "game host option", name=name, value=value)
    await table.players[0].click(lobby, label="Start")
    return lobby


def fixed_seed(seed: int) -> Callable[[], int]:
    """A seed source for the lobby (bot.session.lobby's `Lobby.seeds`) that deals every game from `seed`: set it on a
    running bot as `table.bot.parts.lobby.seeds = fixed_seed(3)`, or give a test's bots a `bot_seed` fixture."""
    return lambda: seed


def one_game(name: str, seed: int) -> tuple[Any, Any]:
    """The fixtures of a test module that plays one real game: a bot that offers only that game, and a fixed seed
    (the lobby draws a fresh one for every game; a fixed one makes the game, and its length, the same each run).
    In the module: `simcord_bot, bot_seed = one_game("planes", SEED)`."""

    @pytest.fixture
    def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
        return make_bot({name: registry.get(name)})

    @pytest.fixture
    def bot_seed() -> int:
        return seed

    return simcord_bot, bot_seed


def _stored(channel: ChannelHandle) -> dict[int, Any]:
    """SimCord's own record of a channel's messages. `channel.history()` rebuilds a discord.Message for every message
    on each call, so a long game that looked up its newest panel that way spent nearly all its time there."""
    return channel._env.backend.messages.get(channel.id, {})  # type: ignore[no-any-return]


def walk(components: list[Any]) -> list[dict[str, Any]]:
    """Every component of a message body, nested ones (a V2 container's texts, rows and buttons) included."""
    found: list[dict[str, Any]] = []
    for component in components or []:
        found.append(component)
        found += walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            found.append(component["accessory"])
    return found


def body_texts(components: list[Any]) -> list[str]:
    """The text displays of a V2 message body, in order."""
    return [c["content"] for c in walk(components) if c.get("type") == 10]


def heading(components: list[Any]) -> str:
    texts = body_texts(components)
    return texts[0] if texts else ""


PANEL_HEADING = re.compile(r"^### (?!.* — lobby$).+$", re.MULTILINE)
"""A turn panel's heading: the game's title and the turn, as players count it ("### Planes — Turn 5 · round 2"), or
the title alone for a game that numbers no turns; the only other V2 message with a heading is the lobby."""


def is_panel_heading(text: str) -> bool:
    first = text.split("\n", 1)[0]
    return bool(PANEL_HEADING.fullmatch(first))


def _is_panel(stored: Any) -> bool:
    """A turn message everyone sees (its heading carries the turn)."""
    return stored.visible_to(None) and is_panel_heading(heading(stored.components))


def panels(channel: ChannelHandle) -> list[discord.Message]:
    """Turn messages, oldest first."""
    stored = _stored(channel)
    return [to_discord_message(channel._env, stored[i]) for i in sorted(stored) if _is_panel(stored[i])]


def latest_panel(channel: ChannelHandle) -> discord.Message:
    stored = _stored(channel)
    for message_id in sorted(stored, reverse=True):
        if _is_panel(stored[message_id]):
            return to_discord_message(channel._env, stored[message_id])
    raise AssertionError("no turn panel in this channel")


def now_shown(channel: ChannelHandle, message: discord.Message) -> discord.Message:
    """`message` as the channel shows it now, after the bot's edits."""
    return to_discord_message(channel._env, _stored(channel)[message.id])


RETIRED = ("-# The game moved on", "-# This panel was posted again")


def turn_bodies(env: Env, channel: ChannelHandle) -> list[tuple[str, dict[str, Any]]]:
    """(method, body) of every request that posted (POST) or edited in place (PATCH) a turn panel in the channel,
    oldest first. While a seat goes on with its turn its panel is edited, so `panels()` shows only each turn's last
    state: these requests are what the channel was shown after every choice."""
    path = f"/channels/{channel.id}/messages"
    found = []
    for entry in env.http_requests:
        body = entry.json if isinstance(entry.json, dict) else {}
        said = body_texts(body.get("components") or [])
        if not is_panel_heading(heading(body.get("components") or [])) or said[-1].startswith(RETIRED):
            continue  # not a panel, or an old one handing its buttons over to the newest
        if (entry.method, entry.path) == ("POST", path) or (entry.method == "PATCH" and entry.path.startswith(path)):
            found.append((entry.method, body))
    return found


def body_version(body: dict[str, Any]) -> int | None:
    """The state version a posted or edited panel's controls carry (None: it has none, as the final message)."""
    for component in walk(body.get("components") or []):
        parts = str(component.get("custom_id") or "").split(":")
        if parts[0] in ("tc", "ts", "tp", "tv", "tu") and len(parts) > 2:
            return int(parts[2])
    return None


def has_board(body: dict[str, Any]) -> bool:
    """The body attaches the board image and shows it in its gallery (a POST adds it, a PATCH replaces the old one);
    the final message attaches and shows the race chart and the game's replay GIF after it."""
    files = [a.get("filename") for a in body.get("attachments") or []]
    shown = [i["media"]["url"] for c in walk(body.get("components") or []) if c.get("type") == 12 for i in c["items"]]
    race = [f for f in files[1:2] if f == "race.png"]
    replay = [f for f in files[1 + len(race):2 + len(race)] if str(f).endswith("-replay.gif")]
    return files == ["board.png", *race, *replay] and shown == [f"attachment://{f}" for f in files]


def gallery_items(message: discord.Message) -> list[Any]:
    """The pictures of a received V2 message's media galleries."""
    return [i for c in _walk_received(message.components) if isinstance(c, discord.components.MediaGalleryComponent)
            for i in c.items]


def _walk_received(components: list[Any]) -> list[Any]:
    found: list[Any] = []
    for component in components:
        found.append(component)
        found += _walk_received(list(getattr(component, "children", None) or []))
    return found


def texts(message: Any) -> list[str]:
    """What a received message (or a SimCord record of one) says: its V2 text displays, or its content."""
    components = list(getattr(message, "components", None) or [])
    if components and isinstance(components[0], dict):
        found = body_texts(components)
    else:
        found = [c.content for c in _walk_received(components) if isinstance(c, discord.components.TextDisplay)]
    content = getattr(message, "content", None)
    return found or ([content] if content else [])


def title_of(message: Any) -> str:
    """A message's title: its first embed's, or the heading line of a V2 message ("Planes — Turn 3 · round 1")."""
    embeds = getattr(message, "embeds", None) or []
    if embeds:
        first = embeds[0]
        return str(first.get("title") if isinstance(first, dict) else first.title or "")
    said = texts(message)
    return said[0].split("\n", 1)[0].removeprefix("### ") if said else ""


def field_of(message: Any, name: str, default: str | None = None) -> str:
    """A named part of a message: an embed field's value, or a V2 text display that starts with the bold name."""
    embeds = getattr(message, "embeds", None) or []
    for field in embeds[0].fields if embeds else []:
        if field.name == name:
            return str(field.value)
    for said in texts(message):
        if said.startswith(f"**{name}**\n"):
            return said.split("\n", 1)[1]
        for line in said.split("\n"):  # a lobby option: "Turn deadline: **Off**"
            if line.startswith(f"{name}: **") and line.endswith("**"):
                return line.removeprefix(f"{name}: **").removesuffix("**")
    if default is not None:
        return default
    raise AssertionError(f"no part named {name!r} in the message")


def seats_text(message: Any) -> str:
    """The lobby's list of seats."""
    return next(t for t in texts(message) if t.startswith("**Seats"))


def prompt_of(message: Any) -> str:
    """What a panel says last, under its board: whose move and what to do (the mentions that ping), or the end."""
    said = texts(message)
    return said[-1] if said else ""


def text_of(message: Any) -> str:
    """Everything a message says in words, as one text (a V2 message's text displays, one per line)."""
    return "\n".join(texts(message))


def newest_id(channel: ChannelHandle) -> int:
    """The id of the newest message (0 if none): a bookmark for `messages_after`."""
    return max(_stored(channel), default=0)


def messages_after(channel: ChannelHandle, after: int, *, viewer: int | None = None) -> list[discord.Message]:
    """Messages newer than the bookmark `after`, oldest first (only those are rebuilt): with no viewer, what everyone
    sees; with a member id, only the ephemeral replies that member alone sees."""
    stored = _stored(channel)
    return [to_discord_message(channel._env, stored[i]) for i in sorted(stored)
            if i > after and stored[i].visible_to(viewer) and (viewer is None or not stored[i].visible_to(None))]


def panel_version(message: discord.Message) -> int | None:
    """The state version a panel's controls carry in their custom ids (the heading names the turn, which many clicks
    share); None for a panel with no controls."""
    for item in items(message):
        parts = (item.custom_id or "").split(":")
        if parts[0] in ("tc", "ts", "tp", "tv", "tu") and len(parts) > 2:
            return int(parts[2])
    return None


def choice_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in items(message) if (c.custom_id or "").startswith(("tc:", "ts:"))]


def mentioned_actor(table: Table, message: discord.Message) -> MemberActor:
    """The member the panel calls on (its prompt starts with their mention)."""
    return next(p for p in table.players if any(t.startswith(p.mention) for t in texts(message)))


def message_text(message: discord.Message) -> str:
    """Everything a reader could see in a message: content, embeds, texts, alt texts and component labels."""
    parts: list[Any] = [message.content, [e.to_dict() for e in message.embeds]]
    parts += [c.to_dict() for c in message.components]
    return json.dumps(parts)


async def state_version(table: Table, session_id: int = 1) -> int:
    """The stored state version (each test opens one session, so its id is 1)."""
    _json, version = await table.bot.store.load_snapshot(session_id)
    return version


def refusal(result: Any) -> str:
    """The ephemeral sentence an interaction got (as its response or, after a defer, as a followup)."""
    messages = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    assert messages, f"expected an ephemeral reply, got {result!r}"
    return str(messages[-1].content)


async def resign(member: MemberActor, channel: ChannelHandle) -> InteractionResult:
    """`/game resign`, which asks first, privately, then its "Yes, resign": the press's result (its followup is the
    channel's announcement)."""
    asked = await member.slash(channel, "game resign")
    assert asked.response is not None and asked.response.ephemeral, "resigning asks first, privately"
    return await member.click(asked.response.message, label="Yes, resign")


# ---------------------------------------------------------------- playing a real game by clicks


def action_rows(message: discord.Message) -> list[Any]:
    """The rows of buttons and selects of a message, classic or V2."""
    return [c for c in _walk_received(message.components) if isinstance(c, discord.components.ActionRow)]


def items(message: discord.Message) -> list[Any]:
    """The buttons and selects of a message, classic or V2."""
    return [c for c in _walk_received(message.components)
            if isinstance(c, discord.components.Button | discord.components.SelectMenu)]


async def stored_state(table: Table, session_id: int = 1) -> GameState:
    """The state as the database holds it (what a restarted bot would load), not the cached copy."""
    session = await table.bot.store.get_session(session_id)
    state_json, _version = await table.bot.store.load_snapshot(session_id)
    return load_state(table.bot.parts.sessions.game(session.game), state_json)


class Policy:
    """Which offered option a player clicks: the game's own seeded playout policy (still random, but it finishes a
    move that boards instead of wandering), followed step by step while its next choice is on offer. Uniform
    clicks run a Planes game to the 30-round safety valve, thousands of clicks; this ends it by the rules."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = Rng.seeded(seed)
        self.plan: list[str] = []

    def choose(self, state: GameState, decision: Decision) -> int:
        if not self.plan or decision.option(self.plan[0]) is None:
            self.plan = random_ai.plan(self.game, state, decision, self.rng, strict=True)
        choice = self.plan.pop(0)
        chosen = decision.options[[o.id for o in decision.options].index(choice)]
        # A member clicks the one entry of a choice two identical cards offer (engine.core.panel.distinct): the first.
        return next(i for i, o in enumerate(decision.options) if (o.label, o.detail) == (chosen.label, chosen.detail))


PAGE = 25  # options per select page (bot/discord/panel.py)


async def click_option(actor: MemberActor, message: discord.Message, index: int) -> InteractionResult:
    """Click option `index` of a panel the way a member does: its button or its select entry; when it is not shown,
    first the page button toward it (or the button that shows the choices privately), then on the reply."""
    for _ in range(4):
        shown = items(message)
        for item in shown:
            custom_id = item.custom_id or ""
            if custom_id.startswith("tc:") and int(custom_id.split(":")[4]) == index:
                return await actor.click(message, custom_id=custom_id)
            if custom_id.startswith("ts:") and any(o.value == str(index) for o in item.options):
                return await actor.select(message, [str(index)], custom_id=custom_id)
        pagers = [item.custom_id for item in shown if (item.custom_id or "").startswith("tp:")]
        assert pagers, f"option {index} is neither shown nor reachable on {message.id}"
        pager = min(pagers, key=lambda c: abs(int(c.split(":")[4]) - index // PAGE))
        reply = await actor.click(message, custom_id=pager)
        assert reply.response is not None and reply.response.ephemeral, "paging shows options to the clicker only"
        message = reply.response.message
    raise AssertionError(f"could not reach option {index}")


async def click_first(actor: MemberActor, message: discord.Message) -> InteractionResult:
    """Use the first component of a panel, whatever it is (for clicks that must be refused)."""
    item = items(message)[0]
    if (item.custom_id or "").startswith("ts:"):
        return await actor.select(message, [item.options[0].value], custom_id=item.custom_id)
    return await actor.click(message, custom_id=item.custom_id)


async def public_events(table: Table, *, last: int) -> list[str]:
    """The texts everyone may read of the last `last` actions' events (the log, without what went to one seat)."""
    rows = await table.bot.store.actions(1, last=last)
    return [e["text"] for row in rows for e in row.events if e.get("private_to") is None]


async def assert_engine_scores(table: Table, game: Game) -> tuple[discord.Message, GameState]:
    """The game is over as the channel shows it: 'Game over.', the session finished, and every member's score in
    'Final scores' is the engine's. Returns the final panel and the final state."""
    final = latest_panel(table.channel)
    assert prompt_of(final).startswith("Game over.")
    session = await table.bot.store.get_session(1)
    assert session.status == "finished"
    state = await stored_state(table)
    result = game.result(state)
    assert result is not None
    scores = field_of(final, "Final scores")
    for standing in result.standings:
        member = table.by_id(session.seats[standing.seat].user_id)
        assert f"{member.mention}: {standing.score}" in scores, "the final scores are the engine's"
    return final, state


# ---------------------------------------------------------------- what each member may read


def hand_picture(game: Game, state: GameState, seat: int, session: Any) -> bytes | None:
    """The hand image `seat` should get: its own view with the players' names on it (None: the game draws none)."""
    renderer = for_game(game.name)
    return renderer.render_hand(name_view(game.view(state, seat), seat_names(session))) if renderer else None


class SecretsWatch:
    """After every move, reads every new message each reader can see (the channel, the ephemeral replies only they
    see, their DMs) and checks that none shows a card id or names a card its reader may not know, that every DM
    names its game's channel, and that each DM'd hand picture is exactly its owner's view. A game's watch says which
    card names each seat may not know (`hidden`)."""

    card_id: re.Pattern[str]  # what a card's id looks like: never shown to anyone

    def __init__(self, table: Table, game: Game, readers: list[MemberActor] | None = None) -> None:
        self.table, self.game = table, game
        self.readers = readers if readers is not None else table.players
        self.seen: dict[Any, int] = {}  # channel id (or channel id, viewer) -> newest message id already checked
        self.before: GameState | None = None  # the state before the move just made
        self.panel_id = 0  # the newest panel, and what the moves it lists made public (it is edited through a turn)
        self.panel_public = ""
        self.hands_sent = 0

    def hidden(self, state: Any, public: str, seat: int | None) -> set[str]:
        """Card names `seat` (None: the channel) may not read after this move; `public` is what the move made public."""
        raise NotImplementedError

    async def check_dms(self, seat: int, state: Any, dms: list[discord.Message]) -> None:
        """A game's own checks on the DMs a seat got for this move."""

    def _new(self, channel: Any, viewer: int | None) -> list[discord.Message]:
        key = channel.id if viewer is None else (channel.id, viewer)
        found = messages_after(channel, self.seen.get(key, 0), viewer=viewer)
        if found:
            self.seen[key] = found[-1].id
        return found

    def _assert_secret_free(self, messages: list[discord.Message], hidden: set[str], where: str) -> None:
        for text in map(message_text, messages):
            assert not self.card_id.search(text), text
            assert not any(name in text for name in hidden), f"a card its reader may not know, {where}: {text}"

    async def check(self) -> GameState:
        """Checks what the last move sent; returns the stored state after it (the next move starts from it)."""
        state = await stored_state(self.table)
        # A played card is named in the log: it may show. Every action since the last check counts (one click, plus
        # the moves of any AI seats that followed it).
        since = state.version - self.before.version if self.before is not None else 1
        public = " ".join(await public_events(self.table, last=max(1, since)))
        session = await self.table.bot.store.get_session(1)
        seat_of = {s.user_id: s.seat for s in session.seats}
        channel = self.table.channel
        shown = self._new(channel, None)
        newest = latest_panel(channel)  # edited in place while a seat goes on with its turn: read it again each move
        shown += [] if any(m.id == newest.id for m in shown) else [newest]
        if newest.id != self.panel_id:
            self.panel_id, self.panel_public = newest.id, ""
        self.panel_public += " " + public  # an edited panel still lists the earlier moves of its turn
        # A panel that pings a member also retells the others' turns since their last one: what those said in the
        # channel then may show again.
        retold = " ".join(await public_events(self.table, last=len(await self.table.bot.store.actions(1))))
        self._assert_secret_free(shown, self.hidden(state, f"{self.panel_public} {retold}", None), "in the channel")
        for member in self.readers:
            seat = seat_of.get(member.id)
            hidden = self.hidden(state, public, seat)
            self._assert_secret_free(self._new(channel, member.id), hidden, f"shown to {member.name} alone")
            if seat is None:
                continue
            dms = self._new(member.user.dm_channel, None)
            self._assert_secret_free(dms, hidden, f"in {member.name}'s DMs")
            for message in dms:
                titled = f"{self.game.info.title} in #games — your hand"
                assert message.embeds[0].title == titled, "a DM names its channel"
                expected = hand_picture(self.game, state, seat, session)
                # After AI moves the DM shows the hand as it was a few moves ago (its goal marks follow the board),
                # so the byte check needs a single move since the last check.
                if expected is not None and since == 1:
                    # The picture is that seat's own view, byte for byte: its cards and no one else's.
                    assert self.table.env.backend.cdn.get(message.attachments[0].url) == expected
                self.hands_sent += 1
            await self.check_dms(seat, state, dms)
        self.before = state
        return state


async def click_choice(table: Table, seat: int, choice: str, game: str = "flight-plan") -> None:
    """As `seat`'s member, click the button of `choice` on the newest panel (found through the engine's options)."""
    state = await stored_state(table)
    decision = next(d for d in table.bot.parts.sessions.game(game).pending(state) if d.seat == seat)
    index = [o.id for o in decision.options].index(choice)
    session = await table.bot.store.get_session(1)
    assert session is not None
    member = table.by_id(session.seats[seat].user_id)
    panel = latest_panel(table.channel)
    custom = next(i.custom_id for i in items(panel) if (i.custom_id or "").split(":")[3:5] == [str(seat), str(index)])
    await member.click(panel, custom_id=custom)
