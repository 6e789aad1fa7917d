"""Resigning, which cannot be taken back: `/game resign` asks first (as cancelling a started game does), saying what
it means, and only the button it offers resigns. The button is a DynamicItem keyed by the session, so it still works
after a restart; pressed once the game is over, or by a member no longer at the table, it is refused."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.limits import fit
from bot.discord.reach import parts_of
from bot.discord.replies import run_for_player, tell
from bot.session import Refusal, SessionRow
from bot.session.sessions import seats_of

ASK = ("Resigning is final: the AI plays your seat from now on, to the end of this game, and `/game rejoin` cannot "
       "give it back (it returns only a seat the AI kept after missed deadlines). Away for a while instead? "
       "`/game vacation` pauses your deadlines. Resign?")


CANCELLING = ("This game is rated and has started, so cancelling it counts as your resignation: you count as last, "
              "and the AI plays your seat to the end (with no player left, it plays the game out at once and the "
              "result counts). Resign?")


def ask_to_resign(session: SessionRow, user_id: int, *, cancelling: bool = False) -> dict[str, Any]:
    """The private question `/game resign` answers with (or the host's cancel of a started rated game, which counts
    as resigning), and its button; refused at once for a member who is not at the table (nothing to confirm)."""
    if session.status != "active":
        raise Refusal("This game is not running any more.")
    if not seats_of(session, user_id):
        raise Refusal("You are not in this game.")
    view = discord.ui.View(timeout=None)
    view.add_item(ResignConfirm(session.id))
    return fit(content=CANCELLING if cancelling else ASK, view=view)


class ResignConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"trs:(?P<sid>\d+)"):
    """The "Yes, resign" button of the question `/game resign` asks."""

    def __init__(self, sid: int) -> None:
        super().__init__(discord.ui.Button(label="Yes, resign", custom_id=f"trs:{sid}",
                                           style=discord.ButtonStyle.danger))
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> ResignConfirm:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            session, ended = await parts.turns.resign(self.sid, interaction.user.id)
            # The question gives way to what was done: no button left to press twice.
            await interaction.response.edit_message(**fit(content="You resigned from this game.", view=None))
            mention = interaction.user.mention
            said = (f"{mention} resigned. No player is left at the table, so the AI plays the game out now, and "
                    f"its result stands: whoever resigned counts as last." if ended else
                    f"{mention} resigned; the AI plays their seat from now on.")
            await interaction.followup.send(**fit(content=said))
            if not await parts.turns.play_ai(session.id):
                await tell(interaction, "The AI moved, but I could not post the new board. Use /game panel to show "
                                        "it.")

        await run_for_player(interaction, act, session_id=self.sid)


# The persistent items of this module, which the client registers so that a question keeps working after a restart.
ITEMS = (ResignConfirm,)
