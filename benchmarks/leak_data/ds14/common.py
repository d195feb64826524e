"""Shared helpers for the ds14 generator (stdlib only)."""
import json, os, random, datetime as dt

FIRST = ["Maria","James","Aisha","Wei","Carlos","Priya","Tomasz","Fatima","Liam","Yuki","Olga","Kwame","Sofia",
         "Daniel","Hannah","Mateo","Grace","Ibrahim","Elena","Noah","Chloe","Ravi","Ana","Jonas","Leila","Marcus",
         "Ines","Dmitri","Zoe","Samuel","Nadia","Hugo","Mei","Tariq","Lucia","Oskar","Amara","Ethan","Sara","Kenji"]
LAST = ["Garcia","Smith","Okafor","Chen","Novak","Patel","Kowalski","Haddad","Murphy","Tanaka","Ivanova","Mensah",
        "Rossi","Schmidt","Nguyen","Lopez","Johansson","Brown","Kaur","Dubois","Silva","Cohen","Andersen","Reyes",
        "Yilmaz","Fischer","O'Brien","Mwangi","Santos","Wright","Larsen","Moreau","Ali","Kim","Baker","Costa"]

def person(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"

def rdate(r, start="2024-01-01", end="2025-10-31"):
    a = dt.date.fromisoformat(start); b = dt.date.fromisoformat(end)
    return a + dt.timedelta(days=r.randint(0, (b - a).days))

def rdt(r, d=None, start="2024-01-01", end="2025-10-31"):
    d = d or rdate(r, start, end)
    return dt.datetime(d.year, d.month, d.day, r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))

def iso(x):
    if isinstance(x, dt.datetime):
        return x.strftime("%Y-%m-%dT%H:%M:%SZ")
    return x.isoformat()

def add_months(d, m):
    y = d.year + (d.month - 1 + m) // 12
    mo = (d.month - 1 + m) % 12 + 1
    import calendar
    day = min(d.day, calendar.monthrange(y, mo)[1])
    return dt.date(y, mo, day)

def assign_labels(r, n, labels, weights=None):
    """Every label at least 8 times, rest by weights; shuffled."""
    out = []
    for l in labels:
        out += [l] * 8
    while len(out) < n:
        out.append(r.choices(labels, weights=weights)[0] if weights else r.choice(labels))
    r.shuffle(out)
    return out

def pick_leaks(r, labels_per_rec, frac):
    """Return a set of indices that leak, stratified per label so every label has leaking and clean records."""
    n = len(labels_per_rec)
    if frac >= 1.0:
        return set(range(n))
    idx_by = {}
    for i, l in enumerate(labels_per_rec):
        idx_by.setdefault(l, []).append(i)
    chosen = set()
    for l, idx in idx_by.items():
        k = max(1, round(len(idx) * frac))
        k = min(k, len(idx) - 1)
        chosen.update(r.sample(idx, k))
    return chosen

def maybe(r, p):
    return r.random() < p

def write_dataset(outdir, name, records, meta):
    path = os.path.join(outdir, name + ".jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(outdir, name + ".meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")

def record(name, i, expected, labels, projection, leak):
    return {"id": f"{name}-{i+1:04d}", "expected": expected, "label_set": list(labels), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}
