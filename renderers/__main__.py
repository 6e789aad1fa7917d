"""Renderer commands, over every game's registered samples (renderers/catalogue.py).

    python -m renderers bench [--renders N]   milliseconds per render of each picture, and its ratio to the PNG
                                              encoding of the same image (the rule: a board at most 2.0x)
    python -m renderers samples               write docs/images/<name>.png, its shown-size copy <name>-400.png and
                                              its colour-blind sheet <name>-cb.png for every sample
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from renderers import catalogue
from renderers.kit.paint import to_png
from renderers.kit.rules import MAX_RENDER_RATIO
from renderers.kit.sheets import colour_blind_sheet, shown

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


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
            renders_ms.append(_timed(lambda s=sample, v=view: to_png(s.draw(v))))
            encodes_ms.append(_timed(lambda im=image: to_png(im)))
        render, encode = statistics.median(renders_ms), statistics.median(encodes_ms)
        ratio = render / encode
        rule = "" if sample.kind != "board" else ("ok" if ratio <= MAX_RENDER_RATIO else f"over {MAX_RENDER_RATIO}x")
        print(f"{sample.name:24} {render:9.1f} {encode:9.1f} {ratio:5.2f}x  {image.width}x{image.height:<5} "
              f"{len(to_png(image)) // 1024:4} KB  {rule}")
    print(f"[median of {renders} renders each; render = draw + PNG encode, as the bot does]")


def samples() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for sample in catalogue.samples():
        if not sample.docs:
            continue
        image = sample.draw(sample.view())
        (IMAGES / f"{sample.name}.png").write_bytes(to_png(image))
        # 256 colours keep the smoothed copies a third of their RGB size, with no visible loss.
        for suffix, copy in (("400", shown(image)), ("cb", colour_blind_sheet(image))):
            copy.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(IMAGES / f"{sample.name}-{suffix}.png",
                                                                            optimize=True)
        print(f"wrote {IMAGES / sample.name}.png, -400.png, -cb.png  ({image.width}x{image.height})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m renderers")
    sub = parser.add_subparsers(dest="command", required=True)
    bench_cmd = sub.add_parser("bench", help="time every sample's render against its PNG encoding")
    bench_cmd.add_argument("--renders", type=int, default=20)
    sub.add_parser("samples", help="write the sample images, shown-size copies and colour-blind sheets")
    args = parser.parse_args(argv)
    if args.command == "bench":
        bench(args.renders)
    else:
        samples()


if __name__ == "__main__":
    main()
