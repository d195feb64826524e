"""Shared helpers for the ds19 batch generator (stdlib only)."""
import json, os, random, datetime, base64, binascii

OUT = os.path.dirname(os.path.abspath(__file__))


def rng_for(name, seed=19):
    return random.Random(f"{seed}:{name}")


def labels_for(rng, n, labels, weights=None):
    """Every label at least 3 times, rest weighted, shuffled."""
    out = [l for l in labels for _ in range(3)]
    while len(out) < n:
        out.append(rng.choices(labels, weights=weights)[0])
    rng.shuffle(out)
    return out


def leak_set(rng, n, frac):
    k = round(n * frac)
    idx = list(range(n))
    rng.shuffle(idx)
    return set(idx[:k])


def rdate(rng, start=(2025, 1, 1), days=600):
    d = datetime.datetime(*start) + datetime.timedelta(days=rng.randrange(days),
                                                       seconds=rng.randrange(86400))
    return d


def iso(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def b64(s):
    return base64.b64encode(s.encode()).decode()


def hexs(s):
    return binascii.hexlify(s.encode()).decode()


def maybe(rng, p, val, default=None):
    return val if rng.random() < p else default


def write_dataset(name, records, meta):
    with open(os.path.join(OUT, f"{name}.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}.meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")


def rec(name, i, expected, labels, projection, leak):
    return {"id": f"{name}-{i + 1:04d}", "expected": expected, "label_set": list(labels),
            "target": "label", "projection": projection, "truth": {"leak": bool(leak)}}


def qp_encode(text, width=60):
    """Quoted-printable with soft line breaks (RFC 2045 style, simplified)."""
    raw = text.encode("utf-8")
    enc = []
    for b in raw:
        c = chr(b)
        if b == 10:
            enc.append("\n")
        elif b == 61 or b > 126 or (b < 32 and b != 9):
            enc.append("=%02X" % b)
        else:
            enc.append(c)
    out, line = [], ""
    for tok in enc:
        if tok == "\n":
            out.append(line); line = ""; continue
        if len(line) + len(tok) > width:
            out.append(line + "="); line = ""
        line += tok
    out.append(line)
    return "\n".join(out)
