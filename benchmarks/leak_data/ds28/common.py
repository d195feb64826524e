import datetime
import hashlib
import random


class Builder:
    def __init__(self, name, labels, n, seed, leaking, leak_frac=0.0):
        self.name = name
        self.labels = labels
        self.n = n
        self.rng = random.Random(seed)
        self.leaking = leaking
        self.records = []
        self.leak_fams = []   # per record list
        self.traps = []       # per record list of (family, example)
        k = round(n * leak_frac) if leaking else 0
        self.leak_idx = set(self.rng.sample(range(n), k))
        # balanced label targets, shuffled deterministically
        t = [labels[i % len(labels)] for i in range(n)]
        self.rng.shuffle(t)
        self.targets = t

    def add(self, i, expected, proj, leak_fams, traps):
        self.records.append({"id": f"{self.name}-{i + 1:04d}", "expected": expected, "label_set": list(self.labels),
                             "target": "label", "projection": proj, "truth": {"leak": bool(leak_fams)}})
        self.leak_fams.append(list(leak_fams))
        self.traps.append(list(traps))


def rdate(rng, start="2026-01-05", span=320):
    d = datetime.date.fromisoformat(start) + datetime.timedelta(days=rng.randrange(span))
    return d.isoformat()


def addays(d, n):
    return (datetime.date.fromisoformat(d) + datetime.timedelta(days=n)).isoformat()


def hx(s, n=12):
    return hashlib.sha1(s.encode()).hexdigest()[:n]
