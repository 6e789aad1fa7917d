"""Mentions in the texts the bot writes. Discord turns "@everyone", "@here", "<@&role>" and "<@user>" in a message into
mentions, and pings whoever they name unless the message's allowed_mentions says otherwise. The bot never means a crowd
or a role (the client forbids pinging them, bot/discord/client.py), and it writes the members it means to call by their
ids itself; so a mention that comes from a member's words (a name, a typed move quoted back, an option value) is
defused: a zero-width space after its "@" keeps it on screen as typed and makes it plain text."""

from __future__ import annotations

import re

ZERO_WIDTH = "\u200b"

# "@everyone" / "@here" (Discord reads them in any case) and role mentions "<@&123>".
_CROWD = re.compile(r"@(?=everyone|here|&\d)", re.IGNORECASE)
# The same, plus user mentions "<@123>" / "<@!123>": a member named after another would show as that member.
_ANY = re.compile(r"@(?=everyone|here|[!&]?\d)", re.IGNORECASE)


def defuse_crowds(text: str) -> str:
    """`text` with every crowd or role mention made plain text; the bot's own user mentions stay."""
    return _CROWD.sub("@" + ZERO_WIDTH, text)


def defuse_all(text: str) -> str:
    """`text` (a member's words, such as their name) with every mention made plain text."""
    return _ANY.sub("@" + ZERO_WIDTH, text)
