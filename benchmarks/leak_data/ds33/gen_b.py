import json, random, urllib.parse
from datetime import datetime, timedelta
from common import DS, targets
from gen_a import LABELSET, fmt


# ---------------------------------------------------------------- 8 cross-cut (clean, numeric)
CC = ["0", "1", "2", "3", "4", "5"]


def cc_label(grid):
    tot = sum(sum(r) for r in grid)
    if tot == 0:
        return "0"
    for lim, c in ((125, "1"), (375, "2"), (875, "3"), (1625, "4")):
        if tot <= lim:
            return c
    return "5"


def crosscut():
    R = random.Random(3308)
    ins = ("Classify the ISO 2409 cross-cut adhesion test. grid_detached_pct gives the detached percentage of each of "
           "the 25 squares of the lattice. Mean detached area: 0 % = class 0; up to 5 % = 1; over 5 to 15 % = 2; "
           "over 15 to 35 % = 3; over 35 to 65 % = 4; over 65 % = 5. Return the class number 0-5.")
    d = DS("crosscut_adhesion", CC, ["/measurement/grid_detached_pct"],
           "Class from the mean of the 5x5 detached-area grid.", False,
           "Paint/coating cross-cut adhesion class (ISO 2409) from image-analysed lattice (numeric labels).")
    rng = {"0": (0, 0), "1": (1, 125), "2": (126, 375), "3": (376, 875), "4": (876, 1625), "5": (1626, 2500)}
    for t in targets(R, CC, 132):
        tot = R.randint(*rng[t])
        g = [0] * 25
        while sum(g) < tot:
            i = R.randrange(25)
            step = min(100 - g[i], R.randint(1, 20), tot - sum(g))
            g[i] += step
        grid = [g[i * 5:(i + 1) * 5] for i in range(5)]
        coats, spacing, panel = R.randint(1, 3), R.choice([1, 2, 3]), R.randint(1, 5)
        traps = {LABELSET: "0 % = class 0; up to 5 % = 1; ... over 65 % = 5",
                 "T_numeric_lookalike": "coats=%d cut_spacing_mm=%d panel=%d" % (coats, spacing, panel)}
        spec = None
        if R.random() < 0.5:
            spec = "Customer spec %s: adhesion class %s or better" % (R.choice(["RAL-QA-7", "OEM-114", "TS-22"]), R.choice(["0", "1", "2"]))
            traps["T_acceptance_spec_mentions_label"] = spec
        sister = None
        if R.random() < 0.4:
            sister = {"panel": "P%d-B" % panel, "class": R.choice(CC)}
            traps["T_other_record_label"] = json.dumps(sister)
        proj = {"instruction": ins,
                "specimen": {"panel": "P%d-A" % panel, "substrate": R.choice(["steel DC01", "aluminium 5754", "galvanised steel"]),
                             "coats": coats, "dft_um": R.randint(60, 240), "cure": "%d min at %d C" % (R.choice([20, 30]), R.choice([80, 140, 180]))},
                "measurement": {"cut_spacing_mm": spacing, "tape": "ISO 2409 tape, 10 N/25 mm",
                                "image": "xc_%05d.png" % R.randint(0, 99999), "grid_detached_pct": grid},
                "requirement": spec, "sister_panel": sister}
        d.add(t, proj, {}, traps)
    d.finish(R)


# ---------------------------------------------------------------- 9 hotel room status (leaking)
HK = ["VC", "VD", "OC", "OD", "OOO"]


def hk_label(events):
    ev = sorted(events, key=lambda e: e["ts"])
    last = lambda types: max([e["ts"] for e in ev if e["type"] in types] or [""])
    mt = [e for e in ev if e["type"] in ("ooo_start", "ooo_end")]
    if mt and mt[-1]["type"] == "ooo_start":
        return "OOO"
    occ = [e for e in ev if e["type"] in ("checkin", "checkout")]
    occupied = bool(occ) and occ[-1]["type"] == "checkin"
    clean = last(["hk_clean_done"])
    if occupied:
        return "OC" if clean > last(["night_audit"]) else "OD"
    co = last(["checkout"])
    if not co:
        return "VC"
    return "VC" if clean > co else "VD"


def hotel():
    R = random.Random(3309)
    ins = ("Give the housekeeping status of the room at pms.as_of from the PMS event log. OOO if the latest "
           "maintenance event is ooo_start. Otherwise occupied if the latest checkin/checkout event is a checkin. "
           "Occupied: clean if an hk_clean_done is later than the latest night_audit, else dirty. Vacant: clean if "
           "there is no checkout or an hk_clean_done is later than the latest checkout, else dirty. "
           "Answer VC, VD, OC, OD or OOO.")
    d = DS("hotel_room_status", HK, ["/pms/events", "/pms/as_of"],
           "Status from the ordered PMS event log up to as_of.", True,
           "Hotel housekeeping room status code (VC/VD/OC/OD/OOO) from PMS events.")
    colour = {"VC": "#81c784", "VD": "#fff176", "OC": "#64b5f6", "OD": "#e57373", "OOO": "#9e9e9e"}
    staff = ["Olga Dimitrova (OD)", "Vera Costa (VC)", "Kemal Aydin (KA)", "Oscar Castro (OC)", "Mai Nguyen (MN)"]
    for t in targets(R, HK, 150):
        day = datetime(2026, 5, 1) + timedelta(days=R.randint(0, 60))
        T = lambda h, m=None: fmt(day + timedelta(hours=h, minutes=R.randint(0, 59) if m is None else m))
        room = "%d%02d" % (R.randint(2, 14), R.randint(1, 40))
        ev = []
        traps = {LABELSET: "Answer VC, VD, OC, OD or OOO."}
        who = lambda: R.choice(staff)
        if t in ("OC", "OD") or (t in ("VD", "VC", "OOO") and R.random() < 0.7):
            ev.append({"ts": fmt(day - timedelta(hours=R.randint(20, 60))), "type": "checkin", "by": "FO"})
        ev.append({"ts": T(3, 0), "type": "night_audit", "by": "system"})
        if R.random() < 0.3:
            s = day - timedelta(days=R.randint(5, 30))
            ev += [{"ts": fmt(s), "type": "ooo_start", "by": "ENG", "reason": "AC leak"},
                   {"ts": fmt(s + timedelta(hours=R.randint(4, 30))), "type": "ooo_end", "by": "ENG"}]
            traps["T_historical_event_same_entity"] = "ooo_start/ooo_end pair %d days earlier" % (day - s).days
        had_ci = any(e["type"] == "checkin" for e in ev)
        if t == "OC":
            ev.append({"ts": T(11), "type": "hk_clean_done", "by": who()})
        elif t == "OD":
            if R.random() < 0.4:
                ev.append({"ts": T(2, R.randint(0, 50)), "type": "hk_clean_done", "by": who()})
        elif t == "VD":
            if not had_ci:
                ev.append({"ts": fmt(day - timedelta(hours=30)), "type": "checkin", "by": "FO"})
            if R.random() < 0.4:
                ev.append({"ts": T(9), "type": "hk_clean_done", "by": who()})
            ev.append({"ts": T(10, 30 + R.randint(0, 29)), "type": "checkout", "by": "FO"})
        elif t == "VC":
            if had_ci:
                ev.append({"ts": T(10), "type": "checkout", "by": "FO"})
                ev.append({"ts": T(12), "type": "hk_clean_done", "by": who()})
            elif R.random() < 0.5:
                ev.append({"ts": fmt(day - timedelta(hours=R.randint(20, 40))), "type": "hk_clean_done", "by": who()})
        elif t == "OOO":
            if had_ci and R.random() < 0.5:
                ev.append({"ts": T(10), "type": "checkout", "by": "FO"})
            ev.append({"ts": T(13), "type": "ooo_start", "by": "ENG", "reason": R.choice(["shower leak", "broken window", "bed bug inspection"])})
        if R.random() < 0.3:
            ev.append({"ts": T(8), "type": "dnd_on", "by": "guest"})
        ev.sort(key=lambda e: e["ts"])
        as_of = fmt(day + timedelta(hours=15, minutes=R.randint(0, 59)))
        assert hk_label(ev) == t, (t, ev)
        for e in ev:
            if e.get("by") in staff:
                traps["T_lookalike_code_initials"] = e["by"]
        leaks = {}
        lk = R.random() < 0.44
        fams = R.choice([["key"], ["col"], ["key", "col"]]) if lk else []
        floor = room[:-2]
        key = "hk:v2:f%s:%s:%s" % (floor, t, room) if "key" in fams else "hk:v2:f%s:%s" % (floor, room)
        if "key" in fams:
            leaks["L_cache_key"] = key
        col = colour[t] if "col" in fams else "#ffffff"
        html = '<td class="rm" data-room="%s" style="background:%s">%s</td>' % (room, col, room)
        if "col" in fams:
            leaks["L_colour_inline_style"] = html
        neigh = None
        if R.random() < 0.6:
            neigh = {"%s%02d" % (floor, int(room[-2:]) - 1 if int(room[-2:]) > 1 else 2): R.choice(HK),
                     "%s%02d" % (floor, int(room[-2:]) + 1): R.choice(HK)}
            traps["T_other_record_label"] = json.dumps(neigh)
        proj = {"instruction": ins,
                "pms": {"property": "HTL-%03d" % R.randint(1, 200), "room": room,
                        "room_type": R.choice(["KNG", "TWN", "DBL", "STE"]), "as_of": as_of, "events": ev},
                "board_meta": {"cache_key": key, "rendered_at": as_of},
                "board_cell_html": html, "floor_neighbours": neigh}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 10 athletics wind (clean)
WIND = ["wind-legal", "wind-assisted", "no wind information"]


def wind_label(w):
    if w is None or w.strip().upper() in ("", "NWI"):
        return "no wind information"
    return "wind-assisted" if float(w) > 2.0 else "wind-legal"


def athletics():
    R = random.Random(3310)
    ins = ("Decide the record status of this horizontal-jump attempt from its wind reading (m/s, tailwind positive). "
           "More than +2.0 = wind-assisted; +2.0 or less = wind-legal; missing or NWI = no wind information. "
           "Return one of: wind-legal, wind-assisted, no wind information.")
    d = DS("athletics_wind", WIND, ["/attempt/wind"],
           "Label from the attempt's own wind reading only.", False,
           "Athletics long/triple jump attempt wind legality for record/ranking purposes.")
    def wstr():
        v = round(R.uniform(-1.5, 4.0), 1)
        return "%+.1f" % v if v != 0 else "0.0"
    names = ["M. Tentoglou", "J. Lasa", "T. Gayle", "Y. Zhang", "A. Bennett", "H. Ehammer", "C. Pichardo"]
    for t in targets(R, WIND, 130):
        while True:
            if t == "no wind information":
                w = R.choice([None, "NWI"])
            elif t == "wind-legal":
                w = R.choice([wstr(), "+2.0", "+1.9", "-0.4"])
            else:
                w = R.choice([wstr(), "+2.1"])
            if wind_label(w) == t:
                break
        ev = R.choice(["Long Jump Men", "Triple Jump Women", "Long Jump Women", "Triple Jump Men"])
        mark = round(R.uniform(7.4, 8.4) if "Long Jump Men" == ev else R.uniform(6.2, 7.1) if "Long" in ev
                     else R.uniform(13.5, 15.2) if "Women" in ev else R.uniform(16.2, 17.6), 2)
        traps = {LABELSET: "Return one of: wind-legal, wind-assisted, no wind information.",
                 "T_numeric_threshold_in_rule": "More than +2.0 = wind-assisted"}
        others = []
        if R.random() < 0.6:
            for k in range(R.randint(2, 4)):
                ow = R.choice([wstr(), wstr(), None])
                others.append({"athlete": R.choice(names), "round": R.randint(1, 6), "wind": ow,
                               "flag": "" if ow is None else ("w" if float(ow) > 2.0 else "")})
            traps["T_other_record_label"] = json.dumps(others[0])
        pb = None
        if R.random() < 0.4:
            pb = "%.2f%s (%d)" % (mark + R.uniform(0.05, 0.3), R.choice(["", "w"]), R.randint(2019, 2025))
            traps["T_historical_label_same_entity"] = "personal_best=" + pb
        gauge = R.choice(["Gauge serviced before session, no issues.", "Gauge 5 m from board, 20 m mark.", ""])
        if gauge.startswith("Gauge serviced"):
            traps["T_negation"] = gauge
        proj = {"instruction": ins,
                "meet": {"name": R.choice(["Diamond League Oslo", "NCAA Outdoor", "Golden Gala", "National Champs"]),
                         "date": "2026-%02d-%02d" % (R.randint(5, 8), R.randint(1, 28)), "event": ev},
                "attempt": {"athlete": R.choice(names), "round": R.randint(1, 6), "mark_m": mark, "wind": w},
                "personal_best": pb, "official_remark": gauge, "series_other_athletes": others}
        d.add(t, proj, {}, traps)
    d.finish(R)


# ---------------------------------------------------------------- 11 subtitle QC (leaking)
SUB = ["pass", "fail"]
LINES = ["Where were you last night?", "I told you, I was at the depot.", "Did you pass the exam in the end?",
         "We can't fail now, not this close.", "Get in the car.", "Nobody leaves until the boat's loaded.",
         "He said the bridge was closed.", "Then we take the coast road.", "You never listen to me.",
         "It's already half past nine.", "Pass me the torch, would you?", "I'll call her in the morning.",
         "That's not what the contract says.", "Fine. Have it your way."]
LONG = ["And if the harbour master asks, you tell him nothing at all.",
        "I have been waiting in this freezing car park for nearly two hours."]


def ts(ms):
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)


def parse_ts(s):
    h, m, rest = s.split(":")
    sec, ms = rest.split(",")
    return ((int(h) * 60 + int(m)) * 60 + int(sec)) * 1000 + int(ms)


def sub_label(srt):
    for block in srt.strip().split("\n\n"):
        ls = block.split("\n")
        a, b = ls[1].split(" --> ")
        dur = (parse_ts(b) - parse_ts(a)) / 1000.0
        text = ls[2:]
        if any(len(x) > 42 for x in text):
            return "fail"
        if sum(len(x) for x in text) / dur > 20:
            return "fail"
    return "pass"


def subtitle():
    R = random.Random(3311)
    ins = ("QC this English subtitle file (SRT). Reading speed of a cue = characters of its text lines (line breaks not "
           "counted) / cue duration in seconds. The file fails if any cue exceeds 20 characters per second or has a line "
           "longer than 42 characters; otherwise it passes. Answer pass or fail.")
    d = DS("subtitle_qc", SUB, ["/delivery/srt"], "Verdict from the SRT text and timings only.", True,
           "Subtitle delivery QC (reading speed and line length) for a streaming distributor.")
    for t in targets(R, SUB, 130):
        while True:
            n = R.randint(6, 11)
            cur = R.randint(1000, 60000)
            blocks = []
            bad = R.randrange(n) if t == "fail" else -1
            kind = R.choice(["cps", "len"])
            for i in range(n):
                if i == bad and kind == "len":
                    text = [R.choice(LONG)]
                else:
                    text = [R.choice(LINES)] + ([R.choice(LINES)] if R.random() < 0.4 else [])
                chars = sum(len(x) for x in text)
                dur = int(chars / R.uniform(9, 17) * 1000)
                if i == bad and kind == "cps":
                    dur = int(chars / R.uniform(21.5, 28) * 1000)
                blocks.append("%d\n%s --> %s\n%s" % (i + 1, ts(cur), ts(cur + dur), "\n".join(text)))
                cur += dur + R.randint(80, 3000)
            srt = "\n\n".join(blocks) + "\n"
            if sub_label(srt) == t:
                break
        ep = "EP%03d" % R.randint(101, 312)
        job = "J%06d" % R.randint(0, 999999)
        traps = {LABELSET: "Answer pass or fail."}
        if any(w in srt for w in ("pass", "fail", "Pass")):
            traps["T_label_word_in_legit_input"] = [l for l in srt.split("\n") if "ass" in l or "fail" in l][0]
        leaks = {}
        lk = R.random() < 0.4
        fams = R.choice([["log"], ["url"], ["log", "url"]]) if lk else []
        logl = ["2026-07-%02dT10:%02d:11Z ingest[812]: INFO fetched %s_en.srt from vendor SFTP" % (R.randint(1, 28), R.randint(0, 59), ep),
                "2026-07-%02dT10:%02d:12Z ingest[812]: INFO parsed %d cues, utf-8, CRLF normalised" % (R.randint(1, 28), R.randint(0, 59), srt.count(" --> "))]
        if "log" in fams:
            if t == "fail":
                logl.append("2026-07-01T10:05:13Z subqc[4410]: WARN ruleset NF-EN-2: 1 cue(s) outside limits")
            else:
                logl.append("2026-07-01T10:05:13Z subqc[4410]: INFO ruleset NF-EN-2: all cues within limits")
            leaks["L_tool_log_verdict"] = logl[-1]
        payload = {"job": job, "verdict": t} if "url" in fams else {"job": job, "status": "queued"}
        cb = "https://mam.distrib.example/hooks/qc?src=subqc&result=" + urllib.parse.quote(json.dumps(payload, separators=(",", ":")), safe="")
        if "url" in fams:
            leaks["L_percent_encoded_url"] = cb
        prev = None
        if R.random() < 0.4:
            prev = {"episode": "EP%03d" % (int(ep[2:]) - 1), "qc": R.choice(SUB)}
            traps["T_other_record_label"] = json.dumps(prev)
        proj = {"instruction": ins,
                "delivery": {"title": R.choice(["Harbour Lights", "The Depot", "Coast Road"]), "episode": ep,
                             "language": "en", "vendor": R.choice(["SubCo", "LinguaFrame", "CaptionWorks"]), "srt": srt},
                "qc_log": "\n".join(logl), "callback_url": cb, "previous_episode_qc": prev}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 12 FLSA (clean)
FLSA = ["exempt", "non-exempt"]


def flsa_label(basis, weekly, duties):
    return "exempt" if basis == "salary" and weekly >= 684 and any(duties.values()) else "non-exempt"


def flsa():
    R = random.Random(3312)
    ins = ("Classify the position under a simplified FLSA white-collar test: exempt only if pay_basis is 'salary', "
           "weekly_salary_usd is at least 684 and at least one duties flag is true; otherwise non-exempt. "
           "Answer exempt or non-exempt.")
    d = DS("flsa_exemption", FLSA, ["/position/pay_basis", "/position/weekly_salary_usd", "/position/duties"],
           "Exemption from pay basis, weekly salary and the three duties flags.", False,
           "HR wage-and-hour classification of a position (ordinary-word labels).")
    titles = ["Operations Coordinator", "Program Specialist", "Analyst II", "Team Lead", "Associate", "Officer"]
    for t in targets(R, FLSA, 126):
        while True:
            basis = R.choice(["salary", "salary", "hourly"])
            weekly = R.randint(450, 2600)
            duties = {"manages_two_or_more_fte": R.random() < 0.35,
                      "discretion_on_significant_matters": R.random() < 0.35,
                      "advanced_knowledge_degree_required": R.random() < 0.3}
            if flsa_label(basis, weekly, duties) == t:
                break
        traps = {LABELSET: "Answer exempt or non-exempt.",
                 "T_blank_schema_field": '"classification": null'}
        emp = R.choice(["501(c)(3) tax-exempt nonprofit health network", "privately held logistics company",
                        "county government agency", "credit union (tax-exempt under 501(c)(14))"])
        if "exempt" in emp:
            traps["T_label_word_other_sense"] = emp
        hb = R.choice(["Staff in this role are exempt from the uniform policy.", "Hybrid, 3 days on site.", ""])
        if "exempt" in hb:
            traps.setdefault("T_label_word_other_sense", hb)
        prior = None
        if R.random() < 0.35:
            prior = {"audit": "2019 wage-hour audit", "classification": R.choice(FLSA)}
            traps["T_historical_label_same_entity"] = json.dumps(prior)
        proj = {"instruction": ins,
                "employer": {"description": emp, "state": R.choice(["CA", "TX", "NY", "IL", "WA"])},
                "position": {"title": R.choice(titles), "pay_basis": basis, "weekly_salary_usd": weekly,
                             "duties": duties, "handbook_note": hb},
                "prior_review": prior, "classification": None}
        d.add(t, proj, {}, traps)
    d.finish(R)


# ---------------------------------------------------------------- 13 tree risk TRAQ (leaking)
TREE = ["low", "moderate", "high", "extreme"]
LOF = ["improbable", "possible", "probable", "imminent"]
LOI = ["very low", "low", "medium", "high"]
CONS = ["negligible", "minor", "significant", "severe"]
M1 = {"imminent": ["unlikely", "somewhat likely", "likely", "very likely"],
      "probable": ["unlikely", "unlikely", "somewhat likely", "likely"],
      "possible": ["unlikely", "unlikely", "unlikely", "somewhat likely"],
      "improbable": ["unlikely"] * 4}
M2 = {"very likely": ["low", "moderate", "high", "extreme"], "likely": ["low", "moderate", "high", "high"],
      "somewhat likely": ["low", "low", "moderate", "moderate"], "unlikely": ["low"] * 4}


def tree_label(lof, loi, cons):
    return M2[M1[lof][LOI.index(loi)]][CONS.index(cons)]


def tree():
    R = random.Random(3313)
    ins = ("Rate the tree risk with the ISA TRAQ matrices. Matrix 1 combines likelihood_of_failure with "
           "likelihood_of_impact into likelihood of failure and impact; Matrix 2 combines that with consequences. "
           "Matrix 1 rows (impact very low/low/medium/high): imminent = unlikely/somewhat likely/likely/very likely; "
           "probable = unlikely/unlikely/somewhat likely/likely; possible = unlikely/unlikely/unlikely/somewhat likely; "
           "improbable = unlikely throughout. Matrix 2 rows (consequences negligible/minor/significant/severe): "
           "very likely = low/moderate/high/extreme; likely = low/moderate/high/high; somewhat likely = "
           "low/low/moderate/moderate; unlikely = low throughout. Answer low, moderate, high or extreme.")
    d = DS("tree_risk_traq", TREE, ["/assessment/likelihood_of_failure", "/assessment/likelihood_of_impact",
                                    "/assessment/consequences"],
           "Risk rating from the three TRAQ categorical inputs via the two matrices.", True,
           "Arborist tree risk rating (ISA TRAQ) for a municipal street-tree inventory.")
    wo = {"extreme": "P1 - make safe within 24 h, road closure authorised",
          "high": "P2 - within 7 days", "moderate": "P3 - within 90 days", "low": "routine 5-year cycle"}
    ab = {"extreme": "Ext", "high": "Hi", "moderate": "Mod", "low": "Lo"}
    loab = {"improbable": "impr", "possible": "poss", "probable": "prob", "imminent": "imm"}
    notes = ["High-voltage line 12 m to the east.", "Low branch over footpath was cleared in 2024.",
             "Extreme drought summer 2022, some dieback in crown.", "Moderate footfall, bus stop opposite.",
             "Fungal brackets (Kretzschmaria) at root flare.", "Included bark union at 4 m.", ""]
    species = [("QURO", "Quercus robur"), ("ACPS", "Acer pseudoplatanus"), ("FREX", "Fraxinus excelsior"),
               ("TICO", "Tilia cordata"), ("PLHI", "Platanus x hispanica")]
    for t in targets(R, TREE, 140):
        while True:
            lof, loi, cons = R.choice(LOF), R.choice(LOI), R.choice(CONS)
            if tree_label(lof, loi, cons) == t:
                break
        code, sp = R.choice(species)
        dbh = R.randint(25, 140)
        traps = {LABELSET: "Answer low, moderate, high or extreme.",
                 "T_matrix_definition_listing": "Matrix 2 rows ... very likely = low/moderate/high/extreme"}
        note = R.choice(notes)
        if note and note.split()[0].lower().rstrip("-") in ("high", "low", "extreme", "moderate"):
            traps["T_label_word_other_sense"] = note
        if loi in ("low", "high"):
            traps["T_label_word_in_legit_input"] = "likelihood_of_impact=%s" % loi
        leaks = {}
        lk = R.random() < 0.42
        fams = R.choice([["wo"], ["ab"], ["wo", "ab"]]) if lk else []
        survey = datetime(2026, 3, 1) + timedelta(days=R.randint(0, 120))
        work = None
        if "wo" in fams:
            work = {"ref": "WO-%06d" % R.randint(0, 999999), "created": fmt(survey + timedelta(days=R.randint(1, 5))),
                    "priority": wo[t]}
            leaks["L_later_work_order_priority"] = work["priority"]
        sh = "Sp %s / DBH %d / ht %d m / crown %s" % (code, dbh, R.randint(6, 28), R.choice(["fair", "good", "poor"]))
        if "ab" in fams:
            sh += " / RR %s" % ab[t]
            leaks["L_abbreviation_shorthand"] = sh
        neigh = None
        if R.random() < 0.4:
            neigh = {"tree": "T%05d" % R.randint(0, 99999), "risk": R.choice(TREE)}
            traps["T_other_record_label"] = json.dumps(neigh)
        proj = {"instruction": ins,
                "assessment": {"tree_id": "T%05d" % R.randint(0, 99999), "species": sp, "dbh_cm": dbh,
                               "target": R.choice(["footpath", "parked cars", "school entrance", "bus stop", "park bench"]),
                               "part_of_concern": R.choice(["stem", "co-dominant union", "limb 30 cm", "root plate"]),
                               "likelihood_of_failure": lof, "likelihood_of_impact": loi, "consequences": cons,
                               "surveyed": survey.strftime("%Y-%m-%d")},
                "surveyor_notes": note, "field_sheet_shorthand": sh, "work_order": work, "adjacent_tree": neigh}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 14 VIN model year (clean)
VYEAR = ["2018", "2019", "2020", "2021", "2022", "2023", "2024"]
YCH = dict(zip("JKLMNPR", VYEAR))
TRANS = dict(zip("ABCDEFGH", range(1, 9)))
TRANS.update(dict(zip("JKLMN", range(1, 6))))
TRANS.update({"P": 7, "R": 9})
TRANS.update(dict(zip("STUVWXYZ", range(2, 10))))
TRANS.update({str(i): i for i in range(10)})
WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
ALNUM = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def vin_year(vin):
    return YCH[vin[9]]


def vin():
    R = random.Random(3314)
    ins = ("Give the model year of the vehicle from its VIN (position 10 code: J=2018, K=2019, L=2020, M=2021, "
           "N=2022, P=2023, R=2024). Answer the four-digit year.")
    d = DS("vin_model_year", VYEAR, ["/listing/vin"], "Model year from VIN character 10.", False,
           "Wholesale vehicle auction listing: model year decoded from VIN (numeric labels).")
    wmi = [("1HG", "Honda"), ("WBA", "BMW"), ("5YJ", "Tesla"), ("JTD", "Toyota"), ("WVW", "Volkswagen"),
           ("1FA", "Ford"), ("KMH", "Hyundai"), ("VF1", "Renault"), ("ZFA", "Fiat"), ("SAL", "Land Rover")]
    for t in targets(R, VYEAR, 140):
        w, make = R.choice(wmi)
        ych = [k for k, v in YCH.items() if v == t][0]
        body = w + "".join(R.choice(ALNUM) for _ in range(5)) + "0" + ych + R.choice(ALNUM) + "%06d" % R.randint(0, 999999)
        s = sum(TRANS[c] * wt for c, wt in zip(body, WEIGHTS)) % 11
        v = body[:8] + ("X" if s == 10 else str(s)) + body[9:]
        stock_year = R.choice(VYEAR)
        traps = {LABELSET: "J=2018, K=2019, ... R=2024",
                 "T_numeric_lookalike": "stock_no=%s-%04d" % (stock_year, R.randint(1, 9999))}
        neigh = []
        if R.random() < 0.5:
            neigh = [{"lot": R.randint(100, 999), "make": R.choice(wmi)[1], "year": int(R.choice(VYEAR))} for _ in range(3)]
            traps["T_other_record_label"] = json.dumps(neigh[0])
        eng = "".join(R.choice("JKLMNPR0123456789") for _ in range(10))
        traps["T_lookalike_code_serial"] = "engine_no=" + eng
        notes = R.choice(["Service history to 2021, then none.", "One owner since 2022.", "Cambelt done at 60k.",
                          "Minor scuff rear bumper.", ""])
        if any(y in notes for y in VYEAR):
            traps["T_historical_year_mention"] = notes
        proj = {"instruction": ins,
                "listing": {"lot": R.randint(100, 999), "sale": "Wholesale lane %d, %s" % (R.randint(1, 12), "2026-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28))),
                            "stock_no": traps["T_numeric_lookalike"].split("=")[1], "vin": v, "make": make,
                            "engine_no": eng, "odometer_km": R.randint(8000, 190000),
                            "colour": R.choice(["grey", "white", "black", "blue", "red"]), "seller_notes": notes},
                "same_sale_lots": neigh}
        d.add(t, proj, {}, traps)
    d.finish(R)


def run():
    crosscut(); hotel(); athletics(); subtitle(); flsa(); tree(); vin()
