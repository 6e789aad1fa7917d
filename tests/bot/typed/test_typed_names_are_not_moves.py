"""A member's name is not a word of a move: members called "Red", "Take", "Hire" or "buy" type their moves as anyone
else does, and a name is read only where a label names a seat ("spy on Take"). The bot hands the engine the typed
line and the table's names (engine.core.typed), instead of turning every name found in the line into a seat."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from tests.bot.helpers import make_table, refusal, start_with_all, state_version

SEED = 11
NAMES = {
    # The colours of the cubes a Planes move leaves ("S4 red").
    "planes": ("Red", "Green", "Blue"),
    # The verbs of the Hire and Acquire steps, and an employee's name.
    "planecrafters": ("Hire", "Take", "Spy"),
    # The first move's verb and the words of the others.
    "flight-plan": ("buy", "fleet", "hub"),
    # The words of the plane each pilot takes first ("Take the green plane (G) at ATL").
    "now-boarding": ("Take", "the", "green"),
}


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({name: registry.get(name) for name in NAMES})


@pytest.fixture(autouse=True)
def _seeded_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.session.lobby._secrets.randbits", lambda _bits: SEED)


async def _suggested(actor: Any, table: Any, text: str) -> list[str]:
    return [c["value"] for c in await actor.autocomplete(table.channel, "game play", "text", text)]


async def _planes_line(actor: Any, table: Any, names: tuple[str, ...]) -> str:
    """A whole move built from the suggestions, leaving a cube of a colour some member is named after whenever the
    suggestions offer one."""
    line = (await _suggested(actor, table, ""))[0]
    while True:
        offered = await _suggested(actor, table, f"{line} > ")
        assert offered, f"no suggestion continues {line!r}"
        named = [o for o in offered if o.rsplit(" ", 1)[-1].lower() in {n.lower() for n in names}]
        ending = next((o for o in offered if o.endswith(" stop")), None)
        if named and line.count(">") < 3:
            line = named[0]
        elif ending is not None:
            return ending
        else:
            line = offered[0]


@pytest.mark.parametrize("game", list(NAMES))
async def test_members_named_after_the_words_of_moves_still_type_them(simcord_env: Any, game: str) -> None:
    names = NAMES[game]
    table = make_table(simcord_env, names)
    await start_with_all(table, game)
    played = 0
    for actor in table.players:
        first = await _suggested(actor, table, "")
        if not first:
            continue  # not this member's turn
        line = await _planes_line(actor, table, names) if game == "planes" else first[0]
        if game != "planes":
            assert any(w.lower() in line.lower().split() for w in names), f"{line!r} holds no member's name"
        version = await state_version(table)
        reply = refusal(await actor.slash(table.channel, "game play", text=line))
        assert reply.startswith("Done"), f"{actor.name} typing {line!r} was told {reply!r}"
        assert await state_version(table) > version
        played += 1
    assert played


async def test_a_name_is_read_where_a_label_names_the_seat(simcord_env: Any) -> None:
    # Planecrafters' Spy names its victim; here the victim is called "Take", a word of the Acquire step's labels.
    from tests.bot.words.test_names_in_choices import SpyReady

    table = make_table(simcord_env, NAMES["planecrafters"])
    table.bot.parts.sessions.games["planecrafters"] = SpyReady()
    await start_with_all(table, "planecrafters")
    hire = table.players[0]
    assert await _suggested(hire, table, "spy on ta") == ["Spy on Take's hand"]
    reply = refusal(await hire.slash(table.channel, "game play", text="spy on take"))
    assert reply.startswith("Done"), reply
