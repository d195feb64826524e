import json, os, random, base64, hashlib

OUT = os.path.dirname(os.path.abspath(__file__))


class DS:
    def __init__(self, name, labels, leaking, task, derive_from, note):
        self.name, self.labels, self.leaking = name, list(labels), leaking
        self.task, self.derive_from, self.note = task, derive_from, note
        self.records, self.ann = [], []

    def add(self, expected, projection, leaks, traps):
        assert expected in self.labels
        rid = "%s-%04d" % (self.name, len(self.records) + 1)
        self.records.append({"id": rid, "expected": expected, "label_set": list(self.labels),
                             "target": "label", "projection": projection,
                             "truth": {"leak": bool(leaks)}})
        self.ann.append((list(leaks), list(traps)))

    def write(self):
        with open(os.path.join(OUT, self.name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in self.records:
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
        with open(os.path.join(OUT, self.name + ".meta.json"), "w", encoding="utf-8") as f:
            json.dump({"derive_from": self.derive_from, "note": self.note}, f, ensure_ascii=False, indent=2)
            f.write("\n")

    def doc(self):
        n = len(self.records)
        lc = {l: 0 for l in self.labels}
        for r in self.records:
            lc[r["expected"]] += 1
        nleak = sum(1 for r in self.records if r["truth"]["leak"])
        lf, tf, tex, tname = {}, {}, {}, {}
        for leaks, traps in self.ann:
            for l in leaks:
                lf[l] = lf.get(l, 0) + 1
            seen = set()
            for fam, ex in traps:
                code = fam.split()[0]
                tname.setdefault(code, fam)
                if code in seen:
                    continue
                seen.add(code)
                tf[code] = tf.get(code, 0) + 1
                tex.setdefault(code, ex)
        out = ["## %s (%s)" % (self.name, "LEAKING" if self.leaking else "CLEAN"), "",
               "- Task: " + self.task,
               "- Records: %d" % n,
               "- Label counts: " + ", ".join("`%s`: %d" % (k, v) for k, v in lc.items()),
               "- Leaking records: %d (%.0f%%)" % (nleak, 100.0 * nleak / n),
               "- derive_from: " + ", ".join("`%s`" % p for p in self.derive_from)]
        if lf:
            out.append("- Leak families:")
            for k, v in lf.items():
                out.append("  - %s: %d records" % (k, v))
        else:
            out.append("- Leak families: none")
        out.append("- Trap families (clean content, not predictive):")
        for k, v in tf.items():
            out.append("  - %s: %d records; e.g. `%s`" % (tname[k], v, tex[k].replace("`", "'")[:160]))
        out.append("")
        return "\n".join(out)


def pick_idx(rng, n, frac):
    k = int(round(n * frac))
    return set(rng.sample(range(n), k))


def b64(obj):
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def hx(rng, n=8):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def balanced(rng, labels, n):
    seq = [labels[i % len(labels)] for i in range(n)]
    rng.shuffle(seq)
    return seq
