"""Self-checks for the ds17 batch (stdlib only): python3 check.py"""
import collections
import glob
import json
import os
import re

from helpers import OUT


def leaves(obj, path=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, path + "/" + k)
    elif isinstance(obj, list):
        for v in obj:
            yield from leaves(v, path + "/*")
    else:
        yield path, obj


def under(path, derive):
    for d in derive:
        d = d if d.startswith("/") else "/" + d
        if path == d or path.startswith(d + "/"):
            return True
    return False


def main():
    ok = True
    for fn in sorted(glob.glob(os.path.join(OUT, "*.jsonl"))):
        name = os.path.basename(fn)[:-6]
        meta = json.load(open(os.path.join(OUT, name + ".meta.json")))
        derive = meta["derive_from"]
        recs = [json.loads(l) for l in open(fn, encoding="utf-8")]
        labs = recs[0]["label_set"]
        ids = [r["id"] for r in recs]
        assert len(set(ids)) == len(ids)
        assert all(r["label_set"] == labs and r["expected"] in labs and r["target"] == "label" for r in recs)
        assert all(re.fullmatch(re.escape(name) + r"-\d{4}", r["id"]) for r in recs)
        cnt = collections.Counter(r["expected"] for r in recs)
        nleak = sum(r["truth"]["leak"] for r in recs)
        if not (120 <= len(recs) <= 200) or set(cnt) != set(labs) or not (2 <= len(labs) <= 6):
            ok = False
            print("BAD counts", name)
        for d in derive:
            hit = sum(1 for r in recs if any(under(p, [d]) for p, _ in leaves(r["projection"])))
            if hit < len(recs) * 0.8:
                print("  derive path rarely present", name, d, hit)
        # purity scan on non-leaking records, outside derive_from
        clean = [r for r in recs if not r["truth"]["leak"]]
        pv = collections.defaultdict(collections.Counter)
        pres = collections.defaultdict(collections.Counter)
        for r in clean:
            seen = set()
            for p, v in leaves(r["projection"]):
                if under(p, derive) or p == "/instruction":
                    continue
                pv[(p, json.dumps(v, ensure_ascii=False)[:80])][r["expected"]] += 1
                seen.add(p)
            for p in seen:
                pres[p][r["expected"]] += 1
        flags = [(k, c) for k, c in pv.items() if len(c) == 1 and sum(c.values()) >= 5]
        lab_tot = collections.Counter(r["expected"] for r in clean)
        for k, c in flags[:5]:
            print("  PURE value outside derive (non-leak rows):", name, k, dict(c))
        for p, c in pres.items():
            rates = {l: c[l] / lab_tot[l] for l in lab_tot}
            if max(rates.values()) - min(rates.values()) > 0.5:
                print("  presence skew:", name, p, {l: round(x, 2) for l, x in rates.items()})
        print("%-28s n=%3d leak=%3d (%.0f%%) labels=%s" % (name, len(recs), nleak, 100 * nleak / len(recs), dict(cnt)))
    print("OK" if ok else "PROBLEMS")


if __name__ == "__main__":
    main()
