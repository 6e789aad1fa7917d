"""Flight Plan's map labels every city a button names ("Buy 21 Tokyo-Seoul", "Develop a hub in Lima"), at realistic
states of seeded games: a player must find on the map what the panel offers, before anyone owns a route there."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from engine.flight_plan.data import catalog, route
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from renderers.flight_plan.board import board_image
from renderers.flight_plan.style import TOP, map_height
from renderers.kit.record import recording


@cache
def states(players: int, seed: int) -> tuple[FPState, ...]:
    kept: list[FPState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        assert isinstance(after, FPState)
        kept.append(after)

    playout(GAME, players, seed, on_step=keep)
    return tuple(kept)


def test_the_view_names_both_ends_of_an_offered_route_and_an_offered_hub_city() -> None:
    first = states(3, 1)[0]
    offered = [o.id for d in GAME.pending(first) for o in d.options if o.id.startswith("take:")]
    assert offered
    ends = {c for o in offered for c in (route(int(o[5:])).origin, route(int(o[5:])).destination)}
    assert set(GAME.view(first, None)["named_cities"]) == ends
    hubs = next(s for s in states(3, 1) if any(o.id.startswith("hub:") for d in GAME.pending(s) for o in d.options))
    cities = {o.id[4:] for d in GAME.pending(hubs) for o in d.options if o.id.startswith("hub:")}
    assert cities <= set(GAME.view(hubs, None)["named_cities"])


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 6), (6, 4)])
def test_every_city_a_button_names_is_labelled_on_the_map(players: int, seed: int) -> None:
    every = states(players, seed)
    codes = set(catalog().cities)
    checked = 0
    for state in every[:: max(1, len(every) // 12)]:
        view = GAME.view(state, None)
        with recording() as log:
            board_image(view)
        shown = {t.text for t in log.texts} & codes
        missing = set(view["named_cities"]) - shown
        assert not missing, f"round {state.round}, step {state.step}: {sorted(missing)} not on the map"
        checked += bool(view["named_cities"])
    assert checked >= 3, "states with cities named by a button were checked"


@pytest.mark.parametrize(("players", "seed"), [(4, 6), (6, 4)])
def test_every_hub_city_is_labelled_on_the_map(players: int, seed: int) -> None:
    """The table names each airline's hubs by city code: the map shows each code at its tower, however crowded."""
    every = states(players, seed)
    checked = 0
    for state in every[:: max(1, len(every) // 12)]:
        view = GAME.view(state, None)
        hubs = {h["city"] for a in view["airlines"] for h in a["hubs"]}
        with recording() as log:
            board_image(view)
        map_texts = {t.text for t in log.texts if t.bbox[3] <= TOP + map_height(players)}
        assert hubs <= map_texts, f"round {state.round}: {sorted(hubs - map_texts)} not on the map"
        checked += bool(hubs)
    assert checked >= 3, "states with hubs were checked"
