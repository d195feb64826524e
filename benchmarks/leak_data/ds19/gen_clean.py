"""Clean datasets: no leak, but traps a naive auditor might flag."""
import json
from dsutil import *

# ---------------------------------------------------------------- core lithology
LITH = ["sandstone", "siltstone", "shale", "limestone", "dolostone"]
FORMATIONS = ["Mancos Shale", "Dakota Sandstone", "Madison Limestone", "Niobrara Fm", "Morrison Fm", "Wingate Sandstone", "Kaibab Limestone",
              "Pierre Shale", "Bakken Fm", "Three Forks Fm", "Redwall Limestone", "Chinle Fm", "Lodgepole Limestone", "Greenhorn Limestone"]
LEGEND = [{"lith": "sandstone", "fgdc_pattern": 607}, {"lith": "siltstone", "fgdc_pattern": 616}, {"lith": "shale", "fgdc_pattern": 620},
          {"lith": "limestone", "fgdc_pattern": 627}, {"lith": "dolostone", "fgdc_pattern": 642}]


def core_lithology_logging():
    name = "core_lithology_logging"
    rng = rng_for(name)
    n = 146
    labs = labels_for(rng, n, LITH, [4, 2, 4, 3, 2])
    out = []
    depth = 1200.0
    for i, lab in enumerate(labs):
        well = rng.choice(["USGS Core Lab W-1187", "Hawkins 14-22H", "State 36-1", "BLM Ridge 3", "Fed 22-7 Strat Test"])
        top = round(rng.uniform(300, 3200), 1); base = round(top + rng.uniform(0.3, 6.0), 1)
        if lab == "sandstone":
            desc = {"grain_size": rng.choice(["fine sand", "medium sand", "coarse sand", "very fine to fine sand"]), "hcl_reaction": rng.choice(["none", "none", "weak on matrix (calcite cement)"]),
                    "fissility": "none", "sorting": rng.choice(["well sorted", "moderately sorted"]), "texture": rng.choice(["grains visible with hand lens, quartz dominant", "cross-bedded, rounded quartz grains", "friable, grains rub off"])}
        elif lab == "siltstone":
            desc = {"grain_size": "silt", "hcl_reaction": "none", "fissility": rng.choice(["none", "weak"]), "texture": rng.choice(["gritty when tested on teeth, grains not visible", "massive, slightly gritty feel", "laminated, gritty"])}
        elif lab == "shale":
            desc = {"grain_size": "clay", "hcl_reaction": rng.choice(["none", "none", "weak (calcareous)"]), "fissility": rng.choice(["strong", "moderate"]), "texture": rng.choice(["smooth, splits into thin plates", "soft, smooth on teeth, papery partings", "dark grey, organic-rich, fissile"])}
        elif lab == "limestone":
            desc = {"grain_size": rng.choice(["micrite", "skeletal grainstone", "wackestone"]), "hcl_reaction": "vigorous effervescence, cold dilute acid", "fissility": "none",
                    "texture": rng.choice(["crinoid ossicles and brachiopod fragments", "dense, conchoidal fracture", "oolitic"])}
        else:
            desc = {"grain_size": rng.choice(["finely crystalline", "sucrosic, medium crystalline"]), "hcl_reaction": rng.choice(["no reaction on chip; weak fizz on scratched powder", "very slow bubbling only on powder"]),
                    "fissility": "none", "texture": rng.choice(["vuggy porosity, rhombic crystals", "tan, sugary texture", "buff weathering, dense"])}
        if rng.random() < .2:
            desc.pop("fissility", None)
        proj = {"instruction": "Classify the dominant lithology of this core interval from the logger's description: sandstone, siltstone, shale, limestone or dolostone.",
                "well": {"name": well, "api": f"05-{rng.randint(1, 125):03d}-{rng.randint(10000, 99999)}", "project": rng.choice(["Shale gas appraisal program", "Regional aquifer study", "Carbon storage site characterization"])},
                "interval": {"top_ft": top, "base_ft": base, "formation_pick": rng.choice(FORMATIONS), "box": f"{rng.randint(1, 60)}/{rng.randint(60, 90)}",
                             "recovery_pct": rng.choice([100, 98, 95, 87, 72])},
                "description": desc, "colour_munsell": rng.choice(["N4", "5Y 6/1", "10YR 7/2", "5YR 4/1", "N7", "10YR 8/2"]),
                "adjacent_interval_above": {"logged_as": rng.choice(LITH), "contact": rng.choice(["sharp", "gradational", "erosional", "not recovered"])},
                "log_legend": LEGEND}
        if rng.random() < .3:
            proj["logger_comment"] = rng.choice(["Sampled for XRD.", "Formation pick from e-log, may shift once gamma ray is tied.", "Broken core, rubble at base.", "Possible limestone stringers nearby per driller, not in this interval."])
        out.append(rec(name, i, lab, LITH, proj, False))
    meta = {"derive_from": ["/description", "/colour_munsell", "/interval/recovery_pct"],
            "note": "Lithology is classified from grain size, acid reaction, fissility and texture. Formation names are stratigraphic units (a 'Shale' formation contains sandstone beds); the legend is a fixed pattern table; the adjacent interval is a different interval."}
    return name, out, meta, "formation names containing label words; fixed legend listing all five labels; adjacent interval's logged lithology (independent); project boilerplate 'Shale gas'"


# ---------------------------------------------------------------- milk tanker screening
MT = ["accept", "reject"]
PMO = "Per PMO Appendix N, any load testing positive for beta-lactam drug residue shall be rejected and disposed of in accordance with state regulations; producer samples are then traced. Loads above 45°F at receipt may be rejected at the plant's discretion."


def milk_tanker_screening():
    name = "milk_tanker_screening"
    rng = rng_for(name)
    n = 128
    labs = labels_for(rng, n, MT, [7, 3])
    out = []
    for i, lab in enumerate(labs):
        d = rdate(rng)
        temp = round(rng.uniform(34.0, 43.5), 1); odour = "normal"; snap_ratio = round(rng.uniform(1.05, 1.6), 2); seal = "intact"
        if lab == "reject":
            kind = rng.choice(["snap", "snap", "temp", "odour"])
            if kind == "snap":
                snap_ratio = round(rng.uniform(0.55, 0.95), 2)
            elif kind == "temp":
                temp = round(rng.uniform(46.5, 55.0), 1)
            else:
                odour = rng.choice(["strong feed/fermented off-odour", "rancid", "garlic/weedy, pronounced"])
        farms = [{"producer": f"{rng.randint(1000, 9999)}", "pickup_temp_f": round(rng.uniform(35, 40), 1), "driver_status": "accepted"} for _ in range(rng.randint(2, 7))]
        proj = {"instruction": "Decide whether the receiving plant should accept or reject this bulk milk tanker load.",
                "load": {"manifest": f"BL-{d.strftime('%y%m%d')}-{rng.randint(100, 999)}", "hauler": rng.choice(["Sunrise Transport", "Dairy Lines LLC", "J&M Milk Hauling"]),
                         "arrived": iso(d), "volume_lb": rng.randint(42000, 78000), "temp_f_at_receipt": temp, "seal": seal, "sensory": {"odour": odour, "appearance": rng.choice(["normal", "normal", "slight foam"])}},
                "farm_pickups": farms,
                "screening": {"test": "SNAP Beta-Lactam ST Plus", "reader": f"IDEXX SNAPshot DSR s/n {rng.randint(10000, 99999)}",
                              "sample_to_control_ratio": snap_ratio, "interpretation_rule": "ratio < 1.00 = positive; >= 1.00 = negative",
                              "incubation_min": rng.choice([6, 6, 8])},
                "lab_intake": {"sample_id": f"S{rng.randint(100000, 999999)}", "sample_status": "ACCEPTED", "analyst": rng.choice(["MB", "RT", "CJ"])},
                "regulatory_text": PMO}
        if rng.random() < .3:
            proj["driver_note"] = rng.choice(["Smelled fine to me at every farm, no reason to reject anything on my end.", "Farm 4 tank was a little warm, agitator had been off.", "Running late due to snow.",
                                              "Driver says plant last week rejected someone else's load, wants to be first in line."])
        if rng.random() < .15:
            del proj["load"]["sensory"]["appearance"]
        out.append(rec(name, i, lab, MT, proj, False))
    meta = {"derive_from": ["/load", "/screening", "/farm_pickups", "/driver_note"],
            "note": "Accept/reject follows the SNAP ratio rule, receipt temperature (>45°F) and sensory findings. lab_intake.sample_status refers to the lab accepting the sample for testing; the PMO text is identical boilerplate."}
    return name, out, meta, "constant sample_status ACCEPTED; per-farm driver_status accepted; identical regulatory boilerplate containing 'rejected'; negated/hearsay label words in driver notes"


# ---------------------------------------------------------------- cheddar grading
CH = ["AA", "A", "B", "C"]


def cheddar_grading():
    name = "cheddar_grading"
    rng = rng_for(name)
    n = 133
    labs = labels_for(rng, n, CH, [3, 4, 2, 1.5])
    out = []
    for i, lab in enumerate(labs):
        d = rdate(rng)
        intens = {"AA": ["none"], "A": ["very slight", "none"], "B": ["slight", "definite"], "C": ["definite", "pronounced"]}[lab]
        flav_def = {"AA": [], "A": ["flat", "slightly acid", "feed"], "B": ["bitter", "fermented", "acid", "whey taint"], "C": ["sour", "sulfide", "yeasty", "fruity/fermented", "metallic"]}[lab]
        body_def = {"AA": [], "A": ["slightly curdy", "slightly pasty"], "B": ["mealy", "short", "weak", "pasty"], "C": ["crumbly", "gassy", "sweet holes", "corky"]}[lab]
        defects = []
        for lst, cat in ((flav_def, "flavor"), (body_def, "body_texture")):
            for x in rng.sample(lst, min(len(lst), rng.randint(1, 2))) if lst else []:
                defects.append({"category": cat, "defect": x, "intensity": rng.choice(intens)})
        if lab == "AA" and rng.random() < .3:
            defects = []
        flavor = {"AA": "fine, highly pleasing, full cheddar", "A": "pleasing, characteristic", "B": "fairly pleasing", "C": "somewhat objectionable"}[lab]
        if rng.random() < .3:
            flavor = rng.choice(["clean, typical", "mild", "developing sharpness", "slightly open"])
        vat = f"VAT-{rng.choice(['A', 'B', 'C', 'D'])}{rng.randint(1, 14)}"
        proj = {"instruction": "Assign the U.S. grade for this lot of cheddar cheese (AA, A, B or C) from the grader's examination.",
                "lot": {"plant": f"{rng.randint(10, 56)}-{rng.randint(100, 999)}", "lot_code": f"{rng.choice('ABC')}{d.strftime('%y%j')}-{rng.randint(1, 9)}", "vat": vat,
                        "make_date": d.strftime("%Y-%m-%d"), "age_days": rng.randint(60, 400), "style": rng.choice(["40-lb block", "640-lb block", "daisy", "longhorn"]),
                        "milk_source": "Grade \"A\" pasteurized milk (PMO)", "packaging_trial_arm": rng.choice(["A", "B", None])},
                "examination": {"grader": rng.choice(["A.B. Lund", "C. Aaberg", "B. Castro", "D. Hahn"]), "plug_count": rng.choice([2, 3]),
                                "flavor_notes": flavor, "defects": defects,
                                "color": rng.choice(["uniform", "uniform", "slightly mottled" if lab in ("B", "C") else "uniform"]),
                                "finish_appearance": rng.choice(["smooth, clean rind-less wrap", "good", "minor wrap wrinkles"] + (["mold under wrap", "soiled surface"] if lab == "C" else []))},
                "chemistry": {"moisture_pct": round(rng.uniform(35.5, 38.9), 1), "fat_in_dry_matter_pct": round(rng.uniform(50, 53), 1), "salt_pct": round(rng.uniform(1.4, 1.9), 2), "ph": round(rng.uniform(5.0, 5.4), 2)}}
        if rng.random() < .2:
            proj["examination"].pop("color")
        if rng.random() < .2:
            proj["buyer_spec"] = rng.choice(["Customer requires Grade A or better for shred line.", "Export lot - certificate required.", "Aged program, sharp"])
        out.append(rec(name, i, lab, CH, proj, False))
    meta = {"derive_from": ["/examination", "/chemistry", "/lot/age_days"],
            "note": "Grade follows USDA cheddar standards: flavour, body/texture, colour and finish defects and their intensity. 'Grade A' milk is a PMO milk-supply term, not the cheese grade."}
    return name, out, meta, "'Grade \"A\" pasteurized milk' on every record; vat/lot codes and A/B packaging-trial arm with label-like letters; grader initials; buyer spec mentioning 'Grade A'"


# ---------------------------------------------------------------- snowplow priority
SP = [1, 2, 3, 4]


def snowplow_route_priority():
    name = "snowplow_route_priority"
    rng = rng_for(name)
    n = 177
    labs = labels_for(rng, n, SP, [3, 4, 5, 2])
    out = []
    for i, lab in enumerate(labs):
        facilities = []
        if lab == 1:
            fc = rng.choice([2, 3, 3]); aadt = rng.randint(14000, 42000); lanes = rng.choice([4, 4, 6]); transit = rng.random() < .6
            if rng.random() < .5: facilities.append(rng.choice(["hospital ED access", "fire station 3 apron", "police HQ"]))
        elif lab == 2:
            fc = rng.choice([4, 5]); aadt = rng.randint(4000, 14000); lanes = rng.choice([2, 2, 4]); transit = rng.random() < .7
            if rng.random() < .4: facilities.append("grade > 6% hill")
        elif lab == 3:
            fc = 7; aadt = rng.randint(600, 4000); lanes = 2; transit = False
            if rng.random() < .6: facilities.append(rng.choice(["elementary school frontage", "middle school bus loop"]))
        else:
            fc = 7; aadt = rng.randint(20, 600); lanes = rng.choice([1, 2]); transit = False
            facilities.append(rng.choice(["cul-de-sac", "alley", "dead end, 4 homes", "private-lane agreement"]))
        seg = f"SEG-{rng.randint(10000, 99999)}"
        proj = {"instruction": "Assign the winter maintenance priority (1 = highest ... 4 = lowest) for this street segment.",
                "segment": {"id": seg, "street": rng.choice(["Main St", "Colfax Ave", "Pine Ridge Ct", "Alley 2 (behind Elm)", "County Line Rd", "Hwy 2 frontage", "4th Ave", "Route 1 spur"]),
                            "functional_class_fhwa": fc, "aadt": aadt, "lanes": lanes, "length_mi": round(rng.uniform(0.05, 2.4), 2),
                            "max_grade_pct": round(rng.uniform(0.5, 9.5), 1), "transit_route": transit, "facilities": facilities},
                "operations": {"district": rng.randint(1, 4), "truck_no": rng.randint(1, 48), "storm_level_declared": rng.choice([1, 2, 3]),
                               "plan_version": f"v{rng.randint(1, 4)}", "shift": rng.choice(["A", "B"])}}
        if rng.random() < .2:
            proj["resident_request"] = rng.choice(["Please make our street priority 1, my mother is on dialysis.", "Plows never come before noon.", "We have 3 kids who walk to school on this street.", "Berm blocks my driveway every time."])
        if rng.random() < .15:
            del proj["segment"]["max_grade_pct"]
        out.append(rec(name, i, lab, SP, proj, False))
    meta = {"derive_from": ["/segment"],
            "note": "Priority comes from functional class, traffic volume, transit routes, emergency/school facilities and grade. District, truck, storm level, plan version and resident requests are operational noise."}
    return name, out, meta, "small integers 1-4 everywhere (district, truck, storm level, plan version, lanes, street names 'Route 1', 'Alley 2'); FHWA functional-class numbers on a different scale; resident asking for 'priority 1'"


# ---------------------------------------------------------------- burn permits
BP = ["approve", "approve with conditions", "deny"]
DANGER = [("Low", "green"), ("Moderate", "blue"), ("High", "yellow"), ("Very High", "orange"), ("Extreme", "red")]
PNG_STUB = b64("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00x\x00\x00\x00(\x08\x02\x00\x00\x00signature")


def burn_permit_decision():
    name = "burn_permit_decision"
    rng = rng_for(name)
    n = 152
    labs = labels_for(rng, n, BP, [4, 4, 2])
    out = []
    for i, lab in enumerate(labs):
        d = rdate(rng, (2025, 2, 1), 600)
        btype = rng.choice(["yard debris pile", "agricultural stubble", "land clearing slash", "ditch burning"])
        pile_ft = rng.randint(4, 10); dist_ft = rng.randint(60, 400); materials = ["brush", "leaves"]
        wind = rng.randint(2, 9); rh = rng.randint(35, 70); danger = rng.choice(DANGER[:2]); ban = False
        if lab == "approve with conditions":
            kind = rng.choice(["big", "wind", "danger", "acreage"])
            if kind == "big": pile_ft = rng.randint(12, 25)
            elif kind == "wind": wind = rng.randint(10, 15)
            elif kind == "danger": danger = DANGER[2]
            else: btype = "agricultural stubble"; pile_ft = None
        elif lab == "deny":
            kind = rng.choice(["ban", "dist", "mat", "danger"])
            if kind == "ban": ban = True
            elif kind == "dist": dist_ft = rng.randint(10, 45)
            elif kind == "mat": materials += [rng.choice(["tires", "treated lumber", "shingles", "household trash"])]
            else: danger = rng.choice(DANGER[3:]); rh = rng.randint(8, 20); wind = rng.randint(12, 25)
        hist = [{"permit": f"BP-{y}-{rng.randint(100, 9999)}", "year": y, "decision": rng.choice(BP)} for y in sorted(rng.sample(range(2016, 2025), rng.randint(0, 3)))]
        proj = {"instruction": "Decide this open-burning permit application: approve, approve with conditions, or deny.",
                "application": {"permit_no": f"BP-{d.year}-{rng.randint(100, 9999)}", "submitted": iso(d), "county": rng.choice(["Josephine", "Shasta", "Kittitas", "Larimer", "Deschutes"]),
                                "burn_type": btype, "pile_diameter_ft": pile_ft, "acres": round(rng.uniform(5, 80), 1) if btype == "agricultural stubble" else None,
                                "distance_to_structures_ft": dist_ft, "materials": materials, "water_source_on_site": rng.choice([True, True, False]),
                                "applicant_signature_png_b64": PNG_STUB,
                                "office_use_only": {"approved_by": "", "conditions": "", "reason_for_denial": ""}},
                "conditions_on_burn_day": {"forecast_wind_mph": wind, "min_rh_pct": rh, "fire_danger_rating": danger[0], "fire_danger_colour": danger[1],
                                           "county_burn_ban_in_effect": ban},
                "applicant_history": hist}
        if rng.random() < .25:
            proj["application"]["applicant_comment"] = rng.choice(["Last year my permit was denied because of a ban, hoping for approval this time.", "Will have a hose and two people on site.", "Burning orchard prunings.", "Neighbor approves."])
        out.append(rec(name, i, lab, BP, proj, False))
    meta = {"derive_from": ["/application", "/conditions_on_burn_day"],
            "note": "Decision follows burn-ban status, setbacks, prohibited materials, pile size/acreage, wind, humidity and fire danger. Applicant history lists other years' permits; office-use fields are blank on intake; the signature is an image."}
    return name, out, meta, "prior-year permits with label-valued decisions (independent); blank office-use fields named approved_by/conditions/reason_for_denial; base64 signature image; colour-coded fire danger; applicant comment using label words"
