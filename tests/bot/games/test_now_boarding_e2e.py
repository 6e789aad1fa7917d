"""Now Boarding on SimCord: every pilot chooses at once through their own private controls, a round ends on its
clock (SimCord's virtual time) or when all press Done, and the shared board is redrawn at most every few seconds.

The platform rules under test are generic (bot/session/simultaneous.py, clock.py): two pilots clicking at the same
instant both apply, one pilot's double click applies once, and a click that comes after the round's clock ran out is
refused with a sentence.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import MemberActor
from simcord.actors import _component_click
from simcord.results import InteractionResult, to_discord_message

from bot.session import publish
from engine.core import Rng
from engine.now_boarding.game import GAME
from engine.now_boarding.greedy import greedy_plan
from engine.now_boarding.setup import route_middle
from engine.now_boarding.state import NBState
from tests.bot.helpers import (
    Table,
    click_option,
    field_of,
    items,
    latest_panel,
    make_table,
    one_game,
    open_lobby,
    prompt_of,
    refusal,
    state_version,
    stored_state,
    text_of,
    texts,
    turn_bodies,
)
from tests.bot.replay_checks import assert_export_replays, assert_final_replay

simcord_bot, bot_seed = one_game("now-boarding", 7)

NAMES = ("ana", "ben", "cleo")
REDRAW = 3600.0
"""The deferred board's redraw in these tests: a sleep SimCord parks only while it ends after the settle deadline,
and the settle timeout grows with the machine's load (tests/support/patience.py), so the redraw is an hour of
virtual time away, which advance_time crosses at no cost."""


@pytest.fixture(autouse=True)
def _redraw_on_the_virtual_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A redraw wait longer than SimCord's settle timeout is parked on its virtual clock: it fires only when the
    test advances time, so what the channel shows between clicks is certain (3 s would fire on the wall clock)."""
    monkeypatch.setattr(publish, "REDRAW_SECONDS", REDRAW)


async def start(table: Table, timer: str, **options: str) -> None:
    if timer == "book":  # the book's 15 s round must stay a virtual timer: settle well before it could ring
        table.env.ceiling = 12.0
    lobby = await open_lobby(table, "now-boarding")
    for name, value in {"timer": timer, **options}.items():
        await table.players[0].slash(table.channel, "game host option", name=name, value=value)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await table.players[0].click(lobby, label="Start")


async def controls(table: Table, actor: MemberActor) -> discord.Message:
    """The member's own controls, opened from the channel's panel (only they see the reply). When one pilot alone
    is still choosing, the channel's panel carries their buttons itself, as in a turn-based game."""
    panel = latest_panel(table.channel)
    button = next((i for i in items(panel) if (i.custom_id or "").startswith("tk:")), None)
    if button is None:
        return panel
    result = await actor.click(panel, custom_id=button.custom_id)
    assert result.response is not None and result.response.ephemeral
    return result.response.message  # type: ignore[no-any-return]


def reread(table: Table, message: discord.Message) -> discord.Message:
    """The message as it is now (the controls are edited in place after each click)."""
    stored = table.env.backend.get_message(message.channel.id, message.id)
    return to_discord_message(table.env, stored)


def option_id(message: discord.Message, choice: str, state: NBState, seat: int) -> str:
    """The custom_id of the button for engine option `choice` on a member's controls."""
    decision = next(d for d in GAME.pending(state) if d.seat == seat)
    index = [o.id for o in decision.options].index(choice)
    return next(i.custom_id for i in items(message) if (i.custom_id or "").split(":")[4:5] == [str(index)])


async def press(table: Table, actor: MemberActor, seat: int, choice: str) -> InteractionResult:
    message = await controls(table, actor)
    state = await stored_state(table)
    assert isinstance(state, NBState)
    return await actor.click(message, custom_id=option_id(message, choice, state, seat))


async def at_once(pairs: list[tuple[MemberActor, discord.Message, str]]) -> list[InteractionResult]:
    """Clicks delivered together, before the bot handles any (as in tests/bot/transport/test_concurrency.py)."""
    env = pairs[0][0]._env
    env._begin_operation("click")
    try:
        return list(await asyncio.gather(*(_component_click(a, m, label=None, custom_id=c) for a, m, c in pairs)))
    finally:
        env._end_operation()


async def setup_all(table: Table) -> None:
    """Every pilot takes the plane suggested to them and a 2nd seat; then the pilot whose turn it is places each
    Morning weather token on the first space offered, from the channel's panel (one pilot chooses at a time)."""
    for seat, actor in enumerate(table.players):
        state = await stored_state(table)
        assert isinstance(state, NBState)
        suggested = next(o.id for d in GAME.pending(state) if d.seat == seat for o in d.options)
        await press(table, actor, seat, suggested)
        await press(table, actor, seat, "start:seat")
    while (state := await stored_state(table)).phase == "weather":
        assert isinstance(state, NBState)
        [decision] = GAME.pending(state)
        await press(table, table.players[decision.seat], decision.seat, decision.options[0].id)
    assert isinstance(state, NBState) and state.phase == "flight"


async def test_two_pilots_clicking_at_once_both_apply(simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    await start(table, "async")
    await setup_all(table)
    ana, ben = table.players[:2]
    state = await stored_state(table)
    assert isinstance(state, NBState)
    mine = [await controls(table, ana), await controls(table, ben)]
    version = await state_version(table)
    results = await at_once([(ana, mine[0], option_id(mine[0], "fly:MIA", state, 0)),
                             (ben, mine[1], option_id(mine[1], "fly:SFO", state, 1))])
    assert not [r for r in results if any(m.ephemeral for m in r.followups)], "neither click was refused"
    after = await stored_state(table)
    assert isinstance(after, NBState) and await state_version(table) == version + 2
    assert (after.planes[0].at, after.planes[1].at) == ("MIA", "SFO")
    # Each member's controls were refreshed in place with what their plane may do now.
    assert "MIA" in prompt_of(reread(table, mine[0])) and "SFO" in prompt_of(reread(table, mine[1]))


async def test_a_double_click_applies_once(simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    await start(table, "async")
    await setup_all(table)
    ana = table.players[0]
    state = await stored_state(table)
    assert isinstance(state, NBState)
    message = await controls(table, ana)
    custom_id = option_id(message, "fly:MIA", state, 0)
    version = await state_version(table)
    results = await at_once([(ana, message, custom_id), (ana, message, custom_id)])
    assert await state_version(table) == version + 1, "one of the two clicks applied"
    refused = [r for r in results if any(m.ephemeral for m in r.followups)]
    assert len(refused) == 1 and "out of date" in refusal(refused[0])


async def test_board_redrawn_at_most_every_few_seconds_and_at_phase_end(simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    await start(table, "async")
    await setup_all(table)
    shown = len(turn_bodies(table.env, table.channel))
    ana, ben, cleo = table.players
    await press(table, ana, 0, "fly:MIA")
    await press(table, ben, 1, "fly:SFO")
    assert len(turn_bodies(table.env, table.channel)) == shown, "the burst of clicks waits for one redraw"
    await simcord_env.advance_time(REDRAW + 0.5)
    assert len(turn_bodies(table.env, table.channel)) == shown + 1, "one redraw for both moves"
    for seat, actor in enumerate(table.players):
        await press(table, actor, seat, "done")
    # The last Done ends the phase: shown at once, without waiting for the redraw.
    assert len(turn_bodies(table.env, table.channel)) >= shown + 2
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.round == 2


async def test_late_click_after_the_timer_is_refused(simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    await start(table, "book")
    await setup_all(table)
    assert "<t:" in prompt_of(latest_panel(table.channel)), "the panel shows when the round ends"
    ana = table.players[0]
    state = await stored_state(table)
    assert isinstance(state, NBState)
    message = await controls(table, ana)
    await simcord_env.advance_time(16)
    after = await stored_state(table)
    assert isinstance(after, NBState) and after.round == 2 and after.planes[0].at == "ATL"
    result = await ana.click(message, custom_id=option_id(message, "fly:MIA", state, 0))
    assert "Time ran out" in refusal(result)
    assert (await stored_state(table)).version == after.version


async def test_timed_three_pilot_game_to_the_end(simcord_env: Any) -> None:
    # Nobody clicks: the clocks alone end the game, so the weather's clock (a house rule) is on too.
    table = make_table(simcord_env, NAMES)
    await start(table, "book", weather_clock="on")
    await setup_all(table)
    for _ in range(40):
        state = await stored_state(table)
        assert isinstance(state, NBState)
        if state.over:
            break
        if state.phase == "maintenance":  # nobody flies, so nobody earns: maintenance never waits
            raise AssertionError("maintenance waited with no fares to spend")
        await simcord_env.advance_time(16)
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.over and state.lost
    final = latest_panel(table.channel)
    assert "Game over. Everyone loses" in prompt_of(final)
    session = await table.bot.store.get_session(1)
    assert session is not None and session.status == "finished"
    # A co-operative game has no places: the end, the stats and the history speak of the team's day.
    day = field_of(final, "The team's day")
    assert len(day.splitlines()) == 3 and all("passengers delivered" in line for line in day.splitlines())
    assert not re.search(r"\b(1st|2nd|3rd)\b", text_of(final)) and field_of(final, "Final scores", "") == ""
    asked = await table.players[0].slash(table.channel, "game stats")  # deferred: the answer is a follow-up
    stats = "\n".join(m.content or "" for m in [asked.response, *asked.followups] if m is not None)
    assert "Days played: 1; the team won 0" in stats and "the team lost" in stats, stats
    assert "place" not in stats.replace("on the boards", ""), stats
    history = (await table.players[0].slash(table.channel, "game history")).response.message.embeds[0].description
    assert "the team's day: everyone loses" in history and "won by" not in history, history


async def test_async_three_pilot_game_to_the_end(simcord_env: Any, tmp_path: Path) -> None:
    """The pilots play the greedy team's choices from their own controls, taking turns at clicking, through every
    flight and maintenance until the day ends: flights, boarding, deliveries and purchases, all by button. The final
    message carries the replay GIF, a frame a round, and the exported record replays to the same end."""
    # The final click draws the whole game's replay before the bot settles; still far below REDRAW, whose waits
    # must stay parked on the virtual clock.
    simcord_env.settle_timeout = 120.0
    table = make_table(simcord_env, NAMES)
    await start(table, "async")
    assert "<t:" not in prompt_of(latest_panel(table.channel)), "no clock in async play"
    rng = Rng.seeded(11)
    clicks = 0
    for clicks in range(3000):
        state = await stored_state(table)
        assert isinstance(state, NBState)
        if state.over:
            break
        pending = GAME.pending(state)
        decision = pending[clicks % len(pending)]
        actor = table.players[decision.seat]
        choice = greedy_plan(state, decision, rng)[0]
        result = await click_option(actor, await controls(table, actor), [o.id for o in decision.options].index(choice))
        assert not [m for m in result.followups if m.ephemeral], f"{choice} was refused: {refusal(result)}"
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.over, f"not over after {clicks} clicks"
    assert sum(p.delivered for p in state.planes) >= 3, "passengers were flown home by button"
    assert any(p.seats + p.speed > 5 for p in state.planes), "upgrades were bought in maintenance"
    await simcord_env.advance_time(REDRAW + 1)
    assert "Game over" in prompt_of(latest_panel(table.channel))
    await assert_final_replay(table, GAME)
    await assert_export_replays(table, tmp_path)


async def test_two_pilots_taking_the_same_plane_at_once_one_gets_it(simcord_env: Any) -> None:
    """Plane choice at setup: every pilot picks from their own controls at once, first come first served; the
    second click for a plane just taken is refused with a sentence, and that pilot's controls offer what is left."""
    table = make_table(simcord_env, NAMES)
    await start(table, "async")
    ana, ben = table.players[:2]
    state = await stored_state(table)
    assert isinstance(state, NBState)
    mine = [await controls(table, ana), await controls(table, ben)]
    results = await at_once([(ana, mine[0], option_id(mine[0], "plane:purple", state, 0)),
                             (ben, mine[1], option_id(mine[1], "plane:purple", state, 1))])
    refused = [r for r in results if any(m.ephemeral for m in r.followups)]
    assert len(refused) == 1 and "out of date" in refusal(refused[0])
    after = await stored_state(table)
    assert isinstance(after, NBState) and [p.colour for p in after.planes[:2]] == ["purple", ""]
    assert "plane:purple" not in [o.id for d in GAME.pending(after) if d.seat == 1 for o in d.options]
    assert "Purple" not in prompt_of(reread(table, mine[1])) and "purple" not in " ".join(
        i.label or "" for i in items(reread(table, mine[1]))), "ben's controls no longer offer it"


async def test_weather_is_placed_by_one_pilot_on_the_channel_panel_and_the_clock_runs(simcord_env: Any) -> None:
    """Each token is placed by one pilot in turn from the channel's panel, where everyone sees the choice on offer;
    another member's click is refused; with the house rule `weather_clock` the round timer runs for each token and,
    when it runs out, the token goes on the route's middle space."""
    table = make_table(simcord_env, NAMES)
    await start(table, "book", weather_clock="on")
    for seat, actor in enumerate(table.players):
        state = await stored_state(table)
        assert isinstance(state, NBState)
        await press(table, actor, seat, next(o.id for d in GAME.pending(state) if d.seat == seat for o in d.options))
        await press(table, actor, seat, "start:seat")
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.phase == "weather"
    [decision] = GAME.pending(state)
    panel = latest_panel(table.channel)
    assert "weather" in prompt_of(panel) and "<t:" in prompt_of(panel), "the token's clock is shown"
    assert not any((i.custom_id or "").startswith("tk:") for i in items(panel)), "no private controls: one chooses"
    other = table.players[(decision.seat + 1) % 3]
    result = await other.click(panel, custom_id=option_id(panel, decision.options[-1].id, state, decision.seat))
    assert refusal(result) and (await stored_state(table)).version == state.version
    placed = len(state.weather)
    await simcord_env.advance_time(16)
    after = await stored_state(table)
    assert isinstance(after, NBState) and len(after.weather) > placed
    token = after.weather[placed]
    assert token.space == route_middle(token.route)
    happened = " ".join(texts(latest_panel(table.channel))[1:])
    assert f"Time is up: the {token.kind} goes" in happened, "everyone sees where it went"
