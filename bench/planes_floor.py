"""The interpreter floor for Planes playouts: `python -m bench planes-floor [--games N]` prints games per second of
a bare loop that only moves cubes on the real Flying Cloud board, with the real starting cubes and planes.

Each turn picks a start space among the seat's own, picks up every cube there and sows them one per space along the
arrows, boarding the last cube when a gate of its colour comes next (a move that cannot go on just stops); a game
ends when 12 cubes have boarded, as the base game's track does. It lists the options of every step as the engine
does (the start spaces, the next spaces and the drop colours), but checks no card, no goal, no blockage and keeps no
log, events or labels. It is not Planes: it is what a Python loop over plain dicts costs for about as many choices,
the part of the engine's time per choice that no further tuning of the engine's code can take away (see
docs/notes/engine-speed.md).
"""

from __future__ import annotations

import argparse

from engine.core.ai.stopwatch import Stopwatch
from engine.core.rng import Rng
from engine.planes.setup import new_state, option_specs
from engine.planes.terrain import terrain

TRACK_END = 12


def play(seed: int, players: int = 4) -> int:
    """One bare game; returns the number of choices made."""
    state = new_state(players, seed, {s.key: s.default for s in option_specs()})
    board = terrain(state)
    nexts, gates = board.forwards, board.gate_ids
    gate_colour = {p.gate: p.colour for p in state.planes}
    cubes = {space: dict(counts) for space, counts in state.cubes.items()}
    rng = Rng.seeded(seed)
    colours = ["red", "blue", "green", "yellow"][:players]
    choices = boarded = turn = 0
    while boarded < TRACK_END and turn < 400:
        own = colours[turn % players]
        turn += 1
        starts = [s for s in sorted(cubes) if cubes[s].get(own)]  # the start options
        choices += 1
        if not starts:
            continue
        at = rng.choice(starts)
        active = sorted(c for c, n in cubes.pop(at).items() for _ in range(n))
        while active:
            ways = nexts[at]
            if len(active) == 1:
                gate = next((g for g in ways if g in gates and gate_colour[g] == active[0]), None)
                if gate is not None:
                    active.clear()
                    boarded += 1
                    choices += 1
                    break
            plain = [n for n in ways if n not in gates]  # the step options
            choices += 1
            if not plain:
                break
            at = rng.choice(plain)
            colour = rng.choice(sorted(set(active)))  # which cube to leave there
            active.remove(colour)
            counts = cubes.setdefault(at, {})
            counts[colour] = counts.get(colour, 0) + 1
        for colour in active:  # a group that could not go on stops where it is
            counts = cubes.setdefault(at, {})
            counts[colour] = counts.get(colour, 0) + 1
    return choices


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench planes-floor")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    watch = Stopwatch()
    choices = sum(play(seed, args.players) for seed in range(1, args.games + 1))
    speed = watch.rates(args.games, "games")  # as `python -m engine selfplay` prints it, so the two compare
    cpu = watch.cpu_clock() - watch.cpu_start
    print(f"bare moves on flying_cloud, {args.players} players: {args.games} games, {choices / args.games:.1f} choices "
          f"a game, {cpu / choices * 1e6:.1f} us of CPU a choice")
    print(speed)

