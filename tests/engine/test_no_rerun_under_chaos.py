"""#29 item 9: an HTTP agent answering 5xx had its whole turn re-run (3 attempts by default) under chaos and
contracts, so faults and side effects counted three times and a lucky retry could hide the failure.
Default now: no re-run of a turn under chaos or contracts; a configured retry is recorded as its own attempt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tests.clirun import wt
from tests.conftest import RecordingServer, json_reply


class FlakyOnce:
    """An HTTP agent whose first answer to each prompt is a 503 (a refund it half-did), then 200."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def __call__(self, method: str, path: str, headers: Any, body: bytes) -> tuple[int, dict[str, str], bytes]:
        if not body:  # the reachability probe
            return json_reply({"output": "up"})
        prompt = json.loads(body)["message"]
        self.seen[prompt] = self.seen.get(prompt, 0) + 1
        if self.seen[prompt] == 1:
            return json_reply({"error": "refund service hiccup"}, 503)
        return json_reply({"output": f"refunded: {prompt}"})


def contract_config(url: str, **agent: Any) -> dict[str, Any]:
    return {
        "version": "2.0",
        "agent": {"type": "http", "endpoint": url, "request_template": '{"message": "{prompt}"}', **agent},
        "golden_prompts": ["refund order 1", "refund order 2"],
        "contract": {
            "name": "refunds",
            "invariants": [{"id": "answers", "type": "output_not_empty", "severity": "high"}],
            "chaos_matrix": [{"name": "no-chaos"}],
        },
        "advanced": {"seed": 1, "isolation": "concurrent"},  # no state-detection calls
    }


def run_contract(tmp_path: Path, cfg: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "c.yaml"
    path.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    out = tmp_path / "r.json"
    code = wt("contract", "run", "-c", str(path), "-q", "--no-store", "-f", "json", "-o", str(out))
    return code, json.loads(out.read_text(encoding="utf-8"))


def test_a_contract_turn_is_not_re_run_by_default(tmp_path: Path) -> None:
    agent = FlakyOnce()
    with RecordingServer(agent) as srv:
        code, report = run_contract(tmp_path, contract_config(srv.url))
    assert agent.seen == {"refund order 1": 1, "refund order 2": 1}, "each refund was sent once"
    assert code == 1 and report["summary"]["passed"] is False
    assert {c["status"] for c in report["cells"]} == {"error"}
    assert all(c["attempts"] == 1 and "retried" not in c for c in report["cells"])


def test_a_configured_retry_is_recorded_as_its_own_attempt(tmp_path: Path) -> None:
    agent = FlakyOnce()
    with RecordingServer(agent) as srv:
        code, report = run_contract(tmp_path, contract_config(srv.url, retries=1))
    assert agent.seen == {"refund order 1": 2, "refund order 2": 2}
    assert code == 0
    for cell in report["cells"]:
        assert cell["attempts"] == 2
        (first,) = cell["retried"]
        assert first["attempt"] == 1 and "503" in first["error"] and first["error_kind"] == "http_5xx"
        assert first["faults"] == []


def test_a_plain_run_still_retries_a_5xx(tmp_path: Path) -> None:
    agent = FlakyOnce()
    cfg = contract_config("")
    del cfg["contract"]
    with RecordingServer(agent) as srv:
        cfg["agent"]["endpoint"] = srv.url
        cfg["invariants"] = [{"type": "output_not_empty"}]
        path = tmp_path / "r.yaml"
        path.write_text(yaml.safe_dump(cfg), encoding="utf-8")
        out = tmp_path / "r.json"
        code = wt("run", "-c", str(path), "-q", "--no-store", "-f", "json", "-o", str(out))
    report = json.loads(out.read_text(encoding="utf-8"))
    assert code == 0, report["summary"]
    golden = [c for c in report["cells"] if c["kind"] == "golden"]
    assert golden and all(c["attempts"] == 2 and len(c["retried"]) == 1 for c in golden)
