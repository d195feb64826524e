"""Regenerate ``agentdojo_records.json`` from the agentdojo wheel (MIT licence, see LICENSE-agentdojo).

    pip download agentdojo==0.1.35 --no-deps -d /tmp/wheels
    .venv/bin/python benchmarks/leak_data/extract_agentdojo.py /tmp/wheels/agentdojo-0.1.35-py3-none-any.whl

Reads the YAML environments the wheel ships (workspace e-mails, calendar events and cloud files;
travel hotels, restaurants, car rentals, flights and e-mails; Slack messages and web pages; bank
transactions) and writes each record as one JSON object, unchanged except that prompt-injection slots
(``{injection_name}``) become empty strings and dates become ISO strings.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

import yaml

_SLOT = re.compile(r"\{[a-z_0-9]+\}")
ROOT = "agentdojo/data/suites/"


class _Loader(yaml.SafeLoader):
    pass


_Loader.add_constructor("!include", lambda loader, node: {"include": loader.construct_scalar(node)})  # type: ignore[arg-type]


def _clean(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, str):
        return _SLOT.sub("", value)
    return value


def records(wheel: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    with zipfile.ZipFile(wheel) as zf:

        def load(name: str) -> Any:
            return _clean(yaml.load(zf.read(ROOT + name), Loader=_Loader))

        def add(source: str, kind: str, items: list[Any]) -> None:
            for i, rec in enumerate(items):
                if isinstance(rec, dict):
                    out.append({"source": f"{source}#{i}", "kind": kind, "record": rec})

        add("workspace/inbox", "email", load("workspace/include/inbox.yaml")["initial_emails"])
        add("workspace/calendar", "event", load("workspace/include/calendar.yaml")["initial_events"])
        add("workspace/cloud_drive", "file", load("workspace/include/cloud_drive.yaml")["initial_files"])
        travel = load("travel/environment.yaml")
        add("travel/inbox", "email", travel["inbox"]["initial_emails"])
        add("travel/hotels", "hotel", travel["hotels"]["hotel_list"])
        add("travel/restaurants", "restaurant", travel["restaurants"]["restaurant_list"])
        add("travel/car_rental", "car_rental", travel["car_rental"]["company_list"])
        add("travel/flights", "flight", travel["flights"]["flight_list"])
        add("travel/calendar", "event", travel["calendar"]["initial_events"])
        slack = load("slack/environment.yaml")
        msgs = [m for box in slack["slack"]["user_inbox"].values() for m in box]
        msgs += [m for box in slack["slack"]["channel_inbox"].values() for m in box]
        add("slack/messages", "chat", msgs)
        pages = [{"url": k, "content": v} for k, v in slack.get("web", {}).get("web_content", {}).items()]
        add("slack/web", "web", pages)
        bank = load("banking/environment.yaml")
        acct = bank["bank_account"]
        add("banking/transactions", "transaction", acct["transactions"] + acct.get("scheduled_transactions", []))
    return out


def main() -> None:
    wheel = Path(sys.argv[1])
    recs = [r for r in records(wheel) if any(isinstance(v, str) and len(v) > 3 for v in r["record"].values())]
    dest = Path(__file__).with_name("agentdojo_records.json")
    doc = {"source": wheel.name, "licence": "MIT (LICENSE-agentdojo)", "records": recs}
    dest.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(recs)} records -> {dest}")


if __name__ == "__main__":
    main()
