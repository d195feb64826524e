"""ds11 part D: clean datasets (traps): lab_result_flag, municipal_311_routing, iacuc_protocol_review,
solar_site_survey, reservation_noshow_risk."""
import random

from common import (balanced_labels, digits, hexid, name, rec, when, write)

# ---------------------------------------------------------------- lab result flag
LF = ["LL", "L", "N", "H", "HH"]
ANALYTES = [
    # name, unit, ref_lo, ref_hi, crit_lo, crit_hi, decimals
    ("Potassium", "mmol/L", 3.5, 5.1, 2.8, 6.2, 1),
    ("Sodium", "mmol/L", 136, 145, 120, 160, 0),
    ("Glucose, fasting", "mg/dL", 70, 99, 40, 450, 0),
    ("Calcium, total", "mg/dL", 8.6, 10.3, 6.5, 13.0, 1),
    ("Platelet count", "x10^3/uL", 150, 400, 20, 1000, 0),
    ("WBC", "x10^3/uL", 4.0, 11.0, 1.0, 50.0, 1),
    ("Hemoglobin", "g/dL", 12.0, 17.5, 7.0, 20.0, 1),
    ("Magnesium", "mg/dL", 1.7, 2.2, 1.0, 4.9, 1),
]
GLOSSARY = "Flag codes: LL = critical low (value below the low critical limit, call), L = below reference range, N = within range (limits inclusive), H = above reference range, HH = critical high (value above the high critical limit, call). Critical values override L/H."


def _flag(v, lo, hi, clo, chi):
    if v < clo:
        return "LL"
    if v < lo:
        return "L"
    if v <= hi:
        return "N"
    if v <= chi:
        return "H"
    return "HH"


def labflag():
    rng = random.Random(1110)
    n = 175
    labs = balanced_labels(rng, LF, n, [1, 2, 3, 2, 1])
    out = []
    for i, lab in enumerate(labs):
        an, unit, lo, hi, clo, chi, dec = rng.choice(ANALYTES)
        while True:
            if lab == "LL":
                v = rng.uniform(clo * 0.6, clo * 0.99)
            elif lab == "L":
                v = rng.uniform(clo + (lo - clo) * 0.05, lo - (lo - clo) * 0.03)
            elif lab == "N":
                v = rng.uniform(lo + (hi - lo) * 0.02, hi - (hi - lo) * 0.02)
            elif lab == "H":
                v = rng.uniform(hi + (chi - hi) * 0.03, chi - (chi - hi) * 0.05)
            else:
                v = rng.uniform(chi * 1.01, chi * 1.5)
            v = round(v, dec) if dec else int(round(v))
            if _flag(v, lo, hi, clo, chi) == lab:
                break
        p = {
            "instruction": "Assign the abnormal flag for this result. " + GLOSSARY,
            "order": {"accession": f"{rng.choice(['HH', 'LN', 'HL', 'CH', 'LL', 'NH'])}{rng.randint(24, 25)}-{digits(rng, 6)}",
                      "ordering_unit": rng.choice(["ED", "ICU-2", "Oncology OPD", "Med/Surg 4W", "Primary care - Elm St", "Dialysis"]),
                      "priority": rng.choice(["STAT", "Routine", "Routine", "Timed"]), "collected": when(rng)},
            "patient": {"mrn": digits(rng, 8), "age": rng.randint(18, 94), "sex": rng.choice(["F", "M"])},
            "specimen": {"type": rng.choice(["Serum", "Plasma (Li-hep)", "Whole blood EDTA"]),
                         "hemolysis_index": rng.choice(["H0", "H1", "H0", "H2"]), "lipemia": rng.choice(["L0", "L0", "L1"])},
            "result": {"analyte": an, "value": v, "unit": unit, "reference_range": f"{lo}-{hi}",
                       "critical_limits": {"low": clo, "high": chi}, "instrument": rng.choice(["cobas c 503", "Alinity ci", "Atellica CH 930", "Sysmex XN-1000"])},
            "previous_result": {"value_band": rng.choice(["N", "H", "L", "not available"]), "days_ago": rng.randint(1, 400)},
            "qc": {"lot": f"QC-{rng.choice(['L1', 'L2', 'H1', 'N2'])}-{digits(rng, 4)}", "status": "in control"},
        }
        out.append(rec("lab_result_flag", i, lab, LF, p, False))
    meta = {"derive_from": ["/result/value", "/result/reference_range", "/result/critical_limits"],
            "note": "Flag is a pure function of the value against the reference range and critical limits. Other code-like fields (accession prefix, hemolysis/lipemia index, QC lot, previous band) are random."}
    return "lab_result_flag", out, meta


# ---------------------------------------------------------------- 311
D311 = ["Streets & Potholes", "Sanitation", "Water & Sewer", "Parks & Trees", "Noise", "Animal Services", "Traffic Signals & Signs"]
TXT = {
    "Streets & Potholes": ["There is a pothole about two feet wide in the eastbound lane right after the {s} intersection. It makes a loud noise every time a truck hits it and it's full of water after the rain so you can't see how deep it is.",
                           "The asphalt has crumbled along the curb outside {n} {s2}, there's a big chunk missing and cyclists are swerving into traffic to avoid it.",
                           "Sinkhole forming in the middle of the road near the park entrance on {s2}. Cones were put out by someone but it's getting bigger.",
                           "Road surface is cracked and sunken across both lanes where the utility crew dug last month, they never repaved it properly."],
    "Sanitation": ["Our recycling wasn't picked up on {d} again, whole block on {s2} was skipped. The bins have been sitting out since Tuesday.",
                   "Someone dumped a mattress, a couch and a dozen garbage bags in the alley behind {n} {s2}. It's attracting rats.",
                   "Trash can at the bus stop on {s} is overflowing, garbage all over the sidewalk by the park bench.",
                   "Bulk item pickup was scheduled for {d} but nobody came, the old fridge is still on the curb."],
    "Water & Sewer": ["Water is bubbling up out of the street near the hydrant at {s} and running down the gutter, been going for hours.",
                      "Sewage smell coming from the storm drain in front of {n} {s2}, and the basement floor drain backed up last night.",
                      "We have no water pressure at all since this morning, neighbours on {s2} say the same.",
                      "The manhole cover on {s} is making a clanking noise and there's water seeping out around it."],
    "Parks & Trees": ["A large branch from the oak tree on the parkway in front of {n} {s2} is cracked and hanging over the sidewalk. Afraid it will fall on someone.",
                      "The swings at {p} Park are broken, chain snapped on one and the other seat is missing.",
                      "City tree on our street is dead, no leaves all summer, bark peeling. Please remove before it comes down in a storm.",
                      "The restroom at {p} Park has been locked for two weeks and the drinking fountain doesn't work."],
    "Noise": ["The bar at {n} {s2} plays amplified music until 2am every weekend, you can hear the bass through closed windows.",
              "Construction crew starting jackhammers at 5:30am on {s}, well before allowed hours.",
              "Neighbour's car alarm goes off every night around midnight and runs for 10+ minutes.",
              "Leaf blowers from the landscaping company at the office park run all day Saturday from 7am, constant noise."],
    "Animal Services": ["A loose dog has been running in traffic on {s} for an hour, brown pit mix, no collar.",
                        "There's a dead deer on the shoulder of {s} near the water tower, it's been there two days.",
                        "Stray cats keep getting into the crawl space of the vacant house at {n} {s2}, several kittens.",
                        "Raccoon acting strangely in broad daylight in {p} Park, stumbling around, possibly sick."],
    "Traffic Signals & Signs": ["The traffic light at {s} is stuck on flashing red in all directions, cars are confused and backing up.",
                                "Stop sign at the corner of {s2} and 3rd was knocked down, it's lying in the grass.",
                                "Pedestrian signal button at {s} doesn't work, the walk light never comes on.",
                                "The left-turn arrow at {s} only stays green for 2 seconds, only one car gets through. Timing must be off."],
}
STREETS = ["Main St & 5th Ave", "Kedzie & Lawrence", "Oak Blvd and Pine", "MLK Jr Dr & Water St", "Park Ave & Signal Hill Rd", "Elm St & Noise Abatement Way"]
STREETS2 = ["Maple Ave", "Water St", "Park Pl", "Hawthorne Rd", "Signal Hill Rd", "Grant St", "Riverside Dr"]
PARKS = ["Riverside", "Lincoln", "Humboldt", "Cedar Grove", "Westside"]
PREFIX = ["Hi,", "Hello,", "", "Good morning.", "To the city:", ""]
SUFFIX = ["", "Thank you.", "This is the third time I'm reporting this!", "Please send someone asap.", "I can be reached at the number on file.",
          "My kids walk past here to school.", "Not sure if this is the right department, sorry."]


def three11():
    rng = random.Random(1111)
    n = 196
    labs = balanced_labels(rng, D311, n)
    out = []
    for i, lab in enumerate(labs):
        f = dict(s=rng.choice(STREETS), s2=rng.choice(STREETS2), n=rng.randint(100, 9800), p=rng.choice(PARKS),
                 d=rng.choice(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]))
        txt = " ".join(x for x in [rng.choice(PREFIX), rng.choice(TXT[lab]).format(**f), rng.choice(SUFFIX)] if x)
        p = {
            "instruction": "Route this 311 request to the responsible department. Departments: " + "; ".join(D311) + ". Route by the problem described, not by the topic the resident picked.",
            "request": {"sr_number": f"SR{rng.randint(24, 25)}-{digits(rng, 8)}", "opened": when(rng),
                        "channel": rng.choice(["Mobile app", "Phone", "Web form", "Twitter/X", "Walk-in"]),
                        "resident_selected_topic": rng.choice(["General Inquiry"] * 3 + D311),
                        "description": txt, "photos": rng.randint(0, 3)},
            "location": {"council_district": rng.randint(1, 15), "ward": rng.choice(["A", "B", "C", "D"]),
                         "geocode_confidence": round(rng.uniform(0.5, 1.0), 2)},
            "nearby_open_requests": [{"sr": f"SR{rng.randint(24, 25)}-{digits(rng, 8)}", "dept": rng.choice(D311), "age_days": rng.randint(0, 90)}
                                      for _ in range(rng.randint(0, 3))],
        }
        out.append(rec("municipal_311_routing", i, lab, D311, p, False))
    meta = {"derive_from": ["/request/description"],
            "note": "Route from the resident's free-text description. The resident-selected topic is unreliable (mostly 'General Inquiry', else random), nearby requests are unrelated."}
    return "municipal_311_routing", out, meta


# ---------------------------------------------------------------- IACUC
IA = ["Approved", "Modifications Required", "Full Committee Review", "Tabled"]
SPECIES_STD = [("Mus musculus (C57BL/6J)", 60, 240), ("Rattus norvegicus (Sprague-Dawley)", 24, 96), ("Danio rerio", 120, 600)]
SPECIES_FCR = [("Macaca mulatta", 4, 8), ("Canis familiaris (beagle)", 6, 12)]
AIMS = ["characterise the role of IL-17 in post-surgical adhesion formation", "test a novel AAV vector for retinal gene delivery",
        "evaluate a hydrogel scaffold for critical-size bone defects", "measure behavioural effects of chronic low-dose ketamine",
        "map gut microbiome changes after antibiotic exposure", "assess a candidate vaccine against RSV"]
ANALGESIA_FULL = ["Buprenorphine SR 1.0 mg/kg SC pre-operatively (72h coverage) plus meloxicam 5 mg/kg SC q24h for 3 days, per the IACUC-approved formulary.",
                  "Carprofen 5 mg/kg SC q24h for 72h post-op with local bupivacaine 2 mg/kg at the incision."]
ANALGESIA_GAP = ["Analgesics will be given post-operatively as needed.", "Pain relief per standard practice."]
ENDPOINT_FULL = ["Humane endpoints: >20% weight loss from baseline, hunched posture with piloerection >24h, BCS <2, or inability to reach food/water; animals meeting any criterion are euthanised within 4h.",
                 "Animals will be scored daily (0-12 welfare score); a score of 8 or more, or weight loss >15% in 48h, triggers euthanasia."]
ENDPOINT_GAP = ["Animals will be euthanised if they appear unwell.", "Endpoints will be determined by the lab."]
EUTH_FULL = ["Euthanasia by CO2 at 30-70% chamber volume displacement per minute followed by cervical dislocation, consistent with the AVMA Guidelines (2020).",
             "Euthanasia by pentobarbital overdose (150 mg/kg IP), confirmed by bilateral thoracotomy."]
EUTH_GAP = ["Euthanasia by standard method.", "Animals will be sacrificed at the end of the study."]
NUMBERS_FULL = ["Group sizes (n = {g}) derive from a power analysis (alpha 0.05, power 0.8, expected effect size d = 1.2 from pilot data).",
                "Sample size justified by G*Power calculation on prior published variance; total {t} animals."]
NUMBERS_GAP = ["We will use {t} animals, which is typical for this kind of study.", "Numbers are based on previous experience in the lab."]
CAT_E = ["Because analgesics interfere with the inflammatory readout, animals in the treatment arm will not receive pain relief for the 7-day observation period (USDA Category E; scientific justification attached).",
         "The model requires 23-hour food restriction for 10 days to maintain motivation in the operant task, exceeding standard restriction limits."]


def iacuc():
    rng = random.Random(1112)
    n = 124
    labs = balanced_labels(rng, IA, n, [3, 3, 2, 2])
    out = []
    for i, lab in enumerate(labs):
        sp, lo_n, hi_n = rng.choice(SPECIES_FCR if (lab == "Full Committee Review" and rng.random() < .5) else SPECIES_STD)
        total = rng.randint(lo_n, hi_n)
        g = max(3, total // rng.choice([4, 6, 8]))
        cat = rng.choice(["B", "C", "D"])
        sections = {}
        aim = rng.choice(AIMS)
        sections["aims"] = f"The aim of this protocol is to {aim}."
        full = lab in ("Approved", "Full Committee Review")
        sections["procedures"] = (rng.choice(["Animals will undergo a laparotomy under isoflurane anaesthesia (induction 4%, maintenance 1.5-2.5%).",
                                              "Animals receive a single subretinal injection under ketamine/xylazine anaesthesia.",
                                              "A 5 mm calvarial defect is created under isoflurane anaesthesia and filled with the scaffold.",
                                              "Animals are dosed by oral gavage once daily for 14 days; blood is collected by submandibular bleed (max 10% blood volume)."]))
        if lab == "Modifications Required":
            gaps = rng.sample(["analgesia", "endpoint", "euth", "numbers"], rng.randint(1, 2))
        else:
            gaps = []
        sections["analgesia"] = rng.choice(ANALGESIA_GAP if "analgesia" in gaps else ANALGESIA_FULL)
        sections["humane_endpoints"] = rng.choice(ENDPOINT_GAP if "endpoint" in gaps else ENDPOINT_FULL)
        sections["euthanasia"] = rng.choice(EUTH_GAP if "euth" in gaps else EUTH_FULL)
        sections["justification_of_numbers"] = rng.choice(NUMBERS_GAP if "numbers" in gaps else NUMBERS_FULL).format(g=g, t=total)
        if lab == "Full Committee Review":
            if not sp.startswith(("Macaca", "Canis")) or rng.random() < .5:
                sections["procedures"] += " " + rng.choice(CAT_E)
                cat = "E"
        if lab == "Tabled":
            for k in rng.sample(["procedures", "humane_endpoints", "euthanasia", "justification_of_numbers"], 2):
                sections[k] = rng.choice(["[section left blank]", "TBD", "See attached (no attachment uploaded)."])
        narrative = "\n\n".join(f"{k.replace('_', ' ').upper()}: {v}" for k, v in sections.items())
        training = "complete" if lab != "Tabled" or rng.random() < .5 else rng.choice(["CITI module expired 2023-11", "not started"])
        p = {
            "instruction": ("Designated-member pre-review. Determine: Approved (complete, Category B-D, standard species), Modifications Required "
                            "(minor gaps: analgesia, endpoints, euthanasia or numbers not specified), Full Committee Review (Category E, restriction beyond "
                            "limits, or non-human primates/dogs), Tabled (incomplete submission or PI training not current)."),
            "protocol": {"protocol_no": f"IACUC-{rng.randint(2024, 2025)}-{digits(rng, 3)}", "pi": name(rng),
                         "department": rng.choice(["Immunology", "Ophthalmology", "Orthopaedics", "Neuroscience", "Microbiology"]),
                         "type": rng.choice(["New", "Triennial renewal", "New"]), "species": sp, "total_animals": total,
                         "usda_pain_category": cat, "narrative": narrative},
            "personnel": {"pi_training": training, "staff_count": rng.randint(1, 7)},
            "history": {"previous_protocol": rng.choice([None, f"IACUC-2021-{digits(rng, 3)}"]),
                        "previous_outcome": rng.choice(IA + [None, None])},
            "form_options": "Determination: [ ] Approved  [ ] Modifications Required  [ ] Full Committee Review  [ ] Tabled",
        }
        out.append(rec("iacuc_protocol_review", i, lab, IA, p, False))
    meta = {"derive_from": ["/protocol/narrative", "/protocol/species", "/protocol/usda_pain_category", "/personnel/pi_training"],
            "note": "Determined from the protocol narrative (completeness of analgesia/endpoints/euthanasia/numbers, Category E procedures), species and PI training. previous_outcome is random history."}
    return "iacuc_protocol_review", out, meta


# ---------------------------------------------------------------- solar survey (numeric labels)
SL = ["1", "2", "3", "4", "5"]
RUBRIC = ("Score = sum of points, mapped 0-2 -> 1, 3-4 -> 2, 5-6 -> 3, 7-8 -> 4, 9-10 -> 5. Azimuth within 30deg of south: 3, 30-60: 2, 60-100: 1, else 0. "
          "Annual shading <10%: 3, 10-20%: 2, 20-35%: 1, else 0. Roof remaining life >=15y: 2, 8-14y: 1, else 0. Usable area >=25 m2: 2, 15-24 m2: 1, else 0.")


def solar():
    rng = random.Random(1113)
    n = 150
    out = []
    for i in range(n):
        az_dev = rng.choice([rng.randint(0, 29), rng.randint(0, 29), rng.randint(30, 59), rng.randint(60, 99), rng.randint(100, 180)])
        azimuth = (180 + az_dev * rng.choice([-1, 1])) % 360
        shade = round(rng.choice([rng.uniform(1, 9.9), rng.uniform(1, 9.9), rng.uniform(10, 19.9), rng.uniform(20, 34.9), rng.uniform(35, 60)]), 1)
        life = rng.choice([rng.randint(15, 25), rng.randint(15, 25), rng.randint(8, 14), rng.randint(0, 7)])
        area = round(rng.choice([rng.uniform(25, 70), rng.uniform(25, 70), rng.uniform(15, 24.9), rng.uniform(6, 14.9)]), 1)
        pts = (3 if az_dev < 30 else 2 if az_dev < 60 else 1 if az_dev < 100 else 0) + (3 if shade < 10 else 2 if shade < 20 else 1 if shade < 35 else 0) \
            + (2 if life >= 15 else 1 if life >= 8 else 0) + (2 if area >= 25 else 1 if area >= 15 else 0)
        lab = "1" if pts <= 2 else "2" if pts <= 4 else "3" if pts <= 6 else "4" if pts <= 8 else "5"
        p = {
            "instruction": "Give the site suitability score (1-5) using the rubric. " + RUBRIC,
            "site": {"survey_id": f"SSV-{digits(rng, 6)}", "address": f"{rng.randint(10, 9999)} {rng.choice(['Juniper Ln', 'Cedar Ct', 'Sunset Blvd', 'Prairie View Dr', 'Lakeshore Rd'])}, {rng.choice(['Boise ID', 'Fresno CA', 'Tucson AZ', 'Raleigh NC', 'Denver CO'])}",
                     "surveyed": when(rng), "crew": f"Crew {rng.randint(1, 5)}", "surveyor": name(rng)},
            "roof": {"azimuth_deg": azimuth, "tilt_deg": rng.randint(5, 45), "material": rng.choice(["asphalt shingle", "standing-seam metal", "concrete tile", "clay tile"]),
                     "remaining_life_years": life, "usable_area_m2": area, "rafter_spacing_in": rng.choice([16, 24])},
            "shading": {"annual_shading_pct": shade, "tool": rng.choice(["Solmetric SunEye", "Aurora LIDAR", "drone photogrammetry"]),
                        "main_obstruction": rng.choice(["none", "neighbour's oak", "chimney", "2-storey house to the south", "vent stacks"])},
            "electrical": {"main_panel_amps": rng.choice([100, 125, 150, 200]), "utility": rng.choice(["Idaho Power", "PG&E", "TEP", "Duke Energy", "Xcel"])},
            "customer": {"priority": str(rng.randint(1, 5)), "financing_tier": rng.choice(["Tier 1", "Tier 2", "Tier 3"]), "photos_uploaded": rng.randint(1, 5)},
        }
        out.append(rec("solar_site_survey", i, lab, SL, p, False))
    meta = {"derive_from": ["/roof/azimuth_deg", "/roof/remaining_life_years", "/roof/usable_area_m2", "/shading/annual_shading_pct", "/instruction"],
            "note": "Score is computed from azimuth, shading, roof life and usable area with the rubric. Small integers elsewhere (crew number, customer priority, photos, financing tier) are random."}
    return "solar_site_survey", out, meta


# ---------------------------------------------------------------- reservation no-show
NS = ["low", "medium", "high"]
NOTES = ["Birthday, would like a low-key table away from the kitchen", "One guest is low-sodium, one gluten-free", "Steak medium-rare for the birthday boy, he always orders it",
         "High chair needed", "Anniversary", "Prefers the quiet corner", "Allergic to shellfish", "Will bring own cake, happy to pay corkage", "", "", ""]


def noshow():
    rng = random.Random(1114)
    n = 180
    out = []
    for i in range(n):
        visits = rng.choice([0, 0, 1, 2, 3, 5, 8, 14])
        ns = rng.choice([0, 0, 0, 1, 2, 3]) if visits else 0
        late_cxl = rng.choice([0, 0, 1, 2])
        lead = rng.choice([0, 1, 2, 5, 9, 14, 21, 30, 45])
        party = rng.choice([2, 2, 2, 3, 4, 4, 5, 6, 8, 10, 12])
        deposit = rng.random() < .35
        card = deposit or rng.random() < .5
        confirmed = rng.choice(["confirmed via SMS", "no reply", "no reply", "confirmed via email", "not yet sent"])
        channel = rng.choice(["own website", "phone", "OpenTable", "Google Reserve", "walk-in waitlist", "Instagram DM"])
        score = 0
        score += 3 * ns + late_cxl
        score += 2 if lead >= 21 else 1 if lead >= 9 else 0
        score += 1 if party >= 8 else 0
        score -= 3 if deposit else 0
        score -= 1 if card else 0
        score -= 2 if confirmed.startswith("confirmed") else 0
        score += 1 if channel in ("Google Reserve", "Instagram DM") else 0
        score -= 1 if visits >= 5 and ns == 0 else 0
        lab = "low" if score <= 0 else "medium" if score <= 3 else "high"
        p = {
            "instruction": ("Predict no-show risk (low/medium/high). House scoring: +3 per past no-show, +1 per late cancel, +1 lead time 9-20d, +2 lead >=21d, "
                            "+1 party >=8, -3 deposit, -1 card on file, -2 confirmed, +1 booked via Google Reserve or Instagram DM, -1 regular (5+ visits, no no-shows). "
                            "<=0 low, 1-3 medium, >=4 high."),
            "reservation": {"res_id": f"R{digits(rng, 7)}", "party_size": party, "lead_time_days": lead, "slot": rng.choice(["17:30", "18:00", "19:15", "20:30", "21:00"]),
                            "channel": channel, "deposit_paid": deposit, "card_on_file": card, "confirmation": confirmed,
                            "table": rng.choice(["High-top 12", "Booth 4", "Patio 7", "Bar 2", "Chef's counter", "Main 15"]),
                            "notes": rng.choice(NOTES)},
            "guest": {"guest_id": f"G{hexid(rng, 6)}", "name": name(rng), "visits": visits, "no_shows": ns, "late_cancels": late_cxl,
                      "vip": rng.choice(["", "", "Regular", "Friends & family"]) if True else ""},
            "context": {"section_noise_level": rng.choice(NS), "weather_forecast": rng.choice(["clear", "rain", "snow", "heatwave"]),
                        "event_nearby": rng.choice([None, "Arena concert", "Marathon road closures", None])},
        }
        out.append(rec("reservation_noshow_risk", i, lab, NS, p, False))
    meta = {"derive_from": ["/reservation", "/guest/visits", "/guest/no_shows", "/guest/late_cancels", "/instruction"],
            "note": "Risk follows from the house scoring over reservation and guest history. Section noise level (low/medium/high), table names and notes are unrelated."}
    return "reservation_noshow_risk", out, meta


GENS = [labflag, three11, iacuc, solar, noshow]
