"""Whose rating a seat moves, and the seasons boards are kept for."""

from __future__ import annotations

from datetime import datetime

from bot.store import ResultRow, ResultSeat

SHARED = 0
"""The guild id of the players every server shares: AI levels and a co-operative game itself, whose ratings are
constants (bot/ratings/reference.py), never stored."""
ALL_TIME = ""
"""The season key of the all-time board."""
Key = tuple[int, str, str, str]
"""(guild_id, game, season, player): one stored rating."""


def season_of(moment: datetime) -> str:
    """The calendar quarter a game finished in (UTC), e.g. "2026-Q4"."""
    return f"{moment.year}-Q{(moment.month - 1) // 3 + 1}"


def member(user_id: int) -> str:
    return f"member:{user_id}"


def ai(level: str) -> str:
    return f"ai:{level}"


def the_game(seats: int) -> str:
    """A co-operative game's own rating, one per number of seats (a day for 2 pilots is not one for 5)."""
    return f"game:{seats}"


def seat_player(result: ResultRow, seat: ResultSeat) -> tuple[int, str]:
    """(guild_id, player) of a seat: a member's rating is their server's, an AI level is everyone's yardstick."""
    if seat.user_id is not None:
        return result.guild_id or SHARED, member(seat.user_id)
    return SHARED, ai(seat.ai_level)


def user_of(player: str) -> int | None:
    """The member a player key names (None for an AI level or a game)."""
    kind, _, rest = player.partition(":")
    return int(rest) if kind == "member" else None


def parse_season(text: str, now: datetime) -> str | None:
    """A season as a member types it: "all" (or nothing) for all time, "now" for the current quarter, "2026-Q4"
    (or "2026 q4", "Q4 2026"); None when it names none."""
    words = text.strip().casefold().replace("-", " ").replace("/", " ").split()
    if not words or words == ["all"] or words == ["all", "time"]:
        return ALL_TIME
    if words in (["now"], ["current"], ["this"]):
        return season_of(now)
    quarter = [w for w in words if len(w) == 2 and w[0] == "q" and w[1] in "1234"]
    year = [w for w in words if w.isdigit() and len(w) == 4]
    if len(words) == 2 and len(quarter) == 1 and len(year) == 1:
        return f"{year[0]}-Q{quarter[0][1]}"
    return None
