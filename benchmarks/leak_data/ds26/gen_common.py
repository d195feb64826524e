import json, os, random, datetime, collections
from rules import DERIVE, PROBE, jptr

OUT = os.path.dirname(os.path.abspath(__file__))

T_OTHER_SENSE = "label word in another sense"
T_LABELSET = "whole label set listed/defined"
T_IN_INPUT = "label word inside legitimate input"
T_OTHER_REC = "label of another record/entity/event"
T_NEGATION = "negated or irrelevant label mention"
T_HISTORY = "historical label of an earlier period (independent)"
T_NUMERIC = "label-like numbers in other roles"
T_BLANK = "leak-shaped field present but blank/pending"
T_IDTOKEN = "label-like token inside IDs/names"
T_UPSTREAM_OTHER = "upstream output for a different target"
T_CONSTANT = "label word in constant boilerplate"
T_ENCODED = "encoded attachment decoding to non-answer content"

REGISTRY = []

def rdate(rng, start="2026-01-01", span=300):
    d = datetime.date.fromisoformat(start) + datetime.timedelta(days=rng.randrange(span))
    return d.isoformat()

def rts(rng, day):
    return f"{day}T{rng.randrange(6, 20):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}Z"

def make(name, labels, derive_from, note, leaking, leak_rate, build, seed, n, families):
    rng = random.Random(seed)
    leak_idx = set(rng.sample(range(n), round(n * leak_rate))) if leaking else set()
    recs = []
    fam_count = collections.Counter(); trap_count = collections.Counter(); trap_ex = {}
    lab_count = collections.Counter()
    for i in range(n):
        target = labels[rng.randrange(len(labels))]
        leak = i in leak_idx
        proj, fams, traps = build(rng, target, leak, i)
        vals = {p: jptr(proj, p) for p in derive_from}
        got = DERIVE[name](vals)
        assert got == target, (name, i, got, target)
        assert bool(fams) == leak
        pr = PROBE[name](proj)
        assert (pr == target) if leak else (pr is None), (name, i, pr, target, leak)
        for f in fams: fam_count[f] += 1
        for t, ex in traps.items():
            trap_count[t] += 1; trap_ex.setdefault(t, ex)
        lab_count[target] += 1
        recs.append({"id": f"{name}-{i+1:04d}", "expected": target, "label_set": list(labels),
                     "target": "label", "projection": proj, "truth": {"leak": leak}})
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as fh:
        json.dump({"derive_from": derive_from, "note": note}, fh, ensure_ascii=False, indent=2)
    REGISTRY.append(dict(name=name, leaking=leaking, n=n, labels=labels, lab_count=lab_count,
                         n_leak=len(leak_idx), fam_count=fam_count, families=families,
                         trap_count=trap_count, trap_ex=trap_ex, note=note))
