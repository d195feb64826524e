"""Leaking datasets, part A: volcano, tornado, sewer, marine casualty, dangerous goods."""
import base64
import json

from helpers import (rdate, rtime, rts, label_plan, leak_set, maybe, make_record,
                     write_dataset, person, initials)


# ---------------------------------------------------------------- volcano
def volcano(rng):
    name = "volcano_alert_level"
    labels = ["NORMAL", "ADVISORY", "WATCH", "WARNING"]
    n = 160
    plan = label_plan(rng, labels, n, [4, 3, 2, 1])
    leaks = leak_set(rng, n, 0.5)
    volcs = [("Pavlof", "AVO", "312030"), ("Shishaldin", "AVO", "311360"), ("Great Sitkin", "AVO", "311120"),
             ("Cleveland", "AVO", "311240"), ("Veniaminof", "AVO", "312070"), ("Semisopochnoi", "AVO", "311060"),
             ("Makushin", "AVO", "311310"), ("Spurr", "AVO", "313040"), ("Augustine", "AVO", "313010"),
             ("Mount St. Helens", "CVO", "321050"), ("Mount Hood", "CVO", "322010"), ("Lassen", "CalVO", "323080")]
    colour = {"NORMAL": ("GREEN", "\U0001F7E9"), "ADVISORY": ("YELLOW", "\U0001F7E8"),
              "WATCH": ("ORANGE", "\U0001F7E7"), "WARNING": ("RED", "\U0001F7E5")}
    dist = {"NORMAL": ["weekly-update-list"],
            "ADVISORY": ["weekly-update-list", "state-EMA-duty", "AAWU"],
            "WATCH": ["daily-update-list", "state-EMA-duty", "AAWU", "FAA-ZAN-CWSU", "USCG-D17"],
            "WARNING": ["VAN-immediate", "state-EMA-duty", "AAWU", "FAA-ZAN-CWSU", "USCG-D17", "borough-EOC-evac"]}
    recs = []
    for i, lab in enumerate(plan):
        v, obs, vnum = rng.choice(volcs)
        d = rdate(rng, "2023-03-01", 600)
        if lab == "NORMAL":
            eq = rng.randint(0, 4); rsam = rng.randint(40, 160)
            so2 = rng.choice(["below detection", "%d t/d" % rng.randint(10, 60), None])
            defo = rng.choice(["no significant deformation", "GNSS within noise", None])
            narr = rng.choice([
                "Seismicity at background levels; webicorder traces quiet apart from wind noise.",
                "Nothing noteworthy in partly cloudy satellite views. Weak fumarolic steam plume consistent with long-term behaviour.",
                "Clear web camera views show no unusual activity. Regional tectonic event M2.1 40 km SE, unrelated.",
                "Background activity. Snow cover on summit intact in Sentinel-2 image."])
        elif lab == "ADVISORY":
            eq = rng.randint(8, 45); rsam = rng.randint(180, 600)
            so2 = "%d t/d" % rng.randint(150, 900)
            defo = "inflation ~%d mm/month centred beneath summit" % rng.randint(4, 20)
            narr = rng.choice([
                "Elevated seismicity continues with shallow VT earthquakes beneath the summit; no eruptive activity observed.",
                "Weakly elevated surface temperatures in the summit crater in VIIRS data; gas flight measured elevated SO2.",
                "Earthquake swarm of %d located events at 2-5 km depth; steaming vigorous but no ash." % rng.randint(20, 60),
                "Continued unrest. Small clusters of low-frequency events; no ash in satellite or webcam."])
        elif lab == "WATCH":
            eq = rng.randint(30, 120); rsam = rng.randint(800, 3000)
            so2 = "%d t/d" % rng.randint(1500, 5000)
            defo = rng.choice(["rapid inflation, %d mm in 10 days" % rng.randint(15, 60), "tilt offsets at 2 stations", None])
            narr = rng.choice([
                "Continuous tremor with small explosion signals on infrasound; minor ash emissions below 15,000 ft ASL drifting NE.",
                "Lava effusion continues in the summit crater; incandescence in webcam at night; intermittent low-level ash.",
                "Low-level eruptive activity: minor explosions, ash deposits on upper flanks seen in satellite imagery.",
                "Strombolian activity at the vent with spatter; tremor amplitude fluctuating, no significant ash cloud."])
        else:
            eq = rng.randint(50, 300); rsam = rng.randint(4000, 15000)
            so2 = "%d t/d" % rng.randint(8000, 60000)
            defo = rng.choice(["deflation following eruption onset", None])
            narr = rng.choice([
                "Explosive eruption began at %s UTC; ash cloud to 35,000 ft ASL detected in satellite imagery, moving S." % rtime(rng),
                "Sustained ash emissions to above 30,000 ft; lightning detected in plume by WWLLN; pyroclastic flows on N flank.",
                "Significant explosive eruption ongoing; infrasound arrays recorded multiple large explosion signals; ashfall reported in village.",
                "Eruption column reached 40,000 ft; pilot reports confirm ash; lahar signals on valley seismometer."])
        # trap words in ordinary senses inside the legitimate narrative
        if rng.random() < 0.3:
            narr += " Station %s%d sent a low-voltage battery warning; field crew will watch it at next service." % (v[:2].upper(), rng.randint(1, 9))
        monitoring = {
            "seismic": {"located_eq_24h": eq, "rsam_counts": rsam,
                        "tremor": "continuous" if lab in ("WATCH", "WARNING") and rng.random() < 0.8 else maybe(rng, 0.5, "none")},
            "gas": {"so2": so2, "method": maybe(rng, 0.7, rng.choice(["TROPOMI", "airborne MultiGAS", "ground DOAS"]))},
            "deformation": {"summary": defo},
        }
        if rng.random() < 0.3:
            monitoring["thermal"] = {"viirs_hotspot": lab in ("WATCH", "WARNING") or rng.random() < 0.2}
        proj = {
            "instruction": "Using the monitoring data and observatory notes, assign the USGS ground-based Volcano Alert Level "
                           "(NORMAL, ADVISORY, WATCH or WARNING).",
            "bulletin": {"id": "%s-%s-%s" % (obs, d.strftime("%Y%m%d"), vnum), "volcano": v, "observatory": obs,
                         "vnum": vnum, "issued_by": person(rng), "utc_date": d.isoformat()},
            "monitoring": monitoring,
            "observations": {"narrative": narr, "webcam": maybe(rng, 0.6, rng.choice(["clear", "cloudy", "night"]))},
            "station_health": [{"sta": "%s%d" % (v[:2].upper(), k), "state": rng.choice(["OK", "OK", "OK", "telemetry gap", "offline"])}
                               for k in range(1, rng.randint(2, 5))],
        }
        leak = i in leaks
        if leak:
            if rng.random() < 0.5:
                c, emo = colour[lab]
                if rng.random() < 0.5:
                    proj["vona_draft"] = {"vona_id": "%s%d" % (d.strftime("%Y"), rng.randint(100, 999)),
                                          "aviation_color_code": c, "cloud_top": "see remarks"}
                else:
                    proj["ops_chat"] = [{"ts": rts(rng), "user": initials(rng).lower(),
                                         "text": "banner for %s updated -> %s, pls check website" % (v, emo)}]
            else:
                proj["dispatch_log"] = [{"channel": ch, "status": "sent", "ts": rts(rng)} for ch in dist[lab]]
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/monitoring", "/observations/narrative"],
                  "Alert level is set by the duty scientist from monitoring streams and field/satellite observations. "
                  "Station health, VONA and distribution artefacts are produced after the level is chosen.")
    return name, "leaking", len(recs), len(leaks), \
        "Volcano Alert Level from monitoring data. Leaks: aviation colour code (field or coloured-square emoji in ops chat) set with the level; downstream notification distribution list that differs per level. Trap: 'warning'/'watch' in ordinary senses in the narrative."


# ---------------------------------------------------------------- tornado
def tornado(rng):
    name = "tornado_ef_rating"
    labels = ["EF0", "EF1", "EF2", "EF3"]
    n = 150
    plan = label_plan(rng, labels, n, [4, 4, 2, 1])
    leaks = leak_set(rng, n, 0.4)
    dods = {
        0: [("FR12", 2, "loss of shingles and some gutters"), ("TH", 2, "large branches broken from hardwood trees"),
            ("SBO", 2, "a few metal roof panels peeled off outbuilding"), ("FR12", 3, "broken windows on one side, siding torn")],
        1: [("FR12", 4, "uplift of roof deck and loss of significant roof covering"), ("TS", 3, "softwood trees snapped"),
            ("MHSWD", 4, "single-wide unit shifted off its blocks"), ("SBO", 6, "pole barn collapsed"),
            ("FR12", 5, "garage door blown in with partial garage roof failure")],
        2: [("FR12", 6, "large sections of roof structure removed; exterior walls remain standing"),
            ("MHSWD", 8, "mobile home rolled and destroyed, frame wrapped around tree"),
            ("TH", 4, "hardwood trees snapped and uprooted in large numbers"),
            ("ETL", 3, "wooden transmission poles snapped near the base")],
        3: [("FR12", 8, "most walls collapsed except small interior rooms of a well-built home"),
            ("TH", 5, "hardwood trees debarked with only stubs of largest branches remaining"),
            ("MBS", 7, "metal building frame collapsed, significant structural deformation"),
            ("FR12", 7, "entire house shifted off foundation")],
    }
    wind = {"EF0": (65, 85), "EF1": (86, 110), "EF2": (111, 135), "EF3": (136, 165)}
    offices = ["ILX", "LSX", "BMX", "OUN", "JAN", "DVN", "IND", "PAH", "TSA", "SHV"]
    recs = []
    for i, lab in enumerate(plan):
        k = int(lab[2])
        wfo = rng.choice(offices)
        d = rdate(rng, "2023-03-01", 650)
        tno = rng.randint(1, 14)
        pts = [dict(zip(("di", "dod", "description"), rng.choice(dods[k])))]
        for _ in range(rng.randint(1, 4)):
            kk = rng.randint(0, k)
            pts.append(dict(zip(("di", "dod", "description"), rng.choice(dods[kk]))))
        rng.shuffle(pts)
        for p in pts:
            p["lat"] = round(rng.uniform(31, 42), 4); p["lon"] = round(rng.uniform(-97, -85), 4)
            if rng.random() < 0.3:
                p["photo"] = "IMG_%04d.JPG" % rng.randint(1000, 9999)
        length = round(rng.uniform(0.3, 3) * (k + 1) ** 1.3, 2)
        width = int(rng.uniform(30, 120) * (k + 1))
        proj = {
            "instruction": "Rate this tornado on the Enhanced Fujita scale (EF0-EF3 in this set) from the damage survey.",
            "event": {"wfo": wfo, "date": d.isoformat(), "tornado_no": tno, "county": rng.choice(["Sangamon", "Macon", "Tuscaloosa", "Cleveland", "Scott", "Madison", "Hinds", "Wayne"])},
            "survey": {"damage_points": pts,
                       "path": {"length_mi": length, "max_width_yd": width},
                       "notes": maybe(rng, 0.6, rng.choice(["Team of two; access limited by downed lines.",
                                                             "Drone imagery used for the middle third of the track.",
                                                             "Convergent pattern evident in tree fall.",
                                                             "Damage intermittent across farmland."]))},
            "survey_team": [person(rng) for _ in range(rng.randint(1, 3))],
        }
        pns = ("PUBLIC INFORMATION STATEMENT\nNATIONAL WEATHER SERVICE %s\n\n.%s TORNADO...\n"
               "START DATE: %s\nPATH LENGTH /STATUTE/: %.2f MILES\nMAX WIDTH: %d YARDS\n" %
               (wfo, proj["event"]["county"].upper(), d.strftime("%b %d %Y").upper(), length, width))
        leak = i in leaks
        atts = []
        track = "DAT_%s_%s_T%02d" % (wfo, d.strftime("%Y%m%d"), tno)
        if leak and rng.random() < 0.5:
            atts.append("%s_%s.kmz" % (track, lab))
            pns += "ESTIMATED PEAK WIND: PENDING\n"
        elif leak:
            atts.append("%s_track.kmz" % track)
            pns += "ESTIMATED PEAK WIND: %d MPH\n" % rng.randint(*wind[lab])
        else:
            atts.append("%s_track.kmz" % track)
            pns += "ESTIMATED PEAK WIND: PENDING\n"
        if rng.random() < 0.4:
            atts.append("survey_photos_%s.zip" % d.strftime("%m%d"))
        proj["draft_pns"] = pns + "\n&&\n$$\n"
        proj["attachments"] = atts
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/survey/damage_points", "/survey/path", "/survey/notes"],
                  "EF rating comes from damage indicators (DI) and degrees of damage (DOD) at surveyed points. "
                  "The PNS text and DAT exports are written after the rating is decided.")
    return name, "leaking", len(recs), len(leaks), \
        "EF rating from DI/DOD damage points. Leaks: estimated peak wind in the PNS (a number whose EF band fixes the rating); Damage Assessment Toolkit export filename with the rating suffix."


# ---------------------------------------------------------------- sewer CCTV
def sewer(rng):
    name = "sewer_cctv_defect_code"
    labels = ["CC", "CL", "FL", "RFJ", "DAE"]
    n = 180
    plan = label_plan(rng, labels, n)
    leaks = leak_set(rng, n, 0.35)
    remarks = {
        "CC": ["Crack running around the pipe from {a} to {b} o'clock, hairline, no separation.",
               "circumf crack {a}-{b}, tight, at approx 1 ft past joint",
               "Visible crack line around circumference {a} to {b}; pipe intact, no pieces missing."],
        "CL": ["Crack along the pipe at {a} o'clock, runs approx {L} ft, closed, no displacement.",
               "long. crack at crown ({a}), hairline, continuous for {L} ft",
               "Single crack line parallel to pipe axis at {a} o'clock, pipe wall intact."],
        "FL": ["Crack along pipe axis at {a} o'clock visibly open, pieces still in place, soil visible through gap.",
               "longitudinal break {a}-{b}, wall separated but not displaced, seeping",
               "Open fracture along length at {a}; fragments not missing, daylight of backfill visible."],
        "RFJ": ["Fine hair roots intruding at joint from {a} o'clock.",
                "thin roots at joint {a}-{b}, <10% of area",
                "Few fine root strands hanging from joint at {a} o'clock; no mass."],
        "DAE": ["Hard scale / encrustation attached at invert {a}-{b}, approx {p}% area reduction.",
                "calcite deposits attached to wall {a} to {b}, stalactite-like",
                "Attached encrustation from lateral, hard, {p}% cross section."],
    }
    grade = {"CC": 1, "CL": 2, "FL": 3, "RFJ": 2, "DAE": 2}
    recs = []
    for i, lab in enumerate(plan):
        a = rng.randint(1, 12); b = (a + rng.randint(2, 8) - 1) % 12 + 1
        rem = rng.choice(remarks[lab]).format(a=a, b=b, L=rng.randint(2, 12), p=rng.choice([5, 10, 15, 20]))
        if rng.random() < 0.25:
            rem += rng.choice([" Camera fogging.", " Flow 20%.", " Water level about 10% of dia.", " Sag ahead."])
        up = rng.randint(1000, 2999); dn = up + rng.choice([1, 1, 2, -1])
        dist = round(rng.uniform(2, 380), 1)
        wo = rng.randint(80000, 99999)
        mat = rng.choice(["VCP", "VCP", "PVC", "RCP", "CP", "DIP"])
        proj = {
            "instruction": "Assign the NASSCO PACP observation code for this CCTV observation. Allowed: CC, CL, FL, RFJ, DAE.",
            "inspection": {"work_order": "WO-%d" % wo, "upstream_mh": "MH-%d" % up, "downstream_mh": "MH-%d" % dn,
                           "material": mat, "diameter_in": rng.choice([8, 8, 10, 12, 15, 18]),
                           "direction": rng.choice(["D", "U"]), "date": rdate(rng, "2023-05-01", 500).isoformat(),
                           "operator": maybe(rng, 0.8, initials(rng)),
                           "weather": maybe(rng, 0.5, rng.choice(["1 - dry", "2 - heavy rain", "3 - light rain", "4 - snow"]))},
            "observation": {"distance_ft": dist, "clock_from": a, "clock_to": b if lab not in ("CL",) else maybe(rng, 0.3, a),
                            "operator_remark": rem, "continuous": maybe(rng, 0.4, rng.choice(["S01", "F01", None]))},
            "media": {"video": "WO%d_%d-%d.mp4" % (wo, up, dn), "counter": "%02d:%02d:%02d" % (0, rng.randint(0, 40), rng.randint(0, 59))},
        }
        leak = i in leaks
        if leak:
            if rng.random() < 0.5:
                proj["media"]["snapshot"] = "WO%d_%d-%d_%06.1fft_%s.jpg" % (wo, up, dn, dist, lab)
            else:
                proj["pacp_export_row"] = "|".join(str(x) for x in [up, dn, "%.1f" % dist, lab, "", a, b, "S" if lab in ("CC", "CL", "FL") else "O&M", grade[lab], "", ""])
        else:
            if rng.random() < 0.6:
                proj["media"]["snapshot"] = "WO%d_%d-%d_%06.1fft.jpg" % (wo, up, dn, dist)
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/observation/operator_remark", "/observation/clock_from", "/observation/clock_to", "/inspection/material"],
                  "Coders assign the PACP code from the operator's remark and clock positions; snapshots and PACP exports are produced by the coding software afterwards.")
    return name, "leaking", len(recs), len(leaks), \
        "PACP defect code from CCTV operator remark. Leaks: snapshot filename suffixed with the code; pipe-delimited PACP export row with the code in column 4. Trap: material codes (CP, DIP) and continuous-defect codes."


# ---------------------------------------------------------------- marine casualty
def marine(rng):
    name = "marine_casualty_type"
    labels = ["collision", "allision", "grounding", "fire", "flooding"]
    n = 140
    plan = label_plan(rng, labels, n)
    leaks = leak_set(rng, n, 0.55)
    narr = {
        "collision": ["At {t} LT while proceeding in the traffic separation scheme, a crossing fishing vessel {o} failed to give way despite VHF calls and sound signals. Contact made on our port bow; both vessels damaged above waterline.",
                      "In restricted visibility (fog, 0.3 nm) radar target {o} closed on steady bearing; emergency full astern ordered but contact occurred starboard quarter. COLREG rule 19 situation.",
                      "During overtaking in the river fairway the tug {o} sheered into our side; contact at frame 80, shell plating indented."],
        "allision": ["While berthing at {b} with two tugs fast, speed 2.5 kn, bow struck the concrete pier corner; fendering destroyed, bulbous bow dented.",
                     "Vessel made contact with the navigation buoy / dolphin No. {d} when current set her towards the channel edge; dolphin piles displaced.",
                     "On departure from {b} stern swung into the gantry crane rail and quay wall; crane leg damaged."],
        "grounding": ["At {t} LT vessel touched bottom on a shoal outside the dredged channel; echo sounder read 0.0 m UKC; vessel stopped, no ingress found on sounding tanks.",
                      "Vessel stranded on sandbank near {b} after engine blackout; refloated on next high tide with tug assistance.",
                      "Heavy vibration and sudden loss of speed; vessel came to rest on rocks, list 3 deg to port. Divers confirm bottom plating set up."],
        "fire": ["Smoke detected in purifier room at {t} LT; fire alarm sounded; crew mustered, boundary cooling started and fixed CO2 released into engine room after evacuation.",
                 "Flames observed from reefer container {c} on deck bay 34; fire party with hoses extinguished after 40 minutes.",
                 "Fuel spray on hot exhaust of DG2 ignited; quick-closing valves activated and local water-mist system used."],
        "flooding": ["Water ingress into cargo hold No. 2 through cracked shell plating; bilge pumps unable to keep pace, vessel listed 8 deg.",
                     "Sea chest valve gasket failed in engine room; water rising in bilges at approx. 20 cm/h before leak was plugged.",
                     "Hatch cover seal failure in heavy weather led to water accumulating in forward hold; emergency pumping started."],
    }
    es = {"collision": "Abordaje", "allision": "Choque contra muelle u objeto fijo", "grounding": "Varada",
          "fire": "Incendio", "flooding": "Inundación (vía de agua)"}
    ru = {"collision": "столкновение судов", "allision": "навал на причал", "grounding": "посадка на мель",
          "fire": "пожар", "flooding": "водотечность и затопление отсека"}
    subj = {"collision": "Preliminary notice - collision with {o}", "allision": "Our member - contact with berth at {b}",
            "grounding": "Notice of grounding - vessel refloated", "fire": "Engine room fire - initial advice",
            "flooding": "Hold flooding / water ingress - initial advice"}
    ships = ["Nordic Tern", "Ocean Pioneer", "Kota Harmoni", "Baltic Swift", "Cape Alder", "Sea Lantern", "Star Kestrel",
             "Mekong Dawn", "Atlantic Heron", "Polar Ridge", "Iris Trader", "Grand Meridian"]
    ports = ["Rotterdam", "Santos", "Houston", "Antwerp", "Busan", "Durban", "Gdansk", "Cartagena", "Valparaiso", "Novorossiysk"]
    recs = []
    for i, lab in enumerate(plan):
        ship = rng.choice(ships); port = rng.choice(ports)
        d = rdate(rng, "2022-06-01", 800)
        text = rng.choice(narr[lab]).format(t=rtime(rng), o=rng.choice(["'SANTA LUCIA II'", "'KW 172'", "'Hai Feng 8'", "'TERESA'"]),
                                              b=port, d=rng.randint(3, 40), c="MSKU%07d" % rng.randint(0, 9999999))
        # label words in ordinary/legit senses
        if lab != "fire" and rng.random() < 0.25:
            text += " Fire pumps were started as a precaution."
        if rng.random() < 0.15:
            text += " No pollution observed."
        proj = {
            "instruction": "Classify the marine casualty type (collision, allision, grounding, fire, flooding) from the master's report.",
            "vessel": {"name": ship, "imo": "9%06d" % rng.randint(100000, 999999), "flag": rng.choice(["Panama", "Liberia", "Marshall Islands", "Malta", "Russia"]),
                       "type": rng.choice(["bulk carrier", "container ship", "chemical tanker", "general cargo", "ro-ro"]),
                       "gt": rng.randint(4000, 95000)},
            "event": {"date": d.isoformat(), "position": "%d°%02d'N %03d°%02d'E" % (rng.randint(0, 60), rng.randint(0, 59), rng.randint(0, 179), rng.randint(0, 59)),
                      "wind_bft": maybe(rng, 0.8, rng.randint(1, 9)), "visibility": maybe(rng, 0.6, rng.choice(["good", "moderate", "poor"]))},
            "report": {"narrative": text, "master": "Capt. " + person(rng), "injuries": maybe(rng, 0.7, rng.choice(["none", "none", "1 minor"]))},
        }
        leak = i in leaks
        mail_subject = "Re: MV %s - incident %s - our ref %d/%04d" % (ship.upper(), d.isoformat(), d.year % 100, rng.randint(1, 9999))
        if leak and rng.random() < 0.5:
            mail_subject = subj[lab].format(o="fishing vessel", b=port) + " - MV %s" % ship.upper()
            enc = True
        else:
            enc = rng.random() < 0.5
            if leak:  # other-language leak
                if proj["vessel"]["flag"] == "Panama":
                    proj["notificacion_autoridad"] = {"autoridad": "Autoridad Marítima de Panamá", "tipo_de_siniestro": es[lab],
                                                      "fecha": d.isoformat(), "estado": "recibido"}
                elif proj["vessel"]["flag"] != "Russia" and rng.random() < 0.4:
                    proj["crew_statements"] = [{"lang": "es", "by": "primer oficial",
                                                "text": "Declaración del primer oficial. Tipo de suceso: %s. Fecha: %s. Sin heridos." % (es[lab].lower(), d.strftime("%d/%m/%Y"))}]
                else:
                    proj["crew_statements"] = [{"lang": "ru", "by": "старший помощник",
                                                "text": "Предварительное донесение: %s, %s. Пострадавших нет." % (ru[lab], d.strftime("%d.%m.%Y"))}]
        if enc:
            s = "=?UTF-8?B?%s?=" % base64.b64encode(mail_subject.encode()).decode()
        else:
            s = mail_subject
        if rng.random() < 0.8 or leak:
            proj["club_correspondence"] = [{"From": "claims@%s" % rng.choice(["northpandi.example", "gardclub.example", "skuld-mutual.example"]),
                                            "Subject": s, "Content-Transfer-Encoding": "quoted-printable",
                                            "body": "Dear Sirs,=0D=0A=0D=0AWe refer to the above and confirm we have opened a file.=0D=0APlease forward the master's report and deck log extracts.=0D=0A=0D=0ARegards"}]
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/report/narrative", "/event", "/vessel"],
                  "Casualty type is decided from the master's report; flag-state notifications, crew statements and P&I correspondence are produced after the casualty was categorised.")
    return name, "leaking", len(recs), len(leaks), \
        "Marine casualty type from the master's narrative. Leaks: flag-state notification in Spanish / crew statement in Russian naming the casualty; P&I email subject as MIME base64 encoded-word. Traps: 'fire pumps', 'CO2 released' in non-fire records, non-leaking base64 subjects."


# ---------------------------------------------------------------- dangerous goods
def dg(rng):
    name = "dg_hazard_class"
    labels = ["2.1", "3", "6.1", "8", "9"]
    n = 170
    plan = label_plan(rng, labels, n)
    leaks = leak_set(rng, n, 0.45)
    prods = {
        "2.1": [("Aerosol spray paint, 400 ml cans", "1950", ["H222 Extremely flammable aerosol", "H229 Pressurised container: may burst if heated"], {"state": "aerosol", "flash_point": "-60 °C (propellant)"}),
                ("Propane cylinders 16.4 oz for camping stoves", "1978", ["H220 Extremely flammable gas", "H280 Contains gas under pressure"], {"state": "liquefied gas", "boiling_point": "-42 °C"}),
                ("Butane refill cartridges 227 g", "2037", ["H220 Extremely flammable gas", "H280 Contains gas under pressure"], {"state": "liquefied gas"})],
        "3": [("Alkyd enamel paint, 5 L tins", "1263", ["H226 Flammable liquid and vapour", "H336 May cause drowsiness"], {"state": "liquid", "flash_point": "38 °C"}),
              ("Ethanol 96% denatured, 200 L drums", "1170", ["H225 Highly flammable liquid and vapour", "H319 Causes serious eye irritation"], {"state": "liquid", "flash_point": "13 °C"}),
              ("Solvent-based printing ink", "1210", ["H225 Highly flammable liquid and vapour"], {"state": "liquid", "flash_point": "8 °C"})],
        "6.1": [("Dichloromethane technical grade, 250 kg drums", "1593", ["H351 Suspected of causing cancer", "H331 Toxic if inhaled"], {"state": "liquid", "flash_point": "none", "LD50_oral_rat": "> 2000 mg/kg", "LC50_inh_rat": "52 mg/l/4h"}),
                ("Organophosphorus pesticide concentrate", "3018", ["H301 Toxic if swallowed", "H311 Toxic in contact with skin", "H410 Very toxic to aquatic life"], {"state": "liquid", "flash_point": "> 100 °C", "LD50_oral_rat": "35 mg/kg"}),
                ("Phenol solution 80%", "2821", ["H301+H311+H331 Toxic if swallowed, in contact with skin or if inhaled", "H314 Causes severe skin burns"], {"state": "liquid", "flash_point": "79 °C"})],
        "8": [("Sulphuric acid 98%, IBC 1000 L", "1830", ["H314 Causes severe skin burns and eye damage"], {"state": "liquid", "pH": "< 1", "flash_point": "none"}),
              ("Sodium hydroxide solution 50%", "1824", ["H314 Causes severe skin burns and eye damage", "H290 May be corrosive to metals"], {"state": "liquid", "pH": "14"}),
              ("Hydrochloric acid 33%", "1789", ["H314 Causes severe skin burns and eye damage", "H335 May cause respiratory irritation"], {"state": "liquid", "pH": "< 1"})],
        "9": [("Lithium-ion battery packs 3.7 V 98 Wh, packed alone", "3480", ["Not classified under CLP (article)"], {"state": "solid (article)", "watt_hour_rating": "98 Wh"}),
              ("Zinc pyrithione aqueous dispersion 48%", "3082", ["H400 Very toxic to aquatic life", "H410 Very toxic to aquatic life with long lasting effects", "H302 Harmful if swallowed"], {"state": "liquid", "flash_point": "> 100 °C"}),
              ("Expandable polystyrene beads", "2211", ["EUH018 In use may form flammable/explosive vapour-air mixture"], {"state": "solid beads", "pentane_content": "5.8 %"})],
    }
    ems = {"2.1": "F-D, S-U", "3": "F-E, S-E", "6.1": "F-A, S-A", "8": "F-A, S-B", "9": "F-A, S-F"}
    recs = []
    for i, lab in enumerate(plan):
        prod, un, hs, props = rng.choice(prods[lab])
        props = dict(props)
        if rng.random() < 0.3:
            props["density"] = "%.2f g/cm3" % rng.uniform(0.5, 1.9)
        qty = rng.randint(1, 80)
        bk = "%s%08d" % (rng.choice(["HLCU", "MAEU", "CMDU", "ONEY"]), rng.randint(0, 99999999))
        proj = {
            "instruction": "Determine the IMDG primary hazard class for this cargo (2.1, 3, 6.1, 8 or 9) from the shipper's description and SDS.",
            "booking": {"booking_no": bk, "pol": rng.choice(["DEHAM", "CNSHA", "USHOU", "NLRTM", "SGSIN"]), "pod": rng.choice(["BRSSZ", "ZADUR", "AUMEL", "INNSA", "KRPUS"]),
                        "voyage": "%03dW" % rng.randint(1, 999), "containers": rng.randint(1, 4)},
            "shipper_declaration": {"commodity": prod, "packaging": rng.choice(["4G fibreboard boxes", "1A1 steel drums", "31HA1 IBC", "4G boxes on pallets"]),
                                    "quantity": "%d packages" % qty, "gross_kg": rng.randint(200, 24000)},
            "sds": {"revision": "%d.%d" % (rng.randint(1, 9), rng.randint(0, 3)), "section_2_hazards": hs, "section_9_properties": props},
        }
        leak = i in leaks
        if leak:
            if rng.random() < 0.5:
                proj["edi_iftdgn"] = "UNH+%d+IFTDGN:D:95B:UN'BGM+44+%s+9'DGS+IMD+%s+%s+++%s'FTX+AAD+++%s'CNT+16:%d'UNT+6+%d'" % (
                    rng.randint(1, 999), bk, lab, un, rng.choice(["2", "3"]), prod.split(",")[0].upper(), qty, rng.randint(1, 999))
            else:
                proj["stowage_note"] = "UN%s, EmS %s. Seg. per IMDG 7.2.4; planner %s." % (un, ems[lab], initials(rng))
        else:
            if rng.random() < 0.4:
                proj["stowage_note"] = rng.choice(["Awaiting DG acceptance.", "Planner to confirm bay.", "Under deck preferred by shipper."])
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/shipper_declaration/commodity", "/shipper_declaration/packaging", "/sds/section_2_hazards", "/sds/section_9_properties"],
                  "The DG desk classifies from the commodity, packaging and SDS sections 2 and 9. UN number, EmS and the IFTDGN message are assigned by the DG desk after classification.")
    return name, "leaking", len(recs), len(leaks), \
        "IMDG hazard class (numeric-looking labels) from commodity + SDS. Leaks: EDIFACT IFTDGN DGS segment carrying the class; UN number + EmS in a stowage note (class via UN lookup). Traps: label-like numbers in pH, revision, quantities."
