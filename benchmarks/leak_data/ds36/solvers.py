"""Label rules (computed from derive_from values only) and planted-leak probes.
Shared by gen.py (self-assert) and check.py. stdlib only."""
import base64, json, re, urllib.parse, datetime as dt

def ptr_get(obj, ptr):
    if ptr == "":
        return obj
    cur = obj
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

# ---------------------------------------------------------------- skate
SK_CODES = {"A": "Axel", "Lz": "Lutz", "F": "Flip", "Lo": "Loop", "S": "Salchow", "T": "Toe loop"}
SK_BV = {2: {"T": 1.30, "S": 1.30, "Lo": 1.70, "F": 1.80, "Lz": 2.10, "A": 3.30},
         3: {"T": 4.20, "S": 4.30, "Lo": 4.90, "F": 5.30, "Lz": 5.90, "A": 8.00},
         4: {"T": 9.50, "S": 9.70, "Lo": 10.50, "F": 11.00, "Lz": 11.50, "A": 12.50}}

def solve_skate(v):
    d = v["/skater/rotation_direction"]; t = v["/element/takeoff"]
    if t["direction"] == "forward":
        return "Axel"
    foot = t["foot"]
    if d == "clockwise":
        foot = {"left": "right", "right": "left"}[foot]
    tab = {(True, "outside", "left"): "Lutz", (True, "inside", "left"): "Flip",
           (True, "outside", "right"): "Toe loop", (False, "outside", "right"): "Loop",
           (False, "inside", "left"): "Salchow"}
    return tab[(bool(t["toe_pick_assist"]), t["edge"], foot)]

def probe_skate(p):
    found = []
    m = re.search(r"_el\d+_(\d)(A|Lz|F|Lo|S|T)\.mp4", p.get("replay", {}).get("clip", ""))
    if m:
        found.append({SK_CODES[m.group(2)]})
    echo = p.get("scoring_echo")
    if echo:
        m = re.search(r"BV\s+(\d+\.\d\d)", echo)
        if m:
            rot = p["element"]["rotations"]; bv = float(m.group(1))
            found.append({SK_CODES[c] for c, x in SK_BV[rot].items() if abs(x - bv) < 1e-6})
    ppc = p.get("planned_program_content")
    if ppc:
        code = ppc[p["element"]["order"] - 1]
        m = re.match(r"\d(A|Lz|F|Lo|S|T)$", code)
        if m:
            found.append({SK_CODES[m.group(1)]})
    return found

# ---------------------------------------------------------------- bridge
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}

def bridge_eval(hand):
    lens = {s: len(hand[s]) for s in ("spades", "hearts", "diamonds", "clubs")}
    hcp = sum(HCP.get(c, 0) for s in lens for c in hand[s])
    return hcp, lens

def solve_bridge(v):
    hand = v["/dealer_hand"]
    hcp, L = bridge_eval(hand)
    if hcp < 12:
        return "Pass"
    shape = sorted(L.values())
    balanced = shape[0] >= 2 and shape[1] >= 3
    if 15 <= hcp <= 17 and balanced:
        return "1 No Trump"
    if L["spades"] >= 5 or L["hearts"] >= 5:
        return "1 Spade" if L["spades"] >= L["hearts"] else "1 Heart"
    if L["diamonds"] > L["clubs"]:
        return "1 Diamond"
    if L["clubs"] > L["diamonds"]:
        return "1 Club"
    return "1 Club" if L["clubs"] == 3 else "1 Diamond"

LIN_BID = {"1C": "1 Club", "1D": "1 Diamond", "1H": "1 Heart", "1S": "1 Spade", "1N": "1 No Trump", "P": "Pass"}
PBN_BID = {"1C": "1 Club", "1D": "1 Diamond", "1H": "1 Heart", "1S": "1 Spade", "1NT": "1 No Trump", "Pass": "Pass"}

def probe_bridge(p):
    found = []
    url = p.get("handviewer_url")
    if url:
        q = urllib.parse.urlparse(url).query
        lin = urllib.parse.parse_qs(q).get("lin", [""])[0]
        toks = lin.split("|")
        for i, t in enumerate(toks):
            if t == "mb" and i + 1 < len(toks):
                found.append({LIN_BID[toks[i + 1].upper()]})
                break
    for a in p.get("attachments", []):
        m = re.search(r'\[Auction "[NESW]"\]\s*\n(\S+)', a.get("content", ""))
        if m:
            found.append({PBN_BID[m.group(1)]})
    return found

# ---------------------------------------------------------------- horse
def solve_horse(v):
    g = {r["locus"]: r["genotype"] for r in v["/lab_report/results"]}
    if "G" in g["G"]:
        return "grey"
    if g["E"] == "e/e":
        return "chestnut"
    if "A" in g["A"]:
        return "bay"
    return "black"

HORSE_ABBR = {"b.": "bay", "bl.": "black", "ch.": "chestnut", "gr.": "grey"}
HORSE_HEX = {"#6f3a1e": "bay", "#1b1b1b": "black", "#b5651d": "chestnut", "#a8a8a8": "grey"}

def probe_horse(p):
    found = []
    ab = p.get("vet_identification", {}).get("colour_abbr")
    if ab in HORSE_ABBR:
        found.append({HORSE_ABBR[ab]})
    m = re.search(r"class='foal' style='background:(#[0-9a-f]{6})'", p.get("pedigree_html", ""))
    if m and m.group(1) in HORSE_HEX:
        found.append({HORSE_HEX[m.group(1)]})
    return found

# ---------------------------------------------------------------- backup
def _d(s):
    return dt.datetime.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")

def solve_backup(v):
    c = _d(v["/snapshot/created"]).date(); a = _d(v["/as_of"]).date()
    age = (a - c).days
    if c.month == 1 and c.day == 1 and age <= 2555:
        return "yearly"
    if c.day == 1 and age <= 366:
        return "monthly"
    if c.weekday() == 6 and age <= 35:
        return "weekly"
    if age <= 7:
        return "daily"
    return "expire"

def probe_backup(p):
    found = []
    m = re.search(r"@autosnap_\S+_(daily|weekly|monthly|yearly)$", p["snapshot"]["name"])
    if m:
        found.append({m.group(1)})
    ps = p.get("pruner_state") or {}
    if ps.get("hold_until"):
        h = _d(ps["hold_until"]); c = _d(p["snapshot"]["created"]); a = _d(p["as_of"])
        off = (h - c).days
        if off == 7:
            found.append({"daily"} if h > a else {"expire"})
        elif off == 35:
            found.append({"weekly"})
        elif 364 <= off <= 366:
            found.append({"monthly"})
        elif off > 2000:
            found.append({"yearly"})
    return found

# ---------------------------------------------------------------- pd rights
def solve_pd(v):
    cr = v["/item/creator"]; py = v["/item/publication_year"]; asof = int(v["/rights_as_of"][:4])
    cutoff = asof - 71
    if cr["type"] == "person":
        if cr.get("death_year") is None:
            return "undetermined"
        return "public domain" if cr["death_year"] <= cutoff else "in copyright"
    if cr["type"] == "anonymous":
        if py is None:
            return "undetermined"
        return "public domain" if py <= cutoff else "in copyright"
    return "undetermined"

PD_URI = {"http://creativecommons.org/publicdomain/mark/1.0/": "public domain",
          "http://rightsstatements.org/vocab/InC/1.0/": "in copyright",
          "http://rightsstatements.org/vocab/UND/1.0/": "undetermined"}
PD_MARC = {"Public domain": "public domain", "Copyrighted": "in copyright", "Unknown": "undetermined"}

def probe_pd(p):
    found = []
    man = json.loads(p["iiif_manifest"]) if p.get("iiif_manifest") else {}
    if man.get("rights") in PD_URI:
        found.append({PD_URI[man["rights"]]})
    m = re.search(r"^=542 .*?\$l([^$\n]+)", p.get("marc_record", ""), re.M)
    if m:
        found.append({PD_MARC[m.group(1).strip()]})
    return found

# ---------------------------------------------------------------- pitch
def solve_pitch(v):
    x = v["/pitch/plate_x"]; z = v["/pitch/plate_z"]
    return "strike" if abs(x) <= 0.83 and v["/pitch/sz_bot"] <= z <= v["/pitch/sz_top"] else "ball"

def probe_pitch(p):
    found = []
    z = p["pitch"].get("zone")
    if z is not None:
        found.append({"strike"} if 1 <= z <= 9 else {"ball"})
    nx = p.get("next_pitch")
    if nx:
        b0, s0 = p["pitch"]["balls"], p["pitch"]["strikes"]
        if nx["balls"] == b0 + 1 and nx["strikes"] == s0:
            found.append({"ball"})
        elif nx["strikes"] == s0 + 1 and nx["balls"] == b0:
            found.append({"strike"})
    msg = p.get("gameday_bot", "")
    if "\U0001F7E2" in msg:
        found.append({"ball"})
    if "\U0001F534" in msg:
        found.append({"strike"})
    return found

# ---------------------------------------------------------------- wafer
def solve_wafer(v):
    m = v["/measurements"]
    if m["cont_max_ohm"] > 10:
        return "3"
    if m["iddq_uA"] > 50:
        return "5"
    if not (0.38 <= m["vth_V"] <= 0.52):
        return "7"
    return "1"

WAFER_TNUM = {"0": "1", "1000": "3", "2100": "5", "3200": "7"}

def probe_wafer(p):
    found = []
    wm = p.get("wafer_map_ascii")
    if wm:
        lines = wm.split("\n")
        hdr = lines[0]
        m = re.match(r"# LOT (\S+) WAFER (\d+)", hdr)
        if m and m.group(1) == p["lot"] and int(m.group(2)) == p["wafer"]:
            rows = [l for l in lines if not l.startswith("#")]
            x, y = p["die"]["x"], p["die"]["y"]
            ch = rows[10 - y][x + 10]
            found.append({ch})
    dl = p.get("datalog_tail", "")
    m = re.search(r"FIRST_FAIL_TNUM=(\d+)", dl)
    if m:
        found.append({WAFER_TNUM[m.group(1)]})
    m = re.search(r"TEST_T=(\d+)ms", dl)
    if m:
        t = int(m.group(1))
        found.append({"3"} if t < 60 else {"5"} if t < 200 else {"7"} if t < 340 else {"1"})
    return found

# ---------------------------------------------------------------- measles
def solve_measles(v):
    c = v["/case_report/clinical"]; e = v["/case_report/epi"]; l = v["/case_report/lab"]
    res = [l["measles_igm"], l["measles_pcr"]]
    if "positive" in res:
        return "confirmed"
    tested = [r for r in res if r in ("positive", "negative")]
    if tested and all(r == "negative" for r in tested):
        return "not a case"
    clin = (c["fever_max_c"] >= 38.3 and c["rash"] == "generalized maculopapular"
            and (c["cough"] or c["coryza"] or c["conjunctivitis"]))
    if clin and e["linked_to_confirmed_case"]:
        return "probable"
    if clin:
        return "suspected"
    return "not a case"

MEASLES_SCT = {"410605003": "confirmed", "2931005": "probable", "415684004": "suspected", "410594000": "not a case"}

def probe_measles(p):
    found = []
    m = re.search(r"OBX\|\d+\|CWE\|77990-0\^[^|]*\|\|(\d+)\^", p.get("hl7_excerpt", ""))
    if m:
        found.append({MEASLES_SCT[m.group(1)]})
    dd = p.get("dashboard_delta")
    if dd:
        hdr, row = dd.strip().split("\n")[:2]
        h = hdr.split(","); r = row.split(",")
        names = {"confirmed": "confirmed", "probable": "probable", "suspected": "suspected", "ruled_out": "not a case"}
        for k, lab in names.items():
            if r[h.index(k)] == "1":
                found.append({lab})
    return found

# ---------------------------------------------------------------- bjs (German)
BJS_TAB = {  # alter: (sieger, ehren) ; w / m
    "w": {8: (475, 625), 9: (550, 700), 10: (625, 775), 11: (700, 825), 12: (725, 850), 13: (775, 900), 14: (800, 925), 15: (825, 950)},
    "m": {8: (450, 575), 9: (525, 675), 10: (600, 750), 11: (675, 825), 12: (750, 900), 13: (825, 975), 14: (900, 1050), 15: (975, 1125)},
}

def solve_bjs(v):
    alter = v["/wettkampfjahr"] - v["/teilnehmer/jahrgang"]
    s, e = BJS_TAB[v["/teilnehmer/geschlecht"]][alter]
    pts = sum(r["punkte"] for r in v["/ergebnisse"])
    if pts >= e:
        return "Ehrenurkunde"
    if pts >= s:
        return "Siegerurkunde"
    return "Teilnahmeurkunde"

BJS_EN = {"Certificate of Honour": "Ehrenurkunde", "Winner's Certificate": "Siegerurkunde", "Certificate of Participation": "Teilnahmeurkunde"}
BJS_TOK = {"EU": "Ehrenurkunde", "SU": "Siegerurkunde", "TU": "Teilnahmeurkunde"}

def probe_bjs(p):
    found = []
    for k, lab in BJS_EN.items():
        if k in p.get("elternbrief_en", ""):
            found.append({lab})
    link = p.get("verifikationslink")
    if link:
        t = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["t"][0]
        t += "=" * (-len(t) % 4)
        d = json.loads(base64.urlsafe_b64decode(t))
        if "u" in d:
            found.append({BJS_TOK[d["u"]]})
    return found

# ---------------------------------------------------------------- swim (clean)
def _swim_t(s):
    if s == "NT":
        return 1e9
    if ":" in s:
        m, r = s.split(":")
        return int(m) * 60 + float(r)
    return float(s)

def solve_swim(v):
    ents = v["/heat_entries"]
    order = sorted(range(len(ents)), key=lambda i: (_swim_t(ents[i]["seed_time"]), i))
    lanes = [3, 4, 2, 5, 1, 6]
    for rank, i in enumerate(order):
        if ents[i]["swimmer"] == v["/target_swimmer"]:
            return str(lanes[rank])
    raise ValueError("target not in heat")

# ---------------------------------------------------------------- incoterms (clean)
def solve_inco(v):
    r = v["/contract/responsibilities"]
    if r["risk_transfers_at"] == "seller premises" and r["export_clearance"] == "buyer":
        return "EXW"
    if r["import_clearance_and_duties"] == "seller":
        return "DDP"
    if r["risk_transfers_at"] == "named place of destination":
        return "DAP"
    if r["risk_transfers_at"] == "on board vessel at port of shipment":
        if r["main_carriage_paid_by"] == "seller":
            return "CIF" if r["cargo_insurance"] == "seller" else None
        return "FOB"
    if r["risk_transfers_at"] == "handover to first carrier" and r["main_carriage_paid_by"] == "buyer":
        return "FCA"
    return None

# ---------------------------------------------------------------- options (clean)
def solve_opt(v):
    s = v["/market/underlying_last"]; k = v["/position/strike"]
    m = (s - k) / k
    if v["/position/option_type"] == "put":
        m = -m
    if m > 0.01:
        return "in the money"
    if m < -0.01:
        return "out of the money"
    return "at the money"

# ---------------------------------------------------------------- chord (clean)
PC = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}

def pitch_pc(p):
    m = re.match(r"([A-G])(#|b)?(\d)$", p)
    pc = PC[m.group(1)] + {"#": 1, "b": -1, None: 0}[m.group(2)]
    return pc % 12

def solve_chord(v):
    pcs = {pitch_pc(x["pitch"]) for x in v["/voicing"]}
    tmpl = {"major": {0, 4, 7}, "minor": {0, 3, 7}, "diminished": {0, 3, 6}, "augmented": {0, 4, 8}}
    for r in range(12):
        rel = {(p - r) % 12 for p in pcs}
        for q, t in tmpl.items():
            if rel == t:
                return q
    return None

# ---------------------------------------------------------------- schengen (clean)
def solve_schengen(v):
    states = set(v["/schengen_states"])
    days = set()
    hist = v["/travel_history"]
    for t in hist:
        if t["country"] in states:
            a = dt.date.fromisoformat(t["entry"]); b = dt.date.fromisoformat(t["exit"])
            d = a
            while d <= b:
                days.add(d); d += dt.timedelta(days=1)
    last = hist[-1]
    a = dt.date.fromisoformat(last["entry"]); b = dt.date.fromisoformat(last["exit"])
    d = a
    while d <= b:
        n = sum(1 for x in days if d - dt.timedelta(days=179) <= x <= d)
        if n > 90:
            return "overstay"
        d += dt.timedelta(days=1)
    return "compliant"

SOLVERS = {"skate_jumps": solve_skate, "bridge_opening": solve_bridge, "horse_coat": solve_horse,
           "backup_tiers": solve_backup, "pd_rights": solve_pd, "pitch_calls": solve_pitch,
           "wafer_bins": solve_wafer, "measles_cases": solve_measles, "bjs_urkunde": solve_bjs,
           "swim_lanes": solve_swim, "incoterms": solve_inco, "options_moneyness": solve_opt,
           "chord_quality": solve_chord, "schengen_stay": solve_schengen}
PROBES = {"skate_jumps": probe_skate, "bridge_opening": probe_bridge, "horse_coat": probe_horse,
          "backup_tiers": probe_backup, "pd_rights": probe_pd, "pitch_calls": probe_pitch,
          "wafer_bins": probe_wafer, "measles_cases": probe_measles, "bjs_urkunde": probe_bjs}
