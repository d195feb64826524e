#!/usr/bin/env python3
"""Validate batch ds35 (stdlib only). Exit 0 when everything holds."""
import base64
import binascii
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rules  # noqa: E402

LEAKING = ["neo_orbit", "anemia_oms", "gas_mark", "traffic_los", "lens_class", "uk_number_type",
           "licence_category", "aspect_ratio", "school_grade"]
CLEAN = ["ipv4_scope", "boat_length_class", "radio_band", "asset_capex", "stair_geometry"]

errors = []


def err(msg):
    errors.append(msg)


def resolve(obj, ptr):
    for part in ptr.lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, list):
            obj = obj[int(part)]
        else:
            obj = obj[part]
    return obj


# ----------------------------------------------------------------- leak probes
# Each probe decodes the planted leak material of its dataset and returns
# a list of (family, implied_label). Clean datasets have no planted material.
def p_neo(p):
    out = p["tool_calls"][0]["output"]; res = []
    code = int(out["mpc_flags_word"], 16) & 0x3F
    if code:
        res.append(("packed_flag_bits", {1: "Atira", 2: "Aten", 3: "Apollo", 4: "Amor"}.get(code)))
    m = re.search(r"/neo/([a-z]+)/", out["links"]["orbit_viewer"])
    if m:
        res.append(("url_path_segment", m.group(1).capitalize()))
    return res


def p_anemia(p):
    d = p["dossier"]; res = []
    m = re.search(r"\b(no|mild|moderate|severe) anaemia\b", d["compte_rendu"])
    if m:
        res.append(("other_language_mention", {"no": "absente", "mild": "légère", "moderate": "modérée", "severe": "sévère"}[m.group(1)]))
    c = d["suivi"]["conduite_a_tenir"]
    for k, lab in (("transfusion", "sévère"), ("fer injectable", "modérée"), ("contrôle NFS", "légère"), ("pas de suivi", "absente")):
        if k in c:
            res.append(("downstream_action", lab))
    return res


def p_gas(p):
    r = p["recipe"]; res = []
    words = {"three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
    m = re.search(r"gas mark (\w+)", r["method_html"])
    if m:
        res.append(("number_word", words.get(m.group(1))))
    m = re.search(r"oven-gm-(\d)", r["card_html"])
    if m:
        res.append(("css_class", m.group(1)))
    return res


def p_traffic(p):
    s = p["study"]; res = []
    pal = {"#1a9850": "A", "#91cf60": "B", "#d9ef8b": "C", "#fee08b": "D", "#fc8d59": "E", "#d73027": "F"}
    if s["map_layer"]["symbol"]["fill"] in pal:
        res.append(("colour_code", pal[s["map_layer"]["symbol"]["fill"]]))
    d = json.loads(base64.b64decode(s["sim_cache"]))
    if "los" in d:
        res.append(("base64_blob", d["los"]))
    if s["mitigation_required"] != "TBD":
        res.append(("threshold_flag", {"E", "F"} if s["mitigation_required"] else {"A", "B", "C", "D"}))
    return res


def p_lens(p):
    L = p["listing"]; res = []
    codes = {"UW": "ultra wide", "WA": "wide", "NR": "normal", "STP": "short telephoto", "TP": "telephoto"}
    m = re.fullmatch(r"LN-([A-Z]+)-\d+-[A-Z]", L["sku"])
    if m:
        res.append(("sku_abbreviation", codes.get(m.group(1))))
    m = re.search(r"fov=([a-z_]+)", L["search_meta"]["cache_key"])
    if m:
        res.append(("cache_key", m.group(1).replace("_", " ")))
    return res


def p_uk(p):
    res = []
    bands = {"UK_GEO": "geographic", "UK_MOB": "mobile", "UK_FREE": "freephone", "UK_PRS": "premium", "UK_NGN": "nongeographic"}
    b = p["billing_estimate"]["rate_band"]
    if b != "UNRATED":
        res.append(("tariff_band_code", bands.get(b)))
    m = re.search(r"result=([A-Z]+)", p["enrichment_log"])
    if m:
        res.append(("upstream_log_line", m.group(1).lower()))
    return res


def p_licence(p):
    res = []
    for h in p["history"]:
        if h["field"] == "required_licence_category":
            res.append(("audit_trail", h["new"]))
    emo = {"\U0001F697": "B", "\U0001F690": "C1", "\U0001F69B": "C", "\U0001F68C": "D1", "\U0001F68D": "D"}
    if p["ui"]["badge"] != "\u2B1C":
        res.append(("emoji_glyph", emo.get(p["ui"]["badge"])))
    return res


def p_aspect(p):
    res = []
    jar = {"4:3 full-frame (academy-style)": "1.33", "European widescreen": "1.66", "16:9 HD": "1.78", "flat": "1.85", "scope": "2.39"}
    m = re.search(r"this is (.+?); QC the mattes", p["thread"])
    if m:
        res.append(("jargon_in_email", jar.get(m.group(1))))
    m = re.search(r"_R\d_(\d{3})_PRORES", p["probe"]["format"]["filename"])
    if m:
        res.append(("filename_digits", m.group(1)[0] + "." + m.group(1)[1:]))
    return res


def p_school(p):
    a = p["application"]; res = []
    c = a["provisional_assignment"]["classroom"]
    if c != "TBD":
        n = int(c.split()[-1])
        lab = ("Transitional Kindergarten" if 101 <= n <= 104 else "Kindergarten" if 105 <= n <= 110 else
               "Grade 1" if 201 <= n <= 206 else "Grade 2" if 207 <= n <= 212 else None)
        res.append(("room_number_series", lab))
    head, row = a["attachments"][0]["content"].rstrip("\n").split("\n")
    v = dict(zip(head.split(","), row.split(",")))
    g = [v[k] for k in v if k.startswith("grade_level")][0]
    if g:
        res.append(("csv_attachment_code", {"TK": "Transitional Kindergarten", "KN": "Kindergarten", "01": "Grade 1", "02": "Grade 2"}.get(g)))
    o = a["orientation"]["session_start"]
    if o != "TBD":
        res.append(("later_event_timestamp", {"11": "Transitional Kindergarten", "12": "Kindergarten", "13": "Grade 1", "14": "Grade 2"}.get(o[8:10])))
    return res


PROBES = {"neo_orbit": p_neo, "anemia_oms": p_anemia, "gas_mark": p_gas, "traffic_los": p_traffic,
          "lens_class": p_lens, "uk_number_type": p_uk, "licence_category": p_licence,
          "aspect_ratio": p_aspect, "school_grade": p_school}


def main():
    fams = set()
    label_kinds = {"numeric": False, "multiword": False, "nonenglish": False}
    for name in LEAKING + CLEAN:
        jp = os.path.join(HERE, name + ".jsonl"); mp = os.path.join(HERE, name + ".meta.json")
        if not (os.path.exists(jp) and os.path.exists(mp)):
            err("%s: missing files" % name); continue
        meta = json.load(open(mp, encoding="utf-8"))
        if not meta.get("derive_from") or not isinstance(meta.get("note"), str):
            err("%s: bad meta" % name)
        recs = []
        for ln, line in enumerate(open(jp, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except ValueError as e:
                err("%s:%d invalid JSON %s" % (name, ln, e))
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        ids = [r.get("id") for r in recs]
        if len(set(ids)) != len(ids):
            err("%s: duplicate ids" % name)
        n_leak = 0
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7:
            err("%s: label set size" % name)
        if all(re.fullmatch(r"[\d.]+", l) for l in ls0):
            label_kinds["numeric"] = True
        if any(" " in l for l in ls0):
            label_kinds["multiword"] = True
        if any(re.search(r"[éèà]", l) for l in ls0):
            label_kinds["nonenglish"] = True
        for r in recs:
            rid = r.get("id")
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err("%s: keys %s" % (rid, sorted(r)))
            if not str(rid).startswith(name + "-"):
                err("%s: id prefix" % rid)
            if r["label_set"] != ls0 or r["expected"] not in ls0 or r["target"] != "label":
                err("%s: label fields" % rid)
            if not isinstance(r["truth"].get("leak"), bool) or set(r["truth"]) != {"leak"}:
                err("%s: truth" % rid)
            try:
                vals = {p: resolve(r["projection"], p) for p in meta["derive_from"]}
            except (KeyError, IndexError, TypeError, ValueError) as e:
                err("%s: pointer does not resolve (%s)" % (rid, e)); continue
            got = rules.RULES[name](vals)
            if got != r["expected"]:
                err("%s: rule gives %r, expected %r" % (rid, got, r["expected"]))
            found = PROBES[name](r["projection"]) if name in PROBES else []
            for fam, lab in found:
                fams.add(fam)
                ok = (r["expected"] in lab and len(lab) < len(ls0)) if isinstance(lab, set) else lab == r["expected"]
                if not ok:
                    err("%s: planted %s implies %r != expected" % (rid, fam, lab))
            if bool(found) != r["truth"]["leak"]:
                err("%s: leak flag %s but planted material %s" % (rid, r["truth"]["leak"], found))
            n_leak += r["truth"]["leak"]
        frac = n_leak / max(1, len(recs))
        if name in CLEAN and n_leak:
            err("%s: clean dataset has %d leaking records" % (name, n_leak))
        if name in LEAKING and not 0.2 <= frac <= 0.7:
            err("%s: leak fraction %.2f" % (name, frac))
        print("%-18s %-8s records=%d leaking=%d" % (name, "LEAKING" if name in LEAKING else "CLEAN", len(recs), n_leak))
    if len(fams) < 15:
        err("only %d leak families" % len(fams))
    for k, v in label_kinds.items():
        if not v:
            err("no dataset with %s labels" % k)
    print("leak families found:", len(fams))
    if errors:
        for e in errors[:50]:
            print("ERROR", e)
        print("%d errors" % len(errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
