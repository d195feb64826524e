"""Label rules (computed from derive_from values only) and planted-material probes.
stdlib only. Shared by gen.py (self-assert) and check.py."""
import base64
import datetime
import json
import math
import re
import statistics


def _de(s):
    return float(str(s).replace(",", "."))


# ---------------------------------------------------------------- rules
def rule_mehl(v):
    a = _de(v[0])
    for lab, hi in (("405", 0.50), ("550", 0.63), ("812", 0.90), ("1050", 1.20), ("1600", 1.80)):
        if a <= hi + 1e-9:
            return lab
    return None


def rule_aceite(v):
    a, p, k, md, mf = (float(x) for x in v[:5])
    if a <= 0.8 + 1e-9 and p <= 20 + 1e-9 and k <= 0.22 + 1e-9 and md == 0 and mf > 0:
        return "virgen extra"
    if a <= 2.0 + 1e-9 and p <= 20 + 1e-9 and k <= 0.25 + 1e-9 and md <= 3.5 + 1e-9 and mf > 0:
        return "virgen"
    return "lampante"


def motor_pi(csv):
    rows = {}
    for line in csv.strip().splitlines()[1:]:
        t, r, _kv = line.split(",")
        rows[int(t)] = float(r)
    return rows[600] / rows[60]


def rule_motor(v):
    pi = motor_pi(v[0])
    if pi < 1.0:
        return "dangerous"
    if pi < 1.1:
        return "poor"
    if pi < 1.25:
        return "questionable"
    if pi < 2.0:
        return "fair"
    if pi <= 4.0:
        return "good"
    return "excellent"


def rule_bortle(v):
    m = statistics.median(v[0])
    for lab, lo in (("2", 21.89), ("3", 21.69), ("4", 20.49), ("5", 19.50), ("6", 18.94)):
        if m >= lo - 1e-9:
            return lab
    return "7"


def rule_court(v):
    value, ctype, psla, days, experts = v
    small_ok = value <= 10000 and (
        not ctype.startswith("personal injury")
        or (ctype == "personal injury (RTA)" and psla <= 5000)
        or (ctype == "personal injury (other)" and psla <= 1000))
    if small_ok:
        return "small claims track"
    if value <= 25000 and days <= 1 and experts <= 2:
        return "fast track"
    if value <= 100000 and days <= 3 and experts <= 2:
        return "intermediate track"
    return "multi-track"


def loud_parse(s):
    i = float(re.search(r"I:\s+(-?\d+\.\d) LUFS", s).group(1))
    pk = float(re.search(r"Peak:\s+(-?\d+\.\d) dBFS", s).group(1))
    return i, pk


def rule_loud(v):
    i, pk = loud_parse(v[0])
    if pk > -1.0:
        return "clipping"
    if i > -22.0:
        return "loud"
    if i < -24.0:
        return "quiet"
    return "pass"


def hav_a8(uses):
    return math.sqrt(sum(u["vib_ms2"] ** 2 * u["trigger_min"] / 480.0 for u in uses))


def rule_hav(v):
    a8 = hav_a8(v[0])
    lim = v[1]
    if a8 < lim["eav_ms2"]:
        return "below EAV"
    if a8 <= lim["elv_ms2"]:
        return "above EAV"
    return "above ELV"


def rule_qsofa(v):
    rr, sbp, gcs = v
    return str(int(rr >= 22) + int(sbp <= 100) + int(gcs < 15))


def rule_perio(v):
    cal, lost = v
    m = max(cal.values())
    if m <= 2:
        return "Stage I"
    if m <= 4:
        return "Stage II"
    return "Stage IV" if lost >= 5 else "Stage III"


LOGMAR = {"6/5": -0.08, "6/6": 0.0, "6/7.5": 0.1, "6/9": 0.18, "6/12": 0.3, "6/15": 0.4, "6/18": 0.48,
          "6/24": 0.6, "6/36": 0.78, "6/60": 1.0, "4/60": 1.18, "3/60": 1.3, "2/60": 1.48, "1/60": 1.78,
          "CF": 2.0, "HM": 2.3, "PL": 2.7, "NPL": 3.0}


def rule_visual(v):
    best = min(LOGMAR[v[0]], LOGMAR[v[1]])
    if best <= 0.3:
        return "none"
    if best <= 0.48:
        return "mild"
    if best <= 1.0:
        return "moderate"
    if best <= 1.3:
        return "severe"
    return "blindness"


def months_between(d1, d2):
    a = datetime.date.fromisoformat(d1)
    b = datetime.date.fromisoformat(d2)
    return (b.year - a.year) * 12 + (b.month - a.month) - (1 if b.day < a.day else 0)


def rule_rope(v):
    since, insp, falls, sheath = v
    m = months_between(since, insp)
    if sheath == "core visible" or m >= 60 or falls >= 2000:
        return "retire"
    if sheath == "glazed" or m >= 36 or falls >= 1000:
        return "inspect"
    return "keep"


def pip_stats(nominal, z, masses):
    vols = [m * z for m in masses]
    mean = statistics.mean(vols)
    es = 100.0 * (mean - nominal) / nominal
    cv = 100.0 * statistics.stdev(vols) / mean
    return es, cv


def rule_pipette(v):
    nominal, z, masses, lim = v
    es, cv = pip_stats(nominal, z, masses)
    s = abs(es) > lim["systematic_max_pct"]
    r = cv > lim["random_max_cv_pct"]
    if s and r:
        return "both fail"
    if s:
        return "systematic fail"
    if r:
        return "random fail"
    return "pass"


def lice_limit(region, week):
    spring = range(16, 22) if region == "sør for Stad" else range(21, 27)
    return 0.2 if week in spring else 0.5


def rule_lice(v):
    region, week, merder = v
    fish = sum(m["fisk_talt"] for m in merder)
    lice = sum(m["voksne_hunnlus"] for m in merder)
    return "over grensen" if lice / fish > lice_limit(region, week) + 1e-12 else "under grensen"


def rule_pellet(v):
    ash, n, dur, moist = v
    if moist > 10.0 or dur < 97.5:
        return "off-spec"
    if ash <= 0.7 and n <= 0.3 and dur >= 98.0:
        return "A1"
    if ash <= 1.2 and n <= 0.5:
        return "A2"
    if ash <= 2.0 and n <= 1.0:
        return "B"
    return "off-spec"


RULES = {"mehl_type": rule_mehl, "aceite_categoria": rule_aceite, "motor_insulation_pi": rule_motor,
         "bortle_sqm": rule_bortle, "civil_track_allocation": rule_court, "broadcast_loudness_qc": rule_loud,
         "hand_arm_vibration": rule_hav, "qsofa_ed": rule_qsofa, "perio_staging": rule_perio,
         "visual_impairment_who": rule_visual, "climbing_rope_retirement": rule_rope,
         "pipette_calibration": rule_pipette, "lakselus_grense": rule_lice, "wood_pellet_class": rule_pellet}


# ---------------------------------------------------------------- probes
# Each probe returns the set of labels that the planted leak material reveals
# (empty set when the record carries no leak material).
def probe_mehl(p, ls):
    out = set()
    ch = p["werkzeug_ausgaben"][0]["ergebnis"]["probennummer"]
    for pos in p["werkzeug_ausgaben"][1]["ergebnis"]["positionen"]:
        if pos["charge"] == ch:
            m = re.match(r"WM-0?(\d{3,4})-", pos["artikel"])
            if m:
                out.add(m.group(1))
    m = re.search(r'<Freigabe[^>]*typ="(\d+)"', p["werkzeug_ausgaben"][2]["ergebnis"]["pruefbericht_xml"])
    if m:
        out.add(m.group(1))
    return out


ACEITE_EN = {"extra virgin": "virgen extra", "extravergine": "virgen extra", "virgin, not extra": "virgen",
             "plain virgin": "virgen", "vergine (non extra)": "virgen", "lamp oil": "lampante",
             "refinery only": "lampante", "da raffinare": "lampante"}
ACEITE_PRICE = {"virgen extra": (4.10, 4.60), "virgen": (3.60, 3.95), "lampante": (2.90, 3.30)}


def probe_aceite(p, ls):
    out = set()
    body = " ".join(m["cuerpo"] for m in p["correo"]["mensajes"]).lower()
    for k, lab in ACEITE_EN.items():
        if k in body:
            out.add(lab)
    pr = p["oferta_comercial"]["precio_eur_kg"]
    if pr is not None:
        for lab, (lo, hi) in ACEITE_PRICE.items():
            if lo <= pr <= hi:
                out.add(lab)
    return out


MOTOR_COLOR = {"#c62828": "dangerous", "#d84315": "poor", "#f9a825": "questionable", "#9e9d24": "fair",
               "#2e7d32": "good", "#1565c0": "excellent"}
MOTOR_DAYS = {0: "dangerous", 30: "poor", 90: "questionable", 180: "fair", 365: "good", 730: "excellent"}


def probe_motor(p, ls):
    out = set()
    m = re.search(r'background-color:(#[0-9a-f]{6})', p["report_html"])
    if m and m.group(1) in MOTOR_COLOR:
        out.add(MOTOR_COLOR[m.group(1)])
    due = p["cmms"]["next_test_due"]
    if due:
        d = (datetime.date.fromisoformat(due) - datetime.date.fromisoformat(p["megger_export"]["test_date"])).days
        out.add(MOTOR_DAYS[d])
    return out


COURT_FORM = {"N157": "small claims track", "N154": "fast track", "N154I": "intermediate track",
              "N155": "multi-track"}
COURT_URL = {"SC": "small claims track", "FT": "fast track", "IT": "intermediate track", "MT": "multi-track"}


def probe_court(p, ls):
    out = set()
    for d in p["case"]["documents"]:
        if d["form"] in COURT_FORM:
            out.add(COURT_FORM[d["form"]])
    m = re.search(r"[?&]track=([A-Z]{2})", p["case"]["portal_link"])
    if m:
        out.add(COURT_URL[m.group(1)])
    return out


QS_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3"}


def probe_qsofa(p, ls):
    out = set()
    m = re.search(r"q-?SOFA (?:of |scored |score )?(zero|one|two|three)\b", p["handover_note"], re.I)
    if m:
        out.add(QS_WORDS[m.group(1).lower()])
    ctx = json.loads(base64.b64decode(p["cds_hooks"]["context_b64"]).decode())
    for c in ctx.get("cards", []):
        m = re.search(r"qSOFA (\d)/3", c["summary"])
        if m:
            out.add(m.group(1))
    return out


VIS_CODE = {"VI-NIL": "none", "VI-MLD": "mild", "VI-MOD": "moderate", "VI-SEV": "severe", "VI-BLD": "blindness"}


def probe_visual(p, ls):
    out = set()
    sc = p["triage_model"]["scores"]
    if sc:
        out.add(max(sc, key=sc.get))
    fm = {"standard print": "none", "14pt print": "mild", "large print (18pt)": "moderate",
          "giant print (24pt)": "severe", "audio CD + braille": "blindness"}
    f = p["patient_preferences"]["information_format"]
    if f in fm:
        out.add(fm[f])
    for e in p["audit"]:
        if e.get("code") in VIS_CODE:
            out.add(VIS_CODE[e["code"]])
    return out


ROPE_ST = {"IS": "keep", "QI": "inspect", "RT": "retire"}


def probe_rope(p, ls):
    out = set()
    m = re.search(r"\|ST=([A-Z]{2})\|", p["tag_scan"]["payload"])
    if m:
        out.add(ROPE_ST[m.group(1)])
    inv = p["inventory"]
    if inv["active_after"] is not None:
        da = inv["active_after"] - inv["active_before"]
        dq = inv["quarantine_after"] - inv["quarantine_before"]
        out.add({(0, 0): "keep", (-1, 1): "inspect", (-1, 0): "retire"}[(da, dq)])
    return out


def probe_lice(p, ls):
    out = set()
    f = p["barentswatch"]["overLiceLimit"]
    if f is not None:
        out.add("over grensen" if f else "under grensen")
    msg = p["teams_melding"]["tekst"]
    if "🔴" in msg:
        out.add("over grensen")
    if "🟢" in msg:
        out.add("under grensen")
    return out


def probe_pellet(p, ls):
    out = set()
    m = re.search(r"/\d{2}/(A1|A2|B|REJ)/", p["documents"]["coa_pdf"])
    if m:
        out.add({"REJ": "off-spec"}.get(m.group(1), m.group(1)))
    m = re.search(r":cls=([a-z0-9]+):", p["documents"]["cache_key"])
    if m:
        out.add({"a1": "A1", "a2": "A2", "b": "B", "rej": "off-spec"}[m.group(1)])
    return out


def probe_none(p, ls):
    return set()


PROBES = {"mehl_type": probe_mehl, "aceite_categoria": probe_aceite, "motor_insulation_pi": probe_motor,
          "bortle_sqm": probe_none, "civil_track_allocation": probe_court, "broadcast_loudness_qc": probe_none,
          "hand_arm_vibration": probe_none, "qsofa_ed": probe_qsofa, "perio_staging": probe_none,
          "visual_impairment_who": probe_visual, "climbing_rope_retirement": probe_rope,
          "pipette_calibration": probe_none, "lakselus_grense": probe_lice, "wood_pellet_class": probe_pellet}
