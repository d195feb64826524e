"""What `leak scan -o` leaves behind, and datasets written by Windows tools (UTF-8 with BOM)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.leakage.test_parallel import run_cli, write_dataset
from windtunnel.leakage.dataset import iter_items
from windtunnel.leakage.parallel import iter_audits


def test_a_failed_scan_keeps_the_previous_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write_dataset(tmp_path / "good.jsonl", 60)
    report = tmp_path / "leaks.json"
    assert run_cli("leak", "scan", str(good), "-f", "json", "-o", str(report)) == 1
    before = report.read_bytes()
    bad = tmp_path / "bad.jsonl"
    lines = good.read_bytes().splitlines(keepends=True)
    bad.write_bytes(b"".join(lines[:40]) + b"{broken\n" + b"".join(lines[40:]))
    for jobs in ("1", "2"):
        assert run_cli("leak", "scan", str(bad), "-j", jobs, "-f", "json", "-o", str(report)) == 2
        err = capsys.readouterr().err
        assert "bad.jsonl:41: not valid JSON" in err and "fix or remove that line" in err
        assert report.read_bytes() == before  # the earlier report, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "good.jsonl", "leaks.json"]


def test_an_output_path_that_cannot_be_written_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_dataset(tmp_path / "d.jsonl", 5)
    (tmp_path / "adir").mkdir()
    assert run_cli("leak", "scan", str(data), "-o", str(tmp_path / "adir")) == 2
    assert "is a directory" in capsys.readouterr().err
    assert run_cli("leak", "scan", str(data), "-o", str(tmp_path / "nope" / "r.json")) == 2
    assert "no directory" in capsys.readouterr().err


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    plain = write_dataset(tmp_path / "plain.jsonl", 80)
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    assert [m.item for m in iter_items(bom)] == [m.item for m in iter_items(plain)]
    serial = list(iter_audits(plain, jobs=1))
    assert list(iter_audits(bom, jobs=2, chunk_bytes=2048)) == serial
    as_json = tmp_path / "bom.json"
    docs = [json.loads(x) for x in plain.read_text().split("\n") if x.strip()]
    as_json.write_bytes(b"\xef\xbb\xbf" + json.dumps(docs).encode())
    assert [m.item.id for m in iter_items(as_json)] == [m.item.id for m in iter_items(plain)]


@pytest.mark.parametrize("command", [["scan", "-j", "1"], ["scan", "-j", "2"], ["sanitize", "-o", "OUT"]])
def test_an_item_nested_too_deeply_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    depth = 1000  # orjson parses up to 1024 levels; Python's recursion limit is about 1000 frames
    deep = '{"id": "deep", "expected": "Low", "projection": ' + '{"a": ' * depth + '"x"' + "}" * depth + "}"
    data = tmp_path / "deep.jsonl"
    data.write_text('{"id": "ok", "expected": "Low", "projection": {"p": "x"}}\n' + deep + "\n")
    args = [str(tmp_path / "out.jsonl") if a == "OUT" else a for a in command]
    code = run_cli("leak", args[0], str(data), *args[1:])
    captured = capsys.readouterr()
    if command[0] == "sanitize":
        # One record that cannot be sanitized costs that record only: it is named, written unchanged and
        # counted as still leaking (exit 1); the rest of the file is written.
        assert code == 1
        assert "item deep: not sanitized (item 'deep' (line 2) is nested too deeply" in captured.err
        assert "1 not sanitized: deep" in captured.out
        assert (tmp_path / "out.jsonl").read_bytes() == data.read_bytes()
        return
    assert code == 2
    err = captured.err
    assert "item 'deep' (line 2) is nested too deeply" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["sanitize", "DATA", "-o", "DATA"],
        ["sanitize", "DATA", "-o", "OTHER", "--stats", "DATA"],
        ["sanitize", "DATA", "-o", "OTHER", "--stats", "OTHER"],
        ["scan", "DATA", "-f", "json", "-o", "DATA"],
        ["mine", "DATA", "-o", "DATA"],
        ["sanitize", "DATA", "-o", "LINK"],
    ],
)
def test_an_output_that_names_the_input_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    data = write_dataset(tmp_path / "data.jsonl", 20)
    (tmp_path / "link.jsonl").symlink_to(data)
    before = data.read_bytes()
    names = {"DATA": data, "OTHER": tmp_path / "other.jsonl", "LINK": tmp_path / "link.jsonl"}
    argv = [str(names.get(a, a)) for a in args]
    assert run_cli("leak", *argv) == 2
    err = capsys.readouterr().err
    assert "refusing to overwrite" in err or "name the same file" in err
    assert data.read_bytes() == before
    assert not (tmp_path / "other.jsonl").exists()


def test_a_dataset_can_come_through_a_pipe(tmp_path: Path) -> None:
    import os
    import threading

    plain = write_dataset(tmp_path / "plain.jsonl", 30)
    expected = [m.item for m in iter_items(plain)]
    for payload in (plain.read_bytes(), b"\xef\xbb\xbf" + plain.read_bytes()):
        read_fd, write_fd = os.pipe()

        def feed(data: bytes = payload, fd: int = write_fd) -> None:
            with os.fdopen(fd, "wb") as w:
                w.write(data)

        writer = threading.Thread(target=feed)
        writer.start()
        try:
            got = [m.item for m in iter_items(Path(f"/dev/fd/{read_fd}"))]
        finally:
            writer.join()
            os.close(read_fd)
        assert got == expected


def test_a_gzip_file_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gzip

    plain = write_dataset(tmp_path / "plain.jsonl", 5)
    packed = tmp_path / "data.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    assert run_cli("leak", "scan", str(packed)) == 2
    err = capsys.readouterr().err
    assert "looks gzip-compressed" in err and "zcat" in err


def test_partial_files_of_a_killed_run_are_removed_at_the_next_start(tmp_path: Path) -> None:
    """Issue 18: a killed `leak sanitize` (or scan -o) left `.NAME.*.partial` files behind for good."""
    import os
    import subprocess
    import sys

    data = write_dataset(tmp_path / "d.jsonl", 5, trailing_newline=True)
    out = tmp_path / "clean.jsonl"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".clean.jsonl.{dead.stdout.strip()}.k3j2h1.partial"  # its process has exited
    live = tmp_path / f".clean.jsonl.{os.getpid()}.a1b2c3.partial"  # a process that still runs
    unrelated = tmp_path / ".other.jsonl.1.x.partial"
    for f in (stale, live, unrelated):
        f.write_text("half a file")
    assert run_cli("leak", "sanitize", str(data), "-o", str(out)) in (0, 1)
    assert out.exists() and not stale.exists()
    assert live.exists() and unrelated.exists()
    assert not [p for p in tmp_path.glob(".clean.jsonl.*.partial") if p != live]


def test_reports_and_sanitized_data_get_a_new_files_mode(tmp_path: Path) -> None:
    """Written through a temporary file (mkstemp makes 0600), a report still gets the mode any new file
    gets under the umask, like the run reports, so a CI artefact is readable by whoever reads the others."""
    import os

    data = write_dataset(tmp_path / "data.jsonl", 20)
    report, clean = tmp_path / "leaks.json", tmp_path / "clean.jsonl"
    old = os.umask(0o022)
    try:
        assert run_cli("leak", "scan", str(data), "-f", "json", "-o", str(report)) == 1
        run_cli("leak", "sanitize", str(data), "-o", str(clean))
    finally:
        os.umask(old)
    assert report.stat().st_mode & 0o777 == 0o644
    assert clean.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("shape", ["array", "items", "one"])
def test_sanitize_of_a_json_dataset_keeps_its_container(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shape: str
) -> None:
    """QA-7 F7-22: `leak sanitize x.json` wrote JSON Lines; `leak check` of it then failed (exit 2)."""
    recs = [
        {"uid": "a", "gold": {"label": "High"}, "trace": {"body": "Priority: High", "sla": "P1"}},
        {"uid": "b", "gold": {"label": "Low"}, "trace": {"body": "login broken", "sla": "P3"}},
    ]
    doc: object = {"version": 2, "items": recs} if shape == "items" else recs if shape == "array" else recs[0]
    data, clean = tmp_path / "ds.json", tmp_path / "ds.clean.json"
    data.write_text(json.dumps(doc))
    fields = ["--expected-field", "gold.label", "--context-field", "trace", "--id-field", "uid"]
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean), *fields) == 0
    out = json.loads(clean.read_text())
    if shape == "items":
        assert list(out) == ["version", "items"] and out["version"] == 2
        out = out["items"]
    if shape == "one":
        assert isinstance(out, dict)
        out = [out]
    assert [r["trace"]["body"] for r in out] == ["", "login broken"][: len(out)]
    capsys.readouterr()
    assert run_cli("leak", "check", "--raw", str(data), "--sanitized", str(clean), *fields) in (0, 1)
    assert "not valid JSON" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("source", "target"), [("ds.json", "out.jsonl"), ("ds.jsonl", "out.json"), ("ds.json", "out.ndjson")]
)
def test_sanitize_writes_what_the_output_suffix_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, target: str
) -> None:
    """QA-8 F8-11: JSON in and `-o x.jsonl` wrote a JSON document (and JSONL in, `-o x.json`, JSON Lines),
    which the next `leak scan` / `leak check` could not read."""
    recs = [
        {"id": "a", "expected": "High", "projection": {"body": "Priority: High"}},
        {"id": "b", "expected": "Low", "projection": {"body": "login broken"}},
    ]
    data, clean = tmp_path / source, tmp_path / target
    if source.endswith(".jsonl"):
        data.write_text("".join(json.dumps(r) + "\n" for r in recs))
    else:
        data.write_text(json.dumps({"items": recs}))
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean)) == 0
    text = clean.read_text()
    if target.endswith(".json"):
        assert [r["id"] for r in json.loads(text)] == ["a", "b"]  # a JSONL dataset's records as an array
    else:
        assert [json.loads(line)["id"] for line in text.splitlines()] == ["a", "b"]
    capsys.readouterr()
    assert run_cli("leak", "check", "--raw", str(data), "--sanitized", str(clean)) in (0, 1)
    assert "not valid JSON" not in capsys.readouterr().err


def test_sanitize_blanks_on_every_item_a_field_it_would_blank_only_where_it_gives_the_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-7 F7-17: a correlated map covering one label would blank `sla` on its items only; the second pass
    blanks it on every item (the warning and exit 1 are for what is left: tests/leakage/test_leak_edit_watch.py)."""
    rows = [
        {"id": f"i{i}", "expected": lab, "label_set": ["Low", "Medium", "High"], "projection": {"sla": sla}}
        for i, (lab, sla) in enumerate([("High", "P1"), ("Medium", "P2"), ("Low", "P3"), ("High", "P1")])
    ]
    data, clean, cmap = tmp_path / "ds.jsonl", tmp_path / "ds.clean.jsonl", tmp_path / "map.json"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cmap.write_text(json.dumps({"High": ["P1"]}))
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean), "--correlated-map", str(cmap)) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "blanked on every item, so that an empty value tells nothing: /sla" in err
    assert "leak by elimination" not in err
    assert [json.loads(line)["projection"]["sla"] for line in clean.read_text().splitlines()] == [""] * 4
    # Blanked on every item that has it: no warning.
    cmap.write_text(json.dumps({"High": ["P1"], "Medium": ["P2"], "Low": ["P3"]}))
    clean.unlink()
    assert run_cli("leak", "sanitize", str(data), "-o", str(clean), "--correlated-map", str(cmap)) == 0
    assert "elimination" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("d.csv", b"id,expected,text\n1,High,hello\n", "d.csv is a CSV file: windtunnel reads JSON Lines"),
        ("d.tsv", b"id\texpected\n1\tHigh\n", "d.tsv is a TSV file"),
        ("u16.jsonl", '{"id": "a"}\n'.encode("utf-16"), "u16.jsonl is UTF-16 text: save it as UTF-8"),
        ("bin.jsonl", b"\x00\x9f\xfe\x81binary\xff\n", "bin.jsonl:1: not UTF-8 text"),
        ("latin.json", '[{"id": "é"}]'.encode("latin-1"), "latin.json: not UTF-8 text"),
        (
            "cut.jsonl",
            b'{"id": "a", "expected": "x", "projection": {}}\n{"id": "b", "projection": {"x":\n',
            "cut.jsonl:2: not valid JSON (the line ends inside its JSON at character 33 of the line: the line was cut "
            "short, or one record spans several lines)",
        ),
        (  # cut inside a string: the parser reads the line's own break as a control character in it (QA 21)
            "cut_str.jsonl",
            b'{"id": "a", "expected": "x", "projection": {}}\n{"id": "b", "projection": {"x": "ab\n',
            "cut_str.jsonl:2: not valid JSON (the line ends inside its JSON at character",
        ),
        ("pretty.jsonl", b'{\n  "id": "a"\n}\n', "pretty.jsonl:1: not valid JSON (the line ends inside its JSON"),
        ("cut.json", b'[{"id": "a", "expected": "x"},\n{"id', "cut.json: not valid JSON (the file ends"),
        ("extra.jsonl", b'{"id": "a"}}\n', "extra.jsonl:1: not valid JSON (unexpected content after document"),
    ],
)
def test_a_file_that_is_not_json_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes, says: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert run_cli("leak", "scan", str(path)) == 2
    err = capsys.readouterr().err
    assert says in " ".join(err.split())
    assert "line 2 column" not in err  # orjson's position inside the record is not repeated beside the file line


def test_a_multi_label_items_own_list_of_answers_is_cut_and_counted_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-10 minor 7: an item tagged with both its answers was left leaking (its tag list read as a listing of
    labels) and the elimination warning counted list members, not items ("keeps a value on 1 other" with one item)."""
    rows = [
        {
            "id": "a",
            "expected": ["ci", "eng"],
            "label_set": ["ci", "eng", "ops"],
            "projection": {"tags": ["ci", "eng"]},
        },
        {"id": "b", "expected": "ops", "label_set": ["ci", "eng", "ops"], "projection": {"tags": ["ops", "web"]}},
        {"id": "c", "expected": "ci", "label_set": ["ci", "eng", "ops"], "projection": {"tags": ["ci", "eng", "ops"]}},
    ]
    data, clean = tmp_path / "ds.jsonl", tmp_path / "ds.clean.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_cli("leak", "sanitize", str(data), "-o", str(clean))
    err = capsys.readouterr().err
    out = [json.loads(line)["projection"]["tags"] for line in clean.read_text().splitlines()]
    assert out[0] == ["", ""] and out[1] == ["", "web"]
    assert out[2] == ["ci", "eng", "ops"]  # a listing of every label: never one member blanked alone
    # Blanked on items of two labels (each where it held its own answers): an empty tag names no one label.
    # Counting items, not list members, is tested in test_leak_edit_watch.
    assert "elimination" not in err


def test_sanitize_of_a_windows_file_keeps_its_line_endings(tmp_path: Path) -> None:
    # QA-16: unchanged lines kept their CRLF, edited ones were written with LF: a file of both line endings
    rows = [
        {"id": "a", "expected": "High", "label_set": ["Low", "High"], "projection": {"priority": "High", "t": "x"}},
        {"id": "b", "expected": "Low", "label_set": ["Low", "High"], "projection": {"t": "nothing here"}},
    ]
    src = tmp_path / "win.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + b"".join(json.dumps(r).encode() + b"\r\n" for r in rows))
    out = tmp_path / "clean.jsonl"
    run_cli("leak", "sanitize", str(src), "-o", str(out), "--stats", str(tmp_path / "stats.jsonl"))
    lines = out.read_bytes().splitlines(keepends=True)
    assert len(lines) == 2 and all(line.endswith(b"\r\n") for line in lines), lines
    assert json.loads(lines[0])["projection"]["priority"] == ""  # the edited line
