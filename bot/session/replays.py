"""Replays and records of a game, from its action log: the GIF of the whole game that the final message carries,
`/game replay` (a past game of the channel, a stretch of the current one, or the turns since a member's own last
move) and `/game export` (the portable record, engine.core.record).

The log is replayed through `History` (undo lines and all, as /game log reads it) and the GIF drawn by
renderers.replay from public views only, both in a worker thread: a long game takes seconds, and the clicks of
other games must not wait behind it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.naming import name_seats, name_view, seat_names
from bot.session.sessions import DONE, seats_of
from bot.session.types import Refusal
from bot.session.undo import History
from bot.store import ActionRow, SessionRow, Store
from engine.core import Event, Game, IllegalAction
from engine.core.record import GameRecord, RecordChoice, RecordEnd, RecordSeat, digest, sealed
from engine.core.turns import Step, Turn, group, turn_name
from renderers import GameRenderer
from renderers.replay import Fitted, Frame, fitted, frames, gif

OLDER_RULES = ("This game was played under older rules that its moves no longer follow, so it cannot be played "
               "again from its log.")


@dataclass
class Replay:
    """A replay GIF and what it shows: the turns `first` to `last` (0 and 0: no turn yet, the start alone)."""

    gif: bytes
    frames: int
    first: int
    last: int
    turns: int
    """How many turns the game has had."""
    headings: list[str] = field(default_factory=list)
    """Each frame's caption heading, first frame first: what the GIF says of each turn."""


def turns_of(engine: Game, session: SessionRow, rows: list[ActionRow]) -> tuple[History, list[Turn]]:
    """The log replayed and grouped into turns, numbered as /game log numbers them."""
    history = History(engine, session, rows)
    steps = [Step(s.row.seat, s.row.choice, [Event.model_validate(e) for e in s.row.events], s.before, s.after)
             for s in history.steps]
    return history, group(engine, steps, [s.turn for s in history.steps])


def size_text(count: int) -> str:
    """Bytes as a member reads a file size: "9.5 MB", "640 KB"."""
    return f"{count / 2**20:.1f} MB" if count >= 2**20 else f"{max(count // 1024, 1)} KB"


def too_big(engine: Game, session: SessionRow, chosen: list[Turn], fit: Fitted, upload: int) -> str:
    """Why a stretch cannot be posted (its GIF is over the upload limit even at its smallest), and which turns of
    it would fit, as the command to ask for them."""
    word = engine.info.turn_word.lower()
    shown = (f"{word} {chosen[0].number}" if len(chosen) == 1
             else f"{word}s {chosen[0].number} to {chosen[-1].number}")
    head = (f"A replay of {shown} comes to {size_text(fit.size)}, more than the {size_text(upload)} a file may "
            f"take in this channel.")
    if fit.frames < 2:
        return f"{head} Even one {word} is too big to post as a GIF here; /game log tells the game in words."
    # The frames that fit: the board before the stretch, then its first turns.
    last = chosen[fit.frames - 2].number
    game = f" game:{session.id}" if session.status in DONE else ""
    fits = (f"{word} {chosen[0].number} fits" if last == chosen[0].number
            else f"{word}s {chosen[0].number} to {last} fit")
    rest = f", then go on from:{last + 1}" if last < chosen[-1].number else ""
    return f"{head} {fits.capitalize()}: /game replay{game} from:{chosen[0].number} to:{last}{rest}."


class Replays:
    def __init__(self, store: Store, games: Callable[[str], Game],
                 renderer_for: Callable[[str], GameRenderer | None]) -> None:
        self.store = store
        self.games = games
        self.renderer_for = renderer_for

    async def past(self, channel_id: int, game_id: int) -> SessionRow:
        """A game of this channel that is over, by the number /game history shows."""
        session = await self.store.get_session(game_id)
        if session is None or session.channel_id != channel_id or session.status not in DONE or session.seed is None:
            raise Refusal(f"No game #{game_id} has ended in this channel; /game history lists the ones that have.")
        return session

    async def whole(self, session: SessionRow) -> Replay | None:
        """The GIF of the whole game, for its final message (None: the game has no pictures)."""
        return await self.stretch(session)

    async def stretch(self, session: SessionRow, first: int | None = None, last: int | None = None, *,
                      since_of: int | None = None, upload: int | None = None) -> Replay | None:
        """The GIF of turns `first` to `last` (either open: from the start, to the latest), or with `since_of` (a
        member) the turns since that member's own last move. None: the game has no pictures.
        `upload`: the most bytes the file may have where it goes (the interaction's upload limit). A stretch whose
        GIF cannot be made that small is refused, saying which turns would fit."""
        renderer = self.renderer_for(session.game)
        if renderer is None or session.seed is None:
            return None
        rows = await self.store.actions(session.id)
        engine = self.games(session.game)
        mine = seats_of(session, since_of) if since_of is not None else []
        if since_of is not None and not mine:
            raise Refusal("You are not in the game of this channel.")
        return await asyncio.to_thread(self._draw, engine, renderer, session, rows, first, last, mine, upload)

    @staticmethod
    def _draw(engine: Game, renderer: GameRenderer, session: SessionRow, rows: list[ActionRow], first: int | None,
              last: int | None, mine: list[int], upload: int | None = None) -> Replay:
        try:
            history, turns = turns_of(engine, session, rows)
        except IllegalAction:
            raise Refusal(OLDER_RULES) from None
        word = engine.info.turn_word.lower()
        if mine:
            # The turns after the last one any of their seats chose in.
            moved = [i for i, t in enumerate(turns) if set(t.seats) & set(mine)]
            start = moved[-1] + 1 if moved else 0
            if start == len(turns):
                raise Refusal("Nobody has moved since your last move.")
            chosen = turns[start:]
        else:
            numbers = [t.number for t in turns]
            low = first if first is not None else (numbers[0] if numbers else 0)
            high = last if last is not None else (numbers[-1] if numbers else 0)
            if numbers and (low > numbers[-1] or high < numbers[0]):
                raise Refusal(f"This game has {word}s {numbers[0]} to {numbers[-1]}.")
            if low > high:
                raise Refusal(f"{engine.info.turn_word} {low} comes after {word} {high}; give the earlier one first.")
            chosen = [t for t in turns if low <= t.number <= high]
        before = chosen[0].steps[0].before if chosen else history.states[history.start]
        names = seat_names(session)
        whole = bool(turns) and len(chosen) == len(turns)
        heading = "The start" if before.version == history.start else \
            f"Before {turn_name(engine, before, chosen[0].number)}"
        if chosen and not whole:
            span = f"{chosen[0].number}–{chosen[-1].number}" if len(chosen) > 1 else f"{chosen[0].number}"
            heading += f" ({word}{'s' if len(chosen) > 1 else ''} {span} of {turns[-1].number})"
        made: list[Frame] = frames(engine, before, chosen, names=names,
                                   words=lambda text: name_seats(text, names, markdown=False),
                                   name_view=lambda view: name_view(view, names),
                                   total=turns[-1].number if whole else None, first_heading=heading)
        if upload is None:
            data = gif(made, renderer.render_board)
        else:
            fit = fitted(made, renderer.render_board, upload)
            if fit.data is None:
                raise Refusal(too_big(engine, session, chosen, fit, upload))
            data = fit.data
        return Replay(data, len(made), chosen[0].number if chosen else 0, chosen[-1].number if chosen else 0,
                      turns[-1].number if turns else 0, [f.heading for f in made])

    async def record(self, session: SessionRow) -> GameRecord:
        """The portable record of the game: its setup and every choice that counts, with who and when."""
        if session.seed is None:
            raise Refusal("This game has not started, so there is nothing to export yet.")
        if session.status not in DONE:
            # The seed deals every card: a record of a running game would show everyone's hidden cards.
            raise Refusal("A game can be exported once it is over: its record holds the seed, which tells every "
                          "hidden card. /game replay shows a running game.")
        engine = self.games(session.game)
        rows = await self.store.actions(session.id)
        try:
            history = await asyncio.to_thread(History, engine, session, rows)
        except IllegalAction:
            raise Refusal(OLDER_RULES) from None
        names = seat_names(session)
        state = history.latest
        # Sealed: its proof covers every claim (the seats with their names and members, who made each choice), so
        # an edit after export, such as swapped names, is found by `python -m engine replay`.
        return sealed(GameRecord(
            game=session.game, title=engine.info.title, options=session.options, seed=session.seed,
            seats=[RecordSeat(seat=s.seat, name=s.name, member=s.user_id if s.user_id is not None else s.resigned_by,
                              ai=s.is_ai, level=(s.level or None) if s.is_ai else None)
                   for s in session.seats],
            choices=[RecordChoice(seat=s.row.seat, who=names.get(s.row.seat, f"Seat {s.row.seat + 1}"),
                                  choice=s.row.choice, at=s.row.created_at) for s in history.steps],
            end=RecordEnd(digest=digest(state), result=engine.result(state))))
