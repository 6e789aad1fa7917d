"""A database shared with a build that offers more games (or holding the test suite's games): this bot leaves the
sessions of a game it does not offer alone, says so once per session in one warning line with no traceback, and
every loop that walks the running games (resumed clocks and AI turns, panels brought back, reminders, deadlines)
and every list of a member's or channel's games goes on with the others."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pytest

from tests.bot.helpers import Table, make_table, open_lobby, prompt_of, start_with_all
from tests.support.toy_game import GAME as TOY
from tests.support.toy_game import ToyGame

HOUR = 3600.0


class Elsewhere(ToyGame):
    """The toy game under another name: a game of a build with more games than the bot restarted here."""

    name = "elsewhere"
    info = replace(ToyGame.info, title="Elsewhere Cards")


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"toy": TOY, "elsewhere": Elsewhere()})


def problems(caplog: Any) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_a_game_this_bot_does_not_offer_gets_one_warning_and_the_others_play_on(simcord_env, make_bot,
                                                                                      caplog):
    there = make_table(simcord_env, ("ana", "ben"))
    ana, ben = there.players
    # A game of the other build, cancelled once started: a past game of its channel.
    lobby = await open_lobby(there, "elsewhere")
    await ana.click(lobby, label="Add AI")
    await ana.click(lobby, label="Start")
    confirm = (await ana.slash(there.channel, "game host cancel")).response.message
    await ana.click(confirm, label="Yes, cancel the game")
    # And a running one with every kind of background work: an AI seat, a turn deadline, reminders.
    lobby = await open_lobby(there, "elsewhere")
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Add AI")
    await ana.slash(there.channel, "game host deadline", hours=12)
    await ana.click(lobby, label="Start")
    here = Table(simcord_env, there.guild, there.guild.create_text_channel("here"), [ana, ben])
    await start_with_all(here)  # a toy game, which the restarted bot still offers

    caplog.set_level(logging.INFO)
    caplog.clear()
    await simcord_env.restart_bot(make_bot({"toy": TOY}))
    await simcord_env.advance_time(13 * HOUR)  # the toy game's reminder, the other game's deadline and reminder
    await simcord_env.advance_time(13 * HOUR)

    assert not problems(caplog), problems(caplog)
    warned = [(r.getMessage(), getattr(r, "session_id", None), getattr(r, "game", None))
              for r in caplog.records if r.levelno == logging.WARNING]
    assert warned == [("left alone: a game this bot does not offer", 2, "elsewhere")], "one line, once"
    reminded = [m for m in here.channel.history() if "for your move" in prompt_of(m)]
    assert reminded and prompt_of(reminded[0]).startswith(ana.mention), "the offered game's reminders go on"
    quiet = [prompt_of(m) for m in there.channel.history()
             if any(w in prompt_of(m) for w in ("deadline ends", "deadline ended", "for your move"))]
    assert quiet == [], "nothing runs for the game this bot does not offer"

    mine = (await ana.slash(here.channel, "game mine")).response.message.embeds[0].description
    assert "Toy Cards, **your turn**" in mine and "Elsewhere" not in mine
    history = (await ana.slash(there.channel, "game history")).response.message.embeds[0].description
    assert history == "No game has ended in this channel yet."
    assert not problems(caplog), problems(caplog)
