"""A league's standings as a picture: a table of places, names (in any script, through the kit's faces), points,
total score and games played, drawn as renderers/table.py draws every ranked table (a member who dropped out is
written "(dropped)": nothing is said by colour alone)."""

from __future__ import annotations

from renderers.table import ROWS, SIZE, Column, render_table

__all__ = ["COLUMNS", "ROWS", "SIZE", "Row", "render_standings"]

COLUMNS = (Column("#", 40, "la"), Column("Member", 130, "la"), Column("Points", 800, "ra"),
           Column("Score", 980, "ra"), Column("Games", 1160, "ra"))

Row = tuple[int, str, str, int, int, bool]
"""(place, name, points as shown, total score, games played, dropped)."""


def render_standings(league: str, game: str, heading: str, rows: list[Row]) -> bytes:
    cells = [(str(place), f"{name} (dropped)" if dropped else name, points, str(score), str(played))
             for place, name, points, score, played, dropped in rows]
    return render_table(league, f"{game}: {heading}", COLUMNS, cells)
