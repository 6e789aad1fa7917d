"""The turn panel: the board embed plus components for exactly the legal options of the open decision.

Every component's custom_id carries session id, state version, seat and option index (or page), so a click keeps
working after a restart (DynamicItem) and a click on an old panel is recognised as stale (Turns.check_click).
Layout: up to 20 options as buttons (4 rows of 5), up to 25 as one select menu, more as pages of 25 with Prev/Next.
"""

from __future__ import annotations

import contextlib
import io
import logging
from datetime import datetime
from typing import Any

import discord

from bot.discord.layout import BOARD_FILE, alt_text, card, gallery, note, private, text, walk
from bot.discord.limits import (
    BUTTON_LABEL,
    FIELD_VALUE,
    FILE_BYTES,
    OPTION_TEXT,
    PLACEHOLDER,
    TEXT_TOTAL,
    code_block,
    cut,
    fit,
    latest,
)
from bot.discord.lobby import play_again_view
from bot.discord.markup import timestamp
from bot.discord.reach import parts_of, payload, selected
from bot.discord.replies import refusal_text, run_for_player
from bot.discord.texts import mention_of
from bot.discord.typed import TypedButton
from bot.discord.undo import UndoButton
from bot.naming import escape, name_seats, seat_names
from bot.session import Controls, PostFailed, Refusal, TurnUpdate
from bot.session.turns import Turns
from engine.core import Decision
from engine.core.panel import PublicDecision, listed
from renderers.words import alt_text as alt_text_of

BUTTONS_MAX = 20
PAGE = 25
COLOUR = discord.Colour.from_rgb(46, 110, 190)  # a panel's accent when the acting seat has no colour of its own
KEY_TEXT = 600  # the board's key under the picture: a few sentences, never the room the prompt and summary need
SUMMARY = 1500  # characters of "what just happened" (the newest lines kept): room left for the prompt and board

log = logging.getLogger("tarmac.discord")


# A private control panel's items also carry the stamp of the decision they answer (bot/session/simultaneous.py).
_STAMP = r"(?::(?P<st>[0-9a-f]{8}))?"


def _stamped(custom_id: str, stamp: str | None) -> str:
    return f"{custom_id}:{stamp}" if stamp else custom_id


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tc:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+):(?P<idx>\d+)" + _STAMP,
):
    def __init__(self, sid: int, ver: int, seat: int, idx: int, label: str = "choose",
                 stamp: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=_stamped(f"tc:{sid}:{ver}:{seat}:{idx}", stamp),
                                           style=discord.ButtonStyle.primary))
        self.sid, self.ver, self.seat, self.idx, self.stamp = sid, ver, seat, idx, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> ChoiceButton:
        return cls(int(match["sid"]), int(match["ver"]), int(match["seat"]), int(match["idx"]), stamp=match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await choose(interaction, self.sid, self.ver, self.seat, self.idx, self.stamp)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ts:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+):(?P<page>\d+)" + _STAMP,
):
    def __init__(self, sid: int, ver: int, seat: int, page: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, stamp: str | None = None) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=_stamped(f"ts:{sid}:{ver}:{seat}:{page}", stamp),
            options=options or [discord.SelectOption(label="-")], placeholder=placeholder,
        )
        super().__init__(select)
        self.sid, self.ver, self.seat, self.stamp = sid, ver, seat, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> ChoiceSelect:
        return cls(int(match["sid"]), int(match["ver"]), int(match["seat"]), int(match["page"]), stamp=match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await choose(interaction, self.sid, self.ver, self.seat, int(selected(interaction)[0]), self.stamp)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tp:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+):(?P<page>\d+):(?P<dir>[pns])" + _STAMP,
):
    """Prev/Next: shows another page of options to the clicker only, so one player paging cannot move others'.
    Direction 's' ("Show my choices") shows the first page of a decision whose options are secret to the chooser.
    On a member's own controls it carries their decision's stamp, so other seats' moves do not make it stale."""

    def __init__(self, sid: int, ver: int, seat: int, page: int, direction: str, stamp: str | None = None) -> None:
        label = {"p": "◀ Previous", "n": "Next ▶", "s": "Show my choices"}[direction]
        super().__init__(discord.ui.Button(label=label,
                                           custom_id=_stamped(f"tp:{sid}:{ver}:{seat}:{page}:{direction}", stamp),
                                           style=discord.ButtonStyle.secondary))
        self.sid, self.ver, self.seat, self.page, self.stamp = sid, ver, seat, page, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> PageButton:
        return cls(int(match["sid"]), int(match["ver"]), int(match["seat"]), int(match["page"]), match["dir"],
                   stamp=match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        turns = parts_of(interaction).turns

        async def show() -> None:
            update = await turns.current(self.sid, interaction.user.id, version=self.ver, seat=self.seat,
                                         stamp=self.stamp)
            decision = next(d for d in update.decisions if d.seat == self.seat)
            # Stamped pages keep the version they were shown at: the stamp is what keeps them current.
            version = self.ver if self.stamp else update.version
            view = decision_view(update.session.id, version, decision, self.page, stamp=self.stamp)
            count = len(listed(decision))
            shown = f"{self.page * PAGE + 1}–{min(count, (self.page + 1) * PAGE)} of {count}"
            # Said plainly: the chooser should know the others cannot see their cards here.
            said = with_details(f"{decision.prompt.rstrip('.')}. Only you can see this message"
                                + (f" (options {shown})." if count > PAGE else "."), update.explained,
                                decision)
            # A stopped layout: discord.py would give an ephemeral view a 15-minute timer and keep it listening,
            # though its buttons are dynamic items matched by custom_id anyway.
            await interaction.response.send_message(
                **fit(view=private(said, view, seat_colour(update, self.seat))), ephemeral=True)

        await run_for_player(interaction, show, session_id=self.sid)


class ControlsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tk:(?P<sid>\d+)",
):
    """While several seats choose at once: shows the clicker their own controls, privately."""

    def __init__(self, sid: int) -> None:
        super().__init__(discord.ui.Button(label="My controls", custom_id=f"tk:{sid}",
                                           style=discord.ButtonStyle.success))
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> ControlsButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        turns = parts_of(interaction).turns

        async def show() -> None:
            controls = await turns.controls(self.sid, interaction.user.id)
            await interaction.response.send_message(**controls_message(controls), ephemeral=True)

        await run_for_player(interaction, show, session_id=self.sid)


def _timer(deadline: datetime | None) -> str:
    """Discord's relative timestamp ("in 25 seconds"), which every client counts down by itself."""
    return f" The round ends {timestamp(deadline)}." if deadline else ""


def controls_message(controls: Controls, before: str = "") -> dict[str, Any]:
    """A member's own controls: the moves legal for them now (with Done among them), refreshed in place after each
    click; once they are done, who the game still waits for. `before`: a line said first (why a click was refused)."""
    decision = controls.decision
    head = f"{before}\n" if before else ""
    accent = discord.Colour.from_rgb(*controls.colour) if controls.colour else COLOUR
    if decision is None:
        others = ", ".join(escape(n) for n in controls.waiting_for) or "nobody"
        return fit(view=private(f"{head}You are done for now; waiting for {others}.{_timer(controls.deadline)}",
                                accent=accent))
    view = decision_view(controls.session.id, controls.version, decision, stamp=controls.stamp)
    said = with_details(f"{head}{decision.prompt}{_timer(controls.deadline)} Only you can see these controls.",
                        controls.explained, decision)
    return fit(view=private(said, view, accent))


async def choose(interaction: discord.Interaction, sid: int, ver: int, seat: int, idx: int,
                 stamp: str | None = None) -> None:
    turns = parts_of(interaction).turns

    async def act() -> None:
        # Acknowledge first: rendering and posting the new board may pass Discord's 3-second deadline.
        await interaction.response.defer()
        if stamp is not None:
            await _choose_on_controls(interaction, turns, sid, ver, seat, idx, stamp)
            return
        await turns.choose(sid, interaction.user.id, version=ver, seat=seat, index=idx)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            # The private list of choices is used up: leave a note of what was picked instead of live buttons
            # that would only answer "out of date".
            picked = _label_of(message, interaction)
            # A label is plain text on its button; quoted in a message it is markdown, so its names are escaped.
            said = f"You chose: {escape(picked)}." if picked else "Done: your choice was played."
            try:
                await interaction.edit_original_response(**fit(view=note(said)))
            except discord.HTTPException:  # the move stands and the new panel is posted: no apology for a note
                log.warning("could not mark the private choices as used", extra={"session_id": sid})

    await run_for_player(interaction, act, session_id=sid)


async def _choose_on_controls(interaction: discord.Interaction, turns: Turns, sid: int, ver: int, seat: int,
                              idx: int, stamp: str) -> None:
    """A click on a member's own controls: apply it, then show their controls as they are now, in the same
    message. A refused click still refreshes them, so the next click answers what is really on offer."""
    refused: Refusal | None = None
    try:
        await turns.choose(sid, interaction.user.id, version=ver, seat=seat, index=idx, stamp=stamp)
    except PostFailed:
        raise
    except Refusal as exc:
        refused = exc
    try:
        fresh = controls_message(await turns.controls(sid, interaction.user.id),
                                 refusal_text(refused) if refused is not None else "")
        await interaction.edit_original_response(**fresh)
    except Refusal:
        pass  # the game is over or the member left it: the refusal below says so
    except discord.HTTPException:
        log.warning("could not refresh the private controls", extra={"session_id": sid})
    if refused is not None:
        raise refused


def _label_of(message: discord.Message, interaction: discord.Interaction) -> str:
    """The label of the button or select entry the member just used, read from the message they used it on."""
    data = payload(interaction)
    for item in walk(list(message.components)):
        if getattr(item, "custom_id", None) != data.get("custom_id"):
            continue
        if isinstance(item, discord.components.SelectMenu):
            values = data.get("values") or []
            return next((o.label for o in item.options if values and o.value == values[0]), "")
        return getattr(item, "label", None) or ""
    return ""


def decision_view(sid: int, ver: int, decision: Decision | PublicDecision, page: int = 0,
                  stamp: str | None = None) -> discord.ui.View:
    """Buttons (or a select with pages) for the options. A Decision lists them all (the chooser's private list); a
    PublicDecision lists what the channel may see, each option keeping its index in the decision. `stamp`: the
    decision a member's own controls answer (bot/session/simultaneous.py)."""
    view = discord.ui.View(timeout=None)
    options = decision.options if isinstance(decision, PublicDecision) else listed(decision)
    if len(options) <= BUTTONS_MAX:
        for option in options:
            view.add_item(ChoiceButton(sid, ver, decision.seat, option.index, cut(option.label, BUTTON_LABEL),
                                       stamp=stamp))
        _add_typed(view, sid, ver, decision, stamp)
        return view
    pages = (len(options) + PAGE - 1) // PAGE
    page = max(0, min(page, pages - 1))
    chunk = options[page * PAGE:(page + 1) * PAGE]
    select_options = [
        discord.SelectOption(label=cut(o.label, OPTION_TEXT), value=str(o.index),
                             description=cut(o.detail, OPTION_TEXT) or None)
        for o in chunk
    ]
    view.add_item(ChoiceSelect(sid, ver, decision.seat, page, select_options, cut(decision.prompt, PLACEHOLDER),
                               stamp))
    if page > 0:
        view.add_item(PageButton(sid, ver, decision.seat, page - 1, "p", stamp))
    if page < pages - 1:
        view.add_item(PageButton(sid, ver, decision.seat, page + 1, "n", stamp))
    _add_typed(view, sid, ver, decision, stamp)
    return view


DETAILS_TEXT = 900
"""At most this much of the options' details under a row of buttons, which (unlike a select's entries) show none."""


def button_details(explained: frozenset[str], decision: Decision | PublicDecision) -> str:
    """What each button's option does, one small line each ("Hire Spy for 5: Tier 2. Look at …"), for a decision
    shown as buttons of a kind the game explains (`explained`: its `TableFlow.explained_kinds`): a select shows these
    under its entries, a button has nowhere to. Empty for a select."""
    options = decision.options if isinstance(decision, PublicDecision) else listed(decision)
    if len(options) > BUTTONS_MAX or decision.kind not in explained:
        return ""
    kept: list[str] = []
    used = 0
    for o in options:
        line = f"-# {cut(o.label, BUTTON_LABEL)}: {o.detail}"
        if o.detail and used + len(line) + 1 <= DETAILS_TEXT:  # the first ones: they lead the rows of buttons
            kept.append(line)
            used += len(line) + 1
    return "\n".join(kept)


def with_details(said: str, explained: frozenset[str], decision: Decision | PublicDecision) -> str:
    details = button_details(explained, decision)
    return f"{said}\n{details}" if details else said


def _add_typed(view: discord.ui.View, sid: int, ver: int, decision: Decision | PublicDecision, stamp: str | None,
               row: int | None = None) -> None:
    """The "Type a price…" button of a decision that also takes a typed value, after its option buttons."""
    if decision.typed is not None and len(view.children) < 25:
        view.add_item(TypedButton(sid, ver, decision.seat, decision.typed.label, stamp=stamp, row=row))


def private_view(sid: int, ver: int, decision: PublicDecision) -> discord.ui.View:
    """A decision that may offer the chooser's own secrets (cards in hand): the channel gets one button that shows
    every option to the chooser alone, plus buttons for the options anyone may know of ("No action")."""
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(sid, ver, decision.seat, 0, "s"))
    if len(decision.options) < BUTTONS_MAX:
        for option in decision.options:
            view.add_item(ChoiceButton(sid, ver, decision.seat, option.index, cut(option.label, BUTTON_LABEL)))
    return view


ANSWER_MAX = 5
"""A decision of another seat with at most this many options (an answer to a trade offer, a bid or a pass) gets a
row of buttons of its own on the same panel, so that seat answers by button too."""


def _answers(update: TurnUpdate, main: PublicDecision) -> list[PublicDecision]:
    return [d for d in update.public if d.seat != main.seat and not _is_ai(update, d.seat) and not d.private
            and len(d.options) <= ANSWER_MAX]


def add_answer_rows(view: discord.ui.View, sid: int, ver: int, main: PublicDecision, extras: list[PublicDecision],
                    names: dict[int, str]) -> None:
    """One row per other seat's short decision, below the main decision's rows, while Discord's five rows last.
    Each button carries its seat in its custom_id and its label starts with that seat's name."""
    count = len(main.options) + (main.typed is not None)
    row = (count + 4) // 5 if len(main.options) <= BUTTONS_MAX else 1 + (1 if count > PAGE else 0)
    for extra in extras:
        if row > 4:
            break
        for option in extra.options:
            button = ChoiceButton(sid, ver, extra.seat, option.index,
                                  cut(f"{names.get(extra.seat, '')}: {option.label}", BUTTON_LABEL))
            button.item.row = row
            view.add_item(button)
        if extra.typed is not None and len(extra.options) < 5:
            name = names.get(extra.seat, "")
            typed = extra.typed.model_copy(update={"label": f"{name}: {extra.typed.label}" if name else
                                                    extra.typed.label})
            _add_typed(view, sid, ver, extra.model_copy(update={"typed": typed}), None, row=row)
        row += 1


def channel_view(sid: int, ver: int, decision: PublicDecision) -> discord.ui.View:
    """The channel's components for one open decision, from its public description only (engine.core.panel), which
    the conformance check keeps the same whatever the hidden cards are."""
    return private_view(sid, ver, decision) if decision.private else decision_view(sid, ver, decision)


Said = tuple[str, set[int], discord.ui.View | None]
"""What a panel says under its board (the mentions that notify), the seats whose member it notifies, and its
controls."""


def turn_message(update: TurnUpdate, *, live: bool = True, ended: str | None = None) -> dict[str, Any]:
    """Keyword arguments for channel.send: one V2 container (its accent the acting seat's colour) with the heading,
    what happened, the board, the prompt and, when `live`, the controls; the board file; the allowed mentions.
    Not `live`: a copy to look at (/game board), with no controls and no pings. `ended`: a superseded panel, whose
    prompt and controls give way to that note."""
    session = update.session
    if ended is not None:
        said: Said = (f"-# {ended}", set(), None)
    elif update.result is not None:
        said = _game_over(update)
    elif update.public and update.several:
        said = _everyone_chooses(update)
    elif update.public:
        said = _one_chooses(update)
    else:
        said = ("", set(), None)
    prompt, notify, controls = said
    blocks: list[discord.ui.Item[Any]] = [text(_heading(update)), *_summary(update)]
    kwargs: dict[str, Any] = {}
    if update.board_png:
        # Its alt text: the board in words, most important part first, for a member who uses a screen reader; on
        # the gallery's picture, which a V2 message shows, and on the file itself, for a client that reads that.
        alt = alt_text(session.game, update.view, update.board_words)
        kwargs["file"] = discord.File(io.BytesIO(update.board_png), filename=BOARD_FILE, description=alt)
        blocks.append(gallery(BOARD_FILE, alt))
        if update.board_key and update.result is None:
            # Small print under the picture: what its letters mean, for whoever meets the board for the first time.
            blocks.append(text(f"-# {cut(update.board_key, KEY_TEXT)}"))
    else:
        blocks.append(text(code_block(update.board_text, TEXT_TOTAL // 2, "json")))
    if prompt:
        blocks.append(text(prompt))
    if update.race is not None and ended is None:
        # The race under the game-over line: how the scores went, turn by turn (its words: the alt text).
        race = discord.File(io.BytesIO(update.race), filename=RACE_FILE, description=alt_text_of(update.race_words))
        kwargs["files"] = [f for f in (kwargs.pop("file", None),) if f] + [race]
        blocks.append(gallery(RACE_FILE, alt_text_of(update.race_words)))
    if update.replay is not None and len(update.replay) <= FILE_BYTES and ended is None:
        # The whole game under the game-over line: a media gallery plays a GIF, which Discord animates.
        replay = replay_file(update.replay, update)
        kwargs["files"] = [f for f in (kwargs.pop("file", None),) if f] + kwargs.pop("files", []) + [replay]
        blocks.append(gallery(replay.filename, replay.description or ""))
    acting = update.public[0].seat if update.public and not update.several and update.result is None else None
    layout = card(blocks, controls if live and ended is None else None, seat_colour(update, acting))
    users = [discord.Object(id=s.user_id) for s in session.seats
             if live and ended is None and s.seat in notify and s.user_id is not None and not s.is_ai]
    return fit(**kwargs, view=layout,
               allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False))


RACE_FILE = "race.png"


def replay_file(gif: bytes, update: TurnUpdate) -> discord.File:
    """The replay GIF as an attachment, described for screen readers."""
    return discord.File(io.BytesIO(gif), filename=f"game-{update.session.id}-replay.gif",
                        description=f"An animated replay of the whole game of {update.title}, turn by turn.")


def seat_colour(update: TurnUpdate, seat: int | None) -> discord.Colour:
    """The seat's colour on the board, for the accent bar of its panel and its own views; the game's own colour
    when no one seat acts or the game gives seats no colour."""
    rgb = update.colours.get(seat) if seat is not None else None
    return discord.Colour.from_rgb(*rgb) if rgb else COLOUR


def _heading(update: TurnUpdate) -> str:
    """The title and turn, then who acts, by name: the accent colour is never the only sign of whose turn it is."""
    names = seat_names(update.session)
    if update.result is not None:
        who = ""  # the game-over line under the board says it, with the winners
    elif update.several:  # no one seat acts, so the accent stays the game's own; the heading names them all
        who = "Everyone chooses at once: " + ", ".join(
            f"**{escape(names.get(d.seat, f'Seat {d.seat + 1}'))}**" for d in update.public) + "."
    elif update.public:
        who = "Now: " + ", ".join(f"**{escape(names.get(d.seat, f'Seat {d.seat + 1}'))}**" for d in update.public)
    else:
        who = ""
    # The turn as players count it, never the state's version: that counts every click and undo.
    head = f"{escape(update.title)} — {update.when}" if update.when else escape(update.title)
    return f"### {head}\n{who}".rstrip()


def _summary(update: TurnUpdate) -> list[discord.ui.Item[Any]]:
    """What happened since the last panel (and, for a member whose turn comes round, the turns before that), and
    the final scores of a finished game."""
    events = update.events
    blocks: list[discord.ui.Item[Any]] = []
    if update.result is not None:
        # The engine's summary is the game-over line; its copy among the events would only repeat it.
        plain = name_seats(update.result.summary, seat_names(update.session))
        events = [e for e in events if e != plain]
    elif update.earlier:
        blocks.append(text("**Since your last turn, before that**\n" + latest(update.earlier, FIELD_VALUE)))
    if events:
        blocks.append(text("**What just happened**\n" + latest(events, SUMMARY)))
    if update.result is not None and update.team:
        # A co-operative game has no places: each pilot's part of the team's day.
        blocks.append(text("**The team's day**\n" + "\n".join(_team_lines(update))))
    elif update.result is not None:
        blocks.append(text("**Final scores**\n" + "\n".join(_score_lines(update))))
    return blocks


def _game_over(update: TurnUpdate) -> Said:
    """The end: how it ended, for everyone (everyone wants to know); Play again where the rules settle the result
    by another game."""
    assert update.result is not None
    session = update.session
    mentions = {s.seat: mention_of(update, s.seat) for s in session.seats}
    # Why it ended first (the track filled, the stack ran out), when the summary does not say so itself.
    why = f" {update.result.ending}" if update.result.ending else ""
    content = f"Game over.{why} {name_seats(update.result.summary, mentions, markdown=False)}"
    if not update.result.play_again:
        return content, set(mentions), None
    # This game keeps the shared result as its record.
    content = f"{content}\nPress **Play again** for a new lobby here with the same seats and options."
    return content, set(mentions), play_again_view(session.id)


def _everyone_chooses(update: TurnUpdate) -> Said:
    """Everyone chooses at once: one button opens each member's own controls; the channel lists who is still
    choosing and when the round's clock runs out."""
    who = ", ".join(mention_of(update, d.seat) for d in update.public)
    content = (f"{who}: everyone chooses at once. Press **My controls** for your own moves and **Done** "
               f"when finished.{_timer(update.deadline)}")
    view = None
    if any(not _is_ai(update, d.seat) for d in update.public):
        view = discord.ui.View(timeout=None)
        view.add_item(ControlsButton(update.session.id))
    return content, {d.seat for d in update.public} - update.quiet, view


def _one_chooses(update: TurnUpdate) -> Said:
    """One decision leads the panel: its prompt and buttons (or the button that shows a chooser their secret
    options), other seats' short answers on rows of their own, and Undo when the chooser may take a step back."""
    session = update.session
    who = ", ".join(mention_of(update, d.seat) for d in update.public)
    content = f"{who}: {update.public[0].prompt}{_timer(update.deadline)}"
    notify = {d.seat for d in update.public} - update.quiet
    human = next((d for d in update.public if not _is_ai(update, d.seat)), None)
    if human is None:
        return content, notify, None
    view = channel_view(session.id, update.version, human)
    if not human.private:
        content = with_details(content, update.explained, human)
    if human.private:
        content = (f"{content}\nYour cards stay hidden from the others: press **Show my choices** to see "
                   "your options (only you will see them).")
    else:
        extras = _answers(update, human)
        add_answer_rows(view, session.id, update.version, human, extras, seat_names(session))
        for extra in extras:
            content = f"{content}\n{mention_of(update, extra.seat)}: {extra.prompt}"
    if update.undo_seat == human.seat and len(view.children) < 25:
        with contextlib.suppress(ValueError):  # no room left on a full panel: /game undo does the same
            view.add_item(UndoButton(session.id, update.version, human.seat))
    return content, notify, view


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _score_lines(update: TurnUpdate) -> list[str]:
    """Placed best first (the engine's order, which applies its tie-breaks); winners who share the win share 1st.
    Places are words ("1st"), not "1." — Discord renders "1." lines as a list and renumbers a shared first place."""
    assert update.result is not None
    winners = set(update.result.winners)
    names = seat_names(update.session)
    lines = []
    for place, standing in enumerate(sorted(update.result.standings, key=lambda r: -r.score), start=1):
        rank = 1 if standing.seat in winners else place
        line = f"{_ordinal(rank)} {mention_of(update, standing.seat)}: {standing.score}"
        lines.append(line + (f" ({name_seats(standing.detail, names)})" if standing.detail else ""))
    return lines


def _team_lines(update: TurnUpdate) -> list[str]:
    """Each seat's part of a co-operative game, in seat order, with no place."""
    assert update.result is not None
    names = seat_names(update.session)
    return [f"{mention_of(update, s.seat)}: {name_seats(s.detail, names) if s.detail else s.score}"
            for s in sorted(update.result.standings, key=lambda r: r.seat)]


def _is_ai(update: TurnUpdate, seat: int) -> bool:
    return any(s.seat == seat and s.is_ai for s in update.session.seats)


# The persistent items of this module, which the client registers so that a panel keeps working after a restart.
ITEMS = (ChoiceButton, ChoiceSelect, ControlsButton, PageButton)
