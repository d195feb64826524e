"""Clean datasets: news2_response, fume_hood, respirator_fit, playground_surfacing, livestock_transport."""
from common import Strat, Rec, balanced, alnum, digits, iso, rand_dt, plus, person


def news2_score(o):
    s = []
    rr = o["resp_rate"]
    s.append(3 if rr <= 8 else 1 if rr <= 11 else 0 if rr <= 20 else 2 if rr <= 24 else 3)
    sp = o["spo2_pct"]
    s.append(3 if sp <= 91 else 2 if sp <= 93 else 1 if sp <= 95 else 0)
    s.append(2 if o["supplemental_o2"] else 0)
    bp = o["systolic_bp"]
    s.append(3 if bp <= 90 else 2 if bp <= 100 else 1 if bp <= 110 else 0 if bp <= 219 else 3)
    hr = o["pulse"]
    s.append(3 if hr <= 40 else 1 if hr <= 50 else 0 if hr <= 90 else 1 if hr <= 110 else 2 if hr <= 130 else 3)
    s.append(0 if o["acvpu"] == "A" else 3)
    t = o["temp_c"]
    s.append(3 if t <= 35.0 else 1 if t <= 36.0 else 0 if t <= 38.0 else 1 if t <= 39.0 else 2)
    return s


def news2_response(rng):
    name = "news2_response"
    labels = ["low", "low-medium", "medium", "high"]
    n = 160
    instr = ("Compute the NEWS2 aggregate score (SpO2 scale 1) from the observation set and return the clinical risk "
             "band: aggregate 0-4 -> 'low', unless any single parameter scores 3, then 'low-medium'; 5-6 -> 'medium'; "
             "7 or more -> 'high'. Answer with the band only.")
    targets = balanced(rng, labels, n)
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            sick = rng.random()
            o = {"resp_rate": rng.choice([rng.randint(12, 20)] * 3 + [rng.randint(7, 30)]),
                 "spo2_pct": rng.choice([rng.randint(96, 100)] * 2 + [rng.randint(86, 99)]),
                 "supplemental_o2": rng.random() < 0.25,
                 "systolic_bp": rng.choice([rng.randint(111, 160)] * 2 + [rng.randint(80, 230)]),
                 "pulse": rng.choice([rng.randint(55, 90)] * 2 + [rng.randint(38, 140)]),
                 "acvpu": "A" if rng.random() < 0.85 else rng.choice("CVPU"),
                 "temp_c": round(rng.choice([rng.uniform(36.2, 37.9)] * 2 + [rng.uniform(34.6, 39.8)]), 1)}
            sc = news2_score(o)
            agg = sum(sc)
            lab = "high" if agg >= 7 else "medium" if agg >= 5 else ("low-medium" if 3 in sc else "low")
            if lab == tgt:
                break
        t = rand_dt(rng)
        proj = {
            "instruction": instr,
            "patient": {"nhs_no": digits(rng, 3) + " " + digits(rng, 3) + " " + digits(rng, 4),
                        "ward": S("ward", tgt, ["Highfield Ward", "Lowther Unit", "Ward 7B", "Acute Medical Unit"]),
                        "bed": f"B{rng.randint(1, 28)}", "age": rng.randint(19, 96)},
            "observations": dict(o, taken_at=iso(t), taken_by=person(rng) + ", HCA"),
            "other_scores": {"falls_risk": S("falls", tgt, ["low", "medium", "high"]),
                             "waterlow": rng.randint(5, 22)},
            "previous_news2": {"taken_at": iso(plus(t, hours=-rng.randint(4, 12))), "band": S("hist", tgt, labels)},
            "nursing_note": S("note", tgt, ["Patient comfortable, reports low mood.", "Eating and drinking well.",
                                        "Family visited; no concerns raised.", "High-flow not required, on room air overnight.",
                                        "Mobilising with frame."]),
            "escalation_policy": "low: minimum 12-hourly obs; low-medium: urgent ward review; medium: key threshold, "
                                 "urgent response; high: emergency response team.",
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "escalation_policy lists low/low-medium/medium/high")
        r.trap("labels_of_other_entities", f"falls_risk: {proj['other_scores']['falls_risk']}")
        r.trap("historical_outcome_other_event", f"previous_news2 band {proj['previous_news2']['band']}")
        if proj["patient"]["ward"] in ("Highfield Ward", "Lowther Unit"):
            r.trap("label_substring_in_other_word", proj["patient"]["ward"])
        if "low mood" in proj["nursing_note"] or "High-flow" in proj["nursing_note"]:
            r.trap("label_word_other_sense", proj["nursing_note"])
        recs.append(r)
    ptr = ["/observations/" + k for k in ["resp_rate", "spo2_pct", "supplemental_o2", "systolic_bp", "pulse", "acvpu", "temp_c"]]
    meta = {"derive_from": ptr, "note": "NEWS2 parameters (SpO2 scale 1)."}
    return name, labels, recs, meta, "NEWS2 clinical risk band from a vital-signs set (hyphenated labels)."


def fume_hood(rng):
    name = "fume_hood"
    labels = ["pass", "restricted", "fail"]
    n = 132
    instr = ("Certify the laboratory fume hood from the face-velocity traverse (ft/min, sash at test height). Let v be "
             "the mean of the grid readings. 'pass' if 80 <= v <= 120 and every reading is within 20 % of v; "
             "'fail' if v < 60 or v > 150; otherwise 'restricted'. Answer pass, restricted or fail.")
    targets = balanced(rng, labels, n)
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            v0 = rng.uniform(45, 165)
            sd = rng.choice([4, 8, 14])
            grid = [round(v0 + rng.gauss(0, sd)) for _ in range(rng.choice([6, 9, 12]))]
            v = sum(grid) / len(grid)
            if min(abs(v - e) for e in (60, 80, 120, 150)) < 0.5:
                continue
            if any(abs(abs(g - v) - 0.2 * v) < 0.3 for g in grid):
                continue
            if v < 60 or v > 150:
                lab = "fail"
            elif 80 <= v <= 120 and all(abs(g - v) <= 0.2 * v for g in grid):
                lab = "pass"
            else:
                lab = "restricted"
            if lab == tgt:
                break
        proj = {
            "instruction": instr,
            "hood": {"asset": "FH-" + digits(rng, 4), "building": S("L107_1", tgt, ["Chemistry North", "Life Sciences 2", "Materials Lab"]),
                     "room": f"{rng.randint(1, 4)}{rng.randint(10, 60)}", "type": S("L108_1", tgt, ["bypass", "VAV", "low-flow"]),
                     "room_access": S("acc", tgt, ["open", "restricted (badge)"])},
            "traverse": {"sash_height_in": 18, "grid_fpm": grid, "instrument": "TSI 9565 thermoanemometer"},
            "alarm_check": {"low_flow_alarm": S("alarm", tgt, ["pass", "fail"]), "checked_by": person(rng)},
            "last_certificate": {"date": iso(rand_dt(rng, start=(2024, 1, 5)))[:10], "result": S("hist", tgt, labels)},
            "sticker_legend": "PASS = green sticker; RESTRICTED = yellow sticker (no highly toxic work); FAIL = red sticker, do not use.",
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", proj["sticker_legend"])
        r.trap("labels_of_other_entities", f"alarm_check low_flow_alarm: {proj['alarm_check']['low_flow_alarm']}")
        r.trap("historical_outcome_other_event", f"last_certificate result {proj['last_certificate']['result']}")
        if proj["hood"]["room_access"].startswith("restricted"):
            r.trap("label_word_other_sense", "room_access: restricted (badge)")
        recs.append(r)
    meta = {"derive_from": ["/traverse/grid_fpm"], "note": "Face velocity traverse grid readings."}
    return name, labels, recs, meta, "Laboratory fume hood face-velocity certification (ordinary English word labels)."


def respirator_fit(rng):
    name = "respirator_fit"
    labels = ["acceptable", "unacceptable"]
    n = 128
    instr = ("Evaluate the quantitative respirator fit test (condensation nuclei counter). Overall fit factor = number "
             "of exercises / sum of (1 / exercise fit factor), excluding the grimace exercise. Required overall fit "
             "factor: 100 for a half mask, 500 for a full facepiece. Meets the requirement -> 'acceptable', else "
             "'unacceptable'.")
    ex = ["normal breathing", "deep breathing", "head side to side", "head up and down", "talking", "grimace",
          "bending over", "normal breathing (2)"]
    targets = balanced(rng, labels, n)
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            typ = rng.choice(["half mask", "full facepiece"])
            req = 100 if typ == "half mask" else 500
            base = req * rng.uniform(0.4, 3.0)
            ffs = [max(3, int(base * rng.uniform(0.5, 2.5))) for _ in ex]
            ffs = [min(f, 200 if typ == "half mask" else 2000) for f in ffs]
            used = [f for e, f in zip(ex, ffs) if e != "grimace"]
            overall = len(used) / sum(1 / f for f in used)
            if abs(overall - req) / req < 0.02:
                continue
            lab = "acceptable" if overall >= req else "unacceptable"
            if lab == tgt:
                break
        proj = {
            "instruction": instr,
            "employee": {"badge": "E" + digits(rng, 5), "dept": S("L155_1", tgt, ["Paint shop", "Pathology", "Grain store", "Welding bay"])},
            "respirator": {"make": S("L156_1", tgt, ["3M", "Moldex", "Honeywell North", "Dräger"]), "model": alnum(rng, 4),
                           "size": S("L157_1", tgt, ["S", "M", "L"]), "type": typ},
            "portacount": {"exercises": [{"name": e, "ff": f} for e, f in zip(ex, ffs)], "operator": person(rng)},
            "medical_clearance": {"questionnaire": S("q", tgt, ["acceptable", "acceptable with follow-up"]),
                                  "date": iso(rand_dt(rng))[:10]},
            "comments": S("com", tgt, ["Employee reports no discomfort.", "Clean-shaven at time of test.",
                                    "Previous model discontinued; not an unacceptable fit history, just a product change.",
                                    "Seal check performed before test."]),
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Meets the requirement -> 'acceptable', else 'unacceptable'.")
        r.trap("labels_of_other_entities", f"medical_clearance questionnaire: {proj['medical_clearance']['questionnaire']}")
        r.trap("label_substring_in_other_word", "'acceptable' is a substring of 'unacceptable'")
        if "not an unacceptable" in proj["comments"]:
            r.trap("negated_mention", proj["comments"])
        recs.append(r)
    meta = {"derive_from": ["/respirator/type", "/portacount/exercises"],
            "note": "Facepiece type sets the required fit factor; exercise fit factors give the overall (harmonic mean)."}
    return name, labels, recs, meta, "Quantitative respirator fit test outcome (two labels, substring pair)."


def playground_surfacing(rng):
    name = "playground_surfacing"
    labels = ["compliant", "surfacing inadequate", "use zone too short"]
    n = 126
    instr = ("Annual playground inspection. For the item: if the surfacing's tested critical fall height is lower than "
             "the equipment's free height of fall -> 'surfacing inadequate'; otherwise, if the impact area extent is "
             "less than max(1.5 m, 2/3 x free height of fall + 0.5 m) -> 'use zone too short'; otherwise 'compliant'. "
             "Answer with the label exactly.")
    eq = ["double swing", "slide tower", "climbing frame", "rope net", "balance beam", "spring rocker"]
    mats = ["bonded rubber crumb", "rubber tiles", "bark mulch", "play sand", "grass matting", "wood chip"]
    targets = balanced(rng, labels, n)
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            fh = round(rng.uniform(0.5, 3.0), 2)
            cfh = round(rng.uniform(0.6, 3.0), 2)
            ext = round(rng.uniform(1.0, 3.2), 2)
            req = max(1.5, 2 / 3 * fh + 0.5)
            if abs(cfh - fh) < 0.03 or abs(ext - req) < 0.03:
                continue
            lab = "surfacing inadequate" if cfh < fh else ("use zone too short" if ext < req else "compliant")
            if lab == tgt:
                break
        proj = {
            "instruction": instr,
            "site": {"park": S("L203_1", tgt, ["Riverside Park", "Abbey Fields", "Kingsway Rec", "Moor Lane"]), "item_no": rng.randint(1, 14),
                     "inspector": person(rng) + " (RPII)"},
            "equipment": {"type": rng.choice(eq), "free_height_of_fall_m": fh},
            "surfacing": {"material": rng.choice(mats), "critical_fall_height_m": cfh, "hic_test": "EN 1177 site test"},
            "use_zone": {"impact_area_extent_m": ext},
            "other_checks": {"signage": S("sign", tgt, ["compliant", "missing age guidance"]),
                             "fixings": S("fix", tgt, ["no inadequate fixings found", "two bolt caps replaced"])},
            "history": S("hist", tgt, ["2024 annual: use zone too short (rectified by extending matting)",
                                   "2024 annual: no issues", "2023 annual: surfacing inadequate (replaced)", ""]),
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "'surfacing inadequate' / 'use zone too short' / 'compliant'")
        r.trap("labels_of_other_entities", f"signage: {proj['other_checks']['signage']}")
        if proj["other_checks"]["fixings"].startswith("no inadequate"):
            r.trap("negated_mention", "no inadequate fixings found")
        if proj["history"].startswith("2024 annual: use") or proj["history"].startswith("2023"):
            r.trap("historical_outcome_other_event", proj["history"])
        recs.append(r)
    meta = {"derive_from": ["/equipment", "/surfacing", "/use_zone/impact_area_extent_m"],
            "note": "Free height of fall vs surfacing critical fall height, then impact-area extent."}
    return name, labels, recs, meta, "Playground impact-area inspection (multi-word labels)."


def livestock_transport(rng):
    name = "livestock_transport"
    labels = ["fit", "conditional", "unfit"]
    n = 136
    instr = ("Official veterinarian at loading: decide fitness for transport of the cow. 'unfit' if mobility score "
             ">= 3, or gestation >= 90 %, or findings include 'open wound' or 'prolapse'; otherwise 'conditional' "
             "(short journey, extra bedding) if mobility score is 2, or body condition score <= 1.5, or calved within "
             "the last 7 days; otherwise 'fit'. Answer fit, conditional or unfit.")
    fnd = ["open wound", "prolapse", "healed scar", "overgrown claws", "dirty hindquarters", "ringworm lesion"]
    targets = balanced(rng, labels, n)
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            ms = rng.choice([0, 0, 1, 1, 2, 3])
            bcs = rng.choice([1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0])
            preg = rng.random() < 0.5
            gest = rng.randint(10, 97) if preg else 0
            dsc = rng.choice([None, rng.randint(1, 200)]) if not preg else None
            f = rng.sample(fnd, rng.choice([0, 0, 1, 1, 2]))
            unfit = ms >= 3 or gest >= 90 or "open wound" in f or "prolapse" in f
            cond = ms == 2 or bcs <= 1.5 or (dsc is not None and dsc <= 7)
            lab = "unfit" if unfit else ("conditional" if cond else "fit")
            if lab == tgt:
                break
        proj = {
            "instruction": instr,
            "consignment": {"movement_id": "MV" + digits(rng, 8), "holding": f"{rng.randint(10, 99)}/{rng.randint(100, 999)}/{rng.randint(1000, 9999)}",
                            "haulier": S("haul", tgt, ["Fitzgerald Haulage", "Unfitt & Sons Livestock", "Moorland Transport", "Retrofit Trailers Ltd"]),
                            "journey_hours": round(rng.uniform(0.5, 9), 1)},
            "animal": {"ear_tag": "UK" + digits(rng, 12), "breed": S("L256_1", tgt, ["Holstein", "Friesian", "Jersey", "Ayrshire"]),
                       "mobility_score": ms, "body_condition_score": bcs, "gestation_pct": gest,
                       "days_since_calving": dsc, "findings": f},
            "vehicle": {"approval": S("L259_1", tgt, ["Type 1", "Type 2"]), "ramp": S("ramp", tgt, ["ok", "ramp slats refitted"])},
            "holding_history": f"last consignment from this holding: {rng.randint(0, 3)} unfit, {rng.randint(0, 4)} conditional",
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Answer fit, conditional or unfit.")
        r.trap("historical_outcome_other_event", proj["holding_history"])
        if proj["consignment"]["haulier"] in ("Fitzgerald Haulage", "Unfitt & Sons Livestock", "Retrofit Trailers Ltd"):
            r.trap("label_substring_in_other_word", proj["consignment"]["haulier"])
        if "refitted" in proj["vehicle"]["ramp"]:
            r.trap("label_substring_in_other_word", "ramp slats refitted")
        recs.append(r)
    meta = {"derive_from": ["/animal/mobility_score", "/animal/body_condition_score", "/animal/gestation_pct",
                            "/animal/days_since_calving", "/animal/findings"],
            "note": "Mobility, body condition, gestation, calving interval and clinical findings."}
    return name, labels, recs, meta, "Cattle fitness for transport at loading (ordinary English word labels)."
