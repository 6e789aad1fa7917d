"""The recap a turn panel opens with (bot/session/recap.py): each thing the member missed once, in order; the
previous player's whole turn as what just happened; everything since the game began on a member's first panel;
an undone step, its undo and a take-back left out; each player named once.

Played out on seeded games of Planes (whose turns are many clicks, with the panel's Undo and Planes' own "redo")
and Planecrafters, with two members and an AI seat: every panel the channel is shown is checked against the
action log."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.discord.panel import SUMMARY
from bot.naming import escape, name_seats, seat_names
from bot.session.recap import Recap, Run, counted, reaches_back, recap
from bot.store import ActionRow
from engine import registry
from engine.core.ai.hooks import ai_for
from tests.bot.helpers import (
    Policy,
    body_texts,
    body_version,
    click_option,
    fixed_seed,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    start_with_all,
    stored_state,
    turn_bodies,
)

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def row(version: int, seat: int, choice: str, *texts: str, private: str = "") -> ActionRow:
    events: list[dict[str, Any]] = [{"text": t, "private_to": None} for t in texts]
    if private:
        events.append({"text": private, "private_to": seat})
    return ActionRow(session_id=1, version=version, seat=seat, choice=choice, events=events, created_at=WHEN)


# ---------------------------------------------------------------- the log read as a recap, by hand


def test_an_undo_takes_out_what_it_took_back_and_itself() -> None:
    rows = [row(1, 0, "a", "ana plays a card."), row(2, 0, "b", "ana moved P1 > a2."),
            row(3, 0, "bot:undo:1", "ana took back their last choice."), row(4, 0, "c", "ana moved P1 > a3.")]
    assert [r.version for r in counted(rows)] == [1, 4]
    # The other seats' recap, when ana's turn is over: her turn as the game went on with it.
    assert recap([*rows, row(5, 0, "end", "ben's turn.")], 1).latest == [
        "ana plays a card.", "ana moved P1 > a3.", "ben's turn."]


def test_an_undo_back_to_an_earlier_turn_takes_out_every_turn_since() -> None:
    rows = [row(1, 0, "a", "ana passed."), row(2, 1, "b", "ben passed."), row(3, 0, "c", "ana passed again."),
            row(4, 1, "bot:undo:1", "ben took the game back to turn 2, as everyone agreed."),
            row(5, 1, "d", "ben played 3.")]
    assert [r.version for r in counted(rows)] == [1, 5]
    assert recap(rows, 0) == Recap(latest=["ben played 3."], earlier=[])


def test_a_take_back_within_a_turn_says_nothing_and_private_texts_never_show() -> None:
    rows = [row(1, 0, "drop", private="You drew Shortcut."), row(2, 0, "redo", "ana took back her move."),
            row(3, 0, "confirm", "ana moved P1 > a3.")]
    assert recap(rows, 1, frozenset({"redo"})).latest == ["ana moved P1 > a3."]


def test_the_previous_turn_is_what_just_happened_and_the_turns_before_it_back_to_the_members_own() -> None:
    rows = [row(1, 0, "a", "ana passed."), row(2, 1, "b", "ben passed."), row(3, 2, "c", "cleo moved."),
            row(4, 2, "d", "cleo scored."), row(5, 0, "e", "ana played 2."), row(6, 1, "f", "ben played 4.")]
    # cleo is called: ana's turn and ben's since cleo's own.
    assert recap(rows, 2) == Recap(latest=["ben played 4."], earlier=[Run(0, ["ana played 2."])])
    # ana, who played first: everything since her turn.
    assert recap(rows[:4], 0) == Recap(latest=["cleo moved.", "cleo scored."], earlier=[Run(1, ["ben passed."])])
    # Her first panel of the game: everything since it began.
    assert recap(rows[1:4], 0) == recap(rows[:4], 0)
    # Going on with her turn, she keeps both: the turn before hers, then her own steps.
    assert recap([*rows[:5], row(6, 0, "g", "ana moved.")], 0) == Recap(
        latest=["cleo moved.", "cleo scored.", "ana played 2.", "ana moved."], earlier=[Run(1, ["ben passed."])])
    # At the end, nobody in particular: the last turn.
    assert recap(rows, None) == Recap(latest=["ben played 4."], earlier=[])


def test_rows_that_stop_short_of_the_members_last_turn_are_not_enough() -> None:
    rows = [row(5, 1, "a", "ben passed."), row(6, 2, "b", "cleo passed.")]
    assert not reaches_back(rows, 0), "ana's last turn is older than these rows"
    assert reaches_back(rows, 1) and reaches_back([row(1, 1, "a"), *rows], 0)
    assert not reaches_back([*rows, row(7, 0, "c", "ana passed.")], 0), "her turn in progress is not her last one"


# ---------------------------------------------------------------- every panel of seeded games


def _texts(rows: list[ActionRow], names: dict[int, str]) -> list[str]:
    return [name_seats(str(e["text"]), names) for r in rows for e in r.events
            if e.get("private_to") is None and e.get("text")]


def _section(said: list[str], name: str) -> list[str]:
    found = next((t for t in said if t.startswith(f"**{name}**\n")), "")
    return found.split("\n")[1:] if found else []


def _called_seat(body: dict[str, Any], session: Any) -> int | None:
    head = body_texts(body.get("components") or [])[0]
    called = re.search(r"\nNow: \*\*(.+?)\*\*", head)
    if called is None:
        return None
    return next((s.seat for s in session.seats if escape(s.name) == called[1]), None)


async def _play(simcord_env: Any, game_name: str, seed: int, clicks: int) -> None:
    """Two members and an AI seat play `clicks` clicks of a seeded game, taking back a step now and then."""
    simcord_env.settle_timeout = 60.0
    table = make_table(simcord_env, ("ana", "ben"))
    table.bot.parts.lobby.seeds = fixed_seed(seed)
    await start_with_all(table, game_name, ai=1)
    game = registry.get(game_name)
    policy = Policy(game, seed)
    taken_back = 0
    for click in range(clicks):
        panel = latest_panel(table.channel)
        if not items(panel):
            break
        actor = mentioned_actor(table, panel)
        if click % 7 == 5 and any(i.label == "Undo my last step" for i in items(panel)):
            await actor.click(panel, label="Undo my last step")
            policy.plan = []
            taken_back += 1
            continue
        state = await stored_state(table)
        mine = {s.seat for s in (await table.bot.store.get_session(1)).seats if s.user_id == actor.id}
        decision = next(d for d in game.pending(state) if d.seat in mine)
        await click_option(actor, panel, policy.choose(state, decision))
    assert taken_back >= 2, "the game took steps back, or the test proves less than it says"
    await _check_every_panel(simcord_env, table, game)


async def _check_every_panel(simcord_env: Any, table: Any, game: Any) -> None:
    session = await table.bot.store.get_session(1)
    names = seat_names(session)
    rows = await table.bot.store.actions(1)
    # Every panel as it was shown, posted or edited, against the log as it stood at the state its controls carry.
    bodies = turn_bodies(simcord_env, table.channel)
    checked = firsts = 0
    for _method, body in bodies:
        said = body_texts(body.get("components") or [])
        version = body_version(body)
        seat = _called_seat(body, session)
        if version is None or seat is None or any(s.seat == seat and s.is_ai for s in session.seats):
            continue
        kept = counted([r for r in rows if r.version <= version])
        # What the recap must hold: every public text since the called seat's last turn before the one in
        # progress, as the game went on with it (no undone step, no undo, no take-back), in order.
        before_own = list(kept)
        while before_own and before_own[-1].seat == seat:
            before_own.pop()
        start = max((i for i, r in enumerate(before_own) if r.seat == seat), default=-1) + 1
        expected = _texts([r for r in kept[start:] if r.choice not in ai_for(game).take_backs], names)
        earlier = _section(said, "Since your last turn, before that")
        latest_lines = _section(said, "What just happened")
        for line in earlier:
            for name in names.values():
                assert not line.startswith(f"{escape(name)}: {escape(name)} "), f"named twice: {line}"
        shown = " ".join([*(_unprefixed(line, names) for line in earlier), *latest_lines])
        if shown.startswith("…") or "\n…" in "\n".join(latest_lines) or len("\n".join(latest_lines)) >= SUMMARY:
            continue  # a long stretch, cut to its newest lines: the whole of it cannot be compared
        assert shown == " ".join(expected), f"the recap at version {version}:\n{shown}\n!=\n{' '.join(expected)}"
        checked += 1
        if start == 0 and expected and not any(r.seat == seat for r in before_own):
            firsts += 1  # the member has not played yet: everything since the game began
    assert checked > 20 and firsts >= 1, (checked, firsts)


def _unprefixed(line: str, names: dict[int, str]) -> str:
    for name in names.values():
        if line.startswith(f"{escape(name)}: "):
            return line[len(escape(name)) + 2:]
    return line


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({name: registry.get(name) for name in ("planes", "planecrafters")})


async def test_every_panel_of_a_planes_game_with_undos_recaps_each_thing_once(simcord_env):
    await _play(simcord_env, "planes", 2026, 90)


async def test_every_panel_of_a_planecrafters_game_with_undos_recaps_each_thing_once(simcord_env):
    await _play(simcord_env, "planecrafters", 7, 70)
