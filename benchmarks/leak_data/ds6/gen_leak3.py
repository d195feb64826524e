from gen_common import *

# ---------------------------------------------------------------- 7. crop scouting diagnosis
def crop():
    N = "crop_scouting_diagnosis"
    r = random.Random(607)
    L = ["rust", "blight", "powdery mildew", "nutrient deficiency", "healthy"]
    crops_for = {"rust": ["winter wheat", "spring wheat", "barley"], "blight": ["potato", "tomato"],
                 "powdery mildew": ["winter wheat", "barley", "squash", "grapevine"], "nutrient deficiency": ["corn", "winter wheat", "soybean", "potato"],
                 "healthy": ["corn", "winter wheat", "soybean", "potato", "tomato", "barley", "grapevine"]}
    sym = {
        "rust": ["Orange-brown pustules scattered on upper leaf surface, rub off as powder on fingers.", "Yellow stripes of tiny pustules running along the veins on flag-1 leaves.",
                 "Raised cinnamon-coloured pustules on leaves and some on stems; leaves look dusty.", "Powdery orange spores on my boots after walking the rows."],
        "blight": ["Dark water-soaked lesions on leaf margins, white fuzzy growth underneath in the morning.", "Brown-black patches spreading fast on leaves and stems after the wet week; smells rotten.",
                   "Large irregular greasy-looking brown spots, some stems blackened; pale halo around lesions.", "Tubers dug up show reddish-brown dry rot under skin; foliage collapsing in patches."],
        "powdery mildew": ["White talc-like patches on upper leaves, wipe off easily, lower canopy worse.", "Greyish-white fluffy colonies on leaf surfaces; some tiny black dots in older colonies.",
                           "Leaves look dusted with flour, especially in dense shaded parts.", "White felt on leaves and some berries, leaves curling."],
        "nutrient deficiency": ["Older lower leaves yellowing from the tip down the midrib in a V shape, new growth green.", "Interveinal yellowing on youngest leaves, veins stay green, high pH spot in field.",
                                "Leaf edges of older leaves turning brown/scorched, no spots or fungal growth.", "Pale, stunted plants across the sandy strip; uniform yellow-green colour, no lesions."],
        "healthy": ["Canopy uniform, dark green, no lesions or discoloration found in 10 stops.", "Walked W pattern, plants vigorous, a bit of insect feeding but nothing significant.",
                    "Good colour and stand, no spots, no powdery growth. Some dust from the road edge.", "Nothing of note; leaves clean on both sides."]}
    wx = {"rust": (12, 22, "dewy mornings"), "blight": (14, 24, "persistent rain, 90%+ RH"), "powdery mildew": (18, 26, "humid but dry leaves"),
          "nutrient deficiency": (10, 30, "normal"), "healthy": (10, 30, "normal")}
    latin = {"rust": "Puccinia striiformis f. sp. tritici", "blight": "Phytophthora infestans", "powdery mildew": "Blumeria graminis / Erysiphales",
             "nutrient deficiency": "abiotic: N/Fe/K deficiency pattern", "healthy": "no pathogen detected"}
    es = {"rust": "hay roya en las hojas", "blight": "tizón, se están pudriendo las matas", "powdery mildew": "oídio, como ceniza blanca",
          "nutrient deficiency": "falta de abono, hojas amarillas", "healthy": "todo sano, sin problemas"}
    recs = []
    n = r.randint(140, 180)
    farms = ["Hollow Creek Farms", "Van der Berg Acres", "Ridge Top Ag", "Sandhill Organics", "Cottonwood Partnership", "Prairie Sun Growers"]
    for i in range(1, n + 1):
        lab = r.choice(L)
        crop = r.choice(crops_for[lab])
        lo, hi, pattern = wx[lab]
        field = "F-%s-%02d" % (alnum(r, 2, string.ascii_uppercase), r.randint(1, 40))
        growth = {"winter wheat": ["GS31", "GS37", "GS39", "GS55"], "spring wheat": ["GS30", "GS45"], "barley": ["GS32", "GS49"], "potato": ["tuber bulking", "row closure"],
                  "tomato": ["first fruit set", "flowering"], "squash": ["vining", "fruit set"], "grapevine": ["veraison", "bunch closure"], "corn": ["V6", "V10", "VT"], "soybean": ["V4", "R1", "R3"]}[crop]
        obs = r.choice(sym[lab])
        inc = 0 if lab == "healthy" else r.randint(5, 70)
        proj = {"instruction": "Based on the scouting report, diagnose the main problem: rust, blight, powdery mildew, nutrient deficiency, or healthy.",
                "scouting_report": {"report_id": "SR-%s" % digits(r, 6), "farm": r.choice(farms), "field": field, "crop": crop, "growth_stage": r.choice(growth),
                                    "scout": name(r), "date": ts(r, start=datetime(2024, 4, 1), days=160, fmt="%Y-%m-%d"),
                                    "observations": obs, "incidence_pct": inc, "photos": ["IMG_%s.HEIC" % digits(r, 4) for _ in range(r.randint(1, 3))]},
                "weather_7d": {"tmin_c": lo + r.randint(-2, 2), "tmax_c": hi + r.randint(-2, 2), "rain_mm": r.randint(25, 70) if lab == "blight" else r.randint(0, 30), "pattern": pattern if r.random() < 0.8 else "variable"},
                "field_history": {"previous_crop": r.choice(["corn", "soybean", "wheat", "fallow", "potato"]), "soil": r.choice(["silt loam", "loamy sand", "clay loam"]),
                                  "farm_health_index": round(r.uniform(0.4, 0.95), 2)}}
        leak = r.random() < 0.4
        if leak:
            forms = r.sample(["cv", "rx", "worker", "lab", "whatsapp"], r.choice([1, 2]))
            for f in forms:
                if f == "cv":
                    proj["image_model"] = {"model": "leafnet-v5", "top1": latin[lab], "p": round(r.uniform(0.55, 0.98), 2)}
                elif f == "rx":
                    prod = {"rust": ("tebuconazole 250 EC", "0.5 L/ha"), "blight": ("mandipropamid + cymoxanil", "0.6 L/ha"), "powdery mildew": ("sulfur 80 WG", "3 kg/ha"),
                            "nutrient deficiency": ("UAN 28% side-dress", "60 L/ha"), "healthy": ("none", "0")}[lab]
                    proj["agronomist_agent_calls"] = [{"tool": "create_prescription", "arguments": json.dumps({"field": field, "product": prod[0], "rate": prod[1]})}]
                elif f == "worker":
                    proj["scouting_report"]["crew_comment"] = "Mensaje del encargado: %s." % es[lab]
                elif f == "lab":
                    panel = {"rust": "PATH-FUNG-RUST-PCR", "blight": "PATH-OOMY-PI-PCR", "powdery mildew": "PATH-FUNG-PM-MICRO", "nutrient deficiency": "TISSUE-NPK-MICRO", "healthy": None}[lab]
                    if panel:
                        proj["lab_submissions"] = [{"sample": "LS%s" % digits(r, 6), "panel": panel, "status": "received"}]
                    else:
                        proj["scouting_report"]["next_visit_reason"] = "routine - no issues to follow up"
                elif f == "whatsapp":
                    em = {"rust": "🟠🍂", "blight": "⚫💧🥔", "powdery mildew": "⚪🌫️", "nutrient deficiency": "🟡🌽", "healthy": "🟢👍"}[lab]
                    proj["grower_chat"] = [{"from": "grower", "ts": ts(r), "text": "%s %s" % (field, em)}]
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/scouting_report/observations", "/scouting_report/crop", "/scouting_report/incidence_pct", "/scouting_report/growth_stage", "/weather_7d"],
          "Diagnose from the scout's symptom description, crop, incidence and weather. farm_health_index is a farm-level score unrelated to this field.",
          "leaking", "image-model top-1 Latin pathogen name, prescription tool-call arguments (product implies disease, escaped JSON), Spanish crew comment, lab panel code, emoji in grower chat")


# ---------------------------------------------------------------- 8. repair-order warranty coverage
def warranty():
    N = "repair_order_coverage"
    r = random.Random(608)
    L = ["powertrain warranty", "basic warranty", "goodwill", "customer pay"]
    pt_parts = [("engine", "Timing chain tensioner rattle on cold start, chain stretch measured"), ("engine", "Oil consumption test failed, 1 qt / 900 mi, piston rings"),
                ("transmission", "Harsh 2-3 upshift, TCM code P0776, valve body"), ("transmission", "CVT judder at 20-30 mph, fluid clean"),
                ("drive axle", "CV axle inner joint clicking on turns, boot intact"), ("transfer case", "Transfer case whine in 4H, no leak")]
    bb_parts = [("infotainment", "Head unit reboots randomly, no CarPlay"), ("climate", "A/C blowing warm, compressor clutch not engaging, no leak found"),
                ("power window", "Driver window regulator cable snapped"), ("body electrical", "Liftgate won't open with key fob, actuator inop"),
                ("suspension", "Front strut mount clunk over bumps"), ("sensors", "Blind-spot monitor fault intermittently")]
    cp_items = [("brakes", "Pads at 2mm, rotors scored - wear item"), ("tires", "Sidewall bulge from pothole impact"), ("maintenance", "Oil change + tire rotation, 5k service"),
                ("wipers", "Wiper blades streaking"), ("body", "Bumper cover cracked, customer backed into post"), ("engine", "Engine hydrolocked after driving through flooded street")]
    models = ["Kestrel SE", "Kestrel LX", "Tundrax 2.7T", "Vela Hybrid", "Marlin AWD", "Orca XL"]
    recs = []
    n = r.randint(150, 190)
    for i in range(1, n + 1):
        lab = r.choice(L)
        ro_date = dt(r, start=datetime(2024, 3, 1), days=360)
        hist_visits = r.randint(0, 3)
        aftermarket = None
        if lab == "powertrain warranty":
            sys_, concern = r.choice(pt_parts)
            months = r.randint(37, 59) if r.random() < 0.7 else r.randint(6, 59)
            miles = r.randint(36500, 59000) if months > 36 else r.randint(3000, 59000)
        elif lab == "basic warranty":
            sys_, concern = r.choice(bb_parts + pt_parts[:2])
            months = r.randint(3, 35); miles = r.randint(1500, 35500)
            if sys_ in ("engine", "transmission") and r.random() < 1:
                sys_, concern = r.choice(bb_parts)
        elif lab == "goodwill":
            if r.random() < 0.5:
                sys_, concern = r.choice(pt_parts); months = r.randint(61, 65); miles = r.randint(52000, 64500)
            else:
                sys_, concern = r.choice(bb_parts); months = r.randint(37, 40); miles = r.randint(30000, 39500)
            hist_visits = r.randint(9, 16)
        else:
            k = r.random()
            if k < 0.5:
                sys_, concern = r.choice(cp_items); months = r.randint(4, 70); miles = r.randint(3000, 80000)
            elif k < 0.75:
                sys_, concern = r.choice(pt_parts); months = r.randint(66, 110); miles = r.randint(66000, 140000)
            else:
                sys_, concern = r.choice(bb_parts); months = r.randint(30, 58); miles = r.randint(41000, 70000)
                aftermarket = r.choice([None, "Aftermarket remote start installed by third party", None])
                if sys_ in ("infotainment", "body electrical") and aftermarket is None:
                    aftermarket = "Non-OEM dash cam hardwired into fuse box"
        in_service = ro_date - timedelta(days=int(months * 30.4))
        vin = "1K%s%s" % (alnum(r, 7, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"), digits(r, 8))
        ro = "RO%s" % digits(r, 6)
        hist = [{"date": (ro_date - timedelta(days=90 * k + r.randint(0, 30))).strftime("%Y-%m-%d"), "op": r.choice(["LOF", "ROT", "MPI", "ALIGN", "CABIN FLTR"])} for k in range(hist_visits)]
        tech = r.choice(["Verified concern.", "Road tested w/ customer, verified.", "Could duplicate on 2nd road test.", "Concern verified on lift."]) + " " + concern + "."
        if aftermarket:
            tech += " Found: %s, wiring spliced into affected circuit." % aftermarket
        proj = {"instruction": "Classify who pays for this repair line: powertrain warranty (5 yr/60,000 mi), basic warranty (3 yr/36,000 mi), goodwill (policy adjustment for loyal customers just outside coverage with full dealer service history), or customer pay. Engine/transmission/driveline defects are always claimed under powertrain while in powertrain coverage; wear items, damage and aftermarket-caused failures are customer pay.",
                "repair_order": {"ro": ro, "opened": ro_date.strftime("%Y-%m-%d %H:%M"), "advisor": name(r), "customer_concern": r.choice(["Customer states ", "C/S ", "Cust says "]) + concern.lower().split(",")[0] + ".",
                                 "line": "A", "system": sys_, "tech_story": tech, "odometer_in": miles},
                "vehicle": {"vin": vin, "model": r.choice(models), "model_year": in_service.year if r.random() < 0.7 else in_service.year + 1, "in_service_date": in_service.strftime("%Y-%m-%d")},
                "service_history_this_dealer": hist,
                "dms": {"store": "%03d" % r.randint(1, 40), "labor_type": None, "status": "OPEN"}}
        leak = r.random() < 0.6
        if leak:
            forms = r.sample(["labor", "claim", "sa", "dsm", "op"], r.choice([1, 2]))
            for f in forms:
                if f == "labor":
                    proj["dms"]["labor_type"] = {"powertrain warranty": "WPT", "basic warranty": "WBB", "goodwill": "PAP", "customer pay": "CP"}[lab]
                elif f == "claim":
                    if lab in ("powertrain warranty", "basic warranty"):
                        proj["dms"]["warranty_claim"] = {"claim_no": "W%s" % digits(r, 7), "coverage_code": {"powertrain warranty": "PT60", "basic warranty": "BB36"}[lab]}
                    elif lab == "goodwill":
                        proj["dms"]["warranty_claim"] = {"claim_no": "W%s" % digits(r, 7), "coverage_code": "GW", "auth": "DSM-%s" % digits(r, 5)}
                    else:
                        proj["dms"]["estimate_signed"] = {"amount_usd": round(r.uniform(89, 3400), 2), "signed_by": "customer", "ts": ts(r)}
                elif f == "sa":
                    sa = {"powertrain warranty": "told cust no charge, engine/trans coverage", "basic warranty": "no charge - B2B", "goodwill": "asked DSM for assist, approved 100% p&l",
                          "customer pay": "cust approved est, pay at pickup"}[lab]
                    proj["repair_order"]["advisor_notes"] = sa
                elif f == "dsm":
                    body = {"powertrain warranty": "Within PT coverage, submit normally.", "basic warranty": "Within new-vehicle limited coverage, submit normally.",
                            "goodwill": "Approved as a one-time policy adjustment, 100%% parts and labor. Ref PA-%s." % digits(r, 5),
                            "customer pay": "Outside all coverage / not a defect. No assistance available."}[lab]
                    proj["emails"] = [{"from": "dsm.region4@oem-service.com", "to": "service%s@dealer.net" % proj["dms"]["store"], "subject": "RE: %s %s" % (ro, vin[-8:]), "body": body}]
                elif f == "op":
                    sfx = {"powertrain warranty": "W1", "basic warranty": "W2", "goodwill": "G0", "customer pay": "C0"}[lab]
                    proj["repair_order"]["op_code"] = "%02d%s%s" % (r.randint(10, 99), alnum(r, 2, string.ascii_uppercase), sfx)
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/repair_order/tech_story", "/repair_order/system", "/repair_order/odometer_in", "/repair_order/opened", "/repair_order/customer_concern",
                    "/vehicle/in_service_date", "/service_history_this_dealer"],
          "Coverage follows from time/mileage since in-service vs coverage terms, the failed system, evidence of abuse/aftermarket, and dealer service history.",
          "leaking", "DMS labor type (WPT/WBB/PAP/CP), warranty claim coverage code or signed estimate, advisor shorthand note, DSM email, op-code suffix")


# ---------------------------------------------------------------- 9. DER interconnection screening track
def interconnect():
    N = "der_interconnection_track"
    r = random.Random(609)
    L = ["fast track", "supplemental review", "full study"]
    recs = []
    n = r.randint(130, 170)
    for i in range(1, n + 1):
        lab = r.choice(L)
        peak = r.randint(4000, 18000)
        minload = int(peak * r.uniform(0.25, 0.4))
        spot = False
        if lab == "fast track":
            size = round(r.uniform(8, 1900), 1)
            existing = int(peak * r.uniform(0.0, 0.14)) - size
            existing = max(0, int(existing))
            if existing + size >= 0.15 * peak: existing = int(0.15 * peak - size - 50); existing = max(existing, 0)
            if size + existing >= 0.15 * peak: size = round(0.15 * peak - existing - 60, 1)
        elif lab == "supplemental review":
            size = round(r.uniform(200, 1950), 1)
            tot = r.uniform(0.16, 0.95) * minload
            tot = max(tot, 0.16 * peak)
            if tot >= minload: tot = minload * 0.97
            existing = max(0, int(tot - size))
            if existing + size < 0.15 * peak: existing = int(0.16 * peak - size) + 1
        else:
            k = r.random()
            if k < 0.4:
                size = round(r.uniform(2100, 9800), 1); existing = int(peak * r.uniform(0.0, 0.5))
            elif k < 0.7:
                size = round(r.uniform(50, 1900), 1); existing = int(minload * r.uniform(1.05, 1.6)); 
            else:
                size = round(r.uniform(30, 900), 1); existing = int(peak * r.uniform(0.01, 0.1)); spot = True
        app = "IX-%d-%05d" % (r.choice([2024, 2025]), r.randint(1, 99999))
        util = r.choice(["Northern Prairie Power", "Cascade Electric Co-op", "Tri-State Energy Delivery", "Blue Mesa Utilities"])
        tech = r.choice(["PV + inverter (IEEE 1547-2018 certified)", "PV + BESS, export-limited", "Ground-mount PV, central inverters", "Rooftop PV, string inverters", "BESS only, non-export"])
        proj = {"instruction": "Apply the utility's screening rules and select the review track: fast track (<=2 MW, aggregate DG on the line section <=15% of peak load, not on spot/area network), supplemental review (fails only the 15% screen but aggregate DG <=100% of minimum load), or full study (otherwise).",
                "application": {"id": app, "utility": util, "applicant": r.choice(["SunPeak Developers LLC", "Greenfield Solar Partners", "Hometown School District", "Mill Creek Dairy", "Riverbend Logistics"]),
                                "submitted": ts(r), "nameplate_kw_ac": size, "technology": tech, "point_of_interconnection": "Pole %s / Feeder %s-%d" % (digits(r, 6), alnum(r, 3, string.ascii_uppercase), r.randint(1, 12)),
                                "application_fee_paid_usd": r.choice([800, 800, 1200]) if size <= 2000 else r.choice([1200, 2500])},
                "tool_calls": [{"name": "gis.feeder_lookup", "args": {"poi": "feeder"},
                                "output": {"line_section_peak_load_kw": peak, "line_section_min_daytime_load_kw": minload, "existing_and_queued_dg_kw": existing,
                                           "spot_or_area_network": spot, "voltage_kv": r.choice([12.47, 13.2, 24.9, 34.5])}}],
                "correspondence": [{"from": "interconnection@%s.com" % util.split()[0].lower(), "date": ts(r, fmt="%Y-%m-%d"),
                                    "body": r.choice(["Your application is deemed complete. Screening results will follow within 15 business days.",
                                                      "We received your application and fee. An engineer has been assigned.",
                                                      "Application complete. Please note that single-line diagram rev B has been accepted."])}]}
        leak = r.random() < 0.5
        if leak:
            forms = r.sample(["invoice", "queue", "email", "flag", "csv"], r.choice([1, 2]))
            for f in forms:
                if f == "invoice":
                    amt = {"fast track": None, "supplemental review": 2500, "full study": 10000}[lab]
                    if amt:
                        proj["billing"] = [{"invoice": "INV-%s" % digits(r, 6), "desc": {2500: "Review fee", 10000: "Deposit"}[amt], "amount_usd": amt, "status": "open"}]
                    else:
                        proj["billing"] = [{"invoice": "INV-%s" % digits(r, 6), "desc": "No additional fees due", "amount_usd": 0, "status": "closed"}]
                elif f == "queue":
                    proj["application"]["queue_position"] = "%s/%d" % ({"fast track": "FT", "supplemental review": "SR", "full study": "SIS"}[lab], r.randint(1, 400))
                elif f == "email":
                    body = {"fast track": "Good news: the project passed all initial screens and an interconnection agreement will be sent.",
                            "supplemental review": "The project did not pass Screen M (15% of peak). Please confirm if you want us to perform additional screening (min. load, voltage, safety) within 15 days.",
                            "full study": "The project requires a System Impact Study. A study agreement is attached; please return it with the deposit."}[lab]
                    proj["correspondence"].append({"from": "interconnection@%s.com" % util.split()[0].lower(), "date": ts(r, fmt="%Y-%m-%d"), "body": body})
                elif f == "flag":
                    proj["application"]["study_agreement_sent"] = lab == "full study"
                    proj["application"]["ia_draft_issued"] = lab == "fast track"
                elif f == "csv":
                    row = {"fast track": "PASS,PASS,PASS,PASS", "supplemental review": "PASS,FAIL,PASS,PASS", "full study": "FAIL,FAIL,FAIL,PASS" if size > 2000 else ("PASS,FAIL,FAIL,PASS" if not spot else "PASS,PASS,PASS,FAIL")}[lab]
                    proj["tool_calls"].append({"name": "screening.export", "args": {"app": app, "fmt": "csv"}, "output": "screen_A_size,screen_M_15pct,screen_supp_minload,screen_network\n" + row})
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/application/nameplate_kw_ac", "/tool_calls/0/output", "/instruction"],
          "Track is determined by nameplate size vs 2 MW, aggregate DG vs 15% of peak and 100% of minimum load, and the spot-network flag.",
          "leaking", "open invoice amount (review fee 2500 / study deposit 10000), queue position prefix FT/SR/SIS, screening-result email, boolean agreement flags, screening CSV export in tool output")


if __name__ == "__main__":
    crop(); warranty(); interconnect()
    for s in SUMMARY: print(s)
