from common import *


# ---------------------------------------------------------------- 1 dam hazard (LEAKING)
def g_dam():
    L = ["low", "significant", "high"]
    ds = DS("dam_hazard", "LEAKING", "Classify a dam's hazard potential (FEMA P-333) from the breach/inundation analysis", L)
    rng = R(101); n = 150
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.45)
    names = ["Cedar Creek", "Mill Pond", "Otter Run", "Willow Bend", "Stony Brook", "Fox Hollow", "Bear Lake",
             "Highland Lake", "Lowry Pond", "Crystal Springs", "Hidden Valley", "Pine Ridge", "Blackwater", "Turkey Run"]
    code = {"low": "L", "significant": "S", "high": "H"}
    interval = {"low": 60, "significant": 36, "high": 12}
    instr = ("You are assisting a state dam safety engineer. Using the tools' output, classify the dam's hazard "
             "potential under FEMA P-333. Definitions: high = failure or mis-operation would probably cause loss of "
             "human life (population at risk in the breach scenario greater than zero); significant = no probable loss "
             "of life but economic loss of at least $1,000,000 or disruption of lifeline facilities; low = neither. "
             "Answer with exactly one of: low, significant, high.")
    for i, lab in enumerate(labels):
        if lab == "high":
            par = rng.choice([rng.randint(1, 12), rng.randint(13, 400), rng.randint(401, 9000)])
            econ = rng.choice([rng.randint(20, 990) * 1000, rng.randint(1, 80) * 1_000_000])
            life = rng.random() < 0.5
        elif lab == "significant":
            par = 0
            if rng.random() < 0.5:
                econ = rng.randint(1, 80) * 1_000_000; life = rng.random() < 0.5
            else:
                econ = rng.randint(20, 990) * 1000; life = True
        else:
            par = 0; econ = rng.randint(5, 990) * 1000; life = False
        did = f"{rng.choice(['TX','OK','PA','NC','VA','OH'])}{rng.randint(1000, 99999):05d}"
        nm = rng.choice(names) + " Dam"
        notes = []
        fams = []
        if rng.random() < 0.3:
            t = rng.choice(["High water mark from the 2019 flood is visible on the left abutment.",
                            "Low-level outlet gate exercised through full travel; operable.",
                            "Significant vegetation (saplings < 2 in.) on downstream slope; owner to clear."])
            notes.append(t); ds.trap("label word in another sense", t)
        if rng.random() < 0.25:
            old = rng.choice(L)
            t = f"File history: listed as {old} hazard in the {rng.choice([1979, 1981, 1986])} Phase I inspection (pre-development); superseded."
            notes.append(t); ds.trap("historical classification of same dam (superseded)", t)
        if nm.startswith(("Highland", "Lowry")):
            ds.trap("label substring inside a proper name", nm)
        dam = {"dam_id": did, "name": nm, "county": rng.choice(["Wake", "Logan", "Bucks", "Hays", "Greene", "Union"]),
               "river": rng.choice(["Trib. to Deep River", "Mill Creek", "Otter Creek", "Little Fork"]),
               "owner_type": rng.choice(["Private", "Local Government", "Utility", "State"]),
               "year_completed": rng.randint(1920, 2005), "dam_height_ft": rng.randint(12, 95),
               "max_storage_acft": rng.randint(40, 12000),
               "spillway_type": rng.choice(["Uncontrolled", "Controlled", "None"]),
               "condition_assessment": rng.choice(["Satisfactory", "Fair", "Poor", "Not Rated"]),
               "inspector_notes": " ".join(notes) or "No new deficiencies observed."}
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                eap = "Y" if lab != "low" else rng.choice(["N", "NR"])
                dam["nid_export"] = {"header": "NIDID,DAM_NAME,STATE,YEAR_COMPLETED,HAZARD,EAP,LAST_INSP",
                                     "row": f"{did},{nm.upper()},{did[:2]},{dam['year_completed']},{code[lab]},{eap},{day((2022,1,1), rng.randint(0,600))}"}
                fams.append("code column in an embedded CSV export row (NID hazard letter)")
            if "B" in which:
                last = rng.randint(0, 700)
                dam["inspection_program"] = {"routine_interval_months": interval[lab],
                                             "last_inspection": day((2022, 1, 1), last),
                                             "next_due": day((2022, 1, 1), last + interval[lab] * 30)}
                fams.append("regulatory schedule set from the class (inspection interval)")
        if rng.random() < 0.3:
            t = "Dear owner, this letter confirms that {{dam_name}} remains classified as {{hazard_potential}} hazard potential."
            dam["draft_owner_letter"] = t
            ds.trap("unfilled template placeholder for the label", t)
        ds.trap("definition of every label in the instruction", "high = ... significant = ... low = neither")
        breach = {"scenario": rng.choice(["Sunny-day failure", "PMF overtopping failure", "1/2 PMF failure"]),
                  "model": rng.choice(["HEC-RAS 6.3 2D", "HEC-RAS 5.0.7 1D", "DSS-WISE Lite"]),
                  "population_at_risk": par, "economic_loss_usd": econ, "lifeline_disruption": life,
                  "inundation_map": f"maps/{did}_breach_{rng.randint(1,9)}.pdf"}
        proj = {"instruction": instr,
                "tool_calls": [{"tool": "get_dam_record", "args": {"dam_id": did}, "result": dam},
                               {"tool": "get_breach_analysis", "args": {"dam_id": did}, "result": breach}]}
        ds.add(lab, proj, fams)
    ds.write(["/tool_calls/1/result/population_at_risk", "/tool_calls/1/result/economic_loss_usd",
              "/tool_calls/1/result/lifeline_disruption"],
             "Hazard potential follows only from the breach analysis consequences (PAR, economic loss, lifelines). "
             "Dam size, condition and history are context and do not determine the class.")


# ---------------------------------------------------------------- 2 sea state (LEAKING, numeric labels)
def g_sea():
    L = ["3", "4", "5", "6", "7", "8"]
    ds = DS("sea_state", "LEAKING", "Report the WMO code 3700 sea state from a buoy's significant wave height", L)
    rng = R(202); n = 144
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.5)
    rng_hs = {"3": (0.51, 1.25), "4": (1.26, 2.5), "5": (2.51, 4.0), "6": (4.01, 6.0), "7": (6.01, 9.0), "8": (9.01, 14.0)}
    word = {"3": "slight", "4": "moderate", "5": "rough", "6": "very rough", "7": "high", "8": "very high"}
    stations = ["41044", "41049", "44008", "62105", "64045", "51004", "46006"]
    sysmsg = ("You are a marine weather assistant. Sea state uses WMO code table 3700 on significant wave height Hs: "
              "0 calm-glassy 0 m; 1 calm-rippled 0-0.1; 2 smooth 0.1-0.5; 3 slight 0.5-1.25; 4 moderate 1.25-2.5; "
              "5 rough 2.5-4; 6 very rough 4-6; 7 high 6-9; 8 very high 9-14; 9 phenomenal >14 m. Upper bounds inclusive.")
    for i, lab in enumerate(labels):
        lo, hi = rng_hs[lab]
        hs = round(rng.uniform(lo, hi), 2)
        st = rng.choice(stations); hh = rng.choice([0, 6, 12, 18]); dd = rng.randint(1, 28)
        stamp = f"2024-03-{dd:02d}T{hh:02d}:00Z"
        obs = {"station": st, "time": stamp,
               "waves": {"hs_m": hs, "dominant_period_s": rng.randint(5, 16), "mean_dir_deg": rng.randrange(0, 360, 10)},
               "wind": {"dir_deg": rng.randrange(0, 360, 10), "speed_kt": rng.randint(3, 45), "gust_kt": None},
               "sst_c": round(rng.uniform(4, 27), 1), "pressure_hpa": round(rng.uniform(985, 1035), 1)}
        remarks = []
        fams = []
        tool_meta = {"cache_key": f"obs|{st}|{stamp[:13].replace('-', '').replace('T', '')}", "cache_hit": rng.random() < 0.5,
                     "latency_ms": rng.randint(40, 900)}
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                remarks.append({"call_sign": rng.choice(["V7AB3", "9HXY2", "C6FT7", "PDHW"]), "distance_nm": rng.randint(2, 18),
                                "remark": f"Sea {word[lab]}, {rng.choice(['shipping spray over bow', 'vessel pitching', 'reduced speed', 'course maintained'])}."})
                fams.append("WMO descriptor word in a nearby ship's free-text remark")
            if "B" in which:
                tool_meta["cache_key"] = f"wmo3700|{st}|{stamp[:13].replace('-', '').replace('T', '')}|ss={lab}"
                fams.append("label in the tool's cache key")
        if rng.random() < 0.35:
            t = rng.choice(["Visibility good, moderate breeze from the W.", "Swell from NW, long period.",
                            "High pressure ridge building to the north.", "Light rain showers, visibility 5 nm."])
            remarks.append({"call_sign": rng.choice(["WDC4", "ELZN7", "A8KL3"]), "distance_nm": rng.randint(5, 40), "remark": t})
            ds.trap("descriptor words in another sense (Beaufort/pressure)", t)
        synop = None
        if rng.random() < 0.3:
            other = rng.choice(L)
            synop = f"Neighbouring station {rng.choice(stations)} reported sea state {other} six hours earlier."
            ds.trap("label of another station / earlier time", synop)
        if rng.random() < 0.4:
            ds.trap("coincidental numerals equal to a label", f"dominant_period_s={obs['waves']['dominant_period_s']}, station {st}")
        ds.trap("full code table in the system message", "5 rough 2.5-4; 6 very rough 4-6")
        proj = {"system": sysmsg,
                "user": f"What is the sea state code at buoy {st} for {stamp}? Reply with the code digit only.",
                "buoy_obs": obs, "ship_reports": remarks, "tool_meta": tool_meta}
        if synop:
            proj["context_note"] = synop
        ds.add(lab, proj, fams)
    ds.write(["/buoy_obs/waves/hs_m"], "Sea state is a function of significant wave height only. Wind, period, SST and pressure are independent context here.")


# ---------------------------------------------------------------- 3 Waldbrand (LEAKING, German labels)
def g_wald():
    L = ["sehr geringe Gefahr", "geringe Gefahr", "mittlere Gefahr", "hohe Gefahr", "sehr hohe Gefahr"]
    ds = DS("waldbrand", "LEAKING", "Waldbrandgefahrenstufe (5 Stufen, German labels) aus dem Fire Weather Index einer Station", L)
    rng = R(303); n = 130
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.35)
    ranges = {L[0]: (0.0, 4.9), L[1]: (5.0, 11.1), L[2]: (11.2, 21.2), L[3]: (21.3, 37.9), L[4]: (38.0, 65.0)}
    en = {L[0]: "very low danger", L[1]: "low danger", L[2]: "moderate danger", L[3]: "high danger", L[4]: "very high danger"}
    colour = {L[0]: "#ffffcc", L[1]: "#ffeda0", L[2]: "#feb24c", L[3]: "#f03b20", L[4]: "#bd0026"}
    stations = [("Angermünde", "BB"), ("Cottbus", "BB"), ("Lindenberg", "BB"), ("Würzburg", "BY"), ("Gardelegen", "ST"),
                ("Hohenpeißenberg", "BY"), ("Neuruppin", "BB"), ("Leipzig-Holzhausen", "SN"), ("Trier-Petrisberg", "RP")]
    anw = ("Bestimme die Waldbrandgefahrenstufe für die Station aus dem Fire Weather Index (FWI) der Messung. "
           "Schwellen: FWI < 5 sehr geringe Gefahr; 5 bis < 11,2 geringe Gefahr; 11,2 bis < 21,3 mittlere Gefahr; "
           "21,3 bis < 38 hohe Gefahr; ab 38 sehr hohe Gefahr. Antworte mit genau einer Stufe.")
    for i, lab in enumerate(labels):
        lo, hi = ranges[lab]
        fwi = round(rng.uniform(lo, hi), 1)
        name, bl = rng.choice(stations)
        mess = {"datum": day((2024, 6, 1), rng.randint(0, 90)), "termin": "12 UTC",
                "temperatur_c": round(rng.uniform(14, 36), 1), "rel_feuchte_pct": rng.randint(18, 85),
                "wind_kmh": rng.randint(2, 40), "niederschlag_24h_mm": round(rng.choice([0, 0, 0, rng.uniform(0, 12)]), 1),
                "fwi": fwi}
        notice = {"de": "Bitte beachten Sie die Hinweise der Forstbehörde und der Gemeinde.",
                  "en": "Please follow the guidance of the forestry authority and the municipality."}
        feat = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(rng.uniform(6.5, 14.5), 3), round(rng.uniform(48, 54), 3)]},
                "properties": {"station": name, "marker-color": rng.choice(["#1f78b4", "#33a02c", "#6a3d9a", "#e31a1c"])}}
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                notice["en"] = f"Forest fire danger for {name} today: {en[lab]}. " + notice["en"]
                fams.append("English translation of the German label in a bilingual notice")
            if "B" in which:
                feat["properties"]["fill"] = colour[lab]; feat["properties"]["fill-opacity"] = 0.6
                fams.append("map fill colour (hex) mapped 1:1 to the level")
        ds.trap("unrelated colour value (station marker)", f"marker-color {feat['properties']['marker-color']}")
        hinweise = []
        if rng.random() < 0.35:
            t = rng.choice(["Am Morgen hohe Luftfeuchtigkeit, Tau auf Bodenvegetation.", "Geringe Sichtweite durch Frühnebel.",
                            "Mittlere Windgeschwindigkeit laut Mast 2 nicht verfügbar."])
            hinweise.append(t); ds.trap("Label-Wörter in anderer Bedeutung (label words in another sense)", t)
        if rng.random() < 0.3:
            t = f"Vorwoche (archiviert): {rng.choice(L)}."
            hinweise.append(t); ds.trap("historical level of the same station", t)
        if name.startswith("Hohen"):
            ds.trap("label substring in a place name", name)
        ds.trap("full threshold table in the instruction", "21,3 bis < 38 hohe Gefahr")
        proj = {"anweisung": anw, "station": {"name": name, "bundesland": bl, "kennung": f"{rng.randint(100, 7400):05d}"},
                "messung": mess, "karte": feat, "bekanntmachung": notice, "hinweise": hinweise}
        ds.add(lab, proj, fams)
    ds.write(["/messung/fwi"], "Die Stufe folgt allein aus dem FWI-Wert. Temperatur, Feuchte usw. sind hier unabhängige Begleitdaten.")


# ---------------------------------------------------------------- 4 UV index (CLEAN, multi-word labels)
def g_uv():
    L = ["Low", "Moderate", "High", "Very High", "Extreme"]
    ds = DS("uv_index", "CLEAN", "Report the WHO UV index exposure category from a daily UV forecast", L)
    rng = R(404); n = 130
    labels = balanced(rng, L, n)
    ints = {"Low": (0, 2), "Moderate": (3, 5), "High": (6, 7), "Very High": (8, 10), "Extreme": (11, 14)}
    cities = ["Brisbane", "Phoenix", "Highlands Ranch", "Lowell", "Santiago", "Denver", "Cape Town", "Valencia", "Blackpool", "Honolulu"]
    sysmsg = ("You are a weather assistant. Map the forecast maximum UV index (rounded half up to an integer) to the WHO "
              "category: 0-2 Low, 3-5 Moderate, 6-7 High, 8-10 Very High, 11+ Extreme. Reply with the category only.")
    for i, lab in enumerate(labels):
        k = rng.randint(*ints[lab])
        x = round(k + rng.uniform(-0.49, 0.49), 1)
        x = max(0.0, x)
        if math.floor(x + 0.5) != k:
            x = float(k)
        city = rng.choice(cities)
        fc = {"location": city, "date": day((2024, 1, 1), rng.randint(0, 360)), "uvi_max": x,
              "ozone_du": rng.randint(250, 380), "cloud_cover_pct": rng.randint(0, 100),
              "solar_noon_local": f"{rng.randint(11, 13)}:{rng.randint(0, 59):02d}", "advisories": []}
        if rng.random() < 0.3:
            t = rng.choice(["High pressure dominates; light winds.", "No extreme weather alerts in effect.",
                            "Extreme heat watch not issued for this area."])
            fc["advisories"].append(t)
            ds.trap("negation or other-sense use of a label word", t)
        if rng.random() < 0.3:
            t = f"Grass pollen: {rng.choice(L)}"
            fc["advisories"].append(t); ds.trap("same label vocabulary for a different index (pollen)", t)
        if rng.random() < 0.25:
            t = f"Yesterday's observed UV category: {rng.choice(L)}"
            fc["yesterday"] = t; ds.trap("label of the same place on another day", t)
        if rng.random() < 0.25:
            t = "Tip: on {{uv_category}} days, seek shade between 10am and 4pm."
            fc["tip_template"] = t; ds.trap("unfilled template placeholder", t)
        if city in ("Highlands Ranch", "Lowell", "Blackpool"):
            ds.trap("label substring inside a place name", city)
        ds.trap("full category table in the system message", "6-7 High, 8-10 Very High")
        proj = {"messages": [{"role": "system", "content": sysmsg},
                             {"role": "user", "content": f"What UV category should I expect in {city} on {fc['date']}?"},
                             {"role": "assistant", "content": None, "tool_call": {"name": "get_uv_forecast", "arguments": {"q": city, "date": fc["date"]}}},
                             {"role": "tool", "name": "get_uv_forecast", "content": fc}]}
        ds.add(lab, proj, [])
    ds.write(["/messages/3/content/uvi_max"], "Category is a fixed banding of the max UV index. Ozone and cloud fields are independent context.")


# ---------------------------------------------------------------- 5 Apgar (LEAKING)
def g_apgar():
    L = ["reassuring", "moderately abnormal", "low"]
    ds = DS("apgar", "LEAKING", "Interpret the newborn's 5-minute Apgar score (AAP/ACOG bands) from the five component scores", L)
    rng = R(505); n = 141
    nz = R(5055)  # separate stream for context fields so they stay independent of the label draw
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.4)
    band = {"reassuring": (7, 10), "moderately abnormal": (4, 6), "low": (0, 3)}
    flag = {"reassuring": "N", "moderately abnormal": "A", "low": "AA"}
    keys = ["appearance", "pulse", "grimace", "activity", "respiration"]

    def comps(total, r=rng):
        c = [0] * 5
        for _ in range(total):
            j = r.choice([k for k in range(5) if c[k] < 2]); c[j] += 1
        return dict(zip(keys, c))
    task = ("Interpret the 5-minute Apgar score for this newborn using the AAP/ACOG bands: total 7-10 reassuring, "
            "4-6 moderately abnormal, 0-3 low. Sum the five component scores (appearance, pulse, grimace, activity, "
            "respiration; 0-2 each). Answer with one of: reassuring, moderately abnormal, low.")
    for i, lab in enumerate(labels):
        tot = rng.randint(*band[lab]); c5 = comps(tot)
        c1 = comps(nz.randint(0, 10), nz); s1 = sum(c1.values())
        enc = f"E{rng.randint(1000000, 9999999)}"
        deliv = {"ga_weeks": nz.randint(30, 41), "mode": nz.choice(["SVD", "Vacuum-assisted", "Low forceps", "Cesarean, low transverse"]),
                 "birth_weight_g": nz.randint(1400, 4300), "apgar_1min": c1, "apgar_5min": c5}
        mh = rng.choice(["G2P1, uncomplicated pregnancy.", "Gestational diabetes, diet-controlled.",
                         "Category I (reassuring) CTG through second stage.", "Low-lying placenta on 20-week scan, resolved by 32 weeks.",
                         "Pre-eclampsia without severe features, on labetalol."])
        if "reassuring" in mh.lower() or "low" in mh.lower():
            ds.trap("label word in another sense (CTG, placenta, forceps)", mh)
        hl7 = [f"MSH|^~\\&|EPIC|L&D|||2024{rng.randint(1,12):02d}{rng.randint(1,28):02d}|ORU^R01|{rng.randint(10000,99999)}|P|2.5.1",
               f"OBX|1|NM|9272-6^1 minute Apgar Score^LN||{s1}|||{'N' if s1 >= 7 else ('A' if s1 >= 4 else 'AA')}|||F"]
        ds.trap("interpretation flag of a different time point (1-minute score)", hl7[1])
        link = {"enc": enc, "view": "newborn-summary", "tab": "delivery"}
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                hl7.append(f"OBX|2|NM|9274-2^5 minute Apgar Score^LN||{tot}|||{flag[lab]}|||F")
                fams.append("HL7 v2 OBX abnormal-flag/total for the 5-minute score in a pipe-delimited feed")
            if "B" in which:
                link["apgar5_interp"] = lab
                fams.append("label inside a base64url-encoded deep-link context")
        if rng.random() < 0.2:
            t = "Twin A: 5-min Apgar interpreted as " + rng.choice(L) + "."
            mh += " " + t; ds.trap("label of another patient (co-twin)", t)
        ds.trap("band definitions of every label in the task text", "4-6 moderately abnormal, 0-3 low")
        proj = {"task": task, "encounter": {"encounter_id": enc, "delivery": deliv, "maternal_history": mh,
                                             "hl7_feed": hl7, "chart_link": "https://ehr.example-health.org/nb/view?ctx=" + b64url(link)}}
        ds.add(lab, proj, fams)
    ds.write(["/encounter/delivery/apgar_5min/" + k for k in keys],
             "Only the five 5-minute component scores determine the interpretation. The 1-minute score is a different time point, independent here.")


# ---------------------------------------------------------------- 6 ski piste (CLEAN, colour words)
def g_ski():
    L = ["green", "blue", "red", "black"]
    ds = DS("ski_piste", "CLEAN", "Assign the European piste difficulty colour from surveyed 100 m segment gradients", L)
    rng = R(606); n = 124
    labels = balanced(rng, L, n)
    rngs = {"green": (4, 14), "blue": (15, 24), "red": (25, 39), "black": (40, 62)}
    resorts = ["Blue Knob", "Black Mountain", "Red River", "Val Thorens", "Greenway Hills", "Les Arcs", "Zauchensee", "Whitegrass"]
    instr = ("Classify the piste by its steepest 100 m segment: maximum gradient < 15 % green; 15-24.9 % blue; "
             "25-39.9 % red; >= 40 % black. Use the surveyed segments. Answer green, blue, red or black.")
    for i, lab in enumerate(labels):
        mx = rng.randint(*rngs[lab]) + rng.choice([0, 0.5]) if lab != "green" else rng.randint(*rngs[lab])
        if lab in ("blue", "red") and mx >= rngs[lab][1] + 0.5:
            mx = rngs[lab][1]
        k = rng.randint(6, 18)
        segs = [round(rng.uniform(2, mx), 1) for _ in range(k)]
        segs[rng.randrange(k)] = mx
        segs = [min(s, mx) for s in segs]
        res = rng.choice(resorts)
        survey = {"resort": res, "piste_name": rng.choice(["Combe", "Panorama", "Forest Run", "Schuss", "Lupin", "Edelweiss"]) + f" {rng.randint(1, 30)}",
                  "segments": [{"from_m": 100 * j, "to_m": 100 * (j + 1), "gradient_pct": s} for j, s in enumerate(segs)],
                  "width_min_m": rng.randint(8, 45), "survey_method": rng.choice(["GNSS RTK", "LiDAR 2023", "Total station"])}
        notes = []
        if res in ("Blue Knob", "Black Mountain", "Red River", "Greenway Hills"):
            ds.trap("label word inside a resort name", res)
        if rng.random() < 0.3:
            t = f"Neighbouring pistes: {rng.choice(['Lupin', 'Combe'])} ({rng.choice(L)}), {rng.choice(['Chamois', 'Marmotte'])} ({rng.choice(L)})."
            notes.append(t); ds.trap("labels of other pistes", t)
        if rng.random() < 0.25:
            t = f"Regraded in {rng.randint(2005, 2019)}; signage previously {rng.choice(L)}."
            notes.append(t); ds.trap("historical label of the same piste before regrading", t)
        if rng.random() < 0.3:
            t = rng.choice(["No black ice reported on the access road.", "Red chairlift closed for maintenance.",
                            "Blue sky forecast; grooming at 04:30.", "Snow guns on green pipeline section only."])
            notes.append(t); ds.trap("colour word in another sense / negated", t)
        ds.trap("full colour scheme in the instruction", "25-39.9 % red; >= 40 % black")
        ds.add(lab, {"instruction": instr, "survey": survey, "ops_notes": notes}, [])
    ds.write(["/survey/segments"], "Colour is determined by the maximum segment gradient only.")


# ---------------------------------------------------------------- 7 wake turbulence (LEAKING, single-letter labels)
def g_wake():
    L = ["L", "M", "H", "J"]
    ds = DS("wake_turbulence", "LEAKING", "Assign the ICAO wake turbulence category from aircraft type and MTOW", L)
    rng = R(707); n = 148
    labels = balanced(rng, L, n); leak = pick(rng, n, 0.55)
    types = {"L": [("C172", 1111), ("PA28", 1157), ("SR22", 1633), ("C208", 3995), ("PC12", 4740), ("BE20", 5670)],
             "M": [("E190", 51800), ("A320", 78000), ("B738", 79016), ("AT76", 23000), ("DH8D", 29574), ("CRJ9", 38330), ("C560", 7634)],
             "H": [("B763", 186880), ("A332", 242000), ("B77W", 351534), ("B789", 254011), ("A359", 280000), ("B744", 396890)],
             "J": [("A388", 575000), ("A388", 569000), ("A388", 560000)]}
    airlines = ["DLH", "BAW", "AFR", "UAE", "KLM", "SIA", "QFA", "N", "D-E", "G-"]
    instr = ("Assign the ICAO wake turbulence category (Doc 4444) from the maximum certificated take-off mass: "
             "L (light) <= 7 000 kg; M (medium) > 7 000 and < 136 000 kg; H (heavy) >= 136 000 kg; J (super) for types "
             "of A380 size (>= 500 000 kg). Answer with the letter only.")
    for i, lab in enumerate(labels):
        typ, mtow = rng.choice(types[lab])
        if rng.random() < 0.3:
            cs = rng.choice(["N", "D-E", "G-B"]) + "".join(rng.choice("ABCDEFGKNPRSTUVWXYZ") for _ in range(3))
        else:
            cs = rng.choice(["DLH", "BAW", "AFR", "UAE", "KLM", "SIA", "QFA", "EZY", "SWR"]) + str(rng.randint(1, 999))
        orig, dest = rng.sample(["EDDF", "EGLL", "LFPG", "OMDB", "EHAM", "WSSS", "KJFK", "LSZH", "EDDM", "LOWW"], 2)
        flight = {"callsign": cs, "aircraft_type": typ, "mtow_kg": mtow, "origin": orig, "destination": dest,
                  "stand": rng.choice(["A12", "B44", "H7", "L3", "M21", "J9", "C2"])}
        adsb = {"icao24": f"{rng.randint(0, 0xFFFFFF):06x}", "alt_ft": rng.randrange(0, 41000, 100), "gs_kt": rng.randint(0, 520),
                "squawk": f"{rng.randint(0, 7777):04d}".replace("8", "0").replace("9", "1")}
        sources = {"filed_route": f"N0{rng.randint(110, 490)}F{rng.randrange(80, 410, 10):03d} DCT {rng.choice(['ANEKI', 'NUBRI', 'TOBAK', 'LAM'])} {rng.choice(['Y163', 'UL607', 'N14', 'DCT'])}"}
        fams = []
        if i in leak:
            which = rng.choice([["A"], ["B"], ["A", "B"]])
            if "A" in which:
                eq = rng.choice(["SDFGRY", "SDE2E3FGHIJ3RWXY"])
                sources["fpl_message"] = (f"(FPL-{cs.replace('-', '')}-I{rng.choice('GSN')}\n-{typ}/{lab}-{eq}/LB1\n-{orig}{rng.randint(0, 23):02d}{rng.choice(['00', '30'])}\n"
                                          f"-{sources['filed_route']}\n-{dest}{rng.randint(0, 12):02d}{rng.choice(['15', '45'])}\n-PBN/A1B1 DOF/24{rng.randint(1, 12):02d}{rng.randint(1, 28):02d})")
                del sources["filed_route"]
                fams.append("category after the slash in ICAO FPL item 9 (raw ATS message)")
            if "B" in which:
                ec = {"L": "A1", "M": "A2" if mtow < 34019 else "A3", "H": "A5", "J": "A5"}[lab]
                adsb["emitter_category"] = ec
                fams.append("ADS-B emitter category (weight class of another standard)")
        notes = []
        if rng.random() < 0.3:
            t = rng.choice([f"Heavy rain at {dest}; expect ILS Category II.", f"Runway 27L closed; stand H{rng.randint(1, 30)} allocated.",
                            "Light chop reported FL340-FL360.", "Medium-term NOTAM: taxiway M closed."])
            notes.append(t); ds.trap("category words/letters in another sense (weather, runways, taxiways)", t)
        if rng.random() < 0.2:
            t = f"Preceding departure on same runway: {rng.choice(['B77W', 'A320', 'C172', 'A388'])} (category {rng.choice(L)})."
            notes.append(t); ds.trap("category of another aircraft (preceding departure)", t)
        if flight["stand"][0] in "HLMJ":
            ds.trap("label letter as a stand/taxiway designator", flight["stand"])
        ds.trap("definition of every category in the instruction", "H (heavy) >= 136 000 kg")
        ds.add(lab, {"instruction": instr, "flight": flight, "adsb": adsb, "sources": sources, "atc_notes": notes}, fams)
    ds.write(["/flight/aircraft_type", "/flight/mtow_kg"],
             "Category follows from MTOW (the type designator is legitimate input too, it implies the MTOW).")
