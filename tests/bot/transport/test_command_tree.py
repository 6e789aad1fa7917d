"""The /game command tree as Discord receives it at sync (names, descriptions, options, choices, autocomplete) is
pinned: a change to the command class that changes what members see in their client fails here first. A deliberate
change rewrites the file: `.venv/bin/python -m tests.bot.transport.test_command_tree`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.discord import TarmacBot, create_bot
from bot.store import SqliteStore
from tests.support.toy_game import GAME as TOY

PINNED = Path(__file__).parents[1] / "command_tree.json"
GAMES = {"toy": TOY}


def tree(bot: TarmacBot) -> list[dict[str, Any]]:
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def built(games: dict[str, Any] | None) -> TarmacBot:
    return create_bot(SqliteStore(":memory:"), games=games)  # never opened: nothing to close


async def test_the_command_tree_is_the_pinned_one() -> None:
    assert tree(built(GAMES)) == json.loads(PINNED.read_text())


def game_group(bot: TarmacBot) -> dict[str, Any]:
    """/game among the bot's groups (/lfg, /league and /tarmac beside it)."""
    return next(g for g in tree(bot) if g["name"] == "game")


def offered(group: dict[str, Any], command: str) -> list[str]:
    options = next(o for o in group["options"] if o["name"] == command)["options"]
    return [c["value"] for c in next(o for o in options if o["name"] == "game")["choices"]]


async def test_new_and_rules_offer_the_games_of_their_own_bot() -> None:
    real = built(None)
    toy = built(GAMES)
    group = game_group(real)
    assert len(group["options"]) <= 25, "Discord's most for one group"
    assert offered(group, "new") == offered(group, "rules") == list(real.parts.games)
    assert len(offered(group, "new")) > 1
    assert offered(game_group(toy), "new") == ["toy"], "each bot offers its own games, not another bot's"


async def test_the_host_controls_are_one_subgroup_leaving_room_for_more() -> None:
    group = game_group(built(None))
    host = next(o for o in group["options"] if o["name"] == "host")
    assert host["type"] == 2, "a subcommand group"
    assert sorted(o["name"] for o in host["options"]) == ["ai", "cancel", "deadline", "option", "reminders", "remove"]
    assert len(group["options"]) < 25, "room for another command in /game"


async def test_after_the_game_and_the_coach_are_a_group_of_their_own() -> None:
    coach = next(g for g in tree(built(None)) if g["name"] == "coach")
    assert sorted(o["name"] for o in coach["options"]) == ["chart", "hint"]
    chart = next(o for o in coach["options"] if o["name"] == "chart")
    assert [o["name"] for o in chart["options"]] == ["game", "which", "text"]


if __name__ == "__main__":
    import asyncio

    async def write() -> None:
        PINNED.write_text(json.dumps(tree(built(GAMES)), indent=1, ensure_ascii=False) + "\n")

    asyncio.run(write())

