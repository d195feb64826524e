#!/usr/bin/env python3
"""Validator for batch ds31 (stdlib only). Exit 0 when everything holds."""
import json, os, re, sys, math, base64, datetime

HERE = os.path.dirname(os.path.abspath(__file__))
ERR = []

def err(msg):
    ERR.append(msg)

def resolve(doc, ptr):
    if ptr == "":
        return doc
    cur = doc
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

# ------------------------------------------------------------------ label rules (derive_from values only)
def q_cpu(s):
    return float(s[:-1]) / 1000 if s.endswith("m") else float(s)

def q_mem(s):
    for suf, m in (("Ki", 1024), ("Mi", 1024 ** 2), ("Gi", 1024 ** 3)):
        if s.endswith(suf):
            return float(s[:-2]) * m
    return float(s)

def r_k8s(v):
    conts = v["/pod/spec/containers"]
    anyset = False
    guaranteed = True
    for c in conts:
        res = c.get("resources", {})
        lim, req = res.get("limits", {}), res.get("requests", {})
        if lim or req:
            anyset = True
        for k, q in (("cpu", q_cpu), ("memory", q_mem)):
            if k not in lim:
                guaranteed = False
                continue
            rq = req.get(k, lim[k])
            if abs(q(rq) - q(lim[k])) > 1e-9:
                guaranteed = False
    if not anyset:
        return "BestEffort"
    return "Guaranteed" if guaranteed else "Burstable"

def r_archery(v):
    d = math.hypot(v["/arrow/impact/x_mm"], v["/arrow/impact/y_mm"]) - v["/arrow/shaft_diameter_mm"] / 2
    if d <= 0:
        return "10"
    return str(11 - math.ceil(d / v["/target_face/ring_width_mm"]))

def r_jamon(v):
    bel = v["/lote/cria/dias_montanera"] >= 60 and v["/lote/cria/reposicion_kg"] >= 46
    if bel:
        return "bellota 100% ibérico" if v["/lote/raza/porcentaje_iberico"] == 100 else "bellota ibérico"
    return "cebo de campo ibérico" if v["/lote/cria/sistema"] == "extensivo" else "cebo ibérico"

def r_hmo(v):
    u = v["/room/floor_area_m2"] - v["/room/area_below_1_5m_m2"]
    u = round(u, 2)
    if u < 4.64: return "unsuitable"
    if u < 6.51: return "child"
    if u < 10.22: return "single"
    return "double"

def r_leg(v):
    t, s = v["/reading/temp_c"], v["/reading/seconds_to_temp"]
    if v["/outlet/type"] == "hot":
        return "pass" if t >= 50.0 and s <= 60 else "fail"
    return "pass" if t < 20.0 and s <= 120 else "fail"

def r_pcr(v):
    pos = lambda c: c is not None and c <= 40
    k = pos(v["/amplification/N1/ct"]) + pos(v["/amplification/N2/ct"])
    if k == 2: return "detected"
    if k == 1: return "inconclusive"
    rp = v["/amplification/RP/ct"]
    return "not detected" if rp is not None and rp <= 35 else "invalid"

def r_curb(v):
    s = (v["/obs/amts"] <= 8) + (v["/labs/urea_mmol_l"] > 7) + (v["/obs/resp_rate"] >= 30) + \
        (v["/obs/bp_systolic"] < 90 or v["/obs/bp_diastolic"] <= 60) + (v["/patient/age"] >= 65)
    return str(int(s))

def r_steak(v):
    c = v["/probe/readings"][-1]["core_c"]
    if c < 54: return "rare"
    if c < 59: return "medium rare"
    if c < 64: return "medium"
    if c < 70: return "medium well"
    return "well done"

def r_pass(v):
    if (v["/measurements/width_mm"], v["/measurements/height_mm"]) != (35, 45) or not (29 <= v["/measurements/head_height_mm"] <= 34) \
            or v["/measurements/background_uniformity"] < 0.90 or not v["/face/eyes_open"]:
        return "reject"
    if v["/face/tilt_deg"] > 5 or v["/face/glasses_glare"]:
        return "manual review"
    return "accept"

def r_proof(v):
    m = max(p["dE00"] for p in v["/measurement/patches"])
    return "pass" if m <= 3.0 else "warning" if m <= 5.0 else "fail"

def r_rad(v):
    r, o = v["/survey/dose_rate_uSv_h"], v["/survey/occupancy_h_per_year"]
    a = r * o / 1000
    if a > 6 or r > 7.5: return "controlled area"
    if a > 1: return "supervised area"
    return "non-designated area"

def secs(s):
    if ":" in s:
        m, x = s.split(":")
        return round(int(m) * 60 + float(x), 2)
    return round(float(s), 2)

def r_swim(v):
    t, a, b = secs(v["/swim/final_time"]), secs(v["/standards/A"]), secs(v["/standards/B"])
    return "A cut" if t <= a else "B cut" if t <= b else "no cut"

def r_comp(v):
    w = v["/gauge/moisture_pct"]
    dry = v["/gauge/wet_density_kg_m3"] / (1 + w / 100)
    rc = 100 * dry / v["/proctor/mdd_kg_m3"]
    if rc < 95: return "fail"
    return "pass" if abs(w - v["/proctor/omc_pct"]) <= 2.0 + 1e-9 else "retest"

def r_door(v):
    if not v["/inspection/certification_label_present"] or v["/inspection/leaf_damage"] in ("hole", "delamination"):
        return "replace"
    g = v["/inspection/gaps_mm"].values()
    if any(x < 2 or x > 4 for x in g) or not v["/inspection/self_closer_functional"] or v["/inspection/intumescent_seals"] != "intact":
        return "repair"
    return "pass"

# ------------------------------------------------------------------ planted leak material decoders (None = nothing planted)
def one(found, rid):
    s = set(found)
    if len(s) > 1:
        err("%s: planted leak material disagrees with itself: %s" % (rid, s))
    return s.pop() if s else None

def p_k8s(p, rid):
    f = []
    for t in p.get("tool_outputs", []):
        for m in re.finditer(r"QoS Class:\s+(\S+)", t["stdout"]):
            f.append(m.group(1))
        for m in re.finditer(r"Created slice kubepods-(burstable-|besteffort-)?pod", t["stdout"]):
            f.append({"burstable-": "Burstable", "besteffort-": "BestEffort", None: "Guaranteed"}[m.group(1)])
    return one(f, rid)

W = {"Six": "6", "Seven": "7", "Eight": "8", "Nine": "9", "Ten": "10"}
def p_arch(p, rid):
    f = []
    sb = p["scoreboard"]
    if "end_total_after" in sb:
        f.append(str(sb["end_total_after"] - sb["end_total_before"]))
    for m in re.finditer(r"\b(Six|Seven|Eight|Nine|Ten) for ", p["live_commentary"]):
        f.append(W[m.group(1)])
    q = json.loads(base64.b64decode(p["tablet_qr_payload"]))
    if "v" in q:
        f.append(str(q["v"]))
    return one(f, rid)

def p_jamon(p, rid):
    f = []
    c = p["precinto"].get("color")
    if c:
        f.append({"negro": "bellota 100% ibérico", "rojo": "bellota ibérico", "verde": "cebo de campo ibérico", "blanco": "cebo ibérico"}[c])
    m = re.match(r"JIB-(B100|BIB|CCI|CEI)-", p["sku_comercial"])
    if m:
        f.append({"B100": "bellota 100% ibérico", "BIB": "bellota ibérico", "CCI": "cebo de campo ibérico", "CEI": "cebo ibérico"}[m.group(1)])
    return one(f, rid)

def p_leg(p, rid):
    f = []
    if "follow_up" in p:
        d = (datetime.date.fromisoformat(p["follow_up"]["next_test_due"]) - datetime.date.fromisoformat(p["reading"]["date"])).days
        f.append({7: "fail", 28: "pass"}[d])
    if "\u2714" in p["handset_sync_log"]: f.append("pass")
    if "\u2718" in p["handset_sync_log"]: f.append("fail")
    return one(f, rid)

SCT = {"260373001": "detected", "260415000": "not detected", "419984006": "inconclusive", "455371000124106": "invalid"}
def p_pcr(p, rid):
    f = []
    for msg in p["lis_messages"]:
        for seg in msg.split("\r"):
            if seg.startswith("OBX|"):
                f.append(SCT[seg.split("|")[5].split("^")[0]])
    a = p["run"].get("analysis_software")
    if a and a["auto_call"] != "Not analysed - manual curve review":
        f.append({"Positive": "detected", "Negative": "not detected", "Equivocal": "inconclusive", "Rerun required": "invalid"}[a["auto_call"]])
    return one(f, rid)

def p_steak(p, rid):
    f = []
    m = re.search(r"plated (R|MR|M|MW|WD),", p["pass_log"])
    if m:
        f.append({"R": "rare", "MR": "medium rare", "M": "medium", "MW": "medium well", "WD": "well done"}[m.group(1)])
    for a in p["probe"]["alerts"]:
        if a["type"] == "TARGET_REACHED":
            f.append(a["preset"].lower().replace("_", " "))
    return one(f, rid)

def p_proof(p, rid):
    f = []
    for a in p["attachments"]:
        m = re.search(r"_(PASS|WARN|FAIL)\.pdf$", a["filename"])
        if m:
            f.append({"PASS": "pass", "WARN": "warning", "FAIL": "fail"}[m.group(1)])
    m = re.search(r"row-(green|amber|red)", p["report_html"])
    if m:
        f.append({"green": "pass", "amber": "warning", "red": "fail"}[m.group(1)])
    return one(f, rid)

def p_rad(p, rid):
    f = []
    m = re.search(r"« (Zone [^»]+) »", p["contractor_message"])
    if m:
        f.append({"Zone contrôlée": "controlled area", "Zone surveillée": "supervised area", "Zone non délimitée": "non-designated area"}[m.group(1)])
    e = p.get("entry_requirements")
    if e:
        f.append({"EPD + whole-body TLD mandatory": "controlled area", "quarterly TLD badge": "supervised area", "none": "non-designated area"}[e["dosimetry"]])
    return one(f, rid)

def p_door(p, rid):
    f = []
    m = re.search(r"[?&]outcome=(\w+)", p["photos_url"])
    if m:
        f.append(m.group(1))
    q = p.get("remedial_quote")
    if q:
        f.append("pass" if q["total_gbp"] == 0 else "repair" if q["total_gbp"] < 900 else "replace")
    return one(f, rid)

def p_none_passport(p, rid):
    if p["auto_check"]["result"] is not None:
        return "leak"
    return None

def p_none(p, rid):
    return None

SPEC = {
    "k8s_pod_qos": (r_k8s, p_k8s, True),
    "archery_arrow_score": (r_archery, p_arch, True),
    "jamon_iberico_denominacion": (r_jamon, p_jamon, True),
    "hmo_room_size": (r_hmo, p_none, False),
    "legionella_outlet_temp": (r_leg, p_leg, True),
    "rtpcr_result_interpretation": (r_pcr, p_pcr, True),
    "curb65_score": (r_curb, p_none, False),
    "steak_doneness_qc": (r_steak, p_steak, True),
    "passport_photo_check": (r_pass, p_none_passport, False),
    "print_proof_delta_e": (r_proof, p_proof, True),
    "radiation_area_designation": (r_rad, p_rad, True),
    "swim_qualifying_standard": (r_swim, p_none, False),
    "soil_compaction_test": (r_comp, p_none, False),
    "fire_door_survey": (r_door, p_door, True),
}

def main():
    nleak_ds = nclean_ds = 0
    langs_ok = {"numeric": False, "multiword": False}
    for name, (rule, planted, leaking) in SPEC.items():
        jp, mp = os.path.join(HERE, name + ".jsonl"), os.path.join(HERE, name + ".meta.json")
        if not os.path.exists(jp) or not os.path.exists(mp):
            err("%s: missing files" % name); continue
        meta = json.load(open(mp, encoding="utf-8"))
        df = meta.get("derive_from")
        if not df or not isinstance(meta.get("note"), str):
            err("%s: bad meta" % name)
        recs, ids = [], set()
        for ln, line in enumerate(open(jp, encoding="utf-8"), 1):
            try:
                r = json.loads(line)
            except Exception as e:
                err("%s:%d invalid JSON %s" % (name, ln, e)); continue
            recs.append(r)
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7:
            err("%s: label_set size" % name)
        if all(re.fullmatch(r"\d+", l) for l in ls0): langs_ok["numeric"] = True
        if any(" " in l for l in ls0): langs_ok["multiword"] = True
        nl = 0
        seen_labels = set()
        for i, r in enumerate(recs):
            rid = r.get("id")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err("%s: keys %s" % (rid, sorted(r)))
            if rid != "%s-%04d" % (name, i + 1) or rid in ids:
                err("%s: bad/duplicate id %s" % (name, rid))
            ids.add(rid)
            if r["label_set"] != ls0 or r["expected"] not in ls0 or r["target"] != "label":
                err("%s: label_set/expected/target" % rid)
            seen_labels.add(r["expected"])
            try:
                vals = {p: resolve(r["projection"], p) for p in df}
            except Exception as e:
                err("%s: pointer does not resolve: %s" % (rid, e)); continue
            got = rule(vals)
            if got != r["expected"]:
                err("%s: rule gives %r, expected %r" % (rid, got, r["expected"]))
            pl = planted(r["projection"], rid)
            flag = r["truth"]["leak"]
            if not isinstance(flag, bool):
                err("%s: truth.leak not bool" % rid)
            if (pl is not None) != flag:
                err("%s: truth.leak=%s but planted=%r" % (rid, flag, pl))
            if pl is not None and pl != r["expected"]:
                err("%s: planted material says %r, expected %r" % (rid, pl, r["expected"]))
            nl += bool(flag)
        if seen_labels != set(ls0):
            err("%s: labels never used: %s" % (name, set(ls0) - seen_labels))
        frac = nl / max(1, len(recs))
        if leaking:
            nleak_ds += 1
            if not 0.2 <= frac <= 0.7:
                err("%s: leak fraction %.2f" % (name, frac))
        else:
            nclean_ds += 1
            if nl:
                err("%s: clean dataset has %d leaking records" % (name, nl))
        print("%-30s %4d records  %3d leaking  %s" % (name, len(recs), nl, "LEAKING" if leaking else "CLEAN"))
    if (nleak_ds, nclean_ds) != (9, 5):
        err("dataset mix %d/%d" % (nleak_ds, nclean_ds))
    for k, v in langs_ok.items():
        if not v:
            err("no %s-label dataset" % k)
    for f in ("gen.py", "DATASETS.md", "STARTED"):
        if not os.path.exists(os.path.join(HERE, f)):
            err("missing " + f)
    if ERR:
        for e in ERR[:60]:
            print("ERROR", e)
        print("%d errors" % len(ERR))
        sys.exit(1)
    print("OK")

if __name__ == "__main__":
    main()
