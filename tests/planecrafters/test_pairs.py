"""The rules the other files leave out: doubling by two copies, the Jack's one-turn copy, each Guard pair on its
own, empty targets, a fuselage from another model, hiring and using the same turn, and the end by a Depot refill."""

from __future__ import annotations

import pytest

from engine.planecrafters.game import GAME
from engine.planecrafters.mechanics import hand_limit, plane_value
from tests.planecrafters.helpers import at, build, do, find, finish_turn, give, hand, ids, plane_of, start


def _cost(state: object, kind: str) -> str:
    return next(o.label for o in GAME.pending(state)[0].options if o.id == f"hire:{kind}")  # type: ignore[arg-type]


def test_a_hired_employee_works_the_same_turn() -> None:
    s, _ = do(start(), 0, "hire:technician")
    assert s.step == "acquire", "with nothing left to hire or collect, the turn goes on to Acquire by itself"
    s, _ = do(s, 0, "take:stack", "take:stack")
    assert s.step == "flyer" and s.plays_left == 3


def test_two_recruiters_double_the_discount() -> None:
    s = start()
    give(s, 0, "recruiter")
    give(s, 0, "recruiter")
    s.crowns[0] = 20
    assert _cost(s, "technician").endswith("for 1")  # 3 - 2 x 1
    assert _cost(s, "spy").endswith("for 1")  # 5 - 2 x 2
    assert _cost(s, "acepilot").endswith("for 2")  # 8 - 2 x 3


def test_two_recruiters_and_the_jack_never_triple() -> None:
    s = start()
    for kind in ("recruiter", "recruiter", "jack"):
        give(s, 0, kind)
    s.crowns[0] = 20
    s.step = "jack"
    s, _ = do(s, 0, "jack:recruiter")
    assert _cost(s, "acepilot").endswith("for 2"), "a third discount of 3 would make it 0"


def test_two_logisticians_draw_two_more_and_hold_seven() -> None:
    s = start()
    give(s, 0, "logistician")
    give(s, 0, "logistician")
    assert hand_limit(s, 0) == 7
    s, _ = do(s, 0, "acquire")
    assert s.draws_left == 4


def test_two_agents_give_two_uses_in_one_turn() -> None:
    s = start(3)
    give(s, 0, "agent")
    give(s, 0, "agent")
    s, _ = do(s, 0, "acquire", "take:stack", "take:stack", "agent:trade:1")
    assert s.step == "abilities" and "agent:trade:2" in ids(s)
    s, _ = do(s, 0, "agent:trade:2")
    assert s.step == "flyer", "both uses spent: on to the Flyer step"


def test_the_jacks_copy_lasts_one_turn() -> None:
    s = start()
    give(s, 0, "jack")
    s.step = "jack"
    s, _ = do(s, 0, "jack:technician", "acquire", "take:stack", "take:stack")
    assert s.plays_left == 3
    s = finish_turn(s)
    s, _ = do(s, 1, "acquire", "take:stack", "take:stack")
    s = finish_turn(s)
    assert s.turn == 0 and s.step == "jack" and s.jack is None, "a new turn asks again"
    s, _ = do(s, 0, "jack:logistician", "acquire", "take:stack", "take:stack", "logistician", "take:stack")
    assert s.step == "flyer" and s.plays_left == 2


def test_jack_as_contractor_sells_incomplete_planes_and_doubles_a_contractor() -> None:
    for extra, paid in (([], 1), (["contractor"], 2)):
        s = start()
        for kind in ["jack", *extra]:
            give(s, 0, kind)
        s.step = "jack"
        s, _ = do(s, 0, "jack:contractor")
        s = at(s, "buyer")
        build(s, 0, {"nose": find("Puddle Jumper", "nose")})
        s, _ = do(s, 0, "sell:0")
        assert s.crowns[0] == 5 + paid, "one part is worth 1; a doubled Contractor adds 1"


@pytest.mark.parametrize("kind", ["agent", "spy", "thief"])
def test_guard_alone_stops_each_card_ability(kind: str) -> None:
    s = at(start(2), "abilities")
    give(s, 1, "guard")
    s.uses = {kind: 1}
    build(s, 1, {"nose": find("Puddle Jumper", "nose")})
    # The Guard protects the hand and the factory; the Agent may still swap with the Depot.
    assert ids(s) == (["agent:swap", "flyer"] if kind == "agent" else ["flyer"])


def test_spy_and_thief_need_something_to_take() -> None:
    s = at(start(3), "abilities")
    s.uses = {"spy": 1, "thief": 1}
    hand(s, 1, [])
    build(s, 2, {"tail": find("Red Sparrow", "tail")})
    options = ids(s)
    assert "spy:1" not in options and "spy:2" in options
    assert "thief:1" not in options and "thief:2" in options


def test_tax_collector_before_or_after_hiring() -> None:
    s = start()
    give(s, 0, "taxcollector")
    s, _ = do(s, 0, "collect:tax", "hire:technician")
    assert s.crowns == [5 + 1 - 3, 4]
    t = start()
    give(t, 0, "taxcollector")
    t, _ = do(t, 0, "hire:technician")
    assert "collect:tax" in ids(t)
    t, _ = do(t, 0, "acquire")
    assert t.crowns == [5 - 3 + 1, 4], "collected at the latest when Acquire begins"


def test_any_models_fuselage_completes_a_plane_and_adds_its_value() -> None:
    s = at(start(), "flyer")
    fuselage = find("Sky Whale", "fuselage")
    build(s, 0, plane_of("Puddle Jumper"))
    hand(s, 0, [fuselage])
    s, _ = do(s, 0, f"play:{fuselage}:0:fuselage")
    assert s.planes[0][0].parts["fuselage"] == fuselage
    assert plane_value(list(s.planes[0][0].parts.values())) == 10 + 1


def test_refilling_the_depot_with_the_last_card_ends_the_game() -> None:
    s = start(3)
    s.stack = s.stack[:1]
    s, _ = do(s, 0, "acquire", "take:0")
    assert s.ending and not s.stack and s.depot[0] is not None
    s, _ = do(s, 0, "take:1")
    assert s.depot[1] is None, "nothing left to refill with"
    s = finish_turn(s)
    while not s.over:
        s, _ = do(s, s.turn, "acquire")
        while s.step == "acquire":
            s, _ = do(s, s.turn, ids(s)[0])
        s = finish_turn(s)
    assert s.turns_taken == 3, "the round is played out to the last seat"
