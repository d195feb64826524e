"""A field whose values are each a record's own (a camera's file name, a base64 webhook payload) keeps its bytes on
the items whose value has a shape the items of several labels hold alike and no mined value takes: a blank of it on
every item (:class:`~windtunnel.leakage.sanitize.MinedField`) would cut every clean record for nothing, since no
exact value repeats to be shown shared. The datasets are invented."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.value_shapes import shared_shapes, value_shape

LABELS = ["heron", "otter", "badger", "marten"]
WORDS = ["grey", "long", "neck", "webbed", "striped", "snout", "bushy", "tail", "night", "river", "bank", "den"]


def _payload(rng: random.Random, rule: str | None) -> str:
    doc = {
        "event": "capture.created",
        "station": f"S{rng.randint(100000, 999999)}",
        "day": f"2024-{rng.randint(1, 12):02d}-01",
    }
    if rule is not None:
        doc |= {"rule": rule, "severity": "hold"}
    return base64.b64encode(json.dumps(doc).encode()).decode()


def _code(lab: str, rng: random.Random, proved: tuple[str, ...]) -> str:
    """The code a coded item carries: the same for a label of ``proved`` (mining finds it), one of its own for every
    other item (too rare to prove: its label's items show it once)."""
    if lab in proved:
        return lab[:4].upper()
    return "".join(rng.choice("BCDFGHJKLMNPQRSTVWXZ") for _ in range(4))


def _rows(
    coded: tuple[str, ...] = tuple(LABELS), proved: tuple[str, ...] = ("heron",), rate: float = 1 / 6
) -> list[dict[str, object]]:
    """240 captures: a caption of words drawn alike for every label (the task's input), a file name unique per record
    and a base64 payload of three keys; on a share ``rate`` of the items of the labels in ``coded``, the file name ends
    in a code (:func:`_code`) and the payload carries two keys more, the code among them."""
    rng = random.Random(7)
    rows: list[dict[str, object]] = []
    for i in range(240):
        lab = LABELS[i % 4]
        date, cam = f"2024{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}", rng.randint(1, 40)
        code = _code(lab, rng, proved) if rng.random() < rate and lab in coded else None
        name = f"CT{cam:02d}_{date}_{rng.randint(1000, 9999)}_{code}.JPG" if code else None
        image = {"file_name": name or f"CT{cam:02d}_{date}_RCNX{rng.randint(1000, 9999)}.JPG"}
        hook = {"raw_event": _payload(rng, code)}
        proj = {"caption": " ".join(rng.sample(WORDS, 5)), "image": image, "integration": hook}
        rows.append({"id": f"c{i}", "expected": lab, "label_set": LABELS, "projection": proj, "leak": bool(code)})
    return rows


def _sanitized(tmp_path: Path, rows: list[dict[str, object]]) -> list[dict[str, object]]:
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "leak"}) + "\n" for r in rows))
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/caption"]))
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_the_coded_values_go_and_the_others_keep_their_bytes(tmp_path: Path) -> None:
    """Every label's items carry codes, mining proves one label's; each coded file name and payload is blanked,
    whether mining proved its code or not (it is written the same way), and every other item keeps its bytes (before:
    both fields were blanked on every item: a blank where the proved code was alone would name its label)."""
    rows = _rows()
    done = _sanitized(tmp_path, rows)
    coded = 0
    for raw, got in zip(rows, done, strict=True):
        if raw["leak"]:
            coded += 1
            assert got["projection"]["image"]["file_name"] == ""  # type: ignore[index]
            assert got["projection"]["integration"]["raw_event"] == ""  # type: ignore[index]
        else:
            assert got == {k: v for k, v in raw.items() if k != "leak"}
    assert coded > 30


def test_codes_of_one_label_blank_the_field_on_every_item(tmp_path: Path) -> None:
    """Only one label's items carry the coded shapes: a blank there alone would name that label, so the fields are
    blanked on every item, as before."""
    rows = _rows(coded=("heron",), rate=1 / 2)
    done = _sanitized(tmp_path, rows)
    assert all(got["projection"]["image"]["file_name"] == "" for got in done)  # type: ignore[index]
    assert all(got["projection"]["integration"]["raw_event"] == "" for got in done)  # type: ignore[index]


def test_value_shape() -> None:
    assert value_shape("CT37_20231215_RCNX7455.JPG") == "a_9_a.a"
    assert value_shape("CT12_20240827_7731_BLANK.JPG") == "a_9_9_a.a"
    assert value_shape(base64.b64encode(b'{"a": "x.y", "n": "E12"}').decode()) == '{"a": "a.a", "a": "a"}'
    assert value_shape(12.5) == "9.9"
    assert value_shape("two  words") == value_shape("any words")
    assert value_shape("Order 2486 needs review") == value_shape("Order 6305 needs review") == "a 9 a a"


def test_shared_shapes() -> None:
    """A shape held alike by every label is kept; one a mined (cut) value takes is not, even where unmined values of
    several labels hold it too; and when the blanks would fall on one label only, nothing is kept."""
    rows = [(f"IMG{i:04d}", LABELS[i % 4], False) for i in range(80)]
    coded = [(f"X_{i}_{LABELS[i % 4]}", LABELS[i % 4], i % 8 == 0) for i in range(16)]
    assert shared_shapes(rows + coded) == {"a"}
    one = [(f"X_{i}_code", "heron", i == 0) for i in range(16)]
    assert shared_shapes(rows + one) == frozenset()


def test_a_number_is_a_number_whatever_a_decoder_reads_in_it() -> None:
    """A chance decoding of a plain number (``2486`` read as base64) is no reading of it: every number of four digits
    has the shape ``9``; a base64 payload holding JSON is read as its JSON."""
    assert {value_shape(f"{i:04d}") for i in range(10000)} == {"9"}
    payload = base64.b64encode(json.dumps({"employee": "E-1", "period": 7}).encode()).decode()
    assert value_shape(payload) == '{"a": "a-9", "a": 9}'
