#!/usr/bin/env python3
"""Validate the ds33 batch (stdlib only). Exit 0 when all good."""
import base64, glob, json, os, sys, urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ERR = []


def err(m):
    ERR.append(m)


def ptr(doc, p):
    cur = doc
    for tok in p.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        elif isinstance(cur, dict):
            if tok not in cur:
                raise KeyError(p)
            cur = cur[tok]
        else:
            raise KeyError(p)
    return cur


# ---------- label rules, recomputed from derive_from values only (v = list in derive_from order)
def r_dairy(v):
    bs, bw, fav, wb = v
    if not wb:
        return "5"
    if bs == "arched" and bw == "arched":
        return "4" if fav else "3"
    if bs == "flat" and bw == "arched":
        return "2"
    return "1"


def _m(s):
    h, m = s.split(":")
    return int(h) * 60 + int(m)


def r_eld(v):
    csv, prior = v
    ev = []
    for line in csv.split("\n")[1:]:
        f = line.split(",")
        ev.append((_m(f[1]), _m(f[2]), f[3]))
    drive = sum(e - s for s, e, st in ev if st == "D")
    if drive > 660:
        return "11-hour driving limit"
    start = min(s for s, e, st in ev if st in ("D", "ON"))
    if any(st == "D" and e > start + 840 for s, e, st in ev):
        return "14-hour window"
    cum = run = 0
    for s, e, st in ev:
        if st == "D":
            run = 0
            cum += e - s
            if cum > 480:
                return "30-minute break"
        else:
            run += e - s
            if run >= 30:
                cum = 0
    if _m(prior) + sum(e - s for s, e, st in ev if st in ("D", "ON")) > 4200:
        return "70-hour/8-day limit"
    return "no violation"


def r_fish(v):
    t = sum(v)
    return "prime" if t <= 3 else "good" if t <= 8 else "fair" if t <= 13 else "reject"


def r_fruta(v):
    cal, dp, mg, forma = v
    if cal < 60 or mg > 1.0 or dp > 2.5:
        return "No conforme"
    if cal >= 70 and dp <= 0.2 and mg == 0 and forma == "sin defecto":
        return "Extra"
    if cal >= 65 and dp <= 1.0 and mg <= 0.5 and forma != "marcado":
        return "Categoría I"
    return "Categoría II"


def r_dga(v):
    h2, ch4, c2h6, c2h4, c2h2 = v
    r1, r2, r3 = c2h2 / c2h4, ch4 / h2, c2h4 / c2h6
    if r2 < 0.1:
        return "PD"
    if r1 > 2.5:
        return "D1"
    if r1 >= 0.6:
        return "D2"
    return "T1" if r3 < 1 else "T2" if r3 <= 4 else "T3"


def r_smtp(v):
    raw = v[0]
    lines = raw.split("\n")
    if any(l.strip().lower() == "auto-submitted: auto-replied" for l in lines):
        return "auto-reply"
    st = [l[8:].strip() for l in lines if l.startswith("Status: ")][-1]
    if st.startswith("5.7."):
        return "block"
    if st.startswith("5.1."):
        return "hard bounce"
    if st.startswith("4.") or st.startswith("5.2."):
        return "soft bounce"
    raise ValueError(st)


def r_phq(v):
    m = {"LA6568-5": 0, "LA6569-3": 1, "LA6570-1": 2, "LA6571-9": 3}
    t = sum(m[c["code"]] for c in v)
    return ["minimal", "mild", "moderate", "moderately severe", "severe"][
        0 if t <= 4 else 1 if t <= 9 else 2 if t <= 14 else 3 if t <= 19 else 4]


def r_cc(v):
    tot = sum(sum(r) for r in v[0])
    if tot == 0:
        return "0"
    pct = tot / 25.0
    return "1" if pct <= 5 else "2" if pct <= 15 else "3" if pct <= 35 else "4" if pct <= 65 else "5"


def r_hotel(v):
    events, as_of = v
    ev = sorted([e for e in events if e["ts"] <= as_of], key=lambda e: e["ts"])
    def last(ty):
        x = [e["ts"] for e in ev if e["type"] == ty]
        return max(x) if x else ""
    mt = [e for e in ev if e["type"] in ("ooo_start", "ooo_end")]
    if mt and mt[-1]["type"] == "ooo_start":
        return "OOO"
    oc = [e for e in ev if e["type"] in ("checkin", "checkout")]
    if oc and oc[-1]["type"] == "checkin":
        return "OC" if last("hk_clean_done") > last("night_audit") else "OD"
    co = last("checkout")
    return "VC" if (not co or last("hk_clean_done") > co) else "VD"


def r_wind(v):
    w = v[0]
    if w is None or w.strip().upper() in ("", "NWI"):
        return "no wind information"
    return "wind-assisted" if float(w) > 2.0 else "wind-legal"


def _t(s):
    h, m, r = s.split(":")
    sec, ms = r.split(",")
    return ((int(h) * 60 + int(m)) * 60 + int(sec)) * 1000 + int(ms)


def r_sub(v):
    for block in v[0].strip().split("\n\n"):
        ls = block.split("\n")
        a, b = ls[1].split(" --> ")
        dur = (_t(b) - _t(a)) / 1000.0
        if any(len(x) > 42 for x in ls[2:]) or sum(len(x) for x in ls[2:]) / dur > 20:
            return "fail"
    return "pass"


def r_flsa(v):
    basis, weekly, duties = v
    return "exempt" if basis == "salary" and weekly >= 684 and any(duties.values()) else "non-exempt"


def r_tree(v):
    lof, loi, cons = v
    loi_i = ["very low", "low", "medium", "high"].index(loi)
    cons_i = ["negligible", "minor", "significant", "severe"].index(cons)
    m1 = {"imminent": ["u", "s", "l", "v"], "probable": ["u", "u", "s", "l"],
          "possible": ["u", "u", "u", "s"], "improbable": ["u"] * 4}[lof][loi_i]
    return {"v": ["low", "moderate", "high", "extreme"], "l": ["low", "moderate", "high", "high"],
            "s": ["low", "low", "moderate", "moderate"], "u": ["low"] * 4}[m1][cons_i]


def r_vin(v):
    return {"J": "2018", "K": "2019", "L": "2020", "M": "2021", "N": "2022", "P": "2023", "R": "2024"}[v[0][9]]


# ---------- planted leak material: returns (present, consistent_with_expected)
def l_dairy(p, y):
    cam = p["tool_calls"][1]["output"]
    fn = p["attachments"][0]["filename"]
    hits = []
    if "predicted_ls" in cam:
        hits.append(str(cam["predicted_ls"]) == y)
    if "_LS" in fn:
        hits.append(fn.split("_LS")[1].split(".")[0] == y)
    return hits


def l_eld(p, y):
    codes = {"395.3(a)(3)(i)": "11-hour driving limit", "395.3(a)(2)": "14-hour window",
             "395.3(a)(3)(ii)": "30-minute break", "395.3(b)(2)": "70-hour/8-day limit"}
    slug = {"ok": "no violation", "d11": "11-hour driving limit", "w14": "14-hour window", "b30": "30-minute break",
            "c70": "70-hour/8-day limit"}
    hits = []
    ins = p["roadside_inspection"]
    if ins and p["eld"]["log_date"] in ins["rods_reviewed"]:
        got = codes[ins["violations"][0]["section"]] if ins["violations"] else (
            "no violation" if ins["cvsa_decal_issued"] else None)
        hits.append(got == y)
    if "hos--" in p["rendered_log_html"]:
        hits.append(slug[p["rendered_log_html"].split("hos--")[1].split('"')[0]] == y)
    return hits


def l_fish(p, y):
    g = {"\U0001F7E2": "prime", "\U0001F7E1": "good", "\U0001F7E0": "fair", "\U0001F534": "reject"}
    pr = {5.10: "prime", 4.20: "good", 2.80: "fair", 0.0: "reject"}
    hits = []
    last = p["auction_board_line"].split("|")[-1].strip()
    if last in g:
        hits.append(g[last] == y)
    if p["reserve_eur_kg"] is not None:
        hits.append(pr.get(p["reserve_eur_kg"]) == y)
    return hits


def l_fruta(p, y):
    en = {"Extra Class": "Extra", "Class I": "Categoría I", "Class II": "Categoría II",
          "Not for fresh market - processing only": "No conforme"}
    sh = {"EXTRA": "Extra", "I": "Categoría I", "II": "Categoría II", "NC": "No conforme"}
    hits = []
    parts = [x.strip() for x in p["etiqueta_exportación"]["texto"].split("·")]
    found = [en[x] for x in parts if x in en]
    if found:
        hits.append(found[0] == y)
    tok = json.loads(base64.b64decode(p["token_trazabilidad"]).decode())
    if "cat" in tok:
        hits.append(sh[tok["cat"]] == y)
    return hits


DGA_PARA = {"corona-type": "PD", "low-energy sparking": "D1", "high-energy arcing": "D2", "below 300 C": "T1",
            "300-700 C": "T2", "above 700 C": "T3"}


def l_dga(p, y):
    hits = []
    for h in p["history"]:
        if h.get("field") == "iec60599_fault":
            hits.append(h["to"] == y)
    for m in p["correspondence"]:
        for k, c in DGA_PARA.items():
            if k in m["body"]:
                hits.append(c == y)
    return hits


def l_smtp(p, y):
    bc = {10: "hard bounce", 22: "soft bounce", 51: "block", 90: "auto-reply"}
    hits = []
    if p["esp_event"]["bounce_class"] is not None:
        hits.append(bc[p["esp_event"]["bounce_class"]] == y)
    s = p["suppression"]
    if s is not None:
        got = ("hard bounce" if s.get("listed") else "soft bounce" if "retry_scheduled" in s else
               "block" if s.get("ip_pool_paused") else "auto-reply" if s.get("ignored") else None)
        hits.append(got == y)
    return hits


def l_hotel(p, y):
    col = {"#81c784": "VC", "#fff176": "VD", "#64b5f6": "OC", "#e57373": "OD", "#9e9e9e": "OOO"}
    hits = []
    k = p["board_meta"]["cache_key"].split(":")
    if len(k) == 5:
        hits.append(k[3] == y)
    c = p["board_cell_html"].split("background:")[1].split('"')[0]
    if c != "#ffffff":
        hits.append(col.get(c) == y)
    return hits


def l_sub(p, y):
    hits = []
    if "subqc[" in p["qc_log"]:
        hits.append(("outside limits" in p["qc_log"]) == (y == "fail"))
    q = urllib.parse.parse_qs(urllib.parse.urlparse(p["callback_url"]).query)
    res = json.loads(q["result"][0])
    if "verdict" in res:
        hits.append(res["verdict"] == y)
    return hits


def l_tree(p, y):
    wo = {"P1": "extreme", "P2": "high", "P3": "moderate", "routine": "low"}
    ab = {"Ext": "extreme", "Hi": "high", "Mod": "moderate", "Lo": "low"}
    hits = []
    if p["work_order"] is not None:
        hits.append(wo[p["work_order"]["priority"].split()[0]] == y)
    if "/ RR " in p["field_sheet_shorthand"]:
        hits.append(ab[p["field_sheet_shorthand"].split("/ RR ")[1].strip()] == y)
    return hits


def l_none(p, y):
    return []


SPEC = {
    "dairy_locomotion": (r_dairy, l_dairy, True), "eld_hos_violation": (r_eld, l_eld, True),
    "fish_qim_freshness": (r_fish, l_fish, True), "fruta_categoria": (r_fruta, l_fruta, True),
    "transformer_dga": (r_dga, l_dga, True), "smtp_bounce": (r_smtp, l_smtp, True),
    "phq9_severity": (r_phq, l_none, False), "crosscut_adhesion": (r_cc, l_none, False),
    "hotel_room_status": (r_hotel, l_hotel, True), "athletics_wind": (r_wind, l_none, False),
    "subtitle_qc": (r_sub, l_sub, True), "flsa_exemption": (r_flsa, l_none, False),
    "tree_risk_traq": (r_tree, l_tree, True), "vin_model_year": (r_vin, l_none, False),
}


def main():
    files = sorted(glob.glob(os.path.join(HERE, "*.jsonl")))
    names = [os.path.basename(f)[:-6] for f in files]
    if sorted(names) != sorted(SPEC):
        err("dataset set mismatch: %s" % names)
    nleak_ds = nclean_ds = 0
    numeric = english_word = multiword = nonenglish = False
    for f in files:
        name = os.path.basename(f)[:-6]
        if name not in SPEC:
            continue
        rule, leakf, leaking = SPEC[name]
        meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
        derive = meta["derive_from"]
        recs = []
        for ln, line in enumerate(open(f, encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:
                err("%s:%d invalid json %s" % (name, ln, e))
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids):
            err("%s: duplicate ids" % name)
        labels = recs[0]["label_set"]
        if not 2 <= len(labels) <= 7:
            err("%s: label count" % name)
        if all(l.isdigit() for l in labels):
            numeric = True
        if any(" " in l for l in labels):
            multiword = True
        if name == "fish_qim_freshness":
            english_word = True
        if name == "fruta_categoria":
            nonenglish = True
        nl = 0
        for r in recs:
            rid = r["id"]
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"}:
                err("%s: keys %s" % (rid, sorted(r)))
            if not rid.startswith(name + "-"):
                err("%s: id prefix" % rid)
            if r["label_set"] != labels or r["expected"] not in labels or r["target"] != "label":
                err("%s: label_set/expected/target" % rid)
            try:
                vals = [ptr(r["projection"], p) for p in derive]
            except Exception as e:
                err("%s: pointer %s" % (rid, e))
                continue
            got = rule(vals)
            if got != r["expected"]:
                err("%s: recomputed %r != expected %r" % (rid, got, r["expected"]))
            hits = leakf(r["projection"], r["expected"])
            if hits and not all(hits):
                err("%s: planted leak material inconsistent with expected" % rid)
            if bool(hits) != r["truth"]["leak"]:
                err("%s: leak flag %s but planted material %s" % (rid, r["truth"]["leak"], hits))
            nl += r["truth"]["leak"]
        frac = nl / float(len(recs))
        if leaking:
            nleak_ds += 1
            if not 0.2 <= frac <= 0.7:
                err("%s: leak fraction %.2f" % (name, frac))
        else:
            nclean_ds += 1
            if nl:
                err("%s: clean dataset has %d leaking records" % (name, nl))
        print("%-20s %4d records  %3d leaking  labels=%d" % (name, len(recs), nl, len(labels)))
    if (nleak_ds, nclean_ds) != (9, 5):
        err("need 9 leaking / 5 clean, got %d/%d" % (nleak_ds, nclean_ds))
    if not (numeric and english_word and multiword and nonenglish):
        err("label variety requirement not met")
    for e in ERR[:50]:
        print("ERROR", e)
    print("%d errors" % len(ERR))
    return 1 if ERR else 0


if __name__ == "__main__":
    sys.exit(main())
