"""Held-out benchmark of the leakage auditor: recall and false alarms on real records, per family.

    .venv/bin/python benchmarks/leak_heldout.py              # both splits, per-family table
    .venv/bin/python benchmarks/leak_heldout.py --split dev  # only the split rules may be tuned on
    .venv/bin/python benchmarks/leak_heldout.py --show-misses 5
    .venv/bin/python benchmarks/leak_heldout.py --learned    # with the learned decision on (audit_item(learned=True))

Records: the e-mails, calendar events, cloud files, hotels, restaurants, car rentals, flights, Slack
messages, web pages and bank transactions that the agentdojo wheel ships (MIT licence), extracted to
``leak_data/agentdojo_records.json`` by ``leak_data/extract_agentdojo.py``. Each record becomes the
output of a tool call in one representation (JSON, Markdown, HTML, Atlassian ADF, Notion blocks, Slack
blocks, JSON in a string) and an eval item with an answer drawn from one of four tasks (priority,
sentiment, department, a 1-5 rating).

* **Leaks**: one answer planted per item through one *family* (channel × representation ×
  obfuscation): a field, an option object, an upstream field, prose with a naming word, a key-value
  line, markup, a statement, a URL file name, base64 / URL-encoded / JSON-in-string content; plain, in
  another case, with homoglyphs, zero-width characters, fullwidth letters or HTML entities.
* **Clean controls**: the same records with *token traps* and no answer: the answer word in an
  unrelated sense (``high school``, ``the test came back negative``), options listings (``Reply with
  one of: High, Medium, Low``), near-miss numbers and words (``4.5``, ``Highway``), label words in URL
  hosts and longer path names.

**Splits by record**: a record's source id decides (by its hash) whether it is in ``dev`` or
``heldout``; every item built from it lands in that split. The phrasings of prose plants and traps are
split too (even-numbered templates in dev, odd-numbered in held-out), so the held-out split also
measures phrasings nobody tuned on. Recall (planted items reported as leaking) and false alarms
(controls reported as leaking) are printed per family for both splits, beside the reference
scanner's whole-token rule (any case-insensitive whole-token occurrence of the answer is a leak).

**Targets** (the table at the end; exit 1 when one is missed): on ``heldout`` and ``fresh``, recall
≥ 98 % and false alarms ≤ 1 % on at least 20 × 28 leaks, the reference rule below both; the sanitizer
clears every planted item keeping its schema; the default audit (with the scan's shortcuts) equals the
one that walks and searches everything on every item. The test suite checks the same on every tenth
record (``tests/leakage/test_leak_heldout.py``); the full benchmark is not a timed test.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import re
import urllib.parse
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "leak_data" / "agentdojo_records.json"


@dataclass(frozen=True)
class Task:
    name: str
    labels: tuple[str, ...]
    codes: tuple[str, ...]
    """A correlated value per label (an SLA code, an emoji ...), given to every item of the task."""


TASKS = (
    Task("priority", ("Low", "Medium", "High"), ("P3", "P2", "P1")),
    Task("sentiment", ("positive", "negative", "neutral"), ("s+", "s-", "s0")),
    Task("department", ("Sales", "Engineering", "Finance", "Legal"), ("Q-SAL", "Q-ENG", "Q-FIN", "Q-LEG")),
    Task("rating", ("1", "2", "3", "4", "5"), ("r1", "r2", "r3", "r4", "r5")),
)

# ---------------------------------------------------------------- records and representations


def load_records() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    return list(doc["records"])


def split_of(source: str) -> str:
    """``dev`` or ``heldout``, from the record's source id (stable, about half each)."""
    return "dev" if hashlib.sha256(source.encode()).digest()[0] % 2 == 0 else "heldout"


def main_key(rec: dict[str, Any]) -> str:
    """The record's longest text field: where prose plants and traps go."""
    best, size = "", -1
    for k, v in rec.items():
        text = " ".join(v) if isinstance(v, list) and all(isinstance(x, str) for x in v) else v
        if isinstance(text, str) and len(text) > size:
            best, size = k, len(text)
    return best


def main_text(rec: dict[str, Any], key: str) -> str:
    v = rec[key]
    return "\n\n".join(v) if isinstance(v, list) else str(v)


def _paras(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()] or [text]


def _adf(text: str) -> dict[str, Any]:
    return {
        "type": "doc",
        "version": 1,
        "content": [{"type": "paragraph", "content": [{"type": "text", "text": p}]} for p in _paras(text)],
    }


def _notion(text: str, plain: str | None = None) -> list[dict[str, Any]]:
    blocks = []
    plains = _paras(plain) if plain is not None else None
    for i, p in enumerate(_paras(text)):
        shown = plains[i] if plains is not None and i < len(plains) else p
        blocks.append(
            {
                "object": "block",
                "type": "paragraph",
                "paragraph": {"rich_text": [{"type": "text", "text": {"content": p}, "plain_text": shown}]},
            }
        )
    return blocks


def _slack(text: str) -> dict[str, Any]:
    return {
        "text": text,
        "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": p}} for p in _paras(text)],
    }


def _html(text: str) -> str:
    return "".join(f"<p>{p}</p>" for p in _paras(text))


REPS = ("json", "markdown", "html", "adf", "notion", "slack", "jsonstr")


def render(rep: str, kind: str, rec: dict[str, Any], key: str, text: str, plain: str | None = None) -> Any:
    """The tool output the model reads: the record with its main text in representation ``rep``."""
    out = dict(rec)
    if rep in ("json", "markdown"):
        out[key] = text
    elif rep == "html":
        out[key] = _html(text)
    elif rep == "adf":
        out[key] = text
        out[key + "Adf"] = _adf(text)
    elif rep == "notion":
        out.pop(key)
        out["children"] = _notion(text, plain)
    elif rep == "slack":
        out.pop(key)
        out["message"] = _slack(text)
    elif rep == "jsonstr":
        out[key] = text
        return {"tool": f"get_{kind}", "result": json.dumps(out, ensure_ascii=False)}
    return {"tool": f"get_{kind}", "output": out}


# ---------------------------------------------------------------- obfuscations

_HOMO = {
    "a": "а",
    "e": "е",
    "o": "о",
    "p": "р",
    "c": "с",
    "x": "х",
    "y": "у",
    "i": "і",
    "H": "Н",
    "L": "Ⅼ",
    "M": "М",
    "E": "Е",
    "S": "Ѕ",
    "T": "Т",
    "A": "А",
    "B": "В",
    "K": "К",
    "O": "О",
    "P": "Р",
    "C": "С",
}


def homoglyph(s: str) -> str:
    return "".join(_HOMO.get(ch, ch) for ch in s)


def zero_width(s: str) -> str:
    return s[0] + "\u200b" + s[1:] if len(s) > 1 else "\u200b" + s


def fullwidth(s: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in s)


def entities(s: str) -> str:
    return "".join(f"&#{ord(ch)};" if i % 2 == 0 else ch for i, ch in enumerate(s))


OBFUSCATE: dict[str, Callable[[str], str]] = {
    "plain": lambda s: s,
    "upper": str.upper,
    "homoglyph": homoglyph,
    "zero-width": zero_width,
    "fullwidth": fullwidth,
    "entity": entities,
}

# ---------------------------------------------------------------- plants (leaks)

# Phrasings of the prose channels; even-numbered ones are dev, odd-numbered held-out.
NAMING = (
    "We agreed this is {l} {t}.",
    "Dana set the {t} to {L} after the call.",
    "Looks like {L} {t} to me.",
    "Marking {t} {L} per the runbook.",
    "{T} was bumped to {L} this morning.",
    "Heads-up: {l} {t}, handle first.",
    "Per the review the {t} should be {L}.",
    "Consensus on {t} is {L}, no objections.",
    "Updated the {t} field: now {L}.",
    "Reminder that {L} {t} items get a same-day reply.",
)
KEYVALUE = (
    "{T}: {L}",
    "{t} = {L}",
    "{T} -> {L}",
    "{TU}: {L}",
    "Final answer: {L}",
    "outcome={L}",
    "Triage result: {L}",
    "{T} => {L}",
)
STATEMENT = (
    "After the review this one is {L}.",
    "Honestly it's {L}, nothing more.",
    "It was marked as {L} yesterday.",
    "It should be {L} going forward.",
    "This counts as {L} in my book.",
    "Dana considered it {L} at first glance.",
    "We changed it to {L} after the escalation.",
    "It remains {L} until further notice.",
)
EMPHASIS = (
    "Went with **{L}** after the call.",
    "My pick: *{L}*, see thread.",
    "Settled on `{L}` for now.",
    "We chose __{L}__ in the end.",
    'The team went with "{L}" in the end.',
    "Went with <b>{L}</b> after the call.",
    "Decision is ~~Other~~ **{L}**.",
    "Flagging _{L}_ for the record.",
)


@dataclass
class Ctx:
    task: Task
    label: str
    code: str
    rng: random.Random
    parity: int
    """0 for dev, 1 for held-out: which half of the phrasings to draw from."""
    fresh: bool = False
    """The ``fresh`` split: draw from the phrasings no rule was tuned on (``FRESH_*``)."""

    def pick(self, pool: tuple[str, ...]) -> str:
        if self.fresh:
            return self.rng.choice(_fresh_pools()[pool])
        return self.rng.choice(pool[self.parity :: 2])

    def fill(self, template: str, obfuscate: Callable[[str], str] = lambda s: s) -> str:
        """``template`` with the label (as written ``{L}`` or lowercased ``{l}``, then obfuscated) and
        the task's name (``{t}``, ``{T}`` capitalised, ``{TU}`` upper case)."""
        lab = self.label
        t = self.task.name
        return template.format(L=obfuscate(lab), l=obfuscate(lab.lower()), t=t, T=t.capitalize(), TU=t.upper())


Plant = Callable[[Ctx, dict[str, Any], str], tuple[dict[str, Any], str, str | None]]
"""(ctx, record, main text) -> (record, main text, Notion plain_text or None)."""


def _append(text: str, sentence: str) -> str:
    return f"{text.rstrip()}\n\n{sentence}"


def _insert(text: str, sentence: str, rng: random.Random) -> str:
    """``sentence`` as its own paragraph at a random paragraph boundary."""
    paras = _paras(text)
    i = rng.randint(0, len(paras))
    return "\n\n".join([*paras[:i], sentence, *paras[i:]])


def _prose(pool: tuple[str, ...], obf: str = "plain") -> Plant:
    def plant(c: Ctx, rec: dict[str, Any], text: str) -> tuple[dict[str, Any], str, str | None]:
        return rec, _insert(text, c.fill(c.pick(pool), OBFUSCATE[obf]), c.rng), None

    return plant


def _field(make: Callable[[Ctx], tuple[str, Any]]) -> Plant:
    def plant(c: Ctx, rec: dict[str, Any], text: str) -> tuple[dict[str, Any], str, str | None]:
        k, v = make(c)
        return {**rec, k: v}, text, None

    return plant


def _notion_plain_only(c: Ctx, rec: dict[str, Any], text: str) -> tuple[dict[str, Any], str, str | None]:
    sentence = c.fill(c.pick(NAMING))
    return rec, _append(text, "See the triage note."), _append(text, sentence)


def _slug(s: str) -> str:
    return s.lower().replace(" ", "-")


def _b64_json(c: Ctx) -> tuple[str, Any]:
    payload = {"trace": f"req-{c.rng.randint(1000, 9999)}", c.task.name: c.label, "v": 2}
    return "debug", base64.b64encode(json.dumps(payload).encode()).decode()


def _urlencoded(c: Ctx) -> tuple[str, Any]:
    q = urllib.parse.urlencode({"view": "summary", c.task.name: c.label})
    return "permalink", "https://tracker.example.test/items?" + urllib.parse.quote(q)


def _kv_markup(style: str) -> Plant:
    def plant(c: Ctx, rec: dict[str, Any], text: str) -> tuple[dict[str, Any], str, str | None]:
        t = c.task.name.capitalize()
        line = {
            "md": f"**{t}:** {c.label}",
            "slack": f"*{t}:* {c.label}",
            "table": f"<table><tr><td>{t}</td><td>{c.label}</td></tr></table>",
        }[style]
        return rec, _insert(text, line, c.rng), None

    return plant


# Forms added with QA-7 (F7-13, F7-18, F7-19); even-numbered phrasings dev, odd-numbered held-out.
FIELD_CODE = ("{n} - {L}", "{L} (P{n})", "P{n}-{L}", "{L} [{n}]", "{n} – {L}", "{L} / sev{n}")
ISSUE_FORM = ("### {T}\n\n{L}", "{T}\n{L}", "## {T}\n\n{L}", "h3. {T}\n{L}", "**{T}**\n\n{L}", "#### {T}:\n{L}")
MARKS = ("- [x] ", "☑ ", "[X] ", "✅ ")
# The ``fresh`` split's phrasings of these forms, written before any run of them.
FRESH_FIELD_CODE = ("{L} - {n}", "({n}) {L}", "{L} · P{n}")
FRESH_ISSUE_FORM = ("# {T}\n{L}", "{TU}\n\n{L}", "### {T}\n\n_{L}_")
FRESH_MARKS = ("* [x] ", "☒ ")
UNMARKED = {"- [x] ": "- [ ] ", "☑ ": "☐ ", "[X] ": "[ ] ", "✅ ": "☐ ", "* [x] ": "* [ ] ", "☒ ": "☐ "}


def _field_code(c: Ctx) -> tuple[str, Any]:
    # With a numeric label set a bare number beside the label would be a range ("3 - 4"), a listing.
    n = c.rng.randint(1, 4)
    return c.task.name, c.pick(FIELD_CODE).format(n=f"S{n}" if c.label.isdigit() else n, L=c.label)


def _b64url_json(c: Ctx) -> tuple[str, Any]:
    payload = {"sub": "u" + "x" * c.rng.randint(0, 5), c.task.name: c.label}
    return "token", "eyJhbGciOiJub25lIn0." + base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")


def _checklist(c: Ctx, chosen: str | None) -> str:
    mark = c.pick(MARKS)
    return "\n".join((mark if lab == chosen else UNMARKED[mark]) + lab for lab in c.task.labels)


def _selected(c: Ctx, rec: dict[str, Any], text: str) -> tuple[dict[str, Any], str, str | None]:
    return rec, _insert(text, f"{c.task.name.capitalize()}:\n{_checklist(c, c.label)}", c.rng), None


# family name -> (representation, plant, kinds it applies to or None for all)
LEAK_FAMILIES: dict[str, tuple[str, Plant]] = {
    "direct/json/plain": ("json", _field(lambda c: (c.task.name, c.label))),
    "direct/json/upper": ("json", _field(lambda c: (c.task.name, c.label.upper()))),
    "option-object/json/plain": (
        "json",
        _field(
            lambda c: (
                c.task.name,
                {
                    "id": str(c.task.labels.index(c.label) + 1),
                    "name": c.label,
                    "iconUrl": f"https://cdn.example.test/{c.task.name}/{_slug(c.label)}.svg",
                },
            )
        ),
    ),
    "url-filename/json/plain": (
        "json",
        _field(lambda c: ("iconUrl", f"https://cdn.example.test/img/{c.task.name}/{_slug(c.label)}.png")),
    ),
    "upstream/json/plain": ("json", _field(lambda c: ("aiSuggestion", {"label": c.label, "score": 0.91}))),
    "upstream-path/json/plain": ("json", _field(lambda c: ("autoCategory", f"Inbox/{c.label}"))),
    "correlated/json/plain": ("json", _field(lambda c: ("queue", c.code))),
    "naming/json/plain": ("json", _prose(NAMING)),
    "naming/markdown/plain": ("markdown", _prose(NAMING)),
    "naming/html/entity": ("html", _prose(NAMING, "entity")),
    "naming/adf/plain": ("adf", _prose(NAMING)),
    "naming/notion/plain_text-only": ("notion", _notion_plain_only),
    "naming/slack/plain": ("slack", _prose(NAMING)),
    "naming/json/homoglyph": ("json", _prose(NAMING, "homoglyph")),
    "naming/json/zero-width": ("json", _prose(NAMING, "zero-width")),
    "naming/jsonstr/fullwidth": ("jsonstr", _prose(NAMING, "fullwidth")),
    "key-value/json/plain": ("json", _prose(KEYVALUE)),
    "key-value/markdown/emphasis": ("markdown", _kv_markup("md")),
    "key-value/slack/emphasis": ("slack", _kv_markup("slack")),
    "key-value/html/table": ("html", _kv_markup("table")),
    "key-value/adf/upper": ("adf", _prose(KEYVALUE, "upper")),
    "emphasis/markdown/plain": ("markdown", _prose(EMPHASIS)),
    "emphasis/slack/plain": ("slack", _prose(EMPHASIS)),
    "statement/json/plain": ("json", _prose(STATEMENT)),
    "statement/notion/plain": ("notion", _prose(STATEMENT)),
    "decoded/json/base64-json": ("json", _field(_b64_json)),
    "decoded/json/url-encoded": ("json", _field(_urlencoded)),
    "embedded/jsonstr/plain": ("jsonstr", _field(lambda c: (c.task.name, c.label))),
    "decoded/json/base64url-unpadded": ("json", _field(_b64url_json)),
    "key-value/json/field-code": ("json", _field(_field_code)),
    "key-value/markdown/issue-form": ("markdown", _prose(ISSUE_FORM)),
    "selected/markdown/checklist": ("markdown", _selected),
}

# Phrasings written after the first held-out run and before any fix it prompted, used only by the
# ``fresh`` split (held-out records): no rule has been tuned on them.
FRESH_NAMING = (
    "Re {t}: {L}-ish, per Dana's note.",
    "The {t} here is clearly {l}.",
    "Customer asked for {l} {t} handling.",
    "Escalating because {t} came back {L}.",
    "Note to self - {t} {L}, do not reopen.",
    "{T} looks {l} given the impact.",
)
FRESH_KEYVALUE = (
    "{T} : {L}",
    "[{t}] {L}",
    "{t}:{L}",
    "Assigned {t}={L}; owner Dana",
    "{TU} = {L}",
    "Label: {L}",
)
FRESH_STATEMENT = (
    "Honestly this one is {L}.",
    "We ended up marking it {L}.",
    "It was rated {L} in the end.",
    "Dana says it's {L}.",
    "The ticket became {L} after the outage.",
    "Everyone agreed it should stay {L}.",
)
FRESH_EMPHASIS = (
    "Decision: went with ***{L}*** today.",
    "Ok so *{L}* it is.",
    "Answer is `{L}`.",
    "We'll go with <strong>{L}</strong> for now.",
    "Picked “{L}” after the standup.",
    "Tagging <em>{L}</em> here.",
)
FRESH_LISTING = (
    "Answer {or_} only.",
    "Valid labels: {all}",
    "Pick {two}, nothing else.",
    "Select one ({slash}).",
    "Use one of [{all}].",
    "The scale is {pipe}.",
)
FRESH_UNRELATED = {
    "Low": ("Fly low over the ridge.", "The river is low this summer.", "Speak in a low voice, the baby sleeps."),
    "Medium": ("A medium pizza feeds two.", "She is a gifted medium, they say.", "Print is a dying medium."),
    "High": ("We had a high time at the fair.", "The bar is set high this year.", "Hold your head high."),
    "positive": (
        "He tested positive for the flu.",
        "Positive reviews keep coming in.",
        "The net effect was positive overall.",
    ),
    "negative": (
        "Scan the old negative film.",
        "A negative answer came by mail.",
        "The cash flow turned negative in May.",
    ),
    "neutral": ("The tone of the letter felt neutral.", "Neutral colours sell better.", "Keep the gearbox in neutral."),
    "Sales": ("Sales doubled in spring.", "The sales team lunch is Friday.", "Sales pitches bore me."),
    "Engineering": (
        "Engineering a good API takes time.",
        "The engineering team hosts the demo.",
        "Over-engineering slowed us down.",
    ),
    "Finance": ("Finance approved the trip.", "She moved to finance last year.", "The finance report is late."),
    "Legal": ("Legal signed off on the NDA.", "Ask legal before you post.", "The legal team is on holiday."),
    "1": ("Door 1 leads to the garden.", "Only 1 slice left.", "We won 1 to nil."),
    "2": ("Pack 2 sweaters.", "Lane 2 is closed.", "Track 2 departs late."),
    "3": ("Wait for 3 beeps.", "Box 3 holds the cables.", "Round 3 starts soon."),
    "4": ("Bring 4 chairs.", "Locker 4 is jammed.", "Hole 4 is a par three."),
    "5": ("Bus 5 is late again.", "Add 5 grams of salt.", "Zone 5 needs a permit."),
}
FRESH_NEAR_MISS = {
    "Low": ("lowland", "allow", "Lowry"),
    "Medium": ("media", "mediums", "premium"),
    "High": ("Highlands", "highness", "highlighted"),
    "positive": ("positivist", "positiveness", "positron"),
    "negative": ("negatived", "negation", "negativism"),
    "neutral": ("neutralised", "neutrally", "neutron"),
    "Sales": ("salesman", "saleslady", "resales"),
    "Engineering": ("engineers", "engineered", "engine"),
    "Finance": ("financier", "finances", "refinance"),
    "Legal": ("legalize", "legality", "legals"),
}
FRESH_NUMBER_MISSES = ("#{n}{n}", "{n}.0.1", "{n}/10", "{n}x", "-{n}.5", "{n}k")

# ---------------------------------------------------------------- traps (clean controls)

UNRELATED = {
    "Low": (
        "The battery was low again this morning.",
        "Prices hit a new low last week.",
        "Keep a low profile until Friday.",
        "Turn the heat to low overnight.",
        "Morale is low after the reorg.",
        "We are running low on printer paper.",
    ),
    "Medium": (
        "Bake at medium heat for twenty minutes.",
        "A medium coffee and a croissant, please.",
        "The oil painting is mixed medium on canvas.",
        "Email is still her favourite medium.",
        "Order the steak medium rare.",
        "Use a medium brush for the trim.",
    ),
    "High": (
        "She teaches at the high school nearby.",
        "The tide was high at noon.",
        "Prices are high in June.",
        "He threw a high five after the demo.",
        "Expectations were high before launch.",
        "The shelf is too high to reach.",
    ),
    "positive": (
        "The test came back positive, stay home.",
        "Stay positive, the weekend is close.",
        "Connect the positive terminal first.",
        "Her blood type is B positive.",
        "I'm positive the keys are in the car.",
        "A positive balance carries over.",
    ),
    "negative": (
        "The test came back negative.",
        "Never divide by a negative number here.",
        "Develop the negative in the darkroom.",
        "The account went negative for a day.",
        "Negative space makes the logo work.",
        "The reading dipped to negative two degrees.",
    ),
    "neutral": (
        "Put the car in neutral before towing.",
        "Pick a neutral colour for the walls.",
        "Switzerland stayed neutral.",
        "Connect the neutral wire to the bus bar.",
        "Let's meet on neutral ground.",
        "A neutral background works for the photo.",
    ),
    "Sales": (
        "The summer sales start Monday.",
        "Sales tax is included.",
        "Garage sales are fun.",
        "Our sales of lemonade doubled.",
        "Check the sales receipt.",
        "Black Friday sales were wild.",
    ),
    "Engineering": (
        "She studied engineering in Delft.",
        "Social engineering is a real risk.",
        "The engineering behind the bridge is impressive.",
        "Reverse engineering is banned.",
        "Genetic engineering was the topic.",
        "Audio engineering is his hobby.",
    ),
    "Finance": (
        "He reads a personal finance blog.",
        "The finance minister spoke today.",
        "Car finance offers end soon.",
        "Finance the sofa over a year.",
        "Public finance was the course.",
        "Campaign finance rules changed.",
    ),
    "Legal": (
        "Bring a legal pad to the meeting.",
        "Is it legal to park here?",
        "The legal drinking age differs.",
        "Street parking is legal after six.",
        "Legal tender only, no cards.",
        "The move was perfectly legal.",
    ),
    "1": (
        "Meet at gate 1 at noon.",
        "Step 1: open the lid.",
        "Only 1 seat left on the train.",
        "Room 1 is booked.",
        "Page 1 has the summary.",
        "Platform 1 is closed.",
    ),
    "2": (
        "Take 2 tablets after dinner.",
        "Gate 2 is at the end.",
        "Floor 2 has the kitchen.",
        "Bring 2 forms of ID.",
        "Chapter 2 is short.",
        "Bus 2 runs hourly.",
    ),
    "3": (
        "Meet in room 3 after lunch.",
        "Bring 3 copies of the contract.",
        "Section 3 is new.",
        "Parking level 3 is open.",
        "Wait 3 minutes before retrying.",
        "Table 3 is reserved.",
    ),
    "4": (
        "The 4 of us went to dinner.",
        "Dock 4 handles returns.",
        "Line 4 is delayed.",
        "Row 4 has the best view.",
        "Apartment 4 has a leak.",
        "Version 4 ships soon.",
    ),
    "5": (
        "The bus leaves at 5 sharp.",
        "Gate 5 is boarding.",
        "Take exit 5 on the highway.",
        "We need 5 more chairs.",
        "Aisle 5 has the pasta.",
        "Level 5 is the rooftop.",
    ),
}
LISTING = (
    "Reply with one of: {all}.",
    "Classify as {or_}.",
    "Allowed values are {all}.",
    "Options: {pipe}",
    "Is it {two}? Answer in one word.",
    "Choose {slash} and explain briefly.",
)
NEAR_MISS_WORDS = {
    "Low": ("Lowell", "lower", "lowest", "Lowe's", "below"),
    "Medium": ("mediums", "intermediate", "Mediumship", "mediumsized"),
    "High": ("Highway", "highlight", "highest", "higher", "thigh"),
    "positive": ("positively", "positives", "positivity", "false-positives"),
    "negative": ("negatively", "negatives", "negativity"),
    "neutral": ("neutrality", "neutralize", "neutrals"),
    "Sales": ("Salesforce", "salesperson", "saleswoman"),
    "Engineering": ("engineer", "engineered", "reengineering"),
    "Finance": ("financed", "financial", "financing"),
    "Legal": ("legally", "illegal", "legalese", "paralegal"),
}
NUMBER_MISSES = ("{n}.5", "1{n}", "{n}0", "{n},000", "{n}th", "v{n}", "{n}.2.1", "0.{n}")


def _fresh_pools() -> dict[tuple[str, ...], tuple[str, ...]]:
    pools = {
        NAMING: FRESH_NAMING,
        KEYVALUE: FRESH_KEYVALUE,
        STATEMENT: FRESH_STATEMENT,
        EMPHASIS: FRESH_EMPHASIS,
        LISTING: FRESH_LISTING,
        NUMBER_MISSES: FRESH_NUMBER_MISSES,
        URL_TRAPS: FRESH_URL_TRAPS,
        FIELD_CODE: FRESH_FIELD_CODE,
        ISSUE_FORM: FRESH_ISSUE_FORM,
        MARKS: FRESH_MARKS,
    }
    pools.update({UNRELATED[k]: FRESH_UNRELATED[k] for k in UNRELATED})
    pools.update({NEAR_MISS_WORDS[k]: FRESH_NEAR_MISS[k] for k in NEAR_MISS_WORDS})
    return pools


URL_TRAPS = (
    "Docs: https://{s}-street.example.test/shop/index.html",
    "See https://blog.example.test/posts/{s}-availability-tips for context.",
    "Mirror at https://{s}.mirror.example.test/files/",
    "Background reading: https://wiki.example.test/{s}-level-design-notes",
)
FRESH_URL_TRAPS = (
    "Slides: https://{s}lands.example.test/deck",
    "Photo: https://img.example.test/gallery/{s}-tide-at-dusk.jpg",
    "Old link https://{s}.example.test/ is dead.",
)


def _trap_unrelated(c: Ctx) -> str:
    return c.pick(UNRELATED[c.label])


def _trap_listing(c: Ctx) -> str:
    labs = list(c.task.labels)
    others = [lab for lab in labs if lab != c.label]
    two = [c.label, c.rng.choice(others)]
    c.rng.shuffle(two)
    return c.pick(LISTING).format(
        all=", ".join(labs),
        or_=", ".join(labs[:-1]) + " or " + labs[-1],
        pipe=" | ".join(labs),
        two=" or ".join(two),
        slash="/".join(labs),
    )


def _trap_near_miss(c: Ctx) -> str:
    if c.label.isdigit():
        first, second = (c.pick(NUMBER_MISSES).format(n=c.label) for _ in range(2))
        return f"Ticket refs {first} and {second} were merged."
    word = c.pick(NEAR_MISS_WORDS[c.label])
    return f"Noted: {word} came up twice in the thread."


def _trap_url(c: Ctx) -> str:
    return c.pick(URL_TRAPS).format(s=_slug(c.label))


def _trap_unchecked(c: Ctx) -> str:
    return f"{c.task.name.capitalize()}:\n{_checklist(c, None)}"


TRAPS: dict[str, Callable[[Ctx], str]] = {
    "unchecked-list": _trap_unchecked,
    "unrelated-sense": _trap_unrelated,
    "options-listing": _trap_listing,
    "near-miss": _trap_near_miss,
    "url-host-or-long-path": _trap_url,
}
TRAP_REPS = ("json", "markdown", "html", "adf", "notion", "slack", "jsonstr")


# ---------------------------------------------------------------- items


@dataclass
class Case:
    split: str
    family: str
    leak: bool
    item: dict[str, Any]


def cases(seed: int = 17, *, every: int = 1) -> Iterator[Case]:
    """Every benchmark item: each record × each leak family, and each record × each control family.

    ``every``: only every N-th record (the suite's fast sample; the benchmark uses them all)."""
    for rec_i, entry in enumerate(load_records()):
        if rec_i % every:
            continue
        source, kind, rec = entry["source"], entry["kind"], entry["record"]
        key = main_key(rec)
        base_text = main_text(rec, key)
        split = split_of(source)
        # Held-out records also make the ``fresh`` split: other answers, phrasings nobody tuned on.
        for name in (split, "fresh") if split == "heldout" else (split,):
            salt = f"{seed}/{name}" if name == "fresh" else str(seed)
            for fam_i, (family, (rep, plant)) in enumerate(LEAK_FAMILIES.items()):
                rng = random.Random(f"{salt}/{source}/{family}")
                task = TASKS[(rec_i + fam_i + (name == "fresh")) % len(TASKS)]
                ctx = _ctx(task, rng, name, rec)
                rec2, text, plain = plant(ctx, rec, base_text)
                proj = render(rep, kind, rec2, key, text, plain)
                yield Case(name, family, True, _item(f"{source}|{family}", ctx, proj))
            for fam_i, (trap, make) in enumerate(TRAPS.items()):
                for rep_i, rep in enumerate(TRAP_REPS):
                    family = f"{trap}/{rep}"
                    rng = random.Random(f"{salt}/{source}/{family}")
                    task = TASKS[(rec_i + fam_i + rep_i + (name == "fresh")) % len(TASKS)]
                    ctx = _ctx(task, rng, name, rec)
                    text = _insert(base_text, make(ctx), rng)
                    proj = render(rep, kind, rec, key, text)
                    yield Case(name, family, False, _item(f"{source}|{family}", ctx, proj))


def _ctx(task: Task, rng: random.Random, split: str, rec: dict[str, Any]) -> Ctx:
    """The item's answer: a random label of the task that no field of the record already holds as its
    whole value (a hotel's ``"rating": 5.0`` or an e-mail's ``"id_": "4"`` would be a leak of its own,
    so a control built on it would not be clean)."""
    held = {_norm_value(v) for v in _scalars(rec)}
    free = [i for i, lab in enumerate(task.labels) if _norm_value(lab) not in held] or list(range(len(task.labels)))
    i = rng.choice(free)
    return Ctx(task, task.labels[i], task.codes[i], rng, 0 if split == "dev" else 1, fresh=split == "fresh")


def _scalars(node: Any) -> Iterator[Any]:
    if isinstance(node, dict):
        for v in node.values():
            yield from _scalars(v)
    elif isinstance(node, list):
        for v in node:
            yield from _scalars(v)
    else:
        yield node


def _norm_value(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip().casefold()


def _item(item_id: str, c: Ctx, projection: Any) -> dict[str, Any]:
    return {
        "id": item_id,
        "expected": c.label,
        "label_set": list(c.task.labels),
        "correlated_values": [c.code],
        "target": c.task.name,
        "projection": projection,
    }


# ---------------------------------------------------------------- the reference rule


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)
    elif node is not None:
        yield str(node)


def reference_leaks(item: dict[str, Any]) -> bool:
    """The reference scanner's rule: the answer (or a correlated value) as a whole token, any case."""
    hay = "\n".join(_strings(item["projection"])).casefold()
    for needle in [item["expected"], *item["correlated_values"]]:
        pat = r"(?<!\w)" + r"\s+".join(map(re.escape, needle.casefold().split())) + r"(?!\w)"
        if re.search(pat, hay):
            return True
    return False


# ---------------------------------------------------------------- running


@dataclass
class Tally:
    n: int = 0
    wt: int = 0
    ref: int = 0


def evaluate(
    split: str | None = None,
    show_misses: int = 0,
    *,
    every: int = 1,
    learned: bool | None = None,
    keep: list[Any] | None = None,
) -> dict[str, dict[tuple[str, bool], Tally]]:
    """Tallies per split and family. ``keep``: a list the audits are appended to, in the order of the cases
    audited (all of ``cases(every=every)`` when ``split`` is None), for :func:`shortcut_mismatches`."""
    from windtunnel.leakage import audit_item

    out: dict[str, dict[tuple[str, bool], Tally]] = defaultdict(lambda: defaultdict(Tally))
    misses: dict[str, int] = defaultdict(int)
    for case in cases(every=every):
        if split is not None and case.split != split:
            continue
        audit = audit_item(case.item, learned=learned)
        if keep is not None:
            keep.append(audit)
        t = out[case.split][(case.family, case.leak)]
        t.n += 1
        t.wt += audit.leaked
        t.ref += reference_leaks(case.item)
        wrong = audit.leaked != case.leak
        if wrong and show_misses and misses[case.family] < show_misses:
            misses[case.family] += 1
            what = "MISSED" if case.leak else "FALSE ALARM"
            found = [(f.pointer, f.rule, f.severity) for f in audit.findings]
            print(f"{what} [{case.split}] {case.family} {case.item['id']} expected={case.item['expected']!r}")
            print(f"    findings: {found}")
            print(f"    projection: {json.dumps(case.item['projection'], ensure_ascii=False)[:600]}")
    return out


def _pct(a: int, n: int) -> str:
    return f"{100 * a / n:5.1f}%" if n else "    -"


def summarize(results: dict[str, dict[tuple[str, bool], Tally]], *, show: bool = False) -> dict[str, dict[str, float]]:
    """Per split: recall, false alarms and the reference rule's; with ``show``, the per-family table."""
    summary: dict[str, dict[str, float]] = {}
    for split in ("dev", "heldout", "fresh"):
        fams = results.get(split)
        if not fams:
            continue
        _print = print if show else (lambda *_a, **_k: None)
        _print(f"\n== split {split} ==")
        _print(f"{'family':44} {'n':>5} {'windtunnel':>11} {'reference':>10}")
        for leak, title in ((True, "recall (leaks found)"), (False, "false alarms (controls flagged)")):
            _print(f"-- {title}")
            tot = Tally()
            for (family, is_leak), t in sorted(fams.items()):
                if is_leak != leak:
                    continue
                _print(f"{family:44} {t.n:5d} {_pct(t.wt, t.n):>11} {_pct(t.ref, t.n):>10}")
                tot.n += t.n
                tot.wt += t.wt
                tot.ref += t.ref
            _print(f"{'ALL':44} {tot.n:5d} {_pct(tot.wt, tot.n):>11} {_pct(tot.ref, tot.n):>10}")
            key = "recall" if leak else "false_alarms"
            summary.setdefault(split, {})[key] = tot.wt / tot.n if tot.n else 0.0
            summary[split]["ref_" + key] = tot.ref / tot.n if tot.n else 0.0
            summary[split]["n_leaks" if leak else "n_controls"] = tot.n
            summary[split]["found" if leak else "flagged"] = tot.wt
    return summary


def sanitizer_residual(*, every: int = 1, learned: bool | None = None) -> dict[str, int]:
    """Family → planted items the sanitizer leaves leaking or whose schema it changes (empty: none)."""
    from windtunnel.leakage.sanitize import sanitize_item, schema_digest

    residual: dict[str, int] = {}
    for case in cases(every=every):
        if not case.leak:
            continue
        res = sanitize_item(case.item, learned=learned)
        if not res.ok or schema_digest(res.item.projection) != schema_digest(case.item["projection"]):
            residual[case.family] = residual.get(case.family, 0) + 1
    return residual


def shortcut_mismatches(*, every: int = 1, learned: bool | None = None, defaults: list[Any] | None = None) -> list[str]:
    """Items whose default audit (the scan's shortcuts) differs from the one without them (empty: none).
    ``defaults``: the default audits of ``cases(every=every)`` already made (``evaluate``'s ``keep``)."""
    from windtunnel.leakage import audit_item

    sample = list(cases(every=every))
    if defaults is None:
        defaults = [audit_item(case.item, learned=learned) for case in sample]
    if len(defaults) != len(sample):
        raise ValueError(f"{len(defaults)} default audits for {len(sample)} cases")
    return [
        f"{case.split}/{case.family}"
        for case, default in zip(sample, defaults, strict=True)
        if default != audit_item(case.item, prefilter=False, learned=learned)
    ]


Target = tuple[str, str, str, bool]


def targets(
    summary: dict[str, dict[str, float]],
    *,
    every: int = 1,
    learned: bool | None = None,
    residual: dict[str, int] | None = None,
    differ: list[str] | None = None,
) -> list[Target]:
    """``(figure, measured, target, met)`` for each held-out split measured, the sanitizer and the shortcuts
    (``residual`` and ``differ``: :func:`sanitizer_residual`'s and :func:`shortcut_mismatches`'s answers when
    already computed)."""
    out: list[Target] = []
    for split in ("heldout", "fresh"):
        s = summary.get(split)
        if s is None:
            continue
        recall = f"{100 * s['recall']:.1f}% of {int(s['n_leaks'])} leaks (reference {100 * s['ref_recall']:.1f}%)"
        met = s["recall"] >= 0.98 and s["n_leaks"] >= 20 * 28 and s["ref_recall"] < s["recall"]
        out.append((f"leak_heldout {split} recall", recall, ">= 98% of >= 560 leaks, above the reference", met))
        alarms = f"{100 * s['false_alarms']:.1f}% of {int(s['n_controls'])} controls "
        alarms += f"(reference {100 * s['ref_false_alarms']:.1f}%)"
        met = s["false_alarms"] <= 0.01 and s["ref_false_alarms"] > 0.5 and s["n_controls"] >= s["n_leaks"]
        out.append((f"leak_heldout {split} false alarms", alarms, "<= 1%, the reference's > 50%", met))
    if residual is None:
        residual = sanitizer_residual(every=every, learned=learned)
    left = f"{sum(residual.values())} items {residual or ''}"
    out.append(("leak_heldout sanitizer residual", left, "0", not residual))
    if differ is None:
        differ = shortcut_mismatches(every=every, learned=learned)
    out.append(("leak_heldout audit shortcuts", f"{len(differ)} items differ {differ[:5] or ''}", "0", not differ))
    return out


def main() -> list[Target]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", choices=("dev", "heldout", "fresh"), default=None, help="only this split")
    ap.add_argument("--show-misses", type=int, default=0, help="print up to N misses / false alarms per family")
    ap.add_argument(
        "--learned",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="audit with the learned decision over whole-token hits on / off (default: the product's)",
    )
    args = ap.parse_args()
    results = evaluate(args.split, args.show_misses, learned=args.learned)
    summary = summarize(results, show=True)
    print()
    for split, s in summary.items():
        print(
            f"{split}: recall {100 * s['recall']:.1f}% ({int(s['found'])}/{int(s['n_leaks'])} leaks), false alarms "
            f"{100 * s['false_alarms']:.1f}% ({int(s['flagged'])}/{int(s['n_controls'])} controls); reference: recall "
            f"{100 * s['ref_recall']:.1f}%, false alarms {100 * s['ref_false_alarms']:.1f}%"
        )
    return targets(summary, learned=args.learned)


if __name__ == "__main__":
    import sys

    found = main()
    for figure, measured, target, met in found:
        print(f"{figure}: {measured} (target {target}) {'met' if met else 'MISSED'}")
    sys.exit(0 if all(met for *_, met in found) else 1)
