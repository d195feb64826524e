"""HTTP tool calls are named by their route, so a seam found at one account hits every account and holds no PII."""

from __future__ import annotations

import anyio
import httpx
import pytest
from chaos_servers import tool_service

from windtunnel.chaos import ChaosSpec
from windtunnel.chaos.plan import FaultPlan
from windtunnel.chaos.proxy import ToolProxy
from windtunnel.chaos.routes import route_name
from windtunnel.chaos.schedule import parse_schedule

ACCOUNTS = ["maria.garcia%40example.com", "10042", "550e8400-e29b-41d4-a716-446655440000", "ORD-10002"]


@pytest.mark.parametrize(
    ("url", "route"),
    [
        ("http://127.0.0.1:8100/accounts/maria.garcia%40example.com", "127.0.0.1/accounts/{}"),
        ("http://127.0.0.1:8100/accounts/ann@example.com?full=1", "127.0.0.1/accounts/{}"),
        ("http://api.example.com/v1/orders/10042/items/7", "api.example.com/v1/orders/{}/items/{}"),
        ("http://h/users/550e8400-e29b-41d4-a716-446655440000", "h/users/{}"),
        ("http://h/blobs/9f86d081884c7d65", "h/blobs/{}"),
        ("http://h/orders/ORD-10002/status", "h/orders/{}/status"),
        ("http://h/search/red%20shoes", "h/search/{}"),
        ("http://h/prices/12.50", "h/prices/{}"),
        ("http://h/v2.1/oauth2/s3/weather", "h/v2.1/oauth2/s3/weather"),
        ("http://h/kb", "h/kb"),
        ("http://h", "h"),
    ],
)
def test_route_name_generalises_values_and_keeps_names(url: str, route: str) -> None:
    assert route_name(url) == route


def _through_proxy(plan: FaultPlan, urls: list[str]) -> list[int]:
    async def main() -> list[int]:
        async with ToolProxy(lambda: plan) as proxy:  # noqa: SIM117 (proxy.url needed)
            async with httpx.AsyncClient(proxy=proxy.url, trust_env=False) as client:
                return [(await client.get(u)).status_code for u in urls]

    return anyio.run(main)


def test_a_schedule_found_at_one_account_hits_every_account() -> None:
    with tool_service() as (rec, tools_url):
        urls = [f"{tools_url}/accounts/{a}" for a in ACCOUNTS]
        calm = FaultPlan(ChaosSpec("calm", (), (), ()), seed=1, key="calm")
        assert _through_proxy(calm, urls) == [404] * 4  # the stub has no accounts; the calls went through
        names = {c["name"] for c in calm.calls}
        assert names == {"127.0.0.1/accounts/{}"}, "one seam for every account, no e-mail or id in its name"

        # the seam explore would propose, as a saved schedule names it
        seam = f"tool:{next(iter(names))}"
        schedule = parse_schedule({"faults": [{"seam": seam, "fault": {"mode": "error", "error_code": 503}}]})
        assert "maria" not in schedule.to_yaml() and "10042" not in schedule.to_yaml()
        before = len(rec.requests)
        plan = FaultPlan(schedule.to_spec(), seed=1, key="found")
        assert _through_proxy(plan, urls) == [503] * 4
        assert len(rec.requests) == before, "no faulted call reached the service"
        assert [f["name"] for f in plan.fired] == ["127.0.0.1/accounts/{}"] * 4


def test_a_tool_glob_written_for_one_url_still_hits_it() -> None:
    with tool_service() as (_, tools_url):
        seam = "tool:127.0.0.1/accounts/10042"
        schedule = parse_schedule({"faults": [{"seam": seam, "fault": {"mode": "error", "error_code": 503}}]})
        plan = FaultPlan(schedule.to_spec(), seed=1, key="one")
        got = _through_proxy(plan, [f"{tools_url}/accounts/10042", f"{tools_url}/accounts/10043"])
    assert got == [503, 404], "the account the glob names is faulted, the others are not"
