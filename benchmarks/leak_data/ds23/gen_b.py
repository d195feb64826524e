from common import *
import rules


# ---------------------------------------------------------------- 8 CVSS severity (LEAKING)
def g_cvss():
    L = ["None", "Low", "Medium", "High", "Critical"]
    ds = DS("cvss_severity", "LEAKING", "Give the CVSS v3.1 qualitative severity rating computed from the advisory's base vector", L)
    rng = R(808); n = 160
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.3)
    due = {"Critical": 15, "High": 30, "Medium": 90, "Low": 180, "None": 365}
    glyph = {"Critical": "\U0001F534", "High": "\U0001F7E0", "Medium": "\U0001F7E1", "Low": "\U0001F7E2", "None": "\u26AA"}
    pkgs = ["libexif", "yaml-cpp", "netty-codec-http", "pillow", "guzzlehttp/psr7", "openssh-portable", "node-tar", "zlib", "rails-html-sanitizer"]
    cwes = ["CWE-79 Improper Neutralization of Input During Web Page Generation", "CWE-787 Out-of-bounds Write",
            "CWE-22 Path Traversal", "CWE-400 Uncontrolled Resource Consumption", "CWE-502 Deserialization of Untrusted Data",
            "CWE-200 Exposure of Sensitive Information", "CWE-352 Cross-Site Request Forgery"]
    instr = ("Compute the CVSS v3.1 base score from the advisory's vector string and report the qualitative severity rating: "
             "0.0 None; 0.1-3.9 Low; 4.0-6.9 Medium; 7.0-8.9 High; 9.0-10.0 Critical. Answer with the rating word only.")

    def vec():
        m = {"AV": rng.choice("NALP"), "AC": rng.choice("LH"), "PR": rng.choice("NLH"), "UI": rng.choice("NR"),
             "S": rng.choice("UC"), "C": rng.choice("HLN"), "I": rng.choice("HLN"), "A": rng.choice("HLN")}
        return "CVSS:3.1/" + "/".join(f"{k}:{m[k]}" for k in ["AV", "AC", "PR", "UI", "S", "C", "I", "A"])
    for i, lab in enumerate(labels):
        while True:
            v = vec()
            if lab == "None":
                v = v[:v.index("/C:")] + "/C:N/I:N/A:N"
            if rules.cvss({"/advisory/cvss_v31_vector": v}) == lab:
                break
        pkg = rng.choice(pkgs); cve = f"CVE-2024-{rng.randint(20000, 52000)}"
        desc = rng.choice([f"A flaw in {pkg} allows a crafted input to reach an unchecked code path.",
                           f"{pkg} before the fixed release mishandles certain boundary conditions in the parser.",
                           f"Improper validation in {pkg} can be triggered through its public API."])
        if rng.random() < 0.3:
            t = rng.choice([" The bug sits in a critical section guarded by a mutex.", " Affects deployments in high availability mode only.",
                            " Low memory devices were used for the reproducer.", " The maintainers consider this a medium-sized refactor."])
            desc += t; ds.trap("rating word in another sense in the description", t.strip())
        ticket = {"key": f"VULN-{rng.randint(100, 9999)}", "opened": day((2024, 1, 1), rng.randint(0, 300)),
                  "assignee": rng.choice(["platform-team", "appsec", "sre-oncall"]), "status": rng.choice(["Open", "In Progress", "Triage"])}
        if rng.random() < 0.3:
            t = "Severity: ${severity} - please patch before ${due_date}."
            ticket["description_template"] = t; ds.trap("unfilled template placeholder", t)
        chat = [{"user": "advisory-bot", "text": f"\U0001F514 New advisory {cve} affecting {pkg}"}]
        ds.trap("unrelated glyph in the alert (bell)", chat[0]["text"][:2])
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                ticket["remediation_due"] = day(tuple(int(x) for x in ticket["opened"].split("-")), due[lab])
                fams.append("remediation due date = opened + severity SLA days")
            if "B" in which:
                chat[0]["text"] = f"{glyph[lab]} New advisory {cve} affecting {pkg}"
                fams.append("coloured-circle glyph in the chat alert")
        adv = {"id": f"GHSA-{''.join(rng.choice('23456789cfghjmpqrvwx') for _ in range(4))}-{''.join(rng.choice('23456789cfghjmpqrvwx') for _ in range(4))}-xxxx",
               "cve": cve, "package": pkg, "cwe": rng.choice(cwes), "cvss_v31_vector": v, "description": desc}
        if rng.random() < 0.3:
            t = f"This release also addresses CVE-2023-{rng.randint(1000, 49999)} (rated {rng.choice(L[1:])})."
            adv["related"] = t; ds.trap("rating of another CVE", t)
        ds.trap("single-letter metric values H/L/N inside the legitimate vector", v)
        ds.trap("full rating table in the instruction", "7.0-8.9 High; 9.0-10.0 Critical")
        ds.add(lab, {"instruction": instr, "advisory": adv, "ticket": ticket, "chat": chat}, fams)
    ds.write(["/advisory/cvss_v31_vector"], "Severity is computed from the base vector by the CVSS v3.1 formula.")


# ---------------------------------------------------------------- 9 dog bite (LEAKING)
def g_dog():
    L = ["Level 1", "Level 2", "Level 3", "Level 4", "Level 5"]
    ds = DS("dog_bite", "LEAKING", "Rate an animal-control bite report on the Dunbar bite scale from the wound findings", L)
    rng = R(909); n = 135
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.6)
    roman = {"Level 1": "I", "Level 2": "II", "Level 3": "III", "Level 4": "IV", "Level 5": "V"}
    instr = ("Rate the incident on the Dunbar bite scale using the wound findings: no skin contact = Level 1; contact "
             "without punctures = Level 2; punctures all no deeper than 6 mm = Level 3; exactly one bite with a puncture "
             "deeper than 6 mm = Level 4; two or more such deep bites = Level 5. Answer 'Level N'.")
    for i, lab in enumerate(labels):
        k = int(lab[-1])
        if k == 1:
            contact, wounds = False, []
        elif k == 2:
            contact, wounds = True, [{"bite": 1, "punctures": 0, "max_depth_mm": 0, "site": rng.choice(["forearm", "calf", "hand"])}]
        else:
            contact = True
            nb = rng.randint(1, 3) if k == 3 else (rng.randint(1, 3) if k == 4 else rng.randint(2, 4))
            deep_n = 0 if k == 3 else (1 if k == 4 else rng.randint(2, nb))
            wounds = []
            for b in range(nb):
                deep = b < deep_n
                wounds.append({"bite": b + 1, "punctures": rng.randint(1, 4),
                               "max_depth_mm": rng.randint(7, 25) if deep else rng.randint(1, 6),
                               "site": rng.choice(["forearm", "calf", "hand", "thigh", "shoulder"])})
            rng.shuffle(wounds)
            for b, w in enumerate(wounds):
                w["bite"] = b + 1
        num = f"ACS-24-{rng.randint(100, 9999):05d}"
        narrative = rng.choice(["Victim was jogging past the yard when the dog came through an open gate.",
                                "Delivery driver approached the porch; dog was unrestrained.",
                                "Owner was separating two dogs during a fight.",
                                "Child reached over the fence to pet the dog."])
        rep = {"case_no": num, "reported": day((2024, 1, 1), rng.randint(0, 330)), "dog": {"breed": rng.choice(["Mixed", "Labrador", "Shepherd mix", "Terrier"]), "rabies_current": rng.random() < 0.8, "dogs_on_premises": rng.randint(1, 4)},
               "victim_age_band": rng.choice(["0-9", "10-17", "18-64", "65+"]), "skin_contact": contact, "wounds": wounds,
               "narrative": narrative}
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                fams.append("upstream screening model's estimate in Roman numerals")
            if "B" in which:
                rep["case_no"] = num + f"-D{k}"
                fams.append("bite level encoded in the case-number suffix")
        else:
            which = []
            if rng.random() < 0.35:
                rep["case_no"] = num + f"-R{rng.randint(1, 5)}"
                ds.trap("revision number suffix on the case number", rep["case_no"])
        if rng.random() < 0.4:
            ds.trap("coincidental numerals (dogs on premises, age band)", f"dogs_on_premises={rep['dog']['dogs_on_premises']}")
        follow = []
        if rng.random() < 0.3:
            t = rng.choice(["Dog placed in Level 2 quarantine (home confinement) for 10 days.",
                            "Kennel: Level 3 isolation ward, run 14.", "Level 1 trauma centre not required; urgent care visit."])
            follow.append(t); ds.trap("'Level N' phrase in another sense (quarantine, kennel, trauma centre)", t)
        if rng.random() < 0.25:
            t = f"Prior incident {rng.randint(2019, 2023)} with the same dog, rated {rng.choice(L)}."
            follow.append(t); ds.trap("historical rating of a previous incident", t)
        ds.trap("scale definition for every level in the instruction", "exactly one bite with a puncture deeper than 6 mm = Level 4")
        proj = {"instruction": instr, "report": rep, "follow_up": follow}
        if "A" in which:
            proj["intake_screen"] = {"source": "311-triage-model v2.3", "dunbar_estimate": roman[lab], "confidence": round(rng.uniform(0.55, 0.97), 2)}
        ds.add(lab, proj, fams)
    ds.write(["/report/skin_contact", "/report/wounds"], "The Dunbar level follows from contact and the per-bite puncture findings.")


# ---------------------------------------------------------------- 10 concrete (CLEAN)
def g_concrete():
    L = ["conforming", "nonconforming"]
    ds = DS("concrete_acceptance", "CLEAN", "Decide ACI 318 (26.12.3) strength acceptance for a mix from its 28-day cylinder tests", L)
    rng = R(1010); n = 122
    labels = balanced(rng, L, n)
    instr = ("Evaluate ACI 318-19 26.12.3.1(b) strength acceptance for this mix. A strength test is the average of the "
             "cylinders tested at 28 days. Conforming if (1) every average of three consecutive tests >= f'c and (2) no "
             "test falls below f'c - 500 psi when f'c <= 5000 psi, or below 0.90 f'c when f'c > 5000 psi. "
             "Answer conforming or nonconforming.")
    for i, lab in enumerate(labels):
        while True:
            fc = rng.choice([3000, 4000, 4500, 5000, 6000, 8000])
            k = rng.randint(3, 8)
            tests = []
            for _ in range(k):
                base = fc * rng.uniform(1.0, 1.25) if lab == "conforming" else fc * rng.uniform(0.85, 1.15)
                tests.append({"set": f"S-{rng.randint(100, 999)}", "cylinders_psi": [int(base + rng.randint(-120, 120)), int(base + rng.randint(-120, 120))]})
            sub = {"fc_psi": fc, "tests": tests}
            if rules.concrete({"/submittal/fc_psi": fc, "/submittal/tests": tests}) == lab:
                break
        sub.update({"mix_id": f"MX-{rng.randint(1000, 9999)}", "supplier": rng.choice(["Central Ready Mix", "Lakeside Aggregates", "Summit Concrete"]),
                    "slump_in": rng.choice([3, 4, 5, 6]), "air_pct": round(rng.uniform(4.5, 7.0), 1), "placement": rng.choice(["Level 2 slab", "Footings F1-F9", "Shear wall SW-3", "Columns C4"])})
        notes = []
        if rng.random() < 0.35:
            t = "Cylinders molded and cured conforming to ASTM C31; tested per ASTM C39."
            notes.append(t); ds.trap("label word in another sense (conforming to a standard)", t)
        if rng.random() < 0.3:
            t = f"NCR-{rng.randint(10, 300)} (nonconforming rebar cover at grid {rng.choice('ABCDE')}{rng.randint(1, 9)}) closed."
            notes.append(t); ds.trap("nonconformance report about a different item", t)
        if rng.random() < 0.25:
            t = f"Previous pour P-{rng.randint(1, 40)} was {rng.choice(L)}."
            notes.append(t); ds.trap("label of another pour", t)
        if rng.random() < 0.2:
            t = "Low-shrinkage mix; no high-range water reducer."
            notes.append(t); ds.trap("negation / unrelated modifiers", t)
        ds.trap("full acceptance criteria in the instruction", "Conforming if (1) every average of three consecutive tests >= f'c")
        ds.add(lab, {"instruction": instr, "submittal": sub, "field_notes": notes}, [])
    ds.write(["/submittal/fc_psi", "/submittal/tests"], "Acceptance follows from f'c and the cylinder strengths.")


# ---------------------------------------------------------------- 11 ATC-20 placard (CLEAN, multi-word labels)
def g_atc20():
    L = ["INSPECTED", "RESTRICTED USE", "UNSAFE"]
    ds = DS("atc20_placard", "CLEAN", "Post-earthquake ATC-20 rapid evaluation placard from the observed conditions checklist", L)
    rng = R(1111); n = 126
    labels = balanced(rng, L, n)
    items = ["Collapse, partial collapse, or building off foundation", "Building or any story leaning",
             "Racking damage to walls, other structural damage", "Chimney, parapet, or other falling hazard",
             "Ground slope movement or cracking", "Other (gas leak, hazmat)"]
    instr = ("Perform the ATC-20 rapid evaluation posting decision: any observed condition rated Severe -> UNSAFE (red "
             "placard); otherwise any Moderate -> RESTRICTED USE (yellow); otherwise INSPECTED (green). Answer with the "
             "placard name.")
    for i, lab in enumerate(labels):
        rat = [rng.choice(["Minor/None", "Minor/None", "Moderate"] if lab != "INSPECTED" else ["Minor/None"]) for _ in items]
        if lab == "UNSAFE":
            rat[rng.randrange(len(items))] = "Severe"
        if lab == "RESTRICTED USE" and "Moderate" not in rat:
            rat[rng.randrange(len(items))] = "Moderate"
        if lab == "INSPECTED":
            rat = ["Minor/None"] * len(items)
        ev = {"inspector_id": f"CA-{rng.randint(1000, 9999)}", "date": day((2024, 8, 1), rng.randint(0, 10)),
              "address": f"{rng.randint(10, 9999)} {rng.choice(['Main St', 'Oak Ave', 'Harbor Blvd', 'Mission Rd'])}",
              "building": {"stories": rng.randint(1, 6), "type": rng.choice(["Wood frame", "URM", "Tilt-up", "Steel frame", "Concrete frame"]),
                           "footprint_sqft": rng.randrange(800, 30000, 100)},
              "observed_conditions": [{"condition": c, "rating": r} for c, r in zip(items, rat)],
              "estimated_damage_pct": None}
        comments = []
        if rng.random() < 0.3:
            t = rng.choice(["Elevator last inspected 2021 per certificate in lobby.", "Fire sprinklers inspected by owner's contractor.",
                            "No unsafe conditions reported by police at the adjacent sidewalk."])
            comments.append(t); ds.trap("placard word in another sense / negated", t)
        if rng.random() < 0.3:
            t = f"Adjacent building at No. {rng.randint(10, 9999)} posted {rng.choice(L)}."
            comments.append(t); ds.trap("placard of a neighbouring building", t)
        if rng.random() < 0.25:
            t = f"Posted {rng.choice(L)} after the 2014 South Napa event; retrofit completed 2017."
            comments.append(t); ds.trap("historical posting from an earlier earthquake", t)
        ds.trap("severity words Severe/Moderate in the legitimate checklist", "rating: Moderate")
        ds.trap("placard names and colours listed in the instruction", "RESTRICTED USE (yellow)")
        ds.add(lab, {"instruction": instr, "evaluation": ev, "comments": comments}, [])
    ds.write(["/evaluation/observed_conditions"], "The posting follows from the worst rating in the observed-conditions checklist.")


# ---------------------------------------------------------------- 12 ESI triage (LEAKING, numeric labels)
def g_esi():
    L = ["1", "2", "3", "4", "5"]
    ds = DS("esi_triage", "LEAKING", "Assign the Emergency Severity Index (ESI v4) level from the triage assessment", L)
    rng = R(1212); n = 160
    nz = R(12121)  # separate stream for context fields
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.25)
    zone = {"1": "RESUS", "2": "ACUTE", "3": "MAIN", "4": "FAST TRACK", "5": "FAST TRACK"}
    RES = ["labs", "ECG", "plain x-ray", "CT", "ultrasound", "IV fluids", "IV/IM/nebulized meds", "specialty consult", "simple procedure", "complex procedure"]
    NONRES = ["PO medication", "tetanus booster", "prescription refill", "simple wound care", "crutches"]
    cc = ["chest pain", "abdominal pain", "laceration left hand", "sore throat", "ankle injury", "shortness of breath",
          "headache", "fever", "back pain", "rash", "dizziness", "medication refill"]
    instr = ("Assign the ESI v4 level: 1 if an immediate life-saving intervention is required; else 2 if high-risk "
             "situation, new confusion/lethargy/disorientation, or pain >= 7/10; else count predicted resources: >= 2 "
             "resources -> 3 (or 2 if danger-zone vitals: HR > 100, RR > 20, SpO2 < 92 %), 1 resource -> 4, none -> 5. "
             "Answer with the digit.")
    for i, lab in enumerate(labels):
        ls = lab == "1"; hr_ = conf = False; pain = rng.randint(0, 6)
        vit = {"hr": rng.randint(60, 100), "rr": rng.randint(12, 20), "spo2": rng.randint(92, 100), "sbp": rng.randint(100, 160), "temp_c": round(rng.uniform(36.2, 38.4), 1)}
        nres = rng.randint(0, 4)
        if lab == "1":
            pain = rng.randint(0, 10); hr_ = rng.random() < 0.5; conf = rng.random() < 0.5
            vit.update(hr=rng.randint(40, 160), rr=rng.randint(6, 36), spo2=rng.randint(75, 100))
        elif lab == "2":
            mech = rng.choice(["hr", "conf", "pain", "dz"])
            if mech == "hr": hr_ = True
            elif mech == "conf": conf = True
            elif mech == "pain": pain = rng.randint(7, 10)
            else:
                nres = rng.randint(2, 4); vit["hr"] = rng.randint(101, 140)
        elif lab == "3":
            nres = rng.randint(2, 4)
        elif lab == "4":
            nres = 1; vit.update(hr=rng.randint(60, 125))
        else:
            nres = 0; vit.update(hr=rng.randint(60, 125))
        resources = rng.sample(RES, nres)
        ti = {"chief_complaint": rng.choice(cc), "lifesaving_intervention_needed": ls, "high_risk_situation": hr_,
              "new_confusion_lethargy_disorientation": conf, "pain_score": pain, "predicted_resources": resources,
              "other_needs": rng.sample(NONRES, rng.randint(0, 2)), "vitals": vit}
        pt = {"mrn": f"{nz.randint(1000000, 9999999)}", "age": nz.randint(1, 95), "arrival": f"2024-05-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
              "mode": nz.choice(["walk-in", "EMS", "private vehicle"])}
        events = [{"t": pt["arrival"][11:], "event": "Arrived"}, {"t": "+00:04", "event": "Triage started"}]
        board = '<tr class="pt-row"><td class="bed">WR</td><td class="cc">' + ti["chief_complaint"] + "</td></tr>"
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                events.append({"t": f"+00:{rng.randint(6, 59):02d}", "event": "Roomed", "location": f"{zone[lab]} {rng.randint(1, 12)}"})
                fams.append("later roomed-location event (care zone chosen from the acuity)")
            if "B" in which:
                board = f'<tr class="pt-row esi-{lab}"><td class="bed">WR</td><td class="cc">' + ti["chief_complaint"] + "</td></tr>"
                fams.append("acuity CSS class in the tracking-board HTML")
        hist = []
        if rng.random() < 0.3:
            t = rng.choice(["History of stage 4 CKD.", "Transferred from a Level 1 trauma center last year.", "G3P2, 2 prior C-sections.",
                            "Type 2 diabetes, on 5 mg glipizide."])
            hist.append(t); ds.trap("numerals / 'Level N' in another sense in the history", t)
        if rng.random() < 0.25:
            t = f"Last ED visit {day((2023, 1, 1), rng.randint(0, 360))}: ESI {rng.choice(L)}."
            hist.append(t); ds.trap("acuity of a previous visit", t)
        if rng.random() < 0.3:
            board = board.replace('class="pt-row"', 'class="pt-row flag-isolation"')
            ds.trap("non-acuity CSS class on the board row", "flag-isolation")
        ds.trap("level numbers in the instruction's decision rule", "1 resource -> 4, none -> 5")
        ds.add(lab, {"instruction": instr, "patient": pt, "triage_input": ti, "history": hist, "tracking_events": events, "board_html": board}, fams)
    ds.write(["/triage_input/chief_complaint", "/triage_input/lifesaving_intervention_needed", "/triage_input/high_risk_situation",
              "/triage_input/new_confusion_lethargy_disorientation", "/triage_input/pain_score", "/triage_input/predicted_resources",
              "/triage_input/vitals"],
             "ESI follows from the triage decision points. Chief complaint is legitimate input (not needed by the rule).")


# ---------------------------------------------------------------- 13 VGM tolerance (LEAKING, multi-word labels)
def g_vgm():
    L = ["within tolerance", "out of tolerance"]
    ds = DS("vgm_tolerance", "LEAKING", "Check a container's declared SOLAS VGM against the terminal weighing (±5 %)", L)
    rng = R(1313); n = 150
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.65)
    instr = ("Compare the shipper's declared verified gross mass (VGM) with the terminal's weighbridge gross mass. "
             "If |weighed - declared| / declared <= 5 %, answer 'within tolerance', otherwise 'out of tolerance'.")

    def cn():
        return rng.choice(["MSCU", "MAEU", "CMAU", "HLXU", "TGHU", "OOLU"]) + f"{rng.randint(1000000, 9999999)}"
    for i, lab in enumerate(labels):
        d = rng.randint(6000, 30480)
        while True:
            dev = rng.uniform(-0.049, 0.049) if lab == "within tolerance" else rng.choice([-1, 1]) * rng.uniform(0.052, 0.2)
            w = int(round(d * (1 + dev)))
            if rules.vgm({"/shipment/declared_vgm_kg": d, "/terminal_weighing/gross_kg": w}) == lab:
                break
        c = cn()
        ship = {"booking": f"BKG{rng.randint(10000000, 99999999)}", "container_no": c, "iso_type": rng.choice(["22G1", "45G1", "42G1", "45R1"]),
                "declared_vgm_kg": d, "vgm_method": rng.choice(["SOLAS Method 1", "SOLAS Method 2"]),
                "shipper": rng.choice(["Nordic Timber AB", "Sunrise Textiles Ltd", "Pampas Foods SA", "Rhein Chemie GmbH"]),
                "edi_vermas_ref": f"VM{rng.randint(100000, 999999)}"}
        ts = f"2024-07-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z"
        wgh = {"gate": rng.choice(["IN-3", "IN-5", "IN-7"]), "scale_id": f"WB-{rng.randint(1, 4)}", "gross_kg": w, "timestamp": ts}
        log = [f"{ts} INFO ocr-gate plate={rng.choice(['HH', 'B', 'DO'])}-{rng.choice(['AB', 'KT', 'LM'])} {rng.randint(100, 9999)} container={c} conf=0.{rng.randint(90, 99)}",
               f"{ts} INFO seal-check seal=ok"]
        notes = []
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                pct = (w - d) / d * 100
                if lab == "out of tolerance":
                    log.append(f"{ts} WARN vgm-check container={c} delta={pct:+.1f}% action=HOLD reason=VGM_MISMATCH")
                else:
                    log.append(f"{ts} INFO vgm-check container={c} delta={pct:+.1f}% action=RELEASE")
                fams.append("gate-system log line with computed delta and hold/release action")
            if "B" in which:
                held = [cn() for _ in range(rng.randint(1, 5))]
                if lab == "out of tolerance":
                    held.insert(rng.randint(0, len(held)), c)
                notes_rep = {"vessel": rng.choice(["MSC Aurora", "Maersk Elba", "CMA CGM Rhone"]), "voyage": f"{rng.randint(100, 999)}W",
                             "held_for_vgm_discrepancy": held}
                fams.append("post-decision cut-off report listing held containers")
        if rng.random() < 0.3:
            t = rng.choice(["Reefer setpoint tolerance ±0.5 °C confirmed.", "Out of gauge: no.", "Lashing within tolerance per CSS code."])
            notes.append(t); ds.trap("tolerance wording about other properties", t)
        if rng.random() < 0.25:
            t = f"Yard: {cn()} held last week for VGM mismatch; released after re-weigh."
            notes.append(t); ds.trap("status of another container", t)
        if rng.random() < 0.2:
            t = f"This box was flagged {rng.choice(L)} on a previous voyage ({rng.randint(2021, 2023)})."
            notes.append(t); ds.trap("historical status of the same container", t)
        ds.trap("both labels spelled out in the instruction", "answer 'within tolerance', otherwise 'out of tolerance'")
        proj = {"instruction": instr, "shipment": ship, "terminal_weighing": wgh, "gate_log": log, "notes": notes}
        if fams and "post-decision cut-off report listing held containers" in fams:
            proj["cutoff_report"] = notes_rep
        ds.add(lab, proj, fams)
    ds.write(["/shipment/declared_vgm_kg", "/terminal_weighing/gross_kg"], "Tolerance is a function of declared and weighed mass only.")


# ---------------------------------------------------------------- 14 DMARC (CLEAN)
def g_dmarc():
    L = ["pass", "fail"]
    ds = DS("dmarc", "CLEAN", "Evaluate DMARC for an inbound message from SPF/DKIM results and the published record", L)
    rng = R(1414); n = 128
    labels = balanced(rng, L, n)
    orgs = ["example.com", "acme-mail.net", "shopfront.io", "northbank.org", "fjordtravel.no"]
    third = ["sendgrid.net", "amazonses.com", "mailgun.org", "mcsv.net", "outbound.protection.outlook.com"]
    instr = ("Evaluate DMARC (RFC 7489) for this message. DMARC passes if SPF passes with an SPF domain aligned to the "
             "RFC5322.From domain, or any DKIM signature passes with d= aligned to it. Alignment is relaxed (same "
             "organizational domain, i.e. the last two labels) unless the record says adkim=s / aspf=s (exact match). "
             "Answer pass or fail.")
    for i, lab in enumerate(labels):
        while True:
            org = rng.choice(orgs)
            frm = rng.choice([org, "mail." + org, "news." + org])
            mf = rng.choice([org, "bounce." + org, "em." + org, rng.choice(third), "bounces." + rng.choice(orgs)])
            spf = {"result": rng.choice(["pass", "pass", "fail", "softfail", "neutral", "none"]), "mail_from_domain": mf}
            dk = []
            for _ in range(rng.randint(0, 2)):
                dk.append({"d": rng.choice([org, frm, "s1." + org, rng.choice(third), rng.choice(orgs)]),
                           "s": rng.choice(["s1", "k1", "selector2", "google"]), "result": rng.choice(["pass", "pass", "fail", "neutral"])})
            rec = f"v=DMARC1; p={rng.choice(['none', 'quarantine', 'reject'])}"
            if rng.random() < 0.4: rec += f"; adkim={rng.choice('rs')}"
            if rng.random() < 0.4: rec += f"; aspf={rng.choice('rs')}"
            rec += f"; rua=mailto:dmarc@{org}"
            v = {"/message/header_from_domain": frm, "/auth/spf": spf, "/auth/dkim": dk, "/dmarc_policy_record": rec}
            if rules.dmarc(v) == lab:
                break
        subj = rng.choice(["Your season pass is ready", "Payment failed - update your card", "Weekly digest", "Password reset request",
                           "Invoice #{}".format(rng.randint(1000, 9999)), "Failover test completed", "Booking confirmation"])
        if any(w in subj.lower() for w in ("pass", "fail")):
            ds.trap("label word inside subject text (season pass, payment failed, password, failover)", subj)
        msg = {"header_from_domain": frm, "header_from": f"{rng.choice(['noreply', 'billing', 'info', 'alerts'])}@{frm}", "subject": subj,
               "received_from_ip": f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"}
        ctx = []
        if rng.random() < 0.3:
            t = f"Yesterday's aggregate report for {org}: {rng.randint(100, 9000)} pass, {rng.randint(0, 900)} fail."
            ctx.append(t); ds.trap("aggregate counts of other messages", t)
        if rng.random() < 0.25:
            t = f"Previous message from this sender ({day((2024, 2, 1), rng.randint(0, 60))}) evaluated {rng.choice(L)}."
            ctx.append(t); ds.trap("result of another message from the same sender", t)
        ds.trap("pass/fail words inside the legitimate SPF/DKIM results", f"spf result={spf['result']}")
        ds.trap("both labels and the full rule in the instruction", "Answer pass or fail.")
        ds.add(lab, {"instruction": instr, "message": msg, "auth": {"spf": spf, "dkim": dk}, "dmarc_policy_record": rec, "context": ctx}, [])
    ds.write(["/message/header_from_domain", "/message/header_from", "/auth/spf", "/auth/dkim", "/dmarc_policy_record"],
             "DMARC result follows from From domain, SPF/DKIM results and domains, and the published alignment modes.")
