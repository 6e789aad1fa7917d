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
    GameInfo,
    GameOptionSpec,
    GameState,
    IllegalAction,
    Option,
    OptionChoice,
    Result,
    SeatResult,
)
from engine.core.rng import Rng
from engine.core.text import counted
from engine.now_boarding import flight, maintenance
from engine.now_boarding.board import route_name
from engine.now_boarding.data import catalog
from engine.now_boarding.setup import (
    WEATHER_CARD,
    begin_weather,
    deal,
    free_planes,
    new_state,
    next_token,
    out_of_first,
    place_token,
    round_name,
    route_middle,
    route_spaces,
    side_colours,
    stage_name,
    suggested_plane,
    take_plane,
    weather_card,
    weather_chooser,
    who,
)
from engine.now_boarding.state import NBState
from engine.now_boarding.view import public_view


def _s(state: GameState) -> NBState:
    assert isinstance(state, NBState)
    return state


def setup_options(st: NBState, seat: int) -> list[Option]:
    plane = st.planes[seat]
    if plane.setup_step == "plane":
        suggested = suggested_plane(st, seat)
        free = free_planes(st)
        return [_plane_option(st.side, c, c == suggested) for c in [suggested, *(c for c in free if c != suggested)]]
    if plane.setup_step == "start":
        return [Option(id="start:seat", label="Start with a 2nd seat", detail="2 seats, speed 3"),
                Option(id="start:speed", label="Start with speed 4", detail="1 seat, speed 4")]
    colours = sorted(k.split(":")[1] for k in st.supply if k.startswith("route:"))
    return [Option(id=f"route:{c}", label=f"Add the {c} routes ({catalog().plane(c).letter})")
            for c in colours if c not in plane.routes]


def _plane_option(side: str, colour: str, suggested: bool) -> Option:
    spec = catalog().plane(colour)
    # The routes of the board in play: the other side's would name airports this map does not have.
    routes = ", ".join(route_name(r.key, r.a) for r in catalog().side_routes(side) if r.colour == colour)
    return Option(id=f"plane:{colour}",
                  label=f"Take the {colour} plane ({spec.letter}) at {spec.start}{', suggested' if suggested else ''}",
                  detail=f"Starts at {spec.start}; its own routes: {routes}")


def _take(st: NBState, seat: int, colour: str) -> list[Event]:
    owner = next((s for s, p in enumerate(st.planes) if p.colour == colour), None)
    if owner is not None:
        raise IllegalAction(f"{who(owner)} has taken the {colour} plane already.")
    if colour not in side_colours(st.side):
        if colour in {p.colour for p in catalog().planes}:
            raise IllegalAction(f"The {colour} plane's home, {catalog().plane(colour).start}, is not on this map.")
        raise IllegalAction("There is no such plane.")
    take_plane(st, seat, colour)
    st.planes[seat].setup_step = "start"
    spec = catalog().plane(colour)
    return [Event(text=f"{who(seat)} takes the {colour} plane ({spec.letter}) at {spec.start}.")]


def _setup(st: NBState, seat: int, choice: str) -> list[Event]:
    plane = st.planes[seat]
    head, _, what = choice.partition(":")
    if plane.setup_step == "ready":
        raise IllegalAction("Your plane is ready; the others are still setting up theirs.")
    if head == "plane" and plane.setup_step == "plane":
        events = _take(st, seat, what)
    elif choice not in {o.id for o in setup_options(st, seat)}:
        if plane.setup_step == "plane":
            raise IllegalAction("Take a plane first.")
        raise IllegalAction("That is not one of your set-up choices.")
    elif head == "start":
        if what == "seat":
            plane.seats += 1
        else:
            plane.speed += 1
        st.supply[what] -= 1
        plane.setup_step = "route" if st.players == 2 else "ready"
        events = [Event(text=f"{who(seat)} starts with {'a 2nd seat' if what == 'seat' else 'speed 4'}.")]
    else:
        plane.routes.append(what)
        st.supply[choice] -= 1
        plane.setup_step = "ready"
        events = [Event(text=f"{who(seat)} adds the {what} routes.")]
    if all(p.setup_step == "ready" for p in st.planes):
        events += deal(st)
        events += _weather_or_flight(st)
    return events


def _weather_or_flight(st: NBState) -> list[Event]:
    begin_weather(st)
    return maintenance.weather_step(st)


def _setup_timeout(st: NBState) -> list[Event]:
    """A set-up clock that runs out gives every pilot still choosing the first choice on offer (the suggested plane,
    then a second seat, then the first route colour listed)."""
    events: list[Event] = []
    for seat, plane in enumerate(st.planes):
        while plane.setup_step != "ready" and st.phase == "setup":
            events += _setup(st, seat, setup_options(st, seat)[0].id)
    return events


def weather_options(st: NBState) -> list[Option]:
    route = weather_card(st)
    spaces = route_spaces(route)
    kind = next_token(st)
    return [Option(id=f"weather:{k}", label=f"Put the {kind} {out_of_first(route, k)}") for k in range(1, spaces + 1)]


def _weather_prompt(st: NBState) -> str:
    route = weather_card(st)
    a = route.split("-")[0]
    middle = route_middle(route)
    late = (f"; if time runs out it goes {middle} space{'s' if middle != 1 else ''} out of {a}"
            if round_clock(st) else "")
    return (f"{stage_name(st.stage)} weather: where on {route_name(route, a)} does the {next_token(st)} go? "
            f"(token {len(st.weather) + 1} of {len(st.weather) + len(st.weather_left)}; everyone sees your "
            f"choice{late})")


def _place(st: NBState, seat: int, choice: str) -> list[Event]:
    chooser = weather_chooser(st)
    if seat != chooser:
        raise IllegalAction(f"{who(chooser)} places this weather token.")
    if choice not in {o.id for o in weather_options(st)}:
        raise IllegalAction("The token goes on one of the spaces between the route's two airports.")
    token = place_token(st, int(choice.split(":")[1]))
    return [Event(text=f"{who(seat)} puts the {token.kind} {out_of_first(token.route, token.space)}."),
            *maintenance.weather_step(st)]


def _weather_timeout(st: NBState) -> list[Event]:
    """Nobody placed the token in time: it goes on the route's middle space (the first of the two middle ones)."""
    token = place_token(st, route_middle(weather_card(st)))
    return [Event(text=f"Time is up: the {token.kind} goes {out_of_first(token.route, token.space)}."),
            *maintenance.weather_step(st)]


SETUP_PROMPTS = {
    "plane": "Take a plane: together, cover the whole map (the others see which planes are taken).",
    "start": "Pick your plane's starting upgrade.",
    "route": "Pick one extra route colour for your plane.",
}


def round_clock(st: NBState) -> tuple[str, float] | None:
    """The round timer runs in every flight phase; with the house rule `weather_clock`, for each weather token too
    (the book times only the flights: weather is placed while the team plans, with no sand running): the stretch's
    key and its seconds, or None."""
    if st.phase != "flight" and not (st.phase == "weather" and st.options.get("weather_clock") == "on"):
        return None
    book = 15 if st.players <= 3 else 30
    seconds = {"book": book, "double": 2 * book, "relaxed": 120}.get(st.options.get("timer", "book"))
    if seconds is None:
        return None
    if st.phase == "weather":
        return f"weather:{st.round}:{st.stage}:{len(st.weather)}", float(seconds)
    return f"flight:{st.round}", float(seconds)


class NowBoarding(Game):
    name = "now-boarding"
    # A co-operative game where every pilot sees the whole board (no private view); face-down cards and the piles'
    # order are hidden from everyone.
    info = GameInfo(title="Now Boarding", min_players=2, max_players=5, hidden=True, simultaneous=True,
                    cooperative=True, private_view="", score_label="$ in fares", turn_word="Round",
                    tagline="as a team, fly passengers home before they complain")
    state_model = NBState
    option_specs = [
        GameOptionSpec(
            key="vips", label="VIP passengers", default="off",
            choices=[OptionChoice(value="off", label="Off (regular passengers only)"),
                     OptionChoice(value="on", label="On: VIPs with special demands")],
            help="The optional module: a few VIP passengers join each stage's pile.",
        ),
        GameOptionSpec(
            key="timer", label="Round timer", default="book",
            choices=[OptionChoice(value="book", label="The book's: 15 s (2-3 pilots), 30 s (4-5)"),
                     OptionChoice(value="double", label="Doubled: 30 s (2-3 pilots), 60 s (4-5)"),
                     OptionChoice(value="relaxed", label="Relaxed: 2 minutes"),
                     OptionChoice(value="async", label="No timer: a round ends when all press Done")],
            help="How long each flight phase lasts. The book's time is the default; the others are house rules for "
                 "slower tables. Maintenance always waits until everyone is done.",
        ),
        GameOptionSpec(
            key="weather_clock", label="Clock on placing weather", default="off",
            choices=[OptionChoice(value="off", label="Off, as the book: the team takes its time"),
                     OptionChoice(value="on", label="House rule: the round timer runs for each token")],
            help="The book puts no timer on placing weather. With this house rule the round timer also runs while a "
                 "token waits to be placed, and the token goes on the middle space when it runs out.",
        ),
    ]
    def new_game(self, players: int, seed: int, options: dict[str, str]) -> NBState:
        return new_state(self.name, players, seed, options)

    def pending(self, state: GameState) -> list[Decision]:
        st = _s(state)
        if st.phase == "setup":
            return [Decision(seat=s, kind="plane" if p.setup_step == "plane" else "setup",
                             options=setup_options(st, s), prompt=SETUP_PROMPTS[p.setup_step])
                    for s, p in enumerate(st.planes) if p.setup_step != "ready"]
        if st.phase == "weather":
            return [Decision(seat=weather_chooser(st), kind="weather", options=weather_options(st),
                             prompt=_weather_prompt(st))]
        if st.phase == "flight":
            return [Decision(seat=s, kind="flight", options=flight.options(st, s),
                             prompt=f"{round_name(st)}: your plane at {flight.where(st, p.at)}, "
                                    f"{flight.moves(p.moves_left)} left. Press Done when finished.")
                    for s, p in enumerate(st.planes) if not p.done]
        if st.phase == "maintenance":
            return [Decision(seat=s, kind="upgrade", options=maintenance.purchase_options(st, s),
                             prompt=maintenance.purchase_prompt(st, s))
                    for s, p in enumerate(st.planes) if not p.done]
        return []

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        st = _s(state)
        if choice == TIMEOUT:
            return self._timeout(st)
        if st.phase == "setup":
            return _setup(st, seat, choice)
        if st.phase == "weather":
            return _place(st, seat, choice)
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
        if st.phase == "weather":
            return _weather_timeout(st)
        for plane in st.planes:
            plane.done = True
        if st.phase == "flight":
            return [Event(text="Time is up: the flight phase ends."), *maintenance.end_flight(st)]
        return [Event(text="Time is up: maintenance ends."), *maintenance.next_round(st)]

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return public_view(_s(state))

    def result(self, state: GameState) -> Result | None:
        st = _s(state)
        if not st.over:
            return None
        total = len(st.complaints) + st.exit_complaints
        standings = [SeatResult(seat=s, score=p.earned,
                                detail=f"{counted(p.delivered, 'passenger')} delivered, ${p.earned} in fares")
                     for s, p in enumerate(st.planes)]
        # The team's day, as a co-operative game is told: won or lost, the complaints, the passengers delivered.
        delivered = counted(sum(p.delivered for p in st.planes), "passenger")
        if st.lost:
            return Result(standings=standings, winners=[],
                          summary=f"Everyone loses: {total} complaints put the airline out of business, with "
                                  f"{delivered} delivered.")
        return Result(standings=standings, winners=list(range(st.players)),
                      summary=f"Everyone wins: the day ended with {counted(total, 'complaint')} and {delivered} "
                              "delivered.")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        st = _s(state)
        hidden = {c for pile in st.piles for c in pile} | set(st.out_of_play)
        hidden |= {c.id for cards in st.airports.values() for c in cards if not c.face_up}
        first = st.stage + (0 if st.phase == "setup" else 1)
        hidden |= {c for pile in [st.weather_left[1:], *st.weather_piles[first:]] for c in pile
                   if c.startswith(WEATHER_CARD)}
        return {None: hidden}

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> NBState:
        """Nobody sees a face-down card, so the seat does not matter. Face-down passengers waiting at an airport keep
        their home airport (the back of the card shows it) and swap faces with hidden cards of the same home; regular
        cards move between the piles and the cards left out of play; VIPs stay in their stage's pile; every pile is
        shuffled, and the weather cards not drawn yet are dealt again."""
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
        # The weather cards nobody has seen: the rest of this stage's (the one on the table is public) and every
        # later stage's (at setup, the Morning's too), dealt again from one pool, each pile keeping its size.
        first = st.stage + (0 if st.phase == "setup" else 1)
        unseen = [st.weather_left[1:], *st.weather_piles[first:]]
        weather = sorted(card for pile in unseen for card in pile)
        rng.shuffle(weather)
        for pile in unseen:
            pile[:], weather = weather[:len(pile)], weather[len(pile):]
        if st.weather_left:
            st.weather_left[1:] = unseen[0]
        st.rng = Rng.seeded(rng.next64())
        return st

GAME = NowBoarding()
