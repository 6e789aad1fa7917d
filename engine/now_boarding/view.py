"""What the channel sees. Now Boarding has no hands: every seat sees the public view. Face-down passengers show
only their home airport (the back of the card); the piles show only how many cards they hold."""

from __future__ import annotations

from typing import Any

from engine.now_boarding.data import catalog
from engine.now_boarding.setup import (
    draw_count,
    next_token,
    round_name,
    round_of_stage,
    stage_name,
    weather_card,
    weather_chooser,
)
from engine.now_boarding.state import NBState, Pax


def pax_view(card: Pax) -> dict[str, Any]:
    if not card.face_up:
        return {"face_up": False, "origin": card.origin}
    vip = catalog().vips[card.vip].name if card.vip else ""
    return {"face_up": True, "id": card.id, "origin": card.origin, "dest": card.dest, "fare": card.fare,
            "anger": card.anger, "vip": vip}


def public_view(st: NBState) -> dict[str, Any]:
    complaints = len(st.complaints) + st.exit_complaints
    return {
        "game": "now-boarding",
        "side": st.side,
        "phase": st.phase,
        "stage": stage_name(st.stage),
        "round": st.round,
        "round_name": round_name(st),
        "round_of": round_of_stage(st),
        "final_round": st.final_round,
        "complaints": complaints,
        "complaint_cards": [f"{c.origin}>{c.dest}" for c in st.complaints],
        "exit_complaints": st.exit_complaints,
        "result": ("lost" if st.lost else "won") if st.over else "",
        "piles": [len(p) for p in st.piles],
        "draw_per_round": draw_count(st),
        "weather": [t.model_dump() for t in st.weather],
        "placing": ({"card": st.weather_left[0], "route": weather_card(st), "kind": next_token(st),
                     "seat": weather_chooser(st), "left": len(st.weather_left)} if st.phase == "weather" else None),
        "airports": {code: [pax_view(c) for c in cards] for code, cards in st.airports.items()},
        "temp": dict(st.temp),
        "supply": dict(st.supply),
        "seats": [
            {"seat": s, "name": f"Player {s + 1}", "colour": p.colour,
             "letter": catalog().plane(p.colour).letter if p.colour else "",
             "at": p.at, "seats": p.seats, "speed": p.speed, "routes": list(p.routes),
             "cargo": [pax_view(c) for c in p.cargo], "money": sum(c.fare for c in p.money), "credit": p.credit,
             "moves_left": p.moves_left, "done": p.done, "delivered": p.delivered, "earned": p.earned}
            for s, p in enumerate(st.planes)
        ],
    }
