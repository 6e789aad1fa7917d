"""`/game play` in Planecrafters, whose Acquire step draws hidden cards: typing a line must never show
its player, or anyone else, a card before it is drawn for real.

The autocomplete stops at the first step that draws; a line that goes on past a draw is played up to the draw and
the rest is read afterwards, when its player holds the card; a rest that makes no sense is refused to the player
alone, with how far the line got."""

from __future__ import annotations

from engine.planecrafters.data import part
from tests.bot.helpers import (
    make_table,
    mentioned_actor,
    message_text,
    messages_after,
    newest_id,
    one_game,
    panels,
    refusal,
    start_with_all,
    state_version,
    stored_state,
)

simcord_bot, bot_seed = one_game("planecrafters", 4)


async def _started(simcord_env):
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planecrafters")
    return table, mentioned_actor(table, panels(table.channel)[-1])


def _name(card: str) -> str:
    p = part(card)
    return f"{p.model} {p.slot}"


async def test_autocomplete_suggests_nothing_past_a_draw(simcord_env):
    table, actor = await _started(simcord_env)
    assert await actor.autocomplete(table.channel, "game play", "text", "go; t")
    for line in ("go; take stack; ", "go; take stack; take stack; ", "go; take stack; take stack; b"):
        assert await actor.autocomplete(table.channel, "game play", "text", line) == [], line


async def test_a_line_past_a_draw_is_read_once_the_card_is_drawn(simcord_env):
    table, actor = await _started(simcord_env)
    version = await state_version(table)
    reply = refusal(await actor.slash(table.channel, "game play", text="go; take stack; take stack; end"))
    assert reply == "Done (4 steps).", reply
    assert await state_version(table) == version + 4
    state = await stored_state(table)
    assert state.turn != 0  # type: ignore[attr-defined]


async def test_a_bad_step_after_a_draw_is_refused_to_its_player_alone_naming_only_what_they_hold(simcord_env):
    table, actor = await _started(simcord_env)
    other = next(p for p in table.players if p is not actor)
    before = await stored_state(table)
    top_two = before.stack[:2]  # type: ignore[attr-defined]
    seen = newest_id(table.channel)
    result = await actor.slash(table.channel, "game play", text="go; take stack; take stack; build zzz")
    reply = refusal(result)
    assert reply.startswith("Your line was played up to the card it showed you; the rest could not be: "), reply
    assert "'build zzz' is not on offer now" in reply
    after = await stored_state(table)
    assert after.version == before.version + 3  # go on, two draws: played; the bad step changed nothing
    assert all(card in after.hands[0] for card in top_two)  # type: ignore[attr-defined]
    # The refusal went to its player only; nothing the channel or the other player can read names the drawn cards
    # (the channel says that two cards were drawn from the stack, not which).
    for message in messages_after(table.channel, seen, viewer=other.id):
        text = message_text(message)
        assert not any(_name(card) in text for card in top_two if card not in after.depot), text  # type: ignore
