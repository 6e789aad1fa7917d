"""`/game play` on the Round Trip airports, through SimCord: a move typed from the bot's own suggestions rides
Beacon's tram (a terminal to the hub) and follows Azure's arrows, and plays through as one move."""

from __future__ import annotations

import pytest

from tests.bot.helpers import field_of, make_table, mentioned_actor, one_game, open_lobby, panels, refusal, stored_state

simcord_bot, bot_seed = one_game("planes", 11)


async def typed_line(actor, table, via: str) -> str:
    """A whole move built from the bot's suggestions, as a player would with autocomplete, that passes a space whose
    name starts with `via`: a depth-first walk over the suggestions, from each origin in turn."""

    async def offered(prefix: str) -> list[str]:
        return [c["value"] for c in await actor.autocomplete(table.channel, "game play", "text", prefix)]

    async def walk(line: str, depth: int) -> str | None:
        nexts = await offered(f"{line} > ")
        ending = next((o for o in nexts if o.endswith(" stop")), None)
        if ending is not None and f"> {via}" in ending:
            return ending
        if depth == 0:
            return None
        for step in sorted((o for o in nexts if not o.endswith(" stop")), key=lambda o: f"> {via}" not in o):
            found = await walk(step, depth - 1)
            if found is not None:
                return found
        return None

    for origin in await offered(""):
        found = await walk(origin, 4)
        if found is not None:
            return found
    raise AssertionError(f"no suggested move passes {via}")


@pytest.mark.parametrize(("airport", "via"), [("beacon", "H"), ("azure", "X")])
async def test_a_typed_move_on_a_round_trip_airport(simcord_env, airport: str, via: str) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    lobby = await open_lobby(table, "planes")
    await ben.click(lobby, label="Join")
    await ana.slash(table.channel, "game host option", name="airport", value=airport)
    await ana.click(lobby, label="Start")
    actor = mentioned_actor(table, panels(table.channel)[-1])
    line = await typed_line(actor, table, via)
    assert f"> {via}" in line, f"the suggestions lead through {via}: {line}"
    reply = refusal(await actor.slash(table.channel, "game play", text=line))
    assert reply.startswith("Done ("), reply
    state = await stored_state(table)
    assert state.airport == airport and state.move is None  # type: ignore[attr-defined]
    happened = field_of(panels(table.channel)[-1], "What just happened")
    path = " > ".join(step.split()[0] for step in line.removesuffix(" stop").split(" > "))
    assert f"{actor.name} moved {path}" in happened, "the panel tells the channel the path the typed move took"
