"""Changing an AI seat's level (issue 13): a new AI plays at Normal and the lobby says so; the host changes any AI
seat's level with the lobby's menu (only real changes offered). Whoever else asks gets a sentence and nothing
changes."""

from __future__ import annotations

from bot.session.lobby import lobby_specs
from engine import registry
from tests.bot.helpers import make_table, messages_after, open_lobby, refusal


def select_values(message, custom_id: str) -> list[str]:
    menu = next(c for row in message.components for c in row.children if c.custom_id == custom_id)
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
    assert "AI 1 (seat 3) plays at **Normal** (what a new AI plays at)" in chooser.content
    disabled = [bool(c.get("disabled")) for row in chooser.components for c in row["components"]]
    assert disabled == [False, True, False], "the level it plays at now cannot be picked again"
    lobby = await fresh_lobby(table, lobby)
    assert "3. AI 1 (AI, Normal)" in lobby.embeds[0].fields[0].value
    assert "A new AI plays at Normal" in lobby.embeds[0].footer.text
    assert select_values(lobby, "tla:1") == ["3:easy", "3:hard"], "only the levels AI 1 does not play at yet"

    assert "Only the host" in refusal(await ben.select(lobby, ["3:hard"], custom_id="tla:1"))
    assert await seat_levels(table) == [(False, ""), (False, ""), (True, "normal")], "a refusal changes nothing"

    await simcord_env.restart_bot(make_bot())  # the menu is keyed by the session: it works after a restart
    picked = await ana.select(lobby, ["3:hard"], custom_id="tla:1")
    assert refusal(picked) == "AI 1 (seat 3) now plays at Hard.", "the host's answer is private"
    assert await seat_levels(table) == [(False, ""), (False, ""), (True, "hard")]
    lobby = await fresh_lobby(table, lobby)
    assert "3. AI 1 (AI, Hard)" in lobby.embeds[0].fields[0].value
    assert select_values(lobby, "tla:1") == ["3:easy", "3:normal"]

    await ana.click(lobby, label="Add AI")
    lobby = await fresh_lobby(table, lobby)
    assert select_values(lobby, "tla:1") == ["3:easy", "3:normal", "4:easy", "4:hard"]
    assert "4. AI 2 (AI, Normal)" in lobby.embeds[0].fields[0].value


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
        ids = [c.custom_id for row in lobby.components for c in row.children]
        assert len(lobby.components) <= 5 and ids[-1] == "tla:1", "the AI level menu keeps the last row"
        shown += [i.removeprefix("to:1:") for i in ids if i.startswith("to:")]
        pager = next(i for i in ids if i.startswith("tlp:"))
        lobby = (await ana.click(lobby, custom_id=pager)).response.message
        if set(shown) == {s.key for s in lobby_specs(registry.get("planes"))}:
            break
    assert set(shown) == {s.key for s in lobby_specs(registry.get("planes"))}, "every option on some page"
