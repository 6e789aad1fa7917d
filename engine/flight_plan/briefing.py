"""Daily briefing cards: draw one at the start of a turn and carry out its data-driven effect (briefings.toml)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.flight_plan.data import CLASS_NAMES, Briefing, catalog, city_name, route
from engine.flight_plan.mechanics import active, charge, deactivate, money, touches, who
from engine.flight_plan.state import Airline, FPState, Lasting


def design(card: str) -> Briefing:
    """'brief:b07-2' -> the b07 design."""
    return catalog().briefings[card.split(":")[1].split("-")[0]]


def new_deck(rng: Rng) -> list[str]:
    deck = [f"brief:{b.id}-{i}" for b in catalog().briefings.values() for i in range(1, b.copies + 1)]
    rng.shuffle(deck)
    return deck


def draw(st: FPState) -> str:
    if not st.deck:
        # The discards are shuffled into a new deck, as people would do with a pile that ran out.
        st.deck, st.discard = st.discard, []
        st.rng.shuffle(st.deck)
    card = st.deck.pop(0)
    st.discard.append(card)
    return card


def _routes(a: Airline, card: Briefing) -> int:
    mine = [n for n in a.routes if active(a, f"route:{n}")]
    if card.cls == "any":
        return len(mine)
    if card.cls == "cargo":
        return sum(route(n).cargo for n in mine)
    return sum(route(n).cls == card.cls for n in mine)


COUNTS: dict[str, Callable[[Airline, Briefing], int]] = {
    "per_route": _routes,
    "per_fleet": lambda a, card: sum(active(a, f"fleet:{f}") for f in a.fleets),
    "per_hub": lambda a, card: sum(active(a, f"hub:{c}") for c in a.hubs),
    "per_asset": lambda a, card: len(a.routes) + len(a.fleets) + len(a.hubs),
    "per_deactivated": lambda a, card: len(a.off),
}
"""What a card that pays (or charges) so much apiece counts, by its kind."""


def _gain(st: FPState, seat: int, amount: int, reason: str) -> list[Event]:
    if amount > 0:
        st.airlines[seat].cash += amount
        return [Event(text=f"{who(seat)} collects {money(amount)} ({reason}).")]
    return charge(st, seat, -amount, None, reason)


Effect = Callable[[FPState, int, Briefing, str], list[Event]]
"""What a briefing does to the seat that drew it: (state, seat, the card's design, the card's id) -> events."""


def _cash(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    return _gain(st, seat, card.amount, card.title)


def _apiece(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    count = COUNTS[card.kind](st.airlines[seat], card)
    if not count:
        return []
    return _gain(st, seat, card.amount * count, f"{card.title}, {count} × {money(abs(card.amount))}")


def _each_player(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    events: list[Event] = []
    for other in range(st.players):
        if other == seat or st.airlines[other].out:
            continue
        if card.amount > 0:
            events += charge(st, other, card.amount, seat, card.title)
        else:
            events += charge(st, seat, -card.amount, other, card.title)
    return events


def _lose_turn(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    st.step = "end"
    return []


def _send_to(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    assert card.city is not None
    a = st.airlines[seat]
    a.city = card.city
    if any(touches(n, card.city) for n in a.routes):
        return []
    # Stranded: the airline must buy its way out, and the two-region limit no longer binds it.
    st.stranded = True
    a.unrestricted = True
    return [Event(text=f"{who(seat)} owns no route out of {city_name(card.city)}: they must buy one, "
                       "and may now operate beyond two regions.")]


def _ground(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    asset = f"fleet:{card.cls}"
    if active(st.airlines[seat], asset):
        return deactivate(st, seat, asset, paid=False)
    return [Event(text=f"{who(seat)} has no active {CLASS_NAMES[str(card.cls)]} fleet to ground.")]


def _revenue_change(st: FPState, seat: int, card: Briefing, card_id: str) -> list[Event]:
    # From the next turn on: the revenue step reads it.
    st.airlines[seat].effects.append(Lasting(card=card_id, amount=card.amount, turns=card.turns))
    return []


EFFECTS: dict[str, Effect] = {
    "cash": _cash,
    **dict.fromkeys(COUNTS, _apiece),
    "each_player": _each_player,
    "lose_turn": _lose_turn,
    "send_to": _send_to,
    "ground": _ground,
    "revenue_change": _revenue_change,
}
"""Every briefing kind's effect (a kind in briefings.toml without one here fails tests/flight_plan, not a game)."""


def carry_out(st: FPState, seat: int, card_id: str) -> list[Event]:
    """Apply a briefing card to `seat` (the current player). Sets st.step to 'end' when the turn is lost."""
    card = design(card_id)
    events = [Event(text=f"Daily briefing for {who(seat)}: {card.title}. {card.text}")]
    return events + EFFECTS[card.kind](st, seat, card, card_id)
