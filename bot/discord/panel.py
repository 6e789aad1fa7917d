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

from bot.discord.limits import (
    BUTTON_LABEL,
    EMBED_DESCRIPTION,
    FIELD_VALUE,
    OPTION_TEXT,
    PLACEHOLDER,
    code_block,
    cut,
    fit,
    latest,
)
from bot.discord.lobby import play_again_view
from bot.discord.markup import timestamp
from bot.discord.reach import parts_of, payload, selected
from bot.discord.replies import run_for_player
from bot.discord.texts import mention_of
from bot.discord.typed import TypedButton
from bot.discord.undo import UndoButton
from bot.naming import escape, name_seats, seat_names
from bot.session import Controls, PostFailed, Refusal, TurnUpdate
from bot.session.turns import Turns
from engine.core import Decision
from engine.core.panel import PanelOption, PublicDecision
from renderers.words import alt_text

BUTTONS_MAX = 20
PAGE = 25
COLOUR = discord.Colour.from_rgb(46, 110, 190)

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
            count = len(decision.options)
            shown = f"{self.page * PAGE + 1}–{min(count, (self.page + 1) * PAGE)} of {count}"
            # Said plainly: the chooser should know the others cannot see their cards here.
            text = (f"{decision.prompt.rstrip('.')}. Only you can see this message"
                    + (f" (options {shown})." if count > PAGE else "."))
            await interaction.response.send_message(**fit(content=text, view=view), ephemeral=True)
            # discord.py gives an ephemeral view a 15-minute timeout and keeps it listening; its buttons are dynamic
            # items matched by custom_id anyway, so stop it rather than pile up one live timer per chooser shown.
            view.stop()

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


def controls_message(controls: Controls) -> dict[str, Any]:
    """A member's own controls: the moves legal for them now (with Done among them), refreshed in place after each
    click; once they are done, who the game still waits for."""
    decision = controls.decision
    if decision is None:
        others = ", ".join(escape(n) for n in controls.waiting_for) or "nobody"
        text = f"You are done for now; waiting for {others}.{_timer(controls.deadline)}"
        return fit(content=text, view=discord.ui.View(timeout=None))
    view = decision_view(controls.session.id, controls.version, decision, stamp=controls.stamp)
    view.stop()  # dynamic items answer by custom_id; no live timer per panel shown
    text = f"{decision.prompt}{_timer(controls.deadline)} Only you can see these controls."
    return fit(content=text, view=view)


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
            text = f"You chose: {escape(picked)}." if picked else "Done: your choice was played."
            try:
                await interaction.edit_original_response(**fit(content=text, view=None))
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
        fresh = controls_message(await turns.controls(sid, interaction.user.id))
        if refused is not None:
            fresh["content"] = f"{refused.sentence}\n{fresh['content']}"
        await interaction.edit_original_response(**fit(**fresh))
    except Refusal:
        pass  # the game is over or the member left it: the refusal below says so
    except discord.HTTPException:
        log.warning("could not refresh the private controls", extra={"session_id": sid})
    if refused is not None:
        raise refused


def _label_of(message: discord.Message, interaction: discord.Interaction) -> str:
    """The label of the button or select entry the member just used, read from the message they used it on."""
    data = payload(interaction)
    for row in message.components:
        for item in getattr(row, "children", []):
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
    options = (decision.options if isinstance(decision, PublicDecision)
               else [PanelOption(index=i, label=o.label, detail=o.detail) for i, o in enumerate(decision.options)])
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
"""What a panel says above its embed, the seats whose member it notifies, and its components."""


def turn_message(update: TurnUpdate) -> dict[str, Any]:
    """Keyword arguments for channel.send: content (the mention that notifies), embed, file and components."""
    session = update.session
    embed = discord.Embed(title=f"{update.title} — move {update.version}", colour=COLOUR)
    events = update.events
    if update.result is not None:
        # The engine's summary is the headline; its copy among the events would only repeat it.
        plain = name_seats(update.result.summary, seat_names(session))
        events = [e for e in events if e != plain]
        embed.add_field(name="Final scores", value="\n".join(_score_lines(update)), inline=False)
        content, notify, view = _game_over(update)
    elif update.public and update.several:
        content, notify, view = _everyone_chooses(update)
    elif update.public:
        content, notify, view = _one_chooses(update)
    else:
        content, notify, view = "", set(), None
    if events:
        embed.insert_field_at(0, name="What just happened", value=latest(events, FIELD_VALUE), inline=False)
    if update.earlier and update.result is None:
        embed.insert_field_at(0, name="Since your last turn, before that", value=latest(update.earlier, FIELD_VALUE),
                              inline=False)
    kwargs: dict[str, Any] = {} if view is None else {"view": view}
    if update.board_png:
        # Its alt text: the board in words, most important part first, for a member who uses a screen reader.
        kwargs["file"] = discord.File(io.BytesIO(update.board_png), filename="board.png",
                                      description=alt_text(update.board_words) or None)
        embed.set_image(url="attachment://board.png")
    else:
        embed.description = code_block(update.board_text, EMBED_DESCRIPTION, "json")
    users = [discord.Object(id=s.user_id) for s in session.seats
             if s.seat in notify and s.user_id is not None and not s.is_ai]
    return fit(**kwargs, embed=embed, content=content,
               allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False))


def _game_over(update: TurnUpdate) -> Said:
    """The end: how it ended, for everyone (everyone wants to know); Play again where the rules settle the result
    by another game."""
    assert update.result is not None
    session = update.session
    mentions = {s.seat: mention_of(update, s.seat) for s in session.seats}
    content = f"Game over. {name_seats(update.result.summary, mentions, markdown=False)}"
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


def _is_ai(update: TurnUpdate, seat: int) -> bool:
    return any(s.seat == seat and s.is_ai for s in update.session.seats)
