"""`python -m renderers samples`: write docs/images/<name>.png, its shown-size copy <name>-400.png and its
colour-blind sheet <name>-cb.png for every game's registered sample (renderers/catalogue.py). What a render costs is
`python -m bench renders`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image

from renderers import catalogue
from renderers.kit.paint import to_png
from renderers.kit.sheets import colour_blind_sheet, shown

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


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
    sub.add_parser("samples", help="write the sample images, shown-size copies and colour-blind sheets")
    parser.parse_args(argv)
    samples()


if __name__ == "__main__":
    main()
