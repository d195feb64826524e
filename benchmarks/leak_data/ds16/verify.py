#!/usr/bin/env python3
"""Self-check for the ds16 batch: JSON validity, counts, labels, truth flags vs planted leak fields, rule re-derivation."""
import json, os, glob, math, base64, binascii, re, sys
from urllib.parse import unquote
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from leak_a import wheat_grade, hydrant_class
from clean_a import log_grade

D = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ds16")
LEAK_KEYS = {"grain_wheat_grade": ["settlement"], "hydrant_flow_class": ["gis_feature", "work_orders", "crew_chat"],
             "foia_determination": ["production_log", "outbox"], "contest_qso_crosscheck": ["checker_trace", "results_row"],
             "shellfish_area_class": ["map_link", "public_notice"], "aton_discrepancy": ["attachments", "lnm_extract"],
             "seismic_channel_qc": ["review_blob", "prescreen", "annotation_hex"],
             "cemetery_interment_permit": ["permit", "receipt_html"],
             "bridge_load_posting": ["bms_export_md", "district_memo", "sign_work_order"]}
bad = 0
def err(*a):
    global bad; bad += 1; print("ERR", *a)

for path in sorted(glob.glob(os.path.join(D, "*.jsonl"))):
    name = os.path.basename(path)[:-6]
    recs = [json.loads(l) for l in open(path, encoding="utf-8")]
    meta = json.load(open(os.path.join(D, name + ".meta.json")))
    assert meta["derive_from"]
    n, nl = len(recs), sum(r["truth"]["leak"] for r in recs)
    if not 120 <= n <= 200: err(name, "count", n)
    labs = set(recs[0]["label_set"])
    if {r["expected"] for r in recs} != labs: err(name, "labels missing")
    for k, r in enumerate(recs, 1):
        if r["id"] != f"{name}-{k:04d}" or r["target"] != "label" or r["expected"] not in r["label_set"]: err(name, r["id"])
        p, t, leak = r["projection"], r["expected"], r["truth"]["leak"]
        keys = LEAK_KEYS.get(name, [])
        has = any(x in p for x in keys)
        if name == "grain_wheat_grade":
            has = has or any("FGIS" in a["filename"] for a in p.get("attachments", []))
            s = p["sample_analysis"]; g = s["grade_factors"]
            if wheat_grade(s["test_weight_lb_bu"], g["heat_damaged_kernels_pct"], g["damaged_kernels_total_pct"],
                           g["foreign_material_pct"], g["shrunken_broken_kernels_pct"], s["odor"]) != t: err(name, r["id"], "rule")
        if name == "hydrant_flow_class":
            ft = p["flow_test"]; S, R = ft["static_psi"], ft["residual_psi"]
            q = sum(29.83 * o["coefficient"] * o["diameter_in"] ** 2 * math.sqrt(o["pitot_psi"]) for o in ft["flow_outlets"])
            if hydrant_class(q * ((S - 20) / (S - R)) ** 0.54) != t: err(name, r["id"], "rule")
        if name == "hardwood_log_grade":
            lg = p["log"]; gf = lg["grading_face"]
            if log_grade(lg["small_end_diameter_in"], lg["length_ft"], gf["clear_pct"], gf["cuttings_count"]) != t: err(name, r["id"])
        if name == "wool_diameter_class":
            m = p["objective_test"]["mean_fibre_diameter_um"]
            c = "superfine" if m <= 18.5 else "fine" if m <= 19.5 else "medium" if m <= 22.5 else "strong"
            if c != t: err(name, r["id"], "rule")
        if name == "bridge_load_posting":
            lr, nb = p["load_rating"], p["inspection"]["nbi_ratings"]
            c = "closed" if min(nb["superstructure_59"], nb["substructure_60"]) <= 2 or lr["operating_tons"] < 3 else \
                "posted" if any(lr["operating_tons"] < w for w in lr["legal_loads_tons"].values()) else "no posting"
            if c != t: err(name, r["id"], "rule")
        if name == "shellfish_area_class":
            b = p["bacteriology"]; dry, wet = b["dry_weather"], b["after_rain_gt_25mm_48h"]
            out = any("WWTP" in s["type"] and s["distance_m"] < 500 for s in p["shoreline_survey"]["pollution_sources"])
            ok = lambda x, g, q: x["geomean"] <= g and x["est_p90"] <= q
            c = "Prohibited" if out or not ok(dry, 88, 260) else "Approved" if ok(dry, 14, 43) and ok(wet, 14, 43) else \
                "Conditionally Approved" if ok(dry, 14, 43) else "Restricted"
            if c != t: err(name, r["id"], "rule", c)
        # decoding checks: the planted leak really carries the label
        if name == "aton_discrepancy" and "attachments" in p:
            if t not in base64.b64decode(p["attachments"][0]["content"]).decode(): err(name, r["id"], "b64")
        if name == "seismic_channel_qc":
            if "review_blob" in p and json.loads(p["review_blob"])["verdict"] != t: err(name, "blob")
            if "annotation_hex" in p and f"state={t};" not in binascii.unhexlify(p["annotation_hex"]).decode(): err(name, "hex")
            if "prescreen" in p and p["prescreen"]["classes"][p["prescreen"]["argmax"]] != t: err(name, "pre")
        if name == "shellfish_area_class" and "map_link" in p:
            if f"CLASS='{t}'" not in unquote(unquote(p["map_link"])): err(name, "url")
        if name == "foia_determination" and "outbox" in p:
            body = p["outbox"]["raw"].replace("=\n", "")
            if not any(ph in body for ph in ["granted in full", "granted in part", "denied in full", "no records responsive"]): err(name, "qp")
        if has != leak: err(name, r["id"], "truth/leak-field mismatch", has, leak)
    print(f"{name:28s} n={n:3d} leaking={nl:3d} ({100 * nl / n:.0f}%) labels={sorted(labs)}")
print("errors:", bad)
