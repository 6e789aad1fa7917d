"""The team planner's pieces (engine/now_boarding/tours.py, team.py, fleet.py, lookahead.py, pilot.py) on small
hand-built positions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.ai import levels
from engine.core.ai.hooks import ai_for
from engine.core.ai.watch import UNLIMITED, Watch
from engine.core.checks.conformance import blindness_problems
from engine.core.contract import GameState
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.now_boarding import lookahead
from engine.now_boarding.fleet import plane_choice, route_choice
from engine.now_boarding.flight import weather_key
from engine.now_boarding.game import GAME, NowBoarding
from engine.now_boarding.lookahead import other_start, two_rounds
from engine.now_boarding.state import NBState
from engine.now_boarding.team import COMPLAINT, PASSES, flyers, gain_order, plan_round, riders, steps, team_plan, worth
from engine.now_boarding.tours import Rider, Table, Tour, boardings, cargo_moves, relay_worth, tours, toward
from tests.now_boarding.helpers import act, bare, pax


def rider(origin: str, dest: str, anger: int = 0) -> Rider:
    return Rider(f"pax:{origin}>{dest}", origin, dest, 1, anger)


def test_when_all_fit_a_plane_may_also_pass_those_going_away_from_the_rest() -> None:
    mia, den, other_mia = rider("ATL", "MIA"), rider("ATL", "DEN"), Rider("x:ATL>MIA", "ATL", "MIA", 1)
    sets = boardings([mia, den, other_mia], 3)
    assert sets[0] == (mia, den, other_mia), "everyone first"
    assert set(sets) == {(mia, den, other_mia), (den,), (mia, other_mia)}
    assert boardings([mia, other_mia], 3) == [(mia, other_mia)], "one destination: nothing to split"
    assert boardings([mia, den], 0) == [()]


def test_when_not_all_fit_the_angriest_come_first_then_shared_destinations() -> None:
    calm_den, angry, calm_mia, other_mia = (rider("ATL", "DEN"), rider("ATL", "SFO", 2), rider("ATL", "MIA"),
                                            Rider("x:ATL>MIA", "ATL", "MIA", 1))
    sets = boardings([calm_den, angry, calm_mia, other_mia], 2)
    assert sets[0] == (angry, calm_mia), "the angry one, then one of the two going to Miami"
    assert all(len(s) in (1, 2) for s in sets)


def test_passengers_aboard_are_valued_by_the_planes_best_drop_order() -> None:
    st = bare()  # green at ATL, speed 3: New York, Chicago and Dallas three moves each; Chicago-New York 3,
    table = Table(st.side, weather_key(st))  # Dallas-New York 6
    team = flyers(st)
    to_jfk, to_ord, to_dfw = rider("ATL", "JFK"), rider("ATL", "ORD"), rider("ATL", "DFW")
    assert cargo_moves(table, team[0], "ATL", [to_jfk, to_ord]) == 3 + 6
    assert cargo_moves(table, team[0], "ATL", [to_jfk, to_dfw]) == 3 + 9, "one of them waits for the detour"
    assert cargo_moves(table, team[0], "ATL", []) == 0

    def aboard(*cargo: Rider) -> float:
        plan = [Tour(0, [], "ATL", cargo), Tour(1, [], team[1].at, ())]
        return worth(st, table, team, plan, {})

    assert aboard(to_jfk, to_ord) > aboard(to_jfk, to_dfw), "a plane split between two directions is worth less"


def test_a_passenger_left_at_an_airport_gets_the_coming_anger_like_anyone_waiting() -> None:
    st = bare()
    table = Table(st.side, weather_key(st))
    team = flyers(st)
    to_ord = rider("SFO", "ORD")
    left = [Tour(0, [], "ATL", (), left=(("DEN", to_ord),)), Tour(1, [], team[1].at, ())]
    stay = [Tour(0, [], "ATL", ()), Tour(1, [], team[1].at, ())]
    assert worth(st, table, team, left, {"DEN": []}) == worth(st, table, team, stay, {"DEN": [to_ord]})


def test_a_plane_full_after_its_tour_fetches_nobody() -> None:
    st = bare()  # green at ATL with one seat, orange far away at LAX
    table = Table(st.side, weather_key(st))
    team = flyers(st)
    to_ord, to_jfk = rider("ATL", "ORD", 1), rider("DEN", "JFK")

    def waiting_cost(*cargo: Rider) -> float:
        plan = [Tour(0, [], "ATL", cargo), Tour(1, [], "LAX", ())]
        return worth(st, table, team, plan, {"ATL": []}) - worth(st, table, team, plan, {"ATL": [to_ord]})

    assert waiting_cost(to_jfk) > waiting_cost(), "the full plane beside the queue has no seat for them"


def test_one_seat_fetches_one_waiting_passenger_at_a_time() -> None:
    st = bare()
    table = Table(st.side, weather_key(st))
    team = flyers(st)
    first, second = rider("ATL", "ORD", 1), Rider("x:ATL>ORD", "ATL", "ORD", 1, 1)
    plan = [Tour(0, [], "ATL", ()), Tour(1, [], "LAX", ())]
    none = worth(st, table, team, plan, {"ATL": []})
    one = none - worth(st, table, team, plan, {"ATL": [first]})
    two = none - worth(st, table, team, plan, {"ATL": [first, second]})
    assert two > 2 * one, "the second waits for green to come back from Chicago, or for orange"


def test_a_plane_short_of_moves_stops_as_far_as_it_gets_on_its_way() -> None:
    st = bare()  # orange at LAX, speed 3; LAX-MIA is an orange route of four spaces
    table = Table(st.side, weather_key(st))
    orange = flyers(st)[1]
    assert toward(table, orange, "LAX", 3, "MIA") == ("LAX-MIA.3", 3)
    assert toward(table, orange, "LAX", 0, "MIA") is None


def test_a_relay_needs_a_plane_that_gets_the_passenger_home_sooner() -> None:
    st = bare()  # green at ATL (ATL-ORD is green), orange at LAX
    table = Table(st.side, weather_key(st))
    team = flyers(st)
    to_ord = rider("SFO", "ORD")
    assert relay_worth(table, team[1], team, "DEN", to_ord), "green reaches ORD from DEN in 7 moves, orange in 10"
    assert not relay_worth(table, team[0], team, "DEN", to_ord), "nobody beats green's own way"
    assert not relay_worth(table, team[1], team, "SFO", to_ord), "never back where it checked in"


def test_tours_deliver_on_the_way_and_board_where_they_stop() -> None:
    st = bare()
    st.planes[0].cargo = [pax("DEN", "MIA")]
    st.airports["MIA"] = [pax("MIA", "ATL", anger=1)]
    table = Table(st.side, weather_key(st))
    found = tours(table, flyers(st)[0], riders(st), list(st.airports), flyers(st))
    assert any(t.steps[:3] == ["fly:MIA", "drop:pax:DEN>MIA", "board:pax:MIA>ATL"] for t in found)
    assert all(t.moves <= 3 for t in found)


def test_two_planes_share_out_the_queues() -> None:
    st = bare()  # green at ATL, orange at LAX: Miami is two moves from green, San Francisco two from orange
    st.airports["MIA"] = [pax("MIA", "DEN", anger=2)]
    st.airports["SFO"] = [pax("SFO", "DEN", anger=2)]
    green, orange = plan_round(st, 0), plan_round(st, 1)
    assert green[:2] == ["fly:MIA", "board:pax:MIA>DEN"]
    assert orange[:2] == ["fly:SFO", "board:pax:SFO>DEN"]


def test_a_plane_whose_pilot_is_done_stays_put_and_is_still_counted_on_next_round() -> None:
    st = bare()
    st.airports["SFO"] = [pax("SFO", "LAX", anger=2)]
    assert plan_round(st, 1)[:2] == ["fly:SFO", "board:pax:SFO>LAX"], "orange is nearest"
    st, _ = act(st, 1, "done")
    orange = flyers(st)[1]
    assert orange.fixed and len(tours(Table(st.side, weather_key(st)), orange, riders(st), list(st.airports))) == 1
    assert plan_round(st, 0) == [], "orange can still fetch the passenger next round: green does not cross the map"


def test_the_final_round_counts_only_who_is_still_not_home() -> None:
    st = bare()
    st.final_round = True
    st.planes[0].cargo = [pax("DEN", "MIA")]
    assert plan_round(st, 0) == ["fly:MIA", "drop:pax:DEN>MIA"]


def test_two_pilots_pick_route_colours_that_cover_the_map_together() -> None:
    st = new_game(GAME, 2, 1, {"vips": "off"})
    for _ in range(6):
        decision = GAME.pending(st)[0]
        if decision.options[0].id.startswith("route:"):
            break
        st, _ = apply(GAME, st, decision.seat, decision.options[0].id)
    assert isinstance(st, NBState)
    assert route_choice(st, 0) == "route:purple"
    st, _ = apply(GAME, st, 0, "route:purple")
    for _ in range(2):
        st, _ = apply(GAME, st, 1, GAME.pending(st)[0].options[0].id)
    assert isinstance(st, NBState)
    assert route_choice(st, 1) == "route:red", "green with purple, orange with red: the shortest flights overall"


def test_looking_two_rounds_ahead_gives_steps_the_game_takes() -> None:
    st = bare()
    st.airports["MIA"] = [pax("MIA", "DEN", anger=2)]
    st.airports["SFO"] = [pax("SFO", "DEN", anger=1), pax("SFO", "ATL")]
    plan = two_rounds(GAME, st, 0, 3, 1, 2, Rng.seeded(5))
    assert plan == two_rounds(GAME, st, 0, 3, 1, 2, Rng.seeded(5))
    act(st, 0, *plan, "done")


def test_normal_and_hard_play_the_team_planner_and_easy_the_greedy_team() -> None:
    st = bare()
    st.airports["MIA"] = [pax("MIA", "DEN", anger=2)]
    hard = levels.plan(GAME, st, 0, levels.HARD, Rng.seeded(1))
    normal = levels.plan(GAME, st, 0, levels.NORMAL, Rng.seeded(1))
    assert hard[-1] == "done" and normal[-1] == "done", "a whole round's tour, then Done"
    assert levels.plan(GAME, st, 0, levels.EASY, Rng.seeded(1)) == ["fly:MIA"], "the greedy team: one step"


def test_the_pilots_never_read_what_nobody_can_see() -> None:
    st = new_game(GAME, 2, 4, {"vips": "on"})
    rng = Rng.seeded(9)
    for n in range(60):
        decision = GAME.pending(st)[0]
        if n % 12 == 11:
            assert blindness_problems(GAME, st, Rng.seeded(n), search=True) == []
        plan = ai_for(GAME).level_plan(st, decision.seat, levels.NORMAL, rng)
        assert plan
        st, _ = apply(GAME, st, decision.seat, plan[0])


def test_in_the_final_round_a_passenger_left_at_their_last_anger_is_a_whole_complaint() -> None:
    st = bare()
    st.final_round = True
    st.airports["MIA"] = [pax("MIA", "DEN", anger=3)]
    table = Table(st.side, weather_key(st))
    team, waiting = flyers(st), riders(st)
    stay = [Tour(f.seat, [], f.at, f.cargo) for f in team]
    angry = waiting["MIA"][0]
    boarded = [Tour(0, ["fly:MIA", f"board:{angry.id}"], "MIA", (angry,), boarded=frozenset({angry.id})), stay[1]]
    assert worth(st, table, team, boarded, waiting) - worth(st, table, team, stay, waiting) > 0.9 * COMPLAINT, \
        "aboard, they are one passenger not home (half a complaint, rounded down); left waiting, a complaint"


def test_four_pilots_take_the_planes_that_cover_the_map_best() -> None:
    st = new_game(GAME, 4, 1, {"vips": "off"})
    assert isinstance(st, NBState)
    # green, orange, red and blue tie green, red, blue and purple on the team's shortest flights; the second set's
    # own flights are shorter (purple's DFW is central, orange's LAX a corner)
    assert [plane_choice(st, s) for s in range(4)] == ["plane:green", "plane:red", "plane:blue", "plane:purple"]
    assert levels.plan(GAME, st, 3, "hard", Rng.seeded(1)) == ["plane:purple"]
    assert levels.plan(GAME, st, 1, "normal", Rng.seeded(1)) == ["plane:red"]


def test_ai_pilots_choose_their_planes_around_a_plane_already_taken() -> None:
    st = new_game(GAME, 4, 1, {"vips": "off"})
    st, _ = apply(GAME, st, 0, "plane:orange")  # a member took the orange plane
    assert isinstance(st, NBState)
    assert [plane_choice(st, s) for s in range(1, 4)] == ["plane:green", "plane:red", "plane:blue"]
    assert plane_choice(st, 0) is None, "a pilot with a plane has none to choose"


def test_two_pilots_keep_the_suggested_planes_their_route_colours_are_chosen_after() -> None:
    st = new_game(GAME, 2, 1, {"vips": "off"})
    assert isinstance(st, NBState)
    assert plane_choice(st, 0) is None
    assert levels.plan(GAME, st, 1, "hard", Rng.seeded(1)) == ["plane:orange"]


def test_hard_also_looks_at_the_plan_of_a_descent_led_by_the_plane_that_gains_most() -> None:
    st = bare()  # green at ATL, orange at LAX, speed 3 and one seat each
    st.airports["MIA"] = [pax("MIA", "ORD"), pax("MIA", "DEN", anger=2)]
    st.airports["JFK"] = [pax("JFK", "SFO", anger=2)]
    value, plan = team_plan(st)
    assert plan[0].steps == ["fly:MIA", "board:pax:MIA>DEN", "fly:ATL-MIA.1"] and plan[1].steps == ["fly:DEN"], (
        "by seat, green fetches Miami's angry passenger first, and New York's is left to nobody this round")
    assert gain_order(st) == [1, 0], "orange alone does more than green alone"
    options = other_start(st, 0, PASSES, UNLIMITED, [steps(st, 0, plan[0])])
    assert [mine for _v, mine, _p in options] == [["fly:JFK", "board:pax:JFK>SFO"]]
    assert options[0][2][1].steps == ["fly:LAX-MIA.3"] and options[0][0] > value, (
        "led by orange, the descent stops at a better plan: orange sets off to Miami, green fetches New York")
    assert other_start(st, 0, PASSES, UNLIMITED, [options[0][1]]) == [], "a tour already in the look is not added"


class _Redealt(NowBoarding):
    """Now Boarding that counts the look's re-deals."""

    def __init__(self) -> None:
        self.redeals = 0

    def redeal_hidden(self, state: GameState, seat: int, rng: Rng) -> GameState:
        self.redeals += 1
        return super().redeal_hidden(state, seat, rng)


class _LateOnceRedealt(Watch):
    """A watch that says time is short once the look has made its first re-deal."""

    def __init__(self, game: _Redealt) -> None:
        super().__init__()
        self.game = game

    def late(self) -> bool:
        return self.game.redeals > 0


def test_a_busy_look_leaves_out_the_second_plans_tour_first(monkeypatch: pytest.MonkeyPatch) -> None:
    st = bare()
    st.airports["MIA"] = [pax("MIA", "ORD"), pax("MIA", "DEN", anger=2)]
    st.airports["JFK"] = [pax("JFK", "SFO", anger=2)]
    asked: list[int] = []
    real = lookahead.other_start

    def counted(*args: Any) -> list[tuple[float, list[str], list[Tour]]]:
        asked.append(1)
        return real(*args)

    monkeypatch.setattr(lookahead, "other_start", counted)
    game = _Redealt()
    lookahead.two_rounds(game, st, 0, 5, 2, PASSES, Rng.seeded(1))
    assert asked == [1], "without a limit the second plan's tour is looked at"
    game = _Redealt()
    lookahead.two_rounds(game, st, 0, 5, 2, PASSES, Rng.seeded(1), _LateOnceRedealt(game))
    assert game.redeals == 1 and asked == [1], "out of time during the few best tours: no second descent"
