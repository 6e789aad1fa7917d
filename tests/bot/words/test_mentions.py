"""Member names never ping anyone. Members nicknamed "@everyone", "@here", a role's mention and a
markdown name play whole games; whatever the bot sends (panels, refusals, status, log, history, the lobby, the log
file) must show those names as typed without pinging the server or a role: by default the client pings nobody, each
message names the users it means to ping, and names are escaped wherever they are written into text."""

from __future__ import annotations

import re
from typing import Any

import pytest
from simcord import Env

from engine import registry
from tests.bot.conftest import GAMES
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    latest_panel,
    mentioned_actor,
    prompt_of,
    resign,
    stored_state,
)
from tests.support.discord_mentions import CROWD_MENTION, mention_problems, message_bodies, shown_texts

CODE_BLOCK = re.compile(r"```.*?```", re.DOTALL)


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({**GAMES, "planes": registry.get("planes")})


def odd_table(env: Env) -> tuple[Table, Any]:
    """Four members whose nicknames are mentions or markdown; the role is real and mentionable, so a raw role
    mention in a message would ping it."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    role = guild.create_role("crew", mentionable=True)
    nicks = ["**bold**", "@everyone", f"<@&{role.id}>", "@here"]
    players = [guild.add_member(env.create_user(f"member{n}"), nick=nick) for n, nick in enumerate(nicks)]
    return Table(env, guild, channel, players), role


def assert_no_ping(env: Env, members: set[int], nicks: list[str]) -> None:
    """The harness's own check (tests/support/discord_mentions.py), and more: the markdown name shows escaped
    wherever markdown is rendered, Discord recorded no crowd, role or stranger pinged, and every name still shows."""
    bodies = message_bodies(env.http_requests)
    assert len(bodies) > 20
    assert not mention_problems(env.http_requests), mention_problems(env.http_requests)[:5]
    for body in bodies:
        users = {int(u) for u in (body.get("allowed_mentions") or {}).get("users") or []}
        assert users <= members, f"only players are pinged: {body}"
        for text, markdown in shown_texts(body):
            if markdown:
                shown = CODE_BLOCK.sub("", text)  # a code block shows its text as it is
                assert "**bold**" not in shown.replace("\\*\\*bold\\*\\*", ""), f"an unescaped name: {text!r}"
    stored = [m for messages in env.backend.messages.values() for m in messages.values()
              if m.author_id == env.backend.bot_user.id]
    assert stored
    for message in stored:
        assert not message.mention_everyone, prompt_of(message)
        assert not message.ping_role_ids, prompt_of(message)
        assert set(message.ping_user_ids) <= members, prompt_of(message)
    for nick in nicks:
        assert any(nick in text.replace("\u200b", "").replace("\\", "") for body in bodies
                   for text, _ in shown_texts(body)), f"the name {nick!r} is still shown"


async def _play_to_the_end(table: Table, game: str, *, moves: int = 10_000) -> None:
    policy = Policy(table.bot.parts.sessions.game(game), seed=5)
    for _ in range(moves):
        panel = latest_panel(table.channel)
        if prompt_of(panel).startswith("Game over."):
            return
        state = await stored_state(table)
        decision = table.bot.parts.sessions.game(game).pending(state)[0]
        actor = mentioned_actor(table, panel)
        await click_option(actor, panel, policy.choose(state, decision))


async def test_odd_names_ping_nobody_in_a_whole_game(simcord_env: Env) -> None:
    table, role = odd_table(simcord_env)
    host, crowd, _role_named, here = table.players
    result = await host.slash(table.channel, "game new", game="toy")
    lobby = result.response.message
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await host.slash(table.channel, "game status")
    await host.click(lobby, label="Start")
    await _play_once(table)
    await resign(crowd, table.channel)
    await host.slash(table.channel, "game host ai", seat=2, level="easy")
    await here.slash(table.channel, "game nudge")
    for command in ("game status", "game board", "game hand", "game log", "game mine"):
        await host.slash(table.channel, command)
    await _play_to_the_end(table, "toy")
    assert prompt_of(latest_panel(table.channel)).startswith("Game over.")
    await host.slash(table.channel, "game status")
    await host.slash(table.channel, "game history")
    await host.slash(table.channel, "game log", whole=True)
    assert_no_ping(simcord_env, {p.id for p in table.players}, ["**bold**", "@everyone", f"<@&{role.id}>", "@here"])


async def _play_once(table: Table) -> None:
    panel = latest_panel(table.channel)
    await click_option(mentioned_actor(table, panel), panel, 0)


def assert_log_file_escaped(env: Env) -> None:
    """The whole-game log file is Markdown too: its names are escaped like the messages'."""
    files = [env.backend.cdn.get(a["url"]) for messages in env.backend.messages.values()
             for m in messages.values() for a in m.attachments if a.get("filename", "").endswith("-log.md")]
    assert files, "the whole-game log came as a file"
    text = files[-1].decode()
    assert not CROWD_MENTION.search(text), text
    assert "**bold**" not in text.replace("\\*\\*bold\\*\\*", ""), text


async def test_odd_names_ping_nobody_in_planes(simcord_env: Env) -> None:
    """A real game to its end: the names flow into the engine's events, prompts, labels and the board's text; two
    members resign and the host plays on against the AI in their seats."""
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table, role = odd_table(simcord_env)
    members = {p.id for p in table.players}
    host, crowd, role_named, here = table.players
    table.players = table.players[:3]  # Planes seats 2 to 4; "@here" stays a watcher who nudges
    result = await host.slash(table.channel, "game new", game="planes")
    lobby = result.response.message
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    await _play_to_the_end(table, "planes", moves=12)
    await resign(crowd, table.channel)
    await host.slash(table.channel, "game host ai", seat=2, level="easy")
    await here.slash(table.channel, "game nudge")
    for command in ("game status", "game board", "game hand", "game log", "game mine"):
        await role_named.slash(table.channel, command)
    await resign(role_named, table.channel)
    await host.slash(table.channel, "game host ai", seat=3, level="easy")
    table.players = [host]
    await _play_to_the_end(table, "planes")
    assert prompt_of(latest_panel(table.channel)).startswith("Game over.")
    await host.slash(table.channel, "game status")
    await host.slash(table.channel, "game history")
    await host.slash(table.channel, "game log", whole=True)
    assert_no_ping(simcord_env, members, ["**bold**", "@everyone", f"<@&{role.id}>"])
    assert_log_file_escaped(simcord_env)
