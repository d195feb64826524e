"""Clean datasets: no leak, but traps a naive auditor might flag."""
from helpers import (rdate, rtime, rts, label_plan, maybe, make_record, write_dataset, person, initials)


# ---------------------------------------------------------------- deer age
def deer(rng):
    name = "deer_jaw_age_class"
    labels = ["0.5", "1.5", "2.5", "3.5+"]
    n = 140
    plan = label_plan(rng, labels, n, [2, 4, 3, 2])
    legend = ("Severinghaus tooth replacement & wear: 0.5 = fewer than 6 cheek teeth; 1.5 = 6 teeth, P3 tricuspid (deciduous), "
              "last molar cusps erupting; 2.5 = permanent premolars, lingual crests sharp, dentine on M1 narrower than enamel; "
              "3.5+ = dentine on M1 as wide as or wider than enamel. Answer with one of 0.5, 1.5, 2.5, 3.5+.")
    stations = {"Gap Road CS": "0.5 18% | 1.5 41% | 2.5 24% | 3.5+ 17%", "Millbrook CS": "0.5 12% | 1.5 37% | 2.5 30% | 3.5+ 21%",
                "Route 9 CS": "0.5 22% | 1.5 44% | 2.5 20% | 3.5+ 14%"}
    recs = []
    for i, lab in enumerate(plan):
        sex = rng.choice(["M", "F"]) if lab != "0.5" else rng.choice(["M", "F", "M (button buck)"])
        if lab == "0.5":
            jaw = {"cheek_teeth": rng.choice([4, 5]), "p3": "tricuspid, deciduous", "m3": "not erupted", "wear_note": maybe(rng, 0.5, "milk teeth, small jaw")}
            wt = rng.randint(45, 80)
        elif lab == "1.5":
            jaw = {"cheek_teeth": 6, "p3": rng.choice(["tricuspid, deciduous", "tricuspid, being shed"]), "m3": rng.choice(["cusps partly erupted", "erupting, posterior cusp below gum"]),
                   "wear_note": maybe(rng, 0.4, "little wear, teeth sharp")}
            wt = rng.randint(75, 125)
        elif lab == "2.5":
            jaw = {"cheek_teeth": 6, "p3": "bicuspid, permanent", "m3": "fully erupted", "m1_dentine_vs_enamel": "dentine narrower than enamel",
                   "wear_note": maybe(rng, 0.5, "lingual crests sharp")}
            wt = rng.randint(95, 155)
        else:
            jaw = {"cheek_teeth": 6, "p3": "bicuspid, permanent", "m3": "fully erupted",
                   "m1_dentine_vs_enamel": rng.choice(["dentine as wide as enamel", "dentine wider than enamel", "dentine much wider; crests worn"]),
                   "wear_note": maybe(rng, 0.5, rng.choice(["lingual crests blunt", "heavy wear on P2-P3"]))}
            wt = rng.randint(110, 190)
        if rng.random() < 0.15:
            jaw.pop("wear_note", None)
        animal = {"sex": sex, "dressed_weight_lb": wt if rng.random() < 0.85 else None}
        if sex == "M" and lab != "0.5" and rng.random() < 0.8:
            animal["antler_points"] = rng.randint(2, 10)
        st = rng.choice(list(stations))
        proj = {
            "instruction": "Estimate the age class of this harvested white-tailed deer from the jaw. " + legend,
            "check": {"station": st, "date": rdate(rng, "2024-11-01", 60).isoformat(), "biologist": initials(rng),
                      "tag_no": "%d-%05d" % (rng.choice([23, 24]), rng.randint(0, 99999)),
                      "wmu": rng.choice(["2B", "3C", "4A", "5B", "6F"])},
            "jaw": jaw,
            "animal": animal,
            "harvest": {"method": rng.choice(["rifle", "muzzleloader", "archery", "crossbow"]),
                        "days_hung_before_check": rng.choice([0.5, 1.5, 2.5, 3.5, None]),
                        "beam_circ_in": maybe(rng, 0.3, rng.choice([2.5, 3.5, 4.0, 4.5]))},
            "cwd_sample": {"status": rng.choice(["submitted", "not sampled", "pending courier"]),
                           "rack_pos": "%s%d.%d" % (rng.choice("ABC"), rng.randint(1, 9), rng.choice([5, 0]))},
            "station_last_season_mix": stations[st],
        }
        # beam circumference is only loosely age-related in reality; here it is drawn at random (trap, not signal)
        recs.append(make_record(name, i, lab, labels, proj, False))
    write_dataset(name, recs, ["/jaw", "/animal"],
                  "Biologists age from tooth replacement and wear (Severinghaus), with weight/antlers as support. Other fields are administrative.")
    return name, "clean", len(recs), 0, \
        "Deer age class from jaw (numeric-looking labels). Traps: full Severinghaus legend in every instruction; numbers 0.5/1.5/2.5/3.5 in days-hung and beam fields (random); station's last-season class mix listing every label; CWD rack positions like B3.5."


# ---------------------------------------------------------------- mosquito control
def mosquito(rng):
    name = "mosquito_control_action"
    labels = ["larvicide", "adulticide", "monitor", "no action"]
    n = 160
    plan = label_plan(rng, labels, n, [3, 2, 3, 2])
    notes_pool = ["Replaced CO2 regulator; monitor battery at 60%.", "Gate code changed, no action needed from office.",
                  "Resident asked whether we adulticide near beehives - gave leaflet.", "Larvicide briquet stock low in truck 4.",
                  "Dog on property, call ahead.", "Trap bag torn, partial catch.", None, None, None]
    recs = []
    for i, lab in enumerate(plan):
        if lab == "adulticide":
            cx = rng.randint(40, 400); pool = rng.choice(["positive (WNV)", "positive (WNV)", "negative"])
            if pool == "negative":
                cx = rng.randint(180, 500)
            dips = {"dips": rng.randint(0, 10), "larvae_per_dip": round(rng.uniform(0, 1.5), 1)}
            hab = rng.choice(["storm drains and catch basins", "residential, many containers", "wetland edge"])
            comp = rng.randint(3, 25)
        elif lab == "larvicide":
            cx = rng.randint(2, 30); pool = rng.choice(["negative", "not tested"])
            dips = {"dips": rng.randint(10, 25), "larvae_per_dip": round(rng.uniform(1.5, 12), 1), "instars": rng.choice(["1st-3rd", "2nd-4th", "mostly 3rd"])}
            hab = rng.choice(["standing water in retention pond", "flooded pasture", "abandoned pool (green)", "tire pile"])
            comp = rng.randint(0, 5)
        elif lab == "monitor":
            cx = rng.randint(15, 60); pool = rng.choice(["negative", "not tested", "pending"])
            dips = {"dips": rng.randint(5, 15), "larvae_per_dip": round(rng.uniform(0, 0.9), 1), "instars": maybe(rng, 0.5, "pupae present")}
            hab = rng.choice(["drying ditch", "marsh, receding water", "retention pond with fish"])
            comp = rng.randint(0, 6)
        else:
            cx = rng.randint(0, 6); pool = rng.choice(["negative", "not tested"])
            dips = {"dips": rng.randint(0, 8), "larvae_per_dip": 0.0}
            hab = rng.choice(["dry, no standing water", "ditch dry since last visit", "pond stocked with Gambusia, no larvae"])
            comp = rng.randint(0, 2)
        if rng.random() < 0.2:
            dips.pop("dips")
        zone = "Z-%02d" % rng.randint(1, 40)
        proj = {
            "instruction": "Choose the control action for this zone this week: larvicide, adulticide, monitor or no action.",
            "zone": {"id": zone, "name": rng.choice(["Riverside North", "Cedar Flats", "Old Mill", "Airport East", "Lakeview", "Pine Hollow"]),
                     "week": "2024-W%02d" % rng.randint(22, 38)},
            "surveillance": {
                "adult_trap": {"type": rng.choice(["CDC light trap + CO2", "gravid trap"]), "culex_females_per_trap_night": cx,
                               "aedes_females": maybe(rng, 0.6, rng.randint(0, 40))},
                "wnv_pool_result": pool,
                "larval_dips": dips,
                "habitat": hab,
                "service_requests_7d": comp,
            },
            "dispatch_form": {"action_options": list(labels), "selected": None, "inspector": initials(rng)},
            "adjacent_zone_last_action": {"zone": "Z-%02d" % rng.randint(1, 40), "action": rng.choice(labels), "week_offset": -rng.randint(1, 3)},
            "tech_notes": rng.choice(notes_pool),
            "truck_inventory": "Altosid XR-G (larvicide briquets) x40; VectoBac 12AS 2.5 gal; Anvil 10+10 (adulticide) 1 drum",
        }
        recs.append(make_record(name, i, lab, labels, proj, False))
    # dispatch_form.selected is an explicit null in the source system
    for r in recs:
        r["projection"]["dispatch_form"]["selected"] = None
    write_dataset(name, recs, ["/surveillance"],
                  "Action follows the district's response plan from trap indices, WNV pool results, larval dips, habitat and service requests.")
    return name, "clean", len(recs), 0, \
        "Mosquito control action from surveillance. Traps: dispatch form listing every action with selected=null; adjacent zone's last action (random); tech notes using 'monitor', 'no action', 'adulticide' in ordinary senses; constant truck inventory naming larvicide/adulticide."


# ---------------------------------------------------------------- trademark
def trademark(rng):
    name = "trademark_exam_outcome"
    labels = ["2(d)", "2(e)(1)", "specimen", "publish"]
    n = 150
    plan = label_plan(rng, labels, n, [3, 3, 2, 3])
    arb = [("ZEPHYRLARK", "backpacks; duffel bags", "018"), ("QUILLMOOR", "scented candles", "004"), ("BRAMBLE & HALYARD", "restaurant services", "043"),
           ("VONTRIX", "computer software for scheduling", "009"), ("OTTERGLEN", "dog treats", "031"), ("MIRRAVALE", "skin care lotions", "003"),
           ("KESTREL FORGE", "kitchen knives", "008"), ("LUMAVINE", "LED light bulbs", "011"), ("TINDERHOLT", "coffee", "030"), ("SOLVARIN", "yoga clothing, namely leggings", "025")]
    desc = [("CRISPY CRUNCH", "crackers", "030"), ("FAST CHARGE", "battery chargers for mobile phones", "009"), ("ORGANIC DOG TREATS", "dog treats", "031"),
            ("SOFTSTRETCH LEGGINGS", "leggings", "025"), ("HANDMADE SOY CANDLES", "candles", "004"), ("COLD BREW CONCENTRATE", "coffee concentrates", "030"),
            ("SCHEDULE PRO ONLINE", "downloadable scheduling software", "009"), ("WATERPROOF HIKING PACK", "backpacks", "018")]
    conflicts = {"ZEPHYRLARK": "ZEPHYR LARK", "QUILLMOOR": "QUILL MOOR", "VONTRIX": "VONTREX", "OTTERGLEN": "OTTER GLEN", "MIRRAVALE": "MIRAVALE",
                 "KESTREL FORGE": "KESTREL FORGED", "LUMAVINE": "LUMAVYNE", "TINDERHOLT": "TINDERHOLDT", "SOLVARIN": "SOLVARINE", "BRAMBLE & HALYARD": "BRAMBLE HALYARD"}
    good_spec = ["Photo of hang tag attached to product showing the mark", "Photograph of product packaging bearing the mark", "Photo of label sewn into garment",
                 "Screenshot of web page showing mark next to goods with price and 'Add to cart' button"]
    bad_spec = ["Digitally created mockup: mark superimposed on stock image of product", "Advertising brochure for goods, no point-of-sale information",
                "Web page showing mark but no means of ordering the goods", "Printer's proof of label, not in use"]
    statuses = ["630 NEW APPLICATION - RECORD INITIALIZED NOT ASSIGNED TO EXAMINER", "638 NEW APPLICATION - ASSIGNED TO EXAMINER"]
    hist_status = ["Registered", "Abandoned - failure to respond", "Published for opposition", "Abandoned after final 2(d) refusal",
                   "Registered under 2(f)", "Suspended pending prior application", "Specimen refusal withdrawn; registered"]
    tmep = ("Examining attorney checklist: search for conflicting marks (Section 2(d)); consider descriptiveness (Section 2(e)(1)); "
            "review specimen (TMEP 904); if no refusal or requirement issues, approve for publication.")
    recs = []
    for i, lab in enumerate(plan):
        if lab == "2(e)(1)":
            mark, goods, ic = rng.choice(desc)
        else:
            mark, goods, ic = rng.choice(arb)
        basis = "1(a)" if lab == "specimen" else rng.choice(["1(a)", "1(a)", "1(b)", "44(e)"])
        search = []
        for _ in range(rng.randint(0, 3)):
            search.append({"reg_no": str(rng.randint(4000000, 7500000)), "mark": rng.choice(["NORTHWIND", "BLUE HERON", "ACME WORKS", "SUNGLOW", "RIVERSTONE", "PIXELFORGE"]),
                           "goods": rng.choice(["clothing", "printed matter", "beer", "medical devices", "software", "furniture"]), "status": "LIVE",
                           "owner": rng.choice(["Halden Group LLC", "Tessaro S.p.A.", "Kiyomi Co., Ltd.", "Ridgeway Brands Inc.", "Oakmere Holdings", "Lindqvist AB"])})
        if lab == "2(d)":
            search.insert(rng.randint(0, len(search)), {"reg_no": str(rng.randint(4000000, 7500000)), "mark": conflicts[mark], "goods": goods, "status": "LIVE",
                                                        "owner": rng.choice(["Halden Group LLC", "Tessaro S.p.A.", "Kiyomi Co., Ltd.", "Ridgeway Brands Inc."])})
        elif rng.random() < 0.3:
            # dead similar mark: not a bar, a trap for humans too
            search.append({"reg_no": str(rng.randint(2000000, 3999999)), "mark": conflicts.get(mark, mark + "S"), "goods": goods, "status": "DEAD - cancelled Sec. 8",
                           "owner": rng.choice(["Halden Group LLC", "Oakmere Holdings", "Lindqvist AB"])})
        spec = None
        if basis in ("1(a)",):
            spec = rng.choice(bad_spec) if lab == "specimen" else rng.choice(good_spec)
        sn = "%d%06d" % (rng.choice([97, 98, 99]), rng.randint(0, 999999))
        proj = {
            "instruction": "Decide the first-action outcome for this trademark application: 2(d), 2(e)(1), specimen, or publish.",
            "application": {"serial_no": sn, "mark": mark, "mark_type": rng.choice(["standard characters", "standard characters", "special form"]),
                            "goods_services": goods, "intl_class": ic, "filing_basis": basis, "filed": rdate(rng, "2023-06-01", 500).isoformat()},
            "specimen": {"description": spec} if spec else None,
            "search_report": search,
            "prosecution_status": rng.choice(statuses),
            "applicant_other_filings": [{"serial_no": "%d%06d" % (rng.choice([86, 87, 88, 90]), rng.randint(0, 999999)), "status": rng.choice(hist_status)}
                                        for _ in range(rng.randint(0, 3))] or None,
            "design_code": maybe(rng, 0.2, rng.choice(["26.01.02", "03.01.08", "05.03.13"])),
            "examiner_guide": tmep,
        }
        recs.append(make_record(name, i, lab, labels, proj, False))
    write_dataset(name, recs, ["/application", "/specimen", "/search_report"],
                  "The examining attorney decides from the mark, the goods, the specimen and the search report. Prosecution status is pre-examination; applicant's other filings are unrelated cases.")
    return name, "clean", len(recs), 0, \
        "Trademark first action. Traps: identical examiner checklist naming every outcome; applicant's unrelated filings with 2(d)/2(f)/specimen histories (random); filing basis codes 1(a)/1(b)/44(e) and design codes resembling the 2(e)(1) label format; dead lookalike marks."


# ---------------------------------------------------------------- stamp expertizing
def stamps(rng):
    name = "stamp_expert_opinion"
    labels = ["genuine", "forgery", "repaired", "regummed"]
    n = 130
    plan = label_plan(rng, labels, n, [4, 2, 2, 2])
    issues = [("US Scott 11", "3c dull red Washington, 1851, imperforate", "engraved", "none", "imperf"),
              ("GB SG 2", "1d black, 1840, Plate 5", "engraved (line)", "small crown", "imperf"),
              ("US Scott 230", "1c Columbian, 1893", "engraved", "none", "12"),
              ("Canada SG 1", "3d beaver, laid paper, 1851", "engraved", "none", "imperf"),
              ("Germany Mi. 1", "1 Kreuzer black, Bavaria 1849", "typographed", "none", "imperf"),
              ("Hong Kong SG 8", "8c yellow-buff, 1862", "typographed", "none", "14"),
              ("US Scott C3", "24c Jenny airmail, 1918", "engraved", "none", "11")]
    catnote = "Beware of forgeries of this issue; many mint examples have been regummed or repaired. Genuine copies are {p}, perf {g}."
    recs = []
    for i, lab in enumerate(plan):
        code, desc, printing, wmk, perf = rng.choice(issues)
        exam = {"printing_method": printing, "perforation_gauge": perf, "watermark": wmk if wmk != "none" else "none (as issued)",
                "paper": rng.choice(["wove, normal thickness", "wove", "laid"]) if "laid" not in desc else "laid"}
        if lab == "genuine":
            exam["uv_254nm"] = rng.choice(["uniform, no anomalies", "paper dull violet, consistent"])
            exam["gum"] = rng.choice(["original, light hinge mark", "no gum (as used)", "original, lightly disturbed"])
            exam["notes"] = maybe(rng, 0.6, rng.choice(["Design details match plate characteristics.", "Cancel consistent with period."]))
        elif lab == "forgery":
            exam["printing_method"] = "lithographed" if printing.startswith("engraved") else "photolithographed"
            exam["perforation_gauge"] = perf if perf == "imperf" else rng.choice(["12.5", "11.5", "13"])
            exam["uv_254nm"] = rng.choice(["bright white paper (optical brighteners)", "uniform"])
            exam["notes"] = rng.choice(["Lines broken and blurred under 20x; shading lines do not match die.", "Frame line missing at top right; design differs from reference copy.",
                                        "Ink sits flat on surface, no relief."])
            exam["gum"] = maybe(rng, 0.6, rng.choice(["gum present", "no gum"]))
        elif lab == "repaired":
            exam["uv_254nm"] = rng.choice(["dark patch at upper left (filler)", "fluorescent line along top edge"])
            exam["notes"] = rng.choice(["Thin filled at centre; fibres added on reverse.", "Closed tear at right, 4 mm, visible in watermark fluid.",
                                        "Margin added at left; paper joined under magnification.", "Pulled perfs at bottom replaced."])
            exam["gum"] = maybe(rng, 0.6, "no gum")
        else:
            exam["uv_254nm"] = rng.choice(["gum fluoresces differently from issued gum", "uniform, gum glossy"])
            exam["gum"] = rng.choice(["gum smooth and glossy, extends onto perf tips", "gum skips at lower right; no crackle pattern expected for issue",
                                      "gum colour too white for period"])
            exam["notes"] = maybe(rng, 0.5, "Perf tips show gum; slight paper curl.")
        proj = {
            "instruction": "Give the expert committee's opinion: genuine, forgery, repaired, or regummed.",
            "submission": {"ref": "%s-%d" % (rng.choice(["PF", "APEX", "RPSL"]), rng.randint(20000, 89999)), "received": rdate(rng, "2023-01-01", 700).isoformat(),
                           "item": "%s - %s" % (code, desc), "condition_claimed": rng.choice(["mint", "mint hinged", "used", "unused no gum"]),
                           "submitter_statement": rng.choice(["believed genuine", "bought at auction as genuine", "opinion requested", "for insurance valuation", None]),
                           "packaging_note": maybe(rng, 0.2, "received in glassine; outer envelope repaired with tape by post office")},
            "examination": exam,
            "catalogue_note": catnote.format(p=printing, g=perf),
            "fee_schedule": "Opinion fee covers any finding (genuine / forgery / repaired / regummed / altered).",
            "examiner": person(rng),
        }
        recs.append(make_record(name, i, lab, labels, proj, False))
    write_dataset(name, recs, ["/examination"],
                  "Opinion from the physical examination record (printing, perforation, watermark, UV, gum, notes). Submission and catalogue text are generic.")
    return name, "clean", len(recs), 0, \
        "Philatelic expertizing opinion. Traps: catalogue note (same per issue) warning of forgeries/regummed/repaired copies; fee schedule enumerating all opinions; submitter statements 'believed genuine' (random); envelope 'repaired with tape'; refs like RPSL-/APEX- codes."


# ---------------------------------------------------------------- pipeline ILI
def ili(rng):
    name = "pipeline_ili_feature_type"
    labels = ["metal loss", "dent", "crack-like", "lamination"]
    n = 170
    plan = label_plan(rng, labels, n, [5, 2, 1.5, 1.5])
    recs = []
    remarks_pool = ["Independent third-party verification pending.", "Accidental double-count in vendor list removed.", "Feature near tee; see alignment sheet 14.",
                    "Incidental finding during reprocessing.", None, None, None]
    for i, lab in enumerate(plan):
        f = {"odometer_m": round(rng.uniform(10, 84000), 2), "orientation_clock": "%d:%02d" % (rng.randint(1, 12), rng.choice([0, 15, 30, 45]))}
        if lab == "metal loss":
            f.update({"detected_by": "MFL", "depth_pct_wt": rng.randint(10, 62), "length_mm": rng.randint(10, 250), "width_mm": rng.randint(10, 200),
                      "surface": rng.choice(["external", "external", "internal"]), "caliper_deformation_pct_od": 0.0,
                      "signal_note": maybe(rng, 0.6, rng.choice(["general corrosion cluster", "pitting, isolated", "axial grooving near 6 o'clock (internal)"]))})
        elif lab == "dent":
            f.update({"detected_by": "caliper", "caliper_deformation_pct_od": round(rng.uniform(1.0, 6.5), 1), "length_mm": rng.randint(80, 600), "width_mm": rng.randint(60, 400),
                      "surface": "n/a", "signal_note": maybe(rng, 0.6, rng.choice(["smooth deformation, top side (rock?)", "bottom side, no associated MFL signal", "plain deformation, no strain concentration"]))})
        elif lab == "crack-like":
            f.update({"detected_by": "EMAT", "depth_mm": round(rng.uniform(0.8, 3.5), 1), "length_mm": rng.randint(20, 180), "surface": rng.choice(["external", "internal"]),
                      "proximity": rng.choice(["ERW long seam, 2 mm from fusion line", "long seam toe", "body, axial orientation"]),
                      "signal_note": maybe(rng, 0.6, "axial planar reflector, surface-breaking")})
        else:
            f.update({"detected_by": "UT-WM", "depth_position": rng.choice(["mid-wall", "mid-wall, 45% from OD"]), "length_mm": rng.randint(50, 900), "width_mm": rng.randint(40, 500),
                      "surface": "mid-wall", "signal_note": maybe(rng, 0.6, "reflector parallel to surfaces, no surface connection")})
        if rng.random() < 0.2:
            f.pop("width_mm", None)
        proj = {
            "instruction": "Classify this in-line inspection feature as metal loss, dent, crack-like, or lamination.",
            "run": {"run_id": "ML%d-%d-%02d" % (rng.randint(1, 4), rng.choice([2023, 2024]), rng.randint(1, 12)), "segment": rng.choice(["Bridger Jct - Clark CS", "Mile 0 - Mile 52", "Eastline 20in"]),
                    "tools": "MFL-A + caliper/XYZ + EMAT-CD + UT-WM (combo run)", "vendor": rng.choice(["Vendor A", "Vendor B"])},
            "feature": f,
            "nearest_girth_weld": {"gw_no": rng.randint(10, 9000) * 10, "distance_m": round(rng.uniform(-6, 6), 2)},
            "dig_status": rng.choice(["not scheduled", "in 2025 dig program", "excavated - awaiting NDE", "deferred"]),
            "previous_run_match": rng.choice(["matched", "new", "n/a (baseline)"]),
            "remarks": rng.choice(remarks_pool),
            "reference_docs": ["SOP_metal_loss_sizing_v3.pdf", "POF100_feature_classes.pdf"],
            "feature_class_legend": "POF: metal loss (GENE/PITT/AXGR/CIGR) | dent | crack-like | lamination | other",
        }
        recs.append(make_record(name, i, lab, labels, proj, False))
    write_dataset(name, recs, ["/feature"],
                  "Feature type is judged from the detecting technology, geometry, surface and signal notes. Run metadata, dig status and references are administrative.")
    return name, "clean", len(recs), 0, \
        "ILI feature type. Traps: run ids starting 'ML' (mainline); constant combo-tool string; POF legend listing every class; reference doc 'SOP_metal_loss_sizing'; remarks with 'Independent'/'Accidental' (substring 'dent'); random dig status / previous-run match."
