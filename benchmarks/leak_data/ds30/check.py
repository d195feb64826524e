#!/usr/bin/env python3
"""Validator for batch ds30 (stdlib only). Exit 0 when all good."""
import json, os, sys, math, base64, re, urllib.parse
from datetime import date

D = os.path.dirname(os.path.abspath(__file__))
SPEC = {  # name: (leaking, n_labels)
    "solar_flare": True, "stellar_class": False, "tomate_madurez": True, "ar_aging": True, "fgas_leak_check": False,
    "childcare_ratio": True, "child_pugh": True, "alcohol_duty_band": False, "wind_chill_risk": True,
    "gas_safety_classification": True, "weight_and_balance": False, "tennis_line_call": True, "driving_test_result": False,
    "fibre_link_certification": True,
}
errors = []


def err(m):
    errors.append(m)


def ptr(obj, p):
    for part in p.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(part)]
        else:
            obj = obj[part]
    return obj


# ------------------------------------------------------------ rules (derive_from values only)
def r_solar(v):
    f = max(float(s["flux"]) for s in v["/tool_calls/0/output/samples"])
    return "A" if f < 1e-7 else "B" if f < 1e-6 else "C" if f < 1e-5 else "M" if f < 1e-4 else "X"


def r_stellar(v):
    t = v["/pipeline_output/teff_k"]
    return "O" if t >= 30000 else "B" if t >= 10000 else "A" if t >= 7500 else "F" if t >= 6000 else "G" if t >= 5200 else "K" if t >= 3700 else "M"


def r_tomate(v):
    c = v["/analisis_imagen/caras_pct_color"]
    m = sum(c) / len(c)
    if m == 0: return "Verde"
    if m <= 10: return "Rompiente"
    if m <= 30: return "Virando"
    if m <= 60: return "Rosado"
    if m <= 90: return "Rojo claro"
    return "Rojo"


def r_ar(v):
    asof = date.fromisoformat(v["/task/as_of_date"])
    inv = date.fromisoformat(v["/invoice/invoice_date"])
    terms = int(v["/invoice/payment_terms"].split()[-1])
    due = date.fromisoformat(v["/invoice/due_date"])
    if (due - inv).days != terms:
        raise ValueError("due date inconsistent with terms")
    d = (asof - due).days
    return "Current" if d <= 0 else "1-30 days" if d <= 30 else "31-60 days" if d <= 60 else "61-90 days" if d <= 90 else "Over 90 days"


def r_fgas(v):
    t = v["/equipment/refrigerant_charge_kg"] * v["/equipment/refrigerant_gwp"] / 1000
    return "not required" if t < 5 else "every 12 months" if t < 50 else "every 6 months" if t < 500 else "every 3 months"


def r_childcare(v):
    ages = [c["age_months"] for c in v["/session/children_present"]]
    a = sum(1 for x in ages if x < 24); b = sum(1 for x in ages if 24 <= x < 36); c = sum(1 for x in ages if x >= 36)
    return str(math.ceil(a / 4) + math.ceil(b / 5) + math.ceil(c / 10))


def r_pugh(v):
    b, a, i = v["/labs/bilirubin_mg_dl"], v["/labs/albumin_g_dl"], v["/labs/inr"]
    p = (1 if b < 2 else 2 if b <= 3 else 3) + (1 if a > 3.5 else 2 if a >= 2.8 else 3) + (1 if i < 1.7 else 2 if i <= 2.3 else 3)
    p += {"none": 1, "mild": 2, "moderate": 3, "severe": 3}[v["/exam/ascites"]]
    e = v["/exam/encephalopathy"]
    p += 1 if e == "none" else 2 if e in ("grade 1", "grade 2") else 3
    return "Class A" if p <= 6 else "Class B" if p <= 9 else "Class C"


def r_duty(v):
    a = v["/product/abv_percent"]
    return "exempt" if a < 1.2 else "lower" if a < 3.5 else "standard" if a < 8.5 else "higher" if a <= 22 else "strong"


def r_wind(v):
    t, s = v["/obs/air_temp_c"], v["/obs/wind_speed_kmh"]
    w = 13.12 + 0.6215 * t - 11.37 * s ** 0.16 + 0.3965 * t * s ** 0.16
    return "low" if w > -10 else "moderate" if w > -28 else "high" if w > -40 else "very high" if w > -48 else "severe" if w > -55 else "extreme"


def r_gas(v):
    if v["/readings/flue_spillage_test"] == "fail" or v["/readings/tightness_drop_mbar"] > 4.0:
        return "Immediately Dangerous"
    if v["/readings/co_co2_ratio"] > 0.0080 or v["/readings/ventilation_free_area_cm2"] < v["/readings/ventilation_required_cm2"]:
        return "At Risk"
    if v["/installation/protective_bonding"] == "absent" or not v["/installation/co_alarm_fitted"]:
        return "Not to Current Standards"
    return "Satisfactory"


def r_wb(v):
    lim, st = v["/limits"], v["/loading/stations"]
    W = sum(s["weight_lb"] for s in st)
    cg = sum(s["weight_lb"] * s["arm_in"] for s in st) / W
    if W > lim["mtow_lb"]: return "overweight"
    if cg < lim["fwd_cg_limit_in"]: return "forward of limits"
    if cg > lim["aft_cg_limit_in"]: return "aft of limits"
    return "within limits"


def r_tennis(v):
    return "out" if v["/hawkeye/impact/center_offset_mm"] > v["/hawkeye/impact/footprint_half_width_mm"] else "in"


def r_driving(v):
    f = v["/marking_sheet/faults"]
    if any(x["serious"] or x["dangerous"] for x in f) or sum(x["driving"] for x in f) > 15:
        return "fail"
    return "pass"


def r_fibre(v):
    b = v["/link/length_m"] / 1000 * 0.35 + v["/link/mated_connector_pairs"] * 0.75 + v["/link/splices"] * 0.3
    m = b - v["/olts_result/loss_db_1310"]
    return "PASS" if m >= 0.5 else "MARGINAL" if m >= 0 else "FAIL"


RULES = {"solar_flare": r_solar, "stellar_class": r_stellar, "tomate_madurez": r_tomate, "ar_aging": r_ar, "fgas_leak_check": r_fgas,
         "childcare_ratio": r_childcare, "child_pugh": r_pugh, "alcohol_duty_band": r_duty, "wind_chill_risk": r_wind,
         "gas_safety_classification": r_gas, "weight_and_balance": r_wb, "tennis_line_call": r_tennis,
         "driving_test_result": r_driving, "fibre_link_certification": r_fibre}


# ------------------------------------------------------------ planted-leak detectors: return list of (family, consistent)
def l_solar(p, e):
    out = []
    for tc in p["tool_calls"]:
        if tc["name"] == "get_noaa_scales":
            r = tc["output"]["0"]["R"]["Scale"]
            ok = (r == "0" and e in "ABC") or (r in "12" and e == "M") or (r in "345" and e == "X")
            out.append(("noaa-scale", ok))
    for k, txt in p.get("attachments", {}).items():
        m = re.search(r"XRA\s+1-8A\s+([ABCMX])\d", txt)
        out.append(("eventlist", bool(m) and m.group(1) == e))
    return out


def l_tomate(p, e):
    out = []
    m = re.search(r"\(20\)(\d\d)", p["etiqueta_gs1"])
    labs = ["Verde", "Rompiente", "Virando", "Rosado", "Rojo claro", "Rojo"]
    if m:
        out.append(("gs1", labs[int(m.group(1)) - 1] == e))
    if "planificacion" in p:
        out.append(("days", {12: "Verde", 9: "Rompiente", 7: "Virando", 5: "Rosado", 3: "Rojo claro", 1: "Rojo"}[p["planificacion"]["dias_hasta_expedicion"]] == e))
    return out


def l_ar(p, e):
    labs = ["Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days"]
    out = []
    if "collections" in p:
        out.append(("dunning", labs[p["collections"]["dunning_level"]] == e))
    if "gl_journal" in p:
        rate = float(re.search(r"rate ([\d.]+)%", p["gl_journal"]["memo"]).group(1))
        out.append(("ecl", {0.5: "Current", 2.0: "1-30 days", 5.0: "31-60 days", 15.0: "61-90 days", 45.0: "Over 90 days"}[rate] == e))
    return out


WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def l_childcare(p, e):
    out = []
    m = re.search(r"(?:need|done:) (\w+) (?:educators|staff)", p["handover_note"])
    if m:
        out.append(("word", str(WORDS[m.group(1)]) == e))
    if "sign_in_sheet" in p:
        out.append(("card", str(len(p["sign_in_sheet"]["required_positions"])) == e))
    return out


def l_pugh(p, e):
    out = []
    if "cds_banner" in p:
        msg = p["cds_banner"]["message"]
        g = "Class A" if msg.startswith("Well-compensated") else "Class B" if msg.startswith("Significant") else "Class C"
        out.append(("cds", g == e))
    txt = json.dumps(p["clinic_letter_adf"])
    m = re.search(r"CTP-([ABC])", txt)
    if m:
        out.append(("adf", "Class " + m.group(1) == e))
    if re.search(r"CTP|Class [ABC]|Child-Pugh", p["clinic_letter_markdown"]):
        out.append(("md", False))
    return out


def l_wind(p, e):
    labs = ["low", "moderate", "high", "very high", "severe", "extreme"]
    fr = {"faible": "low", "modéré": "moderate", "élevé": "high", "très élevé": "very high", "sévère": "severe", "extrême": "extreme"}
    out = []
    m = re.search(r"risk-lvl-(\d)", p["public_page_html"])
    if m:
        out.append(("css", labs[int(m.group(1)) - 1] == e))
    m = re.search(r"risque ([^.]+)\.", p["bulletin_fr"])
    if m:
        out.append(("fr", fr[m.group(1)] == e))
    if "public_advice" in p:
        a = p["public_advice"]
        g = ("low" if a.startswith("Slight") else "moderate" if a.startswith("Risk") else "high" if "10 to 30" in a else
             "very high" if "5 to 10" in a else "severe" if "2 to 5" in a else "extreme")
        out.append(("frost", g == e))
    return out


def l_gas(p, e):
    out = []
    code = {"ID": "Immediately Dangerous", "AR": "At Risk", "NCS": "Not to Current Standards", "OK": "Satisfactory"}
    if "notice_ref" in p["job"]:
        out.append(("ref", code[p["job"]["notice_ref"].split("-")[1]] == e))
    emo = {"\U0001F534": "Immediately Dangerous", "\U0001F7E0": "At Risk", "\U0001F7E1": "Not to Current Standards", "\U0001F7E2": "Satisfactory"}
    for ch, lab in emo.items():
        if ch in p["app_status_line"]:
            out.append(("emoji", lab == e))
    return out


def l_tennis(p, e):
    out = []
    pts = ["0", "15", "30", "40"]
    m = p["match"]
    if "score_after_point" in m:
        b = [pts.index(x) for x in m["score_before_point"].split("-")]
        a = [pts.index(x) for x in m["score_after_point"].split("-")]
        server_won = a[0] > b[0]
        hitter_won = server_won == (m["shot_by"] == "server")
        out.append(("score", ("in" if hitter_won else "out") == e))
    tok = json.loads(base64.b64decode(p["gfx_token"]))
    if "verdict" in tok:
        out.append(("token", tok["verdict"].lower() == e))
    return out


def l_fibre(p, e):
    out = []
    if "report_url" in p:
        fn = urllib.parse.unquote(p["report_url"].rsplit("/", 1)[1])
        out.append(("url", re.search(r"\[(\w+)\]", fn).group(1) == e))
    if "follow_up" in p:
        t = p["follow_up"]["task"]
        g = "PASS" if t.startswith("Accepted") else "MARGINAL" if t.startswith("Inspect") else "FAIL"
        out.append(("wo", g == e))
    return out


def l_none(p, e):
    return []


LEAKS = {"solar_flare": l_solar, "tomate_madurez": l_tomate, "ar_aging": l_ar, "childcare_ratio": l_childcare, "child_pugh": l_pugh,
         "wind_chill_risk": l_wind, "gas_safety_classification": l_gas, "tennis_line_call": l_tennis, "fibre_link_certification": l_fibre}


def main():
    nleak_ds = nclean_ds = 0
    ids = set()
    for name, leaking in SPEC.items():
        jf, mf = os.path.join(D, name + ".jsonl"), os.path.join(D, name + ".meta.json")
        if not (os.path.exists(jf) and os.path.exists(mf)):
            err(f"{name}: missing files"); continue
        meta = json.load(open(mf, encoding="utf-8"))
        if not meta.get("derive_from") or not isinstance(meta.get("note"), str):
            err(f"{name}: bad meta")
        recs = []
        for ln, line in enumerate(open(jf, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except Exception as ex:
                err(f"{name}:{ln} invalid json {ex}")
        if not 120 <= len(recs) <= 200:
            err(f"{name}: {len(recs)} records")
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7:
            err(f"{name}: label_set size {len(ls0)}")
        nl = 0
        for r in recs:
            rid = r.get("id", "")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err(f"{rid}: keys {sorted(r)}")
            if rid in ids or not re.fullmatch(re.escape(name) + r"-\d{4}", rid):
                err(f"{rid}: dup/bad id")
            ids.add(rid)
            if r["label_set"] != ls0 or r["expected"] not in ls0 or r["target"] != "label":
                err(f"{rid}: label problem")
            vals = {}
            for p in meta["derive_from"]:
                try:
                    vals[p] = ptr(r["projection"], p)
                except Exception:
                    err(f"{rid}: pointer {p} unresolved")
            try:
                got = RULES[name](vals)
            except Exception as ex:
                err(f"{rid}: rule error {ex}"); got = None
            if got != r["expected"]:
                err(f"{rid}: recomputed {got!r} != expected {r['expected']!r}")
            found = LEAKS.get(name, l_none)(r["projection"], r["expected"])
            for fam, ok in found:
                if not ok:
                    err(f"{rid}: planted {fam} inconsistent with expected")
            if bool(found) != r["truth"]["leak"]:
                err(f"{rid}: truth.leak {r['truth']['leak']} but planted material {found}")
            nl += r["truth"]["leak"]
        frac = nl / len(recs)
        if leaking:
            nleak_ds += 1
            if not 0.2 <= frac <= 0.7:
                err(f"{name}: leak fraction {frac:.2f}")
        else:
            nclean_ds += 1
            if nl:
                err(f"{name}: clean dataset has {nl} leaking records")
    if (nleak_ds, nclean_ds) != (9, 5):
        err(f"dataset split {nleak_ds}/{nclean_ds}")
    for e in errors[:50]:
        print("ERROR", e)
    print(f"{len(errors)} errors; {len(ids)} records checked")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
