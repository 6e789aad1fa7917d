"""The playout policy: legal, sensible, and better than random clicks."""

from __future__ import annotations

from engine.core.play import apply, new_game
from engine.core.random_ai import pick, plan
from engine.core.rng import Rng
from engine.flight_plan.ai import playout_plan
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import give, play_state


def duel(seed: int, ai_seat: int) -> list[int]:
    """A 2-player game: `ai_seat` follows the policy, the other clicks uniformly at random. Returns the winners."""
    st = new_game(GAME, 2, seed, {})
    chooser = Rng.seeded(seed)
    while decisions := GAME.pending(st):
        d = chooser.choice(decisions)
        choice = plan(GAME, st, d, chooser, strict=True)[0] if d.seat == ai_seat else pick(d, chooser)
        st, _ = apply(GAME, st, d.seat, choice)
    assert isinstance(st, FPState)
    return st.winners


def test_policy_beats_random_clicks() -> None:
    wins = sum(ai in duel(seed, ai) for seed in range(10) for ai in (0, 1))
    assert wins >= 15, f"the policy won only {wins} of 20 games against random clicks"


def test_policy_buys_the_fleet_its_routes_need() -> None:
    st = play_state()
    give(st, 0, routes=(11,))
    d = GAME.pending(st)[0]
    assert playout_plan(st, d, Rng.seeded(1)) == ["fleet:short"]


def test_policy_develops_a_hub_in_a_new_region() -> None:
    st = play_state(cash=600)
    give(st, 0, routes=(63,), fleets=("long",), hubs=("NYC",))
    d = GAME.pending(st)[0]
    assert playout_plan(st, d, Rng.seeded(1)) == ["hub:LON"]


def test_policy_buys_a_route_it_can_fly() -> None:
    st = play_state(cash=200)  # no money for a hub
    give(st, 0, routes=(13,), fleets=("short",))  # Madrid-Lisbon
    st.airlines[0].city = "MAD"
    d = GAME.pending(st)[0]
    assert playout_plan(st, d, Rng.seeded(1)) == ["buy:20"], "Casablanca-Madrid: short haul, flyable at once"
