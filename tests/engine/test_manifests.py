"""The manifests: every game's names parts that exist, and the registry, the renderers, the words and the sample
catalogue all find a game's parts through its manifest alone (none of them lists a game); a name no manifest has is
unknown to all of them. The bot's side is tests/bot/games/test_adding_a_game.py."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

import pytest

import renderers
from engine import registry
from engine.core.manifest import ROOT, GameManifest, manifests, register, unregister
from engine.core.rules_pages import rules
from renderers import catalogue, words


def test_every_manifest_names_parts_that_exist() -> None:
    packages = {p.parent.name for p in (ROOT / "engine").glob("*/manifest.py")} - {"core"}  # the core has the contract
    assert {registry.get(m.name).__module__.split(".")[1] for m in manifests()} == packages
    for m in manifests():
        assert registry.get(m.name).name == m.name
        assert (ROOT / m.rules).is_file() and rules(registry.get(m.name))
        assert find_spec(m.renderer) is not None and find_spec(m.samples) is not None
        assert find_spec(m.words) is not None, f"{m.name} puts its board in words"


@pytest.mark.parametrize("entry", manifests(), ids=lambda m: m.name)
def test_the_registry_the_renderers_and_the_catalogue_read_the_manifest(entry: GameManifest) -> None:
    assert entry.name in registry.names()
    assert renderers.for_game(entry.name) is import_module(entry.renderer)
    assert words.for_game(entry.name) is import_module(entry.words)
    samples = catalogue.samples(entry.name)
    assert samples and all(s.game == entry.name for s in samples)
    assert catalogue.palettes(entry.name), f"{entry.name} names the colours its players must tell apart"


def test_the_bot_offers_every_game_but_the_examples() -> None:
    examples = {m.name for m in manifests() if m.example}
    assert registry.offered() == [name for name in registry.names() if name not in examples]


def test_a_name_no_manifest_has_is_unknown() -> None:
    assert "nowhere" not in registry.names()
    assert renderers.for_game("nowhere") is None
    assert words.for_game("nowhere") is None
    assert "nowhere" not in catalogue.games()
    with pytest.raises(KeyError):
        registry.get("nowhere")


def test_a_manifest_must_name_an_engine_of_the_same_name() -> None:
    first = manifests()[0]
    register(GameManifest(name="other", engine=first.engine, order=100))
    try:
        with pytest.raises(ValueError, match=f"names the engine of '{first.name}'"):
            registry.get("other")
    finally:
        unregister("other")
