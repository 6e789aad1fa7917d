"""The lobby as a newcomer reads it: each menu says which option it sets (a page of bare values, "Off", "Random",
said nothing); a choice of seat names who sits there ("Seat 2: ben", not "Seat 2"); a count of boarded cubes is
called one, not "Space 12"; and the games say what they are where one is picked and in the lobby."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord import create_bot
from bot.discord.commands import game_choice
from bot.session.lobby import lobby_specs
from bot.store import SqliteStore
from engine import registry
from tests.bot.helpers import items, make_table, open_lobby, texts

GAMES = ("flight-plan", "planes")


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({name: registry.get(name) for name in GAMES})


def menus(message: Any) -> dict[str, Any]:
    return {c.custom_id.split(":")[2]: c for c in items(message) if (c.custom_id or "").startswith("to:")}


@pytest.mark.parametrize("game", GAMES)
async def test_every_menu_of_the_first_page_names_its_option_with_its_value(simcord_env: Any, game: str) -> None:
    table = make_table(simcord_env)
    lobby = await open_lobby(table, game)
    shown = menus(lobby)
    assert shown, "the first page has menus"
    for spec in lobby_specs(registry.get(game)):
        if spec.key not in shown:
            continue
        menu = shown[spec.key]
        [picked] = [o for o in menu.options if o.default]
        assert picked.label.startswith(f"{spec.label}: "), picked.label
        assert menu.placeholder == picked.label or menu.placeholder.startswith(f"{spec.label}: ")


async def test_a_choice_of_seat_names_who_sits_there(simcord_env: Any) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    lobby = await open_lobby(table, "flight-plan")
    await table.players[1].click(lobby, label="Join")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    first = menus(lobby)["first"]
    labels = [o.label for o in first.options][:-1]
    assert labels[:3] == ["First move: who flew most recently: Seat 1: ana", "Seat 2: ben", "Seat 3"], labels
    assert "First move: who flew most recently: **Seat 1: ana**" in "\n".join(texts(lobby))
    offered = await table.players[0].autocomplete(table.channel, "game host option", "value", "", name="first")
    assert [c["name"] for c in offered][:2] == ["Seat 1: ana (default)", "Seat 2: ben"]


async def test_planes_ends_at_a_count_of_boarded_cubes_not_at_a_space(simcord_env: Any) -> None:
    spec = next(s for s in registry.get("planes").option_specs if s.key == "end_space")
    assert [c.label for c in spec.choices][:2] == ["12 cubes boarded, the book's end", "11 cubes boarded"]
    assert spec.choices[-1].label == "1 cube boarded" and not any("Space" in c.label for c in spec.choices)


async def test_the_games_say_what_they_are_where_one_is_picked_and_in_the_lobby(simcord_env: Any) -> None:
    bot = create_bot(SqliteStore(":memory:"))  # every game it offers: never opened, nothing to close
    group = next(c for c in bot.tree.get_commands() if c.name == "game").to_dict(bot.tree)
    new = next(o for o in group["options"] if o["name"] == "new")
    names = [c["name"] for c in next(o for o in new["options"] if o["name"] == "game")["choices"]]
    assert len(names) == len(registry.offered()), "the examples are not offered"
    for name in registry.offered():
        game = registry.get(name)
        assert game.info.tagline and game_choice(game) in names
        assert f"({game.info.min_players}–{game.info.max_players} players)" in game_choice(game)
        assert len(game_choice(game)) <= 100, "Discord's longest choice name"
    table = make_table(simcord_env)
    lobby = await open_lobby(table, "planes")
    assert "Move passenger cubes along the arrows" in texts(lobby)[0]
