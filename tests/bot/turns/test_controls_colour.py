"""A member's own controls while everyone chooses at once are tinted with their seat's colour on the board, as their
turn panel would be (the accent bar is the acting seat's colour, and here the member is the one acting)."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.discord.panel import COLOUR, controls_message
from bot.session.types import Controls
from bot.store import Seat, SessionRow


def test_own_controls_are_tinted_with_the_members_colour() -> None:
    """A member's own controls (everyone choosing at once) carry their seat's colour, done or not."""
    now = datetime.now(UTC)
    session = SessionRow(id=1, guild_id=1, channel_id=1, game="now-boarding", status="active", host_id=1,
                         options={}, seed=1, seats=[Seat(seat=0, user_id=1, name="Ada")], version=3,
                         created_at=now, updated_at=now)
    controls = Controls(session=session, seat=0, version=3, decision=None, stamp="", deadline=None,
                        waiting_for=["Bruno"], colour=(200, 40, 60))
    [container] = controls_message(controls)["view"].children
    assert container.accent_colour == discord.Colour.from_rgb(200, 40, 60)
    plain = Controls(session=session, seat=0, version=3, decision=None, stamp="", deadline=None, waiting_for=[])
    assert controls_message(plain)["view"].children[0].accent_colour == COLOUR
