"""THE acceptance test: three members play a whole default game of Planes through the real discord.py client on
SimCord, from /game new to the final scores, every choice made by clicking an offered button or select option.

Along the way it proves, on the real game: a board image follows every move (a new panel when the turn passes,
the panel edited in place with a new board while the same member goes on with their turn); each hand reaches only
its owner's DM and nothing another seat holds ever shows in the channel or in someone else's DMs; an outsider's click, a
waiting player's click and a click on an outdated panel change nothing and get an ephemeral sentence; and a new
bot instance on the same database, started mid-game, finishes it from a panel the old instance posted.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from simcord import MemberActor

from bot.session import Refusal
from engine import registry
from engine.core.turns import turn_name
from renderers import for_game
from renderers.words import for_game as words_for
from tests.bot.conftest import validate_all
from tests.bot.helpers import (
    Policy,
    SecretsWatch,
    Table,
    assert_engine_scores,
    body_version,
    click_first,
    click_option,
    hand_picture,
    has_board,
    heading,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    newest_id,
    now_shown,
    one_game,
    panel_version,
    panels,
    refusal,
    start_with_all,
    state_version,
    stored_state,
    title_of,
    turn_bodies,
)
from tests.bot.replay_checks import assert_export_replays, assert_final_replay

SEED = 2026
RESTART_AFTER = 60  # from this move on, the next private panel is where a new bot instance takes over
PROBE_AT = {41, 120}  # moves at which outsiders, waiting players and outdated panels click (and at each new kind)

simcord_bot, bot_seed = one_game("planes", SEED)


def _halves(card_id: str) -> list[str]:
    """A card's two names (action / goal): the panel shows either one alone, so each is searched for."""
    from engine.planes.cards import card

    return card(card_id).title.split(" / ")


class PlanesWatch(SecretsWatch):
    """No card another seat holds is named to a reader, and each DM'd hand is exactly its owner's current hand."""

    card_id = re.compile(r"card:[RBGY]\d\d")

    def __init__(self, table: Table, outsider: MemberActor) -> None:
        super().__init__(table, registry.get("planes"), [*table.players, outsider])
        self.dealt: dict[int, list[str]] = {}  # seat -> hand at the last check

    def hidden(self, state: Any, public: str, seat: int | None) -> set[str]:
        # The same card exists in four dot colours, so a name the viewer holds (or held a moment ago) may show to
        # them even while another seat holds its twin.
        own = {n for st in (state, self.before or state) if seat is not None for c in st.hands[seat]
               for n in _halves(c)}
        # What the public board in words says (the panel's alt text) is public too: a card in play is named whole,
        # both halves, while the log names only the half played. The conformance suite keeps that text public.
        words = words_for("planes")
        public = f"{public} {words.describe(self.game.view(state, None)) if words else ''}"
        return {name for other, hand in enumerate(state.hands) if other != seat for c in hand for name in _halves(c)
                if name not in public and name not in own}

    async def check_dms(self, seat: int, state: Any, dms: list[Any]) -> None:
        # A seat going on with its own turn gets its new hand when the turn ends, not on every step (unless it
        # alone learns something on the way, a card drawn: then at once).
        going_on = self.before is not None and all(
            any(d.seat == seat for d in self.game.pending(s)) for s in (state, self.before))
        if dms:
            self.dealt[seat] = list(state.hands[seat])
        else:
            assert going_on or state.hands[seat] == self.dealt.get(seat), \
                f"seat {seat + 1}'s hand changed, so it gets its new hand by DM"


def panel_kind(panel: Any) -> str:
    """'private' (the choices show to the chooser alone), 'select' (a menu) or 'buttons'."""
    ids = [item.custom_id or "" for item in items(panel)]
    if any(i.startswith("tp:") and i.endswith(":s") for i in ids):
        return "private"
    return "select" if any(i.startswith("ts:") for i in ids) else "buttons"


async def probe_refusals(table: Table, outsider: MemberActor, panel: Any, older: Any) -> None:
    """Clicks that must change nothing: an outsider's, a waiting player's, and the current player's on an old panel
    (an earlier turn's, whose buttons carry an older version); and /game hand, which shows the caller's own hand to
    the caller alone."""
    version = await state_version(table)
    actor = mentioned_actor(table, panel)
    waiting = next(p for p in table.players if p is not actor)
    assert older.id != panel.id
    assert "not in this game" in refusal(await click_first(outsider, panel))
    assert "not your turn" in refusal(await click_first(waiting, panel))
    # The old panel gave its buttons up; a click it sent before that (its version in the custom_id) is refused.
    assert not items(now_shown(table.channel, older))
    _kind, _sid, old_version, seat, *_rest = items(older)[0].custom_id.split(":")
    with pytest.raises(Refusal, match="out of date"):
        await table.bot.parts.turns.choose(1, actor.id, version=int(old_version), seat=int(seat), index=0)
    shown = await waiting.slash(table.channel, "game hand")
    reply = shown.followups[-1] if shown.followups else shown.response
    assert reply.ephemeral
    session = await table.bot.store.get_session(1)
    seat = next(s.seat for s in session.seats if s.user_id == waiting.id)
    expected = hand_picture(registry.get("planes"), await stored_state(table), seat, session)
    if expected is not None:
        image = table.env.backend.cdn.get(reply.message.attachments[0].url)
        assert image == expected, "the hand, with the players' names on it"
    assert await state_version(table) == version, "a refused click changes nothing"
    assert latest_panel(table.channel).id == panel.id, "and posts nothing in the channel"


async def test_three_members_play_planes_to_the_final_scores(simcord_env, make_bot, tmp_path):
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    outsider = table.guild.add_member(simcord_env.create_user("mallory"))
    await start_with_all(table, "planes")

    game = registry.get("planes")
    policy = Policy(game, SEED)
    watch = PlanesWatch(table, outsider)
    seats = (await table.bot.store.get_session(1)).seats
    state = await watch.check()
    moves = 0
    older = None  # the newest panel of an earlier turn: its buttons are outdated
    kinds: set[str] = set()
    restarted = False
    board = latest_panel(table.channel).attachments
    while items(panel := latest_panel(table.channel)):
        (decision,) = game.pending(state)
        actor = mentioned_actor(table, panel)
        assert seats[decision.seat].user_id == actor.id, "the panel calls on the member who must choose"
        kind = panel_kind(panel)
        if older is not None and (moves in PROBE_AT or kind not in kinds):
            kinds.add(kind)
            await probe_refusals(table, outsider, panel, older)
        if not restarted and moves >= RESTART_AFTER and kind == "private":
            restarted = True
            before = newest_id(table.channel)
            old_bot = simcord_env.bot
            await simcord_env.restart_bot(make_bot({"planes": game}))
            assert simcord_env.bot is not old_bot
            # The panel the old instance posted is still the newest one: its buttons must work on the new one.
            assert latest_panel(table.channel).id == panel.id <= before
        await click_option(actor, panel, policy.choose(state, decision))
        moves += 1
        state = await watch.check()
        assert state.version == moves, "each click applies exactly one choice"
        shown = latest_panel(table.channel)
        assert panel_version(shown) in (moves, None), "the newest panel shows the move just made"
        assert title_of(shown) == f"Planes — {turn_name(game, state)}", "and names its turn"
        if for_game("planes") is not None:
            # Posted anew or edited in place, the newest panel carries a newly uploaded board.
            assert shown.attachments and shown.attachments[0].url != board[0].url
            board = shown.attachments
        older = panel if shown.id != panel.id else older
        assert moves < 1000, "the game should have ended"

    _final, state = await assert_engine_scores(table, game)
    # Its replay GIF is on the final message, and its exported record replays to the same end.
    await assert_final_replay(table, game)
    await assert_export_replays(table, tmp_path)
    assert state.track_end == 12, "a default-length game"  # type: ignore[attr-defined]
    assert restarted, "a new bot instance finished the game"
    assert {"private", "buttons"} <= kinds, "both kinds of panel were clicked, and refused, through Discord"
    shown = turn_bodies(simcord_env, table.channel)
    assert [body_version(body) for _method, body in shown] == [*range(moves), None], "a board follows every move"
    assert all(heading(body["components"]).startswith("### Planes — Turn ") for _method, body in shown)
    if for_game("planes") is not None:
        assert all(has_board(body) for _method, body in shown)
        final_files = [a.get("filename") for a in shown[-1][1].get("attachments") or []]
        assert "race.png" in final_files, "the final message carries the race chart"
    assert len(panels(table.channel)) < moves / 3, "a turn of many clicks is one message, edited as it goes"
    assert watch.hands_sent >= 3, "every player got a hand by DM"
    assert not messages_after(outsider.user.dm_channel, 0), "someone outside the game gets no DM"
    validate_all(simcord_env)
