import json, random, base64, os, string, urllib.parse
from datetime import datetime, timedelta

OUT = os.path.dirname(os.path.abspath(__file__))
SUMMARY = []


def ts(r, start=datetime(2024, 1, 3), days=420, fmt="%Y-%m-%dT%H:%M:%SZ"):
    return (start + timedelta(seconds=r.randint(0, days * 86400))).strftime(fmt)


def dt(r, start=datetime(2024, 1, 3), days=420):
    return start + timedelta(seconds=r.randint(0, days * 86400))


def alnum(r, n, chars=string.ascii_uppercase + string.digits):
    return "".join(r.choice(chars) for _ in range(n))


def digits(r, n):
    return "".join(r.choice(string.digits) for _ in range(n))


def b64(obj):
    s = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
    return base64.b64encode(s.encode()).decode()


def html_ent(s):
    return "".join("&#%d;" % ord(c) if c in " /-" else c for c in s)


def sentence(r, *pools):
    """Join one choice from each pool (None/'' skipped)."""
    parts = [r.choice(p) for p in pools]
    return " ".join(p for p in parts if p)


FIRST = ["Maria", "James", "Aisha", "Tomasz", "Lena", "Diego", "Priya", "Kwame", "Sofia", "Hiro", "Fatima",
         "Liam", "Ana", "Chen", "Oluwaseun", "Grace", "Mateo", "Ingrid", "Rahul", "Chloe", "Dmitri", "Nora",
         "Yusuf", "Emily", "Carlos", "Mei", "Jonas", "Zanele", "Patrick", "Leila"]
LAST = ["Okafor", "Schmidt", "Nguyen", "Kowalski", "Garcia", "Patel", "Johansson", "Brown", "Rossi", "Tanaka",
        "Haddad", "O'Neill", "Silva", "Müller", "Ivanova", "Mensah", "Dubois", "Kim", "Martinez", "Fischer",
        "Hughes", "Novak", "Ali", "Bergström", "Costa", "Walsh", "Yilmaz", "Park", "Moreau", "Adeyemi"]


def name(r):
    return r.choice(FIRST) + " " + r.choice(LAST)


def write(name_, records, derive_from, note, kind, how):
    label_set = records[0]["label_set"]
    with open(os.path.join(OUT, name_ + ".jsonl"), "w") as f:
        for rec in records:
            assert rec["expected"] in rec["label_set"], rec
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name_ + ".meta.json"), "w") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
    n_leak = sum(1 for x in records if x["truth"]["leak"])
    SUMMARY.append((name_, kind, how, len(records), n_leak))


def rec(name_, i, expected, label_set, projection, leak):
    return {"id": "%s-%04d" % (name_, i), "expected": expected, "label_set": list(label_set), "target": "label",
            "projection": projection, "truth": {"leak": bool(leak)}}
