"""The SQLite file's privacy and the store's refusal of damaged files, in process.

`python -m bot` on each bad file, as a real process, is tests/deploy/test_bad_database.py.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import SqliteStore, StoreUnavailable
from tests.store.conftest import new_active


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


@pytest.mark.parametrize("umask", [0o022, 0o000], indirect=True, ids=["umask 022", "umask 000"])
async def test_a_new_database_is_private_with_its_wal_and_shm_files(tmp_path: Path, umask: int) -> None:
    """Whatever the umask: SQLite gives -wal and -shm the database file's mode, so a 0600 file keeps all three
    private (checked while the store is open, when the -wal and -shm files exist)."""
    db = tmp_path / "var" / "tarmac.sqlite3"
    store = SqliteStore(db)
    await store.open()
    try:
        await new_active(store)
        wal, shm = db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")
        assert wal.exists() and shm.exists()
        assert {p.name: oct(mode(p)) for p in (db.parent, db, wal, shm)} == {
            "var": "0o700", "tarmac.sqlite3": "0o600", "tarmac.sqlite3-wal": "0o600", "tarmac.sqlite3-shm": "0o600"}
    finally:
        await store.close()


async def _made(db: Path) -> None:
    store = SqliteStore(db)
    await store.open()
    await store.close()


async def test_an_existing_database_others_can_read_gets_one_warning_and_is_not_changed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "tarmac.sqlite3"
    await _made(db)
    with caplog.at_level(logging.WARNING, logger="tarmac.store"):
        await _made(db)
    assert [r for r in caplog.records if r.name == "tarmac.store"] == [], "a private file opens without a word"

    db.chmod(0o644)
    store = SqliteStore(db)
    with caplog.at_level(logging.WARNING, logger="tarmac.store"):
        await store.open()
    try:
        warnings = [r.getMessage() for r in caplog.records if r.name == "tarmac.store"]
        assert len(warnings) == 1, warnings
        # The -wal and -shm files SQLite made on this open took the file's 0644, so they are named as well.
        assert f"{db} (mode 0644), {db}-wal (mode 0644), {db}-shm (mode 0644)" in warnings[0]
        assert f"run `chmod 600 {db} {db}-wal {db}-shm`" in warnings[0]
        assert mode(db) == 0o644, "an existing file's mode is the admin's to change"
    finally:
        await store.close()


async def test_a_database_cut_anywhere_is_refused_at_open_and_left_as_it_was(tmp_path: Path) -> None:
    """A copy cut short at any page, or inside one: found at open (the integrity check), never written to. Without
    the check some cuts open fine and fail later, in the middle of somebody's game."""
    real = tmp_path / "real.sqlite3"
    store = SqliteStore(real)
    await store.open()
    try:
        for channel in range(40):
            await new_active(store, channel_id=channel)
    finally:
        await store.close()
    whole = real.read_bytes()
    page = 4096
    cuts = sorted({c for k in range(1, len(whole) // page) for c in (k * page, k * page + 100)} | {len(whole) - 1})
    refused = 0
    for cut in cuts:
        db = tmp_path / f"cut-{cut}.sqlite3"
        db.write_bytes(whole[:cut])
        store = SqliteStore(db)
        try:
            await store.open()
        except StoreUnavailable as refusal:
            assert str(db) in str(refusal) and "is not a readable Tarmac database" in str(refusal), str(refusal)
        else:
            await store.close()
            pytest.fail(f"the copy cut at byte {cut} of {len(whole)} opened")
        assert db.read_bytes() == whole[:cut], f"the file cut at {cut} was written to"
        assert not db.with_name(db.name + "-wal").exists()
        refused += 1
    assert refused == len(cuts) > 20


async def test_a_database_in_a_folder_that_is_a_file_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    blocker = tmp_path / "var"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable, match=f"because {blocker} is a file, not a folder"):
        await SqliteStore(blocker / "deeper" / "tarmac.sqlite3").open()
    assert blocker.read_text() == "not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["var"]


async def test_a_folder_at_the_database_path_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "tarmac.sqlite3"
    folder.mkdir()
    with pytest.raises(StoreUnavailable, match="is a folder, not a file"):
        await SqliteStore(folder).open()
    assert list(folder.iterdir()) == []
    shutil.rmtree(folder)


async def test_a_damaged_page_in_the_middle_is_refused_at_open(tmp_path: Path) -> None:
    """The length is right but a page inside is garbage (a bad disk block): the integrity check at open finds it,
    where the first read of that page would otherwise fail in the middle of a game."""
    db = tmp_path / "tarmac.sqlite3"
    store = SqliteStore(db)
    await store.open()
    try:
        for channel in range(40):
            await new_active(store, channel_id=channel)
    finally:
        await store.close()
    data = bytearray(db.read_bytes())
    page = 4096
    data[5 * page: 6 * page] = bytes(range(256)) * (page // 256)
    db.write_bytes(bytes(data))
    store = SqliteStore(db)
    try:
        await store.open()
    except StoreUnavailable as refusal:
        assert "is not a readable Tarmac database" in str(refusal), str(refusal)
    else:
        await store.close()
        pytest.fail("a database with a garbage page opened")
    assert db.read_bytes() == bytes(data)
