"""A co-operative game (Now Boarding) has no places: its final message, /game status, /game history and /game stats
speak of the team's day, won or lost, with the passengers delivered and the complaints, and each pilot's part; never
"1st", "2nd", "place 2 of 3" or "won by nobody". Checked on hand-built data here;
tests/bot/games/test_now_boarding_e2e.py plays a whole lost day to its end."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import discord

from bot.discord.panel import turn_message
from bot.discord.ratings_texts import stats_text
from bot.discord.texts import history_lines, status_text
from bot.ratings import MemberStats
from bot.session.records import PastGame
from bot.session.types import TurnUpdate
from bot.store import ResultRow, ResultSeat, Seat, SessionRow
from engine import registry
from engine.core import Result, SeatResult

WHEN = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GAME = registry.get("now-boarding")
WON = Result(standings=[SeatResult(seat=0, score=26, detail="11 passengers delivered, $26 in fares"),
                        SeatResult(seat=1, score=18, detail="7 passengers delivered, $18 in fares")],
             winners=[0, 1], summary="Everyone wins: the day ended with 1 complaint and 18 passengers delivered.")


def session() -> SessionRow:
    seats = [Seat(seat=0, user_id=11, name="ana"), Seat(seat=1, user_id=12, name="ben")]
    return SessionRow(id=4, guild_id=5, channel_id=9, game="now-boarding", host_id=11, status="finished", options={},
                      seed=1, seats=seats, version=99, created_at=WHEN, updated_at=WHEN)


def update(result: Result) -> TurnUpdate:
    return TurnUpdate(session=session(), title="Now Boarding", version=99, events=[], board_png=None, board_text="{}",
                      decisions=[], result=result, team=True, when="Round 12 · Evening, final round")


def said(message: dict[str, object]) -> list[str]:
    view = message["view"]
    assert isinstance(view, discord.ui.LayoutView)
    return [c.content for c in view.walk_children() if isinstance(c, discord.ui.TextDisplay)]


def test_the_final_message_tells_the_teams_day_with_no_places() -> None:
    texts = said(turn_message(update(WON)))
    assert texts[-1] == "Game over. Everyone wins: the day ended with 1 complaint and 18 passengers delivered."
    day = next(t for t in texts if t.startswith("**The team's day**"))
    assert day.splitlines()[1:] == ["<@11>: 11 passengers delivered, $26 in fares",
                                    "<@12>: 7 passengers delivered, $18 in fares"]
    assert not any(re.search(r"\b(1st|2nd)\b|Final scores", t) for t in texts)
    lost = WON.model_copy(update={"winners": [], "summary": "Everyone loses: 3 complaints put the airline out of "
                                                            "business, with 9 passengers delivered."})
    texts = said(turn_message(update(lost)))
    assert texts[-1].startswith("Game over. Everyone loses") and not any("1st" in t for t in texts)


def test_status_and_history_say_the_day_not_the_winners() -> None:
    status = status_text(session(), "Now Boarding", update(WON))
    assert status.endswith("Everyone wins: the day ended with 1 complaint and 18 passengers delivered.")
    assert "Winner" not in status and "Final scores" not in status
    [line] = history_lines([PastGame(session(), "Now Boarding", WON, 99, "Round 12", team=True)])
    assert line == (f"#4 Now Boarding, <t:{int(WHEN.timestamp())}:d>: the team's day: everyone wins: the day ended "
                    "with 1 complaint and 18 passengers delivered.")


def _stats(place: int, resigned: bool = False) -> MemberStats:
    best = ResultRow(session_id=4, guild_id=5, channel_id=9, game="now-boarding", finished_at=WHEN, rated=True,
                     team=True, seats=[ResultSeat(seat=0, user_id=11, name="ana", place=place, score=26,
                                                  resigned=resigned),
                                       ResultSeat(seat=1, user_id=12, name="ben", place=place, score=18)])
    return MemberStats(game="now-boarding", games=3, wins=1, rating=None, trend=[], favourite_seat=0,
                       average_score=21.5, best=best, place=None)


def test_stats_count_days_the_team_won_and_the_members_own_part() -> None:
    text = stats_text(_stats(1), 11, GAME)
    assert "Days played: 3; the team won 1 (33%)." in text
    assert "Your part, on average: 21.5 ($ in fares)." in text
    assert "the team won, and your part was 26 ($ in fares)" in text
    assert "place" not in text
    assert "the team lost" in stats_text(_stats(2), 11, GAME)
    assert "you resigned" in stats_text(_stats(3, resigned=True), 11, GAME)
    assert "place 1 of 2" in stats_text(_stats(1), 11, registry.get("planes")), "a game with places keeps them"
