"""Shared helpers for the ds18 blind batch (stdlib only)."""
import json, os, random, datetime, base64

OUT = os.path.dirname(os.path.abspath(__file__))

FIRST = ["Ama", "Kwame", "Efua", "Kofi", "Sarah", "Tom", "Priya", "Liam", "Chloe", "Marek", "Ines", "Joao", "Aisha",
         "Declan", "Hannah", "Yusuf", "Mei", "Oskar", "Ruth", "Dmitri", "Fatima", "Gareth", "Nkechi", "Lars"]
LAST = ["Mensah", "Owusu", "Boateng", "Hughes", "Patel", "O'Neill", "Fraser", "Kowalski", "Silva", "Nakamura",
        "Jones", "Evans", "Adeyemi", "Lindqvist", "Murphy", "Khan", "Brennan", "Novak", "Ferreira", "Walsh"]


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def initials(rng):
    return rng.choice(FIRST)[0] + rng.choice(LAST)[0]


def rdate(rng, start=datetime.date(2025, 1, 1), span=600):
    return start + datetime.timedelta(days=rng.randrange(span))


def rdt(rng, start=datetime.date(2025, 1, 1), span=600):
    d = rdate(rng, start, span)
    return datetime.datetime(d.year, d.month, d.day, rng.randrange(6, 22), rng.randrange(60), rng.randrange(60))


def iso(dt):
    return dt.isoformat() if isinstance(dt, datetime.date) else str(dt)


def b64url(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def hexid(rng, n=8):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def maybe(rng, p, value):
    return value if rng.random() < p else None


def prune(d):
    """Drop None values recursively (missing fields)."""
    if isinstance(d, dict):
        return {k: prune(v) for k, v in d.items() if v is not None}
    if isinstance(d, list):
        return [prune(v) for v in d if v is not None]
    return d


def balanced_labels(rng, labels, n):
    """Uneven but complete label distribution (every label at least 8 times)."""
    w = [rng.uniform(0.5, 1.6) for _ in labels]
    out = rng.choices(labels, weights=w, k=n)
    for j, lab in enumerate(labels):
        while out.count(lab) < 8:
            k = rng.randrange(n)
            if out.count(out[k]) > 8:
                out[k] = lab
    return out


def leak_mask(rng, n, frac):
    k = round(n * frac)
    m = [True] * k + [False] * (n - k)
    rng.shuffle(m)
    return m


def write_dataset(name, labels, rows, meta):
    """rows: list of (expected, projection, leak)."""
    path = os.path.join(OUT, f"{name}.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for i, (exp, proj, leak) in enumerate(rows, 1):
            assert exp in labels, (name, exp)
            rec = {"id": f"{name}-{i:04d}", "expected": exp, "label_set": list(labels), "target": "label",
                   "projection": prune(proj), "truth": {"leak": bool(leak)}}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return {"name": name, "n": len(rows), "leaks": sum(1 for r in rows if r[2])}
