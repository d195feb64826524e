"""Mining over the canonical views: a rider hidden by an encoding is mined as if written plainly, both ways.

The code ``ZK7`` rides with one label only inside base64, an identifier, character references or JSON held in a
string (``encoded_rider_data``); written as it is, it is never a whole token, so only the views find it. Its twin
draws the code independently of the label: the same views, the same candidates, nothing mined.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from tests.leakage import encoded_rider_data as data
from tests.leakage.test_parallel import run_cli
from windtunnel.flows.leak import Fields, ScanRequest, scan_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.candidates import PROSE_WORDS, _tokens, candidates
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem

TOKEN = ("token", "", "zk7")
CODES = {c.casefold() for c in data.CODES.values()}

# Forms of one code in representations the generated dataset does not use, each with where it is written.
FORMS = {
    "base64url": base64.urlsafe_b64encode(b"~~~route=ZK7?").decode().rstrip("="),
    "hex": "726f7574653d5a4b37",
    "percent": "route%3A%20ZK7%20q",
    "quoted-printable": "route=3D=5A=4B7",
    "escapes": "route \\u005A\\u004B7 q",
    "camel": "autoRouteZk7",
    "dotted constant": "Queue.ROUTE_ZK7",
    "entities in markup": "<b>&#x5a;&#75;7</b>",
}


@pytest.mark.parametrize("form", FORMS)
def test_a_code_in_any_representation_is_the_candidate_of_the_code_written_plainly(form: str) -> None:
    text = FORMS[form]
    assert "zk7" not in {t for t, _a, _b in _tokens(text)}  # as written, no token is the code
    pointer, span, inner, view = candidates({"automation": text})[TOKEN]
    assert pointer == "/automation" and inner is None and view != "raw"
    assert span is None or 0 <= span[0] < span[1] <= len(text)  # characters of the string as written


def test_a_span_points_at_the_original_characters() -> None:
    pointer, span, _inner, view = candidates({"rule": "rule_ZK7_4821_inbound"})[TOKEN]
    assert (pointer, span, view) == ("/rule", (5, 8), "identifier")
    _p, span, _i, view = candidates({"rule": "ref &#90;&#x4B;&#55; #12"})[TOKEN]
    assert "ref &#90;&#x4B;&#55; #12"[span[0] : span[1]] == "&#90;&#x4B;&#55;" and view == "decoded:html"
    trace = base64.b64encode(b"route=ZK7").decode()
    _p, span, _i, _v = candidates({"trace": trace})[TOKEN]
    assert span == (0, len(trace))  # the whole value is the encoded run


def test_a_code_whose_letters_fold_longer_keeps_its_runs_inside_the_text() -> None:
    """A code's letter runs are read in its case-folded token; where folding lengthens a letter (``և`` folds to two),
    the runs' span is the token's, inside the text (a random code whose leet reading decodes as base64 to such a
    letter crashed mining)."""
    for value in ["32ZW4N4H", "4h\u0587x9"]:
        for key, (_pointer, span, _inner, _view) in candidates({"code": value}).items():
            assert span is None or 0 <= span[0] <= span[1] <= len(value), key
    assert candidates({"code": "4h\u0587x9"})[("token", "", "h\u0565\u0582x")][1] == (0, 5)  # was (1, 6)


def test_json_held_in_a_string_is_mined_as_structure_at_its_inner_pointer() -> None:
    held = json.dumps({"source": "crm", "received": "2025-03-12", "route": "ZK7", "seq": 12}, indent=1)
    cands = candidates({"ticket": {"raw_event": held}})
    assert cands[("value", "/ticket/raw_event/route", "ZK7")] == ("/ticket/raw_event", None, "/route", "raw")
    assert cands[TOKEN][:3] == ("/ticket/raw_event", None, "/route")
    # base64 of the same JSON: walked as structure too, pointing at the encoded run
    cands = candidates({"blob": base64.b64encode(held.encode()).decode()})
    assert ("value", "/blob/route", "ZK7") in cands and cands[TOKEN][0] == "/blob"


def test_base64_json_in_a_query_parameter_is_walked_at_the_parameters_characters() -> None:
    # a link whose `ctx` parameter is base64 of JSON holding the code: the URL gives segment pairs (the encoded run
    # glued to its neighbours, unique per record); its parameter's value is read as a value of its own, decoded,
    # and its JSON walked as structure
    ctx = base64.b64encode(json.dumps({"ref": "4471920", "route": "ZK7", "by": "auto"}).encode()).decode().rstrip("=")
    url = f"https://tms.example.test/exceptions/act?ref=4471920&ctx={ctx}"
    cands = candidates({"links": {"action": url}})
    pointer, span, _inner, view = cands[("value", "/links/action/route", "ZK7")]
    assert pointer == "/links/action" and view == "decoded:base64"
    assert span is not None and url[span[0] : span[1]] == ctx  # the encoded run as written
    assert cands[TOKEN][0] == "/links/action"
    # a plain link gives no more than its segments and short parameters nothing
    plain = candidates({"links": {"self": "https://tms.example.test/api/v2/shipments/4471920?page=2"}})
    assert {k[0] for k in plain} - {"key"} == {"url-segment", "value"}  # a key held at all: kind key


def test_prose_is_not_mined_written_or_decoded() -> None:
    prose = "The customer wrote back about ZK7 and asked us to call them again tomorrow morning."
    assert TOKEN not in candidates({"body": prose})
    assert TOKEN not in candidates({"body": base64.b64encode(prose.encode()).decode()})


def _items(records: list[dict[str, Any]]) -> list[LeakItem]:
    return [LeakItem.from_mapping(r) for r in records]


def test_a_code_riding_with_one_label_only_in_encoded_forms_is_mined_on_every_item() -> None:
    records = data.dataset()
    for r in records:  # written as it is, the code is no token of a string that is not prose: only the views find it
        held = r["projection"]["ticket"]["automation"]
        written = {t for t, _a, _b in _tokens(held)}
        assert data.CODES[r["expected"]].casefold() not in written or len(held.split()) > PROSE_WORDS
    result = mine(_items(records))
    found = {s.label: s for s in result.suggestions if s.kind == "token" and s.value in CODES}
    per_label = {label: sum(r["expected"] == label for r in records) for label in data.LABELS}
    for label, code in data.CODES.items():
        s = found[label]
        assert s.value == code.casefold() and s.purity == 1.0 and s.support == per_label[label] and s.q_value <= 0.01


@pytest.mark.parametrize("how", data.ENCODINGS)
def test_each_representation_alone_is_mined(how: str) -> None:
    result = mine(_items(data.dataset(how=how)))
    assert {s.label for s in result.suggestions if s.value.casefold() in CODES} == set(data.LABELS)


@pytest.mark.parametrize("seed", range(4))
def test_the_twin_with_the_code_spread_over_labels_yields_nothing(seed: int) -> None:
    # The same representations, views and candidates; the correction keeps their noise out (purity 0.3 would
    # let any of them through).
    result = mine(_items(data.dataset(seed=seed, signal=False)), min_purity=0.3)
    assert result.tested > 50 and result.suggestions == []


# ---------------------------------------------------------------- scan, sanitize, check and the blind agent


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("encoded")
    raw = data.write(root / "raw.jsonl", data.dataset())
    clean = root / "clean.jsonl"
    assert run_cli("leak", "sanitize", str(raw), "--mine", "-o", str(clean)) == 0
    noise = data.write(root / "noise.jsonl", data.dataset(signal=False))
    noise_out = root / "noise_out.jsonl"
    assert run_cli("leak", "sanitize", str(noise), "--mine", "-o", str(noise_out)) == 0
    return {"raw": raw, "clean": clean, "noise": noise, "noise_out": noise_out}


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_scan_mine_reports_the_encoded_riders_at_the_field_that_holds_them(files: dict[str, Path]) -> None:
    raw = scan_flow(ScanRequest(dataset=files["raw"], mine=True))
    assert raw.summary["leaked_items"] == 320 and raw.summary["mined"]["items_with_findings"] == 320
    noise = scan_flow(ScanRequest(dataset=files["noise"], mine=True))
    assert noise.passed and noise.summary["mined"]["suggestions"] == 0


def test_sanitize_mine_removes_every_encoded_rider_and_nothing_else(files: dict[str, Path]) -> None:
    raw, clean = _lines(files["raw"]), _lines(files["clean"])
    for a, b in zip(raw, clean, strict=True):
        ta, tb = a["projection"]["ticket"], b["projection"]["ticket"]
        assert {k: v for k, v in ta.items() if k != "automation"} == {k: v for k, v in tb.items() if k != "automation"}
        assert TOKEN not in candidates(b["projection"]) and not any(
            k[2].casefold() in CODES for k in candidates(b["projection"])
        )
    after = scan_flow(ScanRequest(dataset=files["clean"], mine=True))
    assert after.passed and after.summary["mined"]["suggestions"] == 0
    # The twin has nothing mined: every record comes out as it went in.
    assert _lines(files["noise_out"]) == _lines(files["noise"])


def test_check_mine_passes_the_sanitized_twin(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli("leak", "check", "--raw", str(files["raw"]), "--sanitized", str(files["clean"]), "--mine") == 0
    assert "raw: 320/320 leak; sanitized: 0/320 leak -> PASS" in capsys.readouterr().out


def test_the_blind_agent_reads_the_views_and_drops_to_chance_once_sanitized(files: dict[str, Path]) -> None:
    def blind(path: Path) -> dict[str, Any]:
        outcome = baseline_flow(BaselineRequest(simulate="blind", dataset=path))
        return {"status": outcome.status, **outcome.summary["baseline"]}

    raw = blind(files["raw"])
    assert raw["verdict"] == "leak" and raw["pass_rate"] > 0.9
    clean = blind(files["clean"])
    assert clean["verdict"] != "leak" and clean["pass_rate"] < clean["chance"] + 0.1
    assert blind(files["noise"])["verdict"] != "leak"


def test_the_mined_map_lets_the_scan_find_the_encoded_riders_without_mining(
    files: dict[str, Path], tmp_path: Path
) -> None:
    cmap = tmp_path / "map.json"
    assert run_cli("leak", "mine", str(files["raw"]), "-o", str(cmap)) == 0
    written = json.loads(cmap.read_text(encoding="utf-8"))
    assert {label: code.casefold() in written[label] for label, code in data.CODES.items()} == dict.fromkeys(
        data.LABELS, True
    )
    out = scan_flow(ScanRequest(dataset=files["raw"], fields=Fields(correlated_map=cmap), mine=False))
    assert out.summary["leaked_items"] == 320
