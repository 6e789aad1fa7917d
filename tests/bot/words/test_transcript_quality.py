"""How a Planes game reads to the people at the table: three members play a whole game on SimCord and every message
each of them sees is read the way a player would read it.

- Players are named as the table knows them ("ben moved ..."), never by the engine's seat numbers.
- A member is pinged when the turn passes to them, not again on every click of their own turn: the turn's panel is
  edited in place as they go on, and a new one is posted (with the ping) when the turn passes.
- The private chooser says only its owner sees it, and once used it says what was picked instead of keeping buttons.
- The end names the winner by mention, places everyone with a VP breakdown, and does not repeat itself.
- A DM names the channel of its game and links to it; the rules pages read as paragraphs, not 120-column lines.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import discord

from bot.discord.panel import decision_view, turn_message
from bot.naming import name_seats, name_view
from bot.prose import unwrap
from bot.session import TurnUpdate
from bot.store import Seat, SessionRow
from engine import registry
from engine.core import Decision, Option, Result, SeatResult
from engine.core.rules_pages import rules
from tests.bot.helpers import (
    Policy,
    body_texts,
    click_option,
    field_of,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    message_text,
    messages_after,
    one_game,
    panel_version,
    panels,
    prompt_of,
    refusal,
    start_with_all,
    stored_state,
    title_of,
    turn_bodies,
)

SEED = 2026
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d\b")

simcord_bot, bot_seed = one_game("planes", SEED)


def _panel_pings(env: Any, channel: Any) -> list[tuple[str, str, list[str]]]:
    """(method, content, user ids it may ping) of every turn panel the bot posted (POST) or edited (PATCH) in the
    channel, in order."""
    return [(method, body_texts(body.get("components") or [])[-1],
             [str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])])
            for method, body in turn_bodies(env, channel)]


def _actor_id(content: str) -> str:
    return content[2:content.index(">")]


async def test_a_planes_game_reads_by_name_pings_once_per_turn_and_ends_clearly(simcord_env):
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ben = table.players[1]
    lobby_id = (await start_with_all(table, "planes")).id

    game = registry.get("planes")
    policy = Policy(game, SEED)
    choosers_used = 0
    seat_of = {s.user_id: s.seat for s in (await table.bot.store.get_session(1)).seats}
    dms = {p.id: len(messages_after(p.user.dm_channel, 0)) for p in table.players}
    hands = [list(h) for h in (await stored_state(table)).hands]  # type: ignore[attr-defined]
    assert all(dms.values()), "everyone gets their first hand by DM"
    while items(panel := latest_panel(table.channel)):
        state = await stored_state(table)
        (decision,) = game.pending(state)
        actor = mentioned_actor(table, panel)
        private = [i.custom_id for i in items(panel) if (i.custom_id or "").endswith(":s")]
        index = policy.choose(state, decision)
        if private and choosers_used < 3 and decision.options[index].id != "skip":
            # The private chooser, by hand: what it says, and what it leaves behind once used.
            shown = (await actor.click(panel, custom_id=private[0])).response
            assert shown.ephemeral and "Only you can see this message" in prompt_of(shown.message)
            assert prompt_of(shown.message).startswith(decision.prompt)
            await click_option(actor, shown.message, index)
            used = next(m for m in messages_after(table.channel, 0, viewer=actor.id) if m.id == shown.message.id)
            assert prompt_of(used) == f"You chose: {decision.options[index].label}.", "it says what was picked"
            assert not items(used), "and offers no buttons that could only answer 'out of date'"
            choosers_used += 1
        else:
            await click_option(actor, panel, index)
        # A DM notifies every time: one when a member's cards changed since their last one, none when only the
        # board moved, and none on each step of their own turn (one when it ends), unless they alone learn something.
        after = await stored_state(table)
        now = after.hands  # type: ignore[attr-defined]
        going_on = {d.seat for d in game.pending(after)} & {decision.seat}
        [last] = await table.bot.store.actions(1, last=1)
        for player in table.players:
            seat = seat_of[player.id]
            sent = len(messages_after(player.user.dm_channel, 0))
            learnt = any(e.get("private_to") == seat for e in last.events)
            expected = (now[seat] != hands[seat] and seat not in going_on) or learnt
            assert sent - dms[player.id] == int(expected), f"{player.user.name}: a DM expected: {expected}"
            dms[player.id] = sent
            if expected:
                hands[seat] = list(now[seat])
    assert choosers_used == 3

    # ---- names, not seat numbers, in everything the table sees (the lobby's seat picker aside)
    seen = [m for m in messages_after(table.channel, 0) if m.id != lobby_id]
    seen += [m for p in table.players for m in messages_after(table.channel, 0, viewer=p.id)]
    seen += [m for p in table.players for m in messages_after(p.user.dm_channel, 0)]
    for message in seen:
        assert not SEAT_NUMBER.search(message_text(message)), message_text(message)
    happened = "\n".join(field_of(p, "What just happened", "") for p in panels(table.channel))
    for name in ("ana", "ben", "cleo"):
        assert f"{name} moved " in happened and f"{name}'s turn." in happened

    # ---- one ping per turn: the member the turn passes to, and nobody while they go on with their own turn, on the
    # same message, edited: a new message only when the turn passes
    pings = _panel_pings(simcord_env, table.channel)
    playing = pings[:-1]  # the last one is the final scores
    assert playing[0][0] == "POST" and playing[0][2] == [_actor_id(playing[0][1])], "the first player is called"
    for (_, before, _), (method, content, users) in zip(playing, playing[1:], strict=False):
        changed = _actor_id(content) != _actor_id(before)
        assert users == ([_actor_id(content)] if changed else []), content
        assert method == ("POST" if changed else "PATCH"), content
    assert sum(1 for _, _, users in playing if users) < len(playing) / 3, "most clicks continue a turn, unpinged"
    assert pings[-1][0] == "POST" and pings[-1][1].startswith("Game over."), "the end is a message of its own"

    # ---- the end: winner by mention, places with a breakdown in VP, the headline said once, everyone told
    final = latest_panel(table.channel)
    result = game.result(await stored_state(table))
    assert result is not None and len(result.winners) == 1
    session = await table.bot.store.get_session(1)
    member = {s.seat: table.by_id(s.user_id) for s in session.seats}
    (winner,) = result.winners
    best = result.standings[0]
    assert result.ending.startswith("The boarding track reached 12 cubes"), "why it ended"
    assert prompt_of(final) == f"Game over. {result.ending} {member[winner].mention} wins with {best.score} VP."
    assert field_of(final, "Final scores").splitlines() == [
        f"{place} {member[s.seat].mention}: {s.score} ({s.detail})"
        for place, s in zip(("1st", "2nd", "3rd"), result.standings, strict=True)
    ]
    assert all(re.fullmatch(r"\d+ VP from \d+ goals? \+ \d+ VP from \d+ cubes? boarded", s.detail)
               for s in result.standings)
    assert "wins with" not in field_of(final, "What just happened", ""), "the headline is not repeated below"
    assert sorted(pings[-1][2]) == sorted(str(p.id) for p in table.players), "everyone hears how it ended"

    # ---- a DM says which game it is about and links to it
    dm = messages_after(ben.user.dm_channel, 0)[-1]
    assert title_of(dm) == "Planes in #games — your hand"
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}"
    assert dm.embeds[0].description.startswith(f"[Back to the game in #games]({link})")


async def test_rules_pages_read_as_paragraphs(simcord_env):
    table = make_table(simcord_env, ("ana",))
    shown = {}
    for topic in ("overview", "move", "typed moves"):
        reply = (await table.players[0].slash(table.channel, "game rules", game="planes", topic=topic)).response
        assert title_of(reply.message) == f"Planes — {topic}"
        shown[topic] = text = reply.message.embeds[0].description
        lines = text.splitlines()
        # A line that stops mid-sentence and goes on in lower case is a wrap of the source file, not a break.
        wrapped = [(a, b) for a, b in zip(lines, lines[1:], strict=False)
                   if a and b and a[-1] not in ".:;!?)" and b[0].islower()]
        assert not wrapped, wrapped
    assert "\n" in rules(registry.get("planes"))["overview"], "the source is wrapped at 120 columns"
    overview, more = shown["overview"].split("\n\n")
    assert "\n" not in overview, "one paragraph shows as one"
    assert more == ("More with `/game rules topic:` turn, move, boarding, blockages, end, cards, options, "
                    "typed moves, round trip, planes, new airports, scenarios, new cards, lobby options."), (
        "and the first page says what else there is")
    assert "\n- a colour after a space" in shown["typed moves"], "list items keep their own lines"


def test_unwrap_joins_paragraph_lines_and_keeps_lists_examples_and_code() -> None:
    source = ("One sentence wrapped\nover two lines.\n\nIntro:\n`a > b` example\n- item one\n  goes on\n"
              "- item two\nAfter the list.\n```\nkept\nas is\n```")
    assert unwrap(source) == ("One sentence wrapped over two lines.\n\nIntro:\n`a > b` example\n"
                              "- item one goes on\n- item two\nAfter the list.\n```\nkept\nas is\n```")


def test_seat_numbers_become_names_only_for_seats_at_the_table() -> None:
    names = {0: "ana", 1: "__ben__"}
    text = "Seat 1 boarded a red cube (+5 VP for Seat 2 at the end). Player 2 sells. Seat 3 is nobody."
    assert name_seats(text, names) == ("ana boarded a red cube (+5 VP for \\_\\_ben\\_\\_ at the end). "
                                       "\\_\\_ben\\_\\_ sells. Seat 3 is nobody.")
    assert name_seats("Seat 2's turn.", names, markdown=False) == "__ben__'s turn."
    view = {"seats": [{"seat": 0, "name": "Seat 1"}, {"seat": 1, "name": "Seat 2"}], "turn": 0}
    assert name_view(view, names) == {"seats": [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "__ben__"}],
                                      "turn": 0}
    assert view["seats"][0]["name"] == "Seat 1", "the engine's own view is left as it was"
    assert name_view({"seats": [{"seat": 0}]}, names) == {"seats": [{"seat": 0}]}, "no name: nothing to replace"


async def test_long_labels_are_cut_at_a_word() -> None:
    long = "Leave a grey cube at the space in front of the fine dining gate and keep going toward the planes"
    decision = Decision(seat=0, prompt="Pick", options=[Option(id="a", label=long), Option(id="b", label="Stop")])
    (button, stop) = (child.item for child in decision_view(1, 0, decision).children)  # type: ignore[attr-defined]
    assert button.label == "Leave a grey cube at the space in front of the fine dining gate and keep going…"
    assert len(button.label) <= 80 and stop.label == "Stop"


async def test_a_waiting_player_is_told_whom_the_game_waits_for(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    waiting = next(p for p in table.players if p is not actor)
    said = refusal(await waiting.click(panel, label="No action"))
    assert said == f"It is not your turn: the game is waiting for {actor.user.name}."


async def test_an_ai_turn_shows_as_one_panel_with_all_it_did(simcord_env):
    table = make_table(simcord_env, ("ana",))
    ana = table.players[0]
    await start_with_all(table, "planes", ai=1)
    game = registry.get("planes")
    policy = Policy(game, SEED)
    ai_turns = 0
    while ai_turns < 3 and items(panel := latest_panel(table.channel)):
        state = await stored_state(table)
        (decision,) = game.pending(state)
        before = len(panels(table.channel))
        await click_option(ana, panel, policy.choose(state, decision))
        if (await stored_state(table)).version == state.version + 1:
            continue  # ana goes on with her own turn: the AI has not played
        ai_turns += 1
        posted = panels(table.channel)[before:]
        # Ana's last click hands the turn to the AI: no panel that nobody could click, but one panel once the AI has
        # played its whole turn, headed by what ana's click did.
        assert [prompt_of(p).startswith(ana.mention) for p in posted] == [True], [prompt_of(p) for p in posted]
        happened = field_of(posted[-1], "What just happened")
        assert "AI 1 moved " in happened and "ana's turn." in happened
    assert ai_turns == 3


async def test_a_failed_note_on_the_private_choices_is_no_reason_to_apologise(simcord_env):
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    shown = (await actor.click(panel, label="Show my choices")).response.message
    simcord_env.inject_error("PATCH", "/webhooks/*/messages/@original")
    result = await actor.click(shown, label="No action")
    assert not simcord_env.backend.faults, "the note on the private choices did fail"
    assert (await stored_state(table)).version == 1, "the choice was played"
    assert not [m for m in result.followups if m.ephemeral], "and the player is not told something went wrong"
    assert panel_version(latest_panel(table.channel)) == 1, "the panel shows the move"


def test_a_shared_win_shares_first_place_and_names_both_winners() -> None:
    now = datetime.now(UTC)
    seats = [Seat(seat=0, user_id=11, name="ana"), Seat(seat=1, user_id=12, name="ben"),
             Seat(seat=2, user_id=None, name="AI 1", is_ai=True)]
    session = SessionRow(id=1, guild_id=5, channel_id=6, game="planes", host_id=11, status="finished", options={},
                         seed=1, seats=seats, version=9, created_at=now, updated_at=now)
    result = Result(standings=[SeatResult(seat=1, score=12, detail="2 VP from 1 goal + 10 VP from 2 cubes boarded"),
                               SeatResult(seat=0, score=12, detail="2 VP from 1 goal + 10 VP from 2 cubes boarded"),
                               SeatResult(seat=2, score=3)],
                    winners=[0, 1], summary="Seat 1 and Seat 2 share the win with 12 VP.",
                    ending="Every plane of one colour was full.")
    update = TurnUpdate(session=session, title="Planes", version=9, board_png=None, board_text="{}", decisions=[],
                        events=["ben moved a1 > G2.", "ana and ben share the win with 12 VP."], result=result)
    sent = turn_message(update)
    said = [c.content for c in sent["view"].walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert said[-1] == "Game over. Every plane of one colour was full. <@11> and <@12> share the win with 12 VP."
    fields = {t.split("\n", 1)[0].strip("*"): t.split("\n", 1)[1] for t in said if t.startswith("**")}
    assert fields["Final scores"].splitlines() == [
        "1st <@12>: 12 (2 VP from 1 goal + 10 VP from 2 cubes boarded)",
        "1st <@11>: 12 (2 VP from 1 goal + 10 VP from 2 cubes boarded)",
        "3rd **AI 1** (AI, Easy): 3",
    ]
    assert fields["What just happened"] == "ben moved a1 > G2.", "the headline is not repeated"
    assert sorted(u.id for u in sent["allowed_mentions"].users) == [11, 12], "both players hear how it ended"
