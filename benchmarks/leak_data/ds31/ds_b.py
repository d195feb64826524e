import random, json, datetime, math
from common import DS, pick_idx, b64, hx, balanced

# ---------------------------------------------------------------- 6. SARS-CoV-2 RT-PCR interpretation
SCT = {"detected": "260373001", "not detected": "260415000", "inconclusive": "419984006", "invalid": "455371000124106"}
CALL = {"detected": "Positive", "not detected": "Negative", "inconclusive": "Equivocal", "invalid": "Rerun required"}

def pcr():
    rng = random.Random(3106)
    labels = ["detected", "not detected", "inconclusive", "invalid"]
    ds = DS("rtpcr_result_interpretation", labels, True,
            "Two-target SARS-CoV-2 RT-PCR result interpretation from Ct values of N1, N2 and the RNase P internal control",
            ["/amplification/N1/ct", "/amplification/N2/ct", "/amplification/RP/ct"],
            "A target is positive if ct is not null and <= 40. Both positive: detected; exactly one: inconclusive; none: not detected if RP ct <= 35 (not null), else invalid.")
    n = 150
    leak = pick_idx(rng, n, 0.4)
    seq = balanced(rng, labels, n)
    instr = ("Interpret this RT-PCR well for the laboratory report. A target (N1, N2) is positive when its Ct is present and <= 40. "
             "Both targets positive: 'detected'. Exactly one positive: 'inconclusive'. Neither positive: 'not detected' if the RNase P "
             "internal control Ct is present and <= 35, otherwise 'invalid'. Answer with exactly one of: detected, not detected, inconclusive, invalid.")
    for i in range(n):
        lab = seq[i]
        def neg():
            return None if rng.random() < 0.75 else round(rng.uniform(40.3, 44.5), 2)
        if lab == "detected":
            base = rng.uniform(14, 36)
            n1, n2 = round(base + rng.uniform(-1, 1), 2), round(min(39.8, base + rng.uniform(-1, 2)), 2)
            rp = round(rng.uniform(22, 34), 2) if rng.random() < 0.85 else None
        elif lab == "inconclusive":
            p = round(rng.uniform(33.0, 39.8), 2)
            n1, n2 = (p, neg()) if rng.random() < 0.5 else (neg(), p)
            rp = round(rng.uniform(22, 33), 2)
        elif lab == "not detected":
            n1, n2, rp = neg(), neg(), round(rng.uniform(21, 34.8), 2)
        else:
            n1, n2 = neg(), neg()
            rp = None if rng.random() < 0.5 else round(rng.uniform(35.3, 40.0), 2)
        acc = "CV%07d" % rng.randint(0, 9999999)
        traps = [("T2 full label set with definitions in instruction", "Answer with exactly one of: detected, not detected, inconclusive, invalid.")]
        other = {"Influenza A": rng.choice(["detected", "not detected", "not detected"]), "Influenza B": rng.choice(["not detected", "detected", "not detected", "not detected"]), "RSV": rng.choice(["not detected", "detected"])}
        traps.append(("T4 results of other analytes on the same panel", json.dumps(other)))
        hist = []
        if rng.random() < 0.4:
            h = {"collected": "2026-%02d-%02d" % (rng.randint(1, 10), rng.randint(1, 28)), "result": rng.choice(labels)}
            hist.append(h)
            traps.append(("T6 patient's previous test result", json.dumps(h)))
        ts = "202611%02d%02d%02d" % (rng.randint(1, 30), rng.randint(0, 23), rng.randrange(60))
        orm = ("MSH|^~\\&|EPIC|RLH|LIMS|MICRO|%s||ORM^O01|%s|P|2.5.1\rPID|1||%s^^^RLH^MR||DOE^J\rORC|NW|%s\r"
               "OBR|1|%s||94500-6^SARS-CoV-2 RNA Resp Ql NAA+probe^LN|||%s\rSPM|1|||258500001^Nasopharyngeal swab^SCT" % (ts, hx(rng, 10), rng.randint(10 ** 6, 10 ** 7), acc, acc, ts))
        traps.append(("T9 unrelated SNOMED CT code in the same message family (specimen type)", "SPM|1|||258500001^Nasopharyngeal swab^SCT"))
        proj = {"instruction": instr,
                "sample": {"accession": acc, "specimen": "nasopharyngeal swab", "collected": ts[:8], "patient_history": hist},
                "run": {"instrument": rng.choice(["QuantStudio 5", "CFX96", "LightCycler 480 II"]), "plate": "P%04d" % rng.randint(1, 9999),
                        "well": "%s%d" % (rng.choice("ABCDEFGH"), rng.randint(1, 12)), "kit": "CDC 2019-nCoV EUA panel"},
                "amplification": {"N1": {"ct": n1}, "N2": {"ct": n2}, "RP": {"ct": rp}},
                "other_panel_results": other,
                "lis_messages": [orm]}
        leaks = []
        if i not in leak and rng.random() < 0.4:
            proj["run"]["analysis_software"] = {"name": "FastFinder", "version": "4.1.2", "auto_call": "Not analysed - manual curve review"}
            traps.append(("T11 upstream auto-call field present with an uninformative constant placeholder", '"auto_call": "Not analysed - manual curve review"'))
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                oru = ("MSH|^~\\&|LIMS|MICRO|EPIC|RLH|%s||ORU^R01|%s|P|2.5.1\rOBR|1|%s||94500-6^SARS-CoV-2 RNA Resp Ql NAA+probe^LN\r"
                       "OBX|1|CWE|94500-6^SARS-CoV-2 RNA Resp Ql NAA+probe^LN||%s^^SCT||||||P" % (ts, hx(rng, 10), acc, SCT[lab]))
                proj["lis_messages"].append(oru)
                leaks.append("L9 preliminary HL7 ORU already carries the SNOMED CT result code (code only, no text)")
            if "B" in fam:
                proj["run"]["analysis_software"] = {"name": "FastFinder", "version": "4.1.2", "auto_call": CALL[lab]}
                leaks.append("L10 upstream analysis-software auto call (synonym: Positive/Negative/Equivocal/Rerun required)")
        ds.add(lab, proj, leaks, traps)
    return ds


# ---------------------------------------------------------------- 7. CURB-65 (CLEAN, numeric)
def curb65():
    rng = random.Random(3107)
    labels = ["0", "1", "2", "3", "4", "5"]
    ds = DS("curb65_score", labels, False,
            "CURB-65 severity score (0-5) for community-acquired pneumonia from admission observations and bloods",
            ["/patient/age", "/obs/amts", "/labs/urea_mmol_l", "/obs/resp_rate", "/obs/bp_systolic", "/obs/bp_diastolic"],
            "1 point each: AMTS<=8; urea>7 mmol/L; RR>=30; SBP<90 or DBP<=60; age>=65.")
    n = 150
    seq = balanced(rng, labels, n)
    instr = ("Calculate the CURB-65 score for this admission (community-acquired pneumonia). One point each for: confusion "
             "(AMTS 8 or less), urea > 7 mmol/L, respiratory rate >= 30/min, systolic BP < 90 mmHg or diastolic <= 60 mmHg, age >= 65. "
             "Reply with the total (0, 1, 2, 3, 4 or 5).")
    for i in range(n):
        sc = int(seq[i])
        crit = [True] * sc + [False] * (5 - sc)
        rng.shuffle(crit)
        c, u, r, b, a = crit
        amts = rng.randint(3, 8) if c else rng.randint(9, 10)
        urea = round(rng.uniform(7.1, 19.0), 1) if u else round(rng.uniform(2.5, 7.0), 1)
        rr = rng.randint(30, 40) if r else rng.randint(12, 29)
        if b:
            if rng.random() < 0.5:
                sbp, dbp = rng.randint(70, 89), rng.randint(40, 70)
            else:
                sbp, dbp = rng.randint(90, 130), rng.randint(40, 60)
        else:
            sbp, dbp = rng.randint(90, 170), rng.randint(61, 100)
        age = rng.randint(65, 97) if a else rng.randint(19, 64)
        traps = [("T2 score range 0-5 listed in instruction", "Reply with the total (0, 1, 2, 3, 4 or 5).")]
        bay, bed = rng.randint(1, 6), rng.randint(1, 6)
        o2 = rng.choice([0, 1, 2, 3, 4, 5])
        pain = rng.randint(0, 10)
        traps.append(("T7 small integers in other roles (bay/bed, O2 L/min, pain score)", "Bay %d Bed %d, O2 %d L/min, pain %d/10" % (bay, bed, o2, pain)))
        hist = ""
        if rng.random() < 0.35:
            old = rng.randint(0, 5)
            hist = "Previous admission %d with CAP: CURB-65 %d, treated with oral amoxicillin." % (rng.randint(2019, 2025), old)
            traps.append(("T6 historical CURB-65 from an earlier admission", hist))
        proj = {"instruction": instr,
                "patient": {"mrn": "RX%06d" % rng.randint(0, 999999), "age": age, "sex": rng.choice(["F", "M"]), "location": "AMU Bay %d Bed %d" % (bay, bed)},
                "obs": {"amts": amts, "resp_rate": rr, "bp_systolic": sbp, "bp_diastolic": dbp, "spo2": rng.randint(86, 98),
                        "o2_l_min": o2, "temp_c": round(rng.uniform(36.2, 39.8), 1), "pain_score": pain},
                "labs": {"urea_mmol_l": urea, "crp_mg_l": rng.randint(5, 380), "wcc": round(rng.uniform(4, 24), 1)},
                "clerking_note": ("CXR: %s consolidation. PMH: %s. %s" % (rng.choice(["right lower zone", "left lower zone", "bilateral patchy"]),
                                  rng.choice(["COPD", "T2DM", "nil", "AF on apixaban", "HTN"]), hist)).strip()}
        ds.add(str(sc), proj, [], traps)
    return ds


# ---------------------------------------------------------------- 8. steak doneness
ABBR = {"rare": "R", "medium rare": "MR", "medium": "M", "medium well": "MW", "well done": "WD"}
ENUM = {"rare": "RARE", "medium rare": "MEDIUM_RARE", "medium": "MEDIUM", "medium well": "MEDIUM_WELL", "well done": "WELL_DONE"}

def steak():
    rng = random.Random(3108)
    labels = ["rare", "medium rare", "medium", "medium well", "well done"]
    ds = DS("steak_doneness_qc", labels, True,
            "Kitchen QC: doneness actually achieved from the wireless probe's final rested core temperature",
            ["/probe/readings"],
            "Use the last reading (after rest): <54 rare, <59 medium rare, <64 medium, <70 medium well, else well done. The guest's order is not the answer.")
    n = 150
    leak = pick_idx(rng, n, 0.45)
    seq = balanced(rng, labels, n)
    rngs = {"rare": (48.0, 53.8), "medium rare": (54.1, 58.8), "medium": (59.1, 63.8), "medium well": (64.1, 69.8), "well done": (70.1, 77.0)}
    cuts = ["ribeye 300g", "sirloin 250g", "fillet 200g", "rump 280g", "T-bone 500g", "flat iron 220g", "Dexter rib 350g"]
    instr = ("Quality control for the grill section. From the probe log, determine the doneness the steak actually reached, using the final "
             "reading after resting: below 54 °C rare, 54-58.9 medium rare, 59-63.9 medium, 64-69.9 medium well, 70 °C or above well done. "
             "Answer with one of: rare, medium rare, medium, medium well, well done.")
    for i in range(n):
        lab = seq[i]
        final = round(rng.uniform(*rngs[lab]), 1)
        carry = rng.uniform(1.5, 4.5)
        pull = final - carry
        reads = []
        t = 0
        c = round(rng.uniform(4, 12), 1)
        while c < pull - 0.5:
            reads.append({"t_s": t, "core_c": round(c, 1), "phase": "cook"})
            t += 30
            c += rng.uniform(3.0, 8.0)
        reads.append({"t_s": t, "core_c": round(pull, 1), "phase": "pulled"})
        for k in range(1, 4):
            t += 60
            reads.append({"t_s": t, "core_c": round(pull + carry * k / 3.0, 1) if k < 3 else final, "phase": "rest"})
        cut = rng.choice(cuts)
        ordered = rng.choice(labels)
        traps = [("T2 full label list in instruction", "Answer with one of: rare, medium rare, medium, medium well, well done."),
                 ("T10 guest-requested doneness (independent of what was achieved)", "ticket.requested: " + ordered)]
        method = rng.choice(["cast iron pan over medium-high heat, basted", "charcoal grill, direct then indirect", "plancha, medium heat",
                             "josper oven", "reverse sear"])
        if "medium" in method:
            traps.append(("T1 label word in another sense (heat setting)", method))
        if cut.startswith("Dexter"):
            traps.append(("T1 label word in another sense (rare-breed beef)", "Dexter rare-breed beef"))
        alerts = [{"type": "PROBE_INSERTED", "t_s": 0}]
        if rng.random() < 0.3:
            alerts.append({"type": "BATTERY_LOW", "t_s": rng.randint(30, 300)})
        plating = "T%d %s -> plated, rested %dm, %s" % (rng.randint(1, 30), cut, 3, rng.choice(["chips", "salad", "peppercorn sauce", "bearnaise"]))
        proj = {"instruction": instr,
                "ticket": {"table": rng.randint(1, 30), "covers": rng.randint(1, 6), "item": cut, "requested": ordered,
                           "notes": rng.choice(["", "well-marbled cut please", "allergy: none", "birthday table", "prep done early"])},
                "cooking": {"method": method, "chef": rng.choice(["Ade", "Rosa", "Tomasz", "Priya"])},
                "probe": {"device": "MEATER Block #%d" % rng.randint(1, 4), "readings": reads, "alerts": alerts},
                "pass_log": plating}
        if proj["ticket"]["notes"] in ("well-marbled cut please", "prep done early"):
            traps.append(("T1 label word in another sense (ticket notes)", proj["ticket"]["notes"]))
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                proj["pass_log"] = plating.replace("-> plated,", "-> plated %s," % ABBR[lab])
                leaks.append("L11 expo/pass log records the achieved doneness as a kitchen abbreviation (R/MR/M/MW/WD)")
            if "B" in fam:
                proj["probe"]["alerts"].append({"type": "TARGET_REACHED", "preset": ENUM[lab], "t_s": reads[-1]["t_s"]})
                leaks.append("L12 probe app alert enum for the matching preset (SCREAMING_SNAKE constant)")
        ds.add(lab, proj, leaks, traps)
    return ds


# ---------------------------------------------------------------- 9. passport photo (CLEAN)
def passport():
    rng = random.Random(3109)
    labels = ["accept", "reject", "manual review"]
    ds = DS("passport_photo_check", labels, False,
            "Digital passport photo compliance check from measured geometry and face attributes",
            ["/measurements/width_mm", "/measurements/height_mm", "/measurements/head_height_mm", "/measurements/background_uniformity",
             "/face/eyes_open", "/face/tilt_deg", "/face/glasses_glare"],
            "reject if size != 35x45 or head 29-34 mm violated or uniformity<0.90 or eyes closed; else manual review if tilt>5 or glare; else accept.")
    n = 135
    seq = balanced(rng, labels, n)
    instr = ("Check this passport photo. Reject if the photo is not 35 x 45 mm, the chin-to-crown head height is outside 29-34 mm, the "
             "background uniformity score is below 0.90, or the eyes are not open. If none of those apply but the head tilt exceeds 5 degrees "
             "or there is glare on glasses, send to manual review. Otherwise accept. Answer: accept, reject or manual review.")
    for i in range(n):
        lab = seq[i]
        w, h = 35, 45
        hh = round(rng.uniform(29.2, 33.8), 1)
        bu = round(rng.uniform(0.91, 0.99), 2)
        eyes = True
        tilt = round(rng.uniform(0, 4.8), 1)
        glare = False
        if lab == "reject":
            k = rng.randrange(4)
            if k == 0:
                w, h = rng.choice([(35, 40), (50, 50), (33, 45)])
            elif k == 1:
                hh = round(rng.choice([rng.uniform(24, 28.8), rng.uniform(34.2, 38)]), 1)
            elif k == 2:
                bu = round(rng.uniform(0.6, 0.89), 2)
            else:
                eyes = False
            if rng.random() < 0.3:
                tilt = round(rng.uniform(5.3, 12), 1)
        elif lab == "manual review":
            if rng.random() < 0.5:
                tilt = round(rng.uniform(5.3, 12), 1)
            else:
                glare = True
        traps = [("T2 full label set in instruction", "Answer: accept, reject or manual review."),
                 ("T11 upstream auto-check placeholder present but empty on every record", '"auto_check": {"result": null, "status": "disabled"}'),
                 ("T8 constant workflow status on every record", '"status": "awaiting manual check"')]
        msg = rng.choice(["", "", "Taken at home against a white door.", "My previous application was rejected because of a shadow, so I retook it.",
                          "Not taken in a photo booth.", "Could this be accepted even though I wear glasses?"])
        if "rejected" in msg:
            traps.append(("T6 applicant mentions an earlier rejection", msg))
        if "accepted" in msg:
            traps.append(("T12 applicant's hypothetical question", msg))
        proj = {"instruction": instr,
                "application": {"ref": "PEX%09d" % rng.randint(0, 999999999), "channel": rng.choice(["web", "app"]), "status": "awaiting manual check",
                                "applicant_message": msg},
                "measurements": {"width_mm": w, "height_mm": h, "head_height_mm": hh, "background_uniformity": bu, "dpi": 600},
                "face": {"eyes_open": eyes, "tilt_deg": tilt, "glasses_glare": glare, "expression": rng.choice(["neutral", "neutral", "slight smile"])},
                "auto_check": {"result": None, "status": "disabled"}}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- 10. print proof
def proof():
    rng = random.Random(3110)
    labels = ["pass", "warning", "fail"]
    ds = DS("print_proof_delta_e", labels, True,
            "Contract proof verification: verdict from the largest CIEDE2000 deviation across control-strip patches",
            ["/measurement/patches"],
            "max dE00 over patches: <=3.0 pass, <=5.0 warning, >5.0 fail.")
    n = 140
    leak = pick_idx(rng, n, 0.5)
    seq = balanced(rng, labels, n)
    pids = ["P_W", "C100", "M100", "Y100", "K100", "C50", "M50", "Y50", "K50", "R", "G", "B", "GB_50", "GB_25"]
    instr = ("Verify this contract proof against the Fogra51 reference. Compute the largest dE00 among the measured control-strip patches: "
             "3.0 or less is 'pass', above 3.0 up to 5.0 is 'warning', above 5.0 is 'fail'. Answer with pass, warning or fail.")
    for i in range(n):
        lab = seq[i]
        m = {"pass": (0.8, 2.95), "warning": (3.05, 4.95), "fail": (5.05, 9.5)}[lab]
        mx = round(rng.uniform(*m), 2)
        k = rng.randint(8, 14)
        ps = rng.sample(pids, k)
        vals = [round(rng.uniform(0.2, min(mx, 2.9)), 2) for _ in ps]
        vals[rng.randrange(k)] = mx
        patches = [{"id": p, "dE00": v} for p, v in zip(ps, vals)]
        job = "J%04d" % rng.randint(1000, 9999)
        ver = rng.randint(1, 3)
        traps = [("T2 full label set with thresholds in instruction", "Answer with pass, warning or fail.")]
        printer = {"device": rng.choice(["Epson SC-P9500", "Canon PRO-4100", "HP Z9+"]), "passes": rng.choice([4, 6, 8]),
                   "status": rng.choice(["ready", "ready", "warning: maintenance cartridge 80% full"])}
        if printer["status"].startswith("warning"):
            traps.append(("T1 label word in another sense (printer status)", printer["status"]))
        traps.append(("T1 label word in another sense (print passes)", "passes: %d" % printer["passes"]))
        hist = []
        if ver > 1:
            prev = rng.choice(labels)
            hist.append({"version": ver - 1, "verdict": prev, "comment": rng.choice(["magenta cast", "paper white off", "ok", "re-RIPped"])})
            traps.append(("T4 verdict of the previous proof version", json.dumps(hist[0])))
        atts = [{"filename": "%s_proof_v%d.pdf" % (job, ver), "bytes": rng.randint(10 ** 6, 9 * 10 ** 7)},
                {"filename": "%s_v%d_strip.cxf" % (job, ver), "bytes": rng.randint(2000, 9000)}]
        html = '<table class="proof-report"><tr class="summary"><td>%s v%d</td><td>Fogra51</td><td>%s</td></tr></table>' % (job, ver, printer["device"])
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                atts[0]["filename"] = "%s_proof_v%d_%s.pdf" % (job, ver, {"pass": "PASS", "warning": "WARN", "fail": "FAIL"}[lab])
                leaks.append("L13 verdict suffix in the exported report file name")
            if "B" in fam:
                html = html.replace('class="summary"', 'class="summary row-%s"' % {"pass": "green", "warning": "amber", "fail": "red"}[lab])
                leaks.append("L14 traffic-light CSS class on the report's summary row")
        proj = {"instruction": instr,
                "job": {"id": job, "version": ver, "customer": rng.choice(["Hartley Foods", "Nordlicht Verlag", "Oaks & Co", "Pixelworks"]),
                        "substrate": rng.choice(["Fogra51 proof paper", "semi-matte 250"]), "history": hist},
                "printer": printer,
                "measurement": {"instrument": "i1Pro 3", "condition": "M1", "patches": patches},
                "attachments": atts,
                "report_html": html}
        ds.add(lab, proj, leaks, traps)
    return ds
