"""A member reads names, in the sandbox as on Discord: a mention only where the message pings (the prompt of the
member who must act), a name everywhere else. Embeds never carry a mention (Discord and the sandbox's page may show it
as a raw id there), and the lobby lists its host and seats by name."""

from __future__ import annotations

import re
from typing import Any

from tests.bot.helpers import make_table, open_lobby, seats_text, start_with_all, texts
from tests.support.discord_mentions import message_bodies

MENTION = re.compile(r"<@!?\d+>")


def embed_strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [s for v in node.values() for s in ([v] if isinstance(v, str) else embed_strings(v))]
    if isinstance(node, list):
        return [s for v in node for s in embed_strings(v)]
    return []


async def test_the_lobby_names_its_host_and_seats(simcord_env):
    table = make_table(simcord_env, ("alice", "bob"))
    lobby = await open_lobby(table)
    await table.players[1].click(lobby, label="Join")
    shown = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "Host: alice." in texts(shown)[0]
    assert seats_text(shown).splitlines()[1:] == ["1. alice", "2. bob"]
    assert not any(MENTION.search(t) for t in texts(shown)), "the lobby pings nobody, so it shows no mention"


async def test_no_embed_carries_a_mention_through_a_whole_game(simcord_env):
    table = make_table(simcord_env, ("alice", "bob"))
    await start_with_all(table)
    for _ in range(3):
        await table.players[0].slash(table.channel, "game status")
        await table.players[0].slash(table.channel, "game log")
        await table.players[0].slash(table.channel, "game board")
        await table.players[0].slash(table.channel, "game hand")
    bodies = message_bodies(simcord_env.http_requests)
    assert len(bodies) > 8
    found = [s for b in bodies for e in b.get("embeds") or [] for s in embed_strings(e) if MENTION.search(s)]
    assert not found, found[:5]
