"""Now Boarding as an engine Game: setup, the simultaneous decisions of every phase, view, result and secrets.

Every pilot has an open decision at once (one per seat). A pilot's Done closes only their own decision; the phase
moves on when every pilot is done, or when the bot applies TIMEOUT because the round's clock ran out.
"""

from __future__ import annotations

from typing import Any

from engine.core.contract import (
    TIMEOUT,
    Decision,
    Event,
    Game,
    GameOptionSpec,
    GameState,
    IllegalAction,
    Option,
    OptionChoice,
    Result,
    SeatResult,
)
from engine.core.rng import Rng
from engine.now_boarding import flight, maintenance
from engine.now_boarding.ai import greedy_plan
from engine.now_boarding.data import catalog
from engine.now_boarding.rules_text import rules_pages
from engine.now_boarding.setup import new_state, stage_name, who
from engine.now_boarding.state import NBState
from engine.now_boarding.view import public_view


def _s(state: GameState) -> NBState:
    assert isinstance(state, NBState)
    return state


def setup_options(st: NBState, seat: int) -> list[Option]:
    plane = st.planes[seat]
    if plane.setup_step == "start":
        return [Option(id="start:seat", label="Start with a 2nd seat", detail="2 seats, speed 3"),
                Option(id="start:speed", label="Start with speed 4", detail="1 seat, speed 4")]
    colours = sorted(k.split(":")[1] for k in st.supply if k.startswith("route:"))
    return [Option(id=f"route:{c}", label=f"Add the {c} routes ({catalog().plane(c).letter})")
            for c in colours if c not in plane.routes]


def _setup(st: NBState, seat: int, choice: str) -> list[Event]:
    plane = st.planes[seat]
    if choice not in {o.id for o in setup_options(st, seat)}:
        raise IllegalAction("That is not one of your set-up choices.")
    head, _, what = choice.partition(":")
    if head == "start":
        if what == "seat":
            plane.seats += 1
        else:
            plane.speed += 1
        st.supply[what] -= 1
        plane.setup_step = "route" if st.players == 2 else "ready"
        text = f"{who(seat)} starts with {'a 2nd seat' if what == 'seat' else 'speed 4'}."
    else:
        plane.routes.append(what)
        st.supply[choice] -= 1
        plane.setup_step = "ready"
        text = f"{who(seat)} adds the {what} routes."
    events = [Event(text=text)]
    if all(p.setup_step == "ready" for p in st.planes):
        events += maintenance.start_flight(st)
    return events


def _setup_timeout(st: NBState) -> list[Event]:
    """A set-up clock that runs out picks the first choice on offer for every pilot still choosing."""
    events: list[Event] = []
    for seat, plane in enumerate(st.planes):
        while plane.setup_step != "ready" and st.phase == "setup":
            events += _setup(st, seat, setup_options(st, seat)[0].id)
    return events


class NowBoarding(Game):
    name = "now-boarding"
    title = "Now Boarding"
    min_players = 2
    max_players = 5
    state_model = NBState
    everyone_at_once = True
    cooperative = True
    option_specs = [
        GameOptionSpec(
            key="vips", label="VIP passengers", default="off",
            choices=[OptionChoice(value="off", label="Off (regular passengers only)"),
                     OptionChoice(value="on", label="On: VIPs with special demands")],
            help="The optional module: a few VIP passengers join each stage's pile.",
        ),
        GameOptionSpec(
            key="timer", label="Round timer", default="double",
            choices=[OptionChoice(value="book", label="The book's: 15 s (2-3 pilots), 30 s (4-5)"),
                     OptionChoice(value="double", label="Doubled: 30 s (2-3 pilots), 60 s (4-5)"),
                     OptionChoice(value="relaxed", label="Relaxed: 2 minutes"),
                     OptionChoice(value="async", label="No timer: a round ends when all press Done")],
            help="How long each flight phase lasts. Maintenance always waits until everyone is done.",
        ),
    ]
    summary_values = {"outcome": ["won", "lost"]}

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> NBState:
        return new_state(self.name, players, seed, options)

    def pending(self, state: GameState) -> list[Decision]:
        st = _s(state)
        if st.phase == "setup":
            return [Decision(seat=s, kind="setup", options=setup_options(st, s),
                             prompt=("Pick your plane's starting upgrade." if p.setup_step == "start"
                                     else "Pick one extra route colour for your plane."))
                    for s, p in enumerate(st.planes) if p.setup_step != "ready"]
        if st.phase == "flight":
            final = " (final round)" if st.final_round else ""
            return [Decision(seat=s, kind="flight", options=flight.options(st, s),
                             prompt=f"{stage_name(st.stage)} round {st.round}{final}: your plane at "
                                    f"{flight.describe(p.at)}, {p.moves_left} moves left. Press Done when finished.")
                    for s, p in enumerate(st.planes) if not p.done]
        if st.phase == "maintenance":
            return [Decision(seat=s, kind="upgrade", options=maintenance.purchase_options(st, s),
                             prompt=f"Maintenance: you have ${maintenance.budget(p)} to spend on upgrades.")
                    for s, p in enumerate(st.planes) if not p.done]
        return []

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        st = _s(state)
        if choice == TIMEOUT:
            return self._timeout(st)
        if st.phase == "setup":
            return _setup(st, seat, choice)
        if st.phase == "flight":
            if choice == "done":
                return self._flight_done(st, seat)
            return flight.act(st, seat, choice)
        if choice == "done":
            return maintenance.maintenance_done(st, seat)
        return maintenance.buy(st, seat, choice)

    def _flight_done(self, st: NBState, seat: int) -> list[Event]:
        st.planes[seat].done = True
        events = [Event(text=f"{who(seat)} is done for this round.")]
        if all(p.done for p in st.planes):
            events += maintenance.end_flight(st)
        return events

    def _timeout(self, st: NBState) -> list[Event]:
        """The clock ran out: moves not made are lost, purchases not made are skipped."""
        if st.phase == "setup":
            return _setup_timeout(st)
        for plane in st.planes:
            plane.done = True
        if st.phase == "flight":
            return [Event(text="Time is up: the flight phase ends."), *maintenance.end_flight(st)]
        return [Event(text="Time is up: maintenance ends."), *maintenance.next_round(st)]

    def clock(self, state: GameState) -> tuple[str, float] | None:
        st = _s(state)
        if st.phase != "flight":
            return None
        book = 15 if st.players <= 3 else 30
        seconds = {"book": book, "double": 2 * book, "relaxed": 120}.get(st.options.get("timer", "double"))
        return None if seconds is None else (f"flight:{st.round}", float(seconds))

    def timeout(self, state: GameState, seat: int) -> str | None:
        return TIMEOUT if any(d.seat == seat for d in self.pending(state)) else None

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return public_view(_s(state))

    def result(self, state: GameState) -> Result | None:
        st = _s(state)
        if not st.over:
            return None
        total = len(st.complaints) + st.exit_complaints
        standings = [SeatResult(seat=s, score=p.earned, detail=f"{p.delivered} passengers delivered")
                     for s, p in enumerate(st.planes)]
        if st.lost:
            return Result(standings=standings, winners=[],
                          summary=f"Everyone loses: {total} complaints put the airline out of business.")
        return Result(standings=standings, winners=list(range(st.players)),
                      summary=f"Everyone wins: the day ended with {total} complaint{'s' if total != 1 else ''}.")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        st = _s(state)
        hidden = {c for pile in st.piles for c in pile} | set(st.out_of_play)
        hidden |= {c.id for cards in st.airports.values() for c in cards if not c.face_up}
        return {None: hidden}

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> NBState:
        """Nobody sees a face-down card, so the seat does not matter. Face-down passengers waiting at an airport keep
        their home airport (the back of the card shows it) and swap faces with hidden cards of the same home; regular
        cards move between the piles and the cards left out of play; VIPs stay in their stage's pile; every pile and
        weather pile is shuffled."""
        # Every pool is sorted before it is shuffled, and homes are taken in a fixed order: the result must not
        # depend on where each hidden card was (a search AI plays on it and must not read the true order).
        st = _s(state).model_copy(deep=True)
        waiting = [c for cards in st.airports.values() for c in cards if not c.face_up and not c.vip]
        places = [(pile, i) for pile in [*st.piles, st.out_of_play] for i, c in enumerate(pile)
                  if not c.startswith("vip:")]
        pool = sorted([pile[i] for pile, i in places] + [c.id for c in waiting])
        by_home: dict[str, list[str]] = {}
        for card_id in pool:
            by_home.setdefault(card_id[4:].split(">")[0], []).append(card_id)
        for _, ids in sorted(by_home.items()):
            rng.shuffle(ids)
        for card in waiting:
            card_id = by_home[card.origin].pop()
            card.id, card.dest = card_id, card_id.split(">")[1]
            card.fare = catalog().fares[card.origin][card.dest]
        rest = sorted(card_id for ids in by_home.values() for card_id in ids)
        rng.shuffle(rest)
        for (pile, i), card_id in zip(places, rest, strict=True):
            pile[i] = card_id
        for pile in st.piles:
            pile.sort()
            rng.shuffle(pile)
        for weather in st.weather_piles:
            weather.sort()
            rng.shuffle(weather)
        st.rng = Rng.seeded(rng.next64())
        return st

    def score_now(self, state: GameState) -> list[float] | None:
        from engine.now_boarding.standing import team_figure

        st = _s(state)
        return [team_figure(st)] * st.players

    def summary(self, state: GameState) -> dict[str, Any]:
        st = _s(state)
        return {"outcome": "lost" if st.lost else "won", "complaints": len(st.complaints) + st.exit_complaints,
                "rounds": st.round, "delivered": sum(p.delivered for p in st.planes)}

    def rules(self) -> dict[str, str]:
        return rules_pages()

    def playout_plan(self, state: GameState, decision: Decision, rng: Rng) -> list[str]:
        return greedy_plan(_s(state), decision, rng)


GAME = NowBoarding()
