"""Shared helpers for the ds21 generator (stdlib only, deterministic)."""
import datetime as dt

# ---- trap family names (canonical) ----
TR_SENSE = "label word used in another sense"
TR_LIST = "whole label set listed/defined (instruction, legend, policy)"
TR_OTHER = "labels of other records / entities / events"
TR_HIST = "historical label of the same entity (earlier event)"
TR_NEG = "negated label mention about another context"
TR_INPUT = "label words inside legitimate input fields"
TR_NUM = "label digits as unrelated numbers"
TR_ABBR = "label token colliding with an unrelated code/abbreviation"
TR_NAME = "label word inside a proper name (place/person/venue)"
TR_SPEC = "speculation/question by a non-authoritative party"
TR_NEUTRAL = "neutralised leak carrier (same field shape, no label info)"
TR_GLYPH = "unrelated glyph/emoji/colour"

# ---- leak family names (canonical) ----
L_SNOWTAM = "downstream fixed-format message (SNOWTAM draft) in ops log"
L_BRAKING = "1:1 correlated descriptor (braking action in ATIS)"
L_HEXCOLOR = "map symbology colour hex (SVG fill)"
L_LEVELNUM = "ordinal numeric level code in SMS alert"
L_EMOJI = "coloured emoji glyph in social-media post"
L_IDCODE = "grade abbreviation embedded in lot ID"
L_PROBS = "upstream model probability vector (argmax)"
L_TEMPLATE = "label inside print-template file name"
L_BASE64 = "base64-encoded ticket payload"
L_TREATMENT = "1:1 mapped downstream treatment code"
L_SCHEDULE = "later-event date interval (next inspection due)"
L_PAYMENT = "post-decision payment state/amount"
L_ADF = "free text surviving in rich-text tree after markdown redaction"
L_POINTS = "domain points scale mapping 1:1 (mountain points)"
L_TRANSLATION = "label in another language (French road-book ordinal)"
L_SYNONYM = "domain synonym descriptor (Beaufort name) in remarks"
L_LOGKV = "key=value in processing log"
L_HASH = "hashed label in cache key"
L_AUDIT = "audit-trail field change with abbreviated label"
L_URL = "label slug in URL query parameter"
L_CSS = "CSS class name in rendered HTML report row"
L_MAILHDR = "notification e-mail Subject header (raw RFC 822)"
L_NUMWORD = "label as spelled-out number word in radio log"

BASE = dt.datetime(2026, 1, 5, 6, 0, 0)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def rid(name, i):
    return "%s-%04d" % (name, i)


def record(name, i, expected, labels, projection, leak):
    assert expected in labels
    return {"id": rid(name, i), "expected": expected, "label_set": list(labels),
            "target": "label", "projection": projection, "truth": {"leak": bool(leak)}}


def label_plan(rng, labels, n, weights=None):
    """Deterministic label sequence with roughly the given weights."""
    weights = weights or [1] * len(labels)
    tot = float(sum(weights))
    seq = []
    for lab, w in zip(labels, weights):
        seq += [lab] * int(round(n * w / tot))
    while len(seq) < n:
        seq.append(labels[len(seq) % len(labels)])
    seq = seq[:n]
    rng.shuffle(seq)
    return seq


def leak_plan(rng, n, frac):
    k = int(round(n * frac))
    idx = set(rng.sample(range(n), k))
    return [i in idx for i in range(n)]


def fams_for(rng, fams):
    """Pick a non-empty subset of leak families for one leaking record."""
    if len(fams) == 1:
        return list(fams)
    r = rng.random()
    if r < 0.2:
        return list(fams)
    if r < 0.4 and len(fams) > 2:
        return rng.sample(fams, 2)
    if r < 0.3:
        return list(fams)
    return [rng.choice(fams)]


class Rec:
    """Per-record bookkeeping of traps and leak families (for DATASETS.md)."""

    def __init__(self):
        self.traps = {}
        self.leaks = []

    def t(self, fam, text):
        self.traps.setdefault(fam, text)
        return text


class Balanced:
    """Draw trap label values from per-(call site, expected label) shuffled bags so that
    trap values are spread evenly within every expected label (no accidental correlation)."""

    def __init__(self, rng, labels):
        self.rng, self.labels, self.bags = rng, list(labels), {}

    def __call__(self, expected, options=None):
        import sys
        opts = list(options) if options is not None else self.labels
        key = (sys._getframe(1).f_lineno, expected, tuple(opts))
        bag = self.bags.get(key)
        if not bag:
            bag = list(opts)
            self.rng.shuffle(bag)
            self.bags[key] = bag
        return bag.pop()
