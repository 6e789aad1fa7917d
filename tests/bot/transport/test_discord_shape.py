"""The Discord layer stays readable: no function in bot/discord is longer than a screen, so a command, a button or a
panel reads at a glance (/game was once one function of 371 lines)."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.discord

LONGEST = 60
PACKAGE = Path(bot.discord.__file__).parent


def test_no_function_of_the_discord_layer_is_longer_than_a_screen():
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{path.name}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, long
