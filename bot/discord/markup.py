"""Discord's own markup in the texts the bot writes: mentions, timestamps each reader sees in their own time zone and
counted down by their client, and links to a channel or a message. Only the Discord layer writes them; the session
side hands over ids and times."""

from __future__ import annotations

from datetime import datetime


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def channel_mention(channel_id: int) -> str:
    return f"<#{channel_id}>"


def timestamp(when: datetime, style: str = "R") -> str:
    """Style R: how long until or since ("in 3 hours"); d: the date; f: the date and time."""
    return f"<t:{int(when.timestamp())}:{style}>"


def moment(when: datetime) -> str:
    """A time both ways: how long until or since, then the date and time in the reader's own zone."""
    return f"{timestamp(when)} ({timestamp(when, 'f')})"


def channel_link(guild: int | str, channel_id: int) -> str:
    """`guild`: its id, or "@me" for a DM."""
    return f"https://discord.com/channels/{guild}/{channel_id}"


def message_link(guild: int | str, channel_id: int, message_id: int) -> str:
    return f"{channel_link(guild, channel_id)}/{message_id}"
