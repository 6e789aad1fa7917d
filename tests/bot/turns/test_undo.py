"""Undo in every game, through the action log: free for one's own last steps until another player chose or
something hidden was shown; back to a named turn when every other player accepts; never past a reveal.

The toy game with three players and three cards each has an empty deck, so a pass reveals nothing while playing a
card (turning it face up) does."""

from __future__ import annotations

import json

from tests.bot.helpers import (
    Table,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    open_lobby,
    prompt_of,
    refusal,
    state_version,
    stored_state,
)


async def start_three(table: Table) -> None:
    alice = table.players[0]
    lobby = await open_lobby(table)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await alice.slash(table.channel, "game host option", name="hand", value="3")
    await alice.click(lobby, label="Start")


def content(state) -> dict:
    """The state without its version counter (an undo moves the version on, everything else comes back)."""
    data = json.loads(state.model_dump_json())
    data.pop("version")
    return data


async def click(table: Table, label: str) -> None:
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label=label)


def newest(table: Table):
    return max(table.channel.history(), key=lambda m: m.id)


async def play_a_card(table: Table) -> None:
    """The player called on opens their private choices and plays their first card (shown face up to all)."""
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    chooser = (await actor.click(panel, label="Show my choices")).response.message
    play = next(c for c in items(chooser) if c.label.startswith("Play"))
    await actor.click(chooser, custom_id=play.custom_id)


async def log_text(table: Table) -> str:
    return "\n".join(e["text"] for a in await table.bot.store.actions(1) for e in a.events)


async def test_taking_back_a_pass_returns_the_exact_state_and_keeps_a_line_in_the_log(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, _carol = table.players
    await start_three(table)
    start = await stored_state(table)
    await click(table, "Pass")
    assert "not yours" in refusal(await bob.slash(table.channel, "game undo"))

    done = await alice.slash(table.channel, "game undo")
    assert "took back" in refusal(done)
    back = await stored_state(table)
    assert content(back) == content(start) and back.version == 2, "the same state, at a new version"
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention), "alice's turn again"
    assert "alice took back their last choice." in await log_text(table)
    await click(table, "Pass")
    assert await state_version(table) == 3, "the game goes on from there"


async def test_no_free_undo_once_another_player_chose_or_a_card_was_shown(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, _carol = table.players
    await start_three(table)
    await click(table, "Pass")
    await click(table, "Pass")
    assert "not yours" in refusal(await alice.slash(table.channel, "game undo"))
    await play_a_card(table)
    text = refusal(await table.players[2].slash(table.channel, "game undo"))
    assert "cannot be unseen" in text
    assert await state_version(table) == 3, "nothing changed"


async def test_undo_by_consent_goes_back_to_a_named_turn_when_everyone_accepts(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_three(table)
    start = await stored_state(table)
    await click(table, "Pass")
    await click(table, "Pass")
    asked = await carol.slash(table.channel, "game undo", turn=1)
    assert "every other player accepts" in refusal(asked)
    request = newest(table)
    assert prompt_of(request) == (
        f"{alice.mention} {bob.mention}: carol asks to take the game back to the start of turn "
                               "1. It happens only if every other player accepts; any move meanwhile cancels the "
                               "request.")
    assert "not yours" in refusal(await carol.click(request, label="Accept"))
    await alice.click(request, label="Accept")
    assert prompt_of(newest(table)) == "alice accepted; still waiting for 1 more."
    assert await state_version(table) == 2, "one answer is missing"
    await bob.click(request, label="Accept")
    back = await stored_state(table)
    assert content(back) == content(start) and back.version == 3
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention)
    assert "back to turn 1, as everyone agreed" in await log_text(table)
    assert "no longer open" in refusal(await bob.click(request, label="Accept"))


async def test_a_decline_or_a_move_ends_the_request_and_nothing_goes_back_past_a_shown_card(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_three(table)
    await play_a_card(table)  # turn 1 shows a card
    await click(table, "Pass")  # turn 2
    assert "cannot be unseen" in refusal(await carol.slash(table.channel, "game undo", turn=1))
    assert "no turn 7" in refusal(await carol.slash(table.channel, "game undo", turn=7))

    await carol.slash(table.channel, "game undo", turn=2)
    request = newest(table)
    await alice.click(request, label="Decline")
    assert prompt_of(newest(table)) == "alice declined, so the game goes on from where it is."
    assert "no longer open" in refusal(await bob.click(request, label="Accept"))
    assert await state_version(table) == 2

    await carol.slash(table.channel, "game undo", turn=2)
    request = newest(table)
    await click(table, "Pass")  # carol moves on: the request is void
    assert "no longer open" in refusal(await alice.click(request, label="Accept"))
    assert await state_version(table) == 3


async def test_a_game_whose_options_these_rules_refuse_plays_on_without_undo(simcord_env, monkeypatch):
    # A Planes game saved with a scenario and a points-of-interest layout of its own (refused today) cannot
    # be replayed from its log: undo says so instead of failing.
    from engine.core import IllegalAction
    from tests.support.toy_game import ToyGame

    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice = table.players[0]
    await start_three(table)
    await click(table, "Pass")

    def refuse(self, players, options):
        raise IllegalAction("Those options are refused now.")

    monkeypatch.setattr(ToyGame, "check_options", refuse)
    assert "cannot be replayed" in refusal(await alice.slash(table.channel, "game undo"))
    monkeypatch.undo()
    await click(table, "Pass")
    assert await state_version(table) == 2, "the game goes on from its saved state"
