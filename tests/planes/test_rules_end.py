"""How a game ends: only as the books say (the boarding track, a full colour, or in Round Trip a party all aboard),
never by a count of rounds unless the table picks the house rule, and never by one round without moves.

The books' endings all come from boarding, and no rule makes anyone board: a table that keeps choosing not to could
play for ever. The tests below show both halves of that: every airport always offers a move that boards nothing
(so stalling is always possible, and the round cap is offered as a house rule), and every gate can be reached from
every space (so a game can always still be ended by boarding: no position leaves nobody able to progress)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.ai.selfplay import playout
from engine.core.contract import IllegalAction
from engine.core.play import apply, new_game
from engine.planes.board import DATA_DIR, BoardFileError, dead_ends, load_airport_file
from engine.planes.game import GAME
from engine.planes.setup import ROUND_CAPS
from engine.planes.state import PlanesState
from engine.planes.terrain import airport_ids, load

BOOK_ENDS = {"track", "full colour", "all aboard"}


def _reachable_gates(airport_id: str, start: str) -> set[str]:
    board = load(airport_id)
    seen, todo = {start}, [start]
    while todo:
        for nxt in board.forwards[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                if nxt not in board.gate_ids:
                    todo.append(nxt)
    return seen & board.gate_ids


@pytest.mark.parametrize("airport_id", airport_ids())
def test_every_space_leads_on_to_a_space_and_reaches_every_gate(airport_id: str) -> None:
    board = load(airport_id)
    assert dead_ends(board) == []  # a move that boards nothing is always there: stalling is possible
    for space in board.plain_ids:
        assert _reachable_gates(airport_id, space) == board.gate_ids, space  # and boarding stays possible


def test_an_airport_file_with_a_space_that_leads_only_to_gates_is_refused(tmp_path: Path) -> None:
    source = (DATA_DIR / "zephyr.toml").read_text()
    broken = source.replace('next = ["P2", "G3"]', 'next = ["G3"]', 1)
    assert broken != source
    path = tmp_path / "zephyr.toml"
    path.write_text(broken)
    with pytest.raises(BoardFileError, match="B3 must each have an arrow to a space that is not a gate"):
        load_airport_file(path)


def _stall(state: PlanesState, rounds: int) -> PlanesState:
    """A table that never boards: no action, the first start space, stop at the first space, no goal."""
    for _ in range(rounds * state.players * 6):
        decisions = GAME.pending(state)
        if not decisions:
            break
        ids = [o.id for o in decisions[0].options]
        choice = next((i for i in ids if i in ("skip", "confirm") or i.startswith(("from:", "stop:"))), ids[0])
        new, _ = apply(GAME, state, decisions[0].seat, choice)
        assert isinstance(new, PlanesState)
        state = new
    return state


@pytest.mark.parametrize("airport_id", ["flying_cloud", "zephyr", "azure", "beacon"])
def test_a_table_that_never_boards_plays_on_past_any_number_of_rounds(airport_id: str) -> None:
    state = _stall(new_game(GAME, 2, 7, {"airport": airport_id}), 60)
    assert isinstance(state, PlanesState)
    assert state.turns >= 2 * 60 and state.phase != "over" and state.track == 0


def test_the_house_rule_cap_ends_that_table_after_the_rounds_the_host_chose() -> None:
    state = _stall(new_game(GAME, 3, 7, {"airport": "zephyr", "round_limit": "10"}), 60)
    assert state.phase == "over" and state.end_reason == "round limit" and state.turns == 30


def test_the_round_cap_is_a_house_rule_off_by_default() -> None:
    spec = next(s for s in GAME.option_specs if s.key == "round_limit")
    assert spec.default == "off" and "house rule" in spec.label.lower()
    assert [c.value for c in spec.choices] == ["off", *ROUND_CAPS]
    assert all("house rule" in c.label for c in spec.choices[1:])
    assert new_game(GAME, 2, 1, {}).round_limit == 0
    with pytest.raises(IllegalAction, match="not a possible value"):
        GAME.check_options(2, {"round_limit": "7"})


@pytest.mark.parametrize("seed", [39, 138, 177, 182, 229])
def test_the_seeded_frequent_flyer_games_that_hit_the_round_limit_now_end_by_the_book(seed: int) -> None:
    # Main ended each of these two-player games after 30 rounds with the boarding track at 11.
    state = playout(GAME, 2, seed, {"scenario": "frequent_flyer", "cards": "expansion"}).state
    assert state.end_reason in BOOK_ENDS and state.round_limit == 0


def test_a_round_in_which_nobody_moves_no_longer_ends_the_game() -> None:
    # Main ended this game "stuck" in its first round, track at 0: both seats played Crowd Control with no neutral
    # cube where their own cubes stood, so neither could move that turn; the next turn they could.
    state = playout(GAME, 2, 52, {"scenario": "frequent_flyer", "cards": "expansion"}).state
    assert state.end_reason in BOOK_ENDS and state.track >= 12 and state.turns > 2


def test_a_state_saved_before_the_change_still_loads() -> None:
    # Saved states carried idle_turns and moved and no round_limit: they load, with no cap.
    state = new_game(GAME, 2, 1, {})
    raw = state.model_dump()
    raw.pop("round_limit")
    raw.update({"idle_turns": 1, "moved": False})
    loaded = PlanesState.model_validate(raw)
    assert loaded.round_limit == 0 and GAME.pending(loaded)


def test_selfplay_takes_the_cap_as_an_option_and_prints_the_longest_game(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    assert main(["selfplay", "planes", "--games", "2", "--players", "2", "--seed", "3", "--uniform",
                 "--option", "round_limit=10"]) == 0
    out = capsys.readouterr().out
    assert "longest game: " in out and "most turns in a game: 20 (10 rounds, seed" in out
    assert "round limit 100.0% (2)" in out
