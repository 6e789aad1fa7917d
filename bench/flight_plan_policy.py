"""The playout policy against random clicks: `python -m bench flight-plan-policy --games 200 --players 2`.

One seat (rotating with the seed) follows the policy; every other seat picks uniformly among its options. Prints
the policy seat's share of wins, how games end and their length.
"""

from __future__ import annotations

import argparse
from collections import Counter

from engine.core.ai.random_ai import pick, plan
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState


def duel(players: int, seed: int, ai_seat: int) -> FPState:
    st = new_game(GAME, players, seed, {})
    chooser = Rng.seeded(seed ^ 0xD0E1)
    while decisions := GAME.pending(st):
        d = chooser.choice(decisions)
        choice = plan(GAME, st, d, chooser, strict=True)[0] if d.seat == ai_seat else pick(d, chooser)
        st, _ = apply(GAME, st, d.seat, choice)
    assert isinstance(st, FPState)
    return st


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench flight-plan-policy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    wins = 0.0
    endings: Counter[str] = Counter()
    rounds = 0
    for i in range(args.games):
        seed = args.seed + i
        ai = seed % args.players
        st = duel(args.players, seed, ai)
        if ai in st.winners:
            wins += 1 / len(st.winners)
        endings[st.ending] += 1
        rounds += st.round
    fair = 1 / args.players
    print(f"policy seat vs {args.players - 1} random seat(s), {args.games} games, seed {args.seed}")
    print(f"policy wins: {wins / args.games:.1%} (an even share would be {fair:.1%})")
    print("endings: " + ", ".join(f"{k} {v / args.games:.1%}" for k, v in endings.most_common()))
    print(f"average rounds: {rounds / args.games:.1f}")

