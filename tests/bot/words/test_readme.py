"""The README and the players' manual (docs/playing.md) as a newcomer reads them stay true: no figure that goes stale
(the lobby's options pager counts pages per game), every link leads somewhere, the deploy guide and every rulings
file are linked from the front door, every /game command is in its table, the manual's line for each game is its
manifest's (engine/manual.py), and the topics the manual names for `/game rules` exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine import manual, registry
from engine.core.ai import levels
from engine.core.rules_pages import rules

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "README.md").read_text()
MANUAL = (ROOT / "docs/playing.md").read_text()
TREE = json.loads((ROOT / "tests/bot/command_tree.json").read_text())


def commands(node: dict, prefix: str = "") -> list[str]:  # type: ignore[type-arg]
    found = []
    for option in node.get("options", []):
        if option.get("type") == 2:
            found += commands(option, f"{prefix}{option['name']} ")
        elif option.get("type") == 1:
            found.append(prefix + option["name"])
    return found


def test_the_options_pager_is_named_without_a_page_count() -> None:
    for text in (README, MANUAL):
        assert not re.search(r"Options \d+/\d+", text), "the page count differs by game and goes stale"


def test_every_relative_link_leads_to_a_file() -> None:
    for page in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]:
        links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text())
        assert [link for link in links if not (page.parent / link).exists()] == [], page.name


def test_the_front_door_stays_short() -> None:
    """The README is what a visitor reads first: what Tarmac is, how to set it up, the commands and where to read
    on; the manual lives in docs/."""
    assert len(README.encode()) < 8192


def test_the_deploy_guide_and_every_rulings_file_are_linked() -> None:
    wanted = ["docs/deploy.md", *(f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*-rulings.md")))]
    assert [w for w in wanted if f"]({w})" not in README] == []


def test_every_game_command_is_in_the_readmes_table() -> None:
    roots = TREE if isinstance(TREE, list) else [TREE]
    # /game's commands as the table names them ("host option"), and /coach's with its name ("/coach hint").
    names = [name for root in roots if root["name"] in ("game", "coach")
             for name in commands(root, "" if root["name"] == "game" else f"/{root['name']} ")]
    assert "host option" in names and "settings" in names
    table = README[README.index("| To… | Use |"):README.index("## More documentation")]
    assert [n for n in names if f"`{n}" not in table] == []


def test_the_manuals_games_are_as_their_manifests_say() -> None:
    assert manual.written(MANUAL) == MANUAL, "run `python -m engine manual`: a manifest's `about` changed"
    for name in registry.offered():
        assert f"**{registry.get(name).info.title}**" in manual.games_part()


def test_the_rules_topics_it_names_exist() -> None:
    section = MANUAL[MANUAL.index("## How each game plays"):MANUAL.index("## Troubleshooting")]
    for game in registry.offered():  # the manual is for players: the examples are offered to none
        title = registry.get(game).info.title
        entry = next(line for line in section.split("\n- ") if line.startswith(f"**{title}**"))
        named = re.findall(r"`([a-z ]+)`", entry.split("Topics:")[1])
        assert named and set(named) <= set(rules(registry.get(game))), (game, named)
        engine = registry.get(game)
        counts = re.search(r"\((\d)-(\d) (?:players|airlines|pilots)", entry)
        info = engine.info
        assert counts and counts.groups() == (str(info.min_players), str(info.max_players)), (game, entry[:80])
    assert "/game rules" in section


def test_the_level_a_new_ai_plays_at_is_the_bots() -> None:
    """The README once said a new AI plays at Easy in Flight Plan and Now Boarding while the bot started it at
    Normal: the sentence follows each game's own default (levels.default_for)."""
    said = {levels.LABELS[levels.default_for(registry.get(name))] for name in registry.offered()}
    if len(said) == 1:
        assert f"A new AI plays at {said.pop()} in every game" in MANUAL
    for label in levels.LABELS.values():
        for name in registry.offered():
            if levels.LABELS[levels.default_for(registry.get(name))] != label:
                title = registry.get(name).info.title
                assert not re.search(rf"at {label} in [^.]*{title}", README + MANUAL), (label, name)
