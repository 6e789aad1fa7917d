"""Daily briefing cards: draw one at the start of a turn and carry out its data-driven effect (briefings.toml)."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.flight_plan.data import CLASS_NAMES, Briefing, catalog, city_name, route
from engine.flight_plan.mechanics import active, charge, deactivate, money, touches, who
from engine.flight_plan.state import FPState, Lasting


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


def _count(st: FPState, seat: int, card: Briefing) -> int:
    a = st.airlines[seat]
    if card.kind == "per_asset":
        return len(a.routes) + len(a.fleets) + len(a.hubs)
    if card.kind == "per_deactivated":
        return len(a.off)
    if card.kind == "per_fleet":
        return sum(active(a, f"fleet:{f}") for f in a.fleets)
    if card.kind == "per_hub":
        return sum(active(a, f"hub:{c}") for c in a.hubs)
    mine = [n for n in a.routes if active(a, f"route:{n}")]
    if card.cls == "any":
        return len(mine)
    if card.cls == "cargo":
        return sum(route(n).cargo for n in mine)
    return sum(route(n).cls == card.cls for n in mine)


def _gain(st: FPState, seat: int, amount: int, reason: str) -> list[Event]:
    if amount > 0:
        st.airlines[seat].cash += amount
        return [Event(text=f"{who(seat)} collects {money(amount)} ({reason}).")]
    return charge(st, seat, -amount, None, reason)


def carry_out(st: FPState, seat: int, card_id: str) -> list[Event]:
    """Apply a briefing card to `seat` (the current player). Sets st.step to 'end' when the turn is lost."""
    card = design(card_id)
    a = st.airlines[seat]
    events = [Event(text=f"Daily briefing for {who(seat)}: {card.title}. {card.text}")]
    if card.kind == "cash":
        events += _gain(st, seat, card.amount, card.title)
    elif card.kind in ("per_route", "per_fleet", "per_hub", "per_asset", "per_deactivated"):
        count = _count(st, seat, card)
        if count:
            events += _gain(st, seat, card.amount * count, f"{card.title}, {count} × {money(abs(card.amount))}")
    elif card.kind == "each_player":
        for other in range(st.players):
            if other == seat or st.airlines[other].out:
                continue
            if card.amount > 0:
                events += charge(st, other, card.amount, seat, card.title)
            else:
                events += charge(st, seat, -card.amount, other, card.title)
    elif card.kind == "lose_turn":
        st.step = "end"
    elif card.kind == "send_to":
        assert card.city is not None
        a.city = card.city
        if not any(touches(n, card.city) for n in a.routes):
            # Stranded: the airline must buy its way out, and the two-region limit no longer binds it.
            st.stranded = True
            a.unrestricted = True
            events.append(Event(text=f"{who(seat)} owns no route out of {city_name(card.city)}: they must buy one, "
                                     "and may now operate beyond two regions."))
    elif card.kind == "ground":
        asset = f"fleet:{card.cls}"
        if active(a, asset):
            events += deactivate(st, seat, asset, paid=False)
        else:
            events.append(Event(text=f"{who(seat)} has no active {CLASS_NAMES[str(card.cls)]} fleet to ground."))
    else:  # revenue_change: from the next turn on
        a.effects.append(Lasting(card=card_id, amount=card.amount, turns=card.turns))
    return events
