"""The lobby: join, leave, add an AI, set options (selects, pages, a typed value, /game host option), start; who may
start or set options; one game per channel; threads."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import GameOptionSpec, IllegalAction, OptionChoice
from engine.core.contract import default_options
from tests.bot.helpers import items, latest_panel, make_table, open_lobby, panels, refusal, texts
from tests.support.toy_game import ToyGame


def seats_field(message) -> str:
    return next(t for t in texts(message) if t.startswith("**Seats"))


async def test_join_leave_add_ai_and_start_by_buttons(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    assert "2–4 players" in texts(lobby)[0]

    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    result = await carol.click(lobby, label="Leave")
    shown = result.response.message
    assert "2. bob" in seats_field(shown) and "carol" not in seats_field(shown)

    await alice.click(lobby, label="Add AI")
    result = await alice.click(lobby, label="Start")
    assert result.acknowledged
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.status == "active"
    assert [(s.user_id, s.is_ai) for s in session.seats] == [(alice.id, False), (bob.id, False), (None, True)]
    assert panels(table.channel), "starting posts the first turn panel"


async def test_only_the_host_starts_and_sets_options(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")

    assert "host" in refusal(await bob.click(lobby, label="Start"))
    assert "host" in refusal(await bob.select(lobby, ["3"], custom_id="to:1:hand"))

    changed = await alice.select(lobby, ["3"], custom_id="to:1:hand")
    assert field(changed.response.message, "Hand size") == "3 cards"
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.status == "lobby" and session.options == {"hand": "3"}

    await alice.click(lobby, label="Start")
    # The host's option reached the engine: each seat was dealt three cards.
    state = await table.bot.parts.sessions.state(await table.bot.store.session_in_channel(table.channel.id))
    assert [len(h) for h in state.hands] == [3, 3]


async def test_start_needs_enough_players(simcord_env):
    table = make_table(simcord_env, ("alice",))
    lobby = await open_lobby(table)
    assert "2 to 4 players" in refusal(await table.players[0].click(lobby, label="Start"))
    assert (await table.bot.store.session_in_channel(table.channel.id)).status == "lobby"


async def test_one_game_per_channel_and_threads_for_more(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    assert "already has a game" in refusal(await bob.slash(table.channel, "game new", game="toy"))

    opened = await bob.slash(table.channel, "game new", game="toy", thread=True)
    assert not opened.response.ephemeral
    [thread] = table.channel.threads
    session = await table.bot.store.session_in_channel(thread.id)
    assert session is not None and session.host_id == bob.id
    assert texts(thread.history()[0])[0].startswith("### Toy Cards — lobby")


async def test_join_and_cancel_by_command(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    joined = await bob.slash(table.channel, "game join")
    assert joined.response.ephemeral
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [s.user_id for s in session.seats] == [alice.id, bob.id]
    assert "host" in refusal(await bob.slash(table.channel, "game host cancel"))
    await alice.slash(table.channel, "game host cancel")
    assert await table.bot.store.session_in_channel(table.channel.id) is None
    # The channel is free again.
    again = await bob.slash(table.channel, "game new", game="toy")
    assert not again.response.ephemeral


async def test_start_by_command_posts_the_first_panel(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    await bob.slash(table.channel, "game join")
    await alice.slash(table.channel, "game start")
    panel = latest_panel(table.channel)
    assert items(panel), "the first panel offers the legal options"


# ---------------------------------------------------------------- every option of a real game (Planes)

PLANES = pytest.mark.parametrize("simcord_bot", [{"planes": registry.get("planes")}] if "planes" in registry.names()
                                 else [pytest.param(None, marks=pytest.mark.skip("no Planes engine"))],
                                 indirect=True, ids=["planes"])
LAYOUT = "custom:A1=blank; X=R+D"  # Zephyr's A1 loses its token, X gets a restroom and fine dining


@pytest.fixture
def simcord_bot(make_bot, request):
    """The toy game, or the games a test asks for by indirect parametrisation (PLANES)."""
    return make_bot(getattr(request, "param", None))


def component_ids(message) -> list[str]:
    return [c.custom_id for c in items(message)]


def button(message, prefix: str):
    return next(c for c in items(message) if (c.custom_id or "").startswith(prefix))


def field(message, name: str) -> str:
    """The value an option's line in the lobby shows ("Airport: Zephyr")."""
    options = next(t for t in texts(message) if t.startswith("**Options**")).split("\n")[1:]
    return next(line.rsplit(": **", 1)[1].removesuffix("**") for line in options if line.rsplit(": **", 1)[0] == name)


def current(table, message):
    """The message as the channel shows it now (after the bot's edits)."""
    return next(m for m in table.channel.history() if m.id == message.id)


async def stored_options(table) -> dict[str, str]:
    return (await table.bot.store.session_in_channel(table.channel.id)).options


def engine_sentence(options: dict[str, str], players: int = 1) -> str:
    with pytest.raises(IllegalAction) as refused:
        registry.get("planes").check_options(players, options)
    return refused.value.sentence


@PLANES
async def test_the_host_sets_every_planes_option_in_the_lobby_and_the_game_uses_them(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    lobby = await open_lobby(table, "planes")
    specs = registry.get("planes").option_specs
    options = next(t for t in texts(lobby) if t.startswith("**Options**")).split("\n")[1:]
    listed = {line.rsplit(": **", 1)[0] for line in options}
    assert listed >= {s.label for s in specs}, "the lobby lists every option"
    # Page 1: three selects and the page button; the other options (the turn deadline, Rated, Hints) on pages 2 to 5.
    assert component_ids(lobby)[5:] == ["to:1:airport", "to:1:start", "to:1:player_decks", "tlp:1:0"]
    assert button(lobby, "tlp:").label == "Options 1/5 ▸"

    await alice.select(lobby, ["zephyr"], custom_id="to:1:airport")
    await alice.select(lobby, ["2"], custom_id="to:1:start")
    shown = (await alice.select(lobby, ["on"], custom_id="to:1:player_decks")).response.message
    assert "tlp:1:0" in component_ids(shown), "a change keeps the page the host is on"

    page2 = (await alice.click(lobby, custom_id="tlp:1:0")).response.message
    assert component_ids(page2)[5:] == ["to:1:end_space", "to:1:pois", "to:1:scenario", "tlp:1:1", "tlt:1:pois"]
    assert button(page2, "tlp:").label == "Options 2/5 ▸"
    await alice.select(lobby, ["8"], custom_id="to:1:end_space")
    await bob.click(lobby, label="Join")
    joined = (await carol.click(lobby, label="Join")).response.message
    assert "tlp:1:1" in component_ids(joined), "a join does not send the host back to page 1"

    form = await alice.click(lobby, custom_id="tlt:1:pois")
    assert form.modal is not None and "custom:" in json.dumps(form.modal)
    typed = await alice.submit_modal(form, {"value": LAYOUT})
    assert field(typed.response.message, "Points of interest") == LAYOUT
    assert await stored_options(table) == {"airport": "zephyr", "start": "2", "player_decks": "on",
                                           "end_space": "8", "pois": LAYOUT, "scenario": "none", "cards": "base",
                                           "player_planes": "5vp", "neutral_planes": "draw2", "round_limit": "off"}

    await alice.click(lobby, label="Start")
    state = await table.bot.parts.sessions.state(await table.bot.store.session_in_channel(table.channel.id))
    assert (state.airport, state.start_seat, state.player_decks, state.track_end) == ("zephyr", 1, True, 8)
    assert state.pois["A1"] == [] and state.pois["X"] == ["restroom", "fine_dining"]
    assert state.turn == 1, "seat 2 starts"


@PLANES
async def test_an_invalid_layout_gets_the_engines_sentence_and_changes_nothing(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    lobby = await open_lobby(table, "planes")
    await alice.click(lobby, custom_id="tlp:1:0")
    before = await stored_options(table)

    bad = "custom:A1=blank"  # Flying Cloud, the default airport, has no space A1
    form = await alice.click(lobby, custom_id="tlt:1:pois")
    refused = await alice.submit_modal(form, {"value": bad})
    assert refusal(refused) == engine_sentence({**before, "pois": bad})
    by_command = await alice.slash(table.channel, "game host option", name="pois", value="custom:a2=Q")
    assert refusal(by_command) == engine_sentence({**before, "pois": "custom:a2=Q"})
    assert await stored_options(table) == before
    assert field(current(table, lobby), "Points of interest") == "Printed"


async def test_only_the_host_pages_types_or_commands_options(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    assert "host" in refusal(await bob.slash(table.channel, "game host option", name="hand", value="3"))
    assert await stored_options(table) == {"hand": "2"}


@PLANES
async def test_a_non_host_cannot_page_or_type_options(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table, "planes")
    await bob.click(lobby, label="Join")
    assert "host" in refusal(await bob.click(lobby, custom_id="tlp:1:0"))
    await alice.click(lobby, custom_id="tlp:1:0")
    form = await bob.click(lobby, custom_id="tlt:1:pois")
    assert form.modal is None and "host" in refusal(form)
    assert "host" in refusal(await bob.select(lobby, ["5"], custom_id="to:1:end_space"))
    assert "host" in refusal(await bob.slash(table.channel, "game host option", name="pois", value=LAYOUT))
    assert await stored_options(table) == default_options(registry.get("planes"))


@PLANES
async def test_game_option_command_suggests_names_and_values_and_takes_labels(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    lobby = await open_lobby(table, "planes")
    names = await alice.autocomplete(table.channel, "game host option", "name", "")
    assert [c["value"] for c in names] == [*(s.key for s in registry.get("planes").option_specs), "deadline",
                                           "rated", "hints"]
    assert names[3]["name"] == ("Shorter games: track end (now: 12 cubes boarded, the book's end) · The game ends "
                                "after the round…"), "its value now, then what it is about, cut to fit"
    assert names[-3]["name"].startswith("Turn deadline (now: Off) · Hours each player has for a turn"), \
        "every lobby has the turn deadline too"
    assert names[-2]["name"].startswith("Rated (now: Rated with 2+ members) · Whether this game moves"), \
        "and whether it counts for ratings"
    assert names[-1]["name"].startswith("Hints (now: No hints) · Lets each player ask /coach hint"), \
        "and whether players may ask for hints"
    values = await alice.autocomplete(table.channel, "game host option", "value", "cub", name="end_space")
    assert [c["value"] for c in values] == [str(n) for n in range(12, 0, -1)]
    assert [c["name"] for c in values][:2] == ["12 cubes boarded, the book's end (default)", "11 cubes boarded"]
    assert [c["name"] for c in values][-1] == "1 cube boarded", "a count of cubes, as the board's track counts"
    typed = await alice.autocomplete(table.channel, "game host option", "value", "custom:a2=blank", name="pois")
    assert typed[0] == {"name": "custom:a2=blank", "value": "custom:a2=blank"}, "free text is offered as typed"
    assert await alice.autocomplete(table.channel, "game host option", "value", "x", name="player_decks") == []

    done = await alice.slash(table.channel, "game host option", name="Shorter games: track end",
                             value="5 cubes boarded")
    assert done.response.ephemeral and done.response.content == "Shorter games: track end: 5 cubes boarded."
    await alice.slash(table.channel, "game host option", name="start", value="random")
    await alice.slash(table.channel, "game host option", name="pois", value="custom:a2=blank; M1=R+D")
    assert (await stored_options(table))["end_space"] == "5"
    shown = current(table, lobby)
    assert field(shown, "Shorter games: track end") == "5 cubes boarded"
    assert "tlt:1:pois" in component_ids(shown), "the lobby shows the page of the option just set"
    assert "no setting" in refusal(await alice.slash(table.channel, "game host option", name="wings", value="2"))


@PLANES
async def test_lobby_page_and_type_buttons_and_open_forms_work_after_a_restart(simcord_env, make_bot):
    table = make_table(simcord_env)
    alice = table.players[0]
    lobby = await open_lobby(table, "planes")
    await simcord_env.restart_bot(make_bot({"planes": registry.get("planes")}))
    page2 = (await alice.click(lobby, custom_id="tlp:1:0")).response.message
    assert "to:1:pois" in component_ids(page2)
    form = await alice.click(lobby, custom_id="tlt:1:pois")
    await simcord_env.restart_bot(make_bot({"planes": registry.get("planes")}))
    typed = await alice.submit_modal(form, {"value": "many"})  # a form opened before a restart, sent after it
    assert field(typed.response.message, "Points of interest") == "Many"
    assert (await stored_options(table))["pois"] == "many"


class WideToy(ToyGame):
    """The toy game with one more option than a select can list (the table number is only for show)."""

    name = "wide"
    option_specs = [*ToyGame.option_specs, GameOptionSpec(
        key="table", label="Table number", default="1",
        choices=[OptionChoice(value=str(n), label=f"Table {n}") for n in range(1, 31)])]


@pytest.mark.parametrize("simcord_bot", [{"wide": WideToy()}], indirect=True, ids=["wide"])
async def test_a_choice_past_the_select_limit_is_typed_and_stays_shown(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    lobby = await open_lobby(table, "wide")
    menu = next(c for c in items(lobby) if c.custom_id == "to:1:table")
    assert len(menu.options) == 25, "24 of its choices, then About this option"

    typed = await alice.submit_modal(await alice.click(lobby, custom_id="tlt:1:table"), {"value": "Table 30"})
    assert field(typed.response.message, "Table number") == "Table 30"
    menu = next(c for c in items(typed.response.message) if c.custom_id == "to:1:table")
    assert len(menu.options) == 25 and [o.value for o in menu.options if o.default] == ["30"]

    refused = await alice.submit_modal(await alice.click(lobby, custom_id="tlt:1:table"), {"value": "31"})
    assert refusal(refused) == "'31' is not a possible value for Table number."
    assert await stored_options(table) == {"hand": "2", "table": "30"}


async def test_the_host_adds_and_removes_seats(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    assert "Only the host" in refusal(await bob.click(lobby, label="Add AI"))
    await alice.click(lobby, label="Add AI")
    assert "Only the host" in refusal(await bob.slash(table.channel, "game host remove", seat=4))
    assert "host's own seat" in refusal(await alice.slash(table.channel, "game host remove", seat=1))
    await alice.slash(table.channel, "game host remove", seat=4)  # the AI
    await alice.slash(table.channel, "game host remove", seat=2)  # bob
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [(s.seat, s.user_id, s.is_ai) for s in session.seats] == [(0, alice.id, False), (1, carol.id, False)]
    assert "no seat 5" in refusal(await alice.slash(table.channel, "game host remove", seat=5))


async def test_ai_seats_keep_distinct_names_after_one_is_removed(simcord_env):
    table = make_table(simcord_env, ("alice",))
    alice = table.players[0]
    lobby = await open_lobby(table)
    for _ in range(3):
        await alice.click(lobby, label="Add AI")
    await alice.slash(table.channel, "game host remove", seat=2)  # AI 1 goes; AI 2 and AI 3 stay
    await alice.click(lobby, label="Add AI")
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [s.name for s in session.seats] == ["alice", "AI 2", "AI 3", "AI 1"], "the new AI takes the free name"
