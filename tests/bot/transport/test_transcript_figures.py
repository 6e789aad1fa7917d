"""Noise in a whole seeded 3-player Planecrafters game on SimCord: the pings and DMs each member gets and the
messages posted per turn. Run with `-s` to read the figures; the test holds the promises behind them: a member is
pinged at most once per turn of theirs (plus the end), DMs come only when a hand changes, and the channel gets
about one message per turn."""

from __future__ import annotations

from typing import Any

from engine import registry
from tests.bot.helpers import (
    Policy,
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    start_with_all,
    stored_state,
)

SEED = 4

simcord_bot, bot_seed = one_game("planecrafters", SEED)


def pinged(body: dict[str, Any], user_id: int) -> bool:
    """The message mentions the member and may notify them (allowed_mentions lists them)."""
    allowed = [str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]
    return str(user_id) in allowed and f"<@{user_id}>" in (body.get("content") or "")


def turns_of(seats: list[int]) -> list[int]:
    """The seat of each turn: a run of one seat's choices is one turn."""
    return [s for i, s in enumerate(seats) if i == 0 or seats[i - 1] != s]


async def test_pings_dms_and_messages_per_turn_in_a_seeded_game(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    game = registry.get("planecrafters")
    await start_with_all(table, "planecrafters")
    policy = Policy(game, SEED)
    while items(panel := latest_panel(table.channel)):
        state = await stored_state(table)
        actor = mentioned_actor(table, panel)
        decision = next(d for d in game.pending(state) if d.seat == [p.id for p in table.players].index(actor.id))
        await click_option(actor, panel, policy.choose(state, decision))

    requests: list[Any] = simcord_env.http_requests
    channel_path = f"/channels/{table.channel.id}/messages"
    posts = [e for e in requests if e.method == "POST" and e.path == channel_path]
    rows = [a for a in await table.bot.store.actions(1) if not a.choice.startswith("bot:")]
    turns = turns_of([a.seat for a in rows])
    figures: dict[str, dict[str, int]] = {}
    for seat, member in enumerate(table.players):
        dm_path = f"/channels/{member.user.dm_channel.id}/messages"
        pings = sum(1 for e in posts if pinged(e.json or {}, member.id))
        dms = sum(1 for e in requests if e.method == "POST" and e.path == dm_path)
        figures[member.name] = {"turns": turns.count(seat), "pings": pings, "dms": dms}
        assert pings <= turns.count(seat) + 1, f"{member.name}: at most one ping per turn, plus the end"
        assert dms <= 2 * turns.count(seat) + 2, f"{member.name}: hand DMs when the hand changes, not per step"
    per_turn = len(posts) / len(turns)
    print(f"\nseeded 3-player Planecrafters game (seed {SEED}): {len(rows)} choices, {len(turns)} turns, "
          f"{len(posts)} channel messages ({per_turn:.2f} per turn)")
    for name, found in figures.items():
        print(f"  {name}: {found['turns']} turns, {found['pings']} pings, {found['dms']} DMs")
    assert per_turn <= 1.5, "about one message per turn"
    assert (await stored_state(table)).version == len(rows)
