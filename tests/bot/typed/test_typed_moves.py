"""`/game play`: a whole move typed on one line, with autocomplete of legal values, for fast players.

The engine turns the line into the option ids the buttons would send; the bot applies them through the same path
as clicks and shows the result once (a typed move is one move to its player, not one post per step): the turn's panel
edited in place while the player goes on with the turn, or a new panel when the turn passes."""

from __future__ import annotations

from tests.bot.helpers import (
    field_of,
    make_table,
    mentioned_actor,
    one_game,
    panels,
    refusal,
    start_with_all,
    state_version,
    stored_state,
    turn_bodies,
)

simcord_bot, bot_seed = one_game("planes", 11)


async def _started(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    return table


async def _typed_line(actor, table) -> str:
    """Build a complete move from the bot's own suggestions, the way a player would with autocomplete."""
    line = (await actor.autocomplete(table.channel, "game play", "text", ""))[0]["value"]
    while True:
        offered = [c["value"] for c in await actor.autocomplete(table.channel, "game play", "text", f"{line} > ")]
        assert offered, f"no suggestion continues {line!r}"
        ending = next((o for o in offered if o.endswith(" stop")), None)
        if ending is not None:
            return ending
        line = offered[0]


async def test_a_typed_move_plays_through_and_shows_once(simcord_env):
    table = await _started(simcord_env)
    actor = mentioned_actor(table, panels(table.channel)[-1])
    before_version, before_shown = await state_version(table), len(turn_bodies(simcord_env, table.channel))

    line = await _typed_line(actor, table)
    result = await actor.slash(table.channel, "game play", text=line)

    reply = refusal(result)
    assert reply.startswith("Done ("), reply
    steps = int(reply.split("(")[1].split(" ")[0])  # "Done (3 steps)." is the player's own reply
    assert steps >= 3  # no action, the pick-up, the stop (and the confirm that follows a finished move)
    assert await state_version(table) == before_version + steps
    assert len(turn_bodies(simcord_env, table.channel)) == before_shown + 1, "one board for the line, not one per step"
    state = await stored_state(table)
    assert state.move is None and state.phase in {"goal", "action"}  # type: ignore[attr-defined]
    # The panel tells the channel what the typed move did, as a clicked one would.
    happened = field_of(panels(table.channel)[-1], "What just happened")
    assert f"{actor.name} moved {line.split(' stop')[0]}" in happened


async def test_suggestions_only_go_to_the_player_who_acts(simcord_env):
    table = await _started(simcord_env)
    actor = mentioned_actor(table, panels(table.channel)[-1])
    waiting = next(p for p in table.players if p is not actor)
    assert await actor.autocomplete(table.channel, "game play", "text", "")
    assert await waiting.autocomplete(table.channel, "game play", "text", "") == []


async def test_a_bad_or_untimely_line_gets_a_sentence_and_changes_nothing(simcord_env):
    table = await _started(simcord_env)
    actor = mentioned_actor(table, panels(table.channel)[-1])
    waiting = next(p for p in table.players if p is not actor)
    version, count = await state_version(table), len(turn_bodies(simcord_env, table.channel))

    nonsense = refusal(await actor.slash(table.channel, "game play", text="Q9 > nowhere"))
    assert nonsense and "Traceback" not in nonsense
    not_yours = refusal(await waiting.slash(table.channel, "game play", text=await _typed_line(actor, table)))
    assert "turn" in not_yours.lower() or "waiting" in not_yours.lower()

    assert await state_version(table) == version
    assert len(turn_bodies(simcord_env, table.channel)) == count
