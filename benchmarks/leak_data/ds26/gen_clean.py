import math, base64
from gen_common import *
from rules import DERIVE

COTTON = ["Good Middling", "Strict Middling", "Middling", "Strict Low Middling", "Low Middling"]
# ============================================================ cotton_classing
def b_cotton(rng, target, leak, i):
    lo, hi = {"Good Middling": (80.0, 84.0), "Strict Middling": (77.0, 79.9), "Middling": (73.0, 76.9),
              "Strict Low Middling": (69.0, 72.9), "Low Middling": (62.0, 68.9)}[target]
    rd = round(rng.uniform(lo, hi), 1)
    traps = {T_LABELSET: "instruction lists all five colour grades", T_CONSTANT: "office.grade_standard: 'Universal Cotton Standards (Middling = base grade 31)'"}
    rem = []
    r = rng.random()
    if r < 0.3:
        g = rng.choice(COTTON)
        t = f"Previous bale off module {rng.randrange(1000, 9999)} classed {g}."
        rem.append(t); traps[T_OTHER_REC] = t
    elif r < 0.5:
        t = "Only middling weather at the gin yard this week; strict moisture checks on all modules."
        rem.append(t); traps[T_OTHER_SENSE] = t
    elif r < 0.65:
        g = rng.choice(COTTON)
        t = f"Grower's 2025 crop averaged {g}."
        rem.append(t); traps[T_HISTORY] = t
    if rng.random() < 0.4:
        t = "No extraneous matter (bark/grass) call; no 'Good' bonus tag applied by gin."
        rem.append(t); traps[T_NEGATION] = t
    traps[T_UPSTREAM_OTHER] = "HVI leaf grade / staple / micronaire (other targets)"
    proj = {
        "instruction": "Assign the upland cotton colour grade from the HVI reflectance (Rd): Rd >= 80 Good Middling; 77-79.9 Strict Middling; 73-76.9 Middling; 69-72.9 Strict Low Middling; below 69 Low Middling.",
        "hvi_record": {"gin_code": f"{rng.randrange(10000, 99999)}", "bale_id": f"{rng.randrange(10**6, 10**7)}", "module_id": f"M{rng.randrange(1000, 9999)}",
                       "Rd": rd, "plus_b": round(rng.uniform(7.0, 11.5), 1), "leaf_grade": rng.randint(1, 7),
                       "staple_32nds": rng.randint(32, 38), "micronaire": round(rng.uniform(3.3, 5.3), 1),
                       "strength_gpt": round(rng.uniform(26, 34), 1), "trash_area_pct": round(rng.uniform(0.05, 0.8), 2)},
        "office": {"location": rng.choice(["Lubbock, TX", "Memphis, TN", "Visalia, CA", "Macon, GA"]),
                   "grade_standard": "Universal Cotton Standards (Middling = base grade 31)"},
        "classer_remarks": " ".join(rem),
    }
    return proj, [], traps

# ============================================================ hba1c_screening
def b_hba1c(rng, target, leak, i):
    unit = rng.choice(["%", "mmol/mol"])
    while True:
        if unit == "%":
            val = round(rng.uniform(4.3, 10.5), 1)
        else:
            val = rng.randint(24, 92)
        v = {"/observation/valueQuantity/value": val, "/observation/valueQuantity/unit": unit}
        if DERIVE["hba1c_screening"](v) == target:
            break
    traps = {T_LABELSET: "referenceRange text lists normal / prediabetes / diabetes"}
    hist = []
    r = rng.random()
    if r < 0.3:
        t = rng.choice(["Family history: mother with type 2 diabetes.", "Family history: no diabetes reported."])
        hist.append(t); traps[T_OTHER_REC] = t
    elif r < 0.45:
        t = "History of gestational diabetes (2019), resolved postpartum."
        hist.append(t); traps[T_HISTORY] = t
    if rng.random() < 0.35:
        t = "Haemoglobin variant screen: normal pattern (HbA only). IV normal saline given prior to draw."
        hist.append(t); traps[T_OTHER_SENSE] = t
    if rng.random() < 0.25:
        t = "Not fasting; no known drug allergies."
        hist.append(t); traps[T_NEGATION] = t
    pf = None
    if rng.random() < 0.5:
        body = ("GLYCATED HAEMOGLOBIN (HbA1c)\nSpecimen: EDTA whole blood\nMethod: " + rng.choice(["HPLC (Tosoh G8)", "immunoassay (Roche cobas)", "capillary electrophoresis (Sebia)"]) +
                "\nInterpretation guide (ADA): <5.7 % normal | 5.7-6.4 % prediabetes | >=6.5 % diabetes\nResult: see structured value.\n")
        pf = [{"contentType": "text/plain", "data": base64.b64encode(body.encode()).decode(), "title": "report-header.txt"}]
        traps[T_ENCODED] = "presentedForm base64 -> method + ADA interpretation guide, no result"
    loinc = ("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood") if unit == "%" else ("59261-8", "Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol")
    proj = {
        "instruction": "Classify this HbA1c screening result (ADA criteria). Convert IFCC mmol/mol to NGSP % with % = mmol/mol / 10.929 + 2.15. Below 5.7 % normal; 5.7-6.4 % prediabetes; 6.5 % or above diabetes.",
        "observation": {"resourceType": "Observation", "status": "final",
                        "code": {"coding": [{"system": "http://loinc.org", "code": loinc[0], "display": loinc[1]}]},
                        "effectiveDateTime": rts(rng, rdate(rng, "2026-01-05", 320)),
                        "valueQuantity": {"value": val, "unit": unit},
                        "referenceRange": [{"text": "< 5.7 % (39 mmol/mol) normal; 5.7-6.4 % (39-47) prediabetes; >= 6.5 % (48) diabetes"}],
                        "presentedForm": pf,
                        "performer": [{"display": rng.choice(["Quest Diagnostics", "LabCorp", "St Mary's Pathology"])}]},
        "patient_context": {"age": rng.randint(25, 80), "sex": rng.choice(["female", "male"]), "notes": " ".join(hist)},
    }
    return proj, [], traps

# ============================================================ lake_trophic_state
TROPH = ["oligotrophic", "mesotrophic", "eutrophic", "hypereutrophic"]
LAKE_NAMES = ["Crystal Lake", "Long Pond", "Lake Waramaug", "Mud Lake", "Silver Lake", "Bantam Lake", "Beaver Pond", "Lake Sunapee", "Otter Lake", "Green Lake"]
def b_lake(rng, target, leak, i):
    lo, hi = {"oligotrophic": (4.2, 12.0), "mesotrophic": (2.1, 3.9), "eutrophic": (0.55, 1.95), "hypereutrophic": (0.1, 0.48)}[target]
    sd = round(rng.uniform(lo, hi), 2)
    assert DERIVE["lake_trophic_state"]({"/site_visit/secchi_depth_m": sd}) == target
    lake = rng.choice(LAKE_NAMES)
    traps = {T_LABELSET: "instruction defines all four classes", T_CONSTANT: "programme: 'Volunteer Eutrophication Monitoring Programme'",
             T_BLANK: "lab_status chl_a/tp = null, pending"}
    notes = []
    r = rng.random()
    if r < 0.3:
        t = f"A 1998 state survey described {lake} as {rng.choice(TROPH)}."
        notes.append(t); traps[T_HISTORY] = t
    elif r < 0.55:
        other = rng.choice([n for n in LAKE_NAMES if n != lake])
        t = f"Neighbouring {other} was listed as {rng.choice(TROPH)} in the 2024 report."
        notes.append(t); traps[T_OTHER_REC] = t
    if rng.random() < 0.3:
        t = "No cyanobacteria scum visible at the station; no beach closure posted."
        notes.append(t); traps[T_NEGATION] = t
    proj = {
        "instruction": "Classify the lake's trophic state from the Secchi disk transparency using Carlson's index TSI(SD) = 60 - 14.41 ln(SD in metres): TSI < 40 oligotrophic; 40-49.9 mesotrophic; 50-69.9 eutrophic; 70 or more hypereutrophic.",
        "site_visit": {"lake": lake, "station": f"Deep hole {rng.randint(1, 3)}", "date": rdate(rng, "2026-06-01", 100),
                       "secchi_depth_m": sd, "water_temp_c": round(rng.uniform(14, 27), 1),
                       "weather": rng.choice(["calm, sunny", "light chop, overcast", "breezy, hazy"]),
                       "programme": "Volunteer Eutrophication Monitoring Programme"},
        "lab_status": {"chl_a_ug_l": None, "tp_ug_l": None, "note": "pending - samples shipped on ice"},
        "field_notes": " ".join(notes),
    }
    return proj, [], traps

# ============================================================ knitting_yarn_weight
YW = ["lace", "fingering", "sport", "DK", "worsted", "bulky"]
def b_yarn(rng, target, leak, i):
    while True:
        span = rng.choice([1, 2]); wraps = rng.randint(5 * span, 40 * span)
        v = {"/swatch/wraps_counted": wraps, "/swatch/span_inches": span}
        if DERIVE["knitting_yarn_weight"](v) == target:
            break
    traps = {T_LABELSET: "instruction lists lace/fingering/sport/DK/worsted/bulky"}
    desc = [f"{rng.choice(['Hand-dyed', 'Kettle-dyed', 'Undyed', 'Speckled'])} {rng.choice(['merino', 'BFL', 'alpaca/silk', 'Corriedale', 'merino/nylon'])}."]
    r = rng.random()
    if r < 0.3:
        t = f"{rng.choice(['Worsted-spun', 'Woollen-spun'])} from combed top for a smooth hand."
        desc.append(t); traps[T_OTHER_SENSE] = t
    elif r < 0.45:
        t = "Ships in a bulky-item mailer; sport socks pattern leaflet included free."
        desc.append(t); traps[T_OTHER_SENSE] = t
    elif r < 0.65:
        t = f"Bundle also includes a skein of {rng.choice(YW)} in the same colourway."
        desc.append(t); traps[T_OTHER_REC] = t
    cw = rng.choice(["Old Lace", "Heather", "Storm", "Moss", "Sport Grey", "Tidepool"])
    if cw in ("Old Lace", "Sport Grey"):
        traps[T_IDTOKEN] = f"colourway '{cw}'"
    if rng.random() < 0.25:
        t = "Not superwash; hand wash only."
        desc.append(t); traps[T_NEGATION] = t
    origin = rng.choice(["DK", "UK", "NZ", "US", "PE"])
    if origin == "DK":
        traps[T_OTHER_SENSE] = "listing.ships_from = 'DK' (Denmark)"
    proj = {
        "instruction": "Classify the yarn weight from the wraps-per-inch test: WPI = wraps counted / span in inches. WPI >= 30 lace; 19-29.9 fingering; 15-18.9 sport; 12-14.9 DK; 9-11.9 worsted; below 9 bulky.",
        "listing": {"sku": f"YN-{rng.randrange(10000, 99999)}", "colourway": cw, "skein_weight_g": rng.choice([50, 100]),
                    "dye_lot": f"{rng.randrange(100, 999)}", "ships_from": origin, "seller_description": " ".join(desc)},
        "swatch": {"wraps_counted": wraps, "span_inches": span, "tool": rng.choice(["WPI gauge (wooden)", "ruler + pencil"])},
    }
    return proj, [], traps

# ============================================================ attendance_absence
ATT = ["regular", "persistently absent", "severely absent"]
def b_attend(rng, target, leak, i):
    P = rng.choice([120, 136, 150, 190, 246, 290, 320, 380])
    while True:
        A = rng.randint(int(P * 0.2), P)
        v = {"/mis_extract/sessions_attended": A, "/mis_extract/possible_sessions": P}
        if DERIVE["attendance_absence"](v) == target:
            break
    auth = rng.randint(0, P - A); unauth = P - A - auth
    traps = {T_LABELSET: "instruction defines regular / persistently absent / severely absent"}
    notes = []
    r = rng.random()
    if r < 0.3:
        t = f"Sibling in Year {rng.randint(7, 11)} was flagged {rng.choice(ATT)} last term."
        notes.append(t); traps[T_OTHER_REC] = t
    elif r < 0.5:
        t = f"Was {rng.choice(ATT)} in Year 7 (2023/24) per transfer file."
        notes.append(t); traps[T_HISTORY] = t
    elif r < 0.65:
        t = "Takes the regular 07:40 bus; regular uniform check passed."
        notes.append(t); traps[T_OTHER_SENSE] = t
    if rng.random() < 0.3:
        t = "No safeguarding concerns recorded."
        notes.append(t); traps[T_NEGATION] = t
    proj = {
        "instruction": "Using the DfE definitions, work out the pupil's attendance band for the year to date: attendance % = sessions attended / possible sessions. Below 50 %: severely absent; 50 % to below 90 %: persistently absent; 90 % or more: regular.",
        "mis_extract": {"upn": f"A{rng.randrange(10**11, 10**12)}", "year_group": rng.randint(7, 11), "form": rng.choice(["7B", "8R", "9G", "10Y", "11W"]),
                        "possible_sessions": P, "sessions_attended": A, "authorised_absences": auth, "unauthorised_absences": unauth},
        "pastoral_note": " ".join(notes),
    }
    return proj, [], traps
