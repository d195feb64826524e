"""Shared helpers for the ds37 generator (stdlib only)."""
import base64
import json
import os
import random

OUT = os.path.dirname(os.path.abspath(__file__))


TRAP_NORM = {
    "full label set listed in UI text": "full label set listed/defined (instruction, UI text, leaflet)",
    "full label set listed in free text": "full label set listed/defined (instruction, UI text, leaflet)",
    "full label set defined in instruction": "full label set listed/defined (instruction, UI text, leaflet)",
    "label of another record/entity": "label of another record, entity or event",
    "label of another record/event": "label of another record, entity or event",
    "label of another person/event": "label of another record, entity or event",
    "label of another entity (plant ratings)": "label of another record, entity or event",
    "negated mention of another condition": "negated mention",
    "negated mention of another treatment": "negated mention",
    "negated mention of another status": "negated mention",
    "negation / rule text naming a label": "negated mention",
    "label-like token inside the legitimate input": "label word/token inside the legitimate input",
    "label word inside the legitimate input": "label word/token inside the legitimate input",
    "label-like token in an unrelated field": "label-like code in an unrelated field",
    "numeric look-alikes (block/slide/core numbers)": "numeric look-alikes",
    "numeric look-alikes (series/image numbers)": "numeric look-alikes",
    "provisional statement superseded by the division": "provisional statement superseded by the decisive event",
}


class DS:
    def __init__(self, name, labels, leaking, derive_from, note, seed):
        self.name = name
        self.labels = labels
        self.leaking = leaking
        self.derive_from = derive_from
        self.note = note
        self.rng = random.Random(seed)
        self.records = []
        self.leak_fams = {}   # family -> count
        self.trap_fams = {}   # family -> [count, example]
        self.task = ""

    def add(self, expected, projection, leak_fams, traps):
        assert expected in self.labels
        i = len(self.records) + 1
        leak = bool(leak_fams)
        if not self.leaking:
            assert not leak
        for f in leak_fams:
            self.leak_fams[f] = self.leak_fams.get(f, 0) + 1
        for f, ex in traps:
            f = TRAP_NORM.get(f, f)
            if f not in self.trap_fams:
                self.trap_fams[f] = [0, ex]
            self.trap_fams[f][0] += 1
        self.records.append({
            "id": "%s-%04d" % (self.name, i),
            "expected": expected,
            "label_set": list(self.labels),
            "target": "label",
            "projection": projection,
            "truth": {"leak": leak},
        })

    def balanced(self, key, label, options):
        """Cycle low-cardinality incidental values per label so they carry no label signal."""
        if not hasattr(self, "_cyc"):
            self._cyc = {}
        k = (key, label)
        if k not in self._cyc:
            self._cyc[k] = [0, self.rng.randrange(len(options))]
        c = self._cyc[k]
        v = options[(c[0] + c[1]) % len(options)]
        c[0] += 1
        return v

    def label_cycle(self, n):
        """Balanced-ish label sequence, shuffled deterministically."""
        seq = [self.labels[k % len(self.labels)] for k in range(n)]
        self.rng.shuffle(seq)
        return seq

    def write(self):
        with open(os.path.join(OUT, self.name + ".jsonl"), "w", encoding="utf-8") as fh:
            for r in self.records:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        with open(os.path.join(OUT, self.name + ".meta.json"), "w", encoding="utf-8") as fh:
            json.dump({"derive_from": self.derive_from, "note": self.note}, fh,
                      ensure_ascii=False, indent=2)
            fh.write("\n")

    def summary(self):
        n = len(self.records)
        counts = {}
        for r in self.records:
            counts[r["expected"]] = counts.get(r["expected"], 0) + 1
        nleak = sum(1 for r in self.records if r["truth"]["leak"])
        lines = ["## %s  (%s)" % (self.name, "LEAKING" if self.leaking else "CLEAN"), "",
                 "- Task: " + self.task,
                 "- Records: %d" % n,
                 "- Label counts: " + ", ".join("%s=%d" % (k, counts.get(k, 0)) for k in self.labels),
                 "- Leaking records: %d (%.0f%%)" % (nleak, 100.0 * nleak / n),
                 "- derive_from: " + ", ".join("`%s`" % p for p in self.derive_from)]
        if self.leak_fams:
            lines.append("- Leak families:")
            for f, c in sorted(self.leak_fams.items()):
                lines.append("  - %s: %d records" % (f, c))
        else:
            lines.append("- Leak families: none")
        lines.append("- Trap families:")
        for f, (c, ex) in sorted(self.trap_fams.items()):
            lines.append("  - %s: %d records; e.g. `%s`" % (f, c, ex.replace("`", "'")))
        lines.append("")
        return "\n".join(lines)


def b64(s):
    return base64.b64encode(s.encode()).decode()


def b64url(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def jwt(payload, rng):
    head = b64url({"alg": "HS256", "typ": "JWT"})
    sig = base64.urlsafe_b64encode(bytes(rng.randrange(256) for _ in range(32))).decode().rstrip("=")
    return head + "." + b64url(payload) + "." + sig


def hexid(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))
