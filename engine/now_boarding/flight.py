"""The flight phase: every pilot flies, boards and drops off at once, each at their own pace, until Done."""

from __future__ import annotations

from functools import lru_cache

from engine.core.contract import Event, IllegalAction, Option, option
from engine.now_boarding.board import Weather, entry_end, is_airport, out_of, position, reach, tailwinds
from engine.now_boarding.data import catalog
from engine.now_boarding.setup import who
from engine.now_boarding.state import NBState, Pax, Plane


def weather_key(st: NBState) -> Weather:
    """The tokens on the board as the board module's cached maps take them."""
    return tuple(sorted((f"{t.route}.{t.space}", t.kind) for t in st.weather))


def seats_used(plane: Plane) -> int:
    return sum(2 if p.vip == "fugitive" else 1 for p in plane.cargo)


def nervous_aboard(plane: Plane) -> bool:
    return any(p.vip == "nervous" for p in plane.cargo)


def reachable(st: NBState, plane: Plane, budget: int | None = None) -> dict[str, int]:
    left = plane.moves_left if budget is None else budget
    return reach(st.side, plane.at, left, plane.routes, weather_key(st), nervous_aboard(plane))


def moves(n: int) -> str:
    return f"{n} move{'s' if n != 1 else ''}"


def where(st: NBState, node: str) -> str:
    """A plane's place in players' words: 'DEN' or 'LAX–DFW (1 space from LAX, 3 from DFW)'."""
    return position(st.side, weather_key(st), node)


def _fly_moves(st: NBState, plane: Plane) -> tuple[tuple[str, int, str], ...]:
    return _targets(st.side, plane.at, plane.moves_left, frozenset(plane.routes), weather_key(st),
                    nervous_aboard(plane))


def target_name(side: str, weather: Weather, at: str, node: str, costs: dict[str, int]) -> str:
    """A flight's goal as its pilot sees it: 'DEN', or '3 spaces out of LAX on LAX–DFW' counted from the end of that
    route the plane comes in by."""
    if is_airport(node):
        return node
    return out_of(side, weather, node, entry_end(side, weather, at, node, costs))


@lru_cache(maxsize=4096)
def _targets(side: str, at: str, left: int, colours: frozenset[str], weather: Weather,
             avoid_weather: bool) -> tuple[tuple[str, int, str], ...]:
    """(node, cost, label) of every place a plane may fly to now: every space and airport within its moves left,
    except where it is and the spaces a tailwind covers (a plane flies over those without stopping). Remembered,
    since every pilot's options are listed again after every choice of any pilot (docs/notes/engine-speed.md)."""
    costs = reach(side, at, left, colours, weather, avoid_weather)
    covered = tailwinds(weather)
    out = [(n, c) for n, c in costs.items() if n != at and n not in covered]
    out.sort(key=lambda nc: (not is_airport(nc[0]), nc[1], nc[0]))
    labelled = []
    for node, cost in out:
        name = target_name(side, weather, at, node, costs)
        label = f"Fly to {name}" if is_airport(node) else f"Fly {name}"
        labelled.append((node, cost, f"{label} ({moves(cost)})"))
    return tuple(labelled)


def board_refusal(st: NBState, plane: Plane, seat: int, card: Pax) -> str | None:
    """Why `card` may not board this plane now (None: it may)."""
    if any(p.vip == "celebrity" for p in plane.cargo):
        return "The Celebrity flies alone: nobody else may board while it is aboard."
    if card.vip == "celebrity" and plane.cargo:
        return "The Celebrity boards only an empty plane."
    first = [p for p in st.airports[plane.at] if p.vip == "first" and p.face_up]
    if first and card.vip != "first":
        return f"First In Line waits at {plane.at}: it must board before anyone else there."
    need = 2 if card.vip == "fugitive" else 1
    room = plane.seats - seats_used(plane)
    if need > room and not (st.temp["seat"] == seat and need <= room + 1):
        return "Your plane has no free seat for that passenger."
    return None


def label_pax(card: Pax) -> str:
    vip = f"{catalog().vips[card.vip].name} VIP, " if card.vip else ""
    anger = f", anger {card.anger}" if card.anger else ""
    return f"{vip}{card.origin} to {card.dest} (${card.fare}{anger})"


def fare_and_anger(card: Pax) -> str:
    """What a button says about a passenger besides its trip: '($2, anger 1)', '(Nervous VIP, $3)'."""
    vip = f"{catalog().vips[card.vip].name} VIP, " if card.vip else ""
    anger = f", anger {card.anger}" if card.anger else ""
    return f"({vip}${card.fare}{anger})"


def options(st: NBState, seat: int) -> list[Option]:
    plane = st.planes[seat]
    opts: list[Option] = []
    here = plane.at if is_airport(plane.at) else None
    if here:
        for card in plane.cargo:
            if card.boarded_at == here:
                continue
            if card.dest == here:
                opts.append(Option(id=f"drop:{card.id}", label=f"Deliver {card.origin}>{card.dest} (+${card.fare})",
                                   detail=label_pax(card)))
            elif card.vip != "direct":
                opts.append(Option(id=f"drop:{card.id}",
                                   label=f"Leave {card.origin}>{card.dest} at {here} {fare_and_anger(card)}",
                                   detail=label_pax(card)))
        for card in st.airports[here]:
            if card.face_up and board_refusal(st, plane, seat, card) is None:
                temp = ", temporary seat" if seats_used(plane) + (2 if card.vip == "fugitive" else 1) > plane.seats \
                    else ""
                opts.append(Option(id=f"board:{card.id}",
                                   label=f"Board {card.origin}>{card.dest} {fare_and_anger(card)[:-1]}{temp})",
                                   detail=label_pax(card)))
    for node, _cost, label in _fly_moves(st, plane):
        opts.append(option(f"fly:{node}", label))
    if st.temp["speed"] == seat:
        opts.append(Option(id="boost", label="Use the temporary speed token (+1 move)"))
    opts.append(Option(id="done", label="Done for this round"))
    return opts


def _find(cards: list[Pax], card_id: str) -> Pax | None:
    return next((c for c in cards if c.id == card_id), None)


def fly(st: NBState, seat: int, node: str) -> list[Event]:
    plane = st.planes[seat]
    weather = weather_key(st)
    if node == plane.at:
        raise IllegalAction("Your plane is already there.")
    costs = reachable(st, plane)
    if node not in costs:
        calm = reach(st.side, plane.at, plane.moves_left, plane.routes, weather)
        if nervous_aboard(plane) and node in calm:
            raise IllegalAction("Your Nervous VIP refuses to fly through weather.")
        everywhere = reach(st.side, plane.at, 10_000, {"green", "orange", "red", "blue", "purple"}, weather)
        if node not in everywhere:
            raise IllegalAction("There is no such place on this board.")
        raise IllegalAction(f"Your plane cannot get to {where(st, node)} with {moves(plane.moves_left)} left.")
    if node in tailwinds(weather):
        raise IllegalAction("A tailwind covers that space: planes fly over it and never stop there.")
    start = plane.at
    goal = target_name(st.side, weather, start, node, costs)
    plane.moves_left -= costs[node]
    plane.at = node
    for card in plane.cargo:
        card.boarded_at = None
    return [Event(text=f"{who(seat)} flew from {where(st, start)} to {goal}.")]


def board(st: NBState, seat: int, card_id: str) -> list[Event]:
    plane = st.planes[seat]
    if not is_airport(plane.at):
        raise IllegalAction("Passengers board only at an airport.")
    card = _find(st.airports[plane.at], card_id)
    if card is None or not card.face_up:
        raise IllegalAction(f"That passenger is not waiting at {plane.at}.")
    refusal = board_refusal(st, plane, seat, card)
    if refusal:
        raise IllegalAction(refusal)
    events = []
    if seats_used(plane) + (2 if card.vip == "fugitive" else 1) > plane.seats:
        st.temp["seat"] = None
        events.append(Event(text=f"{who(seat)} used the temporary seat token."))
    st.airports[plane.at].remove(card)
    if card.vip != "impatient":
        card.anger = 0
    card.boarded_at = plane.at
    plane.cargo.append(card)
    return [Event(text=f"{who(seat)} boarded {card.origin}>{card.dest} at {plane.at}."), *events]


def drop(st: NBState, seat: int, card_id: str) -> list[Event]:
    plane = st.planes[seat]
    card = _find(plane.cargo, card_id)
    if card is None:
        raise IllegalAction("That passenger is not on your plane.")
    if not is_airport(plane.at):
        raise IllegalAction("Passengers leave the plane only at an airport.")
    if card.boarded_at == plane.at:
        raise IllegalAction(f"That passenger just boarded at {plane.at}; fly somewhere first.")
    if card.vip == "direct" and card.dest != plane.at:
        raise IllegalAction(f"The Direct Flight VIP leaves the plane only at {card.dest}.")
    plane.cargo.remove(card)
    card.boarded_at = None
    if card.dest == plane.at:
        plane.money.append(card)
        plane.delivered += 1
        plane.earned += card.fare
        return [Event(text=f"{who(seat)} delivered {card.origin}>{card.dest} for ${card.fare}.")]
    st.airports[plane.at].append(card)
    return [Event(text=f"{who(seat)} left {card.origin}>{card.dest} at {plane.at} for another plane.")]


def boost(st: NBState, seat: int) -> list[Event]:
    if st.temp["speed"] != seat:
        raise IllegalAction("You do not hold the temporary speed token.")
    st.temp["speed"] = None
    st.planes[seat].moves_left += 1
    return [Event(text=f"{who(seat)} used the temporary speed token: one more move this round.")]


def act(st: NBState, seat: int, choice: str) -> list[Event]:
    """One flight-phase choice other than Done; the caller handles Done and the timeout."""
    if st.planes[seat].done:
        raise IllegalAction("You pressed Done for this round already.")
    head, _, rest = choice.partition(":")
    if head == "fly":
        return fly(st, seat, rest)
    if head == "board":
        return board(st, seat, rest)
    if head == "drop":
        return drop(st, seat, rest)
    if head == "boost" and not rest:
        return boost(st, seat)
    raise IllegalAction("That is not a move you can make in the flight phase.")

