import json, random

FIRST = ["Anna", "Mia", "Lena", "Sofia", "Emma", "Noah", "Liam", "Elias", "Jonas", "Ben", "Chloe", "Aisha", "Yuki", "Mateo",
         "Priya", "Oskar", "Freya", "Ines", "Tomasz", "Kofi", "Hana", "Lucas", "Marta", "Ravi", "Sven", "Zoe", "Amir",
         "Nora", "Felix", "Leila", "Dmitri", "Carla", "Hugo", "Ayla", "Jakob", "Siobhan", "Mei", "Pablo", "Ida", "Omar"]
LAST = ["Schmidt", "Nguyen", "Kowalski", "Okafor", "Tanaka", "Rossi", "Murphy", "Silva", "Andersson", "Haddad", "Kim",
        "Novak", "Fischer", "Dubois", "Patel", "Jensen", "Moreau", "Garcia", "Horvat", "O'Brien", "Weber", "Costa",
        "Lindqvist", "Yilmaz", "Papadopoulos", "Brennan", "Sato", "Mendes", "Kaur", "Bauer"]

def name(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"

def rec(ds, i, expected, labels, projection, leak):
    return {"id": f"{ds}-{i:04d}", "expected": expected, "label_set": list(labels), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}

class Info:
    """per-record bookkeeping for DATASETS.md (not written into jsonl)"""
    def __init__(self):
        self.leaks = []   # leak family names
        self.traps = []   # (trap family, example)
    def leak(self, fam):
        self.leaks.append(fam)
    def trap(self, fam, ex):
        self.traps.append((fam, ex))

def pick_leak_plan(rng, n, frac, fams, max_per=1):
    """decide which records leak (independent of label) and which family(ies)."""
    plan = []
    for i in range(n):
        if rng.random() < frac:
            k = 1 if max_per == 1 or rng.random() < 0.75 else 2
            plan.append(rng.sample(fams, min(k, len(fams))))
        else:
            plan.append([])
    return plan

def balanced_labels(rng, labels, n, weights=None):
    out = []
    for i in range(n):
        out.append(labels[i % len(labels)] if weights is None else rng.choices(labels, weights)[0])
    rng.shuffle(out)
    return out
