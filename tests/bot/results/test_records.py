"""A started game is cancelled only after a confirmation, and a cancelled or finished game keeps its record:
/game status, log and board still answer about it and /game history lists the channel's past games with results.
/game mine lists a member's open games in the server, those waiting for them first."""

from __future__ import annotations

from tests.bot.helpers import (
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    prompt_of,
    refusal,
    start_with_all,
    title_of,
)


def reply(result):
    """The message an interaction answered with (after a defer, its follow-up)."""
    return result.followups[0].message if result.followups else result.response.message


async def pass_once(table) -> None:
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")


async def test_cancelling_a_started_game_asks_first_and_keeps_its_record(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table, options={"Rated": "off"})  # a rated game's cancel is a resignation
    await pass_once(table)
    assert "Only the host" in refusal(await bob.slash(table.channel, "game host cancel"))
    asked = await alice.slash(table.channel, "game host cancel")
    assert asked.response.ephemeral and "Cancel it?" in asked.response.content
    assert (await table.bot.store.get_session(1)).status == "active", "nothing happens before the confirmation"
    panel = latest_panel(table.channel)

    confirmed = await alice.click(asked.response.message, label="Yes, cancel the game")
    assert (await table.bot.store.get_session(1)).status == "cancelled"
    # The question, "Cancelling…" while it works, ends saying what was done: never left at "Cancelling…".
    assert confirmed.response.content == "You cancelled this game." and not items(confirmed.response.message)
    retired = next(m for m in table.channel.history() if m.id == panel.id)
    assert not items(retired) and "This game was cancelled" in prompt_of(retired)
    status = await bob.slash(table.channel, "game status")
    assert "cancelled" in status.response.content
    log = await bob.slash(table.channel, "game log")
    assert "passed" in log.response.message.embeds[0].description
    board = await bob.slash(table.channel, "game board")
    shown = board.followups[0].message if board.followups else board.response.message
    assert title_of(shown).startswith("Toy Cards — Turn 2"), "the board still answers"

    history = reply(await bob.slash(table.channel, "game history")).embeds[0].description
    assert "#1 Toy Cards" in history and "cancelled in turn 2" in history


async def test_history_gives_results_and_mine_lists_open_games_waiting_for_me_first(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    for _ in range(4):  # four passes in a row end a two-player game
        await pass_once(table)
    history = reply(await alice.slash(table.channel, "game history")).embeds[0].description
    assert history.startswith("#1 Toy Cards") and "won by" in history

    other = table.guild.create_text_channel("more-games")
    await start_with_all(table)  # a new game here: alice's turn
    await alice.slash(other, "game new", game="toy")  # a lobby there
    mine = reply(await alice.slash(table.channel, "game mine")).embeds[0].description.splitlines()
    assert mine[0].startswith(f"<#{table.channel.id}>: Toy Cards, **your turn**")
    assert mine[1] == f"<#{other.id}>: Toy Cards, in the lobby."
    theirs = reply(await bob.slash(table.channel, "game mine")).embeds[0].description
    assert theirs.startswith(f"<#{table.channel.id}>: Toy Cards, waiting for alice")
