#!/usr/bin/env python3
"""Validate the ds23 batch (stdlib only). Exit 0 when all good."""
import json, os, sys, re, math, base64, datetime
from collections import Counter, defaultdict

D = os.path.dirname(os.path.abspath(__file__))
ERR = []
WARN = []


def err(m):
    ERR.append(m)


def ptr(doc, p):
    cur = doc
    for tok in p.split("/")[1:]:
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        else:
            cur = cur[tok]
    return cur


# ------------------------------------------------ independent label rules (own code, not rules.py)
def band(x, cuts, labels):
    for c, l in zip(cuts, labels):
        if x < c:
            return l
    return labels[-1]


def r_dam(v):
    a, b, c = v
    return "high" if a > 0 else ("significant" if (b >= 1e6 or c) else "low")


def r_sea(v):
    hs = v[0]
    for code, up in zip("345678", [1.25, 2.5, 4, 6, 9, 14]):
        if hs <= up + 1e-12:
            return code


def r_wald(v):
    return band(v[0], [5, 11.2, 21.3, 38], ["sehr geringe Gefahr", "geringe Gefahr", "mittlere Gefahr", "hohe Gefahr", "sehr hohe Gefahr"])


def r_uv(v):
    u = int(math.floor(v[0] + 0.5))
    return band(u, [3, 6, 8, 11], ["Low", "Moderate", "High", "Very High", "Extreme"])


def r_apgar(v):
    return band(sum(v), [4, 7], ["low", "moderately abnormal", "reassuring"])


def r_ski(v):
    return band(max(s["gradient_pct"] for s in v[0]), [15, 25, 40], ["green", "blue", "red", "black"])


def r_wake(v):
    t, m = v
    return band(m, [7000.0001, 136000, 500000], ["L", "M", "H", "J"])


def cvss31(vec):
    m = dict(x.split(":") for x in vec.split("/")[1:])
    ch = m["S"] == "C"
    cia = {"H": 0.56, "L": 0.22, "N": 0.0}
    iss = 1 - (1 - cia[m["C"]]) * (1 - cia[m["I"]]) * (1 - cia[m["A"]])
    imp = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 if ch else 6.42 * iss
    pr = {"N": 0.85, "L": 0.68 if ch else 0.62, "H": 0.50 if ch else 0.27}[m["PR"]]
    ex = 8.22 * {"N": 0.85, "A": 0.62, "L": 0.55, "P": 0.2}[m["AV"]] * {"L": 0.77, "H": 0.44}[m["AC"]] * pr * {"N": 0.85, "R": 0.62}[m["UI"]]
    if imp <= 0:
        return 0.0
    raw = min((1.08 if ch else 1.0) * (imp + ex), 10)
    n = int(round(raw * 100000))
    return n / 100000.0 if n % 10000 == 0 else (n // 10000 + 1) / 10.0


def r_cvss(v):
    s = cvss31(v[0])
    return "None" if s == 0 else band(s, [4.0, 7.0, 9.0], ["Low", "Medium", "High", "Critical"])


def r_dog(v):
    contact, wounds = v
    deep = len([w for w in wounds if w["punctures"] and w["max_depth_mm"] > 6])
    if deep > 1: return "Level 5"
    if deep: return "Level 4"
    if sum(w["punctures"] for w in wounds): return "Level 3"
    return "Level 2" if contact else "Level 1"


def r_conc(v):
    fc, tests = v
    avg = [sum(t["cylinders_psi"]) / len(t["cylinders_psi"]) for t in tests]
    lim = fc - 500 if fc <= 5000 else 0.9 * fc
    ok = all(a >= lim for a in avg) and all(sum(avg[j:j + 3]) / 3 >= fc for j in range(len(avg) - 2))
    return "conforming" if ok else "nonconforming"


def r_atc(v):
    r = {c["rating"] for c in v[0]}
    return "UNSAFE" if "Severe" in r else ("RESTRICTED USE" if "Moderate" in r else "INSPECTED")


def r_esi(v):
    cc, ls, hr, conf, pain, res, vit = v
    if ls: return "1"
    if hr or conf or pain >= 7: return "2"
    if len(res) >= 2:
        return "2" if (vit["hr"] > 100 or vit["rr"] > 20 or vit["spo2"] < 92) else "3"
    return "4" if len(res) == 1 else "5"


def r_vgm(v):
    d, w = v
    return "within tolerance" if abs(w - d) <= 0.05 * d else "out of tolerance"


def r_dmarc(v):
    frm, hf, spf, dkim, rec = v
    assert hf.endswith("@" + frm)
    tags = {k.strip(): x.strip() for k, x in (p.split("=", 1) for p in rec.split(";") if "=" in p)}
    org = lambda d: ".".join(d.lower().split(".")[-2:])
    al = lambda a, mode: a.lower() == frm.lower() if mode == "s" else org(a) == org(frm)
    if spf["result"] == "pass" and al(spf["mail_from_domain"], tags.get("aspf", "r")): return "pass"
    if any(s["result"] == "pass" and al(s["d"], tags.get("adkim", "r")) for s in dkim): return "pass"
    return "fail"


RULE = {"dam_hazard": r_dam, "sea_state": r_sea, "waldbrand": r_wald, "uv_index": r_uv, "apgar": r_apgar,
        "ski_piste": r_ski, "wake_turbulence": r_wake, "cvss_severity": r_cvss, "dog_bite": r_dog,
        "concrete_acceptance": r_conc, "atc20_placard": r_atc, "esi_triage": r_esi, "vgm_tolerance": r_vgm, "dmarc": r_dmarc}


# ------------------------------------------------ planted leak detectors: return families found; raise on inconsistency
def need(cond, msg):
    if not cond:
        raise AssertionError(msg)


def d_dam(p, y):
    f = []
    dam = p["tool_calls"][0]["result"]
    if "nid_export" in dam:
        hdr = dam["nid_export"]["header"].split(","); row = dam["nid_export"]["row"].split(",")
        need({"L": "low", "S": "significant", "H": "high"}[row[hdr.index("HAZARD")]] == y, "nid code"); f.append("nid")
    if "inspection_program" in dam:
        need({60: "low", 36: "significant", 12: "high"}[dam["inspection_program"]["routine_interval_months"]] == y, "interval"); f.append("interval")
    return f


def d_sea(p, y):
    f = []
    words = {"3": "slight", "4": "moderate", "5": "rough", "6": "very rough", "7": "high", "8": "very high"}
    for r in p["ship_reports"]:
        m = re.match(r"Sea (very rough|very high|slight|moderate|rough|high),", r["remark"])
        if m:
            need(m.group(1) == words[y], "descriptor"); f.append("descriptor")
    m = re.search(r"\|ss=(\d)$", p["tool_meta"]["cache_key"])
    if m:
        need(m.group(1) == y, "cache"); f.append("cache")
    return f


def d_wald(p, y):
    f = []
    en = {"very low danger": "sehr geringe Gefahr", "low danger": "geringe Gefahr", "moderate danger": "mittlere Gefahr",
          "high danger": "hohe Gefahr", "very high danger": "sehr hohe Gefahr"}
    m = re.search(r"today: (very low danger|low danger|moderate danger|very high danger|high danger)\.", p["bekanntmachung"]["en"])
    if m:
        need(en[m.group(1)] == y, "translation"); f.append("translation")
    fill = p["karte"]["properties"].get("fill")
    if fill:
        cols = {"#ffffcc": "sehr geringe Gefahr", "#ffeda0": "geringe Gefahr", "#feb24c": "mittlere Gefahr", "#f03b20": "hohe Gefahr", "#bd0026": "sehr hohe Gefahr"}
        need(cols[fill] == y, "fill"); f.append("fill")
    return f


def d_apgar(p, y):
    f = []
    for seg in p["encounter"]["hl7_feed"]:
        if seg.startswith("OBX") and "9274-2" in seg:
            fl = seg.split("|")[8]
            need({"N": "reassuring", "A": "moderately abnormal", "AA": "low"}[fl] == y, "hl7"); f.append("hl7")
    ctx = p["encounter"]["chart_link"].split("ctx=")[1]
    obj = json.loads(base64.urlsafe_b64decode(ctx + "=" * (-len(ctx) % 4)))
    if "apgar5_interp" in obj:
        need(obj["apgar5_interp"] == y, "b64"); f.append("b64")
    return f


def d_wake(p, y):
    f = []
    fpl = p["sources"].get("fpl_message")
    if fpl:
        m = re.search(r"\n-[A-Z0-9]{2,4}/([LMHJ])-", fpl)
        need(m and m.group(1) == y, "fpl"); f.append("fpl")
    ec = p["adsb"].get("emitter_category")
    if ec:
        need(y in {"A1": "L", "A2": "M", "A3": "M", "A5": "HJ"}[ec], "emitter"); f.append("emitter")
    return f


def d_cvss(p, y):
    f = []
    t = p["ticket"]
    if "remediation_due" in t:
        dd = (datetime.date.fromisoformat(t["remediation_due"]) - datetime.date.fromisoformat(t["opened"])).days
        need({15: "Critical", 30: "High", 90: "Medium", 180: "Low", 365: "None"}[dd] == y, "sla"); f.append("sla")
    g = p["chat"][0]["text"][0]
    if g != "\U0001F514":
        need({"\U0001F534": "Critical", "\U0001F7E0": "High", "\U0001F7E1": "Medium", "\U0001F7E2": "Low", "\u26AA": "None"}[g] == y, "glyph"); f.append("glyph")
    return f


def d_dog(p, y):
    f = []
    if "intake_screen" in p:
        need({"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}[p["intake_screen"]["dunbar_estimate"]] == int(y[-1]), "roman"); f.append("roman")
    m = re.search(r"-D(\d)$", p["report"]["case_no"])
    if m:
        need(m.group(1) == y[-1], "suffix"); f.append("suffix")
    return f


def d_esi(p, y):
    f = []
    for e in p["tracking_events"]:
        if e["event"] == "Roomed":
            z = e["location"].rsplit(" ", 1)[0]
            need(y in {"RESUS": "1", "ACUTE": "2", "MAIN": "3", "FAST TRACK": "45"}[z], "zone"); f.append("zone")
    m = re.search(r"esi-(\d)", p["board_html"])
    if m:
        need(m.group(1) == y, "css"); f.append("css")
    return f


def d_vgm(p, y):
    f = []
    c = p["shipment"]["container_no"]
    for line in p["gate_log"]:
        if "vgm-check" in line:
            need(("action=HOLD" in line) == (y == "out of tolerance"), "log"); f.append("log")
    if "cutoff_report" in p:
        need((c in p["cutoff_report"]["held_for_vgm_discrepancy"]) == (y == "out of tolerance"), "cutoff"); f.append("cutoff")
    return f


def d_none(p, y):
    return []


DET = {"dam_hazard": d_dam, "sea_state": d_sea, "waldbrand": d_wald, "apgar": d_apgar, "wake_turbulence": d_wake,
       "cvss_severity": d_cvss, "dog_bite": d_dog, "esi_triage": d_esi, "vgm_tolerance": d_vgm,
       "uv_index": d_none, "ski_piste": d_none, "concrete_acceptance": d_none, "atc20_placard": d_none, "dmarc": d_none}
LEAKING = {"dam_hazard", "sea_state", "waldbrand", "apgar", "wake_turbulence", "cvss_severity", "dog_bite", "esi_triage", "vgm_tolerance"}


# ------------------------------------------------ crude blind-baseline probe over non-derive leaves of clean records
def leaves(o, path=""):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from leaves(v, path + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from leaves(v, path + "/" + str(i))
    else:
        yield path, o


def _chi(xs, ys):
    n = len(xs); cx = Counter(xs); cy = Counter(ys); cxy = Counter(zip(xs, ys))
    return sum((cxy[(u, w)] - cx[u] * cy[w] / n) ** 2 / (cx[u] * cy[w] / n) for u in cx for w in cy)


def probe(name, recs, derive):
    """Blind-baseline style probe: in non-leaking records, does any low-cardinality field outside derive_from
    (value or absence) associate with the label? Chi-square with a permutation p-value; warnings only."""
    import random
    clean = [r for r in recs if not r["truth"]["leak"]]
    fields = defaultdict(dict)
    for idx, r in enumerate(clean):
        for pth, val in leaves(r["projection"]):
            if any(pth == d or pth.startswith(d + "/") for d in derive):
                continue
            fields[re.sub(r"/\d+", "/*", pth)][idx] = str(val)
    ys = [r["expected"] for r in clean]
    rng = random.Random(0)
    for key, m in fields.items():
        xs = [m.get(i, "<absent>") for i in range(len(clean))]
        if not 2 <= len(set(xs)) <= 15:
            continue
        c0 = _chi(xs, ys); hits = 0
        for _ in range(300):
            y2 = ys[:]; rng.shuffle(y2); hits += _chi(xs, y2) >= c0
        if hits / 300 < 0.005:
            WARN.append(f"{name}: field {key} associates with the label in non-leaking records (perm p={hits / 300:.3f})")


def main():
    names = sorted(f[:-6] for f in os.listdir(D) if f.endswith(".jsonl"))
    if len(names) != 14:
        err(f"expected 14 datasets, got {len(names)}")
    allids = set()
    nleak = nclean = 0
    for name in names:
        meta = json.load(open(os.path.join(D, name + ".meta.json"), encoding="utf-8"))
        derive = meta["derive_from"]
        recs = []
        with open(os.path.join(D, name + ".jsonl"), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                try:
                    recs.append(json.loads(line))
                except Exception as e:
                    err(f"{name}:{ln} invalid JSON {e}")
        if not 120 <= len(recs) <= 200:
            err(f"{name}: {len(recs)} records")
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7:
            err(f"{name}: label_set size {len(ls0)}")
        leaks = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"} or r["target"] != "label" or set(r["truth"]) != {"leak"}:
                err(f"{r.get('id')}: bad keys")
            if r["id"] in allids:
                err(f"duplicate id {r['id']}")
            allids.add(r["id"])
            if r["label_set"] != ls0 or r["expected"] not in ls0:
                err(f"{r['id']}: expected/label_set")
            try:
                vals = [ptr(r["projection"], p) for p in derive]
            except Exception as e:
                err(f"{r['id']}: pointer does not resolve ({e})"); continue
            try:
                got = RULE[name](vals)
            except Exception as e:
                err(f"{r['id']}: rule error {e}"); continue
            if got != r["expected"]:
                err(f"{r['id']}: rule gives {got!r}, expected {r['expected']!r}")
            try:
                fams = DET[name](r["projection"], r["expected"])
            except Exception as e:
                err(f"{r['id']}: inconsistent leak material ({e})"); continue
            if bool(fams) != r["truth"]["leak"]:
                err(f"{r['id']}: leak flag {r['truth']['leak']} but planted {fams}")
            leaks += r["truth"]["leak"]
        rate = leaks / len(recs)
        if name in LEAKING:
            nleak += 1
            if not 0.2 <= rate <= 0.7:
                err(f"{name}: leak rate {rate:.2f}")
        else:
            nclean += 1
            if leaks:
                err(f"{name}: clean dataset has {leaks} leaking records")
        probe(name, recs, derive)
        print(f"{name:22s} {'LEAKING' if name in LEAKING else 'CLEAN  '} n={len(recs)} leaking={leaks}")
    if (nleak, nclean) != (9, 5):
        err(f"leaking/clean = {nleak}/{nclean}")
    md = open(os.path.join(D, "DATASETS.md"), encoding="utf-8").read()
    lf, tf = set(), set()
    sec = None
    for line in md.splitlines():
        if line.startswith("- Leak families"): sec = "L"
        elif line.startswith("- Trap families"): sec = "T"
        elif line.startswith("## "): sec = None
        elif line.startswith("  - ") and sec:
            if sec == "L":
                lf.add(line[4:].rsplit(":", 1)[0])
            else:
                tf.add(line[line.index("[") + 1:line.index("]")])
    per = re.findall(r"- Leak families:\n((?:  - .*\n)*)", md)
    if any(p.count("  - ") > 3 for p in per):
        err("more than 3 leak families in a dataset")
    print(f"leak families: {len(lf)}, trap families: {len(tf)}")
    if len(lf) < 15: err("fewer than 15 leak families")
    if len(tf) < 8: err("fewer than 8 trap families")
    for w in WARN:
        print("WARN", w)
    for e in ERR[:50]:
        print("ERROR", e)
    print("OK" if not ERR else f"{len(ERR)} errors")
    return 1 if ERR else 0


if __name__ == "__main__":
    sys.exit(main())
