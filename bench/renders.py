"""Render cost of every game's sample pictures: `python -m bench renders [--renders N] [--all]` prints milliseconds
per render of each picture (renderers/catalogue.py) and its ratio to the PNG encoding of the same image (the rule: a
board at most 1.5x, renderers/README.md). `--all` adds the stress cases the tests draw (crowded boards, long names).

Both are timed in CPU time of the process, and each figure is the least of its runs: another process can only add
to a run (a time slice lost, a cache emptied), never take from it, so the least disturbed run is the truest one.
A median of wall-clock runs could show a render (which includes its encode) faster than the encode alone."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from renderers import catalogue
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


def bench(renders: int, every: bool = False) -> None:
    """Render and encode alternate, so a stretch of load falls on both alike."""
    chosen = [s for s in catalogue.samples() if s.docs or every]
    width = max(24, *(len(s.name) for s in chosen))
    print(f"{'picture':{width}} {'render ms':>9} {'encode ms':>9} {'ratio':>6}  size        PNG     rule")
    for sample in chosen:
        view = sample.view()
        image = sample.draw(view)  # warms every cache: a game draws its static layers once, then reuses them
        renders_ms, encodes_ms = [], []
        for _ in range(renders):
            renders_ms.append(_timed(partial(_draw_png, sample, view)))
            encodes_ms.append(_timed(partial(to_png, image)))
        render, encode, ratio = judged(renders_ms, encodes_ms)
        rule = "" if sample.kind != "board" else ("ok" if ratio <= MAX_RENDER_RATIO else f"over {MAX_RENDER_RATIO}x")
        print(f"{sample.name:{width}} {render:9.1f} {encode:9.1f} {ratio:5.2f}x  {image.width}x{image.height:<5} "
              f"{len(to_png(image)) // 1024:4} KB  {rule}")
    print(f"[CPU ms, the least of {renders} runs each; render = draw + PNG encode, as the bot does]")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench renders", description=__doc__.split("\n")[0])
    parser.add_argument("--renders", type=int, default=20)
    parser.add_argument("--all", action="store_true", help="the tests' stress cases too, not only the docs' pictures")
    args = parser.parse_args(argv)
    bench(args.renders, args.all)
