"""What a seat (or the channel) may see of a Planes game. The renderer draws from this dict only.

Public view, `view(state, None)` (every key always present; JSON-compatible):

    {
      "game": "planes",
      "airport": "flying_cloud",                 # id for engine.planes.board.airport(id) (or "practice")
      "pois": {"S3": ["restroom"], ...},         # points of interest after the custom layout option;
                                                 # spaces absent here have none (gates included)
      "cubes": {"S3": {"red": 2, "blue": 0, "green": 0, "yellow": 0, "grey": 1}, ...},
                                                 # EVERY non-gate space of the airport, all five colour keys
      "planes": [{"gate": "G1", "colour": "red", "slots": ["red", "red"], "capacity": 5,
                  "side": "5vp" | "draw2", "owner": 0 | None}, ...],   # one per gate (neutral gates: grey)
      "cones": ["S7", ...],                      # blocked spaces (7+ party cubes), sorted
      "track": 3, "track_end": 12,               # boarding token position and the space that ends the game
      "seats": [{"seat": 0, "name": "Seat 1", "colour": "red", "goals": [{"title": ..., "vp": 2}, ...],
                 "goal_vp": 3, "boarded": 2, "score": 13, "hand_size": 2}, ...],
                                                 # score = goal VP + 5 per own cube boarded, so far
      "deck": 40, "discard": 5,                  # shared pile counts (with player decks: the sums)
      "decks": [40], "discards": [5],            # per pile (one entry, or one per seat with player decks)
      "turn": 0, "phase": "action" | "follow" | "move" | "goal" | "over",
      "turns": 7,                                # turns completed so far
      "action": {"title": ..., "text": ...} | None,   # the action card in play this turn (face up)
      "effects": ["backwards", "only_own", ...], # move modifiers in force this turn
      "move": {"origin": "S3", "at": "S5", "active": ["blue", "grey"], "path": ["S4", "S5"],
               "drops": [["S4", "red"]], "skipped": None, "boarded": None} | None,
      "last_path": ["S3", "S4", "S5"],           # origin + spaces of the last confirmed move (for highlighting)
      Round Trip (always present; empty or zero in the base game):
      "round_trip": False,                       # expansion scoring in force
      planes[i] also has "placed": [0, 3] (slot of each cube in "slots") and "rewards": [{"cards": 2, "tokens": 0,
                  "stars": 3}, ...] (per slot), "title": side title
      seats[i] also has "tokens": 2 (VP tokens), "stars": 6 (VP from yellow stars so far), "aboard": 3 (own cubes
                  on any plane)
      "set_aside": [{"title": ..., "poi": "fast_food", "dot": "red"}, ...],   # Lost and Found's face-up cards
      "draft": {"seat": 1, "cards": 2} | None,  # Pass It On: who picks now and how many cards travel (never which)
      "scenario": "happy_hour" | None
      "end": None | "track" | "full colour" | "all aboard" | "round limit" | "frozen",  # once the end is triggered
      "winners": [0] | None,                     # once the game is over
    }

A seat's view, `view(state, seat)`, is the public view plus:

    "you": 0,
    "hand": [{"card": "card:R07", "title": ..., "action": "<action text>", "goal": "<goal text>", "vp": 2,
              "scorable": true}, ...]            # scorable: its goal condition is on the board now, for this seat

Card ids appear only in their holder's view: played goals and the action in play are shown by title and text.
"""

from __future__ import annotations

from typing import Any

from engine.planes.cards import card, dot_of
from engine.planes.goals import goal_met
from engine.planes.scoring import boarded_own, goal_points, passengers, score, star_points, tokens
from engine.planes.sides import side
from engine.planes.state import ALL_COLOURS, PLANE_CAPACITY, PlanesState, cones
from engine.planes.terrain import terrain


def public_view(state: PlanesState) -> dict[str, Any]:
    board = terrain(state)
    cubes = {
        s.id: {c: state.cubes.get(s.id, {}).get(c, 0) for c in ALL_COLOURS} for s in board.spaces if not s.is_gate
    }
    seats = []
    for seat in range(state.players):
        goal_vp = goal_points(state, seat)
        boarded = boarded_own(state, seat)
        seats.append({
            "seat": seat,
            "name": f"Seat {seat + 1}",
            "colour": state.colour_of(seat),
            "goals": [{"title": card(c).title, "goal": card(c).goal, "vp": card(c).vp} for c in state.goals[seat]],
            "goal_vp": goal_vp,
            "boarded": boarded,
            "score": score(state, seat),
            "hand_size": len(state.hands[seat]),
            "tokens": tokens(state, seat),
            "stars": star_points(state, seat),
            "aboard": passengers(state, seat),
        })
    skip_due = state.skip_pending and not (state.move and state.move.skipped)  # gone once a space is passed over
    effects = [
        name for name, on in (("backwards", state.backwards), ("only_own", state.only_own),
                              ("ignore_neutral", state.ignore_neutral), ("ignore_blockages", state.ignore_blockages),
                              ("skip", skip_due), ("move_twice", state.moves_left > 1),
                              ("only_neutral", state.only_neutral), ("double_drops", state.double_drops > 0),
                              ("skip_two", state.skips_left > 0)) if on
    ]
    move = state.move.model_dump(exclude={"snapshot"}) if state.move else None
    winners = None
    if state.phase == "over":
        from engine.planes.scoring import result

        winners = result(state).winners
    return {
        "game": "planes",
        "airport": state.airport,
        "pois": {k: list(v) for k, v in state.pois.items() if v},
        "cubes": cubes,
        "planes": [
            {"gate": p.gate, "colour": p.colour, "slots": list(p.slots), "capacity": PLANE_CAPACITY,
             "side": p.side, "owner": p.owner, "placed": p.slot_numbers(), "title": side(p.side).title,
             "rewards": [r.model_dump() for r in side(p.side).slots]}
            for p in state.planes
        ],
        "cones": cones(state),
        "track": state.track,
        "track_end": state.track_end,
        "seats": seats,
        "deck": sum(len(d) for d in state.decks),
        "discard": sum(len(d) for d in state.discards),
        "decks": [len(d) for d in state.decks],
        "discards": [len(d) for d in state.discards],
        "turn": state.turn,
        "phase": state.phase,
        "turns": state.turns,
        "action": ({"title": card(state.action_card).title, "text": card(state.action_card).action}
                   if state.action_card else None),
        "effects": effects,
        "move": move,
        "last_path": list(state.last_path),
        "end": state.end_reason,
        "winners": winners,
        "round_trip": state.round_trip,
        "set_aside": [{"title": card(c).title, "poi": card(c).poi, "dot": dot_of(c)} for c in state.set_aside],
        "draft": {"seat": state.draft_seat, "cards": len(state.draft)} if state.draft_seat is not None else None,
        "scenario": None if state.options.get("scenario", "none") == "none" else state.options["scenario"],
    }


def seat_view(state: PlanesState, seat: int) -> dict[str, Any]:
    out = public_view(state)
    out["you"] = seat
    out["hand"] = [
        {"card": c, "title": card(c).title, "action": card(c).action, "goal": card(c).goal, "vp": card(c).vp,
         "scorable": goal_met(state, seat, card(c).kind)}
        for c in state.hands[seat]
    ]
    return out
