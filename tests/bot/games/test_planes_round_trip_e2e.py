"""Round Trip on Discord: two members and an AI seat play a whole scenario game on each new airport by clicks,
through the real discord.py client on SimCord. The host picks the scenario (which fills the airport); the game
ends by the rules, the final scores are the engine's, and no card another seat holds ever reaches the channel or
someone else's DMs: nor do the cards of a Pass It On draft, which the Beacon game plays, reach anyone they have not
been passed to yet."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from tests.bot.conftest import validate_all
from tests.bot.games.test_planes_acceptance import PlanesWatch, _halves
from tests.bot.helpers import (
    Policy,
    click_option,
    field_of,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    open_lobby,
    prompt_of,
    stored_state,
)

SEED = 77
simcord_bot, bot_seed = one_game("planes", SEED)


class DraftWatch(PlanesWatch):
    """PlanesWatch, and the cards of a draft in progress stay with the seats they have gone round so far (the player
    of Pass It On, then each seat to the left up to the one picking now)."""

    def hidden(self, state: Any, public: str, seat: int | None) -> set[str]:
        names = super().hidden(state, public, seat)
        if state.draft and state.draft_seat is not None:
            seen, at = {state.turn}, state.turn
            while at != state.draft_seat:
                at = (at + 1) % state.players
                seen.add(at)
            if seat not in seen:
                names |= {n for c in state.draft for n in _halves(c) if n not in public}
        return names


@pytest.mark.parametrize(("scenario", "airport", "drafts"),
                         [("happy_hour", "azure", False), ("lost_and_found", "beacon", True)])
async def test_a_scenario_game_on_a_new_airport_by_clicks_with_an_ai_seat(simcord_env, scenario: str, airport: str,
                                                                          drafts: bool) -> None:
    simcord_env.settle_timeout = 30.0  # an AI seat's whole turn runs before the bot settles after a click
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    outsider = table.guild.add_member(simcord_env.create_user("mallory"))
    lobby = await open_lobby(table, "planes")
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Add AI")
    for name, value in (("scenario", scenario), ("end_space", "4"), ("cards", "expansion")):
        await ana.slash(table.channel, "game host option", name=name, value=value)
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.options["airport"] == airport, "the scenario preset filled the airport, for the host to see"
    await ana.click(lobby, label="Start")

    game = registry.get("planes")
    policy = Policy(game, SEED)
    watch = DraftWatch(table, outsider)
    picks = 0
    seats = (await table.bot.store.get_session(1)).seats
    state = await watch.check()
    assert state.airport == airport and state.options["scenario"] == scenario and state.round_trip
    clicks = 0
    while items(panel := latest_panel(table.channel)):
        (decision,) = game.pending(state)
        actor = mentioned_actor(table, panel)
        assert seats[decision.seat].user_id == actor.id, "the panel calls on the member who must choose"
        if decision.kind == "draft":
            picks += 1
            assert "Keep" not in " ".join(i.label or "" for i in items(panel)), "a draft pick is offered privately"
        await click_option(actor, panel, policy.choose(state, decision))
        clicks += 1
        state = await watch.check()
        assert clicks < 600, "the game should have ended"
    final = latest_panel(table.channel)
    assert prompt_of(final).startswith("Game over.")
    state = await stored_state(table)
    result = game.result(state)
    scores = field_of(final, "Final scores")
    for standing in result.standings:
        seat = seats[standing.seat]
        who = table.by_id(seat.user_id).mention if seat.user_id is not None else f"**{seat.name}** (AI, Normal)"
        assert f"{who}: {standing.score}" in scores, "the final scores are the engine's"
    assert state.end_reason in ("track", "all aboard")
    assert watch.hands_sent >= 2
    assert bool(picks) == drafts, "the Beacon game drafts by clicks (members' picks; the AI's are not clicked)"
    validate_all(simcord_env)
