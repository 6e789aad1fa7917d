"""What each lobby option means (GameOptionSpec.help: which values are house rules, and why) reaches whoever decides:
each option's menu ends with "About this option" (the help's start as its description, the whole of it privately
when picked, by anyone), the default choice says so, `/game host option` suggests names with their help, and
`/game rules` has a "lobby options" topic that explains every option, whole, however long (in several embeds of one
message)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.limits import EMBED_DESCRIPTION, EMBED_TOTAL, EMBEDS, OPTION_TEXT, paragraphs
from bot.discord.texts import OPTIONS_TOPIC, rules_pages
from bot.session.lobby import lobby_specs
from engine import registry
from tests.bot.helpers import items, make_table, open_lobby, prompt_of, refusal, title_of

NEEDED = [name for name in ("now-boarding", "planes") if name in registry.names()]


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({name: registry.get(name) for name in NEEDED})


def menu(message: Any, key: str) -> Any:
    return next(c for c in items(message) if c.custom_id == f"to:1:{key}")


def current(table: Any, message: Any) -> Any:
    return next(m for m in table.channel.history() if m.id == message.id)


@pytest.mark.skipif("now-boarding" not in NEEDED, reason="no Now Boarding engine")
async def test_each_lobby_menu_explains_its_option_to_anyone_who_asks(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table, "now-boarding")
    spec = next(s for s in lobby_specs(registry.get("now-boarding")) if s.key == "weather_clock")
    weather = menu(lobby, "weather_clock")
    *choices, about = weather.options
    # The value it is set to names its option: a closed menu shows that entry, and a page of bare values ("Off",
    # "Random") did not say which menu was which. So does the menu's placeholder.
    assert [(o.label, o.description) for o in choices] == [
        (f"{spec.label}: Off, as the book: the team takes its time", "The default"),
        ("House rule: the round timer runs for each token", None)]
    assert weather.placeholder == f"{spec.label}: Off, as the book: the team takes its time"
    assert about.label == "About this option" and about.description.startswith("The book puts no timer on placing")
    assert len(about.description) <= OPTION_TEXT and about.description.endswith("…")

    before = (await table.bot.store.session_in_channel(table.channel.id)).options
    asked = await bob.select(lobby, [about.value], custom_id="to:1:weather_clock")  # not the host: reading is free
    [reply] = [m for m in asked.followups if m.ephemeral]
    assert spec.help in prompt_of(reply), "the whole help, not the menu's cut"
    assert ("Off, as the book: the team takes its time *(default)* · House rule: the round timer runs for each "
            "token") in prompt_of(reply)
    assert prompt_of(reply).endswith("Now: Off, as the book: the team takes its time.")
    assert (await table.bot.store.session_in_channel(table.channel.id)).options == before, "nothing was set"
    shown = menu(current(table, lobby), "weather_clock")
    assert [o.value for o in shown.options if o.default] == ["off"], "the menu shows the value again, not About"
    # A client keeps showing the entry it picked while that entry is on offer: About comes back under another
    # value, so the menu shows the option's value again (a client with nothing picked shows the placeholder).
    again = shown.options[-1]
    assert again.label == "About this option" and again.value != about.value
    reply = [m for m in (await bob.select(lobby, [again.value], custom_id="to:1:weather_clock")).followups
             if m.ephemeral][0]
    assert spec.help in prompt_of(reply), "the other value explains the option too"
    assert menu(current(table, lobby), "weather_clock").options[-1].value == about.value, "and alternates back"

    await alice.select(lobby, ["on"], custom_id="to:1:weather_clock")
    changed = menu(current(table, lobby), "weather_clock")
    assert [o.label for o in changed.options if o.default] == [f"{spec.label}: House rule: the round timer runs "
                                                               "for each token"]
    reply = [m for m in (await alice.select(lobby, [changed.options[-1].value],
                                            custom_id="to:1:weather_clock")).followups if m.ephemeral][0]
    assert prompt_of(reply).endswith("Now: House rule: the round timer runs for each token.")
    assert "host" in refusal(await bob.select(lobby, ["off"], custom_id="to:1:weather_clock")), "setting is not"


@pytest.mark.skipif("planes" not in NEEDED, reason="no Planes engine")
async def test_game_rules_explains_every_lobby_option_whole(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    topics = [c["value"] for c in await alice.autocomplete(table.channel, "game rules", "topic", "opt",
                                                           game="planes")]
    assert OPTIONS_TOPIC in topics
    reply = (await alice.slash(table.channel, "game rules", game="planes", topic=OPTIONS_TOPIC)).response
    assert reply.ephemeral and title_of(reply) == f"Planes — {OPTIONS_TOPIC}"
    text = "\n\n".join(e.description for e in reply.embeds)
    assert len(reply.embeds) > 1, "Planes' options are longer than one embed holds"
    assert text == rules_pages(registry.get("planes"))[OPTIONS_TOPIC], "the whole page, nothing cut"
    for spec in lobby_specs(registry.get("planes")):
        assert f"**{spec.label}**: {spec.help}" in text
    assert "Off: play until the book's end comes *(default)* · End after 10 rounds (house rule)" in text
    overview = (await alice.slash(table.channel, "game rules", game="planes")).response.embeds[0].description
    assert overview.endswith(f", {OPTIONS_TOPIC}."), "the overview lists the topic with the others"


def test_every_games_rules_pages_fit_one_message() -> None:
    for name in registry.names():
        game = registry.get(name)
        for topic, page in rules_pages(game).items():
            pieces = paragraphs(page, EMBED_DESCRIPTION)
            assert "\n\n".join(pieces) == page, f"{name} {topic}: a paragraph longer than an embed"
            assert len(pieces) <= EMBEDS and len(page) + len(game.info.title) + len(topic) + 3 <= EMBED_TOTAL, (
                f"{name} {topic}: {len(page)} characters do not fit one message")
