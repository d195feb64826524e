import json, os, random

OUT = os.path.dirname(os.path.abspath(__file__))


def balanced_labels(labels, n, rng):
    seq = [labels[i % len(labels)] for i in range(n)]
    rng.shuffle(seq)
    return seq


def pick_leaks(n, frac, rng):
    k = int(round(n * frac))
    idx = list(range(n))
    rng.shuffle(idx)
    return set(idx[:k])


def write_dataset(name, labels, rows, derive_from, note, manifest):
    path = os.path.join(OUT, name + ".jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for i, r in enumerate(rows, 1):
            rec = {
                "id": "%s-%04d" % (name, i),
                "expected": r["expected"],
                "label_set": list(labels),
                "target": "label",
                "projection": r["projection"],
                "truth": {"leak": bool(r["leak"])},
            }
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, ensure_ascii=False, indent=2)
    manifest[name] = {
        "labels": list(labels),
        "rows": [{"expected": r["expected"], "leak": r["leak"], "lf": r.get("lf", []),
                  "tf": r.get("tf", {})} for r in rows],
    }


class Dealer:
    """Label-stratified draws: every label sees the same spread of distractor values,
    so no non-derive field correlates with the label by sampling accident."""

    def __init__(self, rng):
        self.rng = rng
        self.decks = {}

    def _deal(self, key, make):
        d = self.decks.get(key)
        if not d:
            d = make()
            self.rng.shuffle(d)
            self.decks[key] = d
        return d.pop()

    def choice(self, lab, seq):
        import sys
        line = sys._getframe(1).f_lineno
        seq = list(seq)
        return self._deal((line, lab, repr(seq)), lambda: list(seq))

    def random(self, lab):
        import sys
        line = sys._getframe(1).f_lineno
        rng = self.rng
        return self._deal((line, lab, "u"), lambda: [(k + rng.random()) / 10 for k in range(10)])

    def randint(self, lab, a, b):
        import sys
        line = sys._getframe(1).f_lineno
        return self._deal((line, lab, "i", a, b), lambda: list(range(a, b + 1)))
