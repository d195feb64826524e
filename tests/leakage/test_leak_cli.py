"""``windtunnel leak ...`` end to end through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import wt as run

from .corpus import clean_items, leaky_items

HERE = Path(__file__).parent


def schema() -> dict[str, Any]:
    vendored = HERE / "leak-report.schema.json"
    shared = Path(__file__).parents[2] / ".." / "shared" / "schemas" / "leak-report.schema.json"
    path = vendored if vendored.exists() else shared
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def raw_file(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "raw.jsonl", [it for name, it in leaky_items() if name != "key"])


@pytest.fixture
def clean_file(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "clean.jsonl", list(clean_items()))


def test_scan_json_report_validates_and_hides_values(raw_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert run("leak", "scan", str(raw_file), "--format", "json", "-o", str(out)) == 1
    report = json.loads(out.read_text())
    jsonschema.validate(report, schema())
    n = raw_file.read_bytes().count(b"\n")
    assert report["summary"]["items"] == n == report["summary"]["leaked_items"]
    assert all(item["leaked"] for item in report["items"])
    text = out.read_text()
    assert '"value":"sha256:' in text and "résiliation" not in text and "नकारात्मक" not in text


def test_scan_show_values(raw_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    run("leak", "scan", str(raw_file), "-f", "json", "-o", str(out), "--show-values")
    assert "résiliation" in out.read_text()


def test_scan_clean_exits_zero(clean_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("leak", "scan", str(clean_file)) == 0
    assert "0 leaked" in capsys.readouterr().out


def test_scan_table_and_sarif(raw_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("leak", "scan", str(raw_file), "--limit", "5") == 1
    assert "leaked" in capsys.readouterr().out
    out = tmp_path / "r.sarif"
    assert run("leak", "scan", str(raw_file), "-f", "sarif", "-o", str(out)) == 1
    sarif = json.loads(out.read_text())
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    rule_ids = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert results and {r["ruleId"] for r in results} <= rule_ids
    assert all(r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in results)


def test_sanitize_then_check(raw_file: Path, tmp_path: Path) -> None:
    out, stats = tmp_path / "s.jsonl", tmp_path / "stats.jsonl"
    assert run("leak", "sanitize", str(raw_file), "-o", str(out), "--stats", str(stats)) == 0
    rows = [json.loads(line) for line in stats.read_text().splitlines()]
    assert len(rows) == raw_file.read_bytes().count(b"\n")
    assert all(r["residual"] == 0 and r["chars_removed"] > 0 for r in rows)
    red = rows[0]["redactions"][0]
    assert set(red) == {"pointer", "channel", "rule", "operator", "representation", "chars_removed"}
    # every non-projection field is kept, keys and order included
    for a, b in zip(raw_file.read_text().splitlines(), out.read_text().splitlines(), strict=True):
        ra, rb = json.loads(a), json.loads(b)
        assert list(ra) == list(rb) and ra["expected"] == rb["expected"]
    assert run("leak", "check", "--raw", str(raw_file), "--sanitized", str(out)) == 0
    # the seed's CI assertion fails when raw does not leak everywhere, or sanitized leaks anywhere
    assert run("leak", "check", "--raw", str(out), "--sanitized", str(out)) == 1
    assert run("leak", "check", "--raw", str(raw_file), "--sanitized", str(raw_file)) == 1


def test_sanitize_exits_one_when_a_key_still_leaks(tmp_path: Path) -> None:
    src = write_jsonl(tmp_path / "k.jsonl", [{"id": "k", "expected": "High", "projection": {"f": {"High": 1}}}])
    assert run("leak", "sanitize", str(src), "-o", str(tmp_path / "o.jsonl")) == 1


def test_field_mapping_with_jsonpath(tmp_path: Path) -> None:
    rows = [
        {
            "uid": "a1",
            "gold": {"label": "High"},
            "trace": [{"tool": "get_ticket", "output": {"priority": "High"}}, {"tool": "noop", "output": {}}],
            "prompt": "Classify the ticket.",
        },
        {
            "uid": "a2",
            "gold": {"label": "Low"},
            "trace": [{"tool": "get_ticket", "output": {"summary": "typo"}}],
            "prompt": "Classify the ticket.",
        },
    ]
    src = write_jsonl(tmp_path / "m.jsonl", rows)
    out = tmp_path / "r.json"
    args = ["--expected-field", "gold.label", "--context-field", "$.trace[*].output", "--id-field", "uid"]
    assert run("leak", "scan", str(src), "-f", "json", "-o", str(out), *args) == 1
    report = json.loads(out.read_text())
    assert [(i["id"], i["leaked"]) for i in report["items"]] == [("a1", True), ("a2", False)]
    assert report["items"][0]["findings"][0]["pointer"] == "/0/priority"
    san = tmp_path / "s.jsonl"
    assert run("leak", "sanitize", str(src), "-o", str(san), *args) == 0
    first = json.loads(san.read_text().splitlines()[0])
    assert first["trace"][0]["output"] == {"priority": ""} and first["prompt"] == "Classify the ticket."


def test_json_array_input_and_correlated_map(tmp_path: Path) -> None:
    data = [
        {"id": str(i), "expected": lab, "projection": {"sla": sla, "summary": "s"}}
        for i, (lab, sla) in enumerate([("High", "P1")] * 6 + [("Low", "P4")] * 6)
    ]
    src = tmp_path / "d.json"
    src.write_text(json.dumps(data))
    cmap = tmp_path / "map.json"
    assert run("leak", "mine", str(src), "--min-support", "5", "-o", str(cmap)) == 0
    assert json.loads(cmap.read_text()) == {
        "High": [{"pointer": "/sla", "value": "P1"}],
        "Low": [{"pointer": "/sla", "value": "P4"}],
    }
    assert run("leak", "scan", str(src)) == 0
    assert run("leak", "scan", str(src), "--correlated-map", str(cmap)) == 1


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json\n", "not valid JSON"),
        ('{"id": 1, "projection": "x"}\n', "no expected answer"),
        ('{"id": 1, "expected": "x"}\n', "matched nothing"),
        ("", "no items"),
    ],
    ids=["bad-json", "no-expected", "no-projection", "empty"],
)
def test_bad_input_exits_two(tmp_path: Path, content: str, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text(content)
    assert run("leak", "scan", str(src)) == 2
    assert needle in capsys.readouterr().err


def test_missing_file_and_bad_format_exit_two(tmp_path: Path) -> None:
    assert run("leak", "scan", str(tmp_path / "nope.jsonl")) == 2
    src = write_jsonl(tmp_path / "x.jsonl", [{"expected": "a", "projection": "b"}])
    assert run("leak", "scan", str(src), "--format", "xml") == 2


def test_baseline_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_jsonl(tmp_path / "b.jsonl", [{"passed": p} for p in [True, True, False, True]])
    assert run("leak", "baseline", str(src), "--labels", "4") == 0
    assert "inconclusive" in capsys.readouterr().out
    many = write_jsonl(tmp_path / "m.jsonl", [{"passed": i % 4 != 0} for i in range(80)])
    assert run("leak", "baseline", str(many), "--labels", "4", "-f", "json") == 1
    out = json.loads(capsys.readouterr().out)
    assert out["baseline"]["verdict"] == "leak" and out["baseline"]["p_value"] < 1e-10
    assert run("leak", "baseline", str(src)) == 2  # no way to know chance


def test_baseline_paired_and_simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = write_jsonl(tmp_path / "raw.jsonl", [{"id": str(i), "passed": True} for i in range(30)])
    san = write_jsonl(tmp_path / "san.jsonl", [{"id": str(i), "passed": i % 3 == 0} for i in range(30)])
    assert run("leak", "baseline", str(san), "--chance", "0.25", "--paired", str(san), "-f", "json") == 0
    capsys.readouterr()
    run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(san), "-f", "json")
    out = json.loads(capsys.readouterr().out)
    assert out["paired"]["raw_only"] == 20 and out["paired"]["significant_drop"]
    ds = write_jsonl(
        tmp_path / "ds.jsonl",
        [{"id": str(i), "expected": "High" if i % 2 else "Low", "projection": ""} for i in range(40)],
    )
    assert run("leak", "baseline", "--simulate", "majority", "--dataset", str(ds), "-f", "json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["baseline"]["pass_rate"] == 0.5 and out["baseline"]["chance_model"] == "majority"


def test_a_simulated_agent_is_paired_over_the_raw_and_the_sanitized_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA-16: --simulate gave no per-item results, so its drop on the sanitized twin could not be tested item by item
    labels = ["Low", "Medium", "High"]
    rows = [
        {"id": f"t{i}", "expected": labels[i % 3], "label_set": labels, "projection": {"priority": labels[i % 3]}}
        for i in range(60)
    ]
    raw = write_jsonl(tmp_path / "raw.jsonl", rows)
    san = write_jsonl(tmp_path / "san.jsonl", [{**r, "projection": {"priority": ""}} for r in rows])
    assert run("leak", "baseline", "--simulate", "copy", "--dataset", str(raw), "--paired", str(san), "-f", "json") == 1
    out = json.loads(capsys.readouterr().out)
    assert out["paired"]["n"] == 60 and out["paired"]["paired_by"] == "id"
    assert out["paired"]["raw_only"] == 40 and out["paired"]["significant_drop"]  # copy passes 20 of 60 on the twin
    assert run("leak", "baseline", "--simulate", "copy", "--dataset", str(raw), "--paired", str(san)) == 1
    assert "-> significant drop" in capsys.readouterr().out
    other = write_jsonl(tmp_path / "other.jsonl", [{**r, "id": "x" + r["id"]} for r in rows])
    assert run("leak", "baseline", "--simulate", "copy", "--dataset", str(raw), "--paired", str(other)) == 2
    assert "different item ids" in capsys.readouterr().err


@pytest.mark.parametrize("strategy", ["majority", "prior"])
def test_simulating_on_a_one_label_dataset_says_so(
    strategy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-5: it said "chance rate must be in [0, 1), got 1.0" / "pass --chance P or --labels N"."""
    ds = write_jsonl(tmp_path / "ds.jsonl", [{"id": str(i), "expected": "High", "projection": ""} for i in range(9)])
    assert run("leak", "baseline", "--simulate", strategy, "--dataset", str(ds)) == 2
    err = capsys.readouterr().err
    assert "every item has the same label ('High')" in err and "cannot be tested" in err
    assert "two labels or more" in err and "--chance" not in err and "[0, 1)" not in err
    one = write_jsonl(tmp_path / "one.jsonl", [{"prediction": "High", "label": "High"} for _ in range(9)])
    assert run("leak", "baseline", str(one)) == 2
    assert "every item has the same label" in capsys.readouterr().err
    assert run("leak", "baseline", str(one), "--chance", "0.5") == 1  # a chance rate given is still tested


def test_an_answer_outside_its_label_set_exits_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-10 minor 6: a typo in the answer (or the label set) was audited as clean; it is a data error."""
    rows = [
        {"id": "ok", "expected": "high", "label_set": ["Low", "High"], "projection": {"p": "x"}},  # case is no typo
        {"id": "typo", "expected": "Hgh", "label_set": ["Low", "High"], "projection": {"p": "x"}},
    ]
    src = write_jsonl(tmp_path / "t.jsonl", rows)
    assert run("leak", "scan", str(src)) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "'typo'" in err and "'Hgh'" in err and "not in its label set" in err
    assert run("leak", "scan", str(write_jsonl(tmp_path / "ok.jsonl", rows[:1]))) == 0


def test_an_item_label_set_of_one_label_exits_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA-10 minor 6, second half: an item's own label set of one label is refused like ``--label-set x``."""
    rows = [
        {"id": "ok", "expected": "x", "label_set": ["x", "y"], "projection": {"p": "x"}},
        {"id": "one", "expected": "x", "label_set": ["x", "X "], "projection": {"p": "hi"}},
    ]
    assert run("leak", "scan", str(write_jsonl(tmp_path / "t.jsonl", rows))) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "'one'" in err and "one distinct label" in err


@pytest.mark.parametrize(
    "expected", [None, "", "   ", [], ["", " "]], ids=["null", "empty", "blank", "empty-list", "blank-list"]
)
def test_scan_item_without_answer_exits_two(tmp_path: Path, capsys: pytest.CaptureFixture[str], expected: Any) -> None:
    rows = [
        {"id": "ok", "expected": "Low", "projection": {"p": "High"}},
        {"id": "a", "expected": expected, "projection": {"p": "High"}},
    ]
    src = write_jsonl(tmp_path / "n.jsonl", rows)
    for fmt in ("table", "json"):
        assert run("leak", "scan", str(src), "-f", fmt) == 2
        err = capsys.readouterr().err
        assert "line 2" in err and "'a'" in err and "empty expected answer" in err
    assert run("leak", "sanitize", str(src), "-o", str(tmp_path / "s.jsonl")) == 2


@pytest.mark.parametrize("value", ["no", "yes", "0", "1", "", 0.0, 1.0, 2, -1, None, [], {}])
def test_baseline_rejects_non_boolean_passed(tmp_path: Path, capsys: pytest.CaptureFixture[str], value: Any) -> None:
    src = write_jsonl(tmp_path / "b.jsonl", [{"id": 1, "passed": True}, {"id": "x7", "passed": value}])
    assert run("leak", "baseline", str(src), "--labels", "4") == 2
    captured = capsys.readouterr()
    assert "line 2" in captured.err and "'x7'" in captured.err and "'passed' must be true or false" in captured.err
    assert repr(value) in captured.err or (value is None and "null" in captured.err)
    assert "pass rate" not in captured.out


def test_baseline_accepts_boolean_spellings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"passed": v} for v in (True, "TRUE", "true", 1, False, "False", 0, "false")]
    src = write_jsonl(tmp_path / "b.jsonl", rows)
    assert run("leak", "baseline", str(src), "--labels", "4", "-f", "json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["baseline"]["n"] == 8 and out["baseline"]["passes"] == 4
    # the same rule when 'passed' overrides a prediction
    src = write_jsonl(tmp_path / "p.jsonl", [{"prediction": "High", "label": "High", "passed": "nope"}])
    assert run("leak", "baseline", str(src)) == 2 and "line 1" in capsys.readouterr().err


def test_baseline_paired_needs_the_same_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = write_jsonl(tmp_path / "raw.jsonl", [{"id": f"r{i}", "passed": True} for i in range(40)])
    san = write_jsonl(tmp_path / "san.jsonl", [{"id": f"r{i}", "passed": False} for i in (0, 1, 2, 99)])
    assert run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(san)) == 2
    err = capsys.readouterr().err
    assert "37 ids ('r3', 'r4', 'r5', 'r6', 'r7', ... (+32)) only in" in err
    assert "1 id ('r99') only in" in err and "(3 in both)" in err and "--pair-by position" in err
    # explicit position pairing still needs equal lengths
    assert run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(san), "--pair-by", "position") == 2
    assert "differ in length: 40 raw vs 4 sanitized" in capsys.readouterr().err
    # positional pairing of equal-length files with different ids is allowed when asked for
    san40 = write_jsonl(tmp_path / "s40.jsonl", [{"id": f"s{i}", "passed": i % 2 == 0} for i in range(40)])
    assert run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(san40), "-f", "json") == 2
    capsys.readouterr()
    code = run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(san40), "--pair-by", "position",
               "-f", "json")  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["paired"]["paired_by"] == "position" and out["paired"]["raw_only"] == 20
    assert run("leak", "baseline", str(raw), "--paired", str(san40), "--pair-by", "name") == 2


def test_baseline_paired_rejects_duplicate_and_missing_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = write_jsonl(tmp_path / "raw.jsonl", [{"id": "a", "passed": True}, {"id": "b", "passed": True}])
    dup = write_jsonl(tmp_path / "dup.jsonl", [{"id": "a", "passed": True}, {"id": "a", "passed": False}])
    assert run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(dup)) == 2
    assert "duplicate id 'a' at lines 1 and 2" in capsys.readouterr().err
    noid = write_jsonl(tmp_path / "noid.jsonl", [{"id": "a", "passed": True}, {"passed": False}])
    assert run("leak", "baseline", str(raw), "--chance", "0.25", "--paired", str(noid), "--pair-by", "id") == 2
    assert "noid.jsonl:2: the result has no 'id'" in capsys.readouterr().err


def test_check_rejects_duplicate_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = write_jsonl(
        tmp_path / "raw.jsonl",
        [
            {"id": "t1", "expected": "High", "projection": {"priority": "High"}},
            {"id": "t2", "expected": "Low", "projection": {"priority": "Low"}},
            {"id": "t1", "expected": "High", "projection": {"note": "nothing here"}},
        ],
    )
    san = write_jsonl(
        tmp_path / "san.jsonl",
        [{"id": i, "expected": "High", "projection": {"priority": ""}} for i in ("t1", "t2")],
    )
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(san)) == 2
    captured = capsys.readouterr()
    assert "duplicate item id 't1' at lines 1 and 3" in captured.err and "raw.jsonl" in captured.err
    assert "raw:" not in captured.out
    assert run("leak", "check", "--raw", str(san), "--sanitized", str(raw)) == 2
    assert "duplicate item id 't1' at lines 1 and 3" in capsys.readouterr().err


KEY_ITEM = {
    "id": "k1",
    "expected": "critical",
    "correlated_values": ["P0"],
    "projection": {
        "fields": {
            "flags": {"Critical": True},
            "meta": {"CRITICAL": {"note": "queue P0"}},
            "raw": json.dumps({"tags": {"Critical": 1}}),
            "a/b": ["x"],
        }
    },
}


def _answer_free(text: str) -> bool:
    return "critical" not in text.lower()


def test_key_pointers_are_hashed_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from windtunnel.leakage.model import value_hash

    monkeypatch.setenv("COLUMNS", "250")  # table cells on one line

    src = write_jsonl(tmp_path / "k.jsonl", [KEY_ITEM])
    placeholder = value_hash("critical")
    out = tmp_path / "r.json"
    assert run("leak", "scan", str(src), "-f", "json", "-o", str(out)) == 1
    report = json.loads(out.read_text())
    jsonschema.validate(report, schema())
    assert _answer_free(out.read_text())
    findings = report["items"][0]["findings"]
    pointers = {f["pointer"] for f in findings}
    assert f"/fields/flags/{placeholder}" in pointers
    assert f"/fields/meta/{placeholder}/note" in pointers  # a value under the key: the key is hidden too
    inner = next(f for f in findings if f["representation"] == "json-in-string")
    assert inner["pointer"] == "/fields/raw" and inner["inner_pointer"] == f"/tags/{placeholder}"
    assert all(p.startswith("/") and "~" not in p for p in pointers)  # still RFC 6901 pointers
    key = next(f for f in findings if f["rule"] == "direct.key" and f["pointer"].startswith("/fields/flags"))
    assert key["span"] == [0, 8] and key["value"] == placeholder  # span indexes the original key

    sarif = tmp_path / "r.sarif"
    assert run("leak", "scan", str(src), "-f", "sarif", "-o", str(sarif)) == 1
    assert _answer_free(sarif.read_text())
    names = {r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] for r in json.loads(sarif.read_text())
             ["runs"][0]["results"]}  # fmt: skip
    assert f"k1/fields/flags/{placeholder}" in names

    capsys.readouterr()
    assert run("leak", "scan", str(src)) == 1
    table = capsys.readouterr().out
    assert _answer_free(table) and f"/fields/flags/{placeholder}" in table


def test_key_pointers_shown_with_show_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    src = write_jsonl(tmp_path / "k.jsonl", [KEY_ITEM])
    out = tmp_path / "r.json"
    assert run("leak", "scan", str(src), "-f", "json", "-o", str(out), "--show-values") == 1
    findings = json.loads(out.read_text())["items"][0]["findings"]
    pointers = {f["pointer"] for f in findings}
    assert {"/fields/flags/Critical", "/fields/meta/CRITICAL", "/fields/meta/CRITICAL/note"} <= pointers
    assert any(f.get("inner_pointer") == "/tags/Critical" for f in findings)
    sarif = tmp_path / "r.sarif"
    assert run("leak", "scan", str(src), "-f", "sarif", "-o", str(sarif), "--show-values") == 1
    assert "k1/fields/flags/Critical" in sarif.read_text()
    capsys.readouterr()
    assert run("leak", "scan", str(src), "--show-values") == 1
    assert "/fields/flags/Critical" in capsys.readouterr().out


def test_schema_leak_prints_the_shipped_leak_report_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # QA-14: `windtunnel schema` offered only the run report's; the leak report's lived in tests/ alone
    assert run("schema", "--leak") == 0
    shipped = json.loads(capsys.readouterr().out)
    assert shipped == schema()
    data = write_jsonl(tmp_path / "d.jsonl", [item for _name, item in leaky_items()][:20])
    assert run("leak", "scan", str(data), "-f", "json", "-o", str(tmp_path / "r.json")) == 1
    jsonschema.validate(json.loads((tmp_path / "r.json").read_text()), shipped)
    assert run("schema") == 0
    assert json.loads(capsys.readouterr().out)["title"] != shipped["title"]  # the run report's, by default
