"""A result the rules settle by another game (Planes: a tie no tie-break settles) keeps its shared win as the record
of that game, and its final panel offers "Play again": a new lobby in the channel with the same seats and options,
for the host to start."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest

from bot.discord import TarmacBot
from bot.session.deadlines import AWAY
from bot.session.lobby import again
from bot.store import Seat
from engine.core import GameState, Result
from tests.bot.helpers import (
    click_option,
    field_of,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    open_lobby,
    prompt_of,
    refusal,
    text_of,
    title_of,
)
from tests.support.toy_game import ToyGame


class TiedToy(ToyGame):
    """The toy game whose rules, like Planes', settle a tie with another game."""

    def result(self, state: GameState) -> Result | None:
        result = super().result(state)
        return result.model_copy(update={"play_again": len(result.winners) > 1}) if result else None


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot({"toy": TiedToy()})


def reply(result):
    return result.followups[0].message if result.followups else result.response.message


async def _tie(table) -> None:
    """alice hosts with hand size 3, a 24-hour turn deadline and no rating; everyone passes until the game ends at
    0 each."""
    alice, bob = table.players[:2]
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await alice.select(lobby, ["3"], custom_id="to:1:hand")
    await alice.select(lobby, ["24"], custom_id="to:1:deadline")
    await alice.select(lobby, ["off"], custom_id="to:1:rated")
    await alice.click(lobby, label="Start")
    while True:
        panel = latest_panel(table.channel)
        if prompt_of(panel).startswith("Game over"):
            return
        await mentioned_actor(table, panel).click(panel, label="Pass")


async def test_a_tie_the_rules_replay_offers_play_again_and_keeps_the_shared_win(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await _tie(table)
    final = latest_panel(table.channel)
    assert "Press **Play again**" in prompt_of(final)
    again = [c for c in items(final) if getattr(c, "custom_id", "") == "tpa:1"]
    assert [c.label for c in again] == ["Play again"]

    assert "Only the players of that game" in refusal(await carol.click(final, custom_id="tpa:1"))
    opened = await bob.click(final, custom_id="tpa:1")
    lobby = opened.response.message
    assert title_of(lobby) == "Toy Cards — lobby"
    new = await table.bot.store.get_session(2)
    assert new is not None and new.status == "lobby" and new.host_id == alice.id
    assert new.options == {"hand": "3"}
    assert [(s.user_id, s.name, s.is_ai) for s in new.seats] == [(alice.id, "alice", False), (bob.id, "bob", False)]
    assert new.panel_message_id == lobby.id
    assert field_of(lobby, "Turn deadline") == "24 hours", "the turn deadline comes along too"
    assert "Not rated" in text_of(lobby), "and whether the game counts"

    assert "already has a game open" in refusal(await alice.click(final, custom_id="tpa:1"))
    history = reply(await alice.slash(table.channel, "game history")).embeds[0].description
    assert "won by alice and bob" in history, "the tied game's record keeps the shared win"

    await alice.click(lobby, label="Start")
    assert (await table.bot.store.get_session(2)).status == "active"


async def test_play_again_follows_the_servers_games_channels(simcord_env):
    """A channel the server's settings closed to games since the tied game began opens no new lobby there."""
    table = make_table(simcord_env, ("alice", "bob"))
    await _tie(table)
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[role])
    board_games = table.guild.create_text_channel("board-games")
    await admin.slash(table.channel, "tarmac settings", games_channel=board_games)
    said = refusal(await table.players[1].click(latest_panel(table.channel), custom_id="tpa:1"))
    assert said == f"Games open only in <#{board_games.id}> on this server."
    assert await table.bot.store.get_session(2) is None


async def test_a_clear_result_offers_no_play_again(simcord_env):
    table = make_table(simcord_env, ("alice", "bob"))
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    panel = latest_panel(table.channel)
    await click_option(mentioned_actor(table, panel), panel, 0)  # a card: it scores, so nobody ties
    while not prompt_of(panel := latest_panel(table.channel)).startswith("Game over"):
        await mentioned_actor(table, panel).click(panel, label="Pass")
    assert "Play again" not in prompt_of(panel) and not items(panel)


def test_a_seat_the_ai_held_while_its_member_was_away_goes_back_to_them() -> None:
    away = Seat(seat=1, user_id=5, name=f"bob{AWAY}", is_ai=True, level="normal")
    assert again(away) == Seat(seat=1, user_id=5, name="bob")
    ai = Seat(seat=2, user_id=None, name="AI 1", is_ai=True, level="hard")
    assert again(ai) == ai
