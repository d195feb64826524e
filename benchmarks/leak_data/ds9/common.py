"""Shared helpers for the ds9 generators (stdlib only)."""
import json, os, random, datetime, base64, urllib.parse

OUT = os.path.dirname(os.path.abspath(__file__))
SUMMARY = []

FIRST = ["Amelia", "Jonas", "Priya", "Mateo", "Siobhan", "Kwame", "Hannah", "Tomasz", "Aiko", "Rafael",
         "Leila", "Owen", "Ingrid", "Diego", "Fatima", "Callum", "Mei", "Andrzej", "Nadia", "Ewan",
         "Chloe", "Bartosz", "Yusuf", "Grace", "Lukas", "Sofia", "Devon", "Anya", "Marcus", "Rosa",
         "Kofi", "Elif", "Declan", "Paula", "Haruto", "Beatriz", "Niamh", "Arjun", "Lena", "Samuel"]
LAST = ["Okafor", "Lindqvist", "Raman", "Fernandes", "Gallagher", "Mensah", "Becker", "Nowak", "Tanaka",
        "Oliveira", "Haddad", "Pritchard", "Solberg", "Castillo", "Rahman", "MacLeod", "Chen", "Kowalczyk",
        "Petrova", "Sinclair", "Dubois", "Wojcik", "Aydin", "Whitfield", "Hoffmann", "Moretti", "Baptiste",
        "Ivanova", "Reid", "Navarro", "Asante", "Kaya", "Brennan", "Silva", "Sato", "Costa", "Byrne",
        "Iyer", "Schulz", "Adeyemi"]


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def ts(rng, start=datetime.datetime(2024, 1, 3), days=300):
    d = start + datetime.timedelta(days=rng.randrange(days), seconds=rng.randrange(86400))
    return d


def iso(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def b64(obj):
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def urlq(s):
    return urllib.parse.quote(s)


def html_entities(s):
    return "".join(f"&#{ord(c)};" for c in s)


def write(name, records, derive_from, note, leaking, how):
    labels = records[0]["label_set"]
    for r in records:
        assert r["expected"] in r["label_set"], r["id"]
        assert r["label_set"] == labels
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
    n_leak = sum(1 for r in records if r["truth"]["leak"])
    SUMMARY.append((name, "leaking" if leaking else "clean", how, len(records), n_leak))
    if not leaking:
        assert n_leak == 0
    else:
        assert n_leak > 0


def rec(name, i, expected, labels, projection, leak):
    return {"id": f"{name}-{i:04d}", "expected": expected, "label_set": list(labels), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}
