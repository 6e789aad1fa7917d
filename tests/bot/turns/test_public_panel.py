"""The channel's panel is built from engine.core.panel's public description alone: 'Show my choices' and
the public buttons, with the option index each carries, come from it and nothing else."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from bot.discord.panel import turn_message
from bot.session import TurnUpdate
from bot.store import Seat, SessionRow
from engine.core import Decision, Option
from engine.core.panel import PanelOption, PublicDecision


def _update(public: list[PublicDecision], decisions: list[Decision]) -> TurnUpdate:
    now = datetime.now(UTC)
    seats = [Seat(seat=0, user_id=11, name="ana"), Seat(seat=1, user_id=12, name="ben")]
    session = SessionRow(id=3, guild_id=5, channel_id=6, game="planes", host_id=11, status="active", options={},
                         seed=1, seats=seats, version=4, created_at=now, updated_at=now)
    return TurnUpdate(session=session, title="Planes", version=4, events=[], board_png=None, board_text="{}",
                      decisions=decisions, result=None, public=public)


def _buttons(sent: dict[str, Any]) -> list[tuple[str, str]]:
    return [(child.item.label, child.item.custom_id) for child in sent["view"].walk_children()
            if isinstance(child, discord.ui.DynamicItem)]


def test_a_private_step_with_nothing_hidden_on_offer_still_shows_show_my_choices() -> None:
    # A hand with no scorable goal: only "No goal" is on offer, yet the button shows, as it does with one.
    decision = Decision(seat=0, prompt="Score a goal card, or end your turn", kind="goal", private=True,
                        options=[Option(id="skip", label="No goal")])
    public = PublicDecision(seat=0, kind="goal", prompt=decision.prompt, private=True,
                            options=[PanelOption(index=0, label="No goal")])
    sent = turn_message(_update([public], [decision]))
    assert _buttons(sent) == [("Show my choices", "tp:3:4:0:0:s"), ("No goal", "tc:3:4:0:0")]
    said = [c.content for c in sent["view"].walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert "Show my choices" in said[-1]


def test_the_channel_lists_no_option_the_public_description_leaves_out() -> None:
    decision = Decision(seat=1, prompt="Play a card", kind="action",
                        options=[Option(id="skip", label="No action"), Option(id="card:R07", label="Action: Secret")])
    public = PublicDecision(seat=1, kind="action", prompt="Play a card", private=True,
                            options=[PanelOption(index=0, label="No action")])
    sent = turn_message(_update([public], [decision]))
    assert [label for label, _ in _buttons(sent)] == ["Show my choices", "No action"]
    assert "Secret" not in repr(sent)


def test_a_public_step_lists_its_options_with_their_indices() -> None:
    options = [PanelOption(index=0, label="Confirm"), PanelOption(index=1, label="Redo")]
    public = PublicDecision(seat=0, kind="move", prompt="Your move", private=False, options=options)
    decision = Decision(seat=0, prompt="Your move", kind="move",
                        options=[Option(id="confirm", label="Confirm"), Option(id="redo", label="Redo")])
    assert _buttons(turn_message(_update([public], [decision]))) == [("Confirm", "tc:3:4:0:0"), ("Redo", "tc:3:4:0:1")]
