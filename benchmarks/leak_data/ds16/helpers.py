"""Shared helpers for the ds16 batch generator (stdlib only)."""
import json, os, random, datetime, base64, binascii

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ds16")

FIRST = ["Ana", "Ben", "Carla", "Dmitri", "Eun-ji", "Farah", "Gus", "Hana", "Ivan", "Jolene", "Kwame", "Lidia",
         "Marcus", "Nora", "Oskar", "Priya", "Quinn", "Rosa", "Samir", "Tess", "Ugo", "Vera", "Wade", "Xiu",
         "Yusuf", "Zoe", "Pat", "Lee", "Dale", "Mona", "Arturo", "Bridget", "Colm", "Deepa", "Elif", "Fergus"]
LAST = ["Okafor", "Lindqvist", "Haddad", "Brennan", "Castillo", "Nguyen", "Kowalski", "Moreau", "Tanaka",
        "Abernathy", "Singh", "Oduya", "Ferreira", "McAllister", "Huang", "Petrov", "Delgado", "Kimura",
        "Oyelaran", "Schultz", "Varga", "Quispe", "Hollis", "Rahman", "Dupont", "Whitcombe", "Ibarra"]


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def rdate(rng, start=(2022, 1, 1), end=(2025, 6, 30)):
    a = datetime.date(*start).toordinal()
    b = datetime.date(*end).toordinal()
    return datetime.date.fromordinal(rng.randint(a, b))


def rdt(rng, start=(2022, 1, 1), end=(2025, 6, 30)):
    d = rdate(rng, start, end)
    return datetime.datetime(d.year, d.month, d.day, rng.randint(0, 23), rng.randint(0, 59))


def b64(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def hexs(s):
    return binascii.hexlify(s.encode("utf-8")).decode("ascii")


def qp_encode(text, rng, force_breaks=()):
    """Quoted-printable body with soft line breaks; also forces soft breaks inside given phrases."""
    enc = []
    for ch in text:
        if ch == "\n":
            enc.append("\n")
        elif ch == "=":
            enc.append("=3D")
        elif ord(ch) > 126:
            enc.append("".join("=%02X" % b for b in ch.encode("utf-8")))
        else:
            enc.append(ch)
    s = "".join(enc)
    for ph in force_breaks:
        i = s.find(ph)
        if i >= 0:
            cut = i + rng.randint(2, max(2, len(ph) - 2))
            s = s[:cut] + "=\n" + s[cut:]
    # wrap at 76 with soft breaks (don't split =XX)
    out_lines = []
    for line in s.split("\n"):
        while len(line) > 75:
            cut = 75
            while line[cut - 1] == "=" or line[cut - 2] == "=":
                cut -= 1
            out_lines.append(line[:cut] + "=")
            line = line[cut:]
        out_lines.append(line)
    return "\n".join(out_lines)


def html_entities(s, rng, frac=1.0):
    out = []
    for ch in s:
        if ch.isalpha() and rng.random() < frac:
            out.append("&#%d;" % ord(ch) if rng.random() < 0.7 else "&#x%x;" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def pick_leak_flags(rng, n, frac):
    k = round(n * frac)
    flags = [True] * k + [False] * (n - k)
    rng.shuffle(flags)
    return flags


def write_dataset(name, label_set, rows, meta, manifest):
    """rows: list of (expected, projection, leak_bool)."""
    os.makedirs(OUT, exist_ok=True)
    assert 120 <= len(rows) <= 200, (name, len(rows))
    seen = set()
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for i, (exp, proj, leak) in enumerate(rows, 1):
            assert exp in label_set, (name, exp)
            seen.add(exp)
            rec = {"id": f"{name}-{i:04d}", "expected": exp, "label_set": list(label_set), "target": "label",
                   "projection": proj, "truth": {"leak": bool(leak)}}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    assert seen == set(label_set), (name, set(label_set) - seen)
    with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
    manifest.append({"name": name, "n": len(rows), "leaking": sum(1 for r in rows if r[2]), "labels": list(label_set)})


def balanced_labels(rng, labels, n, weights=None):
    weights = weights or [1] * len(labels)
    out = list(labels)  # guarantee each once
    while len(out) < n:
        out.append(rng.choices(labels, weights)[0])
    rng.shuffle(out)
    return out
