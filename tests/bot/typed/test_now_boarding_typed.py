"""`/game play` in Now Boarding: each pilot types their own moves, with the autocomplete offering their own buttons,
while everyone plays at once."""

from __future__ import annotations

from typing import Any

from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.bot.helpers import make_table, one_game, open_lobby, refusal, stored_state

simcord_bot, bot_seed = one_game("now-boarding", 7)


async def _typed(actor: Any, table: Any, text: str) -> str:
    return refusal(await actor.slash(table.channel, "game play", text=text))


async def test_pilots_set_up_place_weather_and_fly_by_typing(simcord_env: Any) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    lobby = await open_lobby(table, "now-boarding")
    await table.players[0].slash(table.channel, "game host option", name="timer", value="async")
    await table.players[1].click(lobby, label="Join")
    await table.players[0].click(lobby, label="Start")
    ana, ben = table.players
    # Each pilot's suggestions are their own set-up buttons: the planes still free, the suggested one first.
    offered = [c["value"] for c in await ana.autocomplete(table.channel, "game play", "text", "take")]
    assert offered and offered[0].startswith("Take the ") and offered[0].endswith(", suggested")
    assert await _typed(ana, table, f"{offered[0]}; start with a 2nd seat") == "Done (2 steps)."
    taken = (await stored_state(table)).planes[0].colour  # type: ignore[attr-defined]
    assert not any(taken in c["value"] for c in await ben.autocomplete(table.channel, "game play", "text", "take"))
    reply = await _typed(ben, table, f"take the {taken} plane")
    assert "not on offer" in reply, "a plane taken by another pilot is refused"
    ben_plane = [c["value"] for c in await ben.autocomplete(table.channel, "game play", "text", "take")][0]
    assert await _typed(ben, table, f"{ben_plane}; start with speed 4") == "Done (2 steps)."
    for pilot in (ana, ben):  # two pilots each add a route colour
        colour = [c["value"] for c in await pilot.autocomplete(table.channel, "game play", "text", "add the")][0]
        assert await _typed(pilot, table, colour) == "Done (1 step)."
    state = await stored_state(table)
    assert isinstance(state, NBState)
    # The weather is placed by the pilot whose turn it is to place it, by typing too.
    while state.phase == "weather":
        [decision] = GAME.pending(state)
        placer = table.players[decision.seat]
        line = [c["value"] for c in await placer.autocomplete(table.channel, "game play", "text", "put")][-1]
        assert await _typed(placer, table, line) == "Done (1 step)."
        state = await stored_state(table)
        assert isinstance(state, NBState)
    assert state.phase == "flight"
    # In flight, each pilot types for their own plane only.
    flight = [c["value"] for c in await ana.autocomplete(table.channel, "game play", "text", "fly to")][0]
    assert await _typed(ana, table, f"{flight}; done") == "Done (2 steps)."
    after = await stored_state(table)
    assert isinstance(after, NBState)
    assert after.planes[0].at != state.planes[0].at and after.planes[1].at == state.planes[1].at
    assert 0 not in {d.seat for d in GAME.pending(after)} and 1 in {d.seat for d in GAME.pending(after)}
