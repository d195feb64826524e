#!/usr/bin/env python3
"""Validate the ds22 batch. stdlib only. Exit 0 when all good.

Label rules below see ONLY the values at the derive_from pointers (in the order
listed in <name>.meta.json). Leak detectors look for the planted leak material
and require it to encode the expected label."""
import base64
import collections
import json
import math
import os
import re
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- rules
def r_tyre(v):
    (readings,) = v
    m = min(round(x * 10) for lst in readings.values() for x in lst)
    if m < 16:
        return "fail"
    if m < 20:
        return "advisory"
    return "pass"


def r_geomag(v):
    (rows,) = v
    thirds = max(round(float(r["Kp"]) * 3) for r in rows)
    g = thirds // 3 - 4
    return str(g)


def r_calor(v):
    umbrales, tmax = v
    if tmax < umbrales["amarillo"]:
        return "verde"
    if tmax < umbrales["naranja"]:
        return "amarillo"
    if tmax < umbrales["rojo"]:
        return "naranja"
    return "rojo"


ZONE_BANDS = [(150, "2"), (300, "3"), (600, "4"), (1000, "5"), (1400, "6"), (1800, "7")]


def r_usps(v):
    _o, _d, dist = v
    for hi, z in ZONE_BANDS:
        if dist <= hi:
            return z
    return "8"


BOOK_POINTS = {
    "inscription on front free endpaper": 1, "bumped corners": 1, "sunned spine": 1,
    "foxing to prelims": 2, "light pencil underlining": 2, "dust jacket chipped": 2,
    "ex-library with stamps": 3, "heavy ink underlining": 3, "loose binding": 4,
    "water staining": 5, "detached boards": 6, "missing pages": 10,
}


def r_book(v):
    (defects,) = v
    pts = sum(BOOK_POINTS[d["defect"]] for d in defects)
    if pts == 0:
        return "As New"
    if pts <= 2:
        return "Very Good"
    if pts <= 5:
        return "Good"
    if pts <= 9:
        return "Fair"
    return "Poor"


def r_vaccine(v):
    (csv_text,) = v
    lines = csv_text.strip().splitlines()
    hdr = lines[0].split(",")
    ti = hdr.index("temp_c")
    temps = [float(l.split(",")[ti]) for l in lines[1:]]
    if min(temps) < 0.0 or max(temps) > 25.0:
        return "discard"
    mins = 15 * sum(1 for t in temps if t > 8.0)
    if mins > 240:
        return "discard"
    if mins > 0:
        return "quarantine"
    return "usable"


def r_ext(v):
    myear, iyear, gauge, gross, rated, shell = v
    if shell == "pitting/corrosion" or iyear - myear > 20:
        return "condemned"
    if gauge != "green (operable)" or gross * 10 < rated * 9:
        return "recharge required"
    return "in service"


def r_tls(v):
    protocols, cert, suites = v
    if "SSL 3.0" in protocols or not cert["trusted"]:
        return "F"
    if suites["rc4"] or not suites["forward_secrecy"]:
        return "C"
    if "TLS 1.0" in protocols or "TLS 1.1" in protocols:
        return "B"
    return "A"


def r_radon(v):
    (tests,) = v
    vals = [t["result"] / 37.0 if t["unit"] == "Bq/m3" else t["result"] for t in tests]
    avg = sum(vals) / len(vals)
    if avg >= 4.0:
        return "mitigate"
    if avg >= 2.0:
        return "consider mitigation"
    return "no action"


def r_truck(v):
    gvw, groups, width = v
    if gvw > 150000 or width > 16:
        return "superload"
    over_axle = any((g["type"] == "single" and g["weight_lb"] > 20000) or
                    (g["type"] == "tandem" and g["weight_lb"] > 34000) for g in groups)
    if gvw > 80000 or over_axle or width > 8.5:
        return "permit required"
    return "legal"


def r_pollen(v):
    (c,) = v
    if c < 30:
        return "low"
    if c < 50:
        return "moderate"
    if c < 150:
        return "high"
    return "very high"


SCAFF_CRIT = ["base_plates_present", "sole_boards_sound", "ties_at_required_spacing", "platform_fully_boarded"]
SCAFF_MINOR = ["guardrails_complete", "toe_boards_present", "access_ladder_secured", "load_class_sign_displayed"]


def r_scaffold(v):
    (cl,) = v
    if any(not cl[k] for k in SCAFF_CRIT):
        return "red"
    if any(not cl[k] for k in SCAFF_MINOR):
        return "yellow"
    return "green"


def r_grease(v):
    total, fog, solids = v
    # 25 % rule on tenths of an inch (integers)
    t, f, s = round(total * 10), round(fog * 10), round(solids * 10)
    if 100 * (f + s) < 20 * t:
        return "compliant"
    if 100 * (f + s) < 25 * t:
        return "pump soon"
    return "overdue"


def r_beach(v):
    entero, spill = v
    if spill or entero >= 500:
        return "closed"
    if entero >= 104:
        return "advisory"
    return "open"


RULES = {
    "mot_tyre_tread": r_tyre, "geomag_storm_gscale": r_geomag, "aviso_calor_aemet": r_calor,
    "usps_zone_rating": r_usps, "used_book_condition": r_book, "vaccine_fridge_excursion": r_vaccine,
    "extinguisher_annual": r_ext, "tls_endpoint_grade": r_tls, "radon_home_test": r_radon,
    "oversize_truck_permit": r_truck, "grass_pollen_level": r_pollen, "scaffold_tag_status": r_scaffold,
    "grease_interceptor_fog": r_grease, "beach_bacteria_status": r_beach,
}

# ------------------------------------------------------------ detectors
TYRE_HEX = {"pass": "#00703c", "advisory": "#f47738", "fail": "#d4351c"}
TYRE_APP = {"pass": "comfortably above", "advisory": "approaching the limit", "fail": "replacement required"}
CAL_CAP = {"verde": "1; green; Minor", "amarillo": "2; yellow; Moderate", "naranja": "3; orange; Severe",
           "rojo": "4; red; Extreme"}
CAL_EMOJI = {"verde": "\U0001F7E2", "amarillo": "\U0001F7E1", "naranja": "\U0001F7E0", "rojo": "\U0001F534"}
BOOK_ABBR = {"As New": "AN", "Very Good": "VG", "Good": "G", "Fair": "FR", "Poor": "P"}
BOOK_SLUG = {"As New": "as-new", "Very Good": "very-good", "Good": "good", "Fair": "fair", "Poor": "poor"}
VAX_LOC = {"usable": "FRIDGE-A (returned to use)", "quarantine": "QUARANTINE-SHELF-1", "discard": "PHARM-WASTE-BIN-2"}
EXT_BADGE = {"in service": "bg-success", "recharge required": "bg-warning", "condemned": "bg-danger"}
EXT_WO = {"in service": "No remedial work", "recharge required": "Discharge, refill and re-pressurise",
          "condemned": "Remove unit from site for scrapping"}
TLS_SLA = {"A": None, "B": 90, "C": 30, "F": 7}
RADON_ES = {"mitigate": "le recomendamos reparar su vivienda", "consider mitigation": "considere reparar su vivienda",
            "no action": "no es necesario tomar ninguna medida"}
RADON_REF = {"mitigate": 3, "consider mitigation": 1, "no action": 0}


def price(zone, w):
    z = int(zone)
    return round(9.25 + 0.85 * (z - 1) + (1.10 + 0.60 * (z - 1)) * (w - 1), 2)


def d_tyre(p, e):
    f = []
    if "background-color:" + TYRE_HEX[e] in p["mot_report_html"]:
        f.append("colour_hex")
    if p.get("photo_gauge_app") and TYRE_APP[e] in p["photo_gauge_app"]["summary"]:
        f.append("upstream_paraphrase")
    return f


def d_geomag(p, e):
    f = []
    for prod in p["swpc_product_index"]:
        if prod["code"] == "ALTK0%d" % (int(e) + 4):
            f.append("message_code")
    if p.get("forwarded_mail") and ("NOAA Scale: G%s" % e) in p["forwarded_mail"]:
        f.append("scale_line_in_mail")
    return f


def d_calor(p, e):
    f = []
    cap = p.get("cap_meteoalarm") or ""
    if "Temperaturas m" in cap and CAL_CAP[e] in cap:
        f.append("cap_awareness_level")
    if p["notificacion_push"]["titulo"].startswith(CAL_EMOJI[e]):
        f.append("emoji_glyph")
    return f


def d_usps(p, e):
    f = []
    tc = p["tool_calls"][1]
    if (":z%s:" % e) in tc["log"]:
        f.append("cache_key")
    if tc["output"].get("postage_usd") is not None and tc["output"]["postage_usd"] == price(e, p["shipment"]["weight_lb"]):
        f.append("downstream_price")
    return f


def d_book(p, e):
    f = []
    if p["listing"]["sku"].endswith("-" + BOOK_ABBR[e]):
        f.append("sku_abbreviation")
    if any(("_%s_" % BOOK_SLUG[e]) in ph for ph in p["photos"]):
        f.append("photo_filename")
    return f


def d_vaccine(p, e):
    f = []
    if any(VAX_LOC[e] in a["event"] for a in p["audit_log"]):
        f.append("later_audit_event")
    tok = p["workflow"]["state_token"]
    st = json.loads(base64.b64decode(tok))
    if st.get("disposition") == e:
        f.append("base64_state")
    return f


def d_ext(p, e):
    f = []
    if EXT_BADGE[e] in p["card_html"]:
        f.append("css_badge_class")
    if any(EXT_WO[e] in w["text"] for w in p["work_orders"]):
        f.append("downstream_work_order")
    return f


def d_tls(p, e):
    f = []
    m = re.search(r"img\.shields\.io/badge/ssl%20labs-([A-F])-", p["repo_readme_excerpt"])
    if m and m.group(1) == e:
        f.append("badge_url")
    rem = p.get("remediation")
    if rem is not None and rem.get("due_in_days") == TLS_SLA[e]:
        f.append("sla_correlate")
    return f


def d_radon(p, e):
    f = []
    if RADON_ES[e] in p["letter"]["es"]:
        f.append("translation")
    if p.get("contractor_referrals_sent") == RADON_REF[e]:
        f.append("post_decision_count")
    return f


def d_none(p, e):
    return []


DETECT = {
    "mot_tyre_tread": d_tyre, "geomag_storm_gscale": d_geomag, "aviso_calor_aemet": d_calor,
    "usps_zone_rating": d_usps, "used_book_condition": d_book, "vaccine_fridge_excursion": d_vaccine,
    "extinguisher_annual": d_ext, "tls_endpoint_grade": d_tls, "radon_home_test": d_radon,
}
CLEAN = ["oversize_truck_permit", "grass_pollen_level", "scaffold_tag_status", "grease_interceptor_fog",
         "beach_bacteria_status"]


# ------------------------------------------------------------- helpers
def resolve(doc, ptr):
    if ptr == "":
        return doc
    cur = doc
    for tok in ptr.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        else:
            cur = cur[tok]
    return cur


def leaves(obj, path=""):
    if isinstance(obj, dict):
        if not obj:
            yield path, "{}"
        for k, v in obj.items():
            yield from leaves(v, path + "/" + k)
    elif isinstance(obj, list):
        if not obj:
            yield path, "[]"
        for i, v in enumerate(obj):
            yield from leaves(v, path + "/*")
    else:
        yield path, obj


def norm_ptr(p):
    return re.sub(r"/\d+(?=/|$)", "/*", p)


def blind_gain(recs, derive):
    """Crude blind baseline on clean records: every low-cardinality leaf outside
    derive_from (and the instruction) plus the leaf-path signature."""
    dnorm = [norm_ptr(d) for d in derive]
    feats = collections.defaultdict(dict)
    for i, r in enumerate(recs):
        sig = []
        for path, val in leaves(r["projection"]):
            if any(path == d or path.startswith(d + "/") for d in dnorm):
                continue
            if path.startswith("/instruc"):
                continue
            sig.append(path)
            key = feats[path]
            key.setdefault(i, []).append(json.dumps(val, ensure_ascii=False))
        feats["__sig__"][i] = ["|".join(sorted(set(sig)))]
    labels = [r["expected"] for r in recs]
    n = len(recs)
    base = collections.Counter(labels).most_common(1)[0][1] / n
    worst = (0.0, None)
    for path, per in feats.items():
        vals = ["\x00".join(per.get(i, ["<absent>"])) for i in range(n)]
        distinct = len(set(vals))
        if distinct > 12 or distinct < 2:
            continue
        tab = collections.defaultdict(collections.Counter)
        for v, l in zip(vals, labels):
            tab[v][l] += 1
        acc = sum(c.most_common(1)[0][1] for c in tab.values()) / n
        # allowance for overfitting with many groups
        allow = 0.12 + 0.02 * distinct
        gain = acc - base - allow
        if gain > worst[0]:
            worst = (gain, path)
    return worst


def main():
    errors = []
    names = sorted(RULES)
    n_leak_ds = n_clean_ds = 0
    fams = set()
    for name in names:
        jp = os.path.join(HERE, name + ".jsonl")
        mp = os.path.join(HERE, name + ".meta.json")
        if not os.path.exists(jp) or not os.path.exists(mp):
            errors.append("%s: missing files" % name)
            continue
        meta = json.load(open(mp, encoding="utf-8"))
        derive = meta["derive_from"]
        recs = []
        with open(jp, encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                try:
                    recs.append(json.loads(line))
                except Exception as ex:
                    errors.append("%s:%d bad json %s" % (name, ln, ex))
        if not 120 <= len(recs) <= 200:
            errors.append("%s: %d records" % (name, len(recs)))
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids):
            errors.append("%s: duplicate ids" % name)
        lsets = {tuple(r["label_set"]) for r in recs}
        if len(lsets) != 1:
            errors.append("%s: label_set differs" % name)
        ls = list(lsets)[0]
        if not 2 <= len(ls) <= 7:
            errors.append("%s: label count" % name)
        leaks = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                errors.append("%s %s: keys %s" % (name, r["id"], sorted(r)))
            if not re.fullmatch(re.escape(name) + r"-\d{4}", r["id"]):
                errors.append("%s: bad id %s" % (name, r["id"]))
            if r["target"] != "label":
                errors.append("%s %s: target" % (name, r["id"]))
            if r["expected"] not in r["label_set"]:
                errors.append("%s %s: expected not in label_set" % (name, r["id"]))
            try:
                vals = [resolve(r["projection"], p) for p in derive]
            except Exception as ex:
                errors.append("%s %s: pointer fails %s" % (name, r["id"], ex))
                continue
            got = RULES[name](vals)
            if got != r["expected"]:
                errors.append("%s %s: rule gives %s, expected %s" % (name, r["id"], got, r["expected"]))
            found = DETECT.get(name, d_none)(r["projection"], r["expected"])
            fams.update((name, f) for f in found)
            if bool(found) != r["truth"]["leak"]:
                errors.append("%s %s: leak flag %s but planted %s" % (name, r["id"], r["truth"]["leak"], found))
            leaks += r["truth"]["leak"]
        share = leaks / max(1, len(recs))
        if name in CLEAN:
            n_clean_ds += 1
            if leaks:
                errors.append("%s: clean dataset has %d leaking records" % (name, leaks))
        else:
            n_leak_ds += 1
            if not 0.2 <= share <= 0.7:
                errors.append("%s: leak share %.2f" % (name, share))
        clean_recs = [r for r in recs if not r["truth"]["leak"]]
        gain, path = blind_gain(clean_recs, derive)
        if gain > 0:
            errors.append("%s: field %s predicts label on clean records (excess %.2f)" % (name, path, gain))
        print("%-26s n=%3d leak=%3d (%.0f%%) labels=%s" % (
            name, len(recs), leaks, 100 * share, dict(collections.Counter(r["expected"] for r in recs))))
    if (n_leak_ds, n_clean_ds) != (9, 5):
        errors.append("dataset split %d/%d" % (n_leak_ds, n_clean_ds))
    print("leak families found:", len(fams))
    if len(fams) < 15:
        errors.append("only %d leak families" % len(fams))
    for e in errors[:60]:
        print("ERROR", e)
    if errors:
        print("%d errors" % len(errors))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
