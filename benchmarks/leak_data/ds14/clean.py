"""Clean datasets (no leak) with traps a naive auditor might flag."""
import json, datetime as dt
from common import *

# ---------------------------------------------------------------- museum_loan_condition
OBS = {
 "painting": {
  "excellent": ["Paint layer stable and well adhered; no losses, no flaking. Varnish even and clear. Light surface dust only. Stretcher and keys secure.",
                "Recently conserved (2022). Surface clean, varnish saturated, no cracking visible under raking light. Frame sound."],
  "good": ["Fine stable age craquelure in the sky; minor frame abrasion along lower rail. No active flaking. Varnish slightly dull.",
           "Two small retouchings visible under UV at lower left, stable. Slight planar distortion in corners; no tears."],
  "fair": ["Widespread craquelure with cupping in the darks; two small losses (<5 mm) in background; discoloured varnish. Minor lifting at right edge, consolidated 2019.",
           "Canvas slack with corner draws; old patch verso visible as bulge; scattered abrasion and overpaint along edges."],
  "poor": ["Active flaking in lower third with tented paint; 6 cm tear upper right, previously patched and now reopening. Mould bloom in varnish. Not recommended for travel.",
           "Severe cupping and loose flakes collected in crate; canvas embrittled at tacking margin; structural treatment required before any handling."]},
 "paper": {
  "excellent": ["Sheet flat, bright and clean; no foxing, tears or staining. Hinges secure. Media stable.",
                "Excellent paper tone for age; full margins; no fading compared with 2015 images."],
  "good": ["Light mat burn at margins; minor handling crease lower right corner. Media stable.",
           "Faint scattered foxing in margins only; image unaffected. Hinges sound."],
  "fair": ["Moderate overall toning and foxing into the image; two short closed tears at edge; old pressure-sensitive tape residue verso.",
           "Cockling across sheet; graphite slightly smudged; hinges partially detached."],
  "poor": ["Brittle, acidic sheet with losses at all corners; active mould staining; flaking gouache in the sky area. Unsafe to travel.",
           "Large tear through image repaired with tape that has failed; severe fading of red lake pigments."]},
 "ceramic": {
  "excellent": ["Intact, no chips, cracks or crazing beyond manufacture. Glaze bright. No restorations found under UV.",
                "Complete and stable; minor kiln grit on foot ring (original)."],
  "good": ["Small chip to foot ring (2 mm), stable. Light wear to gilding on rim.",
           "Old well-executed restoration to handle, stable; slight crazing in glaze."],
  "fair": ["Hairline crack from rim extending 4 cm; multiple rim chips; discoloured earlier restoration adhesive.",
           "Glaze loss around shoulder; previous break to neck rejoined, joint slightly misaligned."],
  "poor": ["Reassembled from 7 fragments with failing adhesive; one joint open; unstable. Requires treatment before packing.",
           "Active salt efflorescence lifting the glaze; friable body at base."]}}
MEDIUM = {"painting": ["Oil on canvas", "Tempera on panel", "Acrylic on linen"], "paper": ["Watercolor and gouache on paper", "Graphite on wove paper", "Etching, state II/III"],
          "ceramic": ["Glazed earthenware", "Porcelain with overglaze enamels", "Stoneware, salt glaze"]}
COURIER = ["Poor lighting in the crate bay; condition photos retaken with handheld LED.", "Fair weather, truck loaded without delay.",
           "Excellent cooperation from the venue registrar.", "Good news: customs cleared in 40 minutes.", "Forklift operator arrived late.",
           "Crate humidity indicator read 48 %.", "", "Crate opened after 24 h acclimatisation as agreed."]
CLAUSES = ["Borrower shall act in good faith and exercise the same care as for its own collection.",
           "Object insured wall-to-wall at fair market value as stated by lender.",
           "Lender may recall the object if environmental conditions at venue are found to be poor.",
           "Borrower shall maintain excellent security standards, including 24-hour guarding.",
           "Credit line to read exactly as supplied by lender."]

def gen_museum(r, n=150):
    name = "museum_loan_condition"
    labels = ["excellent", "good", "fair", "poor"]
    labs = assign_labels(r, n, labels, [2, 4, 3, 1])
    recs = []
    for i, lab in enumerate(labs):
        kind = r.choice(list(OBS))
        d = rdate(r, "2023-09-01", "2025-10-15")
        obs = r.choice(OBS[kind][lab])
        if maybe(r, 0.4):
            obs += " " + r.choice(["Photographed recto/verso, 24 images.", "Examined in normal and raking light.", "UV examination performed.",
                                   "Compared with incoming report from previous venue.", "Dimensions verified."])
        proj = {"instruction": ("Assign an overall condition grade to the object from the condition report observations. Grading scale used by the registrar: "
                                "excellent = no visible damage, stable; good = minor stable wear, no treatment needed; "
                                "fair = visible damage or instability, minor treatment advised before travel; poor = active deterioration or structural damage, unsafe to travel without treatment."),
                "object": {"accession_no": f"{r.randint(1921, 2019)}.{r.randint(1,400)}.{r.randint(1,12)}", "title": r.choice(["Harbor at Dusk", "Untitled (Study in Blue)", "Portrait of a Lady", "Vase with Peonies", "Landscape near Arles", "Bowl", "Figure Study", "Still Life with Lemons"]),
                           "maker": r.choice(["Unknown", person(r), person(r)]), "medium": r.choice(MEDIUM[kind]),
                           "dimensions_cm": f"{r.randint(8,180)} x {r.randint(8,220)}" + (f" x {r.randint(5,60)}" if kind == "ceramic" else "")},
                "condition_report": {"examiner": person(r) + r.choice([", Conservator", ", Registrar", ""]), "date": iso(d),
                                     "context": r.choice(["outgoing loan", "incoming loan", "pre-installation", "post-deinstallation"]), "observations": obs},
                "loan": {"loan_no": f"L{d.year}.{r.randint(1,90):03d}", "borrower": r.choice(["Musée des Beaux-Arts, Lyon", "Denver Art Museum", "Kunsthalle Bremen", "Art Gallery of Ontario", "Seattle Asian Art Museum"]),
                         "agreement_clauses": r.sample(CLAUSES, r.randint(1, 3)),
                         "courier_notes": r.choice(COURIER)}}
        if not proj["loan"]["courier_notes"]:
            del proj["loan"]["courier_notes"]
        recs.append(record(name, i, lab, labels, proj, False))
    meta = {"derive_from": ["/condition_report/observations", "/object/medium", "/instruction"],
            "note": "The registrar grades from the condition observations. Loan paperwork and courier notes are boilerplate/logistics."}
    return name, recs, meta, {"labels": labels, "traps": ["label words in ordinary senses in loan clauses and courier notes (good faith, fair market value, poor lighting, excellent cooperation), drawn independently of the grade",
                                                           "grading legend with every label in every instruction"]}

# ---------------------------------------------------------------- elevator_inspection
OK_ITEMS = [("Car door restrictor", "2.12.5"), ("Emergency communication", "2.27.1"), ("Machine brake", "2.24.8"), ("Leveling accuracy", "2.26.11"),
            ("Firefighters' service Phase I recall", "2.27.3"), ("Pit light and guard", "2.2.5"), ("Machine room lighting", "2.7.9"),
            ("Hoistway door interlocks", "2.12.2"), ("Governor seal and tag", "8.6.4"), ("Maintenance control program / logbook", "8.6.1.2")]
FAIL_F = {"Car door restrictor": "Restrictor inoperative; car door can be opened > 100 mm outside unlocking zone.",
          "Emergency communication": "Two-way communication non-functional; no dial tone at monitoring station.",
          "Machine brake": "Brake failed 125% load test; car slid 40 cm.",
          "Leveling accuracy": "Leveling error 25 mm at floors 3-5; trip hazard.",
          "Firefighters' service Phase I recall": "Phase I recall does not return car to designated level.",
          "Hoistway door interlocks": "Interlock on 2nd floor hoistway door bypassed with jumper."}
COND_F = {"Pit light and guard": "Pit light guard missing; correct within 30 days.",
          "Machine room lighting": "Machine room lighting measured 120 lux (200 required); correct within 30 days.",
          "Governor seal and tag": "Governor tag illegible; replace tag, re-seal.",
          "Maintenance control program / logbook": "Logbook missing entries for last 2 months; contractor to update within 30 days.",
          "Leveling accuracy": "Leveling 9 mm at lobby, within tolerance but drifting; monitor, adjust within 60 days."}

def gen_elevator(r, n=135):
    name = "elevator_inspection"
    labels = ["pass", "pass with conditions", "fail"]
    labs = assign_labels(r, n, labels, [5, 3, 2])
    recs = []
    for i, lab in enumerate(labs):
        items = r.sample(OK_ITEMS, r.randint(6, 10))
        names = [a for a, _ in items]
        findings = {a: "OK" for a in names}
        if lab == "fail":
            cands = [a for a in names if a in FAIL_F] or [a for a in FAIL_F]
            for a in r.sample(cands, min(len(cands), r.choice([1, 1, 2]))):
                if a not in findings:
                    items.append((a, dict(OK_ITEMS)[a])); names.append(a)
                findings[a] = FAIL_F[a]
            if maybe(r, 0.4):
                c = r.choice(list(COND_F))
                if c not in findings:
                    items.append((c, dict(OK_ITEMS)[c]))
                findings[c] = COND_F[c]
        elif lab == "pass with conditions":
            cands = [a for a in names if a in COND_F] or list(COND_F)
            for a in r.sample(cands, min(len(cands), r.choice([1, 1, 2]))):
                if a not in findings:
                    items.append((a, dict(OK_ITEMS)[a]))
                findings[a] = COND_F[a]
        checklist = [{"item": a, "asme_a17_1_ref": ref, "finding": findings[a]} for a, ref in items]
        d = rdate(r, "2024-01-10", "2025-10-20")
        dtype = r.choice(["P", "P", "P", "F"])
        dev = {"state_device_no": f"{r.choice(['EL','ES','DW'])}-{r.randint(10000,99999)}", "device_class": dtype,
               "device_class_desc": "Passenger" if dtype == "P" else "Freight", "drive": r.choice(["hydraulic", "traction geared", "MRL traction"]),
               "capacity_lb": r.choice([2500, 3000, 3500, 4000, 5000]), "floors_served": r.randint(2, 24), "installed": r.randint(1968, 2021)}
        bldg = {"address": f"{r.randint(10,999)} {r.choice(['Market','Pine','Commerce','Grand','Union'])} St", "occupancy": r.choice(["office", "residential", "hospital", "retail", "hotel"]),
                "other_devices": [{"state_device_no": f"EL-{r.randint(10000,99999)}", "last_result": r.choice(labels), "last_inspected": iso(rdate(r, "2023-01-01", "2025-09-30"))} for _ in range(r.randint(0, 3))],
                "backflow_preventer_test": r.choice(["pass", "fail", "pass", None]),
                "fire_alarm_panel": {"last_test": iso(rdate(r, "2024-01-01", "2025-09-30")), "result": r.choice(["PASS", "PASS", "FAIL - trouble signal", "PASS"])}}
        if not bldg["other_devices"]:
            del bldg["other_devices"]
        proj = {"instruction": "Decide the periodic inspection result for this elevator from the inspector's checklist findings. Answer pass, pass with conditions (only non-hazardous items to correct within a deadline), or fail (hazardous condition; device to be taken out of service).",
                "inspection": {"inspection_no": f"INS-{d.strftime('%Y')}-{r.randint(100000,999999)}", "date": iso(d), "type": r.choice(["annual periodic", "annual periodic", "5-year full load"]),
                               "inspector": person(r) + f" (QEI #{r.randint(1000,9999)})", "contractor_license": f"EC-{r.choice(['P','F','C'])}-{r.randint(100,9999):04d}",
                               "checklist": checklist,
                               "inspector_remarks": r.choice(["", "Contractor present during test.", "Car out of service on arrival for unrelated call-back; returned to service before testing.", "Building manager notified verbally.", "Permit posted in car."])},
                "device": dev, "building": bldg}
        if not proj["inspection"]["inspector_remarks"]:
            del proj["inspection"]["inspector_remarks"]
        recs.append(record(name, i, lab, labels, proj, False))
    meta = {"derive_from": ["/inspection/checklist", "/inspection/inspector_remarks", "/device"],
            "note": "Result decided from the checklist findings. Building-level fields come from other systems (plumbing, fire alarm) and other devices in the building."}
    return name, recs, meta, {"labels": labels, "traps": ["random pass/fail status fields from unrelated systems (backflow test, fire alarm panel)",
                                                           "label values on sibling entities (other devices' last results, random)",
                                                           "codes/letters that look like labels (device_class P/F, 'Passenger', license EC-P-/EC-F-)"]}

# ---------------------------------------------------------------- soil_lime_rec
CROPGRP = {"alfalfa": "high", "red clover": "high", "corn": "std", "soybean": "std", "winter wheat": "std", "grass pasture": "low"}
CUT = {"high": [6.9, 6.6, 6.3], "std": [6.7, 6.4, 6.1], "low": [6.5, 6.2, 5.9]}

def gen_soil(r, n=175):
    name = "soil_lime_rec"
    labels = ["0", "1", "2", "3"]
    labs = assign_labels(r, n, labels, [4, 3, 2, 1])
    foot = ("Lime rates are expressed as tons/acre of ag lime (ENM 60-69) for a 6-7 in. incorporation depth, rounded to whole tons (0-3 t/a). "
            "Page 1 of 2. Results relate only to the sample as received. Method: pH 1:1 water; buffer pH Sikora-2; P, K Mehlich-3.")
    recs = []
    for i, lab in enumerate(labs):
        crop = r.choice(list(CROPGRP))
        c = CUT[CROPGRP[crop]]
        L = int(lab)
        if L == 0: b = round(r.uniform(c[0], 7.3), 1)
        elif L == 1: b = round(r.uniform(c[1], c[0] - 0.1), 1)
        elif L == 2: b = round(r.uniform(c[2], c[1] - 0.1), 1)
        else: b = round(r.uniform(5.5, c[2] - 0.1), 1)
        # round-trip safety: recompute label from b
        calc = 0 if b >= c[0] else 1 if b >= c[1] else 2 if b >= c[2] else 3
        assert calc == L, (crop, b, L)
        ph = round(min(7.6, max(4.6, 5.3 + (b - 6.0) * 1.6 + r.uniform(-0.25, 0.25))), 1)
        d = rdate(r, "2024-02-01", "2025-10-20")
        res = {"pH_water": ph, "buffer_pH": b, "OM_pct": round(r.uniform(1.2, 5.8), 1), "P_ppm": r.randint(6, 85), "K_ppm": r.randint(70, 310),
               "Ca_ppm": r.randint(600, 3200), "Mg_ppm": r.randint(80, 520), "CEC_meq_100g": round(r.uniform(4, 28), 1)}
        if maybe(r, 0.1): res["Ca_ppm"] = None
        if maybe(r, 0.1): res["Mg_ppm"] = None
        proj = {"instruction": ("Give the lime recommendation (tons/acre, whole number) for this sample from the buffer pH and the intended crop. "
                                "Lab table - buffer pH thresholds for 0 / 1 / 2 / 3 t/a: alfalfa & clover: >=6.9 / 6.6-6.8 / 6.3-6.5 / <=6.2; "
                                "corn, soybean, wheat: >=6.7 / 6.4-6.6 / 6.1-6.3 / <=6.0; grass pasture: >=6.5 / 6.2-6.4 / 5.9-6.1 / <=5.8. Answer 0, 1, 2 or 3."),
                "sample": {"lab_no": f"S{d.strftime('%y')}-{r.randint(1000,29999):05d}", "received": iso(d), "grower": person(r),
                           "field_id": f"{r.choice(['NW','NE','SW','SE','N','S','E','W'])}-{r.randint(1,3)}", "zone": r.randint(1, 3),
                           "depth_in": r.choice([6, 6, 7, 8]), "cores": r.randint(10, 22), "bags": r.randint(1, 3), "acres": round(r.uniform(2, 160), 1),
                           "intended_crop": crop, "previous_crop": r.choice(["corn", "soybean", "alfalfa", "wheat", "fallow", None]),
                           "rush": r.choice([0, 0, 0, 1])},
                "results": res, "report_footer": foot}
        if proj["sample"]["previous_crop"] is None:
            del proj["sample"]["previous_crop"]
        recs.append(record(name, i, lab, labels, proj, False))
    meta = {"derive_from": ["/results/buffer_pH", "/results/pH_water", "/sample/intended_crop", "/instruction"],
            "note": "Recommendation follows the lab's buffer-pH table quoted in the instruction. Sample handling fields (zone, bags, cores, depth, rush) are logistics."}
    return name, recs, meta, {"labels": labels, "traps": ["small integers that look like the numeric labels (zone 1-3, bags 1-3, rush 0/1, field suffix -1..-3, 'Page 1 of 2')",
                                                           "identical report footer on every record naming the label range (0-3 t/a)"]}

# ---------------------------------------------------------------- translation_mqm_severity
SENTS = [("This is a critical security update for version 5.2; do not turn off the device during installation.",
          "Dies ist ein kritisches Sicherheitsupdate für Version 5.2; schalten Sie das Gerät während der Installation nicht aus."),
         ("Major version 4 drops support for the old API after 31 March.", "Die Hauptversion 4 unterstützt die alte API nach dem 31. März nicht mehr."),
         ("Minor children must be accompanied by an adult at all times in the pool area.", "Minderjährige Kinder müssen im Poolbereich jederzeit von einem Erwachsenen begleitet werden."),
         ("Use a neutral cleaning agent with a pH of 7; do not use solvents.", "Verwenden Sie ein neutrales Reinigungsmittel mit einem pH-Wert von 7; verwenden Sie keine Lösungsmittel."),
         ("Take 2 tablets daily with water, not more than 6 in 24 hours.", "Nehmen Sie täglich 2 Tabletten mit Wasser ein, nicht mehr als 6 in 24 Stunden."),
         ("Refunds are processed within 14 business days of receiving the returned item.", "Rückerstattungen werden innerhalb von 14 Werktagen nach Erhalt des zurückgesandten Artikels bearbeitet."),
         ("The battery should not be charged at temperatures below 0 °C.", "Der Akku sollte nicht bei Temperaturen unter 0 °C geladen werden."),
         ("Our support team is available Monday to Friday, 8 am to 6 pm.", "Unser Support-Team ist von Montag bis Freitag von 8 bis 18 Uhr erreichbar."),
         ("Critics praised the film's neutral tone and its minor key soundtrack.", "Die Kritiker lobten den neutralen Ton des Films und den Soundtrack in Moll."),
         ("Do not exceed a load of 150 kg on the upper shelf.", "Belasten Sie das obere Regal nicht mit mehr als 150 kg."),
         ("The meeting was moved to 3 pm because of a major traffic disruption.", "Das Meeting wurde wegen einer größeren Verkehrsstörung auf 15 Uhr verschoben."),
         ("Store the vaccine at 2 to 8 °C and do not freeze.", "Lagern Sie den Impfstoff bei 2 bis 8 °C und frieren Sie ihn nicht ein.")]
REVIEWERS = {"rv_anke": {"minor": 2210, "major": 1311, "critical": 201, "neutral": 489},
             "rv_jonas": {"minor": 1804, "major": 990, "critical": 143, "neutral": 612},
             "rv_leonie": {"minor": 3022, "major": 1507, "critical": 260, "neutral": 330},
             "rv_mehmet": {"minor": 950, "major": 611, "critical": 77, "neutral": 208}}
SEVDEF = {"neutral": "preferential change, not an error", "minor": "error that does not affect meaning or usability",
          "major": "error that changes meaning or confuses the reader", "critical": "error that could cause harm, legal exposure or product misuse"}

def _mutate(r, lab, src, tgt):
    import re
    words = tgt.split()
    if lab == "neutral":
        alt = r.choice(["Formulierung umstellen", "'erreichbar' durch 'verfügbar' ersetzen", "Komma vor 'und' setzen (optional)", "Du-Form statt Sie-Form erwägen"])
        return tgt, tgt.split()[r.randint(0, len(words) - 1)].strip(".,;"), "Style/Preferential", f"Preferential only: {alt}. Current rendering is correct and idiomatic."
    if lab == "minor":
        caps = [w for w in words[1:] if w[:1].isupper() and w.isalpha()]
        if caps and maybe(r, 0.6):
            w = r.choice(caps); t2 = tgt.replace(" " + w, " " + w.lower(), 1)
            return t2, w.lower(), "Fluency/Spelling", f"Noun '{w.lower()}' must be capitalized. Meaning unaffected."
        t2 = tgt.replace(";", ",", 1) if ";" in tgt else tgt.rstrip(".")
        return t2, t2[-12:], "Fluency/Punctuation", "Punctuation error (semicolon/period); reads slightly awkwardly, meaning clear."
    if lab == "major":
        if "," in tgt or ";" in tgt:
            sep = ";" if ";" in tgt else ","
            head, tail = tgt.split(sep, 1)
            return head + ".", tail.strip(), "Accuracy/Omission", f"Omission: second clause ('{tail.strip()[:40]}...') not translated; reader loses part of the instruction's context."
        w = r.choice([w for w in words if len(w) > 5])
        return tgt.replace(w, "Angebot", 1), "Angebot", "Accuracy/Mistranslation", f"'{w}' mistranslated as 'Angebot' (offer); sentence now says something different."
    # critical
    nums = re.findall(r"\d+", tgt)
    if ("nicht" in tgt or "keine" in tgt) and maybe(r, 0.5):
        t2 = tgt.replace(" nicht", "", 1) if " nicht" in tgt else tgt.replace("keine ", "", 1)
        return t2, "(negation removed)", "Accuracy/Mistranslation", "Negation dropped: target now instructs the opposite of the source. Safety/legal risk for the end user."
    n = r.choice(nums)
    bad = str(int(n) * 10)
    return tgt.replace(n, bad, 1), bad, "Accuracy/Number", f"Number {n} rendered as {bad}; user following the translation could damage the product or be harmed."

def gen_mqm(r, n=160):
    name = "translation_mqm_severity"
    labels = ["neutral", "minor", "major", "critical"]
    labs = assign_labels(r, n, labels, [2, 4, 3, 2])
    recs = []
    for i, lab in enumerate(labs):
        pool = SENTS if lab != "critical" else [p for p in SENTS if any(ch.isdigit() for ch in p[1]) or " nicht" in p[1] or "keine " in p[1]]
        src, tgt = r.choice(pool)
        t2, span, cat, comment = _mutate(r, lab, src, tgt)
        rv = r.choice(list(REVIEWERS))
        proj = {"instruction": "Assign the MQM severity of the annotated issue. Severity definitions: " + "; ".join(f"{k} = {v}" for k, v in SEVDEF.items()) + ".",
                "segment": {"job": f"TJ-{r.randint(20000,99999)}", "segment_no": r.randint(1, 480), "source_en": src, "target_de": t2,
                            "client": r.choice(["Helios Appliances", "Nordpharm", "PixelForge Games", "Alpenrad Bikes", "StreamCo"]),
                            "tags": r.sample(["minor-release", "UI", "legal-review", "marketing", "hotfix", "critical-path", "v5.2"], r.randint(0, 3))},
                "annotation": {"span": span, "category": cat, "reviewer_comment": comment},
                "reviewer_profile": {"id": rv, "lifetime_annotations_by_severity": REVIEWERS[rv], "languages": ["en-US>de-DE"]}}
        if maybe(r, 0.2):
            proj["segment"]["tm_match"] = r.choice(["75%", "88%", "no match", "101% (context)"])
        recs.append(record(name, i, lab, labels, proj, False))
    meta = {"derive_from": ["/segment/source_en", "/segment/target_de", "/annotation", "/instruction"],
            "note": "Severity is judged from the source, the target and the annotated issue (span, category, comment)."}
    return name, recs, meta, {"labels": labels, "traps": ["label words in ordinary senses inside source/target text (critical update, major version, minor children, neutral cleaning agent, kritisch, neutral)",
                                                           "per-reviewer lifetime counts listing every severity (constant per reviewer, independent of record)",
                                                           "project tags like 'minor-release'/'critical-path' drawn at random", "severity glossary in every instruction"]}

# ---------------------------------------------------------------- lost_property_category
DESCR = {"electronics": ["Black Samsung phone, cracked screen, purple silicone case.", "Apple AirPods case (white), no earbuds inside.", "Lenovo laptop in sleeve, sticker of a cat on lid.",
                         "Kindle e-reader with leather cover.", "Power bank 20000 mAh with USB-C cable.", "Wired headphones, Sony, tangled."],
         "bags & luggage": ["Navy Herschel backpack, contains notebooks and a water bottle.", "Small red carry-on suitcase, no tag.", "Brown leather tote bag, empty.",
                            "Gym duffel, Nike, with towel and shoes inside.", "Canvas shopping bag with groceries (perishables discarded)."],
         "clothing": ["Grey wool scarf, long.", "Child's pink rain jacket, size 6.", "Black North Face puffer jacket, men's L.", "Single leather glove, left hand.",
                      "Blue baseball cap, Dodgers.", "Knitted beanie with pompom."],
         "documents & ID": ["Passport, burgundy cover, holder [REDACTED:NAME].", "State driver's license, [REDACTED:NAME], exp. 2027.", "Student ID card, university lanyard.",
                            "Folder with printed tax forms, name [REDACTED:NAME].", "Work badge (photo ID) on retractable reel."],
         "keys": ["Ring of 4 keys with Toyota fob and Eiffel tower keychain.", "Single brass key on red carabiner.", "Car key fob, Honda, no ring.",
                  "Two door keys and a mailbox key on plain ring.", "Keycard-style hotel key and a bike lock key."]}
STATIONS = ["Keys Crossing", "Clothing District / 7th Ave", "Electronics Way", "Civic Center – Documents & Records Annex", "Carpetbag Junction",
            "Union Station", "Harbor Terminal", "Airport – Baggage Claim Level 1", "Maple & 3rd", "University", "Stadium"]

def gen_lost(r, n=120):
    name = "lost_property_category"
    labels = ["electronics", "bags & luggage", "clothing", "documents & ID", "keys"]
    labs = assign_labels(r, n, labels, [3, 2, 3, 2, 2])
    footer = ("Items are held 90 days, then donated or recycled. Documents & ID are forwarded to the issuing agency after 30 days. "
              "Electronics are wiped before disposal. Keys are destroyed after 90 days. Bags & luggage and clothing are donated.")
    recs = []
    for i, lab in enumerate(labs):
        d = rdt(r, start="2025-01-01", end="2025-10-28")
        desc = r.choice(DESCR[lab])
        if maybe(r, 0.3):
            desc += " " + r.choice(["Found under seat.", "Handed in by driver.", "Left on platform bench.", "Found at end of line during sweep.", "Wet."])
        proj = {"instruction": "Assign the lost-property category for this found item from the finder's description. Answer one of: " + ", ".join(labels) + ".",
                "found_report": {"report_id": f"LP-{d.strftime('%Y-%m%d')}-{r.randint(1,250):04d}", "found_at": iso(d),
                                 "location": {"line": r.choice(["Red Line", "Blue Line", "Route 22 bus", "Route 7 bus", "Harbor Ferry"]), "station": r.choice(STATIONS),
                                              "vehicle": r.choice([None, f"Car {r.randint(1000,1999)}", f"Bus {r.randint(3000,3999)}"])},
                                 "finder": r.choice(["operator", "station agent", "cleaning crew", "passenger", "[REDACTED:NAME] (passenger)"]),
                                 "finder_description": desc},
                "intake": {"evidence_bag_no": f"BAG-{r.randint(10000,99999)}", "shelf": f"S-{d.isocalendar()[1]:02d}-{r.choice('ABCD')}",
                           "photo_caption_auto": None, "ml_category_suggestion": None, "ml_model": "lpcat-2 (disabled 2024-11, pending privacy review)",
                           "form": {"version": "LP-7", "category_options": labels}},
                "policy_footer": footer}
        if proj["found_report"]["location"]["vehicle"] is None:
            del proj["found_report"]["location"]["vehicle"]
        recs.append(record(name, i, lab, labels, proj, False))
    meta = {"derive_from": ["/found_report/finder_description"],
            "note": "Category assigned by the lost-property clerk from the description. ML suggestion is switched off; station names are real place names."}
    return name, recs, meta, {"labels": labels, "traps": ["place names containing label words (Keys Crossing, Clothing District, Electronics Way, Baggage Claim...) drawn at random",
                                                           "upstream ML prediction fields present but null for every record", "BAG- evidence-bag ids on every record",
                                                           "identical policy footer naming every category", "redaction markers and form enum listing all categories"]}
