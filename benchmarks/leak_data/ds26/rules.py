"""Label rules (derive_from only) and planted-leak probes for ds26. stdlib only."""
import base64, json, re, datetime

def jptr(obj, ptr):
    if ptr == "":
        return obj
    for tok in ptr.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(tok)]
        else:
            obj = obj[tok]
    return obj

# ---------------------------------------------------------------- derive rules
def d_asbestos(v):
    a = v["/tool_result/acm/assessment"]
    t = sum(a[k]["score"] for k in ("product_type", "damage", "surface_treatment", "asbestos_type"))
    return "high" if t >= 10 else "medium" if t >= 7 else "low" if t >= 5 else "very low"

def d_battery(v):
    if v["/inspection/swelling"]:
        return "recycle"
    soh = 100.0 * v["/diag/full_charge_capacity_mWh"] / v["/diag/design_capacity_mWh"]
    if soh >= 90 and v["/diag/cycle_count"] < 300:
        return "A"
    return "B" if soh >= 80 else "C" if soh >= 70 else "recycle"

def d_cider(v):
    s = v["/fiche_lot/analyse_labo/sucres_residuels_g_l"]
    return "brut" if s < 28 else "demi-sec" if s <= 42 else "doux"

def d_climb(v):
    sc = v["/route_tool/segment/length_km"] * v["/route_tool/segment/avg_gradient_pct"] ** 2
    return "HC" if sc >= 800 else "1" if sc >= 400 else "2" if sc >= 150 else "3" if sc >= 60 else "4"

def d_cotton(v):
    rd = v["/hvi_record/Rd"]
    return ("Good Middling" if rd >= 80 else "Strict Middling" if rd >= 77 else "Middling" if rd >= 73
            else "Strict Low Middling" if rd >= 69 else "Low Middling")

def d_ev(v):
    pv, ev, ac = v["/pmo_tool/evm/PV"], v["/pmo_tool/evm/EV"], v["/pmo_tool/evm/AC"]
    m = min(ev / ac, ev / pv)
    return "on track" if m >= 0.95 else "at risk" if m >= 0.85 else "off track"

GHG_COMBUSTION = {"stationary combustion", "mobile combustion", "fugitive emissions", "process emissions"}
GHG_PURCHASED = {"purchased electricity", "purchased heat/steam", "purchased cooling"}
def d_ghg(v):
    at = v["/ledger_line/activity_type"]
    if at in GHG_PURCHASED:
        return "Scope 2"
    if at in GHG_COMBUSTION and v["/ledger_line/asset_control"] == "owned/operated by reporting company":
        return "Scope 1"
    return "Scope 3"

def d_hba1c(v):
    val, unit = v["/observation/valueQuantity/value"], v["/observation/valueQuantity/unit"]
    pct = val if unit == "%" else val / 10.929 + 2.15
    return "normal" if pct < 5.7 else "prediabetes" if pct < 6.5 else "diabetes"

def d_ice(v):
    eff = min(h["clear_ice_in"] + 0.5 * h["white_ice_in"] for h in v["/field_survey/auger_holes"])
    return ("stay off" if eff < 4 else "walk" if eff < 5 else "snowmobile" if eff < 8
            else "car" if eff < 12 else "truck")

STANDARDS = [375, 585, 750, 916, 999]
def d_jewel(v):
    r = v["/assay/results_ppt"]
    m = sum(r) / len(r)
    ok = [s for s in STANDARDS if s <= m]
    return str(ok[-1])

def d_yarn(v):
    wpi = v["/swatch/wraps_counted"] / v["/swatch/span_inches"]
    return ("lace" if wpi >= 30 else "fingering" if wpi >= 19 else "sport" if wpi >= 15
            else "DK" if wpi >= 12 else "worsted" if wpi >= 9 else "bulky")

def d_lake(v):
    import math
    tsi = 60 - 14.41 * math.log(v["/site_visit/secchi_depth_m"])
    return ("oligotrophic" if tsi < 40 else "mesotrophic" if tsi < 50 else "eutrophic" if tsi < 70
            else "hypereutrophic")

def pdc(fills, period_end):
    end = datetime.date.fromisoformat(period_end)
    fl = sorted(fills, key=lambda f: f["fill_date"])
    start = datetime.date.fromisoformat(fl[0]["fill_date"])
    covered = set()
    nxt = start
    for f in fl:
        d = max(datetime.date.fromisoformat(f["fill_date"]), nxt)
        for i in range(f["days_supply"]):
            day = d + datetime.timedelta(days=i)
            if day <= end:
                covered.add(day)
        nxt = d + datetime.timedelta(days=f["days_supply"])
    return len(covered) / ((end - start).days + 1)

def d_med(v):
    p = pdc(v["/claims/fills"], v["/claims/period_end"])
    return "adherent" if p >= 0.8 else "partially adherent" if p >= 0.5 else "non-adherent"

def d_attend(v):
    pct = 100.0 * v["/mis_extract/sessions_attended"] / v["/mis_extract/possible_sessions"]
    return "severely absent" if pct < 50 else "persistently absent" if pct < 90 else "regular"

DERIVE = {
    "asbestos_mas": d_asbestos, "battery_refurb_grade": d_battery, "cider_sweetness": d_cider,
    "cycling_kom_category": d_climb, "cotton_classing": d_cotton, "earned_value_status": d_ev,
    "ghg_scope": d_ghg, "hba1c_screening": d_hba1c, "ice_access": d_ice,
    "jewellery_hallmark": d_jewel, "knitting_yarn_weight": d_yarn, "lake_trophic_state": d_lake,
    "medication_adherence": d_med, "attendance_absence": d_attend,
}

# ---------------------------------------------------------------- leak probes
# Each returns the label implied by planted leak material, or None. Conflicting material -> "CONFLICT".
def _one(found):
    s = set(found)
    if not s:
        return None
    return s.pop() if len(s) == 1 else "CONFLICT"

def p_asbestos(p):
    acm = p["tool_result"]["acm"]; f = []
    m = {"H": "high", "M": "medium", "L": "low", "VL": "very low"}
    for ph in acm["photos"]:
        mm = re.search(r"_MAS-(VL|H|M|L)\.jpe?g$", ph["file"])
        if mm: f.append(m[mm.group(1)])
    c = {"red": "high", "amber": "medium", "yellow": "low", "green": "very low"}
    mm = re.search(r'class="acm-row risk-(red|amber|yellow|green)"', acm["register_html"])
    if mm: f.append(c[mm.group(1)])
    return _one(f)

def p_battery(p):
    f = []
    z = {"Z1-PREMIUM": "A", "Z2-STANDARD": "B", "Z3-ECONOMY": "C", "HAZ-RECYC": "recycle"}
    loc = p["wms"]["putaway_location"]
    if loc:
        f.append(z[loc.split("/")[0]])
    rows = p["batch_export_csv"].strip().split("\r\n")
    hdr = rows[0].split(",")
    for r in rows[1:]:
        cells = dict(zip(hdr, r.split(",")))
        if cells["serial"] == p["unit"]["serial"] and cells["grade"]:
            f.append(cells["grade"])
    return _one(f)

def p_cider(p):
    f = []
    st = {"Dry": "brut", "Medium dry": "demi-sec", "Sweet": "doux"}
    s = p["fiche_importateur"]["style"]
    if s: f.append(st[s])
    mm = re.match(r"CID75-(BR|DS|DX)-", p["logistique"]["ref_article"])
    if mm: f.append({"BR": "brut", "DS": "demi-sec", "DX": "doux"}[mm.group(1)])
    return _one(f)

def p_climb(p):
    f = []
    pts = p["race_context"]["kom_table"]["points_first"]
    if pts is not None:
        f.append({20: "HC", 10: "1", 5: "2", 2: "3", 1: "4"}[pts])
    name = p["route_tool"]["segment"]["name"]
    o = {"hors-catégorie": "HC", "first-category": "1", "second-category": "2", "third-category": "3",
         "fourth-category": "4"}
    for k, lab in o.items():
        if (k + " " + name) in p["live_commentary"]:
            f.append(lab)
    for h in p["race_context"]["edit_history"]:
        if h["field"] == "category":
            f.append(h["new"])
    return _one(f)

def p_ev(p):
    f = []
    g = {"🟢": "on track", "🟠": "at risk", "🔴": "off track"}
    mm = re.search(r"\*\*Overall RAG:\*\* (🟢|🟠|🔴)", p["status_report_md"])
    if mm: f.append(g[mm.group(1)])
    st = json.loads(base64.b64decode(p["ui_state"]).decode())
    if st.get("rag"): f.append(st["rag"].replace("_", " "))
    for m in p["mail_thread"]:
        mm = re.search(r"\[(GREEN|AMBER|RED)\]", m["subject"])
        if mm: f.append({"GREEN": "on track", "AMBER": "at risk", "RED": "off track"}[mm.group(1)])
    return _one(f)

def p_ghg(p):
    f = []
    m = {"direct emissions (owned/controlled sources)": "Scope 1",
         "indirect emissions from purchased energy": "Scope 2",
         "other indirect (value chain) emissions": "Scope 3"}
    lab = p["auto_tagger"]["label"]
    if lab: f.append(m[lab])
    for c in p["tool_trace"]:
        mm = re.search(r"[?&]scope=(\d)", c["request"])
        if mm: f.append("Scope " + mm.group(1))
    return _one(f)

SMS_ICE = {"KEEP OFF - ICE UNSAFE": "stay off", "FOOT TRAFFIC ONLY": "walk",
           "SNOWMOB/ATV OK, NO VEH": "snowmobile", "CARS/LT VEH OK, NO PICKUPS": "car",
           "PICKUPS/HVY VEH OK": "truck"}
def p_ice(p):
    f = []
    t = {"ICE_STAY_OFF": "stay off", "ICE_FOOT": "walk", "ICE_SLED": "snowmobile", "ICE_CAR": "car",
         "ICE_TRUCK": "truck"}
    mm = re.search(r"template=(ICE_\w+)", p["ops_log"])
    if mm: f.append(t[mm.group(1)])
    for k, lab in SMS_ICE.items():
        if p["sms_preview"].endswith(k): f.append(lab)
    return _one(f)

def p_jewel(p):
    f = []
    k = {"9ct": "375", "14ct": "585", "18ct": "750", "22ct": "916", "24ct": "999"}
    for line in p["invoice_lines"]:
        mm = re.search(r"gold (\d+ct),", line["text"])
        if mm: f.append(k[mm.group(1)])
    mm = re.match(r"STD=(\d{3});", bytes.fromhex(p["laser_job"]["payload_hex"]).decode())
    if mm: f.append(mm.group(1))
    for a in p["attachments"]:
        mm = re.search(r"std (\d{3}) struck", a["exif"].get("UserComment", ""))
        if mm: f.append(mm.group(1))
    return _one(f)

def p_med(p):
    f = []
    cm = p["care_mgmt"]
    for key, lab in (("adherence_recognition_letter_at", "adherent"),
                     ("refill_reminder_enrolled_at", "partially adherent"),
                     ("mtm_pharmacist_referral_at", "non-adherent")):
        if cm[key]: f.append(lab)
    b = p["quality_measures"]["pqa_pdc_bucket"]
    if b: f.append({"PDC_GE_80": "adherent", "PDC_50_79": "partially adherent", "PDC_LT_50": "non-adherent"}[b])
    return _one(f)

def p_none(p):
    return None

PROBE = {
    "asbestos_mas": p_asbestos, "battery_refurb_grade": p_battery, "cider_sweetness": p_cider,
    "cycling_kom_category": p_climb, "cotton_classing": p_none, "earned_value_status": p_ev,
    "ghg_scope": p_ghg, "hba1c_screening": p_none, "ice_access": p_ice,
    "jewellery_hallmark": p_jewel, "knitting_yarn_weight": p_none, "lake_trophic_state": p_none,
    "medication_adherence": p_med, "attendance_absence": p_none,
}
