"""The undo buttons: "Undo" on a panel (take back one's own last choice) and Accept / Decline on a request to take
the game back to an earlier turn. DynamicItems keyed by session and state version, so they survive a restart and a
click after the game moved on is refused as out of date by the service."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.replies import run_for_player, tell


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
        service = interaction.client.service  # type: ignore[attr-defined]

        async def act() -> None:
            await interaction.response.defer()  # the new panel is rendered and posted before we answer
            await service.take_back(self.sid, interaction.user.id, version=self.ver)

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
        service = interaction.client.service  # type: ignore[attr-defined]

        async def act() -> None:
            await interaction.response.defer()
            text = await service.answer_undo(self.sid, interaction.user.id, version=self.ver, yes=self.yes)
            await tell(interaction, text, ephemeral=False)

        await run_for_player(interaction, act, session_id=self.sid)


def answer_view(sid: int, ver: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswer(sid, ver, True))
    view.add_item(UndoAnswer(sid, ver, False))
    return view
