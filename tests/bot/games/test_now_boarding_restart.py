"""A timed Now Boarding round survives a restart of the bot (a new instance on the same database, on SimCord's
virtual clock): the round keeps the moment it ends, neither getting its full time again nor running for ever, and a
round whose end passed while no bot was running ends as soon as the bot is back, with a word in the channel."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from simcord._runtime import _attach_bot

from bot.discord import TarmacBot
from bot.session import publish
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.bot.games.test_now_boarding_e2e import NAMES, REDRAW, controls, option_id, setup_all, start
from tests.bot.helpers import latest_panel, make_table, one_game, prompt_of, refusal, stored_state

simcord_bot, bot_seed = one_game("now-boarding", 7)

RELAXED = 120.0
"""The relaxed timer's round, in seconds: long enough that what is left of it after a restart is still longer than
SimCord's settle timeout (a shorter wait would run out while SimCord settles, not when the test moves the clock)."""


@pytest.fixture(autouse=True)
def _redraw_on_the_virtual_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publish, "REDRAW_SECONDS", REDRAW)


def round_end(text: str) -> int:
    found = re.search(r"The round ends <t:(\d+):R>", text)
    assert found, f"no round clock in {text!r}"
    return int(found.group(1))


async def flight_round(table: Any) -> int:
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.phase == "flight"
    return state.round


async def first_flight(table: Any) -> tuple[Any, Any, str]:
    """A relaxed game in its first flight round: Ana, her controls, and the id of her "fly to MIA" on them."""
    await start(table, "relaxed")
    await setup_all(table)
    state = await stored_state(table)
    assert isinstance(state, NBState)
    ana = table.players[0]
    mine = await controls(table, ana)
    return ana, mine, option_id(mine, "fly:MIA", state, 0)


async def test_a_restart_mid_round_resumes_its_clock_with_the_time_left(
        simcord_env: Any, make_bot: Callable[..., TarmacBot]) -> None:
    table = make_table(simcord_env, NAMES)
    await start(table, "relaxed")
    await setup_all(table)
    ends = round_end(prompt_of(latest_panel(table.channel)))
    await simcord_env.advance_time(60)
    await simcord_env.restart_bot(make_bot({"now-boarding": GAME}))

    ana = table.players[0]
    state = await stored_state(table)
    assert isinstance(state, NBState)
    mine = await controls(table, ana)
    fly = option_id(mine, "fly:MIA", state, 0)
    assert round_end(prompt_of(mine)) == ends, "the pilots' controls show the same end as before the restart"
    await simcord_env.advance_time(RELAXED - 60 - 10)
    assert await flight_round(table) == 1, "the round still runs until its own end"
    await simcord_env.advance_time(10 + 1)
    assert await flight_round(table) == 2, "the round ended when its time was up, not a full round after the restart"
    after = await stored_state(table)
    assert isinstance(after, NBState) and after.planes[0].at == "ATL"
    # A click on controls shown before that end is too late, as without a restart.
    assert "Time ran out" in refusal(await ana.click(mine, custom_id=fly))
    assert (await stored_state(table)).version == after.version


async def test_a_round_whose_time_ran_out_while_the_bot_was_down_ends_when_it_is_back(
        simcord_env: Any, make_bot: Callable[..., TarmacBot]) -> None:
    table = make_table(simcord_env, NAMES)
    ana, mine, fly = await first_flight(table)
    await simcord_env.advance_time(60)
    # The bot is down for longer than the round had left: nothing runs its clock meanwhile.
    await simcord_env._detach_bot()
    await simcord_env.advance_time(RELAXED)
    await _attach_bot(simcord_env, make_bot({"now-boarding": GAME}))
    await simcord_env.settle()

    assert await flight_round(table) == 2, "the round ended as soon as the bot was back"
    said = [m for m in table.channel.history() if "while the bot was offline" in prompt_of(m)]
    assert len(said) == 1 and not said[0].mentions
    assert latest_panel(table.channel).id > said[0].id, "said before the panel of the round that follows"
    after = await stored_state(table)
    assert isinstance(after, NBState) and after.planes[0].at == "ATL"
    # The round the new panel shows got a full clock of its own from when it began.
    assert round_end(prompt_of(latest_panel(table.channel))) >= int(simcord_env.now().timestamp()) + RELAXED - 1
    assert "Time ran out" in refusal(await ana.click(mine, custom_id=fly))
    assert (await stored_state(table)).version == after.version


async def test_a_click_from_before_a_round_ran_out_is_told_so_after_a_restart_too(
        simcord_env: Any, make_bot: Callable[..., TarmacBot]) -> None:
    table = make_table(simcord_env, NAMES)
    ana, mine, fly = await first_flight(table)
    await simcord_env.advance_time(RELAXED + 1)
    assert await flight_round(table) == 2, "the round ran out while the bot was running"
    await simcord_env.restart_bot(make_bot({"now-boarding": GAME}))
    after = await stored_state(table)
    refused = refusal(await ana.click(mine, custom_id=fly))
    assert "Time ran out" in refused, "the new process still knows why that click is late"
    assert (await stored_state(table)).version == after.version
