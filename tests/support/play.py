"""Playing a game on SimCord in a few lines: `await play(env, GAME, seed=1, clicks=4)` opens a lobby in a new
channel of `env`, seats the members (and AI seats), starts the game dealt from `seed`, and clicks what the game's own
seeded playout policy picks, as the member the panel calls on, `clicks` times or to the end (None).

    simcord_bot, bot_seed = one_game(GAME, 1)        # tests/bot/helpers.py: a bot given only that game

    async def test_a_whole_game(simcord_env):
        played = await play(simcord_env, GAME, seed=1)
        assert played.over and prompt_of(latest_panel(played.table.channel)).startswith("Game over.")

The seed goes through the session side's own seed source (bot.session.lobby's `Lobby.seeds`), so the deal, every
click and the game's length are the same on every run. It suits games whose seats take turns: a panel calls on one
member at a time (Now Boarding's pilots, who all play at once from private controls, need their own loop).
A bot offers an example game (a manifest with `example=True`) only when given it, as `one_game` gives it.
The example game's own tests/<game>/test_on_discord.py shows the whole of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcord import Env

from engine import registry
from engine.core import GameState
from engine.core.play import is_over
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    fixed_seed,
    latest_panel,
    make_table,
    mentioned_actor,
    start_with_all,
    stored_state,
)


@dataclass
class Played:
    table: Table
    """The channel and its members (`table.players`, in seat order; AI seats after them)."""
    session_id: int
    clicks: int
    """Clicks the members made."""
    state: GameState
    """The stored state after the last click."""

    @property
    def over(self) -> bool:
        return is_over(registry.get(self.state.game), self.state)


async def play(env: Env, game: str, seed: int, clicks: int | None = None, *,
               members: tuple[str, ...] = ("ana", "ben"), ai: int = 0,
               options: dict[str, str] | None = None) -> Played:
    """`members` (and `ai` AI seats) play `game` from `seed`: `clicks` clicks by the game's policy, or to the end."""
    table = make_table(env, members)
    table.bot.parts.lobby.seeds = fixed_seed(seed)
    await start_with_all(table, game, ai=ai, options=options)
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session is not None and session.status == "active", "the game started"
    engine = registry.get(game)
    policy = Policy(engine, seed)
    made = 0
    state = await stored_state(table, session.id)
    while (clicks is None or made < clicks) and not is_over(engine, state):
        decision = engine.pending(state)[0]
        panel = latest_panel(table.channel)
        await click_option(mentioned_actor(table, panel), panel, policy.choose(state, decision))
        made += 1
        state = await stored_state(table, session.id)
    return Played(table, session.id, made, state)
