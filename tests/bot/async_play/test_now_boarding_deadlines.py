"""The turn deadline in a game where every pilot acts at once (Now Boarding without a round timer), on SimCord's
virtual clock: each pilot's deadline runs from when their decision opened or from their own last choice, never from
another pilot's move. An absent pilot's deadline ends on time while the others keep playing, the AI then plays that
pilot's part of the round only, and each of the others keeps the clock of their own last choice. Reminders, in a
game with no deadline, count each pilot's quiet time the same way."""

from __future__ import annotations

from typing import Any

import pytest

from bot.session import publish
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.bot.games.test_now_boarding_e2e import NAMES, REDRAW, press, setup_all
from tests.bot.helpers import Table, make_table, one_game, open_lobby, prompt_of, stored_state

simcord_bot, bot_seed = one_game("now-boarding", 7)

HOUR = 3600.0


@pytest.fixture(autouse=True)
def _redraw_on_the_virtual_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publish, "REDRAW_SECONDS", REDRAW)


async def start(table: Table, deadline: int = 12) -> None:
    """No round timer (a round ends when all press Done), and a turn deadline set in the lobby (0: none)."""
    host = table.players[0]
    lobby = await open_lobby(table, "now-boarding")
    await host.slash(table.channel, "game host option", name="timer", value="async")
    if deadline:
        await host.slash(table.channel, "game host deadline", hours=deadline)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await host.click(lobby, label="Start")


def said(table: Table, words: str) -> list[Any]:
    return [m for m in table.channel.history() if words in prompt_of(m)]


async def fly(table: Table, seat: int) -> None:
    """The pilot of `seat` flies one leg (the first route on offer), staying in the round."""
    state = await stored_state(table)
    assert isinstance(state, NBState)
    decision = next(d for d in GAME.pending(state) if d.seat == seat)
    choice = next(o.id for o in decision.options if o.id.startswith("fly:"))
    await press(table, table.players[seat], seat, choice)


async def planes_done(table: Table) -> list[bool]:
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.phase == "flight" and state.round == 1
    return [p.done for p in state.planes]


async def test_an_absent_pilots_deadline_runs_from_the_round_start_while_the_others_play(simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    ana, ben, cleo = table.players
    await start(table)
    await setup_all(table)  # the flight round opens now, for every pilot: ana will not choose at all

    await simcord_env.advance_time(4 * HOUR)
    await fly(table, 1)
    await simcord_env.advance_time(4 * HOUR)
    await fly(table, 1)  # ben last chose at 8 h
    await simcord_env.advance_time(1.5 * HOUR)
    warned = [prompt_of(m).split(",")[0] for m in said(table, "deadline ends")]
    assert sorted(warned) == sorted([ana.mention, cleo.mention]), "3 hours before: the two who never chose"
    await simcord_env.advance_time(0.5 * HOUR)
    await fly(table, 2)  # cleo last chose at 10 h
    await simcord_env.advance_time(2.5 * HOUR)  # 12.5 h after the round opened, 2.5 h after anyone's last move

    [told] = said(table, "deadline ended")
    assert prompt_of(told).startswith(f"<@{ana.id}>'s deadline ended, so the AI plays ana's turn")
    assert len([m for m in said(table, "deadline ends") if prompt_of(m).startswith(ana.mention)]) == 1, \
        "the others' moves did not start ana's clock, nor her warning, again"
    assert await planes_done(table) == [True, False, False], "the AI played ana's part of the round only"

    # Ben's own clock runs from his last choice (8 h): it ends at 20 h, cleo's (10 h) at 22 h.
    await simcord_env.advance_time(7 * HOUR)  # 19.5 h
    assert len(said(table, "deadline ended")) == 1
    assert await planes_done(table) == [True, False, False]
    await simcord_env.advance_time(1 * HOUR)  # 20.5 h
    assert said(table, f"<@{ben.id}>'s deadline ended")
    assert not said(table, f"<@{cleo.id}>'s deadline ended")
    assert await planes_done(table) == [True, True, False]



def reminded(table: Table) -> list[str]:
    """Whom each reminder mentions (the mentions come first), oldest first."""
    return [prompt_of(m).split(", Now Boarding has been waiting")[0] for m in table.channel.history()
            if "Now Boarding has been waiting" in prompt_of(m)]


async def test_an_absent_pilot_is_reminded_after_their_own_quiet_period_while_the_others_play(
        simcord_env: Any) -> None:
    table = make_table(simcord_env, NAMES)
    ana, ben, cleo = table.players
    await start(table, deadline=0)
    await setup_all(table)

    await simcord_env.advance_time(4 * HOUR)
    await fly(table, 1)
    await simcord_env.advance_time(4 * HOUR)
    await fly(table, 1)  # ben last chose at 8 h
    await simcord_env.advance_time(2 * HOUR)
    await fly(table, 2)  # cleo last chose at 10 h
    await simcord_env.advance_time(1.5 * HOUR)
    assert reminded(table) == []
    await simcord_env.advance_time(1 * HOUR)  # 12.5 h after the round opened, 2.5 h after anyone's last move
    assert reminded(table) == [ana.mention], "ana, who never chose, is reminded 12 hours after the round opened"
    [message] = [m for m in table.channel.history() if "Now Boarding has been waiting" in prompt_of(m)]
    began = int(message.created_at.timestamp() - 12 * HOUR)  # since the round opened, as a Discord timestamp
    assert f"waiting since <t:{began}:R> for your move (Round 1 · Morning, 1 of 3: your plane at ATL" in prompt_of(
        message), "with her own decision"

    await simcord_env.advance_time(8 * HOUR)  # 20.5 h: ben's own 12 hours since his last choice are over
    assert reminded(table) == [ana.mention, ben.mention]
    await simcord_env.advance_time(2 * HOUR)  # 22.5 h: cleo's
    assert reminded(table) == [ana.mention, ben.mention, cleo.mention]
    await simcord_env.advance_time(13 * HOUR)  # 35.5 h: ana's second waits twice as long (12 h + 24 h)
    assert reminded(table).count(ana.mention) == 1
    await simcord_env.advance_time(1 * HOUR)
    assert reminded(table).count(ana.mention) == 2
