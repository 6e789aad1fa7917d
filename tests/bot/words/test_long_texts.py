"""Long input still gets its answer. A refusal quoting a 5,000-character typed move or option value
used to pass Discord's 2,000-character limit, so Discord refused it and the member got no reply at all. Now quoted
input is cut to QUOTE_MAX characters before it is quoted, and every text the bot sends is cut to its limit with "…".
Besides each test's own checks, the autouse check of conftest.py holds every body the bot sent to Discord's limits
(tests/support/discord_limits.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from simcord import Env

from engine import registry
from engine.core.typed import GameCommands, commands_for
from tests.bot.conftest import GAMES
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    field_of,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    prompt_of,
    refusal,
    start_with_all,
    stored_state,
)

LONG = 5000  # Discord takes up to 6,000 characters in a string option
QUOTE_MAX = 100  # engine.core.text: how much of what a member typed a sentence quotes


TYPED = [name for name in registry.names()
         if type(commands_for(registry.get(name))) is not GameCommands and not registry.get(name).info.simultaneous]
"""The games that read typed moves and whose seats take turns (the panel calls on one member to type)."""


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({**GAMES, **{name: registry.get(name) for name in TYPED}})


@pytest.fixture
def bot_seed() -> int:
    return 7


def field(message: Any, name: str) -> str:
    return str(field_of(message, name))


def longest_run(text: str, letter: str) -> int:
    """The longest run of `letter` in `text`: how much of the typed filler a reply quotes."""
    return max((len(run) for run in re.findall(f"{re.escape(letter)}+", text)), default=0)


@pytest.mark.parametrize("game", TYPED)
@pytest.mark.parametrize("line", ["Q" * LONG, "Q" * LONG + " > S1", "go; " + "Q" * LONG])
async def test_a_long_typed_move_gets_a_short_refusal(simcord_env: Env, game: str, line: str) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, game)
    actor = mentioned_actor(table, latest_panel(table.channel))
    version = (await stored_state(table)).version
    said = refusal(await actor.slash(table.channel, "game play", text=line))
    assert 0 < len(said) <= 2000, said
    assert longest_run(said, "Q") < QUOTE_MAX, f"the typed line is quoted in full: {said[:300]}"
    assert (await stored_state(table)).version == version, "a refused line changes nothing"


async def test_a_long_option_name_or_value_gets_a_short_refusal(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana = table.players[0]
    await ana.slash(table.channel, "game new", game="planes")
    for name, value in (("pois", "custom:" + "Q" * LONG), ("pois", "custom:a2=" + "Q" * LONG),
                        ("Q" * LONG, "on"), ("airport", "Q" * LONG)):
        said = refusal(await ana.slash(table.channel, "game host option", name=name, value=value))
        assert 0 < len(said) <= 2000, said
        assert longest_run(said, "Q") < QUOTE_MAX, f"the option is quoted in full: {said[:300]}"


async def test_a_long_option_value_that_is_taken_is_shown_cut(simcord_env: Env) -> None:
    """A custom layout of 5,000 characters is a legal value: the reply and the lobby show it cut with "…"."""
    table = make_table(simcord_env, ("ana", "ben"))
    ana = table.players[0]
    lobby = (await ana.slash(table.channel, "game new", game="planes")).response.message
    layout = "custom:" + "; ".join(["a2=blank"] * 600)
    assert len(layout) > LONG
    said = refusal(await ana.slash(table.channel, "game host option", name="pois", value=layout))
    assert said.startswith("Points of interest: custom:a2=blank") and said.endswith("…."), said
    assert len(said) < 150, "the value typed is quoted back short; the lobby shows more of it"
    shown = next(m for m in messages_after(table.channel, 0) if m.id == lobby.id)
    value = field(shown, "Points of interest")
    assert value.startswith("custom:a2=blank") and value.endswith("…") and len(value) <= 1024


async def test_long_wide_names_fit_everywhere_in_a_whole_game(simcord_env: Env) -> None:
    """Members with 32-character nicknames of wide characters play a whole game, then read the status and the log:
    every label that carries a name ("name: Accept"), every line and field still fits its limit."""
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    nicks = ["飛" * 32, "✈" * 32, "𝔄" * 32, "W" * 32]
    players = [guild.add_member(simcord_env.create_user(f"member{n}"), nick=nick) for n, nick in enumerate(nicks)]
    table = Table(simcord_env, guild, channel, players)
    await start_with_all(table, "toy")
    policy = Policy(table.bot.parts.sessions.game("toy"), seed=3)
    while not prompt_of(latest_panel(channel)).startswith("Game over."):
        panel = latest_panel(channel)
        state = await stored_state(table)
        decision = table.bot.parts.sessions.game("toy").pending(state)[0]
        await click_option(mentioned_actor(table, panel), panel, policy.choose(state, decision))
    for command in ("game status", "game log", "game history", "game mine"):
        assert (await players[0].slash(channel, command)).response is not None
