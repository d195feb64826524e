#!/usr/bin/env python3
"""Validate the ds32 batch (stdlib only). Exit 0 when everything holds."""
import base64
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = {  # name -> leaking?
    "pilotage_ukc": True, "fry_colour": True, "ite_fachadas": True, "discharge_destination": True,
    "textile_flammability": True, "fuel_sulphur": True, "tsunami_message": True, "tea_grade": True,
    "smart_disk": True, "news2_response": False, "fume_hood": False, "respirator_fit": False,
    "playground_surfacing": False, "livestock_transport": False,
}
ERR = []


def err(msg):
    ERR.append(msg)


def resolve(obj, ptr):
    if ptr == "":
        return obj
    cur = obj
    for tok in ptr.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        elif isinstance(cur, dict):
            if tok not in cur:
                raise KeyError(ptr)
            cur = cur[tok]
        else:
            raise KeyError(ptr)
    return cur


# ------------------------------------------------------------------ rules (from derive_from values only)
def r_pilotage(d):
    draft, squat, pct, tide, hw, depth = d
    req = draft * pct / 100
    if depth + tide - draft - squat >= req:
        return "proceed"
    return "wait" if depth + hw - draft - squat >= req else "abort"


def r_fry(d):
    m = sum(d[0]) / len(d[0])
    return "0" if m >= 60 else "1" if m >= 50 else "2" if m >= 40 else "3" if m >= 30 else "4"


def r_ite(d):
    g = [x["gravedad"] for x in d[0]]
    if "muy grave" in g:
        return "negativa"
    return "desfavorable" if ("grave" in g or g.count("leve") >= 3) else "favorable"


def r_discharge(d):
    raw, tol = d
    if raw >= 19:
        return "home"
    if raw >= 16:
        return "home with services"
    return "inpatient rehab" if tol else "skilled nursing facility"


def r_textile(d):
    surface, specs = d
    t = sum(s["burn_time_s"] for s in specs) / len(specs)
    if surface == "plain":
        return "1" if t >= 3.5 else "3"
    if not any(s["base_burn"] for s in specs) or t > 7.0:
        return "1"
    return "2" if t >= 4.0 else "3"


def r_fuel(d):
    s, eca, egcs = d
    if egcs["operating"]:
        return "compliant" if s <= 3.50 else "non-compliant"
    lim, mar = (0.10, 0.01) if eca else (0.50, 0.03)
    if s <= lim:
        return "compliant"
    return "within test margin" if s <= lim + mar else "non-compliant"


def r_tsunami(d):
    mag, depth, pts = d
    mx = max(p["max_amp_m"] for p in pts)
    if mx >= 1.0:
        return "warning"
    if mx >= 0.3:
        return "advisory"
    return "information" if (mag >= 6.5 and depth <= 100) else "no threat"


def r_tea(d):
    f = {str(x["aperture_mm"]): x["retained_g"] for x in d[0]}
    b = {"OP": f["4.0"], "BOP": f["2.0"], "BOPF": f["1.0"], "Dust": f["0.5"] + f["pan"]}
    return max(b, key=b.get)


def r_smart(d):
    txt = d[0]
    overall = re.search(r"self-assessment test result: (\S+)", txt).group(1)
    raw = {}
    for ln in txt.splitlines():
        m = re.match(r"\s*(\d+)\s+(\S+)\s+0x[0-9a-f]{4}\s+\d+\s+\d+\s+\d+\s+\S+\s+\S+\s+\S+\s+(\d+)", ln)
        if m:
            raw[int(m.group(1))] = int(m.group(3))
    re_, pe, ou = raw[5], raw[197], raw[198]
    if overall != "PASSED" or re_ >= 100 or pe + ou >= 10:
        return "failing"
    return "degraded" if (re_ or pe or ou) else "healthy"


def r_news2(d):
    rr, sp, o2, bp, hr, acvpu, t = d
    s = [3 if rr <= 8 else 1 if rr <= 11 else 0 if rr <= 20 else 2 if rr <= 24 else 3,
         3 if sp <= 91 else 2 if sp <= 93 else 1 if sp <= 95 else 0,
         2 if o2 else 0,
         3 if bp <= 90 else 2 if bp <= 100 else 1 if bp <= 110 else 0 if bp <= 219 else 3,
         3 if hr <= 40 else 1 if hr <= 50 else 0 if hr <= 90 else 1 if hr <= 110 else 2 if hr <= 130 else 3,
         0 if acvpu == "A" else 3,
         3 if t <= 35.0 else 1 if t <= 36.0 else 0 if t <= 38.0 else 1 if t <= 39.0 else 2]
    a = sum(s)
    if a >= 7:
        return "high"
    if a >= 5:
        return "medium"
    return "low-medium" if 3 in s else "low"


def r_hood(d):
    g = d[0]
    v = sum(g) / len(g)
    if v < 60 or v > 150:
        return "fail"
    if 80 <= v <= 120 and all(abs(x - v) <= 0.2 * v for x in g):
        return "pass"
    return "restricted"


def r_resp(d):
    typ, ex = d
    used = [e["ff"] for e in ex if e["name"] != "grimace"]
    overall = len(used) / sum(1 / f for f in used)
    return "acceptable" if overall >= (100 if typ == "half mask" else 500) else "unacceptable"


def r_play(d):
    eq, sf, ext = d
    fh, cfh = eq["free_height_of_fall_m"], sf["critical_fall_height_m"]
    if cfh < fh:
        return "surfacing inadequate"
    return "use zone too short" if ext < max(1.5, 2 / 3 * fh + 0.5) else "compliant"


def r_live(d):
    ms, bcs, gest, dsc, f = d
    if ms >= 3 or gest >= 90 or "open wound" in f or "prolapse" in f:
        return "unfit"
    if ms == 2 or bcs <= 1.5 or (dsc is not None and dsc <= 7):
        return "conditional"
    return "fit"


RULES = {"pilotage_ukc": r_pilotage, "fry_colour": r_fry, "ite_fachadas": r_ite, "discharge_destination": r_discharge,
         "textile_flammability": r_textile, "fuel_sulphur": r_fuel, "tsunami_message": r_tsunami, "tea_grade": r_tea,
         "smart_disk": r_smart, "news2_response": r_news2, "fume_hood": r_hood, "respirator_fit": r_resp,
         "playground_surfacing": r_play, "livestock_transport": r_live}


# ------------------------------------------------------------------ planted leak material -> implied labels
def l_pilotage(p):
    out = []
    eta = p["passage_request"]["eta_bar"]
    for e in p["vts_log"]:
        if e["t"] > eta:
            t = e["text"]
            out.append("proceed" if "inbound" in t else "wait" if "anchor" in t else
                       "abort" if ("cancelled" in t or "called off" in t) else "?")
    a = p["ais_snapshot"]
    if a["ts"] > eta:
        out.append({0: "proceed", 1: "wait", 5: "abort"}.get(a["nav_status"], "?"))
    return out


def l_fry(p):
    out = []
    m = re.search(r"background-color:(#[0-9A-F]{6})", p["report_html"])
    if m:
        out.append({"#F3E6B5": "0", "#E9CF8A": "1", "#D9AE5F": "2", "#B9833A": "3", "#8A5523": "4"}.get(m.group(1), "?"))
    for ln in p["vision_log"]:
        m = re.search(r"usda_est=(\d)", ln)
        if m:
            out.append(m.group(1))
    return out


def l_ite(p):
    out = []
    m = re.search(r"Overall result: (\w+)", p["summary_en"])
    if m:
        out.append({"FAVOURABLE": "favorable", "UNFAVOURABLE": "desfavorable", "NEGATIVE": "negativa"}.get(m.group(1), "?"))
    t = p["tramitacion"]
    if t["plazo_subsanacion_dias"] is not None:
        out.append({30: "negativa", 365: "desfavorable", 0: "favorable"}.get(t["plazo_subsanacion_dias"], "?"))
    return out


def l_discharge(p):
    out = []
    if p["dc_planner"]["top"] is not None:
        out.append({"HOME": "home", "HHA": "home with services", "IRF": "inpatient rehab", "SNF": "skilled nursing facility"}[p["dc_planner"]["top"]])
    if p["claim"]["patient_status"] is not None:
        out.append({"01": "home", "06": "home with services", "62": "inpatient rehab", "03": "skilled nursing facility"}[p["claim"]["patient_status"]])
    return out


def l_textile(p):
    out = []
    pl = json.loads(base64.b64decode(p["lims_payload"]))
    if pl["result"] is not None:
        out.append(str(pl["result"]["cpsc_class"]))
    h = p["hangtag_text"]
    for k, v in (("Normal flammability", "1"), ("Intermediate flammability", "2"), ("Rapid and intense", "3")):
        if k in h:
            out.append(v)
    return out


def l_fuel(p):
    out = []
    if p["psc_record"] is not None:
        d = p["psc_record"]["deficiencies"]
        out.append("compliant" if not d else {"99": "within test margin", "17": "non-compliant"}[d[0]["action"]])
    m = re.search(r"- (ON-SPEC|BORDERLINE|OFF-SPEC) S$", p["lab_email"]["subject"])
    if m:
        out.append({"ON-SPEC": "compliant", "BORDERLINE": "within test margin", "OFF-SPEC": "non-compliant"}[m.group(1)])
    return out


def l_tsunami(p):
    out = []
    m = re.search(r"<severity>(\w+)</severity>", p["cap_xml"])
    if m:
        out.append({"Extreme": "warning", "Severe": "advisory", "Minor": "information", "Unknown": "no threat"}[m.group(1)])
    o = p["ops_summary"]
    if o["sirens_activated"] is not None:
        out.append("warning" if o["sirens_activated"] else "advisory" if o["beach_closures"] else
                   "information" if o["media_notices"] else "no threat")
    return out


def l_tea(p):
    out = []
    parts = p["sample"]["invoice_mark"].split()
    if parts[-1] in ("OP1", "BOP1", "BOPF", "D1"):
        out.append({"OP1": "OP", "BOP1": "BOP", "BOPF": "BOPF", "D1": "Dust"}[parts[-1]])
    if p["broker_valuation"] is not None:
        v = p["broker_valuation"]["usd_per_kg"]
        out.append("OP" if v >= 3.6 else "BOP" if v >= 2.8 else "BOPF" if v >= 2.1 else "Dust")
    return out


def l_smart(p):
    out = []
    t = p["dashboard"]["tile"]
    for g, lab in (("\u2705", "healthy"), ("\u26a0", "degraded"), ("\U0001F6D1", "failing")):
        if t.startswith(g):
            out.append(lab)
    m = re.search(r"var-state=(\w+)", p["runbook_url"])
    if m:
        out.append(m.group(1))
    return out


LEAKS = {"pilotage_ukc": l_pilotage, "fry_colour": l_fry, "ite_fachadas": l_ite, "discharge_destination": l_discharge,
         "textile_flammability": l_textile, "fuel_sulphur": l_fuel, "tsunami_message": l_tsunami, "tea_grade": l_tea,
         "smart_disk": l_smart}


def leaves(obj, ptr=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, ptr + "/" + k)
    elif isinstance(obj, list):
        if not obj:
            yield ptr, "[]"
        for i, v in enumerate(obj):
            yield from leaves(v, ptr + "/" + str(i))
    else:
        yield ptr, json.dumps(obj, ensure_ascii=False)


def _fields(records, derive):
    rows = []
    for r in records:
        row = {}
        for ptr, val in leaves(r["projection"]):
            if any(ptr == d or ptr.startswith(d + "/") for d in derive):
                continue
            row.setdefault(re.sub(r"/\d+", "/*", ptr), []).append(val)
        rows.append({k: "|".join(sorted(v)) for k, v in row.items()})
    return rows


def _max_gain(rows, labels):
    n = len(labels)
    base = Counter(labels).most_common(1)[0][1] / n
    by = defaultdict(lambda: defaultdict(Counter))
    for row, lab in zip(rows, labels):
        for k, v in row.items():
            by[k][v][lab] += 1
    best, where = 0.0, None
    for ptr, vals in by.items():
        if len(vals) > 12:
            continue
        correct = covered = 0
        for c in vals.values():
            tot = sum(c.values())
            if tot >= 3:
                correct += c.most_common(1)[0][1]
                covered += tot
        if covered:
            acc = (correct + base * (n - covered)) / n
            if acc - base > best:
                best, where = acc - base, ptr
    return best, where


def blind_gain(records, derive, shuffles=60):
    """Rough blind baseline: best single non-derive field (<= 12 distinct values) used as a per-value
    majority-vote predictor, compared with the same statistic under label permutations."""
    import random as _r
    if not records:
        return 0.0, None, 0.0
    rows = _fields(records, derive)
    labels = [r["expected"] for r in records]
    obs, where = _max_gain(rows, labels)
    rng = _r.Random(7)
    null = []
    for _ in range(shuffles):
        perm = labels[:]
        rng.shuffle(perm)
        null.append(_max_gain(rows, perm)[0])
    return obs, where, max(null)


def main():
    names = sorted(EXPECT)
    total_leak = 0
    for name in names:
        path = os.path.join(HERE, name + ".jsonl")
        meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
        derive = meta["derive_from"]
        recs = []
        with open(path, encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                try:
                    recs.append(json.loads(line))
                except Exception as e:
                    err(f"{name}:{ln} invalid JSON {e}")
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids):
            err(f"{name}: duplicate ids")
        if not 120 <= len(recs) <= 200:
            err(f"{name}: {len(recs)} records")
        labels = recs[0]["label_set"]
        if not 2 <= len(labels) <= 7:
            err(f"{name}: label count {len(labels)}")
        nleak = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err(f"{r['id']}: keys {sorted(r)}")
            if r["label_set"] != labels or r["expected"] not in labels or r["target"] != "label":
                err(f"{r['id']}: label fields")
            try:
                vals = [resolve(r["projection"], p) for p in derive]
            except Exception as e:
                err(f"{r['id']}: pointer {e}")
                continue
            got = RULES[name](vals)
            if got != r["expected"]:
                err(f"{r['id']}: rule gives {got!r}, expected {r['expected']!r}")
            implied = LEAKS[name](r["projection"]) if name in LEAKS else []
            if bool(implied) != r["truth"]["leak"]:
                err(f"{r['id']}: leak flag {r['truth']['leak']} but planted material {implied}")
            if any(x != r["expected"] for x in implied):
                err(f"{r['id']}: leak material implies {implied}, expected {r['expected']}")
            nleak += bool(r["truth"]["leak"])
        rate = nleak / len(recs)
        if EXPECT[name] and not 0.2 <= rate <= 0.7:
            err(f"{name}: leak rate {rate:.2f}")
        if not EXPECT[name] and nleak:
            err(f"{name}: clean dataset has {nleak} leaking records")
        clean = [r for r in recs if not r["truth"]["leak"]]
        gain, where, nullmax = blind_gain(clean, derive)
        if gain > nullmax:
            err(f"{name}: non-derive field {where} predicts label in clean records "
                f"(gain {gain:.2f} > permutation max {nullmax:.2f})")
        total_leak += nleak
        print(f"{name:24s} {'LEAK ' if EXPECT[name] else 'CLEAN'} n={len(recs)} leaking={nleak} "
              f"labels={dict(Counter(r['expected'] for r in recs))} blind_gain={gain:.2f} null_max={nullmax:.2f} ({where})")
    if ERR:
        for e in ERR[:50]:
            print("ERROR", e)
        print(f"{len(ERR)} errors")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
