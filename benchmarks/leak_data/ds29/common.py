import json
import random
import datetime as dt

OUT = "/root/ds29"


def resolve(obj, ptr):
    if ptr == "":
        return obj
    for part in ptr.lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(part)]
        else:
            obj = obj[part]
    return obj


def balanced(rng, labels, n):
    out = [labels[i % len(labels)] for i in range(n)]
    rng.shuffle(out)
    return out


def date_between(rng, start, end):
    a = dt.date.fromisoformat(start)
    b = dt.date.fromisoformat(end)
    return a + dt.timedelta(days=rng.randint(0, (b - a).days))


def ts(rng, d=None):
    if d is None:
        d = date_between(rng, "2024-01-01", "2025-11-30")
    return "%sT%02d:%02d:%02dZ" % (d.isoformat(), rng.randint(6, 20), rng.randint(0, 59), rng.randint(0, 59))


FIRST = ["Amira", "Ben", "Chloe", "Dawid", "Elif", "Farah", "Gareth", "Hana", "Ivan", "Jade", "Kwame", "Lena", "Mateo",
         "Nadia", "Owen", "Priya", "Quentin", "Rosa", "Sami", "Tariq", "Uma", "Viktor", "Wen", "Yusuf", "Zofia"]
LAST = ["Okafor", "Smith", "Novak", "Haddad", "Jensen", "Moreau", "Patel", "Kowalski", "Silva", "Byrne", "Tanaka",
        "Schmidt", "Evans", "Costa", "Nguyen", "Ahmed", "Fischer", "Walsh", "Rossi", "Lindqvist"]


def name(rng):
    return rng.choice(FIRST) + " " + rng.choice(LAST)


def write_dataset(name_, records, derive_from, note):
    with open("%s/%s.jsonl" % (OUT, name_), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    with open("%s/%s.meta.json" % (OUT, name_), "w", encoding="utf-8") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, ensure_ascii=False, indent=2)
        f.write("\n")
