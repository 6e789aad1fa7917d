"""Decisions stay within Discord's limits, the objectives variant pays, and summary() has the selfplay figures."""

from __future__ import annotations

from engine.core.ai.hooks import ai_for
from engine.core.ai.selfplay import playout
from engine.planecrafters.game import GAME
from tests.planecrafters.helpers import at, build, do, find, give, hand, ids, plane_of, start


def test_option_ids_and_labels_fit_discord_in_random_games() -> None:
    for seed in range(6):
        seen = 0

        def check(before: object, action: object, after: object) -> None:
            nonlocal seen
            for decision in GAME.pending(after):  # type: ignore[arg-type]
                seen += 1
                assert len({o.id for o in decision.options}) == len(decision.options)
                for o in decision.options:
                    assert len(o.id) <= 60 and len(o.label) <= 80
                if decision.kind in ("hire", "acquire", "draw", "abilities", "buyer", "jack", "swap_slot", "place",
                                     "place_plane", "pick_move", "thief_plane", "thief_place"):
                    assert len(decision.options) <= 25

        # Uniform choices wander the most (many planes with a Factory Manager, long hands): the worst case.
        playout(GAME, 2 + seed % 3, seed, on_step=check, uniform=True)
        assert seen > 50


def test_summary_reports_turns_winning_crowns_and_winner_staff() -> None:
    run = playout(GAME, 3, 4)
    summary = ai_for(GAME).summary(run.state)
    assert set(summary) == {"turns", "winning crowns", "winning seat", "winner hired"}
    result = GAME.result(run.state)
    assert result is not None
    assert summary["winning crowns"] == max(r.score for r in result.standings)
    assert summary["winning seat"] == f"seat {result.winners[0] + 1}"
    assert summary["turns"] * 3 == run.state.turns_taken  # type: ignore[attr-defined]


def test_objectives_are_off_by_default_and_pay_when_met() -> None:
    assert start().objectives == []
    s = start(2, 3, objectives="on")
    assert len(s.objectives) == 3
    s.objectives = ["obj:03", "obj:14"]  # 4 parts of one model; employ 2 employees
    s = at(s, "buyer")
    build(s, 0, plane_of("Sky Whale"))
    s, texts = do(s, 0, "sell:0")
    assert s.claimed == {"obj:03": 0} and s.crowns[0] == 5 + 10 + 5
    s.turn, s.step = 1, "hire"
    give(s, 1, "spy")
    s.crowns[1] = 10
    s, _ = do(s, 1, "hire:thief")
    assert s.claimed["obj:14"] == 1 and s.crowns[1] == 10 - 5 + 2


def test_a_factory_manager_picks_the_plane_first_so_a_spare_part_lists_one_planes_slots() -> None:
    s = at(start(), "flyer")
    give(s, 0, "factorymanager")
    spare = find(slot="spare")
    for p, model in enumerate(("Sky Whale", "Red Sparrow", "Cloud Mule")):
        build(s, 0, {"nose": find(model, "nose"), "tail": find(model, "tail")}, index=p)
    hand(s, 0, [spare])
    assert ids(s)[-4:] == ["build:0", "build:1", "build:2", "build:3"], "three planes and a new one"
    s, _ = do(s, 0, "build:1")
    assert ids(s) == ["back"] + [f"play:{spare}:1:{slot}" for slot in ("nose", "lwing", "rwing", "tail", "fuselage")]
    s, _ = do(s, 0, f"play:{spare}:1:rwing")
    assert s.planes[0][1].parts["rwing"] == spare and s.step == "flyer" and s.onto is None


def test_moving_a_spare_part_with_several_planes_asks_for_the_plane_first() -> None:
    s = at(start(), "flyer")
    give(s, 0, "factorymanager")
    spare = find(slot="spare")
    build(s, 0, {"nose": find("Sky Whale", "nose"), "tail": spare})
    build(s, 0, {"nose": find("Red Sparrow", "nose")}, index=1)
    s, _ = do(s, 0, "moves", "move:0:tail")
    labels = [o.label for o in GAME.pending(s)[0].options]
    assert labels == ["Plane 1 (free: left wing, right wing, fuselage)",
                      "Plane 2 (free: left wing, right wing, tail, fuselage)", "A new plane", "Choose another part"]
    s, _ = do(s, 0, "onto:1", "to:1:lwing")
    assert s.planes[0][1].parts["lwing"] == spare and s.step == "flyer"


def test_a_state_copy_shares_nothing_mutable() -> None:
    s = start(3)
    build(s, 0, plane_of("Sky Whale"))
    s.uses = {"spy": 1}
    before = list(s.hands[1])
    copy = s.model_copy(deep=True)
    assert copy == s and copy.model_dump_json() == s.model_dump_json()
    copy.planes[0][0].parts.pop("nose")
    copy.hands[1].append("part:001")
    copy.uses["spy"] = 0
    copy.rng.next64()
    copy.options["objectives"] = "on"
    assert "nose" in s.planes[0][0].parts and s.hands[1] == before
    assert s.uses == {"spy": 1} and s.rng != copy.rng and s.options["objectives"] == "off"
