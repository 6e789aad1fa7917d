"""The session side's imports point one way (the map in bot/session/__init__.py): a module imports only those
listed below it, and none imports discord. A new part goes into ORDER at its place."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.session

ORDER = ["parts", "leagues", "queue", "lobby", "coach", "records", "replays", "deadlines", "undo", "turns", "reminders",
         "publish", "recap", "clock", "meta", "settings", "server_settings", "sessions", "memo", "simultaneous",
         "ai_levels", "types"]
"""Top to bottom: each module may import only the ones after it."""

PACKAGE = Path(bot.session.__file__).parent


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_every_module_of_the_package_has_its_place_in_the_order():
    assert {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"} == set(ORDER)


def test_session_modules_import_only_the_ones_below_them_and_never_discord():
    for place, name in enumerate(ORDER):
        imported = _imports(PACKAGE / f"{name}.py")
        assert not any(m == "discord" or m.startswith("discord.") for m in imported), name
        above = {f"bot.session.{other}" for other in ORDER[:place + 1]} | {"bot.session", "bot.parts"}
        assert not imported & above, f"bot/session/{name}.py imports {sorted(imported & above)}"


def test_no_part_reaches_into_the_parts_that_hold_it():
    for name in ORDER[1:]:
        text = (PACKAGE / f"{name}.py").read_text()
        assert "Parts" not in text, name


def test_no_discord_markup_in_the_session_side():
    """Mentions, timestamps and links are Discord's markup: bot/discord writes them from the ids and times the session
    side hands over (bot/discord/markup.py), so the session side stays the same whatever shows it."""
    markup = ("<@", "<#", "<t:", "discord.com/")
    for path in PACKAGE.glob("*.py"):
        found = [m for m in markup if m in path.read_text()]
        assert not found, f"{path.name} writes {found}"
