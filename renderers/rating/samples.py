"""The rating pictures of docs/pictures.md: a member's rating chart (14 rated games of four-player Planecrafters,
worked out once with openskill as bot/ratings does, the first four provisional) and a leaderboard naming a member in a
different script on each line. `python -m renderers.rating.samples docs/images` writes each picture with its -400
and -cb copies."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

from renderers.kit.sheets import colour_blind_sheet, shown
from renderers.leaderboard import LeaderboardView, LeaderLine, render_leaderboard
from renderers.names import WORLD_NAMES
from renderers.rating.chart import rating_chart
from renderers.rating.history import RatingHistory, RatingPoint

STEPS = [(1434, 1919), (1495, 1976), (1536, 2009), (1547, 2006), (1601, 2056), (1601, 2043), (1569, 1998),
         (1588, 2013), (1588, 2007), (1635, 2051), (1681, 2093), (1695, 2103), (1681, 2078), (1723, 2116)]
"""(rating shown, μ on the same scale) after each game."""

HISTORY = RatingHistory(name=WORLD_NAMES[8], game="Planecrafters", points=[
    RatingPoint(number=n, rating=rating, top=top, provisional=n < 5)
    for n, (rating, top) in enumerate(STEPS, start=1)])

BOARD = LeaderboardView(
    game="Planecrafters", season="all time", min_games=5,
    lines=[LeaderLine(place=n, name=name, rating=rating, games=games) for n, (name, rating, games) in enumerate([
        (WORLD_NAMES[4], "1,846", 31), (WORLD_NAMES[8], "1,723", 14), (WORLD_NAMES[0], "1,690", 22),
        (WORLD_NAMES[9], "1,655", 9), (WORLD_NAMES[11], "1,612", 17), (WORLD_NAMES[3], "1,598", 6),
        (WORLD_NAMES[6], "1,540", 12), (WORLD_NAMES[10], "1,533", 8), (WORLD_NAMES[7], "1,502", 5),
        (WORLD_NAMES[13], "1,478", 11)], start=1)],
    own=LeaderLine(place=14, name=WORLD_NAMES[12], rating="1,431", games=7))


def pictures() -> dict[str, bytes]:
    return {"rating-chart": rating_chart(HISTORY), "ratings-leaderboard": render_leaderboard(BOARD)}


def main(folder: str) -> None:
    out = Path(folder)
    for name, data in pictures().items():
        (out / f"{name}.png").write_bytes(data)
        image = Image.open(io.BytesIO(data))
        shown(image).save(out / f"{name}-400.png")
        colour_blind_sheet(image).save(out / f"{name}-cb.png")


if __name__ == "__main__":
    main(sys.argv[1])
