#!/usr/bin/env python3
"""Validate batch ds29 (stdlib only). Exit 0 when all good."""
import base64
import datetime as dt
import glob
import hashlib
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rules as R  # noqa: E402

EXPECT = {  # name: (leaking?, n_labels)
    "braden_risk": True, "gold_spirometry": True, "feinstaub_plakette": True, "ast_interpretation": True, "noise_dose": True,
    "speeding_fine_band": True, "carcass_seurop": True, "oil_analysis": True, "pet_travel": True,
    "saffron_iso3632": False, "septic_perc": False, "myopia_grade": False, "sprinkler_hazard": False, "vibration_zone": False,
}
ERR = []


def err(msg):
    ERR.append(msg)


def resolve(obj, ptr):
    for part in ptr.lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


# ------------------------------------------------------------------ leak decoders
# Each returns a list of labels decoded from planted leak material (empty list = no leak material).
def d_braden(p):
    out = []
    res = p["tool_calls"][0]["result"]
    tiers = ["no risk", "mild risk", "moderate risk", "high risk", "severe risk"]
    for o in res["orders"]:
        m = re.fullmatch(r"PIP-T(\d)", o["code"])
        if m:
            out.append(tiers[int(m.group(1))])
    rs = res["flowsheet"].get("reposition_schedule")
    if rs is not None:
        out.append({"q1h": "severe risk", "q2h": "high risk", "q3h": "moderate risk", "q4h": "mild risk"}.get(rs, "no risk"))
    for a in res["attachments"]:
        doc = json.loads(base64.b64decode(a["data"]))
        if doc.get("resourceType") == "RiskAssessment":
            code = doc["prediction"][0]["qualitativeRisk"]["coding"][0]["code"]
            out.append({"negligible": "no risk", "low": "mild risk", "moderate": "moderate risk", "high": "high risk", "certain": "severe risk"}[code])
    return out


def d_gold(p):
    out = []
    r = p["spirometry_report"]
    m = re.search(r"_GOLD(\d)\.pdf$", r["attachments"][0]["filename"])
    if m:
        out.append(m.group(1))
    m = re.search(r"grado (uno|dos|tres|cuatro)", p["patient_letter_es"])
    if m:
        out.append({"uno": "1", "dos": "2", "tres": "3", "cuatro": "4"}[m.group(1)])
    m = re.search(r"(very severe|severe|moderate|mild) airflow", r["device_interpretation"])
    if m:
        out.append({"mild": "1", "moderate": "2", "severe": "3", "very severe": "4"}[m.group(1)])
    return out


def d_fein(p):
    out = []
    v = p["vorgang"]
    if "schadstoffgruppe" in v["gebuehrenbescheid"]:
        out.append({1: "keine", 2: "rot", 3: "gelb", 4: "grün"}[v["gebuehrenbescheid"]["schadstoffgruppe"]])
    for c in v["chat"]:
        for e, lab in (("🟢", "grün"), ("🟡", "gelb"), ("🔴", "rot"), ("⛔", "keine")):
            if e in c["text"]:
                out.append(lab)
    m = re.search(r"farbe=(\w+)", v["druckauftrag"]["url"])
    if m:
        out.append({"gruen": "grün"}.get(m.group(1), m.group(1)))
    return out


def d_ast(p):
    out = []
    r = p["lis_record"]
    ab = {"ciprofloxacin": "CIP", "levofloxacin": "LVX", "ceftriaxone": "CRO", "meropenem": "MEM", "gentamicin": "GEN", "amikacin": "AMK"}[r["target_test"]["drug"]]
    full = {"S": "susceptible", "I": "intermediate", "R": "resistant"}
    for seg in r["hl7_raw"].split("\r"):
        f = seg.split("|")
        if f[0] == "OBX" and f[3].startswith(ab + "^") and f[8]:
            out.append(full[f[8]])
    m = re.search(r'class="interp interp--([sir])"', r["report_html"])
    if m:
        out.append(full[m.group(1).upper()])
    for c in r["comments"]:
        if "suppressed per selective" in c:
            out.append("susceptible")
        if "released per selective" in c:
            out.append("not-susceptible")
    return out


def d_noise(p):
    out = []
    a = p["assessment"]
    for line in a["system"]["log"]:
        m = re.search(r"result=(\w+)", line)
        if m:
            out.append({"BELOW": "below action values", "LEAV": "lower exposure action value", "UEAV": "upper exposure action value", "ELV": "exposure limit value"}[m.group(1)])
    s = dt.date.fromisoformat(a["survey_date"])
    due = dt.date.fromisoformat(a["system"]["next_survey_due"])
    if not (due.month == 1 and due.day == 31 and due.year == s.year + 1):
        months = (due.year - s.year) * 12 + due.month - s.month
        out.append({36: "below action values", 24: "lower exposure action value", 12: "upper exposure action value", 3: "exposure limit value"}[months])
    return out


def d_speed(p):
    out = []
    c = p["case_file"]
    fine = c["financial"]["proposed_fine_gbp"]
    if fine is not None:
        ratio = fine / c["financial"]["relevant_weekly_income_gbp"]
        out.append(min(((abs(ratio - x), lab) for x, lab in ((0.5, "Band A"), (1.0, "Band B"), (1.5, "Band C"))))[1])
    for d in c["documents"]:
        m = re.search(r"BAND([ABC])", d["template_id"])
        if m:
            out.append("Band " + m.group(1))
    return out


def d_carcass(p):
    out = []
    s = p["slaughter_line"]
    lines = s["photo_ocr"].split("\n")
    m = re.match(r"([SEUROP])\s", lines[1])
    if m:
        out.append(m.group(1))
    if "sort_lane" in s["routing"]:
        out.append("SEUROP"[s["routing"]["sort_lane"] - 1])
    return out


def d_oil(p):
    out = []
    lab = p["sample"]["lab"]
    h = lab["result_cache_key"].split(":")[-1]
    for l in R.OIL_LABELS:
        if hashlib.md5(l.encode()).hexdigest()[:12] == h:
            out.append(l)
    rec = lab["analyst_recommendation"]
    if rec.startswith("Oil and component condition satisfactory"):
        out.append("normal")
    elif rec.startswith("Wear trend elevated"):
        out.append("caution")
    elif rec.startswith("Remove unit from service"):
        out.append("critical")
    return out


def d_pet(p):
    out = []
    b = p["booking"]
    r = b["carrier_check"]["resultat"]
    if r != "contrôle non effectué":
        out.append({"admis": "eligible", "en attente (délai)": "wait", "refusé": "refused"}[r])
    for line in b["invoice"]:
        if line["item"] == "Kennel boarding":
            n = line["nights"]
            out.append("eligible" if n == 0 else "refused" if n == 120 else "wait")
    return out


def d_none(p):
    return []


DECODERS = {"braden_risk": d_braden, "gold_spirometry": d_gold, "feinstaub_plakette": d_fein, "ast_interpretation": d_ast,
            "noise_dose": d_noise, "speeding_fine_band": d_speed, "carcass_seurop": d_carcass, "oil_analysis": d_oil, "pet_travel": d_pet}


# ------------------------------------------------------------------ blind-baseline style scan
def leaves(obj, path=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, path + "/" + k)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from leaves(v, path + "/" + str(i))
    else:
        yield path, obj


def outside(path, derive):
    return not any(path == d or path.startswith(d + "/") for d in derive)


def baseline_scan(name, recs, derive):
    """Among clean records only: does any categorical out-of-derive field or any token predict the label?"""
    clean = [r for r in recs if not r["truth"]["leak"]]
    n = len(clean)
    prior = Counter(r["expected"] for r in clean).most_common(1)[0][1] / n
    by_path = defaultdict(dict)
    tok_lab = defaultdict(Counter)
    for r in clean:
        seen = set()
        for p, v in leaves(r["projection"]):
            if not outside(p, derive):
                continue
            gp = re.sub(r"/\d+", "/*", p)
            by_path[gp][r["id"]] = json.dumps(v, ensure_ascii=False)
            if isinstance(v, str):
                for t in re.findall(r"[\w\-]+", v.lower()):
                    seen.add(t)
        for t in seen:
            tok_lab[t][r["expected"]] += 1
    lab = {r["id"]: r["expected"] for r in clean}
    warn = []
    for gp, m in by_path.items():
        vals = Counter(m.values())
        if len(vals) < 2 or len(vals) > 12:
            continue
        per = defaultdict(Counter)
        for rid, v in m.items():
            per[v][lab[rid]] += 1
        acc = (sum(c.most_common(1)[0][1] for c in per.values()) + (n - len(m)) * prior) / n
        if acc > prior + 0.12 + 0.02 * len(vals):
            warn.append("field %s acc %.2f vs prior %.2f" % (gp, acc, prior))
    for t, c in tok_lab.items():
        tot = sum(c.values())
        if 12 <= tot <= n - 12:
            top, k = c.most_common(1)[0]
            if k / tot > min(0.95, prior + 0.45) and k >= 10:
                warn.append("token %r -> %s in %d/%d" % (t, top, k, tot))
    return warn


def main():
    files = sorted(glob.glob(os.path.join(HERE, "*.jsonl")))
    names = [os.path.basename(f)[:-6] for f in files]
    if sorted(names) != sorted(EXPECT):
        err("dataset set mismatch: %s" % names)
    n_leak = sum(EXPECT.values())
    if n_leak != 9 or len(EXPECT) - n_leak != 5:
        err("need 9 leaking + 5 clean")
    langs = {}
    for name in names:
        meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
        derive = meta["derive_from"]
        if not derive or not isinstance(meta.get("note"), str):
            err("%s: bad meta" % name)
        recs = []
        ids = set()
        with open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                try:
                    r = json.loads(line)
                except ValueError as e:
                    err("%s:%d invalid JSON %s" % (name, ln, e))
                    continue
                recs.append(r)
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        labelset = recs[0]["label_set"]
        if not 2 <= len(labelset) <= 7:
            err("%s: label_set size" % name)
        langs[name] = labelset
        nleak = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"} or set(r["truth"]) != {"leak"}:
                err("%s: keys %s" % (r.get("id"), sorted(r)))
            if r["id"] in ids:
                err("dup id %s" % r["id"])
            ids.add(r["id"])
            if not re.fullmatch(re.escape(name) + r"-\d{4}", r["id"]):
                err("bad id %s" % r["id"])
            if r["label_set"] != labelset or r["expected"] not in labelset or r["target"] != "label":
                err("%s: label fields" % r["id"])
            vals = {}
            for p in derive:
                try:
                    vals[p] = resolve(r["projection"], p)
                except (KeyError, IndexError, ValueError, TypeError):
                    err("%s: pointer %s does not resolve" % (r["id"], p))
            if len(vals) == len(derive):
                got = R.RULES[name](vals)
                if got != r["expected"]:
                    err("%s: rule gives %r, expected %r" % (r["id"], got, r["expected"]))
            dec = DECODERS.get(name, d_none)(r["projection"])
            planted = bool(dec)
            if planted != r["truth"]["leak"]:
                err("%s: leak flag %s but planted material %s" % (r["id"], r["truth"]["leak"], dec))
            for d in dec:
                ok = d == r["expected"] or (d == "not-susceptible" and r["expected"] != "susceptible")
                if not ok:
                    err("%s: planted material decodes to %r, expected %r" % (r["id"], d, r["expected"]))
            nleak += r["truth"]["leak"]
        frac = nleak / len(recs)
        if EXPECT.get(name):
            if not 0.2 <= frac <= 0.7:
                err("%s: leak fraction %.2f" % (name, frac))
        elif nleak:
            err("%s: clean dataset has %d leaking records" % (name, nleak))
        for w in baseline_scan(name, recs, derive):
            print("WARN %s: %s" % (name, w))
        print("%-20s %s n=%d leaking=%d labels=%s" % (name, "LEAK " if EXPECT.get(name) else "CLEAN", len(recs), nleak, dict(Counter(r["expected"] for r in recs))))
    if not any(all(re.fullmatch(r"\d+", l) for l in ls) for ls in langs.values()):
        err("no numeric-label dataset")
    if not any(any(" " in l for l in ls) for ls in langs.values()):
        err("no multi-word labels")
    for e in ERR[:50]:
        print("ERROR", e)
    print("errors: %d" % len(ERR))
    return 1 if ERR else 0


if __name__ == "__main__":
    sys.exit(main())
