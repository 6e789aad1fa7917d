"""The maintenance phase: anger, complaints, new passengers, stages and weather, upgrades, the final round, the exit
count, winning and losing."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import dump_state
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState, Token
from tests.now_boarding.helpers import act, bare, end_flight, ids, pax, timeout


def test_anger_on_every_waiting_passenger_not_on_planes() -> None:
    st = bare()
    st.airports["DEN"] += [pax("DEN", "SFO", anger=1), pax("DEN", "ATL")]
    st.airports["ATL"].append(pax("ATL", "MIA"))
    st, _ = act(st, 0, "board:pax:ATL>MIA")
    st, _ = end_flight(st)
    assert [c.anger for c in st.airports["DEN"] if c.face_up] == [2, 1]
    assert st.planes[0].cargo[0].anger == 0


def test_fourth_anger_files_a_complaint() -> None:
    st = bare()
    st.airports["DEN"] += [pax("DEN", "SFO", anger=3), pax("DEN", "ATL", anger=2)]
    st, events = end_flight(st)
    assert [c.id for c in st.complaints] == ["pax:DEN>SFO"] and st.complaints[0].anger == 0
    assert [c.id for c in st.airports["DEN"] if c.face_up] == ["pax:DEN>ATL"]
    assert any("files a complaint (1 so far; 3 lose the day)" in e.text for e in events)


def test_three_complaints_lose_at_once() -> None:
    st = bare()
    st.complaints = [pax("ATL", "MIA"), pax("ATL", "JFK")]
    st.airports["DEN"].append(pax("DEN", "SFO", anger=3))
    st, events = end_flight(st)
    assert st.over and st.lost and GAME.pending(st) == []
    result = GAME.result(st)
    assert result is not None and result.winners == [] and "loses" in result.summary


@pytest.mark.parametrize(("players", "stage", "draw"), [(2, 0, 1), (2, 1, 2), (2, 2, 3), (4, 0, 3), (4, 2, 5)])
def test_new_passengers_each_round_by_stage(players: int, stage: int, draw: int) -> None:
    st = bare(players)
    st.stage = stage
    before = len(st.piles[stage])
    st, events = end_flight(st)
    assert len(st.piles[stage]) == before - draw
    assert sum(len(c) for c in st.airports.values()) == draw
    assert any("check in" in e.text for e in events)


def test_new_passengers_wait_face_down_until_the_flight() -> None:
    st = bare()
    st.planes[0].money = [pax("ATL", "DEN")]  # one pilot can buy, so maintenance waits for them
    st, _ = end_flight(st)
    assert st.phase == "maintenance"
    drawn = [c for cards in st.airports.values() for c in cards]
    assert drawn and not any(c.face_up for c in drawn)
    assert {c.id for c in drawn} <= GAME.secrets(st)[None]
    assert not {c.id for c in drawn} & {str(v) for v in GAME.view(st, None)["airports"].values()}
    st, _ = act(st, 0, "done")
    assert st.phase == "flight" and all(c.face_up for cards in st.airports.values() for c in cards)


def test_empty_pile_moves_to_the_next_stage_with_new_weather() -> None:
    st = bare()
    st.weather = [Token(route="ATL-JFK", space=1, kind="storm")]
    st.weather_piles[1] = ["wx:DEN-SFO", "wx:ATL-DEN"]
    st.piles[0] = []
    st, events = end_flight(st)
    assert st.stage == 1 and st.phase == "weather" and st.weather == [] and st.weather_left == st.weather_piles[1]
    assert any("The Afternoon begins" in e.text for e in events)
    assert sum(len(c) for c in st.airports.values()) == 0, "the Afternoon's passengers come after its weather"
    [decision] = GAME.pending(st)
    assert decision.kind == "weather" and "DEN\u2013SFO does the storm go" in decision.prompt
    st, _ = act(st, decision.seat, "weather:2")
    [decision] = GAME.pending(st)
    assert "ATL\u2013DEN does the tailwind go" in decision.prompt
    st, events = act(st, decision.seat, "weather:3")
    assert [(t.route, t.space, t.kind) for t in st.weather] == [("DEN-SFO", 2, "storm"), ("ATL-DEN", 3, "tailwind")]
    assert st.phase == "flight" and st.round == 2 and st.stage_began == 2
    assert sum(len(c) for c in st.airports.values()) == 2  # drawn from the Afternoon pile
    assert GAME.pending(st)[0].prompt.startswith("Round 2 · Afternoon, 1 of 5:")


def test_the_last_card_of_a_stage_is_played_in_that_stage() -> None:
    st = bare()
    st.piles[0] = st.piles[0][:1]
    st, _ = end_flight(st)
    assert st.stage == 0 and st.piles[0] == []


def test_one_way_to_pay_is_taken_at_once() -> None:
    st = bare()
    st.planes[0].money = [pax("JFK", "LAX"), pax("ATL", "DEN")]  # 5 + 2
    st, _ = end_flight(st)
    st, events = act(st, 0, "buy:seat")  # $5: only the $5 card pays it without a card to spare
    assert st.planes[0].seats == 2 and [c.fare for c in st.planes[0].money] == [2] and st.planes[0].credit == 0
    assert events[0].text == "Player 1 bought the 2nd seat for $5."
    before = dump_state(st)
    with pytest.raises(IllegalAction, match=r"costs \$9; you have \$2"):
        act(st, 0, "buy:seat")
    assert dump_state(st) == before


def test_with_several_ways_to_pay_the_pilot_picks_the_fares() -> None:
    """The book lets pilots hand in whichever fare cards they like: here $4 + $4 for the seat leaves $3 of change,
    which buys the speed token and keeps the $1 card, where paying exactly ($4 + $1) would have kept nothing."""
    st = bare()
    st.planes[0].money = [pax("ATL", "LAX"), pax("ATL", "SFO"), pax("ATL", "MIA")]  # 4 + 4 + 1
    st, _ = end_flight(st)
    st, events = act(st, 0, "buy:seat")
    assert not events and st.planes[0].seats == 1 and st.planes[0].paying == "buy:seat"
    [decision] = GAME.pending(st)
    assert "pay for the 2nd seat ($5) with which fares?" in decision.prompt
    assert [(o.id, o.label) for o in decision.options] == [
        ("pay:4+1", "Pay $4 + $1, no change"), ("pay:4+4", "Pay $4 + $4, $3 of change to spend now"),
        ("cancel", "Buy nothing after all")]
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="not a way to pay"):
        act(st, 0, "pay:4+4+1")
    with pytest.raises(IllegalAction, match="pick the fares to pay with"):
        act(st, 0, "done")
    assert dump_state(st) == before
    st, events = act(st, 0, "pay:4+4")
    assert st.planes[0].seats == 2 and st.planes[0].credit == 3 and [c.fare for c in st.planes[0].money] == [1]
    assert "$3 of change" in events[0].text
    st, _ = act(st, 0, "buy:tempspeed")
    assert st.temp["speed"] == 0 and st.planes[0].credit == 2 and [c.fare for c in st.planes[0].money] == [1]


def test_a_pilot_may_buy_nothing_after_all() -> None:
    st = bare()
    st.planes[0].money = [pax("ATL", "LAX"), pax("ATL", "SFO"), pax("ATL", "MIA")]
    st, _ = end_flight(st)
    st, _ = act(st, 0, "buy:seat", "cancel")
    assert st.planes[0].seats == 1 and len(st.planes[0].money) == 3 and "buy:seat" in ids(st, 0)


def test_a_token_bought_by_another_pilot_while_one_picks_fares() -> None:
    st = bare()
    st.planes[0].money = [pax("ATL", "MIA"), pax("ATL", "MIA"), pax("ATL", "JFK")]  # 1 + 1 + 2
    st.planes[1].money = [pax("ATL", "JFK")]
    st, _ = end_flight(st)
    st, _ = act(st, 0, "buy:tempseat")  # $2: one $2 card, or two $1 cards
    st, _ = act(st, 1, "buy:tempseat")  # Player 2 has a single way to pay
    assert st.temp["seat"] == 1
    with pytest.raises(IllegalAction, match="Another pilot has just bought that one"):
        act(st, 0, "pay:2")
    assert ids(st, 0) == ["cancel"]


def test_change_buys_a_temporary_token_in_the_same_phase() -> None:
    st = bare()
    st.planes[0].money = [pax("DEN", "JFK"), pax("DEN", "JFK")]  # 3 + 3
    st, _ = end_flight(st)
    st, events = act(st, 0, "buy:seat")  # $5 from $6: $1 over
    assert st.planes[0].credit == 1 and not st.planes[0].money and "$1 of change" in events[0].text
    assert ids(st, 0) == ["buy:tempspeed", "done"]
    st, _ = act(st, 0, "buy:tempspeed")
    assert st.temp["speed"] == 0 and st.planes[0].credit == 0


def test_change_not_spent_is_lost() -> None:
    st = bare()
    st.planes[0].money = [pax("DEN", "JFK"), pax("DEN", "JFK")]
    st, _ = end_flight(st)
    st, _ = act(st, 0, "buy:seat", "done")
    assert st.phase == "flight" and st.planes[0].credit == 0 and not st.planes[0].money


def test_prices_of_every_upgrade() -> None:
    st = bare()
    st.planes[0].money = [pax("JFK", "LAX")] * 30
    st, _ = end_flight(st)
    labels = {o.id: o.label for d in GAME.pending(st) if d.seat == 0 for o in d.options}
    assert labels["buy:seat"] == "Buy 2nd seat for $5" and labels["buy:speed"] == "Buy speed 4 for $5"
    assert labels["buy:route:orange"] == "Buy orange routes (O) for $7"  # one pair of brackets, not "(O) ($7)"
    assert labels["buy:route:red"].endswith("for $7") and "buy:route:green" not in labels
    assert labels["buy:tempseat"].endswith("for $2") and labels["buy:tempspeed"].endswith("for $1")
    for seats, price in [(2, 9), (3, 13), (4, 17)]:
        st, _ = act(st, 0, "buy:seat")
        assert st.planes[0].seats == seats
        label = next((o.label for d in GAME.pending(st) if d.seat == 0 for o in d.options if o.id == "buy:seat"), "")
        assert label.endswith(f"for ${price}")
    st, _ = act(st, 0, "buy:seat")
    assert st.planes[0].seats == 5 and "buy:seat" not in ids(st, 0)
    for price in [5, 7, 9, 11, 13, 15]:
        label = next(o.label for d in GAME.pending(st) if d.seat == 0 for o in d.options if o.id == "buy:speed")
        assert label.endswith(f"for ${price}")
        st, _ = act(st, 0, "buy:speed")
    assert st.planes[0].speed == 9 and "buy:speed" not in ids(st, 0)


def test_temporary_tokens_one_of_each_kind() -> None:
    st = bare(3)
    for plane in st.planes[:2]:
        plane.money = [pax("JFK", "LAX")]
    st, _ = end_flight(st)
    st, _ = act(st, 0, "buy:tempseat")
    assert st.temp["seat"] == 0 and "buy:tempseat" not in ids(st, 1) and "buy:tempseat" not in ids(st, 0)
    st, _ = act(st, 1, "buy:tempspeed")
    assert st.temp["speed"] == 1 and "buy:tempspeed" not in ids(st, 0)
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="not for sale"):
        act(st, 0, "buy:tempspeed")
    assert dump_state(st) == before


def test_purchases_are_simultaneous_and_end_when_all_are_done() -> None:
    st = bare(3)
    st.planes[0].money = [pax("JFK", "LAX")]
    st.planes[2].money = [pax("JFK", "LAX")]
    st, _ = end_flight(st)
    assert st.phase == "maintenance" and [d.seat for d in GAME.pending(st)] == [0, 2]  # seat 1 has nothing
    st, _ = act(st, 2, "buy:seat")
    st, _ = act(st, 0, "buy:speed")
    assert st.phase == "maintenance"
    st, _ = act(st, 2, "done")
    st, _ = act(st, 0, "done")
    assert st.phase == "flight" and st.round == 2


def test_route_tiles_run_out() -> None:
    st = bare(3)
    st.supply["route:red"] = 0
    st.planes[0].money = [pax("JFK", "LAX")] * 2
    st, _ = end_flight(st)
    assert "buy:route:red" not in ids(st, 0) and "buy:route:purple" in ids(st, 0)
    st, _ = act(st, 0, "buy:route:purple")
    assert st.planes[0].routes == ["green", "purple"] and st.supply["route:purple"] == 1


def test_timeout_in_maintenance_skips_the_purchases_left() -> None:
    st = bare()
    st.planes[0].money = [pax("JFK", "LAX")]
    st, _ = end_flight(st)
    st, events = timeout(st)
    assert st.phase == "flight" and st.planes[0].seats == 1 and len(st.planes[0].money) == 1


def final_round(st: NBState) -> NBState:
    st.stage = 2
    st.piles = [[], [], []]
    st, _ = end_flight(st)
    assert st.final_round and st.phase == "flight"
    return st


def test_final_round_adds_no_passengers_and_keeps_the_weather() -> None:
    st = bare()
    st.weather = [Token(route="ATL-DEN", space=2, kind="storm"), Token(route="JFK-ORD", space=1, kind="tailwind")]
    weather = list(st.weather)
    st = final_round(st)
    assert sum(len(c) for c in st.airports.values()) == 0 and st.weather == weather
    assert "final round" in GAME.pending(st)[0].prompt


def test_exit_count_and_a_win() -> None:
    st = bare()
    st.complaints = [pax("ATL", "MIA")]
    st.airports["DEN"] += [pax("DEN", "SFO"), pax("DEN", "ATL")]
    st.airports["MIA"].append(pax("MIA", "ATL"))
    st = final_round(st)
    st, events = end_flight(st)
    assert st.over and not st.lost and st.exit_complaints == 1  # three undelivered: one complaint
    result = GAME.result(st)
    assert result is not None and result.winners == [0, 1] and "2 complaints" in result.summary


def test_exit_count_counts_passengers_aboard_and_can_lose() -> None:
    st = bare()
    st.complaints = [pax("ATL", "MIA")]
    st.airports["ATL"] += [pax("ATL", "DEN"), pax("ATL", "JFK")]
    st.airports["DEN"] += [pax("DEN", "SFO"), pax("DEN", "ATL")]
    st = final_round(st)
    st, _ = act(st, 0, "board:pax:ATL>DEN")
    st, _ = end_flight(st)
    assert st.over and st.lost and st.exit_complaints == 2
    assert GAME.result(st).winners == []  # type: ignore[union-attr]
