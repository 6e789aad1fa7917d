"""The manifests: every shipped game's names parts that exist, and a game added by a manifest alone (the tiny test
game, tests/support/tiny_game.py) is found by the registry, the renderers and the sample catalogue, and by nothing
once it is taken away."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.util import find_spec

import pytest

import renderers
from engine import registry
from engine.core.manifest import ROOT, GameManifest, manifests, register, unregister
from engine.core.rules_pages import rules
from renderers import catalogue, words
from tests.support import tiny_game


@pytest.fixture
def tiny() -> Iterator[None]:
    register(tiny_game.MANIFEST)
    yield
    unregister("tiny")


def test_every_shipped_manifest_names_parts_that_exist() -> None:
    packages = {p.parent.name for p in (ROOT / "engine").glob("*/manifest.py")} - {"core"}  # the core has the contract
    assert {registry.get(m.name).__module__.split(".")[1] for m in manifests()} == packages
    for m in manifests():
        assert registry.get(m.name).name == m.name
        assert (ROOT / m.rules).is_file() and rules(registry.get(m.name))
        assert find_spec(m.renderer) is not None and find_spec(m.samples) is not None
        assert find_spec(m.words) is not None, f"{m.name} puts its board in words"


def test_a_game_is_unknown_until_its_manifest_is_registered() -> None:
    assert "tiny" not in registry.names()
    assert renderers.for_game("tiny") is None
    assert words.for_game("tiny") is None
    assert "tiny" not in catalogue.games()
    with pytest.raises(KeyError):
        registry.get("tiny")


def test_the_registry_the_renderers_and_the_catalogue_read_the_manifest(tiny: None) -> None:
    assert registry.names()[-1] == "tiny"
    assert registry.get("tiny") is tiny_game.GAME
    assert renderers.for_game("tiny") is tiny_game
    assert [s.name for s in catalogue.samples("tiny")] == ["tiny-board"]
    sample = catalogue.samples("tiny")[0]
    assert sample.game == "tiny" and sample.draw(sample.view()).size == (240, 60)
    assert list(rules(tiny_game.GAME)) == ["overview", "end"]


def test_a_manifest_must_name_an_engine_of_the_same_name(tiny: None) -> None:
    register(GameManifest(name="other", engine="tests.support.tiny_game:GAME", order=100))
    try:
        with pytest.raises(ValueError, match="names the engine of 'tiny'"):
            registry.get("other")
    finally:
        unregister("other")
