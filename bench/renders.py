"""Render cost of every game's sample pictures: `python -m bench renders [--renders N]` prints milliseconds per
render of each picture (renderers/catalogue.py) and its ratio to the PNG encoding of the same image (the rule: a
board at most 2.0x, renderers/README.md)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from renderers import catalogue
from renderers.kit.paint import to_png
from renderers.kit.rules import MAX_RENDER_RATIO


def _draw_png(sample: catalogue.Sample, view: dict[str, Any]) -> bytes:
    return to_png(sample.draw(view))

def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def bench(renders: int) -> None:
    """Render and encode alternate, and each figure is the median of its runs: on a shared, busy machine a run
    that another process interrupted would otherwise skew the ratio."""
    print(f"{'picture':24} {'render ms':>9} {'encode ms':>9} {'ratio':>6}  size        PNG     rule")
    for sample in catalogue.samples():
        if not sample.docs:
            continue
        view = sample.view()
        image = sample.draw(view)  # warms every cache: a game draws its static layers once, then reuses them
        renders_ms, encodes_ms = [], []
        for _ in range(renders):
            renders_ms.append(_timed(partial(_draw_png, sample, view)))
            encodes_ms.append(_timed(partial(to_png, image)))
        render, encode = statistics.median(renders_ms), statistics.median(encodes_ms)
        ratio = render / encode
        rule = "" if sample.kind != "board" else ("ok" if ratio <= MAX_RENDER_RATIO else f"over {MAX_RENDER_RATIO}x")
        print(f"{sample.name:24} {render:9.1f} {encode:9.1f} {ratio:5.2f}x  {image.width}x{image.height:<5} "
              f"{len(to_png(image)) // 1024:4} KB  {rule}")
    print(f"[median of {renders} renders each; render = draw + PNG encode, as the bot does]")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench renders", description=__doc__.split("\n")[0])
    parser.add_argument("--renders", type=int, default=20)
    bench(parser.parse_args(argv).renders)
