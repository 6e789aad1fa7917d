"""Renderer commands.

    python -m renderers bench [--renders N]   milliseconds per Planes board render, and its ratio to PNG encoding
    python -m renderers samples               write docs/images/planes-*.png from seeded mid-game positions
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path
from typing import Any

from engine.core.play import apply, new_game
from engine.core.random_ai import pick
from engine.core.rng import Rng
from engine.planes.game import GAME
from renderers import planes
from renderers.draw_kit import to_png

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
# Seeded random games stopped where a cone stands, two cubes have boarded and the last move is drawn (found by
# searching seeds once; any seed works, these just show more of the picture).
SAMPLES = {"flying_cloud": (13, 1014), "zephyr": (5, 749)}


def midgame_view(airport: str, seed: int, choices: int, seat: int | None = None, players: int = 4) -> dict[str, Any]:
    """The view after `choices` seeded random choices (fewer if the game ends first)."""
    state = new_game(GAME, players, seed, {"airport": airport})
    chooser = Rng.seeded(seed)
    for _ in range(choices):
        decisions = GAME.pending(state)
        if not decisions:
            break
        decision = chooser.choice(decisions)
        state, _ = apply(GAME, state, decision.seat, pick(decision, chooser))
    return GAME.view(state, seat)


def _ms(fn: Any, runs: int) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        fn()
    return (time.perf_counter() - start) * 1000 / runs


def bench(renders: int) -> None:
    for airport, (seed, choices) in SAMPLES.items():
        view = midgame_view(airport, seed, choices)
        image = planes.board_image(view)
        render = _ms(lambda v=view: planes.render_board(v), renders)
        encode = _ms(lambda im=image: to_png(im), renders)

        def plain(im: Any = image) -> None:
            im.save(io.BytesIO(), format="PNG")

        rgb = _ms(plain, renders)
        size = len(planes.render_board(view))
        print(f"{airport:13} {render:7.1f} ms/render  {encode:6.1f} ms palette PNG encode  "
              f"ratio {render / encode:4.1f}x  (default-level PNG encode {rgb:5.1f} ms)  {image.width}x{image.height} "
              f"{size // 1024} KB  [{renders} renders]")
    bench_planecrafters(renders)


def bench_planecrafters(renders: int) -> None:
    """The same figures for Planecrafters: a finished 4-player game (the tallest board) and one seat's hand."""
    from engine.core.selfplay import playout
    from engine.planecrafters.game import GAME as CRAFTERS
    from renderers import planecrafters

    state = playout(CRAFTERS, 4, 7).state
    for name, fn, view in (("crafters board", planecrafters.board_image, CRAFTERS.view(state, None)),
                           ("crafters hand", planecrafters.hand_image, CRAFTERS.view(state, 0))):
        image = fn(view)
        render = _ms(lambda f=fn, v=view: to_png(f(v)), renders)
        encode = _ms(lambda im=image: to_png(im), renders)
        print(f"{name:14} {render:6.1f} ms/render  {encode:6.1f} ms palette PNG encode  ratio {render / encode:4.1f}x"
              f"  {image.width}x{image.height} {len(to_png(image)) // 1024} KB  [{renders} renders]")


def samples() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for airport, (seed, choices) in SAMPLES.items():
        path = IMAGES / f"planes-{airport}.png"
        path.write_bytes(planes.render_board(midgame_view(airport, seed, choices)))
        print(f"wrote {path}")
    # Early in a seeded game: a full hand of three with one goal already scorable.
    path = IMAGES / "planes-hand.png"
    path.write_bytes(planes.render_hand(midgame_view("flying_cloud", 1, 10, seat=0)))
    print(f"wrote {path}")
    samples_planecrafters()


def samples_planecrafters() -> None:
    """A 3-player Planecrafters game part-way through (seeded), as the channel and one player see it."""
    from engine.core import apply, new_game
    from engine.core.random_ai import choose
    from engine.core.rng import Rng
    from engine.planecrafters.game import GAME as CRAFTERS
    from renderers import planecrafters

    state = new_game(CRAFTERS, 3, 5, {})
    chooser = Rng.seeded(5)
    for _ in range(120):
        (decision, *_rest) = CRAFTERS.pending(state)
        state, _events = apply(CRAFTERS, state, decision.seat, choose(CRAFTERS, state, decision, chooser))
    for name, png in (("planecrafters-board.png", planecrafters.render_board(CRAFTERS.view(state, None))),
                      ("planecrafters-hand.png", planecrafters.render_hand(CRAFTERS.view(state, 0)))):
        (IMAGES / name).write_bytes(png)
        print(f"wrote {IMAGES / name}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m renderers")
    sub = parser.add_subparsers(dest="command", required=True)
    bench_cmd = sub.add_parser("bench", help="time board and hand renders (Planes, Planecrafters)")
    bench_cmd.add_argument("--renders", type=int, default=20)
    sub.add_parser("samples", help="write the sample images to docs/images")
    args = parser.parse_args(argv)
    if args.command == "bench":
        bench(args.renders)
    else:
        samples()


if __name__ == "__main__":
    main()
