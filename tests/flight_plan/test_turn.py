"""Regular play: revenue, the actions, flight restrictions, fees and the two-region limit."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import new_game
from engine.flight_plan import turn
from engine.flight_plan.game import GAME
from engine.flight_plan.mechanics import hub_income, limit_lifted, revenue
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import QUIET, give, ids, play, play_state, stack, texts


def test_revenue_needs_the_matching_active_fleet() -> None:
    st = play_state()
    give(st, 0, routes=(11, 43), fleets=("short",))
    assert revenue(st.airlines[0]) == 10
    give(st, 0, fleets=("medium",))
    assert revenue(st.airlines[0]) == 25
    st.airlines[0].off["route:43"] = 9
    assert revenue(st.airlines[0]) == 10


def test_cargo_fleet_pays_twenty_per_cargo_route() -> None:
    st = play_state()
    give(st, 0, routes=(12, 75), fleets=("cargo",))  # both cargo; no passenger fleet
    assert revenue(st.airlines[0]) == 40


def test_revenue_is_collected_at_the_start_of_the_turn() -> None:
    st = play_state()
    give(st, 1, routes=(11,), fleets=("short",))
    stack(st, QUIET)
    st, events = play(st, 0, "pass")
    assert st.turn == 1 and st.airlines[1].cash == 520
    assert "collects $10M of revenue" in texts(events)


def test_buy_and_fly() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    st, _ = play(st, 0, "buy:11")
    assert st.airlines[0].routes == [11] and st.airlines[0].cash == 455
    assert ids(st, 0) >= {"fly:11", "stay"}
    st, _ = play(st, 0, "fly:11")
    assert st.airlines[0].city == "PAR" and st.step == "wrap_up"
    st, _ = play(st, 0, "end")
    assert st.turn == 1


def test_buy_and_stay() -> None:
    st = play_state()
    st, _ = play(st, 0, "buy:11")
    assert "fly:11" not in ids(st, 0), "no short-haul fleet: the new route cannot be flown yet"
    st, _ = play(st, 0, "stay")
    assert st.airlines[0].city == "LON" and st.turn == 1


def test_buy_only_routes_touching_the_current_city() -> None:
    st = play_state()
    with pytest.raises(IllegalAction, match="does not start or end in London"):
        play(st, 0, "buy:1")


def test_fly_and_buy() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    st, _ = play(st, 0, "fly:11")
    assert st.airlines[0].city == "PAR" and st.step == "after_fly"
    assert "buy:44" in ids(st, 0)  # Paris-Rome
    st, _ = play(st, 0, "buy:44")
    assert 44 in st.airlines[0].routes and not any(i.startswith("fly:") for i in ids(st, 0)), (
        "after buying, flying waits for the next turn")


def test_fly_and_fly_pays_fees_and_cannot_buy() -> None:
    st = play_state()
    give(st, 0, fleets=("short", "medium"))
    give(st, 1, routes=(11, 44))
    st, events = play(st, 0, "fly:11")
    assert st.airlines[0].cash == 495 and st.airlines[1].cash == 505
    st, _ = play(st, 0, "fly:44")
    assert st.airlines[0].city == "ROM" and st.airlines[0].cash == 485
    assert not any(i.startswith(("buy:", "fly:")) for i in ids(st, 0)), "two legs: no purchase, no third leg"
    rome = next(n for n in turn.routes_at("ROM") if n != 44)
    with pytest.raises(IllegalAction, match="action for this turn is done"):
        play(st, 0, f"buy:{rome}")


def test_flying_needs_the_class_fleet() -> None:
    st = play_state()
    give(st, 1, routes=(43,))
    give(st, 0, fleets=("short",))
    with pytest.raises(IllegalAction, match="medium-haul fleet"):
        play(st, 0, "fly:43")


def test_unowned_routes_cannot_be_flown() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    assert "fly:11" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="Nobody owns route 11"):
        play(st, 0, "fly:11")


def test_deactivated_rival_route_flies_free() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    give(st, 1, routes=(11,))
    st.airlines[1].off["route:11"] = 9
    st, _ = play(st, 0, "fly:11")
    assert st.airlines[0].cash == 500 and st.airlines[1].cash == 500


def test_deactivated_fleet_cannot_fly() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    st.airlines[0].off["fleet:short"] = 9
    assert "fly:11" not in ids(st, 0)


def test_buy_a_fleet_one_of_each() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    assert "fleet:short" not in ids(st, 0)
    st, _ = play(st, 0, "fleet:long")
    assert st.airlines[0].fleets == ["short", "long"] and st.airlines[0].cash == 350 and st.step == "wrap_up"


def test_hub_only_on_own_route_and_not_a_rivals_hub() -> None:
    st = play_state()
    assert not any(i.startswith("hub:") for i in ids(st, 0))
    give(st, 0, routes=(11,))
    give(st, 1, routes=(12,), hubs=("PAR",))
    assert {i for i in ids(st, 0) if i.startswith("hub:")} == {"hub:LON"}
    st, _ = play(st, 0, "hub:LON")
    assert st.airlines[0].hubs == ["LON"] and st.airlines[0].cash == 250


def test_do_nothing() -> None:
    st = play_state()
    st, events = play(st, 0, "pass")
    assert st.turn == 1 and "does nothing" in texts(events)


def test_hub_use_fees_paid_at_the_hub_owners_turn() -> None:
    st = play_state()
    give(st, 1, hubs=("PAR",), routes=(44,))
    give(st, 2, routes=(11,))  # London-Paris, short: fee 5
    stack(st, QUIET)
    st, events = play(st, 0, "pass")
    assert st.turn == 1
    assert st.airlines[2].cash == 495 and st.airlines[1].cash == 515
    assert "hub use at Paris" in texts(events)


def test_same_region_hub_exempts_from_hub_fees() -> None:
    st = play_state()
    give(st, 1, hubs=("PAR",), routes=(44,))
    give(st, 2, routes=(11, 12), hubs=("FRA",))
    stack(st, QUIET)
    st, _ = play(st, 0, "pass")
    assert st.airlines[2].cash == 500


def test_no_hub_fee_for_a_deactivated_hub_or_route() -> None:
    st = play_state()
    give(st, 1, hubs=("PAR",), routes=(44,))
    give(st, 2, routes=(11,))
    st.airlines[2].off["route:11"] = 99
    stack(st, QUIET)
    st, _ = play(st, 0, "pass")
    assert st.airlines[2].cash == 500


def test_two_region_limit_refuses_a_third_region() -> None:
    st = play_state()
    give(st, 0, routes=(63,))  # New York-London: NA and EU
    st.airlines[0].city = "LON"
    assert "buy:80" not in ids(st, 0)  # London-Nairobi reaches Africa
    with pytest.raises(IllegalAction, match="third region"):
        play(st, 0, "buy:80")
    assert "buy:11" in ids(st, 0)


def test_limit_lifts_with_revenue_and_everything_earning() -> None:
    st = play_state(cash=900)
    a = st.airlines[0]
    give(st, 0, routes=(63, 64, 66, 75), fleets=("long", "cargo"))  # 30+30+30+30 + cargo 2x20 = 160
    assert revenue(a) >= 120 and limit_lifted(st, 0)
    a.off["fleet:cargo"] = 9
    assert not limit_lifted(st, 0), "a deactivated fleet keeps the limit"
    a.off = {"route:64": 9}
    assert not limit_lifted(st, 0), "a deactivated route keeps the limit"
    a.off = {}
    give(st, 0, fleets=("ultra",))
    assert not limit_lifted(st, 0), "a fleet with no route is not earning"


def test_limit_lifts_with_fleets_worth_500() -> None:
    st = play_state(cash=900)
    a = st.airlines[0]
    give(st, 0, routes=(11, 43, 63, 97), fleets=("short", "medium", "long", "ultra"))
    assert revenue(a) < 120 and limit_lifted(st, 0)
    st.airlines[0].city = "LON"
    assert "buy:80" in ids(st, 0)


def test_hub_use_fees_count_as_revenue_for_the_limit() -> None:
    # The book calls hub-use fees revenue: $90M of routes and $35M of fees from a rival is $125M a turn.
    st = play_state(cash=900)
    give(st, 0, routes=(63, 64, 66), fleets=("long",), hubs=("LON",))
    give(st, 1, routes=(75, 87, 11))  # London-Dubai 15, Amman-London 15, London-Paris 5
    assert revenue(st.airlines[0]) == 90 and hub_income(st, 0) == 35
    assert "buy:80" in ids(st, 0), "London-Nairobi, a third region, may be bought"
    st.airlines[1].off["route:75"] = 9
    assert hub_income(st, 0) == 20 and "buy:80" not in ids(st, 0), "a deactivated route pays no hub fee"


def test_a_deactivated_hub_does_not_keep_the_limit() -> None:
    # The third condition names routes and fleets: a hub sitting out does not stop an airline leaving its regions.
    st = play_state(cash=900)
    give(st, 0, routes=(63, 64, 66, 75), fleets=("long", "cargo"), hubs=("LON",))
    st.airlines[0].off["hub:LON"] = 9
    assert "buy:80" in ids(st, 0)


def test_a_deactivated_hub_of_ones_own_still_exempts_from_hub_fees() -> None:
    # The book exempts an airline owning a hub in the region; a deactivated hub is still owned.
    st = play_state()
    give(st, 1, hubs=("PAR",), routes=(44,))
    give(st, 2, routes=(11,), hubs=("FRA",))
    st.airlines[2].off["hub:FRA"] = 99
    stack(st, QUIET)
    st, events = play(st, 0, "pass")
    assert st.turn == 1 and st.airlines[2].cash == 500 and "hub use" not in texts(events)


def test_the_only_choices_are_on_offer() -> None:
    st = play_state()
    with pytest.raises(IllegalAction):
        play(st, 0, "fleet:jumbo")
    with pytest.raises(IllegalAction):
        play(st, 1, "pass")
    assert turn.refusal(st, "nonsense")


def test_every_flight_label_names_the_route_and_where_it_goes() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    give(st, 1, routes=(43,))
    st, _ = play(st, 0, "buy:11")
    labels = {o.id: o.label for d in GAME.pending(st) for o in d.options}
    assert labels["fly:11"] == "Fly 11 to Paris (short-haul)", "after buy and fly too, not only at the action"


def test_the_buttons_say_which_fleet_flies_which_route() -> None:
    st = play_state()
    labels = {o.id: o.label for d in GAME.pending(st) for o in d.options}
    buys = [label for oid, label in labels.items() if oid.startswith("buy:")]
    fleets = {oid: label for oid, label in labels.items() if oid.startswith("fleet:")}
    assert buys and all("-haul fleet)" in label for label in buys), buys
    assert fleets and all("flies routes" in label or "cargo route" in label for label in fleets.values()), fleets
    assert all(len(label) <= 80 for label in labels.values())


def test_fly_and_buy_after_a_rivals_route() -> None:
    """The book's fly and buy flies "an owned route": owned by somebody, as buy and fly's "unowned route" is owned by
    nobody. After a rival's route (its fee paid) the purchase is offered as after one's own."""
    st = play_state()
    give(st, 0, fleets=("short",))
    give(st, 1, routes=(11,))
    st, _ = play(st, 0, "fly:11")
    assert st.airlines[0].city == "PAR" and st.airlines[0].cash == 495
    decision = GAME.pending(st)[0]
    assert "buy:44" in {o.id for o in decision.options} and "buy a route here" in decision.prompt
    st, events = play(st, 0, "buy:44")
    assert 44 in st.airlines[0].routes and st.airlines[0].cash == 495 - 80
    assert "buys route" in texts(events)
    assert not any(i.startswith(("fly:", "buy:")) for i in ids(st, 0)), "flying again waits for the next turn"


def test_fly_and_buy_after_a_rivals_deactivated_route() -> None:
    st = play_state()
    give(st, 0, fleets=("short",))
    give(st, 1, routes=(11,))
    st.airlines[1].off["route:11"] = 9
    st, _ = play(st, 0, "fly:11")
    assert st.airlines[0].cash == 500, "a deactivated route flies free"
    assert "buy:44" in ids(st, 0)


def test_after_an_own_route_the_prompt_offers_the_purchase() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    st, _ = play(st, 0, "fly:11")
    decision = GAME.pending(st)[0]
    assert "buy:44" in {o.id for o in decision.options} and "buy a route here" in decision.prompt


def test_a_first_move_route_blocked_by_the_two_region_limit_says_so() -> None:
    st = new_game(GAME, 3, 1, {})
    assert isinstance(st, FPState)
    st.dealt[0] = [63, 80, 11]  # New York-London, London-Nairobi, London-Paris
    st.airlines[0].cash = 900
    st, _ = play(st, 0, "take:63")
    assert "take:80" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="third region"):
        play(st, 0, "take:80")
    with pytest.raises(IllegalAction, match="not one of the routes dealt to you"):
        play(st, 0, "take:12")


def test_after_the_action_the_player_may_still_deactivate_and_trade_then_ends_the_turn() -> None:
    # The book allows both at any time of one's turn, so an action that would end it waits for 'end'.
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    give(st, 1, routes=(12,))
    st, _ = play(st, 0, "fleet:long")
    decision = GAME.pending(st)[0]
    assert st.turn == 0 and decision.kind == "wrap_up" and {o.id for o in decision.options} == {"end", "cash", "trade"}
    st, _ = play(st, 0, "cash", "deactivate:route:11")
    assert st.step == "wrap_up" and "route:11" in st.airlines[0].off
    with pytest.raises(IllegalAction):
        play(st, 0, "cash", "deactivate:fleet:long")  # bought this turn
    st, _ = play(st, 0, "trade", "with:1", "asset:route:12", "price:45")
    assert st.step == "wrap_up" and st.offer is not None
    stack(st, QUIET)
    st, _ = play(st, 0, "end")
    assert st.turn == 1 and st.offer is None


def test_doing_nothing_passes_play_at_once() -> None:
    st = play_state()
    give(st, 0, routes=(11,))
    st, _ = play(st, 0, "pass")
    assert st.turn == 1


def test_an_action_ends_the_turn_at_once_when_nothing_else_is_possible() -> None:
    st = play_state(players=2)
    give(st, 1, fleets=("long",))
    st, _ = play(st, 0, "fleet:long")
    assert st.turn == 1, "nothing to deactivate but what was just bought, nothing either airline may take"
