"""The panel, in every game: the turn panel is one Components V2 container whose accent bar
is the acting seat's colour on the board (its name in the heading too), the board sits in a media gallery with alt
text of at most 1024 characters, its controls work after a restart, a click it superseded is refused, and every body
the bot sent is valid against Discord's OpenAPI spec (checked after each test by conftest)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.limits import ALT_TEXT
from bot.discord.panel import COLOUR
from bot.naming import name_view, seat_names
from bot.session import Refusal
from bot.session.simultaneous import several_open
from engine import registry
from renderers import for_game
from renderers.words import alt_text
from renderers.words import for_game as words_for
from tests.bot.helpers import (
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    now_shown,
    start_with_all,
    stored_state,
    texts,
    turn_bodies,
    walk,
)

GAMES = registry.names()
IS_COMPONENTS_V2 = 1 << 15


@pytest.fixture
def simcord_bot(make_bot: Any, request: pytest.FixtureRequest) -> Any:
    name = request.node.callspec.params["game"]
    return make_bot({name: registry.get(name)})


async def act_once(table: Any, panel: Any) -> Any:
    """One click of whoever the panel calls on: a button on it, or one in their own list (their hand, or their
    own controls while everyone chooses at once). Returns that list when one was opened."""
    actor = mentioned_actor(table, panel)
    buttons = [i for i in items(panel) if (i.custom_id or "").startswith("tc:")]
    opener = next((i for i in items(panel) if i.label in ("Show my choices", "My controls")), None)
    shown = None
    if opener is not None:
        shown = (await actor.click(panel, custom_id=opener.custom_id)).response.message
        buttons, panel = [i for i in items(shown) if (i.custom_id or "").startswith(("tc:", "ts:"))], shown
    choice = buttons[0]
    if choice.custom_id.startswith("ts:"):
        await actor.select(panel, [choice.options[0].value], custom_id=choice.custom_id)
    else:
        await actor.click(panel, custom_id=choice.custom_id)
    return shown


@pytest.mark.parametrize("game", GAMES)
async def test_the_v2_panel_of_each_game(simcord_env, make_bot, game):
    table = make_table(simcord_env, ("ada", "bruno"))
    await start_with_all(table, game)
    method, body = [(m, b) for m, b in turn_bodies(simcord_env, table.channel) if m == "POST"][-1]
    assert body["flags"] & IS_COMPONENTS_V2 and not body.get("content") and not body.get("embeds")
    [container] = body["components"]
    assert container["type"] == 17

    # The accent is the acting seat's colour as the board draws it, or the game's own where seats have none; the
    # heading names the seat, so the colour is never the only sign.
    state = await stored_state(table)
    session = await table.bot.store.get_session(1)
    engine = registry.get(game)
    view = name_view(engine.view(state, None), seat_names(session))
    seat = engine.pending(state)[0].seat
    colour_of = getattr(for_game(game), "seat_colour", lambda _v, _s: None)
    colour = colour_of(view, seat)
    several = several_open(engine, state)  # everyone chooses at once: no one seat acts
    expected = (colour[0] << 16) + (colour[1] << 8) + colour[2] if colour and not several else COLOUR.value
    assert container["accent_color"] == expected
    assert seat_names(session)[seat] in texts(latest_panel(table.channel))[0]

    [gallery] = [c for c in walk(container["components"]) if c["type"] == 12]
    [picture] = gallery["items"]
    assert picture["media"]["url"] == "attachment://board.png"
    # The alt text is the board in words (the public view's description, cut to Discord's limit).
    words = words_for(game)
    assert words is not None and picture["description"] == alt_text(words.describe(view))
    assert 0 < len(picture["description"]) <= ALT_TEXT

    # After a restart the panel's controls still work, and the panel they superseded takes no more clicks.
    panel = latest_panel(table.channel)
    await simcord_env.restart_bot(make_bot({game: engine}))
    shown = await act_once(table, panel)
    if shown is not None and any(i.label == "Show my choices" for i in items(panel)):
        accent = shown.components[0].accent_colour
        assert int(accent.value if hasattr(accent, "value") else accent) == expected, "their choices in their colour"
    if shown is not None and any(i.label == "My controls" for i in items(panel)):
        # While everyone chooses at once the panel is the game's colour, and each member's own controls are theirs.
        actor = mentioned_actor(table, panel)
        assert session is not None
        mine = next(s.seat for s in session.seats if s.user_id == actor.id)
        own = colour_of(view, mine)  # none before the planes are handed out: then the game's own
        accent = shown.components[0].accent_colour
        assert int(accent.value if hasattr(accent, "value") else accent) == (
            (own[0] << 16) + (own[1] << 8) + own[2] if own else COLOUR.value)

    after = await stored_state(table)
    assert after.version > state.version, "the click on the panel posted before the restart was played"
    if latest_panel(table.channel).id != panel.id:
        assert not items(now_shown(table.channel, panel)), "a superseded panel keeps no buttons"
    actor = mentioned_actor(table, panel)
    with pytest.raises(Refusal, match="out of date|Time ran out"):
        await table.bot.parts.turns.choose(1, actor.id, version=state.version, seat=seat, index=0)
    assert (await stored_state(table)).version == after.version
