"""A database of today's schema (before results existed) holding finished games, opened by
this build on SQLite and PostgreSQL alike, gets the results of those games and the ratings openskill gives for them;
the games themselves are untouched and a game still running gets no result."""

from __future__ import annotations

from collections.abc import Callable

from openskill.models import PlackettLuce

from bot.session import Parts
from bot.store import Seat, SqliteStore, Store
from engine.core import apply, dump_state, new_game
from engine.core.ai.selfplay import playout
from engine.core.play import is_over
from tests.support.toy_game import ToyGame

TOY = ToyGame()
PL = PlackettLuce()


async def played(store: Store, channel_id: int, users: list[int | None], seed: int, *, moves: int | None = None
                 ) -> int:
    """A toy game recorded move by move as the bot records it, to its end (or only its first `moves`)."""
    seats = [Seat(seat=i, user_id=u, name=f"user{u}" if u else "AI 1", is_ai=u is None, level="" if u else "easy")
             for i, u in enumerate(users)]
    row = await store.create_session(guild_id=5, channel_id=channel_id, game="toy", host_id=users[0] or 0,
                                     options={"hand": "2"}, seats=seats)
    state = new_game(TOY, len(users), seed, {"hand": "2"})
    await store.start_session(row.id, seed=seed, seats=seats, state_json=dump_state(state), state_version=0,
                              expected_version=row.version)
    for action in playout(TOY, len(users), seed, {"hand": "2"}).actions[:moves]:
        new, events = apply(TOY, state, action.seat, action.choice)
        await store.record_move(row.id, expected_version=state.version, seat=action.seat, choice=action.choice,
                                events=[e.model_dump() for e in events], state_json=dump_state(new),
                                new_version=new.version)
        state = new
    if is_over(TOY, state):
        # Finished as the build of that schema finished a game: its record_move knew no final messages due.
        await store.set_status(row.id, "finished")
    return row.id


async def test_the_migration_builds_the_results_and_ratings_of_games_already_finished(
        new_store: Callable[[], Store]) -> None:
    old = new_store()
    old.through = 5 if isinstance(old, SqliteStore) else 3  # type: ignore[attr-defined]  # today's schema
    await old.open()
    first = await played(old, 10, [1, 2, 3], seed=1)
    second = await played(old, 11, [2, 3], seed=2)
    solo = await played(old, 12, [1, None], seed=3)  # one member against the AI: not rated by default
    running = await played(old, 13, [1, 2], seed=4, moves=1)
    before = [await old.get_session(s) for s in (first, second, solo, running)]
    await old.close()

    new = new_store()
    await new.open()
    await Parts(new, games={"toy": TOY}).resume()
    assert [await new.get_session(s) for s in (first, second, solo, running)] == before, "the games are untouched"
    results = await new.results()
    assert [(r.session_id, r.rated) for r in results] == [(first, True), (second, True), (solo, False)]
    for result in results:
        session = await new.get_session(result.session_id)
        assert result.finished_at == session.updated_at
        state_json, _version = await new.load_snapshot(result.session_id)
        engine_result = TOY.result(TOY.state_model.model_validate_json(state_json))
        assert {s.seat: s.score for s in result.seats} == {s.seat: s.score for s in engine_result.standings}
        assert {s.seat for s in result.seats if s.place == 1} == set(engine_result.winners)

    want = {u: PL.rating() for u in (1, 2, 3)}
    for result in results[:2]:
        seats = sorted(result.seats, key=lambda s: s.seat)
        new_ratings = PL.rate([[want[s.user_id]] for s in seats], ranks=[s.place for s in seats])
        want.update({s.user_id: r[0] for s, r in zip(seats, new_ratings, strict=True)})
    got = {r.player: r for r in await new.get_ratings([(5, "toy", "", f"member:{u}") for u in (1, 2, 3)])}
    for user in (1, 2, 3):
        assert (got[f"member:{user}"].mu, got[f"member:{user}"].sigma) == (want[user].mu, want[user].sigma)
    assert got["member:1"].games == 1 and got["member:2"].games == 2, "the game against the AI is not rated"
    assert [t.session_id for t in await new.rating_steps(5, "toy", "member:3", last=10)] == [first, second]

    again = new_store()  # a second start finds nothing left to do
    await again.open()
    await Parts(again, games={"toy": TOY}).resume()
    assert await again.results() == results
