"""A recorded corpus of seeded games, to prove that engine speed work changes no outcome.

For each entry (game, players, seed, options, uniform or playout policy) the file keeps the choices the playout made
and, after every choice, a digest of everything a player or the store could observe: the stored state JSON, the
events, the open decisions (prompts, kinds, options and labels), the public view and the deciding seat's view. Every
few choices it also keeps a digest of a re-deal (`Game.redeal_hidden`) and at the end the result and the summary.

One file per game, in the game's own test folder (`tests/<package>/corpus.json`, the package its manifest names:
tests/flight_plan/corpus.json), plain JSON with a line per choice and per digest so that a diff
shows which game and which step changed. `python -m tests.engine.replay_corpus GAME…` rewrites those games' files
from the engines as they are (with no GAME, every game's); do that only when a change is meant to change that game's
play, and say so in the commit. Each file keeps the entries it was recorded from (game, players, seed, options,
policy); a game with no file yet is recorded from `default_entries`: each seat count with its default options.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine import registry
from engine.core import Decision, Game, GameState, IllegalAction, LoggedAction, apply, dump_state, new_game
from engine.core.ai.hooks import ai_for
from engine.core.ai.selfplay import playout
from engine.core.checks.conformance import legal_problems
from engine.core.manifest import ROOT
from engine.core.rng import Rng
from tests.support.tables import package

DIGEST_CHARS = 16
"""64 bits of sha256 per step: a collision by chance is out of reach, and it keeps the committed file small."""
REDEAL_EVERY = 25

ENTRY_KEYS = ("game", "players", "seed", "options", "uniform")


def default_entries(game: str) -> list[dict[str, Any]]:
    """A new game's first entries: every seat count it allows, its default options, the playout policy."""
    engine = registry.get(game)
    return [{"game": game, "players": p, "seed": p, "options": {}}
            for p in range(engine.info.min_players, engine.info.max_players + 1)]


def corpus_file(game: str) -> Path:
    return ROOT / "tests" / package(game) / "corpus.json"


def entries(game: str) -> list[dict[str, Any]]:
    """The entries of `game`'s file as recorded, else the defaults."""
    if corpus_file(game).exists():
        return [{k: r[k] for k in ENTRY_KEYS if k in r} for r in load(game)]
    return default_entries(game)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:DIGEST_CHARS]


def observe(game: Game, state: GameState, events: list[Any], again: LoggedAction | None) -> str:
    """The digest of one step: what the store writes and what any viewer is shown, and the answers to two choices
    that are usually illegal now (the last choice made again, an unknown choice, and another seat taking the
    first option)."""
    decisions = game.pending(state)
    seat_views = [_json(game.view(state, d.seat)) for d in decisions]
    answers = []
    if decisions:
        seat = decisions[0].seat
        tries = [again] if again else []
        tries += [LoggedAction(seat=seat, choice="nonsense"), LoggedAction(seat=(seat + 1) % state.players,
                                                                           choice=decisions[0].options[0].id)]
        answers = [_attempt(game, state, t) for t in tries]
    return _digest(dump_state(state), _json([e.model_dump() for e in events]),
                   _json([_decision(d) for d in decisions]), _json(game.view(state, None)), *seat_views, *answers)


def _decision(decision: Decision) -> dict[str, Any]:
    """A decision as recorded. `typed` came after the first recordings: left out while unset, so the games of every
    decision that takes no typed value keep the digests they were recorded with."""
    return decision.model_dump(exclude={"typed"} if decision.typed is None else None)


def _attempt(game: Game, state: GameState, action: LoggedAction) -> str:
    try:
        after, events = apply(game, state, action.seat, action.choice)
    except IllegalAction as exc:
        return f"refused: {exc.sentence}"
    return f"applied: {dump_state(after)} {_json([e.model_dump() for e in events])}"


def redeal_digest(game: Game, state: GameState, step: int) -> str:
    seat = step % state.players
    return _digest(dump_state(game.redeal_hidden(state, seat, Rng.seeded(step))))


def ending(game: Game, state: GameState) -> str:
    result = game.result(state)
    return _digest(_json(result.model_dump() if result else None), _json(ai_for(game).summary(state)))


def run(entry: dict[str, Any], actions: list[LoggedAction] | None = None) -> dict[str, Any]:
    """Play `entry` (by its recorded `actions`, or by the playout policy when None) and digest every step."""
    game = registry.get(entry["game"])
    if actions is None:
        actions = playout(game, entry["players"], entry["seed"], entry["options"],
                          uniform=entry.get("uniform", False)).actions
    state = new_game(game, entry["players"], entry["seed"], entry["options"])
    steps = [observe(game, state, [], None)]
    redeals = []
    for i, action in enumerate(actions, start=1):
        state, events = apply(game, state, action.seat, action.choice)
        steps.append(observe(game, state, events, action))
        # Not part of the digests: what a playout lists (`play.legal`) must be what `pending` shows, every step.
        differ = legal_problems(game, state)
        assert not differ, f"after choice {i}: {differ[0]}"
        if i % REDEAL_EVERY == 0:
            redeals.append(redeal_digest(game, state, i))
    return {**entry, "actions": [f"{a.seat} {a.choice}" for a in actions], "steps": steps, "redeals": redeals,
            "end": ending(game, state), "final": dump_state(state)}


def recorded_actions(record: dict[str, Any]) -> list[LoggedAction]:
    out = []
    for text in record["actions"]:
        seat, choice = text.split(" ", 1)
        out.append(LoggedAction(seat=int(seat), choice=choice))
    return out


def load(game: str | None = None) -> list[dict[str, Any]]:
    """The recorded games of `game` (None: of every game with a file, in the registry's order)."""
    games = [game] if game else [g for g in registry.names() if corpus_file(g).exists()]
    found: list[dict[str, Any]] = []
    for name in games:
        found += json.loads(corpus_file(name).read_text(encoding="utf-8"))["games"]
    return found


def record(games: list[str] | None = None) -> None:
    """Rewrite the files of `games` (None: every registered game's) from the engines as they are, each game alone:
    a rule change of one game must not re-record, and so hide, a change in another."""
    for game in games or registry.names():
        records = [{k: v for k, v in run(entry).items() if k != "final"} for entry in entries(game)]
        corpus_file(game).write_text(_lines({"games": records}), encoding="utf-8")
        print(f"{game}: {len(records)} games, {sum(len(r['actions']) for r in records)} choices -> "
              f"{corpus_file(game)}")


def _lines(value: Any) -> str:
    """JSON with a line per element of every list and per key of every object: the same corpus gives the same
    bytes, and a diff names the step that changed."""
    return json.dumps(value, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    import sys

    record(sys.argv[1:] or None)
