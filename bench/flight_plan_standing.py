"""How well `standing.figure` foresees the winner: `python -m bench flight-plan-standing --games 300`.

Plays seeded policy games and, at every state of the regular turns, compares the figure of the eventual winner with
each loser's: a pair counts as right when the winner's figure is higher (a tie counts half). Prints that share for
the weights in use and for the best weightings of a small grid, by player count, so a change of weights is argued
from figures. The search stops its rollouts a few turns ahead, so the states near the end of a game (where any
figure is right) count as much as any other.
"""

from __future__ import annotations

import argparse
import itertools
from functools import partial

from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from engine.flight_plan.game import GAME
from engine.flight_plan.standing import WEIGHTS, Weights, standings
from engine.flight_plan.state import FPState

GRID = {"income": (0.0, 4.0, 8.0), "hub_region": (250.0, 500.0, 1000.0, 2000.0, 4000.0),
        "region": (0.0, 25.0, 50.0), "short": (0.0, 10.0, 25.0)}



def _keep_before(seen: list[GameState], before: GameState, _action: LoggedAction, _after: GameState) -> None:
    seen.append(before)

def sample(players: int, games: int, seed: int) -> list[tuple[FPState, int]]:
    """(state, eventual single winner) for every regular-turn state of the games (shared wins left out)."""
    out: list[tuple[FPState, int]] = []
    for i in range(games):
        seen: list[GameState] = []
        run = playout(GAME, players, seed + i, on_step=partial(_keep_before, seen))
        final = run.state
        assert isinstance(final, FPState)
        if len(final.winners) != 1:
            continue
        out += [(s, final.winners[0]) for s in seen if isinstance(s, FPState) and s.phase == "play"]
    return out


def right_share(states: list[tuple[FPState, int]], w: Weights) -> float:
    right = pairs = 0.0
    for st, winner in states:
        figures = standings(st, w)
        for s in range(st.players):
            if s != winner:
                pairs += 1
                right += 1.0 if figures[winner] > figures[s] else 0.5 if figures[winner] == figures[s] else 0.0
    return right / pairs if pairs else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench flight-plan-standing")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=5)
    args = parser.parse_args(argv)
    for players in args.players:
        states = sample(players, args.games, args.seed)
        print(f"{players} players, {args.games} policy games, {len(states)} states: winner ranked above a loser in")
        print(f"  {right_share(states, WEIGHTS):.1%} of pairs with the weights in use {WEIGHTS}")
        print(f"  {right_share(states, Weights(0, 0, 0, 0)):.1%} of pairs by net worth alone")
        grid = [Weights(*values) for values in itertools.product(*GRID.values())]
        ranked = sorted(grid, key=lambda w: -right_share(states, w))
        for w in ranked[:args.top]:
            print(f"  {right_share(states, w):.1%} with {w}")

