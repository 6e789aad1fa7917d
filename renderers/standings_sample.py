"""The standings picture of docs/leagues.md, with a member's name in a different script on each line:
`python -m renderers.standings_sample docs/images/league-standings.png` (also writes its -400 and -cb copies)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

from renderers.kit.sheets import colour_blind_sheet, shown
from renderers.names import WORLD_NAMES
from renderers.standings import Row, render_standings

ROWS: list[Row] = [
    (1, WORLD_NAMES[0], "6", 214, 3, False), (2, WORLD_NAMES[4], "5", 230, 3, False),
    (3, WORLD_NAMES[8], "4", 198, 3, False), (4, WORLD_NAMES[3], "3.5", 176, 3, False),
    (5, WORLD_NAMES[9], "2", 150, 3, False), (6, WORLD_NAMES[7], "1.5", 122, 3, False),
    (7, WORLD_NAMES[11], "1", 90, 2, True),
]


def sample() -> bytes:
    return render_standings("Winter League", "Planecrafters", "final standings after 3 rounds", ROWS)


def main(path: str) -> None:
    out = Path(path)
    data = sample()
    out.write_bytes(data)
    image = Image.open(io.BytesIO(data))
    shown(image).save(out.with_name(out.stem + "-400.png"))
    colour_blind_sheet(image).save(out.with_name(out.stem + "-cb.png"))


if __name__ == "__main__":
    main(sys.argv[1])
