#!/usr/bin/env python3
"""Validate batch ds34 (stdlib only). Exit 0 when all checks pass."""
import base64, json, math, os, sys

D = os.path.dirname(os.path.abspath(__file__))
NAMES = ["sunglass_filter", "tempo_marking", "spf_category", "hemp_thc", "recount_margin", "exoplanet_size",
         "ams_lake_louise", "hypothermia_stage", "koppen_group", "password_strength", "niosh_lifting",
         "cable_sizing", "kennel_size", "market_cap_tier"]
CLEAN = {"spf_category", "exoplanet_size", "hypothermia_stage", "password_strength", "market_cap_tier"}


def ptr(obj, p):
    if p == "":
        return obj
    for tok in p.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(tok)]
        else:
            obj = obj[tok]
    return obj

# ---- label recomputation from derive_from values only (v = list of values in derive_from order)

def c_sunglass(v):
    t = v[0]
    return "0" if t > 80 else "1" if t > 43 else "2" if t > 18 else "3" if t > 8 else "4"

def c_tempo(v):
    b = v[0]
    for lab, hi in [("Largo", 59), ("Adagio", 72), ("Andante", 107), ("Moderato", 119), ("Allegro", 167), ("Presto", 200)]:
        if b <= hi:
            return lab

def c_spf(v):
    m = v[0]
    assert abs(sum(v[1]) / len(v[1]) - m) < 0.06
    return "low protection" if m < 15 else "medium protection" if m < 30 else "high protection" if m < 60 else "very high protection"

def c_hemp(v):
    t = v[0] + 0.877 * v[1]
    return "compliant" if t <= 0.3 else "remediate" if t <= 1.0 else "destroy"

def c_recount(v):
    votes = sorted((c["votes"] for c in v[0]), reverse=True)
    m = (votes[0] - votes[1]) / sum(votes) * 100
    return "automatic recount" if m <= 0.5 else "recount on request" if m <= 1.0 else "no recount"

def c_exo(v):
    rp = math.sqrt(v[0] * 1e-6) * v[1] * 109.1
    return "Earth-size" if rp < 1.25 else "super-Earth" if rp < 2.0 else "Neptune-size" if rp < 6.0 else "Jupiter-size"

def c_ams(v):
    it = v[0]; s = sum(it.values())
    if it["headache"] < 1 or s < 3:
        return "no AMS"
    return "mild AMS" if s <= 5 else "moderate AMS" if s <= 9 else "severe AMS"

def c_hypo(v):
    t = v[0]
    return "HT I" if t >= 32 else "HT II" if t >= 28 else "HT III" if t >= 24 else "HT IV"

def c_koppen(v):
    temps, p = v
    if max(temps) < 10:
        return "E"
    if p < 20 * (sum(temps) / 12) + 140:
        return "B"
    if min(temps) >= 18:
        return "A"
    return "C" if min(temps) > -3 else "D"

def c_pw(v):
    pc = v[0]
    pool = 26 * pc["has_lower"] + 26 * pc["has_upper"] + 10 * pc["has_digit"] + 33 * pc["has_symbol"]
    b = pc["length"] * math.log2(pool)
    return "weak" if b < 40 else "fair" if b < 60 else "strong" if b < 80 else "very strong"

def c_niosh(v):
    load, m, lc = v
    li = load / (lc * m["HM"] * m["VM"] * m["DM"] * m["AM"] * m["FM"] * m["CM"])
    return "acceptable" if li <= 1.0 else "increased risk" if li <= 3.0 else "high risk"

def c_cable(v):
    ib, c = v
    for s, it in [("1.5", 19.5), ("2.5", 27.0), ("4", 37.0), ("6", 47.0), ("10", 65.0), ("16", 87.0)]:
        if it * c["Ca"] * c["Cg"] >= ib:
            return s

def c_kennel(v):
    w = v[0]
    return "piccola" if w < 10 else "media" if w < 25 else "grande" if w < 45 else "gigante"

def c_cap(v):
    c = v[0] * v[1]
    for t, th in [("mega", 200e9), ("large", 10e9), ("mid", 2e9), ("small", 300e6), ("micro", 50e6), ("nano", 0)]:
        if c >= th:
            return t

COMPUTE = {"sunglass_filter": c_sunglass, "tempo_marking": c_tempo, "spf_category": c_spf, "hemp_thc": c_hemp,
           "recount_margin": c_recount, "exoplanet_size": c_exo, "ams_lake_louise": c_ams, "hypothermia_stage": c_hypo,
           "koppen_group": c_koppen, "password_strength": c_pw, "niosh_lifting": c_niosh, "cable_sizing": c_cable,
           "kennel_size": c_kennel, "market_cap_tier": c_cap}

# ---- planted leak material: returns list of (family, implied_label) found in the projection

NUMW = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4"}

def l_sunglass(p):
    out = []
    o = p["tool_calls"][0]["output"]
    z = p["tool_calls"][1]["output"]["data"]
    if "^FDCAT " in z:
        out.append(("zpl", z.split("^FDCAT ")[1][0]))
    for w, d in NUMW.items():
        if "filter category %s," % w in o["qa_notes"]:
            out.append(("numword", d))
    for a in o["attachments"]:
        if "_cat" in a:
            out.append(("filename", a.split("_cat")[1][0]))
    return out

GLOSS = {"broadly, very slowly": "Largo", "slowly and at ease": "Adagio", "at a walking pace": "Andante",
         "neither fast nor slow, restrained": "Moderato", "fast, lively and bright": "Allegro", "as fast as possible": "Presto"}

def l_tempo(p):
    out = []
    for g, lab in GLOSS.items():
        if "'%s'" % g in p["editor_comment"]:
            out.append(("gloss", lab))
    ab = {"Lgo.": "Largo", "Ado.": "Adagio", "And.te": "Andante", "Mod.to": "Moderato", "All.o": "Allegro", "Pr.to": "Presto"}
    for a, lab in ab.items():
        if "(%s)" % a in p["part_files"][0]:
            out.append(("abbr", lab))
    x = p["attachments"][0]["content"]
    for lab in GLOSS.values():
        if ">%s</words>" % lab in x:
            out.append(("musicxml", lab))
    return out

def l_hemp(p):
    o = p["tool_calls"][0]["output"]; out = []
    for e in o["events"][3:]:
        lab = "compliant" if "released" in e["event"] else "remediate" if "remediation plan" in e["event"] else "destroy" if "disposal witnessed" in e["event"] else None
        out.append(("audit", lab))
    for k, lab in [("release_date", "compliant"), ("remediation_due_by", "remediate"), ("disposal_due_by", "destroy")]:
        if k in o:
            out.append(("deadline", lab))
    if "disp_cd" in o:
        out.append(("code", {"H-01": "compliant", "H-02": "remediate", "H-03": "destroy"}[o["disp_cd"]]))
    return out

def l_recount(p):
    out = []
    u = p["links"]["docket"]
    if "&type=" in u:
        out.append(("url", {"auto": "automatic recount", "petition": "recount on request", "none": "no recount"}[u.split("&type=")[1]]))
    for m in p["mail_thread"][1:]:
        b = m["body"]
        out.append(("mail", "automatic recount" if "orders the retabulation" in b else "recount on request" if "files and pays" in b else "no recount" if "certify without" in b else None))
    if "default" in p["response_form"]:
        out.append(("default", p["response_form"]["default"]))
    return out

def l_ams(p):
    out = []
    tc = {c["name"]: c["output"] for c in p["tool_calls"]}
    q = tc["clinic.routing"]["queue"]
    if q != "clinic-general":
        out.append(("queue", {"none": "no AMS", "mild": "mild AMS", "mod": "moderate AMS", "sev": "severe AMS"}[q.split("-")[1]]))
    if "status_icon" in tc["clinic.get_assessment"]:
        out.append(("emoji", {"🟢": "no AMS", "🟡": "mild AMS", "🟠": "moderate AMS", "🔴": "severe AMS"}[tc["clinic.get_assessment"]["status_icon"]]))
    if "triage_assistant_v2.summarise" in tc:
        s = tc["triage_assistant_v2.summarise"]["summary"]
        out.append(("upstream", "no AMS" if "continuing" in s else "mild AMS" if "rest day" in s else "moderate AMS" if "Hold further" in s else "severe AMS" if "Immediate descent" in s else None))
    return out

def l_koppen(p):
    o = p["tool_calls"][0]["output"]; out = []
    if "koppen_geiger_1991_2020" in o["station"]:
        out.append(("code", o["station"]["koppen_geiger_1991_2020"][0]))
    if "pixel_rgb" in o["map_sample"]:
        rgb = {"#0000FF": "A", "#0078FF": "A", "#46AAFA": "A", "#FF0000": "B", "#FF9696": "B", "#F5A500": "B", "#FFDC64": "B",
               "#FFFF00": "C", "#C8C800": "C", "#96FF96": "C", "#C8FF50": "C", "#64FF50": "C", "#00FFFF": "D", "#37C8FF": "D",
               "#007D7D": "D", "#5A77DB": "D", "#FF00FF": "D", "#B2B2B2": "E", "#666666": "E"}
        out.append(("rgb", rgb[o["map_sample"]["pixel_rgb"]]))
    k = base64.b64decode(o["_cache"]["key"].split(":", 2)[2]).decode()
    if "grp=" in k:
        out.append(("b64", k.split("grp=")[1][0]))
    return out

def l_niosh(p):
    c = p["tool_calls"][0]; o = c["output"]; out = []
    adf = o["note_adf"]["content"][0]["content"][0]["text"]
    if adf != o["note_markdown"]:
        out.append(("adf", adf.split("Outcome: ")[1].split(".")[0]))
    if "reassessment_interval_days" in o:
        out.append(("interval", {365: "acceptable", 180: "increased risk", 30: "high risk"}[o["reassessment_interval_days"]]))
    if "x-ergo-band" in c["http"]["headers"]:
        out.append(("colour", {"green": "acceptable", "amber": "increased risk", "red": "high risk"}[c["http"]["headers"]["x-ergo-band"]]))
    return out

def l_cable(p):
    out = []
    if p["procurement"]["status"] == "raised":
        out.append(("po", p["procurement"]["lines"][0]["desc"].split(" mm2")[0]))
    if "export_note" in p["circuit"]:
        awg = p["circuit"]["export_note"].split(" AWG")[0].split()[-1]
        out.append(("awg", {"16": "1.5", "14": "2.5", "12": "4", "10": "6", "8": "10", "6": "16"}[awg]))
    if "cable_sku" in p["circuit"]:
        v = int(p["circuit"]["cable_sku"].rsplit("-", 1)[1]) / 10
        out.append(("sku", ("%g" % v)))
    return out

def l_kennel(p):
    out = []; pr = p["prenotazione"]
    if "tariffa_notte_eur" in pr:
        out.append(("tariff", {18: "piccola", 22: "media", 27: "grande", 32: "gigante"}[pr["tariffa_notte_eur"]]))
    if "etichetta_box" in pr:
        out.append(("glyph", ["piccola", "media", "grande", "gigante"][len(pr["etichetta_box"]) - 1]))
    if "box_assegnato" in pr:
        out.append(("box", {"A": "piccola", "B": "media", "C": "grande", "D": "gigante"}[pr["box_assegnato"][0]]))
    return out

LEAKS = {"sunglass_filter": l_sunglass, "tempo_marking": l_tempo, "hemp_thc": l_hemp, "recount_margin": l_recount,
         "ams_lake_louise": l_ams, "koppen_group": l_koppen, "niosh_lifting": l_niosh, "cable_sizing": l_cable,
         "kennel_size": l_kennel}


def main():
    errs = []
    nleak_ds = 0
    for name in NAMES:
        path = os.path.join(D, name + ".jsonl")
        meta = json.load(open(os.path.join(D, name + ".meta.json"), encoding="utf-8"))
        df = meta["derive_from"]
        assert isinstance(df, list) and df and isinstance(meta.get("note"), str)
        recs = []
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:
                errs.append("%s:%d invalid JSON %s" % (name, ln, e))
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids):
            errs.append("%s duplicate ids" % name)
        if not 120 <= len(recs) <= 200:
            errs.append("%s count %d" % (name, len(recs)))
        labels = recs[0]["label_set"]
        if not 2 <= len(labels) <= 7:
            errs.append("%s label_set size" % name)
        nl = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"} or r["target"] != "label":
                errs.append("%s %s keys" % (name, r["id"]))
            if r["label_set"] != labels or r["expected"] not in labels:
                errs.append("%s %s expected/label_set" % (name, r["id"]))
            try:
                vals = [ptr(r["projection"], p) for p in df]
            except Exception as e:
                errs.append("%s %s pointer fails: %r" % (name, r["id"], e)); continue
            got = COMPUTE[name](vals)
            if got != r["expected"]:
                errs.append("%s %s recomputed %r != %r" % (name, r["id"], got, r["expected"]))
            found = LEAKS[name](r["projection"]) if name in LEAKS else []
            for fam, lab in found:
                if lab != r["expected"]:
                    errs.append("%s %s planted %s implies %r != %r" % (name, r["id"], fam, lab, r["expected"]))
            if bool(found) != r["truth"]["leak"]:
                errs.append("%s %s leak flag %s but planted %s" % (name, r["id"], r["truth"]["leak"], found))
            nl += r["truth"]["leak"]
        frac = nl / len(recs)
        if name in CLEAN:
            if nl:
                errs.append("%s clean dataset has %d leaking records" % (name, nl))
        else:
            nleak_ds += 1
            if not 0.2 <= frac <= 0.7:
                errs.append("%s leak fraction %.2f" % (name, frac))
        print("%-18s %3d records  %3d leaking  labels=%s" % (name, len(recs), nl, labels))
    if nleak_ds != 9 or len(NAMES) - nleak_ds != 5:
        errs.append("expected 9 leaking + 5 clean datasets")
    for e in errs[:50]:
        print("ERROR", e)
    print("errors: %d" % len(errs))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
