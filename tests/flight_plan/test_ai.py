"""The playout policy: legal, sensible, and better than random clicks."""

from __future__ import annotations

from engine.core.ai.hooks import ai_for
from engine.core.ai.random_ai import pick, plan
from engine.core.ai.selfplay import playout
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.flight_plan.ai import playout_plan
from engine.flight_plan.ai_bold import bold
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import give, play, play_state


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


def test_about_one_airline_in_three_is_bold_for_the_whole_game() -> None:
    seats = [(seed, seat) for seed in range(300) for seat in range(6)]
    share = sum(bold(new_game(GAME, 6, seed, {}), seat) for seed, seat in seats) / len(seats)  # type: ignore[arg-type]
    assert 0.25 < share < 0.42
    st = play_state(seed=11)
    later = play_state(seed=11)
    later.round, later.deck = 9, list(reversed(later.deck))
    assert bold(st, 0) and bold(later, 0), "fixed by the seed and the seat, whatever the deck or the round"


def test_a_bold_airline_deactivates_to_build_a_hub_and_a_careful_one_does_not() -> None:
    for seed, is_bold in ((11, True), (1, False)):
        st = play_state(cash=110, seed=seed)
        assert bold(st, 0) is is_bold
        give(st, 0, routes=(63,), fleets=("long",), hubs=("NYC",))
        d = GAME.pending(st)[0]
        steps = playout_plan(st, d, Rng.seeded(1))
        if is_bold:
            assert steps == ["cash", "deactivate:fleet:long", "cash", "deactivate:route:63", "hub:LON"]
            after, _ = play(st, 0, *steps)
            assert after.airlines[0].hubs == ["NYC", "LON"] and after.airlines[0].cash == 5
        else:
            assert "cash" not in steps and not any(s.startswith("hub:") for s in steps)


def test_the_policy_counters_an_offer_it_will_not_take() -> None:
    st = play_state()
    give(st, 1, fleets=("long",))
    give(st, 0, routes=(63,))
    st, _ = play(st, 0, "trade", "with:1", "asset:fleet:long", "price:150")
    d = next(x for x in GAME.pending(st) if x.seat == 1)
    assert playout_plan(st, d, Rng.seeded(1)) == ["counter:225"], "list price is too little: it asks for more"
    asked, _ = play(st, 1, "counter:190")
    d = next(x for x in GAME.pending(asked) if x.seat == 0)
    assert playout_plan(asked, d, Rng.seeded(1)) == ["counter:150"], "the buyer goes back to the list price"
    asked, _ = play(st, 1, "counter:300")
    d = next(x for x in GAME.pending(asked) if x.seat == 0)
    assert playout_plan(asked, d, Rng.seeded(1)) == ["decline"], "twice the list price is too much for the buyer"


def test_selfplay_meets_bankruptcies_auctions_and_trades() -> None:
    finals = [playout(GAME, 4, seed).state for seed in range(40)]
    assert all(isinstance(st, FPState) for st in finals)
    auctions = sum(bool(st.tally.get("auctions")) for st in finals)  # type: ignore[attr-defined]
    bankrupt = sum(any(a.out for a in st.airlines) for st in finals)  # type: ignore[attr-defined]
    trades = sum(bool(st.tally.get("trades")) for st in finals)  # type: ignore[attr-defined]
    assert bankrupt >= 3 and auctions >= 3, f"{bankrupt} games of 40 with a bankruptcy, {auctions} with an auction"
    assert trades >= 6, f"{trades} games of 40 with a trade"
    summary = ai_for(GAME).summary(finals[0])
    assert {"bankruptcies", "auctions", "trades", "had an auction", "had a trade"} <= set(summary)


def test_the_policy_one_step_at_a_time_finishes_every_turn() -> None:
    # An AI seat at the Easy level plans afresh at every step: inside a menu it opened (deactivating for a hub, a
    # trade) it must find its way on, never back out and open it again for ever.
    for seed in range(6):
        st = new_game(GAME, 4, seed, {})
        chooser = Rng.seeded(seed)
        for _ in range(5000):
            decisions = GAME.pending(st)
            if not decisions:
                break
            d = decisions[0]
            st, _ = apply(GAME, st, d.seat, plan(GAME, st, d, chooser, strict=True)[0])
        assert not GAME.pending(st), f"seed {seed}: no end after 5000 single steps"
