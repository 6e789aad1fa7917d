"""What the session side hands out and expects, with no behaviour of its own: the refusal a player sees, the
updates, reminders and notices a presenter shows, and the Presenter interface the Discord layer implements. Every
part of `bot.session` may import this module; it imports none of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from pydantic import BaseModel, Field

from bot.store import Seat, SessionRow
from engine.core import Decision, Result
from engine.core.panel import PublicDecision


class Refusal(Exception):
    """Something the player asked for that cannot happen; `sentence` is shown to them and nothing changed. Plain
    text, names and typed words as written: the Discord layer escapes it where it shows it."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class PostFailed(Refusal):
    """The choice was applied and saved, but the channel did not get the new panel (the error is logged with the
    session id). The player is told so, with the way to get the panel back."""

    def __init__(self) -> None:
        super().__init__("Sorry, your move is saved but I could not post the new board. "
                         "Use /game panel to show it again.")


@dataclass
class TurnUpdate:
    """What the channel sees after a choice: public events, the board and whoever must act now."""

    session: SessionRow
    title: str
    version: int
    events: list[str]
    board_png: bytes | None
    board_text: str
    decisions: list[Decision]
    result: Result | None
    board_words: str = ""
    """The board in words (renderers/words.py), from the public view: the picture's alt text, cut, and the whole of
    `/game board text:True`. Empty when the game has no words module."""
    explained: frozenset[str] = frozenset()
    """The game's `explained_kinds`: decisions whose options' details are printed under the buttons."""
    board_key: str = ""
    """What the board's letters and marks mean (renderers/words.py `board_key`), printed small under the picture
    so that a newcomer reads the board from the panel alone. Empty when the game gives none."""
    public: list[PublicDecision] = field(default_factory=list)
    """The open decisions as the channel may show them (engine.core.panel): the channel's panel is built from these
    alone, never from `decisions`, whose options may name a chooser's hidden cards."""
    quiet: set[int] = field(default_factory=set)
    """Seats that were already called on before this update: the panel names them without notifying them again."""
    several: bool = False
    """Several seats choose at once: each member works from their own private controls, not the channel's buttons."""
    deadline: datetime | None = None
    """When the running round's clock runs out (None: no clock)."""
    replaces: int | None = None
    """The panel message this update continues (the same seat goes on with its turn): the presenter edits it in
    place, falling back to a new message if the edit fails. None: post a new message."""
    earlier: list[str] = field(default_factory=list)
    """For the member the panel calls on: the other players' turns since that member's last one, before the turn in
    `events`, one plain line a turn that names its player once (bot/session/recap.py), so they catch up from the
    message that pings them."""
    retires: int | None = None
    """An older panel message this one replaces: the presenter takes its buttons away once this one is posted."""
    undo_seat: int | None = None
    """The seat whose last choice this panel offers to take back for free (an Undo button), if any."""
    view: dict[str, Any] = field(default_factory=dict)
    """The public view the board shows, seats named: what the picture's alt text is made from."""
    colours: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """The colour the board draws each seat in (none where the game gives seats no colour of their own)."""
    replay: bytes | None = None
    """The final message's animated GIF of the whole game (renderers.replay), if the game has pictures."""
    race: bytes | None = None
    """The final message's race chart, each seat's score turn by turn (bot.session.coach), as PNG."""
    race_words: str = ""
    """The race chart in words: its alt text."""
    team: bool = False
    """The seats play together against the game (Now Boarding): its end is the team's day, with no places."""
    when: str = ""
    """The turn the game is in, as players count turns ("Turn 5 · round 2"; engine.core.turns.turn_name): the
    panel's heading says it, as the log, the replays and the board do. Empty for a game that numbers none."""


@dataclass
class Controls:
    """One member's own controls while several seats choose at once: their open decision (None: they are done for
    now), the version and stamp its buttons carry, and the round's deadline."""

    session: SessionRow
    seat: int
    version: int
    decision: Decision | None
    stamp: str
    deadline: datetime | None
    waiting_for: list[str]
    colour: tuple[int, int, int] | None = None
    """The seat's colour on the board, for the accent bar of the controls (None: the game's own)."""
    explained: frozenset[str] = frozenset()
    """The game's `explained_kinds`: decisions whose options' details are printed under the buttons."""


@dataclass
class PrivateUpdate:
    """What one seat alone may see: its view (image or text) and the events only it may read."""

    session: SessionRow
    title: str
    seat: Seat
    events: list[str]
    hand_png: bytes | None
    hand_text: str
    hand_words: str = ""
    """The hand in words, from this seat's view: the picture's alt text or, with `hand_png` None, the hand itself
    (the member asked for words, or set text boards on). Empty when the game has no words module."""
    what: str = "your hand"
    """The message's title after the game's: the game's private view, or "for you" when it has none (events only)."""


@dataclass
class LogLine:
    """One turn of the game log: its number (None for an undo line), who played it, and what everyone saw."""

    turn: int | None
    who: str
    text: str
    name: str = ""
    """The turn as players read it ("Turn 5 · round 2"); empty for an undo line."""


@dataclass
class Reminder:
    """A call to the members a game waits for: after a quiet period, on another player's nudge, or before their turn
    deadline ends."""

    session: SessionRow
    title: str
    user_ids: list[int]
    prompt: str
    quiet_for: timedelta
    nudged_by: int | None = None
    deadline: datetime | None = None
    """A warning that the turn deadline is near: when it ends..."""
    answer: str | None = None
    """...and the label of the answer the game then gives for the member (a pass, a decline); None: the AI plays the
    turn for them."""
    since: datetime | None = None
    """When the wait began (shown as a Discord timestamp, which each reader's client counts in their own zone)."""


@dataclass
class DeadlinePassed:
    """A member's turn deadline ended and the AI plays that turn for seat `name`; `handed`: after `missed` in a row, the
    AI keeps the seat until they rejoin."""

    session: SessionRow
    user_id: int
    name: str
    missed: int
    handed: bool


@dataclass
class DeadlineAnswered:
    """The deadline ended on decisions the game answers itself: per seat, the label of the answer it gave."""

    session: SessionRow
    answers: dict[int, str]


@dataclass
class Abandoned:
    """Nobody has moved for `quiet_for`, so the reminders stop; the host is told once."""

    session: SessionRow
    title: str
    quiet_for: timedelta


@dataclass
class LateRoundEnd:
    """A round's clock ran out at `ended` while the bot was offline, so the round ends now, as it would have then."""

    session: SessionRow
    ended: datetime


Notice = DeadlinePassed | DeadlineAnswered | Abandoned | LateRoundEnd
"""What the channel is told of the game's own course (not a move's events); the Discord layer words it."""


def describe(span: timedelta) -> str:
    """'12 hours', '1 day and 3 hours', '40 minutes': how long a game has waited, in words."""
    minutes = int(span.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((days, "day"), (hours, "hour")) if n]
    if not days and mins and hours < 2:
        parts.append(f"{mins} minute{'s' if mins != 1 else ''}")
    return " and ".join(parts[:2]) or "a moment"


class UndoRequest(BaseModel):
    """An open request for undo by consent (kept in the session's bookkeeping until answered or overtaken)."""

    by: int
    """The member who asked."""
    turn: int
    target: int
    """The state version the game returns to (the state before the named turn's first choice)."""
    version: int
    """The state version the request was made at: any move since makes it void."""
    waiting: list[int]
    """The members whose answer is still missing."""
    accepted: list[int] = Field(default_factory=list)


class Presenter(Protocol):
    async def show_turn(self, update: TurnUpdate) -> None:
        """Post the panel; with `update.replaces`, edit that message in place instead (a new one if the edit fails)."""
        ...

    async def send_private(self, update: PrivateUpdate) -> bool:
        """Deliver privately (a DM); False when the member does not accept DMs."""
        ...

    async def dms_closed(self, session: SessionRow, user_id: int) -> None:
        """Tell the channel, without anything private, that this member should open DMs or use /game hand."""
        ...

    async def remind(self, reminder: Reminder) -> None: ...

    async def notify(self, notice: Notice) -> None:
        """Tell the game's channel, notifying exactly the members the notice is for."""
        ...

    async def retire(self, session: SessionRow, message_id: int, text: str) -> None:
        """Take the buttons off an old panel message, saying why in `text`."""
        ...

    async def show_analysis(self, session: SessionRow, chart: Any) -> None:
        """Post a finished game's chances chart (bot.session.coach.Chart) with its turning points, after its final
        message."""
        ...

    async def ask_undo(self, session: SessionRow, request: UndoRequest) -> None:
        """Post the request, saying who asks to go back to which turn, with Accept and Decline buttons, notifying the
        members it waits for."""
        ...
