"""The times the bot writes (deadlines, since when a game waits, a round's clock) are Discord timestamps that the
sandbox's page formats for its reader, as Discord does ("in 3 hours", "Nov 28, 2026, 9:00 AM"), in a message's text
and in a V2 panel's text displays alike, never shown as raw markup. Checked on the page's own markdown projection."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from simcord.preview._markdown import markdown_tokens

from bot.discord.markup import moment, timestamp
from bot.discord.texts import reminder_text, waiting_text
from bot.session.records import Waiting
from bot.session.types import Reminder, TurnUpdate
from bot.store import Seat, SessionRow
from engine.core import Decision, Option

WHEN = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def flat(tokens: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [t for token in tokens for t in [token, *flat(token.get("children") or [])]]


def session() -> SessionRow:
    return SessionRow(id=7, guild_id=5, channel_id=9, game="toy", host_id=11, status="active", options={}, seed=1,
                      seats=[Seat(seat=0, user_id=11, name="ana")], version=3, created_at=WHEN, updated_at=WHEN)


def test_each_time_is_a_timestamp_the_page_formats_in_texts_and_text_displays() -> None:
    row = session()
    update = TurnUpdate(session=row, title="Toy", version=3, events=[], board_png=None, board_text="",
                        decisions=[Decision(seat=0, prompt="Pick.", options=[Option(id="a", label="A")])],
                        result=None)
    texts = [
        waiting_text(update, Waiting(waited=timedelta(hours=2), deadline_hours=24, ends=WHEN, away=[(12, WHEN)],
                                     since=WHEN - timedelta(hours=2))),
        reminder_text(Reminder(session=row, title="Toy", user_ids=[11], prompt="Pick.", quiet_for=timedelta(hours=12),
                               since=WHEN, deadline=WHEN)),
        f"Everyone chooses. The round ends {timestamp(WHEN)}.",
    ]
    for text in texts:
        for profile in ("message", "text_display"):
            tokens = flat(markdown_tokens(text, profile))
            stamps = [(t["unix"], t["style"]) for t in tokens if t["type"] == "timestamp"]
            assert stamps and all(int(unix) > 0 and style in ("R", "f") for unix, style in stamps), text
            assert not any("<t:" in str(t.get("content", "")) for t in tokens), "no raw markup left to read"
    both = flat(markdown_tokens(moment(WHEN), "text_display"))
    assert [t["style"] for t in both if t["type"] == "timestamp"] == ["R", "f"], "how long, then the date and time"
