"""Setting up a game for 2-5 pilots: board side, the planes the pilots take, passenger deck and piles, VIPs, and the
weather each stage brings."""

from __future__ import annotations

from typing import Literal

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.now_boarding.board import DASH, printed
from engine.now_boarding.data import catalog
from engine.now_boarding.state import NBState, Pax, Plane, Token


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def plane_colours(side: str, players: int) -> list[str]:
    """The suggested planes by seat: the chart's order, skipping planes whose home airport is not on this side."""
    return [c for c in side_colours(side)][:players]


def side_colours(side: str) -> list[str]:
    """Every plane that can fly on this side, in the chart's order (blue's Seattle is on the large side only)."""
    on_side = set(catalog().side_airports(side))
    return [p.colour for p in catalog().planes if p.start in on_side]


def suggested_plane(st: NBState, seat: int) -> str:
    """The plane this seat is offered first: its plane in the chart's order if nobody took it, else the first
    plane nobody took and no pilot still choosing is offered in that order, else the first free one."""
    free = free_planes(st)
    order = plane_colours(st.side, st.players)
    if order[seat] in free:
        return order[seat]
    meant = {order[s] for s, p in enumerate(st.planes) if not p.colour and s != seat}
    return next((c for c in free if c not in meant), free[0])


def free_planes(st: NBState) -> list[str]:
    taken = {p.colour for p in st.planes}
    return [c for c in side_colours(st.side) if c not in taken]


def take_plane(st: NBState, seat: int, colour: str) -> None:
    plane = st.planes[seat]
    plane.colour, plane.at, plane.routes = colour, catalog().plane(colour).start, [colour]


def passenger_airports(players: int) -> list[str]:
    pf = catalog().preflight[players]
    return [c for c in catalog().side_airports(pf.side) if c not in pf.removed]


def regular_deck(players: int) -> list[Pax]:
    airports = passenger_airports(players)
    fares = catalog().fares
    return [Pax(id=f"pax:{a}>{b}", origin=a, dest=b, fare=fares[a][b]) for a in airports for b in airports if a != b]


def card(st: NBState, card_id: str) -> Pax:
    """The card with this id, as it comes off a pile: a VIP with its dealt trip, or a regular 'pax:A>B'."""
    if card_id in st.vip_cards:
        return st.vip_cards.pop(card_id)
    origin, dest = card_id[4:].split(">")
    return Pax(id=card_id, origin=origin, dest=dest, fare=catalog().fares[origin][dest])


def vip_cards(players: int, rng: Rng) -> list[Pax]:
    """The VIPs dealt for this player count, each with a trip drawn among the airports in play."""
    kinds = sorted(catalog().vips)
    rng.shuffle(kinds)
    airports = passenger_airports(players)
    cards = []
    for kind in sorted(kinds[: catalog().preflight[players].vips]):
        origin = rng.choice(airports)
        dest = rng.choice([a for a in airports if a != origin])
        vip = catalog().vips[kind]
        cards.append(Pax(id=f"vip:{kind}", origin=origin, dest=dest, fare=catalog().fares[origin][dest], vip=kind,
                         stage=vip.stage))
    return cards


def route_spaces(route_key: str) -> int:
    return next(r.spaces for r in catalog().routes if r.key == route_key)


def route_middle(route_key: str) -> int:
    """The route's middle space (the first of the two middle ones on an even route)."""
    return (route_spaces(route_key) + 1) // 2


def begin_weather(st: NBState) -> list[Event]:
    """A new stage's weather: the old tokens leave the board and the stage's cards wait to be placed one by one, a
    storm first, then alternately a tailwind and a storm. A plane on the second half of a storm that is gone is on
    that space again."""
    for plane in st.planes:
        plane.at = printed(plane.at)
    st.weather = []
    st.weather_left = list(st.weather_piles[st.stage])
    return []


WEATHER_CARD = "wx:"
"""The id of a weather card is its route key after this prefix: the ids of face-down cards are the secrets of
`Game.secrets`, and a route key alone is on every board. (A game stored before kept bare route keys.)"""


def weather_route(card: str) -> str:
    return card.removeprefix(WEATHER_CARD)


def weather_card(st: NBState) -> str:
    """The route of the weather card on the table, whose token the team is placing."""
    return weather_route(st.weather_left[0])


def next_token(st: NBState) -> Literal["storm", "tailwind"]:
    """The kind of the next token to place: storms and tailwinds alternate, a storm first."""
    return "storm" if len(st.weather) % 2 == 0 else "tailwind"


def weather_chooser(st: NBState) -> int:
    """The pilot who places the next token: each in turn, token by token over the whole game."""
    earlier = sum(len(pile) for pile in st.weather_piles[:st.stage])
    return (earlier + len(st.weather)) % st.players


def place_token(st: NBState, space: int) -> Token:
    """The next token on `space` of the weather card on the table."""
    token = Token(route=weather_route(st.weather_left.pop(0)), space=space, kind=next_token(st))
    st.weather.append(token)
    return token


def out_of_first(route: str, space: int) -> str:
    """'2 spaces out of ATL on ATL–DEN': a printed space counted from the route's first airport."""
    a, b = route.split("-")
    return f"{space} space{'s' if space != 1 else ''} out of {a} on {a}{DASH}{b}"


def stage_name(stage: int) -> str:
    return ("Morning", "Afternoon", "Evening")[stage]


def round_of_stage(st: NBState) -> str:
    """Where the round stands in its stage, as the board says it after the round's number: "2 of 4", "final",
    "next: Evening" (the maintenance that opened the Evening, whose first round comes next); empty in a game stored
    before the stages' lengths were kept."""
    if st.final_round:
        return "final"
    if st.stage_rounds and st.stage_began:
        if st.round < st.stage_began:
            return f"next: {stage_name(st.stage)}"
        return f"{st.round - st.stage_began + 1} of {st.stage_rounds[st.stage]}"
    return ""


def round_detail(st: NBState) -> str:
    """The stage and the round's place in it, said after the round's number: "Evening, 2 of 4", "Evening, final
    round", "the Evening comes next"."""
    where, stage = round_of_stage(st), stage_name(st.stage)
    if where.startswith("next: "):
        return f"the {stage} comes next"
    if where == "final":
        return f"{stage}, final round"
    return f"{stage}, {where}" if where else stage


def round_name(st: NBState) -> str:
    """'Round 7 · Evening, 2 of 4': the round as the panel's heading, the log and a replay name it (the day's count,
    which undo names too, then its place in the stage, as the board shows both)."""
    return f"Round {st.round} · {round_detail(st)}"


def draw_count(st: NBState) -> int:
    return st.players + catalog().draw_offsets[st.stage]


def draw_passengers(st: NBState) -> list[Event]:
    """New passengers from the current stage's pile, face down at their home airports."""
    drawn = [card(st, card_id) for card_id in st.piles[st.stage][: draw_count(st)]]
    del st.piles[st.stage][: len(drawn)]
    for pax in drawn:
        pax.face_up = False
        st.airports[pax.origin].append(pax)
    if not drawn:
        return []
    where = ", ".join(sorted(c.origin for c in drawn))
    return [Event(text=f"{len(drawn)} new passenger{'s' if len(drawn) > 1 else ''} check in at {where}.")]


def new_state(game: str, players: int, seed: int, options: dict[str, str]) -> NBState:
    """A table before anyone chose: planes not taken yet, the weather deck dealt, the passengers still in the box
    (they are dealt once every plane has its home airport: see `deal`)."""
    cat = catalog()
    pf = cat.preflight[players]
    rng = Rng.seeded(seed)
    up = cat.upgrades
    planes = [Plane(colour="", at="", seats=up.start_seats, speed=up.start_speed, routes=[], setup_step="plane")
              for _ in range(players)]
    routes = [r.key for r in cat.side_routes(pf.side)]
    rng.shuffle(routes)
    weather_piles = [[f"{WEATHER_CARD}{key}" for key in routes[i * pf.weather:(i + 1) * pf.weather]] for i in range(3)]
    colours_on_side = sorted({r.colour for r in cat.side_routes(pf.side) if r.colour})
    supply = {"seat": up.seat_tiles, "speed": up.speed_tiles}
    supply.update({f"route:{c}": up.route_tiles_per_colour for c in colours_on_side})
    airports: dict[str, list[Pax]] = {code: [] for code in cat.side_airports(pf.side)}
    return NBState(game=game, players=players, seed=seed, options=options, rng=rng, side=pf.side,
                   piles=[[], [], []], weather_piles=weather_piles, airports=airports, planes=planes, supply=supply,
                   dealt=False)


def deal(st: NBState) -> list[Event]:
    """Every plane is at its home airport: one passenger from each home waits there face up, the rest of the deck
    goes to the three piles (with the VIPs dealt into their own stage's pile), and the first Morning passengers
    check in face down."""
    cat = catalog()
    pf = cat.preflight[st.players]
    rng = st.rng
    deck = regular_deck(st.players)
    for plane in st.planes:
        home = [c for c in deck if c.origin == plane.at]
        first = rng.choice(home)
        deck.remove(first)
        st.airports[plane.at].append(first)
    rng.shuffle(deck)
    piles: list[list[str]] = []
    for n in pf.piles:
        piles.append([c.id for c in deck[:n]])
        del deck[:n]
    vips = vip_cards(st.players, rng) if st.options.get("vips") == "on" else []
    for vip in vips:
        pile = piles[vip.stage]
        pile.insert(rng.below(len(pile) + 1), vip.id)
    st.piles, st.out_of_play, st.vip_cards = piles, [c.id for c in deck], {v.id: v for v in vips}
    st.stage_rounds = [-(-len(pile) // (st.players + offset)) for pile, offset in zip(piles, cat.draw_offsets,
                                                                                     strict=True)]
    st.stage_began = 1
    st.dealt = True
    firsts = ", ".join(f"{c.origin}>{c.dest}" for plane in st.planes for c in st.airports[plane.at])
    # The cards are dealt from the seeded RNG: what they show can no longer be taken back by an undo.
    return [Event(text=f"The first passengers wait at the planes' homes: {firsts}.", reveals=True),
            *draw_passengers(st)]
