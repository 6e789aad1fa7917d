"""The greedy team (engine/now_boarding/greedy.py) on small hand-built positions: each habit it is meant to have."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.now_boarding.game import GAME
from engine.now_boarding.greedy import claims, greedy_plan
from engine.now_boarding.state import NBState
from tests.now_boarding.helpers import act, bare, pax


def choice(st: NBState, seat: int) -> str:
    decision = next(d for d in GAME.pending(st) if d.seat == seat)
    return greedy_plan(st, decision, Rng.seeded(3))[0]


def test_it_delivers_before_anything_else() -> None:
    st = bare()
    st.planes[0].cargo = [pax("DEN", "ATL")]
    st.airports["ATL"] = [pax("ATL", "MIA", anger=3)]
    assert choice(st, 0) == "drop:pax:DEN>ATL"


def test_it_boards_the_angriest_first() -> None:
    st = bare()
    st.planes[0].seats = 2
    st.airports["ATL"] = [pax("ATL", "MIA", anger=1), pax("ATL", "DEN", anger=3), pax("ATL", "ORD")]
    assert choice(st, 0) == "board:pax:ATL>DEN"


def test_among_calm_passengers_it_boards_the_one_going_its_way() -> None:
    st = bare()
    st.planes[0].seats = 2
    st.planes[0].cargo = [pax("DEN", "MIA")]
    st.airports["ATL"] = [pax("ATL", "SFO"), pax("ATL", "MIA")]
    assert choice(st, 0) == "board:pax:ATL>MIA"


def test_a_full_plane_leaves_a_calm_passenger_for_one_about_to_complain() -> None:
    st = bare()
    st.planes[0].cargo = [pax("DEN", "SFO")]
    st.airports["ATL"] = [pax("ATL", "MIA", anger=3)]
    st, _ = act(st, 0, choice(st, 0))
    assert st.airports["ATL"][-1].id == "pax:DEN>SFO" and choice(st, 0) == "board:pax:ATL>MIA"


def test_it_flies_toward_its_passengers_destination() -> None:
    st = bare()
    st.planes[0].cargo = [pax("DEN", "MIA")]
    assert choice(st, 0) == "fly:MIA"


def test_two_planes_do_not_chase_the_same_queue() -> None:
    st = bare(3)  # green at ATL, orange at LAX, red at ORD
    st.airports["DEN"] = [pax("DEN", "SFO", anger=2)]
    st.airports["MIA"] = [pax("MIA", "ATL", anger=2)]
    shared = claims(st)
    assert shared["MIA"] == 0, "green is nearest Miami"
    assert shared["DEN"] != 0, "Denver's queue goes to another plane"


def test_the_temporary_speed_token_is_spent_when_the_moves_run_out() -> None:
    st = bare()
    st.planes[0].cargo = [pax("DEN", "JFK")]
    st.temp["speed"] = 0
    st.planes[0].moves_left = 2
    st, _ = act(st, 0, "fly:ATL-JFK.2")
    assert st.planes[0].moves_left == 0 and choice(st, 0) == "boost"


def test_done_when_nothing_is_left_to_do() -> None:
    st = bare()
    assert choice(st, 0) == "done"
