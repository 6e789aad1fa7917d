"""The health and metrics endpoint on SimCord: the bot started with TARMAC_METRICS_ADDR answers /healthz and /metrics,
and a move played moves the counters; without an address there is no endpoint, and with one it binds that address
alone."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import metrics
from bot.discord import TarmacBot, create_bot
from bot.endpoint import Endpoint, parse_address
from bot.store import SqliteStore
from tests.bot.conftest import GAMES
from tests.bot.helpers import click_option, latest_panel, make_table, mentioned_actor, start_with_all


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[TarmacBot]:
    bot = create_bot(SqliteStore(db_path), games=GAMES, metrics_addr="127.0.0.1:0")
    yield bot
    await bot.store.close()
    if bot.endpoint is not None:
        await bot.endpoint.stop()


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def sample(text: str, name: str, **labels: str) -> float:
    """One sample's value in Prometheus's text format."""
    wanted = name + ("{" + ",".join(f'{k}="{v}"' for k, v in sorted(labels.items())) + "}" if labels else "")
    for line in text.splitlines():
        if not line.startswith("#") and line.rsplit(" ", 1)[0] == wanted:
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no sample {wanted} in:\n{text}")


async def test_healthz_and_a_metrics_counter_that_a_move_moved(simcord_env: Any) -> None:
    table = make_table(simcord_env)
    bot = table.bot
    assert bot.endpoint is not None and bot.endpoint.host == "127.0.0.1" and bot.endpoint.port
    status, body = await get(bot.endpoint.url + "/healthz")
    assert status == 200, body
    assert '"status": "ok"' in body and '"database": "ok"' in body and '"timers": "ok"' in body

    def now(name: str, **labels: str) -> float:
        return metrics.REGISTRY.get_sample_value(name, labels) or 0.0

    moves, refused, planned = (now("tarmac_moves_applied_total", game="toy"), now("tarmac_dms_refused_total"),
                               now("tarmac_ai_plan_seconds_count", game="toy", level="normal"))
    bob = table.players[1]
    simcord_env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await start_with_all(table, ai=1)
    for _ in range(2):  # Alice, then Bob: the AI's turn comes next, and it plays at once
        panel = latest_panel(table.channel)
        await click_option(mentioned_actor(table, panel), panel, 0)

    status, text = await get(bot.endpoint.url + "/metrics")
    assert status == 200
    assert sample(text, "tarmac_moves_applied_total", game="toy") >= moves + 3, "two members' moves and the AI's"
    assert sample(text, "tarmac_dms_refused_total") == refused + 1, "Bob's DMs are closed: tried once"
    assert sample(text, "tarmac_ai_plan_seconds_count", game="toy", level="normal") >= planned + 1
    assert sample(text, "tarmac_games", game="toy", state="active") == 1
    assert sample(text, "tarmac_click_to_board_seconds_count", game="toy") >= 1
    assert "# TYPE tarmac_render_seconds histogram" in text  # the toy game draws no board: the real ones do
    assert "tarmac_discord_429_responses_total" in text and "tarmac_request_budget_waits_total" in text


async def test_healthz_says_503_and_why_when_the_database_does_not_answer(simcord_env: Any) -> None:
    table = make_table(simcord_env)
    bot = table.bot
    assert bot.endpoint is not None
    await bot.store.close()
    status, body = await get(bot.endpoint.url + "/healthz")
    assert status == 503
    assert '"status": "unhealthy"' in body and "database: the database does not answer" in body


async def test_there_is_no_endpoint_unless_an_address_is_given(tmp_path: Path) -> None:
    bot = create_bot(SqliteStore(tmp_path / "db.sqlite3"))
    assert bot.endpoint is None


@pytest.mark.parametrize("text", ["9464", ":9464", "localhost:9464", "127.0.0.1", "127.0.0.1:99999", ""])
def test_an_address_must_be_an_ip_and_a_port(text: str) -> None:
    with pytest.raises(ValueError, match="IP address and a port"):
        parse_address(text)


def test_the_setting_is_checked_with_its_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.config import ConfigError, load_settings

    monkeypatch.setenv("TARMAC_METRICS_ADDR", "9464")
    with pytest.raises(ConfigError, match="TARMAC_METRICS_ADDR: must be an IP address and a port"):
        load_settings(None, require_token=False)
    monkeypatch.delenv("TARMAC_METRICS_ADDR")
    assert load_settings(None, require_token=False).metrics_addr == "", "off by default"
    monkeypatch.setenv("TARMAC_METRICS_ADDR", " 127.0.0.1:9464 ")
    assert load_settings(None, require_token=False).metrics_addr == "127.0.0.1:9464"


async def test_it_binds_only_the_address_it_was_given() -> None:
    async def ok() -> str | None:
        return None

    endpoint = Endpoint("127.0.0.1", 0, {"always": ok})
    await endpoint.start()
    try:
        assert (await get(endpoint.url + "/healthz"))[0] == 200
        # Every 127.x address is this machine's loopback: one bound to all interfaces would answer on 127.0.0.2.
        probe = socket.socket()
        probe.settimeout(2)
        try:
            assert probe.connect_ex(("127.0.0.2", endpoint.port)) != 0, "nothing listens beside the given address"
        finally:
            probe.close()
    finally:
        await endpoint.stop()


async def test_a_429_from_discord_is_counted_through_the_http_trace() -> None:
    from aiohttp import web

    async def limited(_request: web.Request) -> web.Response:
        return web.Response(status=429, text="{}")

    app = web.Application()
    app.router.add_get("/api", limited)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    before = metrics.REGISTRY.get_sample_value("tarmac_discord_429_responses_total") or 0.0
    try:
        async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as session:
            async with session.get(f"http://127.0.0.1:{port}/api") as response:
                assert response.status == 429
            async with session.get(f"http://127.0.0.1:{port}/nothing") as response:
                assert response.status == 404
    finally:
        await runner.cleanup()
    assert metrics.REGISTRY.get_sample_value("tarmac_discord_429_responses_total") == before + 1


async def test_a_request_that_waits_for_the_budget_is_counted() -> None:
    from bot.discord.budget import RequestBudget

    now = [0.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    budget = RequestBudget(2.0, burst=1.0, clock=lambda: now[0], sleep=sleep)
    before = metrics.REGISTRY.get_sample_value("tarmac_request_budget_waits_total") or 0.0
    await budget.take()  # the one saved up
    assert metrics.REGISTRY.get_sample_value("tarmac_request_budget_waits_total") == before
    await budget.take()
    assert metrics.REGISTRY.get_sample_value("tarmac_request_budget_waits_total") == before + 1


def test_errors_our_code_logs_are_counted_by_kind() -> None:
    import logging

    metrics.count_errors()
    metrics.count_errors()  # once, however often asked
    before = metrics.REGISTRY.get_sample_value("tarmac_errors_total", {"kind": "service"}) or 0.0
    logging.getLogger("tarmac.service").error("a test error")
    logging.getLogger("tarmac.service").warning("not an error")
    assert metrics.REGISTRY.get_sample_value("tarmac_errors_total", {"kind": "service"}) == before + 1


async def test_an_address_in_use_stops_the_start_with_a_sentence() -> None:
    from bot.__main__ import _why_the_start_failed
    from bot.endpoint import EndpointUnavailable

    async def ok() -> str | None:
        return None

    first = Endpoint("127.0.0.1", 0, {"always": ok})
    await first.start()
    try:
        with pytest.raises(EndpointUnavailable) as found:
            await Endpoint("127.0.0.1", first.port, {"always": ok}).start()
    finally:
        await first.stop()
    sentence = _why_the_start_failed(found.value)
    assert sentence is not None and sentence.startswith(
        f"The health and metrics endpoint could not listen on 127.0.0.1:{first.port} (")
    assert "TARMAC_METRICS_ADDR" in sentence and "Could not reach Discord" not in sentence
