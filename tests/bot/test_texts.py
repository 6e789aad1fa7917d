"""The words of /game status, history and mine (bot/discord/texts.py) are plain functions of the data the session side
gathers: checked here on hand-built rows, with no Discord at all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.discord.texts import history_lines, open_game_lines, status_text, waiting_text
from bot.session.records import OpenGame, PastGame, Waiting
from bot.session.types import TurnUpdate
from bot.store import Seat, SessionRow
from engine.core import Decision, Option, Result, SeatResult

WHEN = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
STAMP = int(WHEN.timestamp())


def session(status: str = "active", **changes: object) -> SessionRow:
    seats = [Seat(seat=0, user_id=11, name="*ana*"), Seat(seat=1, user_id=None, name="AI 1", is_ai=True,
                                                          level="hard")]
    row = SessionRow(id=7, guild_id=5, channel_id=9, game="toy", host_id=11, status=status, options={}, seed=1,
                     seats=seats, version=3, created_at=WHEN, updated_at=WHEN)
    return row.model_copy(update=changes)


def update(row: SessionRow, *, result: Result | None = None) -> TurnUpdate:
    waiting = [] if result else [Decision(seat=0, prompt="Pick.", options=[Option(id="a", label="A")])]
    return TurnUpdate(session=row, title="Toy", version=3, events=[], board_png=None, board_text="",
                      decisions=waiting, result=result)


def test_history_names_the_winners_and_scores_or_says_where_a_game_stopped() -> None:
    won = Result(standings=[SeatResult(seat=1, score=2), SeatResult(seat=0, score=5)], winners=[0], summary="")
    lines = history_lines([PastGame(session("finished"), "Toy", won, 9),
                           PastGame(session("cancelled", id=6), "Toy", None, 3)])
    assert lines == [f"#7 Toy, <t:{STAMP}:d>: won by \\*ana\\* (\\*ana\\* 5, AI 1 2).",
                     f"#6 Toy, <t:{STAMP}:d>: cancelled at move 3."]


def test_mine_says_whose_turn_it_is_in_each_game() -> None:
    lines = open_game_lines([OpenGame(session(), "Toy", [0], True, timedelta(hours=3)),
                             OpenGame(session(channel_id=10), "Toy", [1], False, None),
                             OpenGame(session("lobby", channel_id=12), "Toy", [], False, None)])
    assert lines == ["<#9>: Toy, **your turn** for 3 hours.", "<#10>: Toy, waiting for AI 1.",
                     "<#12>: Toy, in the lobby."]


def test_status_of_a_running_game_gives_the_deadline_who_is_away_and_the_newest_panel() -> None:
    row = session(board_message_id=44)
    waiting = Waiting(waited=timedelta(minutes=90), deadline_hours=24, ends=WHEN, away=[(12, WHEN)])
    assert waiting_text(update(row), waiting) == (
        f"Move 3; waiting for \\*ana\\* for 1 hour and 30 minutes. Turn deadline: 24 hours. This turn's ends "
        f"<t:{STAMP}:R>. Away: <@12> until <t:{STAMP}:R>. Newest panel: https://discord.com/channels/5/9/44")
    brief = waiting_text(update(session()), Waiting(waited=timedelta(seconds=20), deadline_hours=0, ends=None,
                                                    away=[]))
    assert brief == "Move 3; waiting for \\*ana\\*.", "under a minute is no wait worth saying"


def test_status_lists_the_players_and_then_the_game_or_its_final_scores() -> None:
    lobby = session("lobby")
    assert status_text(lobby, "Toy") == "**Toy**, waiting in the lobby. Players: \\*ana\\*, AI 1 (AI, Hard)."
    won = Result(standings=[SeatResult(seat=0, score=5), SeatResult(seat=1, score=2)], winners=[0], summary="")
    over = session("finished")
    assert status_text(over, "Toy", update(over, result=won)).endswith(
        "Final scores: <@11> 5; **AI 1** (AI, Hard) 2. Winner: <@11>.")
