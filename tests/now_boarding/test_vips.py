"""Every VIP passenger (the optional module), and the complaint of a VIP still waiting when its stage ends."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from tests.now_boarding.helpers import act, bare, end_flight, ids, pax, storm, tailwind


def vip_game(players: int = 2):  # type: ignore[no-untyped-def]
    return bare(players, {"vips": "on"})


def test_impatient_keeps_its_anger_aboard() -> None:
    st = vip_game()
    st.airports["ATL"].append(pax("ATL", "JFK", anger=2, vip="impatient", stage=0))
    st, _ = act(st, 0, "board:vip:impatient")
    assert st.planes[0].cargo[0].anger == 2
    st, _ = act(st, 0, "fly:MIA", "drop:vip:impatient")
    st, _ = end_flight(st)
    assert [c.anger for c in st.airports["MIA"] if c.vip] == [3]


@pytest.mark.parametrize("kind", ["storm", "tailwind"])
def test_nervous_will_not_fly_through_weather(kind: str) -> None:
    st = vip_game()
    st.weather = [storm("ATL-MIA", 1) if kind == "storm" else tailwind("ATL-MIA", 1)]
    st.airports["ATL"].append(pax("ATL", "DEN", vip="nervous", stage=0))
    assert "fly:MIA" in ids(st, 0)
    st, _ = act(st, 0, "board:vip:nervous")
    assert "fly:MIA" not in ids(st, 0) and "fly:DFW" in ids(st, 0)
    with pytest.raises(IllegalAction, match="Nervous"):
        act(st, 0, "fly:MIA")


def test_crying_baby_makes_the_others_at_its_airport_gain_two_anger_instead_of_one() -> None:
    st = vip_game()
    st.airports["DEN"] += [pax("DEN", "SFO", vip="baby1", stage=0), pax("DEN", "ATL")]
    st.airports["SFO"].append(pax("SFO", "LAX"))
    st, _ = end_flight(st)
    angers = {c.id: c.anger for cards in st.airports.values() for c in cards if c.face_up}
    assert {k: angers[k] for k in ("vip:baby1", "pax:DEN>ATL", "pax:SFO>LAX")} == {
        "vip:baby1": 1, "pax:DEN>ATL": 2, "pax:SFO>LAX": 1}


def test_two_babies_do_not_add_up() -> None:
    st = vip_game()
    st.airports["DEN"] += [pax("DEN", "SFO", vip="baby1", stage=0), pax("DEN", "ATL", vip="baby2", stage=1),
                           pax("DEN", "ORD")]
    st, _ = end_flight(st)
    assert [c.anger for c in st.airports["DEN"] if c.face_up] == [2, 2, 2]  # each baby is another's "other"


def test_captured_fugitive_fills_two_seats() -> None:
    st = vip_game()
    st.airports["ATL"].append(pax("ATL", "MIA", vip="fugitive", stage=1))
    assert "board:vip:fugitive" not in ids(st, 0)  # one seat only
    st.planes[0].seats = 2
    st.airports["ATL"].append(pax("ATL", "JFK"))
    st, _ = act(st, 0, "board:vip:fugitive")
    assert "board:pax:ATL>JFK" not in ids(st, 0)


def test_first_in_line_boards_before_anyone_at_its_airport() -> None:
    st = vip_game()
    st.planes[0].seats = 2
    st.airports["ATL"] += [pax("ATL", "JFK"), pax("ATL", "MIA", vip="first", stage=1)]
    assert "board:pax:ATL>JFK" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="First In Line"):
        act(st, 0, "board:pax:ATL>JFK")
    st, _ = act(st, 0, "board:vip:first", "board:pax:ATL>JFK")
    assert len(st.planes[0].cargo) == 2


def test_celebrity_flies_alone() -> None:
    st = vip_game()
    st.planes[0].seats = 3
    st.planes[0].cargo.append(pax("MIA", "ATL"))
    st.airports["ATL"] += [pax("ATL", "JFK", vip="celebrity", stage=2), pax("ATL", "MIA")]
    assert "board:vip:celebrity" not in ids(st, 0)
    st, _ = act(st, 0, "drop:pax:MIA>ATL")
    st, _ = act(st, 0, "board:vip:celebrity")
    assert "board:pax:ATL>MIA" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="alone"):
        act(st, 0, "board:pax:ATL>MIA")


def test_direct_flight_leaves_only_at_its_destination() -> None:
    st = vip_game()
    st.airports["ATL"].append(pax("ATL", "JFK", vip="direct", stage=2))
    st, _ = act(st, 0, "board:vip:direct", "fly:MIA")
    assert "drop:vip:direct" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="only at JFK"):
        act(st, 0, "drop:vip:direct")


def test_grumpy_arrives_with_one_anger() -> None:
    st = vip_game()
    st.vip_cards["vip:grumpy"] = pax("DEN", "SFO", vip="grumpy", stage=2)
    st.piles[0].insert(0, "vip:grumpy")
    st, _ = end_flight(st)
    assert st.phase == "flight"
    assert [c.anger for c in st.airports["DEN"] if c.vip] == [1]


def test_vip_still_waiting_when_its_stage_ends_complains() -> None:
    st = vip_game()
    st.piles[0] = []
    st.airports["DEN"] += [pax("DEN", "SFO", vip="nervous", stage=0), pax("DEN", "ATL", vip="first", stage=1)]
    st.airports["ATL"].append(pax("ATL", "MIA", vip="impatient", stage=0))
    st, _ = act(st, 0, "board:vip:impatient")
    st, events = end_flight(st)
    assert [c.id for c in st.complaints] == ["vip:nervous"]  # aboard is not waiting; Afternoon VIPs stay
    assert any("Morning ended" in e.text for e in events) and st.stage == 1
