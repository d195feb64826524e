"""Builders 8-14."""
import datetime as dt
import hashlib

from common import *  # noqa: F401,F403


def add_months(d, m):
    y, mo = divmod(d.month - 1 + m, 12)
    return dt.date(d.year + y, mo + 1, min(d.day, 28))


# ---------------------------------------------------------------- 8 PCI
def b_pci(rng):
    name = "pavement_condition_rating"
    labels = ["Good", "Satisfactory", "Fair", "Poor", "Very Poor", "Serious", "Failed"]
    n = 147
    bands = {"Good": (86, 100), "Satisfactory": (71, 85), "Fair": (56, 70), "Poor": (41, 55), "Very Poor": (26, 40),
             "Serious": (11, 25), "Failed": (0, 10)}
    treat = {"Good": "M0 Routine maintenance only", "Satisfactory": "M1 Crack seal", "Fair": "M2 Slurry seal / microsurfacing",
             "Poor": "M3 Mill and 2 in overlay", "Very Poor": "M4 Mill and 3.5 in overlay",
             "Serious": "M5 Full-depth reclamation", "Failed": "M6 Reconstruct"}
    months = {"Good": 36, "Satisfactory": 30, "Fair": 24, "Poor": 18, "Very Poor": 12, "Serious": 6, "Failed": 3}
    dist = ["Alligator cracking", "Block cracking", "Depression", "Edge cracking", "Longitudinal & transverse cracking",
            "Patching & utility cut", "Potholes", "Rutting", "Weathering/raveling", "Bleeding", "Corrugation", "Shoving"]
    streets = ["Fairview Ave", "Goodrich St", "Elm St", "Harbor Rd", "Mill Pond Ln", "Commerce Dr", "Station Ave", "Old County Rd"]
    instr = ("You are the pavement management analyst. Compute the segment's Pavement Condition Index as 100 minus the "
             "sum of the distress deduct values (minimum 0) and give the PCI rating: 86-100 Good, 71-85 Satisfactory, "
             "56-70 Fair, 41-55 Poor, 26-40 Very Poor, 11-25 Serious, 0-10 Failed. Answer with the rating only.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.4)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = bands[lab]
        pci = rng.randint(lo, hi)
        total = 100 - pci
        if lab == "Failed" and rng.random() < 0.3:
            total += rng.randint(1, 25)
        k = 0 if total == 0 else min(rng.randint(1, 5), total)
        cuts = sorted(rng.sample(range(1, total), k - 1)) if k > 1 else []
        parts = [b - a for a, b in zip([0] + cuts, cuts + [total])] if k else []
        ds = [{"type": t, "severity": rng.choice(["L", "M", "H"]), "quantity": rng.randint(5, 900),
               "unit": "sq ft", "deduct_value": p} for t, p in zip(rng.sample(dist, k), parts)]
        st = PK(lab, streets)
        if st in ("Fairview Ave",):
            R.t(TR_NAME, "street: %s" % st)
        R.t(TR_LIST, "instruction lists all seven ratings")
        d0 = dt.date(2025, rng.randint(4, 10), rng.randint(1, 28))
        notes = []
        if rng.random() < 0.35:
            notes.append(R.t(TR_SENSE, PK(lab, ["Photo upload failed on first attempt, retried OK.",
                                                   "Serious congestion at school drop-off, partial survey from shoulder.",
                                                   "Good drainage at the catch basins."])))
        if rng.random() < 0.3:
            notes.append(R.t(TR_HIST, "2022 survey rating: %s." % PK(lab)))
        adj = None
        if rng.random() < 0.35:
            adj = R.t(TR_OTHER, PK(lab))
        leak = leaks[i]
        fams = fams_for(rng, [L_TREATMENT, L_SCHEDULE, L_CSS]) if leak else []
        R.leaks = fams
        wp = {"status": "PENDING_RATING", "treatment": None, "program_year": None}
        nxt = None
        if L_TREATMENT in fams:
            wp = {"status": "DRAFT", "treatment": treat[lab], "program_year": rng.choice([2026, 2027, 2028])}
        else:
            R.t(TR_NEUTRAL, "workplan PENDING_RATING with null treatment")
        if L_SCHEDULE in fams:
            nxt = add_months(d0, months[lab]).isoformat()
        segid = "SEG-%05d" % rng.randint(1, 99999)
        css = {"Good": "pci-good", "Satisfactory": "pci-sat", "Fair": "pci-fair", "Poor": "pci-poor",
               "Very Poor": "pci-vpoor", "Serious": "pci-ser", "Failed": "pci-fail"}[lab] if L_CSS in fams else "pci-pending"
        if css == "pci-pending":
            R.t(TR_NEUTRAL, "report row class pci-pending")
        row = ('<tr class="seg-row %s" data-seg="%s"><td>%s</td><td>%s</td><td class="num">%d ft</td></tr>'
               % (css, segid, segid, st, rng.randint(200, 2600)))
        proj = {"instruction": instr,
                "segment": {"segment_id": segid, "street": st,
                            "from_to": "%s to %s" % (rng.choice(["Elm St", "1st Ave", "Park Pl"]), rng.choice(["Oak St", "Route 9", "end"])),
                            "functional_class": PK(lab, ["Local", "Collector", "Minor arterial"]),
                            "surface": "AC", "length_ft": rng.randint(200, 2600)},
                "inspection": {"date": d0.isoformat(), "inspector": rng.choice(["JM", "RK", "TS"]),
                               "sample_unit": "SU-%d" % rng.randint(1, 9), "distresses": ds, "notes": notes},
                "workplan": wp,
                "next_inspection_due": nxt,
                "network_report_html": row}
        if adj is not None:
            proj["segment"]["adjacent_segment_rating"] = adj
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/inspection/distresses"],
            "note": "PCI = 100 - sum(deduct_value), floor 0; rating bands in instruction."}
    return dict(name=name, leaking=True, task="ASTM D6433-style PCI rating from distress deducts", records=recs,
                meta=meta, infos=infos)


# ---------------------------------------------------------------- 9 Expense review
MERCH = {"Airfare": ["Delta", "United", "Southwest"], "Lodging": ["Marriott", "Hilton Garden Inn", "Hyatt Place"],
         "Meals": ["Starbucks", "Chipotle", "Panera Bread", "The Anchor Pub"], "Ground transport": ["Uber", "Lyft", "Hertz"],
         "Mileage": ["Personal vehicle"], "Conference fee": ["Eventbrite", "Cvent"], "Office supplies": ["Staples", "Office Depot"],
         "Alcohol": ["The Anchor Pub", "Total Wine", "Hotel bar"], "Personal entertainment": ["Regal Cinemas", "Ticketmaster"],
         "Traffic fine": ["City of Austin", "Denver Parking Mgmt"]}


def mail(rng, rid_, submitted, subject, later=False):
    t = dt.datetime.strptime(submitted, "%Y-%m-%dT%H:%M:%SZ") + dt.timedelta(hours=rng.randint(30, 90) if later else 0,
                                                                         minutes=rng.randint(1, 50))
    return ("Return-Path: <noreply@te.corp.example>\r\nMessage-ID: <%s.%d@te.corp.example>\r\n"
            "Date: %s\r\nFrom: T&E Notifications <noreply@te.corp.example>\r\nTo: submitter\r\n"
            "Subject: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n(body stripped)" % (
                rid_.lower(), rng.randint(10000, 99999), t.strftime("%a, %d %b %Y %H:%M:%S +0000"), subject))


def b_expense(rng):
    name = "expense_report_review"
    labels = ["Approve", "Reject", "Return for Receipt"]
    n = 141
    ok_cats = [("Airfare", 180, 900), ("Lodging", 90, 420), ("Meals", 12, 70), ("Ground transport", 8, 95),
               ("Mileage", 20, 160), ("Conference fee", 150, 950), ("Office supplies", 5, 60)]
    bad_cats = [("Alcohol", 18, 140), ("Personal entertainment", 25, 180), ("Traffic fine", 40, 220)]
    instr = ("Review this expense report under policy T&E-4: Reject if any line's category is Alcohol, Personal "
             "entertainment or Traffic fine; otherwise Return for Receipt if any line above USD 75.00 has no receipt "
             "attached; otherwise Approve. Answer with exactly one of: Approve, Reject, Return for Receipt.")
    texts = {"Approve": ["All in order, processing for the next pay run.", "Checked against the trip, fine to pay."],
             "Reject": ["The bar tab can't be reimbursed under 4.2 - declining this report, resubmit without it.",
                        "Speeding ticket is personal. Not paying this one, please resubmit."],
             "Return for Receipt": ["Sending this back: need the itemised folio for the hotel line.",
                                    "Bounced back to you - please attach the missing receipt and resubmit."]}
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.3)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        while True:
            lines = []
            for _ in range(rng.randint(2, 6)):
                c, lo, hi = rng.choice(ok_cats)
                amt = round(rng.uniform(lo, hi), 2)
                rc = True if amt > 75 and rng.random() < 0.85 else rng.random() < 0.6
                lines.append({"category": c, "amount_usd": amt, "receipt_attached": rc})
            if lab == "Reject":
                c, lo, hi = rng.choice(bad_cats)
                lines.insert(rng.randint(0, len(lines)), {"category": c, "amount_usd": round(rng.uniform(lo, hi), 2),
                                                          "receipt_attached": rng.random() < 0.7})
            if lab == "Return for Receipt" and not any(l["amount_usd"] > 75 and not l["receipt_attached"] for l in lines):
                big = [l for l in lines if l["amount_usd"] > 75]
                if big:
                    rng.choice(big)["receipt_attached"] = False
            miss = any(l["amount_usd"] > 75 and not l["receipt_attached"] for l in lines)
            bad = any(l["category"] in [b[0] for b in bad_cats] for l in lines)
            got = "Reject" if bad else "Return for Receipt" if miss else "Approve"
            if got == lab:
                break
        for j, l in enumerate(lines):
            l["line"] = j + 1
            l["merchant"] = rng.choice(MERCH[l["category"]])
            if rng.random() < 0.12:
                l["description"] = R.t(TR_SENSE, "Card rejected at the kiosk, paid with personal Amex.")
        R.t(TR_INPUT, "receipt_attached fields in lines")
        R.t(TR_LIST, "instruction lists the three outcomes")
        R.t(TR_OTHER, "travel_request.status Approved (pre-trip approval, every record)")
        emp = {"employee_id": "E%05d" % rng.randint(1, 99999), "cost_center": "CC-%d" % rng.randint(100, 999)}
        if rng.random() < 0.35:
            emp["recent_reports"] = R.t(TR_HIST, [PK(lab) for _ in range(3)])
        sub = {"report_id": "ER-%06d" % rng.randint(1, 999999), "submitted": iso(BASE + dt.timedelta(days=rng.randint(0, 90))),
               "purpose": PK(lab, ["Customer visit Denver", "Re:Invent 2025", "Team offsite", "Site audit Monterrey"]),
               "lines": lines}
        if rng.random() < 0.3:
            sub["employee_comment"] = R.t(TR_SPEC, "Hope this can be approved before month end, thanks!")
        leak = leaks[i]
        fams = fams_for(rng, [L_PAYMENT, L_ADF, L_MAILHDR]) if leak else []
        R.leaks = fams
        comment = {"markdown": "", "adf": {"type": "doc", "version": 1, "content": []}}
        if L_ADF in fams:
            comment = {"markdown": "[redacted by eval sanitizer]",
                       "adf": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
                           {"type": "text", "text": rng.choice(texts[lab])}]}]}}
        else:
            R.t(TR_NEUTRAL, "approver_comment empty doc")
        mails = [mail(rng, sub["report_id"], sub["submitted"], "[T&E] %s submitted for review" % sub["report_id"])]
        if L_MAILHDR in fams:
            subj = {"Approve": "[T&E] %s approved - reimbursement scheduled", "Reject": "[T&E] %s declined",
                    "Return for Receipt": "[T&E] %s sent back to you - receipt needed"}[lab] % sub["report_id"]
            mails.append(mail(rng, sub["report_id"], sub["submitted"], subj, later=True))
        proj = {"instruction": instr, "employee": emp, "notifications_raw": mails, "travel_request": {"id": "TR-%05d" % rng.randint(1, 99999), "status": "Approved"},
                "report": sub, "approver_comment": comment}
        if L_PAYMENT in fams:
            tot = round(sum(l["amount_usd"] for l in lines), 2)
            proj["payment"] = {"Approve": {"status": "SCHEDULED", "ap_batch": "AP-%d" % rng.randint(1000, 9999), "amount_usd": tot},
                               "Reject": {"status": "VOID", "ap_batch": None, "amount_usd": 0.0},
                               "Return for Receipt": {"status": "ON_HOLD", "ap_batch": None, "amount_usd": tot}}[lab]
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/report/lines"],
            "note": "Outcome from line categories, amounts and receipt flags under the rule in the instruction."}
    return dict(name=name, leaking=True, task="T&E expense report review outcome", records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 10 Drought (clean)
def b_drought(rng):
    name = "drought_monitor_category"
    labels = ["None", "D0", "D1", "D2", "D3", "D4"]
    n = 150
    bands = {"D4": (0.3, 1.7), "D3": (2.3, 4.7), "D2": (5.3, 9.7), "D1": (10.3, 19.7), "D0": (20.3, 29.7), "None": (30.3, 75)}
    counties = ["Adams", "Brown", "Cass", "Dodge", "Ellis", "Ford", "Grant", "Hall", "Iron", "Jasper", "Kearny", "Lyon"]
    instr = ("Assign the drought-monitor category for the county from the blended indicator: the mean of the three "
             "percentiles (SPI 90-day, soil moisture, 7-day streamflow). Blend 2 or less D4; above 2 to 5 D3; above 5 "
             "to 10 D2; above 10 to 20 D1; above 20 to 30 D0; above 30 None. Answer None, D0, D1, D2, D3 or D4.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = bands[lab]
        while True:
            b = rng.uniform(lo, hi)
            v = [round(min(99.9, max(0.1, b + rng.uniform(-b * 0.6, b * 0.6))), 1) for _ in range(3)]
            m = sum(v) / 3
            if lo <= m <= hi:
                break
        R.t(TR_LIST, "instruction lists None, D0-D4")
        imp = {"water_restrictions": "none", "burn_ban": rng.choice(["none", "county-wide", "none"])}
        R.t(TR_SENSE, "impacts: water_restrictions 'none'")
        notes = []
        if rng.random() < 0.3:
            notes.append(R.t(TR_ABBR, "Hay stocks low; feed bunker %s empty at the co-op." % rng.choice(["D1", "D2", "D3"])))
        if rng.random() < 0.3:
            notes.append(R.t(TR_HIST, "In 2012 this county reached %s." % PK(lab)))
        if rng.random() < 0.3:
            notes.append(R.t(TR_NEG, "No D4 designation anywhere in neighbouring %s this week." % rng.choice(["Colorado", "Missouri", "Minnesota"])))
        nb = None
        if rng.random() < 0.35:
            nb = R.t(TR_OTHER, {"county": rng.choice(counties) + " (neighbour)", "category_last_week": PK(lab)})
        proj = {"instruction": instr,
                "county": {"name": rng.choice(counties), "state": PK(lab, ["KS", "NE", "IA", "SD"]),
                           "fips": "%05d" % rng.randint(19001, 46199)},
                "indicators": {"valid_week": (BASE + dt.timedelta(weeks=rng.randint(0, 40))).strftime("%Y-%m-%d"),
                               "spi_90d_percentile": v[0], "soil_moisture_percentile": v[1],
                               "streamflow_7d_percentile": v[2]},
                "local_impacts": imp, "observer_notes": notes}
        if nb:
            proj["neighbour"] = nb
        recs.append(record(name, i + 1, lab, labels, proj, False))
        infos.append(R)
    meta = {"derive_from": ["/indicators/spi_90d_percentile", "/indicators/soil_moisture_percentile",
                            "/indicators/streamflow_7d_percentile"],
            "note": "Category from the mean of the three percentiles (bands in instruction)."}
    return dict(name=name, leaking=False, task="Drought-monitor category from blended percentiles", records=recs,
                meta=meta, infos=infos)


# ---------------------------------------------------------------- 11 Climb category
def climb_score(length_km, foot, summit):
    g = (summit - foot) / (length_km * 1000.0) * 100.0
    return length_km * g * g


def climb_cat(s):
    return "HC" if s >= 600 else "1" if s >= 320 else "2" if s >= 150 else "3" if s >= 60 else "4"


def b_climb(rng):
    name = "climb_category"
    labels = ["HC", "1", "2", "3", "4"]
    n = 145
    points = {"HC": [20, 15, 12, 10, 8, 6, 4, 2], "1": [10, 8, 6, 4, 2, 1], "2": [5, 3, 2, 1], "3": [2, 1], "4": [1]}
    fr = {"HC": "hors catégorie", "1": "1re catégorie", "2": "2e catégorie", "3": "3e catégorie", "4": "4e catégorie"}
    names = ["Col de la Croix-Blanche", "Côte de Saint-Martin", "Montée de Beaurepaire", "Col du Grand Truc",
             "Côte des Forges", "Col de Pierre-Haute", "Montée du Plateau de Solaison", "Côte de Vaux",
             "Col de l'Oeillon", "Côte de la Chapelle"]
    instr = ("You are the race's route analyst. Categorise the climb: gradient % = (summit altitude - foot altitude) / "
             "(length in m) x 100; score = length_km x gradient^2. Score 600 or more HC; 320 to below 600 category 1; "
             "150 to below 320 category 2; 60 to below 150 category 3; below 60 category 4. Mountain points by category: "
             "HC 20-15-12-10-8-6-4-2, cat 1 10-8-6-4-2-1, cat 2 5-3-2-1, cat 3 2-1, cat 4 1. Answer HC, 1, 2, 3 or 4.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.55)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        while True:
            L = round(rng.uniform(0.8, 21.0), 1)
            g = rng.uniform(2.5, 10.5)
            foot = rng.randint(150, 1200)
            summit = foot + int(round(L * 10 * g))
            s = climb_score(L, foot, summit)
            edges = [60, 150, 320, 600]
            if climb_cat(s) == lab and all(abs(s - e) / e > 0.03 for e in edges):
                break
        nm = rng.choice(names)
        stage = rng.randint(1, 21)
        km = round(rng.uniform(20, 190), 1)
        R.t(TR_NUM, "stage %d, km %.1f" % (stage, km))
        R.t(TR_LIST, "instruction lists categories and full points scale")
        book = "Étape %d - %s (sommet km %s), ravitaillement km %s." % (stage, nm, str(km).replace(".", ","),
                                                                         str(round(km + rng.uniform(5, 30), 1)).replace(".", ","))
        logistics = []
        if rng.random() < 0.3:
            logistics.append(R.t(TR_ABBR, "HC = hospitality compound; team cars park at HC gate 2 from 09:30."))
        if rng.random() < 0.3:
            logistics.append(R.t(TR_HIST, "Climb last used in 2019, then rated category %s." % PK(lab)))
        if rng.random() < 0.25:
            logistics.append(R.t(TR_SENSE, "Women's race category: same finish, start 2 hours earlier."))
        kp = "TBC by commissaires"
        leak = leaks[i]
        fams = fams_for(rng, [L_POINTS, L_TRANSLATION]) if leak else []
        R.leaks = fams
        if L_POINTS in fams:
            kp = points[lab]
        else:
            R.t(TR_NEUTRAL, "kom_points 'TBC by commissaires'")
        if L_TRANSLATION in fams:
            book = "Étape %d - %s (%s, sommet km %s)." % (stage, nm, fr[lab], str(km).replace(".", ","))
        proj = {"instruction": instr,
                "climb": {"name": nm, "stage": stage, "summit_km": km, "length_km": L, "foot_alt_m": foot,
                          "summit_alt_m": summit, "surface": rng.choice(["asphalt", "asphalt, last 800 m concrete"])},
                "jury_sheet": {"kom_points": kp, "intermediate_sprint": rng.choice([True, False])},
                "roadbook_fr": book, "logistics": logistics}
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/climb/length_km", "/climb/foot_alt_m", "/climb/summit_alt_m"],
            "note": "Score = length_km x gradient^2 with gradient from altitudes and length; bands in instruction."}
    return dict(name=name, leaking=True, task="Cycling race climb category", records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 12 Beaufort
def bf_of(ms):
    kt = ms * 1.943844
    for f, hi in (("3", 10.5), ("4", 16.5), ("5", 21.5), ("6", 27.5), ("7", 33.5), ("8", 40.5)):
        if kt < hi:
            return f
    return None


def b_beaufort(rng):
    name = "ship_wind_force"
    labels = ["3", "4", "5", "6", "7", "8"]
    n = 152
    bands = {"3": (6.5, 10.5), "4": (10.5, 16.5), "5": (16.5, 21.5), "6": (21.5, 27.5), "7": (27.5, 33.5), "8": (33.5, 40.5)}
    desc = {"3": "gentle breeze", "4": "moderate breeze", "5": "fresh breeze", "6": "strong breeze", "7": "near gale", "8": "gale"}
    instr = ("You are the voluntary observing ship's met officer. Report the Beaufort force for the observation from "
             "the AWS 10-minute mean true wind speed (convert m/s to knots with 1 m/s = 1.943844 kt): under 10.5 kt "
             "force 3 (gentle breeze); 10.5 to under 16.5 force 4 (moderate breeze); 16.5 to under 21.5 force 5 "
             "(fresh breeze); 21.5 to under 27.5 force 6 (strong breeze); 27.5 to under 33.5 force 7 (near gale); "
             "33.5 to under 40.5 force 8 (gale). Answer with the force number only.")
    ships = [("MSC Aurora", "3EAB7"), ("Nordic Tern", "LAQX4"), ("Atlantic Star", "PBXY"), ("Cape Orient", "VRDK9"),
             ("Hoegh Jeddah", "LAJV7"), ("Maersk Kaya", "OZPK2")]
    areas = ["Sole", "Fastnet", "Biscay", "FitzRoy", "Shannon", "Rockall", "Trafalgar"]
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.25)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = bands[lab]
        while True:
            kt = rng.uniform(max(lo, 7.0), hi)
            ms = round(kt / 1.943844, 1)
            k2 = ms * 1.943844
            if bf_of(ms) == lab and abs(k2 - lo) > 0.15 and abs(k2 - hi) > 0.15:
                break
        ship, cs = rng.choice(ships)
        t0 = BASE + dt.timedelta(days=rng.randint(0, 90), hours=rng.choice([0, 6, 12, 18]))
        crs = rng.randrange(0, 360, 5)
        R.t(TR_NUM, "course %03d, crew count" % crs)
        R.t(TR_LIST, "instruction lists forces 3-8 with names")
        remarks = [rng.choice(["Vessel on passage, all well.", "Deck cargo lashings checked 1600.",
                               "Ballast exchange completed at 0930.", "Fog signal tested."])]
        if rng.random() < 0.35:
            remarks.append(R.t(TR_SENSE, "%s swell from the west." % PK(lab, ["Moderate", "Low", "Heavy"])))
        if rng.random() < 0.25:
            remarks.append(R.t(TR_SENSE, "Charter party: weather delay not claimable as force majeure."))
        officer = PK(lab, ["2/O R. Gale", "2/O P. Singh", "3/O M. Larsen", "C/O A. Ferreira"])
        if "Gale" in officer:
            R.t(TR_NAME, "observer: %s" % officer)
        fc = None
        if rng.random() < 0.35:
            a = PK(lab)
            fc = R.t(TR_OTHER, "Shipping forecast, %s: southwest %s to %s, occasionally %s later." % (
                rng.choice(areas), a, str(min(9, int(a) + 1)), str(min(9, int(a) + 2))))
        log = ["%s obsqc INFO received obs ship=%s len=%d" % (iso(t0), cs, rng.randint(180, 240)),
               "%s obsqc INFO accepted obs ship=%s qc=pass dd=%03d" % (iso(t0 + dt.timedelta(seconds=4)), cs, rng.randrange(0, 360, 10))]
        leak = leaks[i]
        fams = fams_for(rng, [L_SYNONYM, L_LOGKV, L_NUMWORD]) if leak else []
        R.leaks = fams
        if L_SYNONYM in fams:
            remarks.append("Wind %s from the %s, spray over the forecastle." % (desc[lab], rng.choice(["SW", "W", "NW", "NE"])))
        if L_LOGKV in fams:
            log[1] += " bf=%s" % lab
        vhf = ["%s Navtex/MSI broadcast received and logged" % (t0 - dt.timedelta(minutes=50)).strftime("%H%M")]
        if rng.random() < 0.5:
            vhf.append(R.t(TR_NUM, "%s Channel sixteen watch maintained, nothing heard" % (t0 - dt.timedelta(minutes=20)).strftime("%H%M")))
        if L_NUMWORD in fams:
            words = {"3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight"}
            vhf.append("%s Position report to coastguard: wind %s force %s" % (
                (t0 + dt.timedelta(minutes=15)).strftime("%H%M"), rng.choice(["southwest", "west", "northwest"]), words[lab]))
        proj = {"instruction": instr,
                "observation": {"ship": ship, "call_sign": cs, "time": iso(t0), "lat": round(rng.uniform(36, 58), 2),
                                "lon": round(rng.uniform(-25, -2), 2), "course_deg": crs, "speed_kn": round(rng.uniform(8, 19), 1),
                                "crew_on_watch": rng.randint(2, 6), "observer": officer},
                "aws": {"true_wind_dir_deg": rng.randrange(0, 360, 10), "true_wind_speed_ms": ms,
                        "pressure_hpa": round(rng.uniform(985, 1032), 1), "air_temp_c": round(rng.uniform(4, 22), 1)},
                "deck_log_remarks": remarks, "ingest_log": log, "radio_log": vhf}
        if fc:
            proj["forecast_received"] = fc
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/aws/true_wind_speed_ms"],
            "note": "Beaufort force from the AWS 10-min mean speed converted to knots (bands in instruction)."}
    return dict(name=name, leaking=True, task="Beaufort force for a VOS weather observation", records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 13 Blood pressure
def bp_cat(readings):
    s = sum(r["systolic"] for r in readings) / len(readings)
    d = sum(r["diastolic"] for r in readings) / len(readings)
    if s > 180 or d > 120:
        return "Hypertensive Crisis"
    if s >= 140 or d >= 90:
        return "Hypertension Stage 2"
    if s >= 130 or d >= 80:
        return "Hypertension Stage 1"
    if s >= 120:
        return "Elevated"
    return "Normal"


def b_bp(rng):
    name = "bp_category"
    labels = ["Normal", "Elevated", "Hypertension Stage 1", "Hypertension Stage 2", "Hypertensive Crisis"]
    n = 140
    abbr = {"Normal": "NORM", "Elevated": "ELEV", "Hypertension Stage 1": "HTN-S1", "Hypertension Stage 2": "HTN-S2",
            "Hypertensive Crisis": "HTN-CRISIS"}
    centre = {"Normal": (108, 70), "Elevated": (124, 72), "Hypertension Stage 1": (134, 83),
              "Hypertension Stage 2": (152, 94), "Hypertensive Crisis": (190, 118)}
    instr = ("Classify the office blood pressure (2017 ACC/AHA) from the mean of the recorded readings: Hypertensive "
             "Crisis if systolic > 180 or diastolic > 120; else Hypertension Stage 2 if systolic >= 140 or diastolic >= 90; "
             "else Hypertension Stage 1 if systolic >= 130 or diastolic >= 80; else Elevated if systolic >= 120; else "
             "Normal. Answer with the category name.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.65)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        cs, cd = centre[lab]
        while True:
            rd = [{"systolic": int(rng.gauss(cs, 7)), "diastolic": int(rng.gauss(cd, 5)),
                   "arm": "left", "position": "seated"} for _ in range(2)]
            if bp_cat(rd) == lab:
                break
        t0 = BASE + dt.timedelta(days=rng.randint(0, 150), hours=rng.randint(1, 9))
        for k, r in enumerate(rd):
            r["time"] = iso(t0 + dt.timedelta(minutes=3 * k))
        enc = "ENC-%07d" % rng.randint(1, 9999999)
        R.t(TR_LIST, "instruction lists all five categories")
        note = "Routine follow-up. HR %d, SpO2 %d%%." % (rng.randint(55, 95), rng.randint(94, 100))
        if rng.random() < 0.3:
            note += " " + R.t(TR_SENSE, PK(lab, ["ECG: normal sinus rhythm.", "Left leg elevated on stool for exam.",
                                                    "Mentions the local housing crisis as a stressor."]))
        if rng.random() < 0.25:
            note += " " + R.t(TR_NEG, "No hypertensive crisis symptoms (headache, chest pain, visual change) reported.")
        hist = {"family": rng.choice(["none significant", "mother: type 2 diabetes", "father: stroke at 71"])}
        if rng.random() < 0.3:
            hist["family"] = R.t(TR_OTHER, "father: %s, on amlodipine" % rng.choice(labels[1:4]).lower())
        if rng.random() < 0.3:
            hist["last_visit_bp_class"] = R.t(TR_HIST, PK(lab))
        audit = [{"ts": iso(t0 - dt.timedelta(minutes=10)), "user": "ma.lopez", "action": "vitals_entered"},
                 {"ts": iso(t0 + dt.timedelta(minutes=25)), "user": "dr.okafor", "action": "note_signed"}]
        cache = "bpcat:" + hashlib.sha1(enc.encode()).hexdigest()[:16]
        leak = leaks[i]
        fams = fams_for(rng, [L_HASH, L_AUDIT]) if leak else []
        R.leaks = fams
        if L_HASH in fams:
            cache = "bpcat:" + hashlib.sha1(lab.encode()).hexdigest()[:16]
        else:
            R.t(TR_NEUTRAL, "cds cache_key hashed from encounter id")
        if L_AUDIT in fams:
            audit.insert(1, {"ts": iso(t0 + dt.timedelta(minutes=6)), "user": "cds-engine", "action": "field_update",
                             "field": "vitals.bp_class", "old": None, "new": abbr[lab]})
        proj = {"instruction": instr,
                "encounter": {"id": enc, "date": t0.strftime("%Y-%m-%d"), "age": rng.randint(22, 84),
                              "sex": rng.choice(["F", "M"]), "vitals": {"bp_readings": rd}, "note": note,
                              "history": hist},
                "cds": {"service": "bp-advisor", "cache_key": cache, "ttl_s": 3600},
                "audit_trail": audit}
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/encounter/vitals/bp_readings"],
            "note": "Category from mean systolic/diastolic of the recorded readings (2017 ACC/AHA cut-offs in instruction)."}
    return dict(name=name, leaking=True, task="Office blood-pressure category", records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 14 GCS (clean)
def b_gcs(rng):
    name = "gcs_severity"
    labels = ["Mild", "Moderate", "Severe"]
    n = 126
    instr = ("Classify head-injury severity from the Glasgow Coma Scale (eye 1-4, verbal 1-5, motor 1-6): total 13-15 "
             "Mild, 9-12 Moderate, 3-8 Severe. Answer Mild, Moderate or Severe.")
    bands = {"Mild": (13, 15), "Moderate": (9, 12), "Severe": (3, 8)}
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = bands[lab]
        while True:
            e, v, m = rng.randint(1, 4), rng.randint(1, 5), rng.randint(1, 6)
            if lo <= e + v + m <= hi:
                break
        R.t(TR_LIST, "instruction lists Mild/Moderate/Severe")
        hx = []
        if rng.random() < 0.35:
            hx.append(R.t(TR_SENSE, PK(lab, ["Severe penicillin allergy (anaphylaxis 2015).", "Mild intermittent asthma.",
                                                 "Moderate traffic delayed arrival by 6 min."])))
        if rng.random() < 0.3:
            hx.append(R.t(TR_HIST, "Prior TBI 2019, documented as %s." % PK(lab).lower()))
        if rng.random() < 0.3:
            hx.append(R.t(TR_NEG, "No severe external bleeding found on primary survey."))
        other = None
        if rng.random() < 0.3:
            other = R.t(TR_OTHER, "Passenger 2 (separate chart): triaged %s at scene." % PK(lab).lower())
        t0 = BASE + dt.timedelta(days=rng.randint(0, 100), minutes=rng.randint(0, 1400))
        proj = {"instruction": instr,
                "prehospital": {"incident": PK(lab, ["MVC driver, airbag deployed", "Fall from ladder ~2 m",
                                                        "Cyclist vs car", "Assault, struck with object", "Ground-level fall"]),
                                "arrival": iso(t0), "notes": hx},
                "assessment": {"time": iso(t0 + dt.timedelta(minutes=4)), "gcs": {"eye": e, "verbal": v, "motor": m},
                               "pupils": PK(lab, ["PERRL 3 mm", "PERRL 4 mm", "L 3 mm / R 3 mm sluggish"]),
                               "intubated": False}}
        if other:
            proj["scene_other_casualties"] = other
        recs.append(record(name, i + 1, lab, labels, proj, False))
        infos.append(R)
    meta = {"derive_from": ["/assessment/gcs/eye", "/assessment/gcs/verbal", "/assessment/gcs/motor"],
            "note": "Severity from GCS total (E+V+M) with bands in instruction."}
    return dict(name=name, leaking=False, task="Head-injury severity from GCS components", records=recs, meta=meta, infos=infos)
