"""One place that turns what went wrong into a reply: a player's mistake gets its sentence, our own error gets
logged with the session id and the player gets a short apology (never a traceback)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord.limits import fit
from bot.discord.reach import parts_of
from bot.naming import escape
from bot.session import Refusal

log = logging.getLogger("tarmac.discord")

APOLOGY = "Sorry, something went wrong on our side. The game is safe; please try again in a moment."


class Said(Refusal):
    """A refusal the Discord layer wrote itself, already in Discord's markup (a mention, say): shown as it is."""


def refusal_text(refusal: Refusal) -> str:
    """What a member reads of a refusal. The session side's are plain text that may quote names and typed words
    ("__ana__", "**5**"): escaped here so Discord shows them as written, never as markdown or a mention."""
    return refusal.sentence if isinstance(refusal, Said) else escape(refusal.sentence)


async def tell(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Reply whether or not the interaction was already acknowledged (deferred)."""
    if interaction.response.is_done():
        await interaction.followup.send(**fit(content=text), ephemeral=ephemeral)
    else:
        await interaction.response.send_message(**fit(content=text), ephemeral=ephemeral)


async def run_for_player(
    interaction: discord.Interaction, action: Callable[[], Awaitable[None]], *, session_id: int | None = None
) -> None:
    """Run a component's action; what goes wrong is answered by `answer_failure`."""
    try:
        await action()
    except Exception as exc:
        await answer_failure(interaction, exc, session_id=session_id)


async def answer_failure(interaction: discord.Interaction, error: BaseException, *,
                         session_id: int | None = None) -> None:
    """A refusal gets its sentence; anything else is our own error: logged with the session (the channel's game when
    not given), and the player gets the apology."""
    if isinstance(error, Refusal):
        await tell(interaction, refusal_text(error))
        return
    if session_id is None:
        session_id = await _session_of_channel(interaction)
    log.error("interaction failed", exc_info=error, extra={
        "session_id": session_id, "guild_id": interaction.guild_id, "channel_id": interaction.channel_id,
    })
    try:
        await tell(interaction, APOLOGY)
    except discord.HTTPException:
        log.warning("could not deliver the apology", extra={"session_id": session_id})


async def _session_of_channel(interaction: discord.Interaction) -> int | None:
    """For the log line of a slash command that failed: the game of its channel, if one can be found."""
    try:
        store = parts_of(interaction).store
        session = await store.session_in_channel(interaction.channel_id or 0)
    except Exception:  # already handling one error: a second one only costs the session id in the log
        return None
    return session.id if session else None
