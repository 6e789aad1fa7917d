"""A server's leaderboard for a game as a picture, and the same in words for its alt text: place, member (by the
name they play under, in any script), rating as players read it and rated games, then the asking member's own line
under the top when they are not in it. Drawn as the league standings are (renderers/table.py).

A pure function of the view the bot builds (bot/ratings): the ratings come already on the shown scale, with their
"?" while provisional, so this module knows nothing of how a rating is worked out."""

from __future__ import annotations

from dataclasses import dataclass, field

from renderers.table import Column, render_table

COLUMNS = (Column("#", 40, "la"), Column("Member", 130, "la"), Column("Rating", 880, "ra"),
           Column("Games", 1160, "ra"))
GAP = "…"
"""The row between the top of the board and the asking member's own place further down."""


@dataclass(frozen=True)
class LeaderLine:
    place: int
    name: str
    rating: str
    """As players read it: "1,612", or "1,480?" while provisional."""
    games: int


@dataclass(frozen=True)
class LeaderboardView:
    game: str
    """The game's title."""
    season: str
    """"all time", or a quarter such as "2026 Q4"."""
    min_games: int
    """Rated games a member needs to be on the board."""
    lines: list[LeaderLine]
    own: LeaderLine | None = None
    """The asking member's line when they are on the board below its top."""
    yardsticks: list[tuple[str, str]] = field(default_factory=list)
    """The AI levels' fixed ratings beside the board, as (who, rating shown): said in the words only."""


def _cells(line: LeaderLine) -> tuple[str, str, str, str]:
    return (str(line.place), line.name, line.rating, str(line.games))


def render_leaderboard(view: LeaderboardView) -> bytes:
    rows = [_cells(line) for line in view.lines]
    if view.own is not None:
        rows += [("", GAP, "", ""), _cells(view.own)]
    subtitle = f"{view.season}: members with {view.min_games} or more rated games"
    return render_table(f"{view.game} leaderboard", subtitle, COLUMNS, rows, trim=True)


def _said(line: LeaderLine) -> str:
    return f"{line.place}. {line.name} {line.rating} ({line.games} rated games)"


def leaderboard_words(view: LeaderboardView) -> str:
    """What the picture shows, in words (its alt text): the board's heading, then every line in order."""
    head = f"{view.game} leaderboard, {view.season}."
    if not view.lines:
        return f"{head} Nobody has {view.min_games} rated games yet."
    said = [head, "; ".join(_said(line) for line in view.lines) + "."]
    if view.own is not None:
        said.append(f"You: {_said(view.own)}.")
    if view.yardsticks:
        said.append("Yardsticks: " + ", ".join(f"{who} {rating}" for who, rating in view.yardsticks) + ".")
    return " ".join(said)
