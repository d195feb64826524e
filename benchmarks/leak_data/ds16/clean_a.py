"""Clean datasets, part A: bird banding age codes, hardwood log grades, wool fibre-diameter class."""
import os
from helpers import *


# ---------------------------------------------------------------- bird_banding_age  (clean)
def bird_banding_age(manifest):
    rng = random.Random(1610)
    name = "bird_banding_age"
    labels = ["HY", "AHY", "SY", "ASY"]
    n = 163
    targets = balanced_labels(rng, labels, n, [4, 3, 3, 2])
    species = [("Gray Catbird", "GRCA"), ("Song Sparrow", "SOSP"), ("Common Yellowthroat", "COYE"), ("Yellow Warbler", "YEWA"),
               ("American Robin", "AMRO"), ("Black-capped Chickadee", "BCCH"), ("Red-eyed Vireo", "REVI"),
               ("Swainson's Thrush", "SWTH"), ("Wood Thrush", "WOTH"), ("Ovenbird", "OVEN")]
    stations = ["HYPO", "ASHR", "SYCA", "BRLK", "MRSH", "AHYL", "OXBO", "CEDR"]  # realistic 4-letter station codes
    banders = ["ASY", "MHY", "DKL", "RJS", "SYN", "TAH", "JPB", "AHY"]  # bander initials
    legend = ("Age codes (BBL): HY = hatching year; AHY = after hatching year (exact year unknown); "
              "SY = second year; ASY = after second year. Age is reckoned by calendar year (1 Jan rollover).")
    rows = []
    for i, t in enumerate(targets):
        sp, alpha = rng.choice(species)
        if t in ("HY", "AHY"):
            y = rng.choice([2022, 2023, 2024, 2025])
            d = rdate(rng, (y, 7, 15), (y, 10, 31))
        else:
            y = rng.choice([2022, 2023, 2024, 2025])
            d = rdate(rng, (y, 4, 20), (y, 7, 10))
        crit = {}
        how = []
        if t == "HY":
            crit["skull"] = rng.choice(["0 (none)", "1", "2", "3", "4 (window large)", "5 (small windows)"])
            crit["molt_limits"] = rng.choice(["limit within greater coverts, retained juvenal outer GCs", "juvenal plumage, body molt in progress",
                                              "preformative molt incomplete; juvenal primaries/secondaries retained"])
            crit["rectrices"] = rng.choice(["tapered, pointed", "narrow, pointed tips", None])
            how = ["SK"] + (["MR"] if rng.random() < 0.6 else [])
        elif t == "AHY":
            crit["skull"] = "6 (completely pneumatized)"
            crit["molt_limits"] = rng.choice(["none, all feathers definitive", "no limits detected; fresh adult-type coverts"])
            crit["rectrices"] = rng.choice(["broad, truncate", "rounded, fresh", None])
            how = ["SK"] + (["PL"] if rng.random() < 0.4 else [])
        elif t == "SY":
            crit["skull"] = rng.choice(["6", "6 (complete)", "not checked"])
            crit["molt_limits"] = rng.choice(["molt limit between inner and outer greater coverts; retained juvenal primary coverts",
                                              "contrast between replaced and retained greater coverts",
                                              "retained juvenal alula and primary coverts, brownish and worn"])
            crit["rectrices"] = rng.choice(["pointed, heavily abraded", "tapered, worn tips"])
            how = ["MR", "FF"] if rng.random() < 0.5 else ["MR"]
        else:
            crit["skull"] = rng.choice(["6", "6 (complete)", "not checked"])
            crit["molt_limits"] = rng.choice(["none; uniform definitive coverts", "no molt limits, all wing coverts same generation"])
            crit["rectrices"] = rng.choice(["broad, truncate", "truncate, moderately worn"])
            how = ["MR", "FF"] if rng.random() < 0.6 else ["FF"]
        if crit.get("rectrices") is None:
            crit.pop("rectrices")
        crit["iris"] = rng.choice(["dark brown", "brown", "gray-brown", "not recorded"])
        cap = {"station": rng.choice(stations), "net": f"N{rng.randint(1, 14):02d}", "date": d.isoformat(),
               "time": f"{rng.randint(5, 12):02d}{rng.choice(['00', '10', '20', '30', '40', '50'])}",
               "band_no": f"{rng.choice([2871, 2990, 1751, 2631, 1382])}-{rng.randint(10000, 99999)}",
               "species": sp, "alpha": alpha, "bander": rng.choice(banders), "capture_code": rng.choice(["N", "N", "N", "U"]),
               "band_status": rng.choice(["new", "new", "new", "recap (within season)"])}
        meas = {"wing_mm": round(rng.uniform(52, 130), 0), "mass_g": round(rng.uniform(8, 85), 1), "fat": rng.randint(0, 5),
                "sex": rng.choice(["M", "F", "U", "U"]), "how_sexed": rng.choice(["CP", "BP", "PL", "--"])}
        proj = {"instruction": "Assign the BBL age code for this capture from the ageing criteria. " + legend,
                "capture": cap, "measurements": meas, "ageing": {"criteria": crit, "how_aged": how}}
        if rng.random() < 0.3:
            proj["photo"] = {"mime": "image/jpeg", "thumb_b64": base64.b64encode(bytes(rng.randrange(256) for _ in range(48))).decode()}
        if rng.random() < 0.3:
            proj["notes"] = rng.choice(["Feather mites heavy.", "Bird released in good condition.", "Broken tarsus? released, flew well.",
                                        "ASY/SY call deferred to photo review in similar birds; here criteria clear.",
                                        "Trainee banded, checked by ASY.", "Rain at 0930, nets furled."])
        rows.append((t, proj, False))
    meta = {"derive_from": ["/capture/date", "/ageing/criteria", "/ageing/how_aged"],
            "note": "Age follows from the capture date (calendar-year reckoning) with skull pneumatization, molt limits "
                    "and rectrix shape. Station codes and bander initials are arbitrary identifiers."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "bird-banding age code (HY/AHY/SY/ASY)",
            "traps": "legend of every age code in every instruction; bander initials and station codes that equal/contain codes (ASY, AHY, HYPO, SYCA); BBL code fields (how_aged/how_sexed/capture_code); random base64 photo thumbnail; note text naming codes ('ASY/SY call deferred', 'checked by ASY')"}


# ---------------------------------------------------------------- hardwood_log_grade (clean)
def log_grade(sed, length, clear, cuts):
    if sed >= 13 and length >= 10 and clear >= 83.3 and cuts <= 2:
        return "1"
    if sed >= 11 and length >= 8 and clear >= 66.7 and cuts <= 3:
        return "2"
    if sed >= 8 and length >= 8 and clear >= 50.0:
        return "3"
    return "4"


def hardwood_log_grade(manifest):
    rng = random.Random(1611)
    name = "hardwood_log_grade"
    labels = ["1", "2", "3", "4"]
    n = 139
    targets = balanced_labels(rng, labels, n, [2, 3, 3, 2])
    rules = ("Grade per the USFS hardwood factory-lumber log rules summarised here (identical for every ticket): "
             "Grade 1 = SED >= 13 in, length >= 10 ft, >= 5/6 clear on grading face, <= 2 cuttings; Grade 2 = SED >= 11 in, "
             ">= 8 ft, >= 4/6 clear, <= 3 cuttings; Grade 3 = SED >= 8 in, >= 8 ft, >= 1/2 clear; Grade 4 = below grade. "
             "Answer with the digit only (1, 2, 3 or 4).")
    species = ["red oak", "white oak", "hard maple", "soft maple", "yellow-poplar", "black cherry", "ash", "hickory", "basswood"]
    rows = []
    for i, t in enumerate(targets):
        for _ in range(20000):
            sed = rng.randint(8, 24) if t != "4" else rng.randint(6, 20)
            length = rng.choice([8, 8, 10, 12, 12, 14, 16])
            clear = round(rng.uniform(30, 100), 1)
            cuts = rng.randint(1, 5)
            if log_grade(sed, length, clear, cuts) == t:
                break
        cut_lengths = []
        remaining = length * clear / 100
        for k in range(cuts):
            part = remaining / (cuts - k) if k < cuts - 1 else remaining
            cut_lengths.append(round(part, 1))
            remaining -= cut_lengths[-1]
        ticket = {"ticket_no": rng.randint(1000, 9999), "truck_no": rng.randint(1, 6), "deck": rng.randint(1, 4),
                  "scaler": f"S-{rng.randint(1, 9):02d}", "load_date": rdate(rng).isoformat(),
                  "log_on_load": f"{rng.randint(1, 14)} of {rng.randint(14, 30)}"}
        log = {"species": rng.choice(species), "small_end_diameter_in": sed, "length_ft": length,
               "grading_face": {"face_no": rng.randint(1, 4), "clear_pct": clear, "cuttings_ft": cut_lengths, "cuttings_count": cuts},
               "sweep_in": rng.choice([0, 0, 1, 2, 3]),
               "defects": rng.sample(["bird peck", "small knot cluster", "mineral streak", "frost crack (1 face)", "seam 2 ft",
                                      "end split", "heart rot 3 in", "grub holes", "overgrown knot"], rng.randint(0, 3)),
               "scale_deduction_pct": rng.choice([0, 0, 5, 10, 15, 20]),
               "doyle_bf": max(0, round(((sed - 4) ** 2) * length / 16))}
        if rng.random() < 0.3:
            log.pop("sweep_in")
        proj = {"instruction": rules, "scale_ticket": ticket, "log": log}
        if rng.random() < 0.35:
            proj["scaler_notes"] = rng.choice(["Tier 2 on the deck, paint mark blue.", "Re-measured SED, bark removed.",
                                               "Buyer asked for 3 more loads of 12 ft.", "Log 4 of the load had a nail; flagged.",
                                               "Pass 2 measurement after trimming 1 ft.", "Rain; surfaces wet, defects harder to see."])
        rows.append((t, proj, False))
    meta = {"derive_from": ["/log/small_end_diameter_in", "/log/length_ft", "/log/grading_face"],
            "note": "Grade follows the summarised factory-grade rules in the instruction; ticket/truck/deck numbers are logistics."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "hardwood factory log grade (numeric 1-4)",
            "traps": "small integers everywhere that collide with numeric labels (truck, deck, face, scaler, log-of-load, 'Tier 2', 'Pass 2'); identical grading-rules template listing every grade in every record"}


# ---------------------------------------------------------------- wool_diameter_class (clean)
def wool_diameter_class(manifest):
    rng = random.Random(1612)
    name = "wool_diameter_class"
    labels = ["superfine", "fine", "medium", "strong"]
    n = 151
    targets = balanced_labels(rng, labels, n, [2, 3, 3, 2])
    band = {"superfine": (15.2, 18.4), "fine": (18.6, 19.4), "medium": (19.6, 22.4), "strong": (22.6, 27.5)}
    studs = ["Superfine Park", "Strongwater", "Fine Ridge Merinos", "Mediterra Downs", "Boorowa Vale", "Merryville", "Collinsville"]
    rows = []
    for i, t in enumerate(targets):
        mfd = round(rng.uniform(*band[t]), 1)
        cv = round(rng.uniform(15, 24), 1)
        cf = round(min(99.9, max(70, 100 - (mfd - 15) * 2.2 - rng.uniform(0, 6))), 1)
        ss = rng.randint(22, 52)
        test = {"lab": rng.choice(["AWTA Melbourne", "AWTA Kewdale", "NZWTA Napier"]), "method": rng.choice(["OFDA2000", "Laserscan", "Airflow"]),
                "mean_fibre_diameter_um": mfd, "cv_diameter_pct": cv, "comfort_factor_pct": cf,
                "staple_length_mm": rng.randint(62, 118), "staple_strength_nkt": ss,
                "position_of_break": f"{rng.choice(['tip', 'middle', 'base'])} {rng.randint(20, 60)}%",
                "yield_pct_schlumberger_dry": round(rng.uniform(58, 76), 1), "vm_base_pct": round(rng.uniform(0.2, 3.5), 1)}
        if test["method"] == "Airflow":
            test.pop("cv_diameter_pct")
            test.pop("comfort_factor_pct")
        clip = {"farm": rng.choice(["Glenrock", "Warrah Creek", "Mt Bute", "Kilfera", "Tara", "Yarralumla Park"]),
                "shearing_date": rdate(rng).isoformat(), "mob": rng.choice(["maiden ewes", "wethers", "hoggets", "weaners", "mixed-age ewes"]),
                "head": rng.randint(120, 2400), "bale_no": rng.randint(1, 160), "classer_stencil": f"{rng.randint(1000, 9999)}",
                "sire_stud": rng.choice(studs)}
        notes = []
        for _ in range(rng.randint(0, 2)):
            notes.append(rng.choice([
                "Strong northerly all morning, fleeces blowing off the table.",
                "Fine weather, shed dry by 7 am.",
                "Medium-sized mob, shed ran smoothly with 4 stands.",
                f"Staple {'strong and sound' if ss >= 35 else 'tender, break near middle'} on tug test.",
                "Owner says the superfine bloodline came in via rams bought in 2016.",
                "Fine by me to press skirtings together with pieces.",
                "Some cotts in the weaner lines, removed.",
                "A few strong-coloured (yellow) fleeces from the creek paddock pulled out."]))
        proj = {"instruction": "Class this line of Merino fleece wool by fibre diameter into superfine, fine, medium or "
                               "strong, using the objective test. See https://www.awex.com.au/ for the standard.",
                "clip": clip, "objective_test": test}
        if notes:
            proj["classer_notes"] = " ".join(notes)
        rows.append((t, proj, False))
    meta = {"derive_from": ["/objective_test"],
            "note": "Diameter class bands: superfine <= 18.5, fine 18.6-19.5, medium 19.6-22.5, strong >= 22.6 micron."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "Merino wool line diameter class",
            "traps": "label words in ordinary senses ('strong northerly', 'fine weather', 'medium-sized mob', 'staple strong and sound', 'strong-coloured'); stud names containing labels (Superfine Park, Strongwater, Fine Ridge, Mediterra); staple-strength figures unrelated to diameter"}
