"""The words of /game status, history and mine, of reminders and of the channel's notices (bot/discord/texts.py) are
plain functions of the data the session side hands over: checked here on hand-built rows, with no Discord at all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.discord.texts import (
    history_lines,
    notice_text,
    open_game_lines,
    reminder_text,
    status_text,
    waiting_text,
)
from bot.session.records import OpenGame, PastGame, Waiting
from bot.session.types import Abandoned, DeadlineAnswered, DeadlinePassed, LateRoundEnd, Reminder, TurnUpdate
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
                      decisions=waiting, result=result, when="Turn 2 · round 1")


def test_history_names_the_winners_and_scores_or_says_where_a_game_stopped() -> None:
    won = Result(standings=[SeatResult(seat=1, score=2), SeatResult(seat=0, score=5)], winners=[0], summary="")
    lines = history_lines([PastGame(session("finished"), "Toy", won, 9),
                           PastGame(session("cancelled", id=6), "Toy", None, 3, "Turn 2 · round 1")])
    assert lines == [f"#7 Toy, <t:{STAMP}:d>: won by \\*ana\\* (\\*ana\\* 5, AI 1 2).",
                     f"#6 Toy, <t:{STAMP}:d>: cancelled in turn 2 · round 1."]


def test_mine_says_whose_turn_it_is_in_each_game() -> None:
    lines = open_game_lines([OpenGame(session(), "Toy", [0], True, timedelta(hours=3), WHEN),
                             OpenGame(session(channel_id=10), "Toy", [1], False, None),
                             OpenGame(session("lobby", channel_id=12), "Toy", [], False, None)])
    assert lines == [f"<#9>: Toy, **your turn** since <t:{STAMP}:R>.", "<#10>: Toy, waiting for AI 1.",
                     "<#12>: Toy, in the lobby."]


def test_status_of_a_running_game_gives_the_deadline_who_is_away_and_the_newest_panel() -> None:
    row = session(board_message_id=44)
    began = WHEN - timedelta(minutes=90)
    waiting = Waiting(waited=timedelta(minutes=90), deadline_hours=24, ends=WHEN, away=[(12, WHEN)], since=began)
    # Every time as Discord's timestamps: each reader's client shows it in their own zone and counts it down.
    both = f"<t:{STAMP}:R> (<t:{STAMP}:f>)"
    assert waiting_text(update(row), waiting) == (
        f"Turn 2 · round 1; waiting for \\*ana\\* since <t:{STAMP - 5400}:R> (<t:{STAMP - 5400}:f>). Turn deadline: 24 "
        f"hours. This turn's ends {both}. Away: <@12> until {both}. Newest panel: https://discord.com/channels/5/9/44")
    brief = waiting_text(update(session()), Waiting(waited=timedelta(seconds=20), deadline_hours=0, ends=None,
                                                    away=[]))
    assert brief == "Turn 2 · round 1; waiting for \\*ana\\*.", "under a minute is no wait worth saying"
    unnumbered = update(session())
    unnumbered.when = ""
    assert waiting_text(unnumbered, Waiting(waited=None, deadline_hours=0, ends=None, away=[])) == (
        "Waiting for \\*ana\\*."), "a game that numbers no turns says none"


def test_status_lists_the_players_and_then_the_game_or_its_final_scores() -> None:
    lobby = session("lobby")
    assert status_text(lobby, "Toy") == "**Toy**, waiting in the lobby. Players: \\*ana\\*, AI 1 (AI, Hard)."
    won = Result(standings=[SeatResult(seat=0, score=5), SeatResult(seat=1, score=2)], winners=[0], summary="")
    over = session("finished")
    assert status_text(over, "Toy", update(over, result=won)).endswith(
        "Final scores: <@11> 5; **AI 1** (AI, Hard) 2. Winner: <@11>.")


def test_a_reminder_calls_the_members_and_before_a_deadline_says_what_happens_then() -> None:
    quiet = Reminder(session=session(board_message_id=44), title="Toy", user_ids=[11, 12], prompt="Pick a card.",
                     quiet_for=timedelta(hours=12), since=WHEN)
    assert reminder_text(quiet) == (f"<@11> <@12>, Toy has been waiting since <t:{STAMP}:R> for your move (Pick a "
                                    "card). The board: https://discord.com/channels/5/9/44")
    warned = Reminder(session=session(), title="Toy", user_ids=[11], prompt="Bid.", quiet_for=timedelta(hours=18),
                      deadline=WHEN)
    assert reminder_text(warned) == (f"<@11>, Toy has been waiting 18 hours for your move (Bid; the deadline ends "
                                     f"<t:{STAMP}:R> (<t:{STAMP}:f>), then the AI plays this turn for you).")
    answered = Reminder(session=session(), title="Toy", user_ids=[11], prompt="", quiet_for=timedelta(hours=1),
                        deadline=WHEN, answer="Pass", nudged_by=12)
    assert reminder_text(answered) == (f"<@11>, <@12> nudges you: Toy is waiting for your move (; the deadline ends "
                                       f"<t:{STAMP}:R> (<t:{STAMP}:f>), then the game answers \u201cPass\u201d for "
                                       "you).")


def test_each_notice_is_worded_and_notifies_only_whom_it_concerns() -> None:
    row = session()
    assert notice_text(DeadlinePassed(row, 11, "*ana*", 3, handed=True)) == (
        "<@11>'s deadline ended, so the AI plays \\*ana\\*'s turn (3 missed in a row). After 3 missed deadlines the "
        "AI keeps the seat until \\*ana\\* comes back with `/game rejoin`.", [11])
    assert notice_text(DeadlineAnswered(row, {0: "Pass", 1: "*No*"})) == (
        "The deadline ended with no answer, so the game answers for \\*ana\\*: \u201cPass\u201d; AI 1: "
        "\u201c\\*No\\*\u201d.", [])
    assert notice_text(Abandoned(row, "Toy", timedelta(days=14))) == (
        "<@11>, nobody has moved in this Toy game for 14 days, so I stop reminding. `/game host cancel` ends it; "
        "any move starts the reminders again.", [11])
    assert notice_text(LateRoundEnd(row, WHEN)) == (
        f"This round's time ran out <t:{STAMP}:R>, while the bot was offline, so the round ends now, as it would "
        f"have then.", [])
