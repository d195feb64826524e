import random, json, datetime, math
from common import DS, pick_idx, b64, hx, balanced

# ---------------------------------------------------------------- 11. radiation area designation
FR = {"controlled area": "Zone contrôlée", "supervised area": "Zone surveillée", "non-designated area": "Zone non délimitée"}
REQ = {"controlled area": {"entry": "classified persons or under written arrangements", "dosimetry": "EPD + whole-body TLD mandatory", "signage": "trefoil + local rules at entrance"},
       "supervised area": {"entry": "trained staff; visitors escorted", "dosimetry": "quarterly TLD badge", "signage": "trefoil warning sign"},
       "non-designated area": {"entry": "no restriction", "dosimetry": "none", "signage": "none"}}

def radiation():
    rng = random.Random(3131)
    labels = ["controlled area", "supervised area", "non-designated area"]
    ds = DS("radiation_area_designation", labels, True,
            "IRR17-style area designation from surveyed dose rate and annual occupancy",
            ["/survey/dose_rate_uSv_h", "/survey/occupancy_h_per_year"],
            "annual mSv = rate*occupancy/1000; controlled if annual>6 or rate>7.5; supervised if annual>1; else non-designated.")
    n = 135
    leak = pick_idx(rng, n, 0.55)
    seq = balanced(rng, labels, n)
    pcnt = {l: rng.randrange(8) for l in labels}
    places = ["Linac bunker 2 maze entrance", "CT control room", "Hot lab dispensing bench", "Interventional suite corridor",
              "Industrial radiography compound", "Waste store door", "Cyclotron vault exterior", "Dental X-ray room (operator position)"]
    instr = ("You are a Radiation Protection Adviser's assistant. Designate the surveyed location. Estimated annual dose (mSv) = dose rate (uSv/h) "
             "x occupancy (h/year) / 1000. Designate 'controlled area' if the annual dose would exceed 6 mSv or the instantaneous dose rate "
             "exceeds 7.5 uSv/h; otherwise 'supervised area' if it would exceed 1 mSv; otherwise 'non-designated area'.")
    for i in range(n):
        lab = seq[i]
        while True:
            occ = rng.choice([50, 100, 200, 500, 1000, 2000])
            if lab == "controlled area":
                if rng.random() < 0.4:
                    rate = round(rng.uniform(7.7, 60.0), 2)
                else:
                    rate = round(rng.uniform(6.3 * 1000 / occ, 7.4), 2) if 6.3 * 1000 / occ < 7.4 else None
            elif lab == "supervised area":
                lo, hi = 1.05 * 1000 / occ, min(7.4, 5.9 * 1000 / occ)
                rate = round(rng.uniform(lo, hi), 2) if lo < hi else None
            else:
                hi = min(7.4, 0.95 * 1000 / occ)
                rate = round(rng.uniform(0.05, hi), 2)
            if rate is None:
                continue
            ann = rate * occ / 1000
            got = "controlled area" if (ann > 6 or rate > 7.5) else "supervised area" if ann > 1 else "non-designated area"
            if got == lab and min(abs(ann - 6), abs(ann - 1), abs(rate - 7.5)) > 0.03:
                break
        place = places[pcnt[lab] % len(places)]
        pcnt[lab] += 1
        traps = [("T2 full label set in instruction", "'controlled area' ... 'supervised area' ... 'non-designated area'")]
        notes = []
        if rng.random() < 0.35:
            notes.append("Access controlled by swipe card; area supervised by the departmental RPS during sessions.")
            traps.append(("T1 label words in another sense (access control, RPS supervision)", notes[-1]))
        if rng.random() < 0.3:
            old = rng.choice(labels)
            notes.append("Designated as a %s in the 2018 survey, before the shielding upgrade." % old)
            traps.append(("T6 historical designation", notes[-1]))
        proj = {"instruction": instr,
                "site": {"hospital": rng.choice(["Royal Infirmary", "Westbrook NDT Ltd", "City General", "Northfield Dental"]), "location": place},
                "survey": {"date": "2026-%02d-%02d" % (rng.randint(1, 11), rng.randint(1, 28)),
                           "meter": rng.choice(["RadEye G20", "Mini 900 + 44A", "Fluke 451P"]),
                           "dose_rate_uSv_h": rate, "occupancy_h_per_year": occ,
                           "source": rng.choice(["6 MV linac at max output", "Tc-99m 2 GBq vial", "Ir-192 1.1 TBq", "70 kVp intraoral"])},
                "surveyor_notes": notes,
                "contractor_message": "Bonjour, nous prévoyons la pose de la signalétique le %d décembre. Cordialement, Signalis SARL" % rng.randint(5, 20)}
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                proj["contractor_message"] = ("Bonjour, nous prévoyons la pose du panneau « %s » (trisecteur normalisé) le %d décembre. Cordialement, Signalis SARL"
                                              % (FR[lab], rng.randint(5, 20)))
                leaks.append("L15 French translation of the designation on the contractor's sign order")
            if "B" in fam:
                proj["entry_requirements"] = dict(REQ[lab])
                leaks.append("L16 entry/dosimetry requirements set together with the designation")
        ds.add(lab, proj, leaks, traps)
    return ds


# ---------------------------------------------------------------- 12. swim qualifying (CLEAN)
def t2s(t):
    m = int(t // 60)
    s = t - 60 * m
    return "%d:%05.2f" % (m, s) if m else "%.2f" % s

def swim():
    rng = random.Random(3112)
    labels = ["A cut", "B cut", "no cut"]
    ds = DS("swim_qualifying_standard", labels, False,
            "Swimming championship entry: which qualifying standard a swim achieved against the event's A/B times",
            ["/swim/final_time", "/standards/A", "/standards/B"],
            "time <= A: A cut; else time <= B: B cut; else no cut. Times are m:ss.hh strings.")
    n = 140
    seq = balanced(rng, labels, n)
    events = [("50 Free", 24.5), ("100 Free", 53.0), ("200 Free", 116.0), ("100 Back", 60.0), ("100 Breast", 66.0), ("200 IM", 130.0), ("400 Free", 250.0), ("100 Fly", 57.5)]
    names = ["E. Walsh", "K. Adeyemi", "L. Park", "S. Romero", "M. Nilsen", "A. Grant", "R. Costa", "J. Mbeki", "T. Hale", "N. Vu"]
    instr = ("Check the swim against the championship qualifying standards for the swimmer's event, sex and age group. A time at or "
             "under the A standard is 'A cut'; otherwise at or under the B standard is 'B cut'; otherwise 'no cut'.")
    for i in range(n):
        lab = seq[i]
        ev, base = rng.choice(events)
        f = rng.uniform(1.0, 1.12)
        A = round(base * f, 2)
        B = round(A * rng.uniform(1.03, 1.06), 2)
        if lab == "A cut":
            t = round(A - rng.uniform(0.0, 0.025) * A, 2)
        elif lab == "B cut":
            t = round(rng.uniform(A + 0.01, B), 2)
        else:
            t = round(B + rng.uniform(0.01, 0.05) * B, 2)
        traps = [("T2 label set defined in instruction", "'A cut' ... 'B cut' ... 'no cut'")]
        heat = []
        for k in range(rng.randint(3, 7)):
            ot = round(rng.uniform(A * 0.97, B * 1.06), 2)
            heat.append({"lane": k + 1, "name": rng.choice(names), "time": t2s(ot), "std": "A" if ot <= A else ("B" if ot <= B else "")})
        traps.append(("T4 standards achieved by other swimmers in the heat", json.dumps(heat[0])))
        note = rng.choice(["", "Entries cut-off: 12 January.", "Achieved B cut at the county meet last season.", "Target for this swim: an A cut.",
                           "Touchpad malfunction in lane 2 only; backup times used there."])
        if "cut-off" in note:
            traps.append(("T1 'cut' in another sense (entry deadline)", note))
        if "last season" in note:
            traps.append(("T6 historical standard from a previous season", note))
        if "Target" in note:
            traps.append(("T10 target/goal stated independently of the result", note))
        proj = {"instruction": instr,
                "meet": {"name": rng.choice(["Winter Regional Open", "County Championships", "Spring Invitational"]), "course": "LC",
                         "date": "2026-%02d-%02d" % (rng.randint(1, 11), rng.randint(1, 28))},
                "swim": {"swimmer": rng.choice(names), "sex": rng.choice(["F", "M"]), "age_group": rng.choice(["13-14", "15-16", "17+"]),
                         "event": ev, "final_time": t2s(t), "reaction_s": round(rng.uniform(0.58, 0.85), 2), "splits": []},
                "standards": {"A": t2s(A), "B": t2s(B), "source": "2026 qualifying standards (LC)"},
                "heat_results": heat,
                "official_note": note}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- 13. soil compaction (CLEAN)
def compaction():
    rng = random.Random(3113)
    labels = ["pass", "fail", "retest"]
    ds = DS("soil_compaction_test", labels, False,
            "Earthworks field density test (nuclear gauge) against laboratory Proctor: relative compaction and moisture window",
            ["/gauge/wet_density_kg_m3", "/gauge/moisture_pct", "/proctor/mdd_kg_m3", "/proctor/omc_pct"],
            "dry = wet/(1+w/100); RC = 100*dry/MDD. RC<95 fail; RC>=95 and |w-OMC|<=2 pass; RC>=95 and outside window retest.")
    n = 130
    seq = balanced(rng, labels, n)
    instr = ("Evaluate this field density test for the earthworks QA register. Dry density = wet density / (1 + moisture/100). Relative "
             "compaction = 100 x dry density / Proctor MDD. Below 95 % is 'fail'. At or above 95 % with moisture within OMC +/- 2 points is "
             "'pass'; at or above 95 % but moisture outside that window is 'retest'.")
    for i in range(n):
        lab = seq[i]
        while True:
            mdd = rng.randint(1750, 2150)
            omc = round(rng.uniform(8.0, 16.0), 1)
            if lab == "fail":
                rc = rng.uniform(86.0, 94.7)
                w = round(omc + rng.uniform(-3.5, 3.5), 1)
            else:
                rc = rng.uniform(95.3, 103.0)
                w = round(omc + (rng.uniform(-1.9, 1.9) if lab == "pass" else rng.choice([-1, 1]) * rng.uniform(2.2, 4.5)), 1)
            wet = round(rc / 100 * mdd * (1 + w / 100))
            dry = wet / (1 + w / 100)
            rc2 = 100 * dry / mdd
            ok = rc2 >= 95 and abs(w - omc) <= 2.0 + 1e-9
            got = "fail" if rc2 < 95 else ("pass" if abs(w - omc) <= 2.0 + 1e-9 else "retest")
            if got == lab and abs(rc2 - 95) > 0.1 and abs(abs(w - omc) - 2) > 0.05:
                break
        traps = [("T2 full label set in instruction", "... is 'fail' ... is 'pass' ... is 'retest'."),
                 ("T8 constant gauge standard-count check reading PASS on every record", '"standard_count_check": "PASS"')]
        hist = ""
        if rng.random() < 0.35:
            hist = "Lift %d at this chainage %s on %d Nov; %s." % (rng.randint(1, 4), rng.choice(["failed", "passed", "needed a retest"]), rng.randint(1, 28),
                                                                   rng.choice(["reworked with 4 extra roller passes", "no action", "moisture conditioned"]))
            traps.append(("T6 result of an earlier lift at the same location", hist))
        passes = rng.randint(4, 10)
        traps.append(("T1 label word in another sense (roller passes)", "roller_passes: %d" % passes))
        proj = {"instruction": instr,
                "location": {"project": rng.choice(["A47 Widening Lot 2", "Northfield Logistics Park", "Hythe Flood Embankment"]),
                             "chainage": "CH %d+%03d" % (rng.randint(0, 6), rng.randint(0, 999)), "layer": rng.randint(1, 9), "material": rng.choice(["6F2", "Class 1A", "Class 2C", "Type 1 sub-base"])},
                "gauge": {"model": "Troxler 3440", "serial": "%05d" % rng.randint(10000, 99999), "standard_count_check": "PASS",
                          "probe_depth_mm": rng.choice([150, 200, 250]), "wet_density_kg_m3": wet, "moisture_pct": w},
                "proctor": {"test_ref": "PR-%03d" % rng.randint(1, 400), "mdd_kg_m3": mdd, "omc_pct": omc},
                "plant": {"roller": rng.choice(["BW 213", "CA2500", "HAMM H13i"]), "roller_passes": passes},
                "site_diary": hist}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- 14. fire door survey
def firedoor():
    rng = random.Random(3114)
    labels = ["pass", "repair", "replace"]
    ds = DS("fire_door_survey", labels, True,
            "Fire door inspection outcome (pass/repair/replace) from certification evidence, leaf damage, gaps, closer and seals",
            ["/inspection/certification_label_present", "/inspection/leaf_damage", "/inspection/gaps_mm",
             "/inspection/self_closer_functional", "/inspection/intumescent_seals"],
            "replace if no certification label or leaf_damage in {hole, delamination}; else repair if any gap <2 or >4 mm, closer not functional or seals not 'intact'; else pass.")
    n = 145
    leak = pick_idx(rng, n, 0.4)
    seq = balanced(rng, labels, n)
    instr = ("Fire door survey. Outcome 'replace' if the leaf has no certification label or has a hole or delamination. Otherwise 'repair' "
             "if any measured gap is below 2 mm or above 4 mm, the self-closer does not close and latch the door, or the intumescent seals "
             "are not intact. Otherwise 'pass'. Answer pass, repair or replace.")
    for i in range(n):
        lab = seq[i]
        cert, dmg = True, rng.choice(["none", "none", "minor scuffs", "paint chips"])
        gaps = {"hinge_side": round(rng.uniform(2.2, 3.9), 1), "head": round(rng.uniform(2.2, 3.9), 1), "leading_edge": round(rng.uniform(2.2, 3.9), 1), "threshold": round(rng.uniform(2.5, 3.9), 1)}
        closer, seals = True, "intact"
        def spoil():
            nonlocal closer, seals
            k = rng.randrange(3)
            if k == 0:
                g = rng.choice(list(gaps))
                gaps[g] = round(rng.choice([rng.uniform(4.3, 9.0), rng.uniform(0.5, 1.7)]), 1)
            elif k == 1:
                closer = False
            else:
                seals = rng.choice(["missing", "painted over", "damaged"])
        if lab == "replace":
            if rng.random() < 0.5:
                cert = False
            else:
                dmg = rng.choice(["hole", "delamination"])
            if rng.random() < 0.5:
                spoil()
        elif lab == "repair":
            spoil()
            if rng.random() < 0.3:
                spoil()
        door = "FD-%03d" % rng.randint(1, 400)
        traps = [("T2 full label set in instruction", "Answer pass, repair or replace.")]
        neigh = [{"door": "FD-%03d" % rng.randint(1, 400), "outcome": rng.choice(labels)} for _ in range(rng.randint(0, 3))]
        if neigh:
            traps.append(("T4 outcomes of neighbouring doors on the same floor", json.dumps(neigh[0])))
        desc = rng.choice(["Corridor cross-corridor door", "Flat entrance door", "Stair core door", "Plant room pass door", "Riser cupboard door"])
        if "pass door" in desc:
            traps.append(("T1 label word in another sense ('pass door')", desc))
        hist = ""
        if rng.random() < 0.35:
            hist = rng.choice(["Frame repaired after a 2021 forced entry.", "Door was replaced in 2019 under the Building Safety programme.",
                               "Passed the 2024 survey."])
            traps.append(("T6 historical works/outcome", hist))
        bld = rng.choice(["Passmore House", "Kingsway Court", "Repton Tower", "Alder Mews", "Greenhill Block C"])
        if bld == "Passmore House":
            traps.append(("T13 label string as a substring of a proper noun (token-boundary trap)", bld))
        base = "https://firedoors.example-fm.co.uk/surveys/S%05d/doors/%s/photos" % (rng.randint(0, 99999), door)
        proj = {"instruction": instr,
                "door": {"ref": door, "building": bld, "location": "Level %d, %s" % (rng.randint(0, 12), desc), "rating": rng.choice(["FD30S", "FD60S", "FD30"]),
                         "history": hist},
                "inspection": {"certification_label_present": cert, "leaf_damage": dmg, "gaps_mm": gaps,
                               "self_closer_functional": closer, "intumescent_seals": seals,
                               "hinges": rng.choice(["3 no. CE marked", "3 no., 1 screw missing"]) },
                "photos_url": base,
                "other_doors_this_floor": neigh}
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                proj["photos_url"] = base + "?outcome=" + lab + "&page=1"
                leaks.append("L17 outcome query parameter in the survey app's photo URL")
            if "B" in fam:
                if lab == "pass":
                    q = {"lines": 0, "total_gbp": 0.0}
                elif lab == "repair":
                    q = {"lines": rng.randint(1, 3), "total_gbp": round(rng.uniform(45, 420), 2)}
                else:
                    q = {"lines": rng.randint(4, 7), "total_gbp": round(rng.uniform(950, 1850), 2)}
                proj["remedial_quote"] = q
                leaks.append("L18 remedial quote totals computed after the outcome (0 / small / door-set price)")
        ds.add(lab, proj, leaks, traps)
    return ds
