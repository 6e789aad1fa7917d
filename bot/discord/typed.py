"""The "Type a price…" button of a decision that also takes a typed value (engine.core.contract.TypedValue), and the
form behind it.

The button carries session, state version, seat (and, on a member's own controls, the decision's stamp) like a
choice button, so a stale one is refused the same way. The form is answered by its custom_id (answer_typed_form),
as the lobby's "Type a value" form is: it is stopped before it is sent, so a restart while someone types loses
nothing. What was typed goes to the engine as the decision's prefix plus the text; the bot judges nothing.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.limits import BUTTON_LABEL, INPUT_LABEL, INPUT_PLACEHOLDER, MODAL_TITLE, cut
from bot.discord.lobby import typed_text
from bot.discord.reach import parts_of, payload
from bot.discord.replies import run_for_player
from bot.session import Refusal
from engine.core import TypedValue

_STAMP = r"(?::(?P<st>[0-9a-f]{8}))?"
FORM = re.compile(r"tvm:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+)" + _STAMP)


def _stamped(custom_id: str, stamp: str | None) -> str:
    return f"{custom_id}:{stamp}" if stamp else custom_id


class TypedButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tv:(?P<sid>\d+):(?P<ver>\d+):(?P<seat>\d+)" + _STAMP,
):
    def __init__(self, sid: int, ver: int, seat: int, label: str = "Type a value…", stamp: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=cut(label, BUTTON_LABEL), row=row, style=discord.ButtonStyle.secondary,
                                           custom_id=_stamped(f"tv:{sid}:{ver}:{seat}", stamp)))
        self.sid, self.ver, self.seat, self.stamp = sid, ver, seat, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> TypedButton:
        return cls(int(match["sid"]), int(match["ver"]), int(match["seat"]), stamp=match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        turns = parts_of(interaction).turns

        async def ask() -> None:
            update = await turns.current(self.sid, interaction.user.id, version=self.ver, seat=self.seat,
                                         stamp=self.stamp)
            decision = next((d for d in update.decisions if d.seat == self.seat), None)
            if decision is None or decision.typed is None:
                raise Refusal("This choice takes no typed value any more; use the buttons.")
            await interaction.response.send_modal(typed_form(self.sid, self.ver, self.seat, decision.typed,
                                                             self.stamp))

        await run_for_player(interaction, ask, session_id=self.sid)


def typed_form(sid: int, ver: int, seat: int, typed: TypedValue, stamp: str | None = None) -> discord.ui.Modal:
    form = discord.ui.Modal(title=cut(typed.label, MODAL_TITLE), custom_id=_stamped(f"tvm:{sid}:{ver}:{seat}", stamp))
    form.add_item(discord.ui.TextInput(label=cut(typed.label.rstrip("…."), INPUT_LABEL), custom_id="value",
                                       style=discord.TextStyle.short,
                                       placeholder=cut(typed.hint, INPUT_PLACEHOLDER) or None, max_length=40))
    form.stop()  # answered by its custom_id (answer_typed_form): nothing kept in memory, nothing lost in a restart
    return form


async def answer_typed_form(interaction: discord.Interaction) -> None:
    """Play the value a "Type a price…" form was sent with (any other interaction is left alone)."""
    data = payload(interaction)
    match = FORM.fullmatch(str(data.get("custom_id", "")))
    if interaction.type != discord.InteractionType.modal_submit or match is None:
        return
    turns = parts_of(interaction).turns
    sid, ver, seat = int(match["sid"]), int(match["ver"]), int(match["seat"])
    text = typed_text(data.get("components", []))

    async def act() -> None:
        # Acknowledge first, as a click does: posting the new board may take longer than Discord waits.
        await interaction.response.defer()
        await turns.choose_typed(sid, interaction.user.id, version=ver, seat=seat, text=text, stamp=match["st"])

    await run_for_player(interaction, act, session_id=sid)


# The persistent items of this module, which the client registers so that a panel keeps working after a restart.
ITEMS = (TypedButton,)
