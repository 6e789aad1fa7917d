"""Render cost of every game's sample pictures: `python -m bench renders [--renders N] [--all]` prints milliseconds
per render of each picture (renderers/catalogue.py) and its ratio to the PNG encoding of the same image (the rule: a
board at most 1.5x, renderers/README.md). `--all` adds the stress cases the tests draw (crowded boards, long names).

Both are timed in CPU time of the process, and each figure is the least of its runs: another process can only add
to a run (a time slice lost, a cache emptied), never take from it, so the least disturbed run is the truest one.
A median of wall-clock runs could show a render (which includes its encode) faster than the encode alone.

A picture whose sample names the moves before it (Sample.moves_before) is timed as a game draws it: each run
empties every cache of what a move drew (kit.layer.forget_moves), draws the first of those moves untimed, then
times the others and the picture itself, one after the other; its figures are the mean over those moves ("moves"
column). Drawing one view over and over would find all of it in those caches, which no game does. Other pictures
are the same view drawn again ("1"); the type's caches (each text set and rasterised once) stay warm either way."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from renderers import catalogue
from renderers.kit.layer import forget_moves
from renderers.kit.paint import to_png
from renderers.kit.rules import MAX_RENDER_RATIO


def _draw_png(sample: catalogue.Sample, view: dict[str, Any]) -> bytes:
    return to_png(sample.draw(view))

def _timed(fn: Callable[[], object], clock: Callable[[], float] = time.process_time) -> float:
    start = clock()
    fn()
    return (clock() - start) * 1000


def judged(renders_ms: list[float], encodes_ms: list[float]) -> tuple[float, float, float]:
    """The render's and the encode's figures (the least run of each) and their ratio."""
    render, encode = min(renders_ms), min(encodes_ms)
    return render, encode, render / max(encode, 1e-9)


def moves(sample: catalogue.Sample) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The view drawn untimed before each run (None: nothing) and the views timed, the picture's own last."""
    before = sample.before()
    return (before[0], [*before[1:], sample.view()]) if before else (None, [sample.view()])


def _mean(times: list[float]) -> float:
    return sum(times) / len(times)


def bench(renders: int, every: bool = False) -> None:
    """Render and encode alternate, so a stretch of load falls on both alike."""
    chosen = [s for s in catalogue.samples() if s.docs or every]
    width = max(24, *(len(s.name) for s in chosen))
    print(f"{'picture':{width}} {'moves':>5} {'render ms':>9} {'encode ms':>9} {'ratio':>6}  size        PNG     rule")
    for sample in chosen:
        first, views = moves(sample)
        # Warms every cache: a game draws its static layers once, then reuses them; the type's too.
        images = [sample.draw(view) for view in views]
        renders_ms, encodes_ms = [], []
        for _ in range(renders):
            if first is not None:
                forget_moves()
                sample.draw(first)
            renders_ms.append(_mean([_timed(partial(_draw_png, sample, view)) for view in views]))
            encodes_ms.append(_mean([_timed(partial(to_png, image)) for image in images]))
        render, encode, ratio = judged(renders_ms, encodes_ms)
        rule = "" if sample.kind != "board" else ("ok" if ratio <= MAX_RENDER_RATIO else f"over {MAX_RENDER_RATIO}x")
        image = images[-1]
        print(f"{sample.name:{width}} {len(views):5} {render:9.1f} {encode:9.1f} {ratio:5.2f}x  "
              f"{image.width}x{image.height:<5} {len(to_png(image)) // 1024:4} KB  {rule}")
    print(f"[CPU ms, the least of {renders} runs each (of the mean over its moves); render = draw + PNG encode, as "
          "the bot does]")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench renders", description=__doc__.split("\n")[0])
    parser.add_argument("--renders", type=int, default=20)
    parser.add_argument("--all", action="store_true", help="the tests' stress cases too, not only the docs' pictures")
    args = parser.parse_args(argv)
    bench(args.renders, args.all)
