"""The lobby message: who sits where, the game's seat limits and options, and the buttons to fill it.

Buttons and option selects are DynamicItems keyed by session id, so a lobby survives a restart too. Row 0 holds the
lobby buttons; the other four rows show the game's options, and once the lobby has an AI seat the last row holds a menu
of AI levels instead. When the options do not fit (more than the free rows, or one the host may type), they come in
pages and the row under them holds the page button and a "Type a value" button per option that needs one (free text,
or more choices than a select shows). /game host option sets any of them too, /game host ai an AI's level. Each
option's menu ends with "About this option": picked by anyone, it explains the option to them alone and sets nothing.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.discord.layout import card, text, walk
from bot.discord.limits import (
    BUTTON_LABEL,
    INPUT_LABEL,
    INPUT_PLACEHOLDER,
    MODAL_TITLE,
    OPTION_TEXT,
    PLACEHOLDER,
    cut,
    fit,
)
from bot.discord.markup import mention
from bot.discord.reach import panel_channel, parts_of, payload, selected
from bot.discord.replies import run_for_player, tell
from bot.discord.resign import ask_to_resign
from bot.discord.server_checks import check_may_open
from bot.discord.texts import OPTIONS_TOPIC, option_help, option_label, seat_label
from bot.naming import escape
from bot.session import PostFailed, Refusal, Seat, SessionRow
from bot.session.ai_levels import level_of, other_levels
from bot.session.lobby import lobby_specs
from bot.session.server_settings import server_settings
from engine.core import Game, GameOptionSpec
from engine.core.ai import levels
from engine.core.ai.hooks import ai_for

COLOUR = discord.Colour.from_rgb(240, 170, 40)
ACTIONS = {"join": "Join", "leave": "Leave", "ai": "Add AI", "start": "Start", "cancel": "Cancel"}
STYLES = {"join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
          "cancel": discord.ButtonStyle.danger}


async def may_manage(interaction: discord.Interaction) -> bool:
    """Whether the member counts as managing this channel's games beside their host: they may manage the channel, or
    hold the server's host role (/tarmac settings host_role), read anew each time so a change holds at once."""
    perms = getattr(interaction, "permissions", None)
    if perms and perms.manage_channels:
        return True
    if not interaction.guild_id:
        return False
    settings = await server_settings(parts_of(interaction).store, interaction.guild_id)
    return settings.hosts_anywhere(role_ids(interaction.user))


def role_ids(user: discord.User | discord.Member) -> list[int]:
    return [role.id for role in getattr(user, "roles", [])]


def lobby_texts(session: SessionRow, game: Game, values: dict[str, str] | None = None) -> list[str]:
    """The lobby's words: heading and host, the seats, the options, and (while open) how the host sets them."""
    status = {"lobby": "Waiting for players", "active": "Started", "cancelled": "Cancelled"}.get(
        session.status, session.status)
    # Names, not mentions: the lobby pings nobody, and a client that has not met a member shows a mention as
    # "@unknown" (the sandbox's page showed raw ids).
    host = next((escape(s.name) for s in session.seats if s.user_id == session.host_id and not s.is_ai),
                mention(session.host_id))
    info = game.info
    what = f"{info.tagline[:1].upper()}{info.tagline[1:]}. " if info.tagline else ""
    head = (f"### {escape(info.title)} — lobby\n{what}{status}. {info.min_players}–{info.max_players} players. "
            f"Host: {host}.")
    seats = "\n".join(f"{s.seat + 1}. {seat_label(s)}" for s in session.seats) or "nobody yet"
    values = values if values is not None else session.options
    # Each value cut on its own (a custom layout may run to thousands of characters), so every option still shows.

    def shown(spec: GameOptionSpec) -> str:  # a seat's name is markdown here, as a value typed by the host is
        return escape(cut(option_label(spec, values.get(spec.key, spec.default), session.seats), VALUE))

    options = "\n".join(f"{escape(spec.label)}: **{shown(spec)}**" for spec in lobby_specs(game))
    said = [head, f"**Seats ({len(session.seats)}/{game.info.max_players})**\n{seats}"]
    if options:
        said.append(f"**Options**\n{options}")
    if session.status == "lobby":
        said.append("-# The host sets the options with the menus below or with /game host option; each menu's last "
                    "entry, About this option, says what it does and which choices are house rules (all of them: "
                    f"/game rules topic:{OPTIONS_TOPIC}). /game host deadline changes the turn deadline after the "
                    f"start too. A new AI plays at {levels.LABELS[levels.default_for(game)]}; the AI level menu or "
                    "/game host ai changes it, in the lobby or during the game.")
    return said


VALUE = 600  # characters of one option's value in the lobby's text

OPTION_ROWS = 4  # rows 1-4: row 0 holds the lobby buttons
AI_ROW = 4  # with an AI seat in the lobby, its level menu takes the last row from the options
SELECT_MAX = 25  # entries a select menu may hold
CHOICES_SHOWN = SELECT_MAX - 1  # an option's menu: its choices, then "About this option"
ABOUT = "?about"
"""The value of a lobby menu's "About this option" entry (no engine's option value starts with "?"). Picked, it is
shown again under the other of two values (ABOUT_AGAIN): a client keeps showing a picked entry as the menu's value
while that entry is still on offer, so the lobby shown again after an answer offers it under another value, and the
menu goes back to the option's own value."""
ABOUT_AGAIN = "?about."


def needs_typing(spec: GameOptionSpec) -> bool:
    """A value a select cannot offer: the engine accepts free text, or there are more choices than fit."""
    return bool(spec.free_text) or len(spec.choices) > CHOICES_SHOWN


def has_ai(session: SessionRow) -> bool:
    return any(s.is_ai for s in session.seats)


def option_rows(ai: bool) -> int:
    """Rows the options may use: all four, or three once the AI level menu takes the last one."""
    return OPTION_ROWS - 1 if ai else OPTION_ROWS


def option_pages(game: Game, ai: bool = False) -> list[list[GameOptionSpec]]:
    """The options by page. Paged, a page leaves its last free row to the page and "Type a value" buttons."""
    specs, rows = lobby_specs(game), option_rows(ai)
    if len(specs) <= rows and not any(needs_typing(s) for s in specs):
        return [specs]
    per_page = rows - 1
    return [specs[i:i + per_page] for i in range(0, len(specs), per_page)]


def page_of(game: Game, key: str, ai: bool = False) -> int:
    return next((n for n, page in enumerate(option_pages(game, ai)) if any(s.key == key for s in page)), 0)


def shown_page(message: discord.Message | None) -> int:
    """The options page a lobby message shows (its page button says), so an edit keeps the host where they were."""
    for item in walk(list(getattr(message, "components", None) or [])):
        found = re.fullmatch(r"tlp:\d+:(\d+)", getattr(item, "custom_id", None) or "")
        if found:
            return int(found[1])
    return 0


def _select_options(spec: GameOptionSpec, current: str, seats: list[Seat] | None = None,
                    about: str = ABOUT) -> list[discord.SelectOption]:
    """The option's choices (the default one says so), then "About this option": where the host picks a value,
    what it means (which choices are house rules, and why) is one entry away, for anyone who wonders. The value it
    is set to carries the option's name ("Turn deadline: Off"): a menu shows that entry as its value, and a page of
    bare values ("Off", "Random", "Rated with 2+ members") did not say which was which. `about`: the value the
    "About this option" entry goes by (ABOUT, or ABOUT_AGAIN once it was picked)."""
    choices = spec.choices[:CHOICES_SHOWN]
    if len(spec.choices) > CHOICES_SHOWN and all(c.value != current for c in choices):
        # The current value stays visible; the rest can be typed (the "Type a value" button, /game host option).
        chosen = [c for c in spec.choices if c.value == current]
        choices = spec.choices[:CHOICES_SHOWN - len(chosen)] + chosen

    def label(value: str) -> str:
        shown = option_label(spec, value, seats)
        return f"{spec.label}: {shown}" if value == current else shown

    return [*(discord.SelectOption(label=cut(label(c.value), OPTION_TEXT), value=c.value[:OPTION_TEXT],
                                   description="The default" if c.value == spec.default else None,
                                   default=c.value == current) for c in choices),
            discord.SelectOption(label="About this option", value=about, emoji="\N{INFORMATION SOURCE}",
                                 description=cut(spec.help, OPTION_TEXT) or "What it does and its choices")]


def lobby_view(session: SessionRow, game: Game, page: int = 0, values: dict[str, str] | None = None,
               asked: str | None = None) -> discord.ui.View | None:
    """The lobby's controls. `asked`: the option whose "About this option" was just picked; its menu offers that
    entry under its other value (ABOUT), so the member's client shows the option's value again."""
    if session.status != "lobby":
        return None
    values = values if values is not None else session.options
    view = discord.ui.View(timeout=None)
    for key in ACTIONS:
        view.add_item(LobbyButton(session.id, key))
    ai = has_ai(session)
    pages = option_pages(game, ai)
    page %= len(pages)
    for row, spec in enumerate(pages[page], start=1):
        current = values.get(spec.key, spec.default)
        # What a menu shows when no entry is picked: the option's name and value, as its picked entry says them.
        label = f"{spec.label}: {option_label(spec, current, session.seats)}"
        about = ABOUT_AGAIN if asked == spec.key else ABOUT
        view.add_item(LobbyOption(session.id, spec.key, _select_options(spec, current, session.seats, about), label,
                                  row))
    # Right under the page's options: a select wrapped in a DynamicItem loses its row, so the AI level menu takes
    # the first free row, and must find the page button's row already taken on a page with fewer options.
    button_row = min(option_rows(ai), 1 + len(pages[page]))
    if len(pages) > 1:
        view.add_item(OptionPager(session.id, page, len(pages), row=button_row))
    for spec in pages[page]:
        if needs_typing(spec):
            view.add_item(TypeOptionButton(session.id, spec.key, spec.label, row=button_row))
    if ai:
        view.add_item(AILevelSelect(session.id, ai_level_choices(session)))
    return view


def ai_level_choices(session: SessionRow) -> list[discord.SelectOption]:
    """Each AI seat of the lobby with each level it does not play at yet: only changes a host can make."""
    return [discord.SelectOption(label=cut(f"{s.name} (seat {s.seat + 1}): {levels.LABELS[level_of(s)]} → "
                                           f"{levels.LABELS[level]}", OPTION_TEXT), value=f"{s.seat + 1}:{level}")
            for s in session.seats if s.is_ai for level in other_levels(s)][:SELECT_MAX]


def lobby_message(session: SessionRow, game: Game, page: int = 0,
                  values: dict[str, str] | None = None, asked: str | None = None) -> dict[str, Any]:
    """`values`: what each of `lobby_specs` is set to (Lobby.values); None: the game's options alone,
    the others at their defaults (a lobby just opened). `asked`: see lobby_view."""
    blocks: list[discord.ui.Item[Any]] = [text(t) for t in lobby_texts(session, game, values)]
    return fit(view=card(blocks, lobby_view(session, game, page, values, asked), COLOUR),
               allowed_mentions=discord.AllowedMentions.none())


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tl:(?P<sid>\d+):(?P<act>[a-z]+)"):
    def __init__(self, sid: int, action: str) -> None:
        super().__init__(discord.ui.Button(label=ACTIONS.get(action, action), custom_id=f"tl:{sid}:{action}",
                                           style=STYLES.get(action, discord.ButtonStyle.secondary), row=0))
        self.sid, self.action = sid, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> LobbyButton:
        return cls(int(match["sid"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_for_player(interaction, lambda: lobby_action(interaction, self.sid, self.action),
                             session_id=self.sid)


class LobbyOption(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"to:(?P<sid>\d+):(?P<key>[\w.-]+)"):
    def __init__(self, sid: int, key: str, options: list[discord.SelectOption] | None = None,
                 label: str = "", row: int = 1) -> None:
        super().__init__(discord.ui.Select(custom_id=f"to:{sid}:{key}"[:100],
                                           placeholder=cut(label, PLACEHOLDER) or None,
                                           options=options or [discord.SelectOption(label="-")], row=row))
        self.sid, self.key = sid, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> LobbyOption:
        return cls(int(match["sid"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            value = (selected(interaction) or [""])[0]
            if value in (ABOUT, ABOUT_AGAIN):
                await explain_option(interaction, self.sid, self.key, again=value == ABOUT)
                return
            session = await parts.lobby.set_option(self.sid, interaction.user.id, self.key, str(value),
                                                   manager=await may_manage(interaction))
            await interaction.response.edit_message(
                **lobby_message(session, parts.sessions.game(session.game), shown_page(interaction.message),
                                await parts.lobby.values(session)))

        await run_for_player(interaction, act, session_id=self.sid)


async def explain_option(interaction: discord.Interaction, sid: int, key: str, *, again: bool = True) -> None:
    """A lobby menu's "About this option", for anyone: the lobby is shown again with that entry under its other
    value (so the menu shows the option's value again, not the entry picked), and the member alone reads what the
    option does. `again`: the entry picked went by ABOUT (it comes back as ABOUT_AGAIN), else the other way."""
    parts = parts_of(interaction)
    session = await parts.sessions.fresh(sid)
    game = parts.sessions.game(session.game)
    spec = next((s for s in lobby_specs(game) if s.key == key), None)
    if spec is None:
        raise Refusal("That setting no longer exists.")
    values = await parts.lobby.values(session)
    await interaction.response.edit_message(**lobby_message(session, game, shown_page(interaction.message), values,
                                                            asked=key if again else None))
    await interaction.followup.send(**fit(content=option_help(spec, values.get(spec.key, spec.default))),
                                    ephemeral=True)


class OptionPager(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tlp:(?P<sid>\d+):(?P<page>\d+)"):
    """Shows the next page of options in the lobby message (the custom_id holds the page shown now)."""

    def __init__(self, sid: int, page: int, pages: int = 0, row: int = OPTION_ROWS) -> None:
        label = f"Options {page + 1}/{pages} ▸" if pages else "Options ▸"
        super().__init__(discord.ui.Button(label=label, custom_id=f"tlp:{sid}:{page}", row=row))
        self.sid, self.page = sid, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> OptionPager:
        return cls(int(match["sid"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            # Paging changes what everyone sees, and only the host can use what it shows.
            manager = await may_manage(interaction)
            session = await parts.lobby.options_lobby(self.sid, interaction.user.id, manager=manager)
            await interaction.response.edit_message(
                **lobby_message(session, parts.sessions.game(session.game), self.page + 1,
                                await parts.lobby.values(session)))

        await run_for_player(interaction, act, session_id=self.sid)


class TypeOptionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                       template=r"tlt:(?P<sid>\d+):(?P<key>[\w.-]+)"):
    """Opens a form where the host types an option's value (free text, or a choice the select cannot hold)."""

    def __init__(self, sid: int, key: str, label: str = "", row: int = OPTION_ROWS) -> None:
        super().__init__(discord.ui.Button(label=cut(f"Type a value: {label or key}", BUTTON_LABEL),
                                           custom_id=f"tlt:{sid}:{key}"[:100], row=row))
        self.sid, self.key = sid, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> TypeOptionButton:
        return cls(int(match["sid"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            manager = await may_manage(interaction)
            session = await parts.lobby.options_lobby(self.sid, interaction.user.id, manager=manager)
            spec = next((s for s in lobby_specs(parts.sessions.game(session.game)) if s.key == self.key), None)
            if spec is None:
                raise Refusal("That setting no longer exists.")
            values = await parts.lobby.values(session)
            await interaction.response.send_modal(option_form(self.sid, spec, values.get(spec.key, spec.default)))

        await run_for_player(interaction, act, session_id=self.sid)


TYPED_MAX = 1000  # characters the "Type a value" form takes (a custom layout is far shorter)
FORM = re.compile(r"tlm:(?P<sid>\d+):(?P<key>[\w.-]+)")


def option_form(sid: int, spec: GameOptionSpec, current: str) -> discord.ui.Modal:
    """The form behind "Type a value". Its answer is handled by its custom_id (answer_form), like a DynamicItem:
    the form is stopped before it is sent so discord.py keeps no copy in memory, and a restart while the host is
    typing loses nothing."""
    form = discord.ui.Modal(title=cut(spec.label, MODAL_TITLE), custom_id=f"tlm:{sid}:{spec.key}"[:100])
    # A value too long for the form is not shown in it: sent back cut, it would quietly replace the whole one.
    typed = all(c.value != current for c in spec.choices) and len(current) <= TYPED_MAX
    example = spec.free_text or ", ".join(c.value for c in spec.choices)
    form.add_item(discord.ui.TextInput(
        label=cut(spec.label, INPUT_LABEL), custom_id="value",
        style=discord.TextStyle.paragraph if spec.free_text else discord.TextStyle.short,
        placeholder=cut(f"e.g. {example}", INPUT_PLACEHOLDER), default=current if typed else None,
        max_length=TYPED_MAX))
    form.stop()
    return form


def typed_text(components: list[Any]) -> str:
    """The text input's value in a form's answer, whether Discord wraps it in an action row or a label."""
    for node in components:
        if node.get("custom_id") == "value" and "value" in node:
            return str(node["value"])
        inner = node.get("components") or ([node["component"]] if "component" in node else [])
        found = typed_text(inner)
        if found:
            return found
    return ""


async def answer_form(interaction: discord.Interaction) -> None:
    """Set the option a "Type a value" form was for (any other interaction is left alone). The value goes through
    the same call as a select, so the engine judges it."""
    data = payload(interaction)
    match = FORM.fullmatch(str(data.get("custom_id", "")))
    if interaction.type != discord.InteractionType.modal_submit or match is None:
        return
    parts = parts_of(interaction)
    sid, key = int(match["sid"]), match["key"]

    async def act() -> None:
        session = await parts.lobby.set_option(sid, interaction.user.id, key, typed_text(data.get("components", [])),
                                               manager=await may_manage(interaction))
        game = parts.sessions.game(session.game)
        await interaction.response.edit_message(
            **lobby_message(session, game, page_of(game, key, has_ai(session)), await parts.lobby.values(session)))

    await run_for_player(interaction, act, session_id=sid)


class CancelConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tcc:(?P<sid>\d+)"):
    """The "Yes, cancel the game" button of the confirmation a started game's cancel asks for."""

    def __init__(self, sid: int) -> None:
        super().__init__(discord.ui.Button(label="Yes, cancel the game", custom_id=f"tcc:{sid}",
                                           style=discord.ButtonStyle.danger))
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> CancelConfirm:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            # The question gives way at once (cancelling can take a moment), then says how it ended: a reply left
            # at "Cancelling…" reads as if it were still under way.
            await interaction.response.edit_message(**fit(content="Cancelling…", view=None))
            try:
                await parts.lobby.cancel(self.sid, interaction.user.id, manager=await may_manage(interaction))
            except BaseException:
                await interaction.edit_original_response(**fit(content="The game was not cancelled.", view=None))
                raise
            await interaction.edit_original_response(**fit(content="You cancelled this game.", view=None))
            await interaction.followup.send(**fit(content=f"{interaction.user.mention} cancelled the game."))

        await run_for_player(interaction, act, session_id=self.sid)


def confirm_view(sid: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CancelConfirm(sid))
    return view


class AILevelButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"tll:(?P<sid>\d+):(?P<seat>\d+):(?P<level>[a-z]+)"):
    """Sets how well an AI seat of the lobby plays; offered to the host alone when the AI joins."""

    def __init__(self, sid: int, seat: int, level: str, current: bool = False) -> None:
        # The level it plays at now is marked and cannot be clicked: only a change is offered.
        super().__init__(discord.ui.Button(label=levels.LABELS.get(level, level), custom_id=f"tll:{sid}:{seat}:{level}",
                                           style=discord.ButtonStyle.primary if current
                                           else discord.ButtonStyle.secondary, disabled=current))
        self.sid, self.seat, self.level = sid, seat, level

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> AILevelButton:
        return cls(int(match["sid"]), int(match["seat"]), match["level"])

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            session = await parts.lobby.set_ai_level(self.sid, interaction.user.id, self.seat, self.level,
                                                     manager=await may_manage(interaction))
            game = parts.sessions.game(session.game)
            await interaction.response.edit_message(**ai_level_message(session, game, self.seat))
            await refresh_lobby(interaction, session)

        await run_for_player(interaction, act, session_id=self.sid)


def ai_level_message(session: SessionRow, game: Game, seat_number: int) -> dict[str, Any]:
    """The host's private chooser for one AI seat's level (seat_number counts from 1)."""
    seat = next(s for s in session.seats if s.seat == seat_number - 1)
    current = level_of(seat)
    view = discord.ui.View(timeout=None)
    for level in levels.LEVELS:
        view.add_item(AILevelButton(session.id, seat_number, level, current=level == current))
    default = " (what a new AI plays at)" if current == levels.default_for(game) else ""
    text = (f"{escape(seat.name)} (seat {seat_number}) plays at **{levels.LABELS[current]}**{default}. Easy plays "
            "the game's simple policy; Normal and Hard think ahead (Hard up to a second a move). Pick another here; "
            "the lobby's AI level menu and /game host ai change it later, during the game too.")
    if not ai_for(game).search_beats_policy:  # say so rather than let a host pick Hard expecting a stronger opponent
        text += (f" In {game.info.title} thinking ahead has not yet been shown to beat the simple policy, "
                 "so Normal and Hard may play no better than Easy.")
    return fit(content=text, view=view)


class AILevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tla:(?P<sid>\d+)"):
    """The lobby's menu of AI levels: each AI seat with each level it could change to (host only; the answer is
    private, and the lobby shows the new level)."""

    def __init__(self, sid: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"tla:{sid}", placeholder="Change an AI's level",
                                           options=options or [discord.SelectOption(label="-")], row=AI_ROW))
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> AILevelSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            value = (selected(interaction) or [""])[0]
            seat, _sep, level = value.partition(":")
            if not seat.isdigit():
                raise Refusal("That menu is out of date; use the lobby's newest one.")
            session = await parts.lobby.set_ai_level(self.sid, interaction.user.id, int(seat), level,
                                                     manager=await may_manage(interaction))
            await interaction.response.edit_message(
                **lobby_message(session, parts.sessions.game(session.game), shown_page(interaction.message),
                                await parts.lobby.values(session)))
            changed = next(s for s in session.seats if s.seat == int(seat) - 1)
            await interaction.followup.send(
                **fit(content=f"{escape(changed.name)} (seat {seat}) now plays at {levels.LABELS[level_of(changed)]}."),
                ephemeral=True)

        await run_for_player(interaction, act, session_id=self.sid)


class PlayAgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tpa:(?P<sid>\d+)"):
    """On the final panel of a game whose rules settle its result by another game (a complete tie in Planes):
    opens a new lobby in the channel with the same seats and options, which the host starts."""

    def __init__(self, sid: int) -> None:
        super().__init__(discord.ui.Button(label="Play again", custom_id=f"tpa:{sid}",
                                           style=discord.ButtonStyle.primary))
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> PlayAgainButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            manager = await may_manage(interaction)
            # A new lobby like any other: the server's settings may have closed this channel to games since.
            await check_may_open(interaction, interaction.channel, manager=manager)
            session = await parts.lobby.play_again(self.sid, interaction.user.id, manager=manager)
            game = parts.sessions.game(session.game)
            await interaction.response.send_message(**lobby_message(session, game, 0,
                                                                    await parts.lobby.values(session)))
            message = await interaction.original_response()
            await parts.store.set_messages(session.id, board_message_id=None, panel_message_id=message.id)

        await run_for_player(interaction, act, session_id=self.sid)


def play_again_view(sid: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PlayAgainButton(sid))
    return view


ITEMS = (LobbyButton, LobbyOption, OptionPager, TypeOptionButton, CancelConfirm, AILevelButton, AILevelSelect,
               PlayAgainButton)
"""The lobby's DynamicItem classes, for the client to register (so their clicks work after a restart)."""


async def lobby_action(interaction: discord.Interaction, sid: int, action: str) -> None:
    """Join / leave / add AI / start / cancel, shared by the buttons and the slash commands."""
    parts = parts_of(interaction)
    user = interaction.user
    manager = await may_manage(interaction)
    from_button = interaction.type == discord.InteractionType.component
    if action == "start":
        if from_button:
            await interaction.response.defer()
        else:
            await interaction.response.send_message(**fit(content="Starting the game…"))
        try:
            session = await parts.lobby.start(sid, user.id, manager=manager)
        except PostFailed:
            # The game did start; only its first panel is missing. The lobby must stop offering Start.
            fresh = await parts.store.get_session(sid)
            if fresh is not None:
                await refresh_lobby(interaction, fresh)
            raise
        await refresh_lobby(interaction, session)
        return
    if action == "join":
        session = await parts.lobby.join(sid, user.id, user.display_name)
    elif action == "leave":
        session = await parts.lobby.leave(sid, user.id)
    elif action == "ai":
        session = await parts.lobby.add_ai(sid, user.id, manager=manager)
    elif action == "cancel":
        current = await parts.store.get_session(sid)
        if current is not None and current.status == "active":
            if await parts.lobby.cancel_resigns(sid, user.id, manager=manager):
                # A rated game's loss must not vanish with a cancel: the canceller resigns instead (asked first).
                await interaction.response.send_message(**ask_to_resign(current, user.id, cancelling=True),
                                                        ephemeral=True)
                return
            # A started game is many people's days of play: one command must not end it by accident.
            await interaction.response.send_message(
                **fit(content="This game has started: cancelling ends it for everyone (its record stays in /game "
                              "history). Cancel it?", view=confirm_view(sid)), ephemeral=True)
            return
        session = await parts.lobby.cancel(sid, user.id, manager=manager)
    else:
        raise Refusal("That lobby button no longer exists.")
    game = parts.sessions.game(session.game)
    if from_button:
        await interaction.response.edit_message(
            **lobby_message(session, game, shown_page(interaction.message), await parts.lobby.values(session)))
    else:
        await tell(interaction, {"join": "You joined the lobby.", "leave": "You left the lobby.",
                                 "ai": "An AI player joined.", "cancel": "The game is cancelled."}[action],
                   ephemeral=action not in ("cancel", "ai"))
        await refresh_lobby(interaction, session)
    if action == "ai":  # the new AI's level, picked by whoever added it, privately
        await interaction.followup.send(**ai_level_message(session, game, session.seats[-1].seat + 1),
                                        ephemeral=True)


async def refresh_lobby(interaction: discord.Interaction, session: SessionRow, page: int = 0) -> None:
    """Bring the lobby message up to date after a change that did not come from its own buttons."""
    parts = parts_of(interaction)
    if session.panel_message_id is None or interaction.channel is None:
        return
    fresh = await parts.store.get_session(session.id)
    if fresh is None:
        return
    message = panel_channel(interaction.channel).get_partial_message(session.panel_message_id)
    # If the lobby message was deleted the game goes on without it.
    with contextlib.suppress(discord.HTTPException):
        await message.edit(**lobby_message(fresh, parts.sessions.game(fresh.game), page,
                                           await parts.lobby.values(fresh)))
