import json, random, base64, urllib.parse, html, os, datetime as dt

OUT = os.path.dirname(os.path.abspath(__file__))

FIRST = ["Maria","James","Aisha","Tomasz","Priya","Kenji","Fatima","Liam","Chloe","Dmitri","Sofia","Mateo","Grace",
         "Oluwaseun","Hannah","Raj","Ingrid","Carlos","Mei","Noah","Zara","Ewan","Lucia","Farid","Naomi","Bjorn",
         "Ama","Declan","Yuki","Rosa","Hamza","Eleanor","Pedro","Siobhan","Tariq","Anika","Wei","Gareth","Leila","Marcus"]
LAST = ["Okafor","Nowak","Fernandez","Tanaka","Patel","O'Brien","Schmidt","Haddad","Kowalski","Nguyen","Murphy",
        "Rossi","Johansson","Mensah","Campbell","Silva","Dubois","Kaur","Ivanova","Reyes","Lindqvist","Abara",
        "Thompson","Yamamoto","Grant","Moreau","Ali","Hughes","Novak","Brennan","Castillo","Evans","Adeyemi","Park"]

def name(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"

def b64(s):
    return base64.b64encode(s.encode()).decode()

def ts(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")

def rand_date(r, start, days):
    return start + dt.timedelta(days=r.randrange(days), minutes=r.randrange(24*60))

def sents(r, pool, k):
    k = min(k, len(pool))
    return r.sample(pool, k)

def join_text(r, parts):
    r.shuffle(parts)
    return " ".join(parts)

def leak_mask(r, n, frac):
    k = round(n * frac)
    idx = list(range(n)); r.shuffle(idx)
    s = set(idx[:k])
    return [i in s for i in range(n)]

def balanced_labels(r, labels, n, weights=None):
    out = []
    if weights is None:
        weights = [1]*len(labels)
    tot = sum(weights)
    for l, w in zip(labels, weights):
        out += [l] * round(n * w / tot)
    while len(out) < n: out.append(r.choice(labels))
    out = out[:n]
    r.shuffle(out)
    return out

def write(name, records, derive_from, note):
    with open(os.path.join(OUT, f"{name}.jsonl"), "w") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w") as f:
        json.dump({"derive_from": derive_from, "note": note}, f, indent=2, ensure_ascii=False)
    nl = sum(1 for x in records if x["truth"]["leak"])
    return len(records), nl

def rec(name, i, expected, labels, proj, leak):
    assert expected in labels
    return {"id": f"{name}-{i+1:04d}", "expected": expected, "label_set": labels, "target": "label",
            "projection": proj, "truth": {"leak": bool(leak)}}
