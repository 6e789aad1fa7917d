"""Who is still to check in, as the whole table knows it: the deck's cards not seen yet, by home airport.

The order of the piles is secret, their make-up is not: every regular card not on the table, delivered, spent or
complained is in a pile or among the cards left out of play, and each of them is as likely as any other to be in
the next draw. So the next maintenance's new passengers are expected at each airport in proportion to the unseen
cards that check in there. The team planner (team.py) uses this to leave its planes near the coming demand.
"""

from __future__ import annotations

from engine.now_boarding.data import catalog
from engine.now_boarding.state import NBState

REGULAR = "pax:"


def unseen_homes(st: NBState) -> dict[str, int]:
    """The regular cards nobody has seen, counted by home airport (a VIP's trip is left out)."""
    counts: dict[str, int] = {}
    for pile in [*st.piles, st.out_of_play]:
        for card_id in pile:
            if card_id.startswith(REGULAR):
                home = card_id[len(REGULAR):].split(">")[0]
                counts[home] = counts.get(home, 0) + 1
    return counts


def next_draw(st: NBState) -> int:
    """How many passengers the coming maintenance draws (none after the final round's flight)."""
    if st.final_round:
        return 0
    stage = st.stage
    if not st.piles[stage] and stage < 2:
        stage += 1
    return min(st.players + catalog().draw_offsets[stage], len(st.piles[stage]))


def next_checkins(st: NBState) -> dict[str, float]:
    """New passengers expected at each airport in the coming maintenance (the public make-up of what is left)."""
    draw = next_draw(st)
    counts = unseen_homes(st)
    unseen = sum(len(pile) for pile in [*st.piles, st.out_of_play])
    if draw <= 0 or not unseen:
        return {}
    return {home: n * draw / unseen for home, n in counts.items()}
