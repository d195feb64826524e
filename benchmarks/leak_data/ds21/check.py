#!/usr/bin/env python3
"""Validate the ds21 batch (stdlib only). Exit 0 when all good."""
import base64
import datetime as dt
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ERR = []


def err(msg):
    ERR.append(msg)


def resolve(doc, ptr):
    if ptr == "":
        return doc
    if not ptr.startswith("/"):
        raise KeyError(ptr)
    cur = doc
    for tok in ptr[1:].split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        elif isinstance(cur, dict):
            cur = cur[tok]
        else:
            raise KeyError(ptr)
    return cur


# ------------------------------------------------------------------ rules (derive_from values only)
def r_rwycc(v):
    c, d, cov, t = (v["/tool_calls/0/output/contaminant"], v["/tool_calls/0/output/depth_mm"],
                    v["/tool_calls/0/output/coverage_pct"], v["/tool_calls/0/output/oat_c"])
    if c == "DRY" or cov < 25:
        return "6"
    if c in ("FROST", "WET"):
        return "5"
    if c in ("SLUSH", "DRY SNOW", "WET SNOW"):
        if d <= 3:
            return "5"
        return "2" if c == "SLUSH" else "3"
    if c == "COMPACTED SNOW":
        return "4" if t <= -15 else "3"
    if c in ("DRY SNOW ON TOP OF COMPACTED SNOW", "WET SNOW ON TOP OF COMPACTED SNOW"):
        return "3"
    if c == "STANDING WATER":
        return "2"
    if c == "ICE":
        return "1"
    if c in ("WET ICE", "WATER ON TOP OF COMPACTED SNOW", "DRY SNOW ON TOP OF ICE", "WET SNOW ON TOP OF ICE"):
        return "0"
    raise ValueError(c)


def r_vig(v):
    h = v["/observation/hauteur_m"]
    if h >= v["/station/seuils/seuil_rouge_m"]:
        return "rouge"
    if h >= v["/station/seuils/seuil_orange_m"]:
        return "orange"
    if h >= v["/station/seuils/seuil_jaune_m"]:
        return "jaune"
    return "vert"


def r_going(v):
    rd = v["/clerk_report/goingstick/readings"]
    m = sum(rd) / len(rd)
    for lab, hi in (("Heavy", 5.0), ("Soft", 6.5), ("Good to Soft", 7.5), ("Good", 8.5), ("Good to Firm", 9.5)):
        if m < hi:
            return lab
    return "Firm"


def r_coffee(v):
    s, d = v["/cupping_form/scores"], v["/cupping_form/defects"]
    keys = ["fragrance_aroma", "flavor", "aftertaste", "acidity", "body", "balance", "uniformity", "clean_cup",
            "sweetness", "overall"]
    assert sorted(keys) == sorted(s)
    tot = sum(s[k] for k in keys) - 2 * d["taint_cups"] - 4 * d["fault_cups"]
    return "Outstanding" if tot >= 90 else "Excellent" if tot >= 85 else "Very Good" if tot >= 80 else "Below Specialty"


def r_hur(v):
    w = v["/advisory/max_sustained_wind_kt"]
    return "1" if w <= 82 else "2" if w <= 95 else "3" if w <= 112 else "4" if w <= 136 else "5"


def r_egg(v):
    o = {"AA": 0, "A": 1, "B": 2}
    p = "/candling_record/observations/"
    num, den = v[p + "air_cell_depth"].split()[0].split("/")
    depth = float(num) / float(den)
    g = ["AA" if depth <= 1 / 8 else "A" if depth <= 3 / 16 else "B"]
    g.append({"clear, firm": "AA", "clear, reasonably firm": "A", "clear, may be weak and watery": "B"}[v[p + "white"]])
    y = v[p + "yolk"]
    g.append("AA" if y.startswith("outline slightly defined") else "A" if y.startswith("outline fairly well defined")
             else "B" if y.startswith("outline plainly visible") else None)
    sh = v[p + "shell"]
    g.append("AA" if sh.startswith("clean, unbroken, practically normal") else "B")
    return max(g, key=lambda x: o[x])


def r_lte(v):
    rsrp, sinr = v["/measurement/rsrp_dbm"], v["/measurement/sinr_db"]
    if rsrp >= -80 and sinr >= 20:
        return "Excellent"
    if rsrp >= -90 and sinr >= 13:
        return "Good"
    if rsrp >= -100 and sinr >= 0:
        return "Fair"
    return "Poor"


def r_pci(v):
    pci = max(0, 100 - sum(d["deduct_value"] for d in v["/inspection/distresses"]))
    for lab, lo in (("Good", 86), ("Satisfactory", 71), ("Fair", 56), ("Poor", 41), ("Very Poor", 26), ("Serious", 11)):
        if pci >= lo:
            return lab
    return "Failed"


def r_exp(v):
    lines = v["/report/lines"]
    if any(l["category"] in ("Alcohol", "Personal entertainment", "Traffic fine") for l in lines):
        return "Reject"
    if any(l["amount_usd"] > 75 and not l["receipt_attached"] for l in lines):
        return "Return for Receipt"
    return "Approve"


def r_drought(v):
    m = (v["/indicators/spi_90d_percentile"] + v["/indicators/soil_moisture_percentile"] +
         v["/indicators/streamflow_7d_percentile"]) / 3
    for lab, hi in (("D4", 2), ("D3", 5), ("D2", 10), ("D1", 20), ("D0", 30)):
        if m <= hi:
            return lab
    return "None"


def r_climb(v):
    L, f, s = v["/climb/length_km"], v["/climb/foot_alt_m"], v["/climb/summit_alt_m"]
    g = (s - f) / (L * 1000.0) * 100.0
    sc = L * g * g
    return "HC" if sc >= 600 else "1" if sc >= 320 else "2" if sc >= 150 else "3" if sc >= 60 else "4"


def r_bf(v):
    kt = v["/aws/true_wind_speed_ms"] * 1.943844
    for f, hi in (("3", 10.5), ("4", 16.5), ("5", 21.5), ("6", 27.5), ("7", 33.5), ("8", 40.5)):
        if kt < hi:
            return f
    raise ValueError(kt)


def r_bp(v):
    rd = v["/encounter/vitals/bp_readings"]
    s = sum(r["systolic"] for r in rd) / len(rd)
    d = sum(r["diastolic"] for r in rd) / len(rd)
    if s > 180 or d > 120:
        return "Hypertensive Crisis"
    if s >= 140 or d >= 90:
        return "Hypertension Stage 2"
    if s >= 130 or d >= 80:
        return "Hypertension Stage 1"
    if s >= 120:
        return "Elevated"
    return "Normal"


def r_gcs(v):
    t = v["/assessment/gcs/eye"] + v["/assessment/gcs/verbal"] + v["/assessment/gcs/motor"]
    return "Mild" if t >= 13 else "Moderate" if t >= 9 else "Severe"


# ------------------------------------------------------------------ planted-material decoders
def d_rwycc(p):
    out = []
    ba = {"GOOD": "5", "GOOD TO MEDIUM": "4", "MEDIUM": "3", "MEDIUM TO POOR": "2", "POOR": "1", "LESS THAN POOR": "0"}
    for line in p["ops_log"]:
        m = re.search(r"SNOWTAM draft queued for NOF: \S+ \d{8} \S+ (\d)/(\d)/(\d) ", line)
        if m:
            out += list(m.groups())
    m = re.search(r"BRAKING ACTION ([A-Z ]+?) RWY", p["current_atis"])
    if m:
        out.append(ba[m.group(1)])
    return out


def d_vig(p):
    out = []
    hexc = {"#28D661": "vert", "#FFFF00": "jaune", "#FF9900": "orange", "#FF0000": "rouge"}
    fill = re.search(r"stroke:(#[0-9A-F]{6})", p["carte_svg"]).group(1)
    if fill != "#BFBFBF":
        out.append(hexc[fill])
    for m in p["messages_diffuses"]:
        g = re.search(r"NIVEAU (\d)/4", m)
        if g:
            out.append(["vert", "jaune", "orange", "rouge"][int(g.group(1)) - 1])
    emo = {"\U0001F7E2": "vert", "\U0001F7E1": "jaune", "\U0001F7E0": "orange", "\U0001F534": "rouge"}
    for post in p["reseaux_sociaux"]:
        for e, lab in emo.items():
            if e in post:
                out.append(lab)
    return out


def d_coffee(p, labels):
    out = []
    parts = p["lot"]["lot_code"].split("-")
    if len(parts) == 5:
        out.append({"OUT": "Outstanding", "EXC": "Excellent", "VGD": "Very Good", "BSP": "Below Specialty"}[parts[3]])
    m = re.search(r"[?&]grade=([a-z-]+)", p["lot"]["listing_url"])
    if m:
        out.append({"outstanding": "Outstanding", "excellent": "Excellent", "very-good": "Very Good",
                    "below-specialty": "Below Specialty"}[m.group(1)])
    if "auto_cupper" in p:
        pr = p["auto_cupper"]["class_probs"]
        out.append(labels[pr.index(max(pr))])
    return out


def d_egg(p):
    out = []
    m = re.search(r"grade_(AA|A|B)_", p["packing_instruction"]["carton_label_template"])
    if m:
        out.append(m.group(1))
    t = json.loads(base64.b64decode(p["packing_instruction"]["lot_ticket"]))
    if "gr" in t:
        out.append(t["gr"])
    return out


def d_pci(p):
    out = []
    tr = {"M0": "Good", "M1": "Satisfactory", "M2": "Fair", "M3": "Poor", "M4": "Very Poor", "M5": "Serious", "M6": "Reconstruct"}
    tr["M6"] = "Failed"
    if p["workplan"]["treatment"] is not None:
        out.append(tr[p["workplan"]["treatment"].split()[0]])
    c = re.search(r'class="seg-row (pci-[a-z]+)"', p["network_report_html"]).group(1)
    if c != "pci-pending":
        out.append({"pci-good": "Good", "pci-sat": "Satisfactory", "pci-fair": "Fair", "pci-poor": "Poor",
                    "pci-vpoor": "Very Poor", "pci-ser": "Serious", "pci-fail": "Failed"}[c])
    if p["next_inspection_due"] is not None:
        a = dt.date.fromisoformat(p["inspection"]["date"])
        b = dt.date.fromisoformat(p["next_inspection_due"])
        months = (b.year - a.year) * 12 + b.month - a.month
        out.append({36: "Good", 30: "Satisfactory", 24: "Fair", 18: "Poor", 12: "Very Poor", 6: "Serious", 3: "Failed"}[months])
    return out


def d_exp(p):
    out = []
    if "payment" in p:
        out.append({"SCHEDULED": "Approve", "VOID": "Reject", "ON_HOLD": "Return for Receipt"}[p["payment"]["status"]])
    for raw in p["notifications_raw"]:
        subj = re.search(r"\r\nSubject: ([^\r]*)\r\n", raw).group(1)
        if "submitted for review" in subj:
            continue
        out.append("Approve" if "approved" in subj else "Reject" if "declined" in subj
                   else "Return for Receipt" if "sent back" in subj else "?")
    txt = json.dumps(p["approver_comment"]["adf"])
    if p["approver_comment"]["adf"]["content"]:
        if "pay run" in txt or "fine to pay" in txt:
            out.append("Approve")
        elif "resubmit without" in txt or "Not paying" in txt:
            out.append("Reject")
        elif "attach the missing receipt" in txt or "itemised folio" in txt:
            out.append("Return for Receipt")
        else:
            out.append("?")
    return out


def d_climb(p):
    out = []
    kp = p["jury_sheet"]["kom_points"]
    if isinstance(kp, list):
        out.append({20: "HC", 10: "1", 5: "2", 2: "3", 1: "4"}[kp[0]])
    m = re.search(r"\((hors catégorie|1re catégorie|2e catégorie|3e catégorie|4e catégorie),", p["roadbook_fr"])
    if m:
        out.append({"hors catégorie": "HC", "1re catégorie": "1", "2e catégorie": "2", "3e catégorie": "3",
                    "4e catégorie": "4"}[m.group(1)])
    return out


def d_bf(p):
    out = []
    desc = {"gentle breeze": "3", "moderate breeze": "4", "fresh breeze": "5", "strong breeze": "6", "near gale": "7", "gale": "8"}
    for r in p["deck_log_remarks"]:
        m = re.match(r"Wind (.+?) from the ", r)
        if m:
            out.append(desc[m.group(1)])
    words = {"three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
    for line in p["radio_log"]:
        m = re.search(r"\bforce (three|four|five|six|seven|eight)\b", line)
        if m:
            out.append(words[m.group(1)])
    for line in p["ingest_log"]:
        m = re.search(r"\bbf=(\d)", line)
        if m:
            out.append(m.group(1))
    return out


def d_bp(p, labels):
    out = []
    key = p["cds"]["cache_key"]
    for lab in labels:
        if key == "bpcat:" + hashlib.sha1(lab.encode()).hexdigest()[:16]:
            out.append(lab)
    ab = {"NORM": "Normal", "ELEV": "Elevated", "HTN-S1": "Hypertension Stage 1", "HTN-S2": "Hypertension Stage 2",
          "HTN-CRISIS": "Hypertensive Crisis"}
    for a in p["audit_trail"]:
        if a.get("field") == "vitals.bp_class":
            out.append(ab[a["new"]])
    return out


def d_none(p):
    return []


SPEC = {
    "runway_condition_code": (True, r_rwycc, lambda p, L: d_rwycc(p)),
    "vigilance_crues": (True, r_vig, lambda p, L: d_vig(p)),
    "racecourse_going": (False, r_going, lambda p, L: d_none(p)),
    "coffee_cupping_grade": (True, r_coffee, d_coffee),
    "hurricane_category": (False, r_hur, lambda p, L: d_none(p)),
    "egg_candling_grade": (True, r_egg, lambda p, L: d_egg(p)),
    "lte_drive_test_quality": (False, r_lte, lambda p, L: d_none(p)),
    "pavement_condition_rating": (True, r_pci, lambda p, L: d_pci(p)),
    "expense_report_review": (True, r_exp, lambda p, L: d_exp(p)),
    "drought_monitor_category": (False, r_drought, lambda p, L: d_none(p)),
    "climb_category": (True, r_climb, lambda p, L: d_climb(p)),
    "ship_wind_force": (True, r_bf, lambda p, L: d_bf(p)),
    "bp_category": (True, r_bp, d_bp),
    "gcs_severity": (False, r_gcs, lambda p, L: d_none(p)),
}


def main():
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".jsonl"))
    names = [f[:-6] for f in files]
    if sorted(names) != sorted(SPEC):
        err("dataset set mismatch: %s" % names)
    nleaking = sum(1 for n in names if SPEC.get(n, (False,))[0])
    if len(names) != 14 or nleaking != 9:
        err("need 14 datasets with 9 leaking, got %d/%d" % (len(names), nleaking))
    all_ids = set()
    for name in names:
        leaking, rule, dec = SPEC[name]
        try:
            meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
        except Exception as e:  # noqa: BLE001
            err("%s: bad meta %s" % (name, e))
            continue
        if set(meta) != {"derive_from", "note"} or not meta["derive_from"]:
            err("%s: meta keys" % name)
        recs = []
        with open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                try:
                    recs.append(json.loads(line))
                except Exception as e:  # noqa: BLE001
                    err("%s:%d invalid JSON %s" % (name, ln, e))
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        nl = 0
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7 or len(set(ls0)) != len(ls0):
            err("%s: label_set size" % name)
        for k, r in enumerate(recs, 1):
            rid = r.get("id")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err("%s: keys %s" % (rid, sorted(r)))
                continue
            if rid != "%s-%04d" % (name, k) or rid in all_ids:
                err("%s: bad/duplicate id" % rid)
            all_ids.add(rid)
            if r["label_set"] != ls0 or r["expected"] not in ls0 or r["target"] != "label":
                err("%s: label_set/expected/target" % rid)
            if set(r["truth"]) != {"leak"} or not isinstance(r["truth"]["leak"], bool):
                err("%s: truth" % rid)
                continue
            vals = {}
            for ptr in meta["derive_from"]:
                try:
                    vals[ptr] = resolve(r["projection"], ptr)
                except Exception:  # noqa: BLE001
                    err("%s: pointer %s does not resolve" % (rid, ptr))
            if len(vals) == len(meta["derive_from"]):
                try:
                    got = rule(vals)
                except Exception as e:  # noqa: BLE001
                    got = "ERR %s" % e
                if got != r["expected"]:
                    err("%s: rule gives %s, expected %s" % (rid, got, r["expected"]))
            found = dec(r["projection"], ls0)
            if bool(found) != r["truth"]["leak"]:
                err("%s: leak flag %s but planted material %s" % (rid, r["truth"]["leak"], found))
            if any(x != r["expected"] for x in found):
                err("%s: planted material %s does not encode expected %s" % (rid, found, r["expected"]))
            nl += r["truth"]["leak"]
        frac = nl / float(len(recs))
        if leaking and not (0.2 <= frac <= 0.7 or frac == 1.0):
            err("%s: leak fraction %.2f" % (name, frac))
        if not leaking and nl:
            err("%s: clean dataset has %d leaking records" % (name, nl))
        print("%-28s %-7s n=%3d leaking=%3d labels=%d" % (name, "LEAKING" if leaking else "CLEAN", len(recs), nl, len(ls0)))
    for e in ERR[:50]:
        print("ERROR:", e)
    print("%d errors" % len(ERR))
    return 1 if ERR else 0


if __name__ == "__main__":
    sys.exit(main())
