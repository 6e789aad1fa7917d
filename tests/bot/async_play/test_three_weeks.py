"""Three weeks of a play-by-post game on SimCord's clock, hour by hour: undo by consent on the first day, a member on
vacation, another who stops playing (deadlines pass, the AI plays his turns, then keeps his seat until he rejoins),
the host turning the deadline off, and reminders backing off while the last player stays silent.

The game is the toy game with a bigger deck (36 cards dealt to three players, none left to draw), so passing shows
nothing hidden and the game lasts long enough."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.discord import TarmacBot
from bot.store import Seat
from engine.core import Rng
from tests.bot.helpers import Table, items, latest_panel, make_table, mentioned_actor, open_lobby, prompt_of
from tests.support.toy_game import ToyGame, ToyState

HOUR = 3600.0
DAY = 24


class LongToy(ToyGame):
    def new_game(self, players: int, seed: int, options: dict[str, str]) -> ToyState:
        rng = Rng.seeded(seed)
        deck = [f"card:{n}" for n in range(1, 12 * players + 1)]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(12)] for _ in range(players)]
        return ToyState(game=self.name, players=players, seed=seed, options=options, rng=rng, hands=hands,
                        deck=deck, played=[[] for _ in range(players)])


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot({"toy": LongToy()})


def texts(table: Table) -> list[str]:
    return [prompt_of(m) for m in sorted(table.channel.history(), key=lambda m: m.id)]


async def act(table: Table) -> None:
    """The member called on plays: a pass while the passes are few (it shows nothing), else their first card."""
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    state = await table.bot.parts.sessions.state(await table.bot.store.get_session(1))
    if state.passes < 3:
        await actor.click(panel, label="Pass")
        return
    chooser = (await actor.click(panel, label="Show my choices")).response.message
    play = next(c for c in items(chooser) if c.label.startswith("Play"))
    await actor.click(chooser, custom_id=play.custom_id)


async def test_three_weeks_of_play_by_post(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana, ben, cleo = table.players
    lobby = await open_lobby(table)
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    await ana.slash(table.channel, "game host deadline", hours=24, missed=2)
    await ana.click(lobby, label="Start")

    # Day 0: two passes, then cleo asks to go back to turn 1 and both others accept.
    await act(table)
    await act(table)
    await cleo.slash(table.channel, "game undo", turn=1)
    request = max(table.channel.history(), key=lambda m: m.id)
    await ana.click(request, label="Accept")
    await ben.click(request, label="Accept")
    assert prompt_of(latest_panel(table.channel)).startswith(ana.mention), "back to turn 1"
    await cleo.slash(table.channel, "game vacation", days=3)

    hour_of = {ana.id: 9, ben.id: 20, cleo.id: 14}
    seen: dict[str, list[int]] = {}  # text marker -> hours it appeared at
    count = len(texts(table))
    for hour in range(1, 3 * 7 * DAY + 1):
        await simcord_env.advance_time(HOUR)
        for text in texts(table)[count:]:
            for marker in (f"<@{ben.id}>'s deadline ended", f"<@{cleo.id}>'s deadline ended",
                           "the AI keeps the seat until ben", f"{cleo.mention}, Toy Cards has been waiting",
                           f"{ben.mention}, Toy Cards has been waiting"):
                if text.startswith(marker) or marker in text:
                    seen.setdefault(marker, []).append(hour)
        count = len(texts(table))
        if hour == 11 * DAY + 20:
            await ben.slash(table.channel, "game rejoin")
        if hour == 14 * DAY:
            await ana.slash(table.channel, "game host deadline", hours=0)
        panel = latest_panel(table.channel)
        if not items(panel):
            break  # the game ended
        who = mentioned_actor(table, panel) if not prompt_of(panel).startswith("**") else None
        if who is None or hour % DAY != hour_of[who.id]:
            continue
        if who is ben and 4 * DAY <= hour < 11 * DAY:
            continue  # ben is away without a word
        if who is cleo and (hour < 3 * DAY or hour >= 14 * DAY):
            continue  # on vacation, then silent for the last week
        await act(table)
        count = len(texts(table))

    assert all(h >= 3 * DAY for h in seen[f"{cleo.mention}, Toy Cards has been waiting"]), "not while away"
    log = "\n".join(e["text"] for a in await table.bot.store.actions(1) for e in a.events)
    assert "cleo took the game back to turn 1, as everyone agreed." in log

    cleo_missed = seen.get(f"<@{cleo.id}>'s deadline ended", [])
    assert all(h >= 3 * DAY + 24 for h in cleo_missed), f"no deadline passed while cleo was away: {cleo_missed}"
    ben_missed = seen[f"<@{ben.id}>'s deadline ended"]
    assert len(ben_missed) >= 2 and all(4 * DAY <= h < 11 * DAY for h in ben_missed), ben_missed
    [handed] = seen["the AI keeps the seat until ben"]
    assert handed == ben_missed[1], "the seat passed to the AI at his second missed deadline"
    session = await table.bot.store.get_session(1)
    assert Seat(seat=1, user_id=ben.id, name="ben", is_ai=False) in session.seats, "ben rejoined"

    quiet = [h for h in seen.get(f"{cleo.mention}, Toy Cards has been waiting", []) if h >= 14 * DAY]
    gaps = [b - a for a, b in zip(quiet, quiet[1:], strict=False)]
    assert len(quiet) >= 3 and gaps[:2] == [24, 48], f"reminders back off in the last, silent week: {quiet}"

    state = await table.bot.parts.sessions.state(session)
    assert (await table.bot.parts.undo.history(session, state)).latest == state, "the log replays to the state"
