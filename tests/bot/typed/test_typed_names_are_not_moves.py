"""A member's name is not a word of a move: members called "Red", "Take", "Hire" or "buy" type their moves as anyone
else does, and a name is read only where a label names a seat ("spy on Take"). The bot hands the engine the typed
line and the table's names (engine.core.typed), instead of turning every name found in the line into a seat."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import registry
from engine.core import new_game
from engine.core.typed import GameCommands, commands_for
from tests.bot.helpers import make_table, refusal, start_with_all, state_version
from tests.support.tables import players_near

SEED = 11
MEMBERS = 3
TYPED = [name for name in registry.names() if type(commands_for(registry.get(name))) is not GameCommands]
"""The games that read typed moves (the others refuse every line with one sentence)."""


def words_of_moves(name: str) -> tuple[list[str], list[str]]:
    """Up to MEMBERS words of the opening seat's first moves as its suggestions spell them, read from the engine (a
    Planes cube's colour, Planecrafters' "Hire", Flight Plan's "buy"), as members' names; and the lines read."""
    game = registry.get(name)
    state = new_game(game, players_near(game, MEMBERS), SEED)
    seat = game.pending(state)[0].seat
    commands = commands_for(game)
    lines = frontier = commands.command_suggestions(state, seat, "")
    words: dict[str, None] = {}
    while frontier and len(words) < MEMBERS:  # a few lines of each length, longer and longer
        words.update(dict.fromkeys(w for line in frontier for w in re.findall(r"[^\W\d_]{3,}", line)))
        frontier = [line for start in frontier[:3]
                    for line in commands.command_suggestions(state, seat, f"{start} {commands.separator} ")]
        lines = lines + frontier
    return list(words)[:MEMBERS], lines


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({name: registry.get(name) for name in TYPED}, seed=SEED)


async def _suggested(actor: Any, table: Any, text: str) -> list[str]:
    return [c["value"] for c in await actor.autocomplete(table.channel, "game play", "text", text)]


@pytest.mark.parametrize("game", TYPED)
async def test_members_named_after_the_words_of_moves_still_type_them(simcord_env: Any, game: str) -> None:
    names, lines = words_of_moves(game)
    assert len(names) >= registry.get(game).info.min_players, lines  # one member a word
    table = make_table(simcord_env, tuple(names))
    await start_with_all(table, game)
    played = 0
    for actor in table.players:
        first = await _suggested(actor, table, "")
        if not first:
            continue  # not this member's turn
        offered = first + await _suggested(actor, table, f"{first[0]} {commands_for(registry.get(game)).separator} ")
        line = next((o for o in offered if any(w.lower() in o.lower().split() for w in names)), None)
        assert line is not None, f"no suggestion of {offered} holds a member's name"
        version = await state_version(table)
        reply = refusal(await actor.slash(table.channel, "game play", text=line))
        assert reply.startswith("Done"), f"{actor.name} typing {line!r} was told {reply!r}"
        assert await state_version(table) > version
        played += 1
    assert played


async def test_a_name_is_read_where_a_label_names_the_seat(simcord_env: Any) -> None:
    # Planecrafters' Spy names its victim; here the victim is called "Take", a word of the Acquire step's labels.
    from tests.bot.words.test_names_in_choices import SpyReady

    table = make_table(simcord_env, ("Hire", "Take", "Spy"))
    table.bot.parts.sessions.games["planecrafters"] = SpyReady()
    await start_with_all(table, "planecrafters")
    hire = table.players[0]
    assert await _suggested(hire, table, "spy on ta") == ["Spy on Take's hand"]
    reply = refusal(await hire.slash(table.channel, "game play", text="spy on take"))
    assert reply.startswith("Done"), reply
