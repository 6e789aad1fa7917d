"""One numbering of turns, the players' own, everywhere they read one: the panel's heading, /game log, the
replay's captions and the board. A turn of many clicks keeps its number through every click and every undo (the
state's version, which counts both, is never shown); a stretch of a replay is not captioned as if it held the whole
game."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.session.undo import History
from engine import registry
from engine.core import Game, GameState
from engine.core.ai import random_ai
from engine.core.contract import default_options
from engine.core.play import is_over
from engine.core.rng import Rng
from engine.core.table import table_for
from engine.core.turns import turn_name
from renderers import for_game
from renderers.kit.record import recording
from tests.bot.helpers import (
    Policy,
    body_texts,
    body_version,
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    start_with_all,
    stored_state,
    turn_bodies,
)
from tests.support.tables import players_near

SEED = 2026


def _states(name: str, players: int, seed: int, steps: int) -> list[GameState]:
    """The states of a seeded game played by the policy, one a choice."""
    game = registry.get(name)
    rng = Rng.seeded(seed)
    state = game.new_game(players, seed, default_options(game))
    found = [state]
    for _ in range(steps):
        decisions = game.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        choice = random_ai.plan(game, state, decision, rng, strict=True)[0]
        state = state.model_copy(deep=True)
        game.apply(state, decision.seat, choice)
        state.version += 1
        found.append(state)
    return found


def _drawn(game: Game, state: GameState) -> list[str]:
    renderer = for_game(game.name)
    assert renderer is not None
    with recording() as log:
        renderer.render_board(game.view(state, None))
    return [mark.text for mark in log.texts]


TURN_WORDS = re.compile(r"\b(turn|round) (\d+)\b", re.IGNORECASE)


@pytest.mark.parametrize("name", registry.names())
def test_turns_count_up_from_one_and_the_board_says_the_same_round(name: str) -> None:
    game = registry.get(name)
    players = players_near(game)
    states = _states(name, players, 11, 400)
    numbers = [table_for(game).turn_number(s) for s in states]
    assert numbers[0] == 1 and all(n is not None for n in numbers)
    assert all(b >= a for a, b in zip(numbers, numbers[1:], strict=False)), "a turn's number never goes back"
    assert numbers[-1] > players, "the sample reached past the first round"
    # What the board draws of the turn agrees with what the heading says: each "Round 3" or "Turn 5" on it is a
    # number of the heading's (Planes' board names none, and nothing there can disagree).
    for state in states[::25] if len(states) > 50 else states:
        if is_over(game, state):
            continue
        said = turn_name(game, state).lower()
        drawn = " ".join(_drawn(game, state))
        for word, number in TURN_WORDS.findall(drawn):
            assert f"{word.lower()} {number}" in said, (said, drawn)
        if "first moves" in said:
            assert "first moves" in drawn.lower(), (said, drawn)


simcord_bot, bot_seed = one_game("planes", SEED)


async def test_the_heading_the_log_and_the_replay_number_a_turn_alike_through_undos(simcord_env: Any) -> None:
    simcord_env.settle_timeout = 60.0
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    policy = Policy(game, SEED)
    undone = 0
    for click in range(70):
        panel = latest_panel(table.channel)
        actor = mentioned_actor(table, panel)
        if click % 6 == 4 and any(i.label == "Undo my last step" for i in items(panel)):
            heading = body_texts_of(panel)
            await actor.click(panel, label="Undo my last step")
            policy.plan = []
            undone += 1
            assert body_texts_of(latest_panel(table.channel)) == heading, "an undo in a turn keeps its number"
            continue
        state = await stored_state(table)
        (decision,) = game.pending(state)
        await click_option(actor, panel, policy.choose(state, decision))
    assert undone >= 3

    session = await table.bot.store.get_session(1)
    history = History(game, session, await table.bot.store.actions(1))
    # Every panel shown, posted or edited: its heading names the turn of the state its controls carry.
    shown = 0
    for _method, body in turn_bodies(simcord_env, table.channel):
        version = body_version(body)
        if version is None:
            continue
        head = body_texts(body["components"])[0].split("\n")[0]
        assert head == f"### Planes — {turn_name(game, history.states[version])}"
        shown += 1
    assert shown > 50
    assert " move " not in body_texts_of(latest_panel(table.channel)), "the version is never shown"

    # The log names each turn as the heading did, numbered once: the steps an undo took back stay in their turn.
    log = await table.players[0].slash(table.channel, "game log", whole=True)
    message = log.followups[0].message if log.followups else log.response.message
    lines = message.embeds[0].description.splitlines()
    heads = [re.match(r"\*\*(.+?)\*\*", line)[1] for line in lines]  # type: ignore[index]
    numbers = [int(re.match(r"Turn (\d+)", h)[1]) for h in heads if h != "Undo"]  # type: ignore[index]
    assert numbers == sorted(set(numbers)) == list(range(1, numbers[-1] + 1)), heads
    assert "took back their last choice" in message.embeds[0].description, "the log keeps the undos"
    last = heads[-1]
    assert body_texts_of(latest_panel(table.channel)).endswith(last), "the log's turn in progress is the panel's"

    # The replay's captions: each turn named as the log names it; a stretch says it is one, with no "of N".
    replays = table.bot.parts.replays
    whole = await replays.stretch(session)
    assert whole is not None and whole.headings[0] == "The start"
    total = numbers[-1]
    assert [h.split(" · ")[0] for h in whole.headings[1:]] == [f"Turn {n} of {total}" for n in numbers]
    assert [" · ".join(h.split(" · ")[:2]).replace(f" of {total}", "") for h in whole.headings[1:]] == [
        h for h in heads if h != "Undo"]
    part = await replays.stretch(session, 2, 3)
    assert part is not None and part.headings[0] == f"Before {heads[1]} (turns 2–3 of {total})"
    assert [h.split(" · ")[0] for h in part.headings[1:]] == ["Turn 2", "Turn 3"], "no 'of N' on a stretch"


def body_texts_of(message: Any) -> str:
    """A received panel's heading line."""
    from tests.bot.helpers import texts

    return texts(message)[0].split("\n")[0]
