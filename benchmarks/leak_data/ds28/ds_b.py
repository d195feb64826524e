"""Datasets 8-14."""
import base64
import json
import re

from common import Builder, rdate, addays, hx
from ds_a import (T_LIST, T_SENSE, T_OTHER, T_HIST, T_NEG, T_NUM, T_SUB, T_LEGIT, T_BLOB, T_BOILER, T_HOMO, T_GLYPH)


# ------------------------------------------------------------------ 8 qSOFA (numeric)
def build_qsofa():
    from rules import rule_qsofa
    L = ["0", "1", "2", "3"]
    b = Builder("qsofa_ed", L, 160, 2808, True, 0.4)
    r = b.rng
    words = {"0": "zero", "1": "one", "2": "two", "3": "three"}
    instr = ("Compute the qSOFA score (0-3) for this ED encounter from the first recorded vital signs: one point each "
             "for respiratory rate >= 22/min, systolic blood pressure <= 100 mmHg, and altered mentation (GCS < 15). "
             "Answer with the score only: 0, 1, 2 or 3.")
    complaints = ["fever and rigors", "productive cough", "dysuria and flank pain", "confusion per family",
                  "abdominal pain", "cellulitis left leg", "fall at home"]
    for i in range(b.n):
        lab = b.targets[i]
        k = int(lab)
        crit = set(r.sample(["rr", "sbp", "gcs"], k))
        rr = r.randint(22, 36) if "rr" in crit else r.randint(12, 21)
        sbp = r.randint(70, 100) if "sbp" in crit else r.randint(101, 165)
        gcs = r.randint(9, 14) if "gcs" in crit else 15
        assert rule_qsofa([rr, sbp, gcs]) == lab
        t0 = f"{rdate(r)}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:00Z"

        def obs(code, disp, val, unit):
            return {"resource": {"resourceType": "Observation", "status": "final", "effectiveDateTime": t0,
                                 "code": {"coding": [{"system": "http://loinc.org", "code": code, "display": disp}]},
                                 "valueQuantity": {"value": val, "unit": unit}}}
        bundle = {"resourceType": "Bundle", "type": "searchset", "entry": [
            obs("9279-1", "Respiratory rate", rr, "/min"), obs("8480-6", "Systolic blood pressure", sbp, "mm[Hg]"),
            obs("9269-2", "Glasgow coma score total", gcs, "{score}"),
            obs("8867-4", "Heart rate", r.randint(60, 135), "/min"),
            obs("8310-5", "Body temperature", round(r.uniform(36.0, 40.2), 1), "Cel"),
            obs("59408-5", "Oxygen saturation", r.randint(88, 100), "%")]}
        traps = [(T_LIST, "Answer with the score only: 0, 1, 2 or 3.")]
        bed = r.randint(1, 24)
        pain = r.randint(0, 10)
        tri = r.randint(1, 5)
        note = (f"S: {r.choice(complaints)}. B: bed {bed}, triage category {tri}, pain {pain}/10. "
                f"A: obs as charted, 2 large-bore cannulae. R: bloods sent, review by registrar.")
        traps.append((T_NUM, f"bed {bed}, triage category {tri}, pain {pain}/10"))
        leak = []
        mode = r.choice(["word", "b64", "both"]) if i in b.leak_idx else None
        if mode in ("word", "both"):
            note += " " + r.choice([f"qSOFA {words[lab]} on arrival.", f"q-SOFA of {words[lab]} at triage.",
                                    f"qSOFA scored {words[lab]} by triage nurse."])
            leak.append("score written as a number word in free text")
        if i % 5 == 2:
            h = r.choice(L)
            note += f" Previous attendance 2025-03 (UTI): qSOFA {h}, discharged."
            traps.append((T_HIST, f"Previous attendance 2025-03 (UTI): qSOFA {h}"))
        enc = f"enc-{hx(str(i) + t0, 10)}"
        if mode in ("b64", "both"):
            cards = [{"summary": f"qSOFA {lab}/3 - review sepsis pathway", "indicator": "info",
                      "source": {"label": "Sepsis CDS"}}]
            leak.append("score inside base64-encoded CDS Hooks payload")
        else:
            cards = [{"summary": "Allergy check complete - no interactions", "indicator": "info",
                      "source": {"label": "Medication CDS"}}] if r.random() < 0.6 else []
        ctx = base64.b64encode(json.dumps({"encounterId": enc, "userId": "Practitioner/ed-rn-" + str(r.randint(1, 40)),
                                           "cards": cards}).encode()).decode()
        if not mode or mode == "word":
            traps.append((T_BLOB, "cds_hooks.context_b64 (no score inside)"))
        proj = {"instruction": instr, "encounter_id": enc, "observations": bundle, "handover_note": note,
                "cds_hooks": {"hook": "encounter-start", "context_b64": ctx}}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/observations/entry/0/resource/valueQuantity/value",
                            "/observations/entry/1/resource/valueQuantity/value",
                            "/observations/entry/2/resource/valueQuantity/value"],
            "note": "qSOFA from RR, SBP and GCS observations."}
    return b, meta


# ------------------------------------------------------------------ 9 Periodontitis staging (clean)
def build_perio():
    from rules import rule_perio
    L = ["Stage I", "Stage II", "Stage III", "Stage IV"]
    b = Builder("perio_staging", L, 140, 2809, False)
    r = b.rng
    teeth = ["16", "15", "14", "13", "12", "11", "21", "22", "23", "24", "25", "26",
             "36", "35", "34", "33", "32", "31", "41", "42", "43", "44", "45", "46"]
    pmh = ["Stage II hypertension (2019), on amlodipine", "Asthma, salbutamol PRN", "Type 2 diabetes, diet controlled",
           "Hypothyroidism", "Stage 1 breast cancer 2016, in remission", "No relevant history"]
    restorative = ["Class IV composite on 11 (trauma 2012)", "Class II amalgam 46 MO", "Crown 36 (2020)",
                   "Class V GIC 33", "Fissure sealants only"]
    instr = ("Stage the periodontitis (2017 AAP/EFP classification) from the periodontal chart only: use the maximum "
             "interdental clinical attachment loss (CAL) and the number of teeth lost due to periodontitis. "
             "CAL 1-2 mm: Stage I; 3-4 mm: Stage II; >= 5 mm: Stage III, or Stage IV if >= 5 teeth lost to "
             "periodontitis. Answer Stage I, Stage II, Stage III or Stage IV.")
    for i in range(b.n):
        lab = b.targets[i]
        mx = {"Stage I": r.randint(1, 2), "Stage II": r.randint(3, 4), "Stage III": r.randint(5, 9),
              "Stage IV": r.randint(5, 10)}[lab]
        lost = {"Stage I": 0, "Stage II": 0, "Stage III": r.randint(0, 4), "Stage IV": r.randint(5, 8)}[lab]
        present = teeth[:]
        r.shuffle(present)
        present = sorted(present[: 24 - min(lost, 6)], key=teeth.index)
        cal = {t: r.randint(0, mx) for t in present}
        cal[r.choice(present)] = mx
        assert rule_perio([cal, lost]) == lab
        traps = [(T_LIST, "CAL 1-2 mm: Stage I; 3-4 mm: Stage II; ...")]
        h = r.sample(pmh, 2)
        if any("Stage" in x for x in h):
            traps.append((T_SENSE, [x for x in h if "Stage" in x][0]))
        rest = r.sample(restorative, 2)
        if any("Class IV" in x or "Class II" in x for x in rest):
            traps.append((T_SUB, [x for x in rest if "Class I" in x][0]))
        letter = ("Template: patients with Stage III or Stage IV periodontitis may be referred to a specialist "
                  "periodontist under the MCN pathway.")
        traps.append((T_BOILER, letter))
        prior = None
        if i % 5 == 4:
            prior = f"Sibling (seen 2024) was staged {r.choice(L)}; family history noted only."
            traps.append((T_OTHER, prior))
        proj = {"instruction": instr,
                "patient": {"age": r.randint(24, 82), "smoker": r.choice(["never", "former", "current <10/day",
                                                                           "current >=10/day"]),
                            "medical_history": h, "family_note": prior or "none"},
                "chart": {"date": rdate(r), "clinician": r.choice(["DT Evans", "Dr Moreau", "Dr Nakamura", "Hyg. Patel"]),
                          "interdental_cal_mm": cal, "teeth_lost_periodontitis": lost,
                          "bleeding_on_probing_pct": r.randint(5, 70), "plaque_score_pct": r.randint(10, 90)},
                "restorative_history": rest, "referral_letter_template": letter, "grade": "not assessed"}
        b.add(i, lab, proj, [], traps)
    meta = {"derive_from": ["/chart/interdental_cal_mm", "/chart/teeth_lost_periodontitis"],
            "note": "Stage from max interdental CAL and teeth lost to periodontitis."}
    return b, meta


# ------------------------------------------------------------------ 10 WHO visual impairment (English words)
def build_visual():
    from rules import rule_visual, LOGMAR, VIS_CODE
    L = ["none", "mild", "moderate", "severe", "blindness"]
    b = Builder("visual_impairment_who", L, 150, 2810, True, 0.45)
    r = b.rng
    cats = {"none": ["6/5", "6/6", "6/7.5", "6/9", "6/12"], "mild": ["6/15", "6/18"],
            "moderate": ["6/24", "6/36", "6/60"], "severe": ["4/60", "3/60"],
            "blindness": ["2/60", "1/60", "CF", "HM", "PL", "NPL"]}
    code = {v: k for k, v in VIS_CODE.items()}
    order = sorted(LOGMAR, key=LOGMAR.get)
    complaints = ["severe headache last week, now resolved", "mild itching both eyes", "blurred distance vision",
                  "difficulty reading bus numbers", "routine diabetic review", "floaters right eye"]
    instr = ("Assign the WHO (ICD-11) distance vision impairment category from the presenting visual acuity of the "
             "better eye: 6/12 or better none; worse than 6/12 to 6/18 mild; worse than 6/18 to 6/60 moderate; "
             "worse than 6/60 to 3/60 severe; worse than 3/60 blindness. Answer none, mild, moderate, severe or blindness.")
    for i in range(b.n):
        lab = b.targets[i]
        best = r.choice(cats[lab])
        worse = r.choice([s for s in order if LOGMAR[s] >= LOGMAR[best]])
        va = {"right": best, "left": worse} if r.random() < 0.5 else {"right": worse, "left": best}
        assert rule_visual([va["right"], va["left"]]) == lab
        date = rdate(r)
        traps = [(T_LIST, "6/12 or better none; ... worse than 3/60 blindness")]
        allergies = "none"
        fam = r.choice(["none", "glaucoma (mother)", "AMD (father)", "none known"])
        comp = r.choice(complaints)
        traps.append((T_SENSE, "allergies: none"))
        if re.search(r"severe|mild", comp):
            traps.append((T_SENSE, comp))
        leak = []
        mode = r.choice(["model", "audit", "both", "fmt"]) if i in b.leak_idx else None
        if mode == "fmt" or (mode == "audit" and r.random() < 0.3):
            fmt = {"none": "standard print", "mild": "14pt print", "moderate": "large print (18pt)",
                   "severe": "giant print (24pt)", "blindness": "audio CD + braille"}[lab]
            leak.append("accessible-information format set from the category")
        else:
            fmt = "not yet recorded"
        if mode in ("model", "both"):
            raw = {l: r.uniform(0.01, 0.2) for l in L}
            raw[lab] = r.uniform(0.55, 0.9)
            tot = sum(raw.values())
            tm = {"model": "va-triage-2.3", "status": "completed", "scores": {l: round(v / tot, 3) for l, v in raw.items()}}
            leak.append("upstream model score vector (argmax = label)")
        else:
            tm = {"model": "va-triage-2.3", "status": "not run", "scores": None}
        audit = [{"ts": date + "T09:02:11Z", "event": "encounter opened", "user": "reception"},
                 {"ts": date + "T09:24:40Z", "event": "VA recorded", "user": "optom"}]
        if mode in ("audit", "both"):
            audit.append({"ts": addays(date, r.randint(1, 4)) + "T02:00:00Z", "event": "registry sync",
                          "user": "batch", "code": code[lab]})
            leak.append("later audit event carries category code")
        else:
            audit.append({"ts": addays(date, r.randint(1, 4)) + "T02:00:00Z", "event": "registry sync",
                          "user": "batch", "code": "OK-200"})
        other = None
        if i % 6 == 0:
            other = f"Partner attended same day; their category was {r.choice(L)}."
            traps.append((T_OTHER, other))
        proj = {"instruction": instr,
                "encounter": {"clinic": r.choice(["Low Vision Clinic, Moorfields-North", "Community Optometry Hub 4",
                                                  "Eye Casualty Bay 2"]), "date": date,
                              "history": {"allergies": allergies, "family_history": fam, "complaint": comp,
                                          "other": other or "none"},
                              "exam": {"va_presenting": va, "iop_mmHg": {"right": r.randint(10, 26), "left": r.randint(10, 26)},
                                       "chart": r.choice(["Snellen", "Snellen (converted from ETDRS)"])}},
                "triage_model": tm, "audit": audit,
                "patient_preferences": {"contact": r.choice(["letter", "phone", "email"]),
                                        "information_format": fmt, "interpreter": r.choice([None, "Polish", "Urdu"])}}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/encounter/exam/va_presenting/right", "/encounter/exam/va_presenting/left"],
            "note": "Better-eye presenting acuity -> WHO category."}
    return b, meta


# ------------------------------------------------------------------ 11 Climbing rope retirement (English words)
def build_rope():
    from rules import rule_rope, months_between
    L = ["keep", "inspect", "retire"]
    b = Builder("climbing_rope_retirement", L, 150, 2811, True, 0.5)
    r = b.rng
    models = [("BEAL", "Booster III 9.7"), ("EDELRID", "Boa 9.8"), ("MAMMUT", "Crag Classic 10.2"),
              ("STERLING", "Evolution Velocity 9.8"), ("PETZL", "Contact 9.8")]
    st = {"keep": "IS", "inspect": "QI", "retire": "RT"}
    notice = ("Manufacturer notice: keep the rope away from acids and UV; retire the rope immediately after "
              "contact with a sharp edge under load; inspect before every session.")
    instr = ("Decide the rope's status after today's inspection using the gym rope policy: retire if the core is "
             "visible, if it has been in service >= 60 months, or if >= 2000 lead falls are logged; otherwise inspect "
             "(quarantine for a detailed inspection) if the sheath is glazed, service >= 36 months, or >= 1000 falls; "
             "otherwise keep. Answer keep, inspect or retire.")
    inspectors = ["Pat Keeper", "Sam Okoro", "Lena Fischer", "Jo Retford", "Ravi Menon"]
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            insp = rdate(r, "2026-06-01", 180)
            months = {"keep": r.randint(1, 35), "inspect": r.randint(3, 59), "retire": r.randint(5, 80)}[lab]
            y, m = int(insp[:4]), int(insp[5:7])
            tot = y * 12 + (m - 1) - months
            since = f"{tot // 12}-{tot % 12 + 1:02d}-{r.randint(1, 28):02d}"
            falls = {"keep": r.randint(50, 999), "inspect": r.randint(100, 1999), "retire": r.randint(200, 2600)}[lab]
            sheath = r.choice(["ok", "ok", "glazed", "core visible"]) if lab == "retire" else \
                (r.choice(["ok", "glazed"]) if lab == "inspect" else "ok")
            if rule_rope([since, insp, falls, sheath]) == lab:
                break
        rid = f"R-{r.randint(100, 999)}"
        mk, md = r.choice(models)
        traps = [(T_LIST, "Answer keep, inspect or retire."), (T_BOILER, notice)]
        who = r.choice(inspectors)
        if who in ("Pat Keeper", "Jo Retford"):
            traps.append((T_SUB, who))
        comment = r.choice(["Ends re-taped.", "Retired staff member Alan helped with the fall count audit.",
                            "Middle mark faded, re-marked.", "Washed in March per policy."])
        if "Retired" in comment:
            traps.append((T_SENSE, comment))
        leak = []
        mode = r.choice(["tag", "inv", "both"]) if i in b.leak_idx else None
        code = st[lab] if mode in ("tag", "both") else "--"
        if mode in ("tag", "both"):
            leak.append("status code in scanned tag payload")
        payload = f"RGT1|{rid}|{mk}|{r.choice([40, 60, 70])}M|ST={code}|{insp}"
        a0 = r.randint(20, 45); q0 = r.randint(0, 4)
        if mode in ("inv", "both"):
            da, dq = {"keep": (0, 0), "inspect": (-1, 1), "retire": (-1, 0)}[lab]
            inv = {"active_before": a0, "active_after": a0 + da, "quarantine_before": q0, "quarantine_after": q0 + dq}
            leak.append("inventory counts updated after the decision")
        else:
            inv = {"active_before": a0, "active_after": None, "quarantine_before": q0, "quarantine_after": None}
        neigh = [{"rope": f"R-{r.randint(100, 999)}", "lane": r.randint(1, 30), "last_status": r.choice(L)}
                 for _ in range(2)]
        traps.append((T_OTHER, f"{neigh[0]['rope']} last_status {neigh[0]['last_status']}"))
        proj = {"instruction": instr, "manufacturer_notice": notice,
                "rope": {"id": rid, "make": mk, "model": md, "in_service_since": since,
                         "lane": r.randint(1, 30), "use": r.choice(["lead", "lead", "top-rope"])},
                "inspection": {"date": insp, "inspector": who, "lead_falls_logged": falls, "sheath": sheath,
                               "comment": comment},
                "tag_scan": {"reader": "Zebra TC52", "payload": payload},
                "inventory": inv, "neighbouring_ropes": neigh}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/rope/in_service_since", "/inspection/date", "/inspection/lead_falls_logged",
                            "/inspection/sheath"],
            "note": "Gym rope policy on service months, logged falls and sheath state."}
    return b, meta


# ------------------------------------------------------------------ 12 Pipette calibration (clean, multi-word)
def build_pipette():
    from rules import rule_pipette, pip_stats
    L = ["pass", "systematic fail", "random fail", "both fail"]
    b = Builder("pipette_calibration", L, 140, 2812, False)
    r = b.rng
    lims = {10.0: (1.2, 0.8), 100.0: (0.8, 0.3), 1000.0: (0.8, 0.3)}
    zt = {19.0: 1.0027, 20.0: 1.0029, 21.0: 1.0031, 22.0: 1.0033, 23.0: 1.0035}
    models = ["Eppendorf Research plus", "Gilson PIPETMAN Classic", "Sartorius Picus", "Rainin Pipet-Lite XLS"]
    instr = ("Evaluate the gravimetric calibration (ISO 8655-6) at nominal volume: convert each mass to volume with "
             "the Z factor, compute the systematic error (mean vs nominal, %) and the random error (CV, %), compare "
             "with the given maximum permissible errors. Answer pass, systematic fail, random fail or both fail.")
    for i in range(b.n):
        lab = b.targets[i]
        nom = r.choice([10.0, 100.0, 1000.0])
        sl, cl = lims[nom]
        temp = r.choice(list(zt))
        z = zt[temp]
        while True:
            es_t = r.uniform(-0.7, 0.7) * sl if lab in ("pass", "random fail") else r.choice([-1, 1]) * r.uniform(1.2, 2.5) * sl
            cv_t = r.uniform(0.2, 0.75) * cl if lab in ("pass", "systematic fail") else r.uniform(1.25, 2.5) * cl
            masses = [round(nom * (1 + es_t / 100) * (1 + r.gauss(0, cv_t / 100)) / z, 4) for _ in range(10)]
            lim = {"systematic_max_pct": sl, "random_max_cv_pct": cl}
            es, cv = pip_stats(nom, z, masses)
            if rule_pipette([nom, z, masses, lim]) == lab and abs(abs(es) - sl) > 0.05 * sl and abs(cv - cl) > 0.05 * cl:
                break
        traps = [(T_LIST, "Answer pass, systematic fail, random fail or both fail."),
                 (T_LEGIT, '"limits": {"systematic_max_pct": ..., "random_max_cv_pct": ...}')]
        note = r.choice(["Bypass valve on the water purifier replaced last week.",
                         "Tips: random sample of 12 from lot 4471 checked for fit.",
                         "Systematic cleaning of the draft shield before the run.",
                         "Balance passed daily check with 50 mg class E2 weight."])
        traps.append((T_SENSE if re.search(r"\b(random|Systematic|passed)\b", note) else T_SUB, note))
        prev = {"date": "2025-" + f"{r.randint(1, 12):02d}-{r.randint(1, 28):02d}", "result": r.choice(L),
                "lab": "previous service provider"}
        if i % 3 == 0:
            traps.append((T_HIST, f"previous_calibration result {prev['result']}"))
        else:
            prev["result"] = None
        proj = {"instruction": instr,
                "asset": {"id": f"PIP-{r.randint(1000, 9999)}", "model": r.choice(models), "serial": hx(str(i), 8).upper(),
                          "range": {10.0: "0.5-10 µL", 100.0: "10-100 µL", 1000.0: "100-1000 µL"}[nom]},
                "calibration": {"date": rdate(r), "technician": r.choice(["M. Ahmed", "C. Dubois", "H. Tanaka"]),
                                "balance": "Mettler XPR6UD5" if nom == 10.0 else "Mettler XPR205",
                                "water_temp_c": temp, "nominal_ul": nom, "z_factor": z, "masses_mg": masses,
                                "limits": lim},
                "notes": note, "previous_calibration": prev}
        b.add(i, lab, proj, [], traps)
    meta = {"derive_from": ["/calibration/nominal_ul", "/calibration/z_factor", "/calibration/masses_mg",
                            "/calibration/limits"],
            "note": "Systematic and random error vs the stated limits."}
    return b, meta


# ------------------------------------------------------------------ 13 Lakselus (Norwegian labels)
def build_lice():
    from rules import rule_lice, lice_limit
    L = ["under grensen", "over grensen"]
    b = Builder("lakselus_grense", L, 150, 2813, True, 0.4)
    r = b.rng
    navn = ["Hogsneset", "Langøyene", "Brattavika", "Storvika N", "Skorpa", "Kvitholmen", "Sandvikneset"]
    kommuner = ["Austevoll", "Kvinnherad", "Hitra", "Frøya", "Lurøy", "Senja", "Alta"]
    instr = ("Avgjør om lokaliteten er over eller under lusegrensen denne uken. Bruk gjennomsnittlig antall voksne "
             "hunnlus per fisk over alle telte merder. Grensen er 0,2 i uke 16–21 sør for Stad og i uke 21–26 nord "
             "for Stad, ellers 0,5. Gjennomsnitt over grensen = over grensen. Svar 'under grensen' eller 'over grensen'.")
    merknader = ["Tellingen ble gjort under dårlig vær, vind 12 m/s.", "Merd 4 ligger nær kommunegrensen.",
                 "Båten lå over natten ved fôrflåten.", "Rensefisk satt ut i uke 10.", "Ingen avvik."]
    for i in range(b.n):
        lab = b.targets[i]
        region = r.choice(["sør for Stad", "nord for Stad"])
        while True:
            uke = r.randint(1, 52)
            lim = lice_limit(region, uke)
            nm = r.randint(3, 6)
            fish = 20 * nm
            mean = r.uniform(lim + 0.04, lim + 0.6) if lab == "over grensen" else r.uniform(0.0, lim - 0.04)
            tot = max(0, round(mean * fish))
            split = [0] * nm
            for _ in range(tot):
                split[r.randrange(nm)] += 1
            merder = [{"merd": f"M{k + 1}", "fisk_talt": 20, "voksne_hunnlus": split[k],
                       "bevegelige_lus": r.randint(0, 30), "fastsittende_lus": r.randint(0, 20)} for k in range(nm)]
            if rule_lice([region, uke, merder]) == lab:
                break
        lok = r.randint(10000, 45999)
        kom = r.choice(kommuner[:2] if region == "sør for Stad" else kommuner[2:])
        po = r.randint(2, 4) if region == "sør for Stad" else r.randint(6, 12)
        import datetime as _dt
        dato = _dt.date.fromisocalendar(2026, uke, r.randint(1, 5)).isoformat()
        nv = r.choice(navn)
        traps = [(T_LIST, "Svar 'under grensen' eller 'over grensen'.")]
        mk = r.choice(merknader)
        if re.search(r"\bunder\b|\bover\b|grensen", mk):
            traps.append((T_HOMO, mk))
        leak = []
        mode = r.choice(["api", "glyph", "both"]) if i in b.leak_idx else None
        bw = {"localityNo": lok, "year": 2026, "week": uke, "hasReportedLice": True, "isFallow": False,
              "isOnLand": False, "overLiceLimit": None}
        if mode in ("api", "both"):
            bw["overLiceLimit"] = lab == "over grensen"
            leak.append("boolean limit flag from external API")
        if mode in ("glyph", "both"):
            tekst = f"Lusetelling uke {uke} {nv}: {'🔴' if lab == 'over grensen' else '🟢'}"
            leak.append("traffic-light glyph in chat message")
        else:
            tekst = f"📋 Ukestelling registrert for {nv} (uke {uke})."
            traps.append((T_GLYPH, tekst))
        nabo = None
        if i % 4 == 0:
            nabo = {"lokalitet": r.choice(navn) + " II", "status_forrige_uke": r.choice(L)}
            traps.append((T_OTHER, f"naboanlegg status_forrige_uke {nabo['status_forrige_uke']}"))
        proj = {"instruks": instr,
                "lokalitet": {"nr": lok, "navn": nv, "kommune": kom, "stad_region": region,
                              "produksjonsomrade": po},
                "telling": {"uke": uke, "dato": dato, "merder": merder, "merknad": mk},
                "barentswatch": bw, "teams_melding": {"kanal": "#havbruk-drift", "tekst": tekst},
                "naboanlegg": nabo}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/lokalitet/stad_region", "/telling/uke", "/telling/merder"],
            "note": "Mean adult female lice per fish vs week/region limit."}
    return b, meta


# ------------------------------------------------------------------ 14 Wood pellet class (leaks on every record)
def build_pellet():
    from rules import rule_pellet
    L = ["A1", "A2", "B", "off-spec"]
    b = Builder("wood_pellet_class", L, 128, 2814, True, 1.0)
    r = b.rng
    folder = {"A1": "A1", "A2": "A2", "B": "B", "off-spec": "REJ"}
    kc = {"A1": "a1", "A2": "a2", "B": "b", "off-spec": "rej"}
    producers = ["A1 Biomass Ltd", "Nordic Pellets AB", "Holzwerk Bayer GmbH", "Baltic Wood Energy UAB",
                 "Forest Heat Ltd"]
    instr = ("Assign the ENplus property class of the pellet lot from the lab results: off-spec if moisture > 10 % or "
             "mechanical durability < 97.5 %; A1 if ash <= 0.7 %, N <= 0.3 % and durability >= 98.0 %; A2 if "
             "ash <= 1.2 % and N <= 0.5 %; B if ash <= 2.0 % and N <= 1.0 %; otherwise off-spec. "
             "Answer A1, A2, B or off-spec.")
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            ash = round(r.uniform(0.2, 2.6), 2); n = round(r.uniform(0.05, 1.2), 2)
            dur = round(r.uniform(97.0, 99.3), 1); moist = round(r.uniform(5.5, 10.8), 1)
            if rule_pellet([ash, n, dur, moist]) == lab:
                break
        lot = f"LOT-26-{r.randint(1000, 9999)}"
        prod = r.choice(producers)
        traps = [(T_LIST, "Answer A1, A2, B or off-spec.")]
        if prod.startswith("A1"):
            traps.append((T_SUB, prod))
        mode = r.choice(["path", "key", "both"])
        leak = []
        sampled = rdate(r)
        mon = sampled[5:7]
        if mode in ("path", "both"):
            path = f"s3://enplus-coa-eu/2026/{mon}/{folder[lab]}/{lot}.pdf"
            leak.append("storage folder of the certificate")
        else:
            path = f"s3://enplus-coa-eu/2026/{mon}/{lot}.pdf"
        if mode in ("key", "both"):
            key = f"coa:v3:{lot}:cls={kc[lab]}:{hx(lot, 10)}"
            leak.append("label segment in cache key")
        else:
            key = f"coa:v3:{lot}:{hx(lot, 10)}"
        proj = {"instruction": instr,
                "producer": {"name": prod, "enplus_id": f"{r.choice(['DE', 'SE', 'LT', 'GB'])}{r.randint(100, 399)}",
                             "plant": r.choice(["Line 1", "Line 2"])},
                "lab": {"lot": lot, "sampled": sampled, "diameter_mm": r.choice([6, 8]), "ash_pct": ash,
                        "nitrogen_pct": n, "mechanical_durability_pct": dur, "moisture_pct": moist,
                        "net_cv_mj_kg": round(r.uniform(16.3, 17.6), 2), "bulk_density_kg_m3": r.randint(600, 720)},
                "documents": {"coa_pdf": path, "cache_key": key}}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/lab/ash_pct", "/lab/nitrogen_pct", "/lab/mechanical_durability_pct", "/lab/moisture_pct"],
            "note": "ENplus class thresholds as stated in the instruction."}
    return b, meta
