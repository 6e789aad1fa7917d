"""The undo buttons: "Undo" on a panel (take back one's own last choice) and Accept / Decline on a request to take
the game back to an earlier turn. DynamicItems keyed by session and state version, so they survive a restart and a
click after the game moved on is refused as out of date (bot.session.undo)."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.reach import parts_of
from bot.discord.replies import run_for_player, tell
from bot.naming import escape
from bot.session import SessionRow


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tu:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+)"):
    def __init__(self, sid: int, ver: int, seat: int) -> None:
        super().__init__(discord.ui.Button(label="Undo my last step", custom_id=f"tu:{sid}:{ver}:{seat}",
                                           style=discord.ButtonStyle.secondary))
        self.sid, self.ver, self.seat = sid, ver, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> UndoButton:
        return cls(int(match["sid"]), int(match["ver"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        undo = parts_of(interaction).undo

        async def act() -> None:
            await interaction.response.defer()  # the new panel is rendered and posted before we answer
            await undo.take_back(self.sid, interaction.user.id, version=self.ver)

        await run_for_player(interaction, act, session_id=self.sid)


class UndoAnswer(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tua:(?P<sid>\d+):(?P<ver>\d+):(?P<yes>[yn])"):
    def __init__(self, sid: int, ver: int, yes: bool) -> None:
        super().__init__(discord.ui.Button(
            label="Accept" if yes else "Decline", custom_id=f"tua:{sid}:{ver}:{'y' if yes else 'n'}",
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger))
        self.sid, self.ver, self.yes = sid, ver, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> UndoAnswer:
        return cls(int(match["sid"]), int(match["ver"]), match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        parts = parts_of(interaction)

        async def act() -> None:
            await interaction.response.defer()
            request, done = await parts.undo.answer(self.sid, interaction.user.id, version=self.ver, yes=self.yes)
            if done is None:
                session = await parts.sessions.fresh(self.sid)
                done = answered(session, interaction.user.id, self.yes, len(request.waiting))
            await tell(interaction, done, ephemeral=False)

        await run_for_player(interaction, act, session_id=self.sid)


def answered(session: SessionRow, user_id: int, yes: bool, waiting: int) -> str:
    """What the channel reads of an answer that did not end the request in an undo."""
    who = next((escape(s.name) for s in session.seats if s.user_id == user_id), "A player")
    if not yes:
        return f"{who} declined, so the game goes on from where it is."
    return f"{who} accepted; still waiting for {waiting} more."


def answer_view(sid: int, ver: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswer(sid, ver, True))
    view.add_item(UndoAnswer(sid, ver, False))
    return view


# The persistent items of this module, which the client registers so that a request keeps working after a restart.
ITEMS = (UndoButton, UndoAnswer)
