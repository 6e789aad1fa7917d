"""Changing an AI seat's level: a new AI plays at Normal and the lobby says so; the host changes any AI
seat's level with the lobby's menu (only real changes offered) or with /game host ai, in the lobby and during the game,
for a seat the AI took over too; the change survives a restart, is announced in one line, shows in the seat list,
and the AI then plays at it. Whoever else asks, or asks for what cannot be, gets a sentence and nothing changes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.session import Refusal
from bot.session.lobby import lobby_specs
from engine import registry
from engine.core.ai import levels
from engine.core.ai.hooks import GameAI
from tests.bot.helpers import (
    action_rows,
    choice_ids,
    fixed_seed,
    items,
    latest_panel,
    make_table,
    messages_after,
    newest_id,
    open_lobby,
    prompt_of,
    refusal,
    resign,
    seats_text,
    text_of,
)
from tests.support.toy_game import ToyGame


def select_values(message, custom_id: str) -> list[str]:
    menu = next(c for c in items(message) if c.custom_id == custom_id)
    return [o.value for o in menu.options]


async def seat_levels(table) -> list[tuple[bool, str]]:
    session = await table.bot.store.session_in_channel(table.channel.id)
    return [(s.is_ai, s.level) for s in session.seats]


async def fresh_lobby(table, lobby):
    return next(m for m in messages_after(table.channel, 0) if m.id == lobby.id)


async def test_the_lobby_offers_each_ai_seat_the_levels_it_could_change_to(simcord_env, make_bot) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    lobby = await open_lobby(table)
    await ben.click(lobby, label="Join")
    added = await ana.click(lobby, label="Add AI")
    chooser = next(m for m in added.followups if m.ephemeral)
    assert "AI 1 (seat 3) plays at **Normal** (what a new AI plays at)" in prompt_of(chooser)
    assert "no better than Easy" not in prompt_of(chooser), "where the search wins, no warning"
    disabled = [bool(c.get("disabled")) for row in chooser.components for c in row["components"]]
    assert disabled == [False, True, False], "the level it plays at now cannot be picked again"
    lobby = await fresh_lobby(table, lobby)
    assert "3. AI 1 (AI, Normal)" in seats_text(lobby)
    assert "A new AI plays at Normal" in text_of(lobby)
    assert select_values(lobby, "tla:1") == ["3:easy", "3:hard"], "only the levels AI 1 does not play at yet"

    assert "Only the host" in refusal(await ben.select(lobby, ["3:hard"], custom_id="tla:1"))
    assert await seat_levels(table) == [(False, ""), (False, ""), (True, "normal")], "a refusal changes nothing"

    await simcord_env.restart_bot(make_bot())  # the menu is keyed by the session: it works after a restart
    picked = await ana.select(lobby, ["3:hard"], custom_id="tla:1")
    assert refusal(picked) == "AI 1 (seat 3) now plays at Hard.", "the host's answer is private"
    assert await seat_levels(table) == [(False, ""), (False, ""), (True, "hard")]
    lobby = await fresh_lobby(table, lobby)
    assert "3. AI 1 (AI, Hard)" in seats_text(lobby)
    assert select_values(lobby, "tla:1") == ["3:easy", "3:normal"]

    await ana.click(lobby, label="Add AI")
    lobby = await fresh_lobby(table, lobby)
    assert select_values(lobby, "tla:1") == ["3:easy", "3:normal", "4:easy", "4:hard"]
    # /game host ai does the same in the lobby, answered privately; its refusals are sentences.
    said = await ana.slash(table.channel, "game host ai", seat=4, level="easy")
    assert refusal(said) == "AI 2 (seat 4) now plays at Easy.", "answered privately"
    assert "not an AI's" in refusal(await ana.slash(table.channel, "game host ai", seat=2, level="hard"))
    assert "no seat 6" in refusal(await ana.slash(table.channel, "game host ai", seat=6, level="hard"))
    assert "already plays at Hard" in refusal(await ana.slash(table.channel, "game host ai", seat=3, level="hard"))
    with pytest.raises(Refusal, match="not an AI level"):
        parts = table.bot.parts
        await parts.lobby.set_level(await parts.sessions.here(table.channel.id), ana.id, 3, "expert", manager=False)
    assert await seat_levels(table) == [(False, ""), (False, ""), (True, "hard"), (True, "easy")]
    lobby = await fresh_lobby(table, lobby)
    assert "4. AI 2 (AI, Easy)" in seats_text(lobby), "the lobby follows /game host ai"
    offered = await ana.autocomplete(table.channel, "game host ai", "seat", "")
    assert [(c["name"], c["value"]) for c in offered] == [("3. AI 1 (now Hard)", 3), ("4. AI 2 (now Easy)", 4)]



async def test_a_paged_lobby_gives_its_last_row_to_the_ai_levels_and_every_option_stays_reachable(simcord_env,
                                                                                                  make_bot) -> None:
    await simcord_env.restart_bot(make_bot({"planes": registry.get("planes")}))  # Planes: options in pages
    table = make_table(simcord_env, ("ana",))
    (ana,) = table.players
    lobby = await open_lobby(table, "planes")
    await ana.click(lobby, label="Add AI")
    lobby = await fresh_lobby(table, lobby)
    shown: list[str] = []
    for _page in range(len(lobby_specs(registry.get("planes")))):
        ids = [c.custom_id for c in items(lobby)]
        assert len(action_rows(lobby)) <= 5 and ids[-1] == "tla:1", "the AI level menu keeps the last row"
        shown += [i.removeprefix("to:1:") for i in ids if i.startswith("to:")]
        pager = next(i for i in ids if i.startswith("tlp:"))
        lobby = (await ana.click(lobby, custom_id=pager)).response.message
        if set(shown) == {s.key for s in lobby_specs(registry.get("planes"))}:
            break
    assert set(shown) == {s.key for s in lobby_specs(registry.get("planes"))}, "every option on some page"


async def test_the_host_changes_a_taken_over_seats_level_during_the_game_and_it_survives_a_restart(
        simcord_env, make_bot, monkeypatch) -> None:
    searches: list[str] = []

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):
        searches.append(level)
        return levels.plan(game, state, seat, level, rng, budget, stats, history, asked=asked)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana, ben, cleo = table.players
    lobby = await open_lobby(table)
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    await ana.select(lobby, ["3"], custom_id="to:1:hand")
    await ana.click(lobby, label="Start")
    await resign(ben, table.channel)  # the AI takes Ben's seat, at the level a new AI seat gets
    assert await seat_levels(table) == [(False, ""), (True, "normal"), (False, "")]
    offered = await ana.autocomplete(table.channel, "game host ai", "seat", "")
    assert [(c["name"], c["value"]) for c in offered] == [("2. ben (resigned; now Normal)", 2)], "AI seats only"

    assert "Only the host" in refusal(await cleo.slash(table.channel, "game host ai", seat=2, level="hard"))
    assert "not an AI's" in refusal(await ana.slash(table.channel, "game host ai", seat=3, level="hard"))
    assert "already plays at Normal" in refusal(await ana.slash(table.channel, "game host ai", seat=2, level="normal"))
    assert await seat_levels(table) == [(False, ""), (True, "normal"), (False, "")], "refusals change nothing"

    mark = newest_id(table.channel)
    said = await ana.slash(table.channel, "game host ai", seat=2, level="hard")
    assert not said.response.flags.ephemeral
    assert said.response.content == f"{ana.mention} set ben (seat 2, resigned) to Hard."
    assert len(messages_after(table.channel, mark)) == 1, "one short line in the channel"

    await simcord_env.restart_bot(make_bot())
    assert await seat_levels(table) == [(False, ""), (True, "hard"), (False, "")], "stored with the seats"
    status = await cleo.slash(table.channel, "game status")
    assert "ben (resigned; AI, Hard)" in status.response.message.content
    assert searches == [], "the AI has not played yet"
    panel = latest_panel(table.channel)
    await ana.click(panel, custom_id=choice_ids(panel)[0])  # Ana plays; the AI plays Ben's turn, at Hard
    assert searches and set(searches) == {"hard"}
    assert prompt_of(latest_panel(table.channel)).startswith(cleo.mention), "the AI played and passed the turn on"


async def test_a_seat_the_ai_keeps_after_missed_deadlines_gets_a_level_until_its_player_rejoins(simcord_env) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    table.bot.parts.lobby.seeds = fixed_seed(3)  # the deal test_deadlines uses
    ana, ben = table.players
    lobby = await open_lobby(table)
    await ben.click(lobby, label="Join")
    await ana.slash(table.channel, "game host deadline", hours=12, missed=1)
    await ana.click(lobby, label="Start")
    await ana.click(latest_panel(table.channel), label="Pass")
    await simcord_env.advance_time(13 * 3600.0)  # Ben misses his deadline: the AI keeps his seat, at Normal
    assert await seat_levels(table) == [(False, ""), (True, "normal")]
    offered = await ana.autocomplete(table.channel, "game host ai", "seat", "")
    assert [c["value"] for c in offered] == [2]
    said = await ana.slash(table.channel, "game host ai", seat=2, level="hard")
    assert said.response.content == f"{ana.mention} set ben (seat 2, AI while away) to Hard."
    status = await ana.slash(table.channel, "game status")
    assert "ben (AI while away, Hard)" in status.response.content

    await ben.slash(table.channel, "game rejoin")  # his seat is his again, and a member's seat has no level
    assert await seat_levels(table) == [(False, ""), (False, "")]
    assert await ana.autocomplete(table.channel, "game host ai", "seat", "") == []
    assert "not an AI's" in refusal(await ana.slash(table.channel, "game host ai", seat=2, level="hard"))


class UnprovenToy(ToyGame):
    """The toy game as a game whose search has not been shown to beat its policy: the default AI hooks, found
    beside it as this module's `AI`."""


AI = GameAI


async def test_a_new_ai_starts_at_easy_where_the_search_is_not_shown_to_beat_the_policy(simcord_env,
                                                                                         make_bot) -> None:
    """Where the search levels have not been shown to beat the policy, a new AI plays the policy unless the host
    asks for more, and the lobby says which."""
    await simcord_env.restart_bot(make_bot({"toy": UnprovenToy()}))
    table = make_table(simcord_env, ("ana", "ben"))
    ana, _ben = table.players
    lobby = await open_lobby(table, "toy")
    added = await ana.click(lobby, label="Add AI")
    chooser = next(m for m in added.followups if m.ephemeral)
    assert "AI 1 (seat 2) plays at **Easy** (what a new AI plays at)" in prompt_of(chooser)
    assert "may play no better than Easy" in prompt_of(chooser), "the host is told before picking Hard"
    lobby = await fresh_lobby(table, lobby)
    assert "2. AI 1 (AI, Easy)" in seats_text(lobby)
    assert "A new AI plays at Easy" in text_of(lobby)
    assert await seat_levels(table) == [(False, ""), (True, "easy")]


async def test_a_new_flight_plan_airline_starts_at_normal(simcord_env, make_bot) -> None:
    """Flight Plan's Normal and Hard beat its policy in arena runs (docs/notes/ai.md), so a new AI airline plans."""
    await simcord_env.restart_bot(make_bot({"flight-plan": registry.get("flight-plan")}))
    table = make_table(simcord_env, ("ana", "ben"))
    ana, _ben = table.players
    lobby = await open_lobby(table, "flight-plan")
    added = await ana.click(lobby, label="Add AI")
    chooser = next(m for m in added.followups if m.ephemeral)
    assert "AI 1 (seat 2) plays at **Normal** (what a new AI plays at)" in prompt_of(chooser)
    assert "may play no better than Easy" not in prompt_of(chooser)
    assert await seat_levels(table) == [(False, ""), (True, "normal")]
