"""Shared helpers for the ds8 generators (stdlib only)."""
import json, os, random, datetime, base64, urllib.parse

OUT = os.path.dirname(os.path.abspath(__file__))
STATS = {}

FIRST = ["Maria", "James", "Aisha", "Tomasz", "Wei", "Priya", "Daniel", "Fatima", "Luis", "Hannah",
         "Kwame", "Sofia", "Oren", "Mei", "Rafael", "Ingrid", "Dmitri", "Chloe", "Yusuf", "Grace",
         "Mateo", "Nadia", "Connor", "Amara", "Kenji", "Elena", "Sam", "Zainab", "Lucas", "Bridget",
         "Ravi", "Olivia", "Tariq", "Noor", "Pablo", "Ruth", "Jonah", "Leila", "Victor", "Anika"]
LAST = ["Okafor", "Nguyen", "Kowalski", "Garcia", "Chen", "Patel", "Murphy", "Haddad", "Silva", "Schmidt",
        "Mensah", "Rossi", "Levi", "Tanaka", "Alvarez", "Berg", "Ivanov", "Dubois", "Demir", "Walsh",
        "Moreno", "Karimi", "Doyle", "Adeyemi", "Sato", "Popescu", "Reilly", "Bello", "Costa", "Byrne",
        "Iyer", "Fischer", "Rahman", "Yilmaz", "Ortega", "Novak", "Weiss", "Farah", "Lindqvist", "Mehta"]


def name(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def ts(rng, start=(2024, 1, 8), days=320, hours=(7, 20)):
    d = datetime.datetime(*start) + datetime.timedelta(days=rng.randrange(days))
    d = d.replace(hour=rng.randrange(*hours), minute=rng.randrange(60), second=rng.randrange(60))
    return d


def iso(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def b64(s):
    return base64.b64encode(s.encode()).decode()


def urlq(s):
    return urllib.parse.quote(s, safe="")


def html_ent(s):
    return "".join(f"&#{ord(c)};" for c in s)


def write(name_, records, meta, how, kind):
    """records: list of (expected, projection, leak_bool)."""
    label_set = meta.pop("label_set")
    path = os.path.join(OUT, f"{name_}.jsonl")
    n_leak = 0
    with open(path, "w") as f:
        for i, (exp, proj, leak) in enumerate(records, 1):
            assert exp in label_set, (name_, exp)
            rec = {"id": f"{name_}-{i:04d}", "expected": exp, "label_set": label_set, "target": "label",
                   "projection": proj, "truth": {"leak": bool(leak)}}
            n_leak += bool(leak)
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name_}.meta.json"), "w") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
    STATS[name_] = (kind, how, len(records), n_leak)
