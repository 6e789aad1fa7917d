"""Setting up a game for 2-5 pilots: board side, planes, passenger deck and piles, VIPs, weather."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.now_boarding.data import catalog
from engine.now_boarding.state import NBState, Pax, Plane, Token


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def plane_colours(side: str, players: int) -> list[str]:
    """Seats take planes in the chart's order, skipping planes whose home airport is not on this side."""
    on_side = set(catalog().side_airports(side))
    return [p.colour for p in catalog().planes if p.start in on_side][:players]


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


def route_middle(route_key: str) -> int:
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    return (spaces + 1) // 2


def place_weather(st: NBState) -> list[Event]:
    """The stage's weather cards: tokens alternate storm, tailwind, storm ... on each card's route."""
    st.weather = []
    for i, key in enumerate(st.weather_piles[st.stage]):
        kind = "storm" if i % 2 == 0 else "tailwind"
        st.weather.append(Token(route=key, space=route_middle(key), kind=kind))
    if not st.weather:
        return []
    listed = ", ".join(f"{t.kind} on {t.route}" for t in st.weather)
    return [Event(text=f"Weather for the {stage_name(st.stage)}: {listed}.")]


def stage_name(stage: int) -> str:
    return ("Morning", "Afternoon", "Evening")[stage]


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
    cat = catalog()
    pf = cat.preflight[players]
    rng = Rng.seeded(seed)
    up = cat.upgrades
    colours = plane_colours(pf.side, players)
    planes = [Plane(colour=c, at=cat.plane(c).start, seats=up.start_seats, speed=up.start_speed, routes=[c])
              for c in colours]
    deck = regular_deck(players)
    airports: dict[str, list[Pax]] = {code: [] for code in cat.side_airports(pf.side)}
    for plane in planes:
        home = [c for c in deck if c.origin == plane.at]
        first = rng.choice(home)
        deck.remove(first)
        airports[plane.at].append(first)
    rng.shuffle(deck)
    piles: list[list[str]] = []
    for n in pf.piles:
        piles.append([c.id for c in deck[:n]])
        del deck[:n]
    vips = vip_cards(players, rng) if options.get("vips") == "on" else []
    for vip in vips:
        pile = piles[vip.stage]
        pile.insert(rng.below(len(pile) + 1), vip.id)
    routes = [r.key for r in cat.side_routes(pf.side)]
    rng.shuffle(routes)
    weather_piles = [routes[i * pf.weather:(i + 1) * pf.weather] for i in range(3)]
    colours_on_side = sorted({r.colour for r in cat.side_routes(pf.side) if r.colour})
    supply = {"seat": up.seat_tiles, "speed": up.speed_tiles}
    supply.update({f"route:{c}": up.route_tiles_per_colour for c in colours_on_side})
    st = NBState(game=game, players=players, seed=seed, options=options, rng=rng, side=pf.side, piles=piles,
                 weather_piles=weather_piles, airports=airports, planes=planes, out_of_play=[c.id for c in deck],
                 supply=supply, vip_cards={v.id: v for v in vips})
    place_weather(st)
    draw_passengers(st)
    return st
