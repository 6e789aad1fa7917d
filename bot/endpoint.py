"""The health and metrics endpoint: `/healthz` (200 when the gateway is connected, the database answers and the
timers run; 503 with the reasons otherwise, as JSON) and `/metrics` (bot/metrics.py, in Prometheus's text format).

Off unless TARMAC_METRICS_ADDR names an address, and then bound to exactly that address: never all interfaces unless
the admin writes 0.0.0.0 themselves. It serves only these two read-only pages, no game data.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import metrics

Check = Callable[[], Awaitable[str | None]]
"""One health check: None when healthy, else the sentence saying what is wrong."""

DATABASE_WAIT = 5.0
"""Seconds the database has to answer a health check before it counts as not answering."""


class EndpointUnavailable(Exception):
    """The endpoint could not listen on its address; str() is the sentence that says so and what to do."""


def parse_address(text: str) -> tuple[str, int]:
    """"127.0.0.1:9464" or "[::1]:9464" -> (host, port). A bare port, a missing host or a name that is not an IP
    address is refused: the endpoint binds only an address the admin wrote out."""
    host, sep, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError("must be an IP address and a port, such as 127.0.0.1:9464")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise ValueError("must be an IP address and a port, such as 127.0.0.1:9464 (an address, not a name)") from None
    return host, int(port)


@dataclass
class Endpoint:
    host: str
    port: int
    checks: dict[str, Check]
    """name -> check, asked in this order on every /healthz."""
    refresh: Callable[[], Awaitable[None]] | None = None
    """Brings the gauges up to date before /metrics answers (the games by state, from the store)."""
    _runner: web.AppRunner | None = field(default=None, init=False)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError as exc:
            await self._runner.cleanup()
            self._runner = None
            raise EndpointUnavailable(
                f"The health and metrics endpoint could not listen on {self.host}:{self.port} ({exc.strerror}): "
                "choose a free port of this machine's own address in TARMAC_METRICS_ADDR (or leave it empty), then "
                "start again. No game was changed.") from None
        if self.port == 0:  # a free port chosen by the system (tests): read back which
            self.port = int(self._runner.addresses[0][1])

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def health(self) -> tuple[bool, dict[str, str]]:
        """Whether every check passed, and what each said ("ok" or its sentence)."""
        said: dict[str, str] = {}
        for name, check in self.checks.items():
            try:
                problem = await check()
            except Exception as exc:  # a check that breaks is itself a finding, never a 500
                problem = f"the check failed ({type(exc).__name__})"
            said[name] = problem or "ok"
        return all(v == "ok" for v in said.values()), said

    async def _healthz(self, _request: web.Request) -> web.Response:
        healthy, said = await self.health()
        body = {"status": "ok" if healthy else "unhealthy", "checks": said,
                "reasons": [f"{name}: {text}" for name, text in said.items() if text != "ok"]}
        return web.Response(status=200 if healthy else 503, text=json.dumps(body),
                            content_type="application/json")

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self.refresh is not None:
            try:
                await asyncio.wait_for(self.refresh(), DATABASE_WAIT)
            except Exception:  # the other metrics still answer; the health check says what is wrong
                metrics.ERRORS.labels(kind="metrics").inc()
        response = web.Response(body=generate_latest(metrics.REGISTRY))
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response
