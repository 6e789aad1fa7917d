"""Refusals are plain text on the session side and escaped by the Discord layer where it shows them: a name or a typed
word with markdown in it reads as written, and the session side never writes Discord markup."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord.replies import Said, refusal_text
from bot.session import Refusal, Seat, SessionRow
from bot.session.ai_levels import with_level


def _session(*seats: Seat) -> SessionRow:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    return SessionRow(id=1, guild_id=1, channel_id=2, game="planes", host_id=10, status="active", options={},
                      seed=1, seats=list(seats), version=1, created_at=now, updated_at=now)


def test_the_session_side_quotes_a_name_as_it_was_written() -> None:
    session = _session(Seat(seat=0, user_id=10, name="__ana__"), Seat(seat=1, user_id=None, name="AI 1", is_ai=True))
    with pytest.raises(Refusal) as refused:
        with_level(session, 10, 1, "hard", manager=False)
    assert "__ana__'s, not an AI's" in refused.value.sentence
    with pytest.raises(Refusal) as refused:
        with_level(session, 10, 2, "**max**", manager=False)
    assert refused.value.sentence.startswith("'**max**' is not an AI level")


def test_the_discord_layer_escapes_a_refusal_it_shows() -> None:
    assert refusal_text(Refusal("Only __ana__ can answer that offer.")) == r"Only \_\_ana\_\_ can answer that offer."
    assert "@\u200beveryone" in refusal_text(Refusal("'@everyone' is not on offer."))


def test_a_refusal_the_discord_layer_wrote_keeps_its_markup() -> None:
    assert refusal_text(Said("<@42> has not finished a game on this server yet.")) == (
        "<@42> has not finished a game on this server yet.")
