"""Leaking datasets, part B: contest log cross-check, shellfish area classification, aids-to-navigation discrepancies."""
import string
from helpers import *
from urllib.parse import quote


def callsign(rng):
    pre = rng.choice(["K", "W", "N", "AA", "KB", "KD", "WA", "VE3", "VE7", "KC", "AC", "W"])
    return f"{pre}{rng.randint(0, 9)}{''.join(rng.choice(string.ascii_uppercase) for _ in range(rng.choice([2, 3, 3])))}"


def bust(rng, call):
    i = rng.randrange(len(call) - 3, len(call))
    alt = {"S": "H", "H": "S", "U": "V", "A": "W", "N": "D", "D": "N", "B": "6", "I": "S", "T": "M", "M": "T", "E": "I"}
    c = call[i]
    r = alt.get(c, rng.choice([x for x in string.ascii_uppercase if x != c]))
    return call[:i] + r + call[i + 1:]


# ---------------------------------------------------------------- contest_qso_crosscheck
def contest_qso_crosscheck(manifest):
    rng = random.Random(1604)
    name = "contest_qso_crosscheck"
    labels = ["good", "NIL", "busted call", "dupe"]
    n = 176
    targets = balanced_labels(rng, labels, n, [5, 2, 2, 2])
    leaks = pick_leak_flags(rng, n, 0.4)
    code = {"good": "V", "NIL": "N", "busted call": "B", "dupe": "D"}
    pts = {"good": 2, "NIL": -2, "busted call": -6, "dupe": 0}
    bands = {"80m": (3500, 3600), "40m": (7000, 7060), "20m": (14000, 14070), "15m": (21000, 21070), "10m": (28000, 28070)}
    sections = ["ENY", "WPA", "OH", "MI", "ONS", "SFL", "STX", "ORG", "MDC", "NLI", "WWA", "CO", "BC", "AL"]
    rows = []
    for i, t in enumerate(targets):
        me = callsign(rng)
        their = callsign(rng)
        band = rng.choice(list(bands))
        mode = rng.choice(["CW", "CW", "PH", "RY"])
        f0 = rng.randint(*bands[band])
        day = rng.choice(["2024-11-02", "2024-11-03", "2023-11-04", "2023-11-05", "2025-02-15"])
        hh, mm = rng.randint(1, 23), rng.randint(0, 59)
        utc = f"{day} {hh:02d}{mm:02d}"
        serial_s, serial_r = rng.randint(1, 1400), rng.randint(1, 1400)
        sec_s, sec_r = rng.choice(sections), rng.choice(sections)
        prec = rng.choice("QABUMS")
        qso = {"freq_khz": f0, "mode": mode, "utc": utc, "my_call": me, "sent": f"{serial_s} {prec} {me[-2:]} {sec_s}",
               "call_logged": their, "rcvd": f"{serial_r} {rng.choice('QABUMS')} {rng.randint(60, 99)} {sec_r}"}
        prior = []
        for _ in range(rng.randint(0, 3)):
            ob = rng.choice([b for b in bands if b != band])
            prior.append({"utc": f"{day} {rng.randint(0, 23):02d}{rng.randint(0, 59):02d}", "band": ob, "call": their})
        if t == "dupe":
            ph, pm = (hh - 1) % 24, rng.randint(0, 59)
            prior.append({"utc": f"{day} {ph:02d}{pm:02d}", "band": band, "call": their})
        rng.shuffle(prior)
        submitted = True
        def line(call_from, call_to, m2=mm):
            return f"QSO: {f0 + rng.choice([0, 0, 1, -1])} {mode} {day} {hh:02d}{m2:02d} {call_from} {call_to} ..."
        xc = {"log_for_call": their}
        near = []
        if t == "good":
            submitted = rng.random() < 0.85
            if submitted:
                xc["window_lines"] = [line(their, me, max(0, min(59, mm + rng.choice([0, 0, 1, -1]))))]
        elif t == "dupe":
            xc["window_lines"] = [line(their, me)]
        elif t == "NIL":
            xc["window_lines"] = [line(their, callsign(rng), max(0, mm - 1))] if rng.random() < 0.7 else []
        else:
            real = bust(rng, their)
            if rng.random() < 0.5:
                submitted = False
            else:
                xc["window_lines"] = []
            near = [line(real, me)]
        xc["log_submitted"] = submitted
        if not submitted:
            xc.pop("window_lines", None)
        if rng.random() < 0.5:
            xc["window_lines_other_band"] = [line(their, callsign(rng), rng.randint(0, 59)) for _ in range(rng.randint(1, 2))] if submitted else []
        proj = {"instruction": "You are log-checking a Sweepstakes-style contest. Using the claimed QSO, the entrant's "
                               "other QSOs with that call, and cross-check extracts from submitted logs (±3 min window, "
                               "same band), give the QSO's status: good, NIL, busted call, or dupe.",
                "claimed_qso": qso, "my_log_same_call": prior,
                "crosscheck": {"counterpart": xc, "other_logs_same_band_window": near}}
        if rng.random() < 0.3:
            proj["soapbox"] = rng.choice(["Big pileups on 40, lots of dupes called me anyway.",
                                          "QRN on 80 made copying hard, a few NIL? maybe.", "Great fun, rig: K3 + dipole.",
                                          "Called CQ most of Sunday; rate was good after 1800Z."])
        leak = leaks[i]
        if leak:
            if rng.random() < 0.55:
                q = rng.randint(10, 1900)
                proj["checker_trace"] = [
                    f"ts={day}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:05Z level=debug mod=loader log={me} qsos={rng.randint(200, 2200)}",
                    f"ts={day}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:07Z level=debug mod=xcheck qso={q} call={their} band={band} res={code[t]}",
                    f"ts={day}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:09Z level=info mod=score msg=\"pass complete\""]
            else:
                proj["results_row"] = {"qso_points_claimed": 2, "qso_points_final": pts[t], "pass": "final"}
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/claimed_qso", "/my_log_same_call", "/crosscheck"],
            "note": "Status follows by comparing the claimed QSO with the entrant's earlier QSOs on that band and "
                    "with the counterpart/nearby submitted logs. Checker traces and results rows are outputs."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "ham radio contest QSO log-check status",
            "forms": "logfmt checker trace with single-letter result code res=V/N/B/D; results row final points (2/0/-2/-6) encode status"}


# ---------------------------------------------------------------- shellfish_area_class
def shellfish_area_class(manifest):
    rng = random.Random(1605)
    name = "shellfish_area_class"
    labels = ["Approved", "Conditionally Approved", "Restricted", "Prohibited"]
    n = 134
    targets = balanced_labels(rng, labels, n, [3, 3, 2, 2])
    leaks = pick_leak_flags(rng, n, 0.52)
    fr = {"Approved": ["zone agréée", "secteur agréé (ouvert)"],
          "Conditionally Approved": ["zone agréée sous condition", "secteur conditionnellement agréé"],
          "Restricted": ["zone restreinte", "secteur restreint (reparcage ou dépuration obligatoire)"],
          "Prohibited": ["zone interdite", "secteur fermé en permanence"]}
    waters = ["Malpeque Bay", "Baie de Caraquet", "Tracadie Bay", "Shediac Bay", "Bedeque Bay", "Whale Cove",
              "Baynes Sound", "Okeover Inlet", "Cocagne Harbour", "Murray River estuary", "Pipers Cove", "Eel Creek"]
    def gm_p90(ok_level):
        if ok_level == "A":
            g = round(rng.uniform(1.8, 13.5), 1); p = round(rng.uniform(max(g * 1.6, 6), 42.5), 1)
        elif ok_level == "R":
            g = round(rng.uniform(15, 85), 1) if rng.random() < 0.7 else round(rng.uniform(6, 13.5), 1)
            p = round(rng.uniform(max(g * 1.6, 48), 255), 1)
        else:
            g = round(rng.uniform(92, 400), 1) if rng.random() < 0.6 else round(rng.uniform(30, 85), 1)
            p = round(rng.uniform(max(g * 1.6, 265), 1800), 1)
        return g, p
    rows = []
    for i, t in enumerate(targets):
        area = f"{rng.choice(['NB', 'PE', 'NS', 'BC'])}-{rng.randint(1, 30):02d}-{rng.randint(1, 99):03d}"
        outfall_m = None
        if t == "Approved":
            dry = gm_p90("A"); wet = gm_p90("A")
        elif t == "Conditionally Approved":
            dry = gm_p90("A"); wet = gm_p90("R")
        elif t == "Restricted":
            dry = gm_p90("R"); wet = gm_p90(rng.choice("RR"))
        else:
            if rng.random() < 0.5:
                dry = gm_p90("A"); wet = gm_p90(rng.choice("AR")); outfall_m = rng.randint(40, 480)
            else:
                dry = gm_p90("P"); wet = gm_p90("P")
        sources = []
        if outfall_m is not None:
            sources.append({"type": "municipal WWTP outfall", "distance_m": outfall_m})
        for _ in range(rng.randint(0, 3)):
            st = rng.choice(["marina (seasonal, 40 slips)", "on-site septic cluster", "agricultural runoff ditch",
                             "storm drain", "seal haul-out", "cattle access to creek"])
            sources.append({"type": st, "distance_m": rng.randint(600, 4500)})
        proj = {"instruction": "Using the sanitary and bacteriological survey (fecal coliform, MPN/100 mL, "
                               "NSSP/CSSP criteria), classify the growing area: Approved, Conditionally Approved, "
                               "Restricted or Prohibited.",
                "growing_area": {"area_code": area, "water_body": rng.choice(waters),
                                 "species": rng.sample(["American oyster", "soft-shell clam", "blue mussel", "quahog",
                                                        "Manila clam", "Pacific oyster"], rng.randint(1, 3)),
                                 "hectares": round(rng.uniform(4, 620), 1)},
                "bacteriology": {"stations": rng.randint(3, 14), "period": f"{rng.randint(2019, 2022)}-{rng.randint(2023, 2025)}",
                                 "dry_weather": {"n": rng.randint(15, 40), "geomean": dry[0], "est_p90": dry[1]},
                                 "after_rain_gt_25mm_48h": {"n": rng.randint(5, 18), "geomean": wet[0], "est_p90": wet[1]}},
                "shoreline_survey": {"date": rdate(rng, (2021, 5, 1)).isoformat(), "pollution_sources": sources}}
        if rng.random() < 0.35:
            del proj["bacteriology"]["after_rain_gt_25mm_48h"]["n"]
        remarks = []
        if rng.random() < 0.35:
            remarks.append(rng.choice(["Vehicle access to the shore is restricted to permit holders.",
                                       "Survey plan approved by the regional manager before fieldwork.",
                                       "Two samples lost in transit (cooler above 10 °C), excluded.",
                                       "Harvesters report ice scour on the north flats.",
                                       "Tidal flushing good; salinity 24-29 ppt."]))
        if remarks:
            proj["shoreline_survey"]["remarks"] = " ".join(remarks)
        leak = leaks[i]
        if leak:
            if rng.random() < 0.5:
                where = f"AREA_CODE='{area}' AND CLASS='{t}'"
                u = quote(where, safe="")
                if rng.random() < 0.4:
                    u = quote(u, safe="")
                proj["map_link"] = (f"https://maps.example.gc.ca/arcgis/rest/services/Shellfish/MapServer/0/query?"
                                    f"where={u}&outFields=*&f=pjson")
            else:
                proj["public_notice"] = {"lang": "fr", "text": f"Avis aux récoltants — {proj['growing_area']['water_body']} "
                                         f"({area}) : {rng.choice(fr[t])} à compter du {rdate(rng, (2024, 1, 1)).isoformat()}."}
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/bacteriology", "/shoreline_survey"],
            "note": "Classification follows the fecal coliform geometric mean / estimated 90th percentile under dry "
                    "and post-rain conditions, and proximity of WWTP outfalls (prohibited buffer)."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "shellfish growing-area classification from sanitary survey",
            "forms": "GIS query URL percent-encoded (sometimes double-encoded) with CLASS; French public notice (other language)"}


# ---------------------------------------------------------------- aton_discrepancy
def aton_discrepancy(manifest):
    rng = random.Random(1606)
    name = "aton_discrepancy"
    labels = ["EXTINGUISHED", "OFF STATION", "MISSING", "DAMAGED"]
    n = 158
    targets = balanced_labels(rng, labels, n)
    leaks = pick_leak_flags(rng, n, 0.63)
    abbr = {"EXTINGUISHED": "LT EXT", "OFF STATION": "OFF STA", "MISSING": "MSNG", "DAMAGED": "DMGD"}
    rivers = ["Cape Fear River", "Chesapeake Channel", "Savannah River", "Delaware Bay", "Barnegat Inlet",
              "St. Johns River", "Mobile Ship Channel", "Columbia River", "Kill Van Kull", "Pamlico Sound"]
    rows = []
    for i, t in enumerate(targets):
        lighted = t == "EXTINGUISHED" or rng.random() < 0.6
        kind = rng.choice(["Lighted Buoy", "Light"]) if lighted else rng.choice(["Daybeacon", "Can Buoy", "Nun Buoy"])
        num = rng.randint(1, 60)
        color = "G" if num % 2 else "R"
        aid_name = f"{rng.choice(rivers)} Channel {kind} {num}"
        llnr = rng.randint(10000, 45000)
        lat, lon = round(rng.uniform(30.0, 40.5), 5), round(-rng.uniform(73.8, 81.0), 5)
        night = t == "EXTINGUISHED" or rng.random() < 0.4
        char = f"Fl {color} {rng.choice([2.5, 4, 6])}s" if lighted else None
        obs = {"time_local": f"{rng.randint(19, 23) if night else rng.randint(8, 16):02d}:{rng.randint(0, 59):02d}",
               "visibility_nm": rng.choice([2, 4, 6, 8, 10]), "sea_state": rng.choice(["calm", "light chop", "2-3 ft", "4 ft"])}
        if t == "EXTINGUISHED":
            off = rng.randint(0, 25)
            obs["light_observed"] = "none"
            narr = rng.choice(["Passed close aboard at {d} yds, buoy on station but no light showing.",
                               "Could see the buoy in the spotlight right where it should be, no flash for several minutes.",
                               "Dark. Timed it for 2 minutes, nothing. Structure looks fine."])
        elif t == "OFF STATION":
            off = rng.randint(140, 900)
            obs["light_observed"] = char if (lighted and night) else "n/a (daylight)"
            narr = rng.choice(["Aid sitting well outside the channel edge, looks like it dragged in last night's blow.",
                               "Buoy appears {d} yds east of charted spot, almost on the shoal.",
                               "Mark is there but in the wrong place, our plotter shows it way off."])
        elif t == "MISSING":
            off = None
            obs["light_observed"] = "none" if night else "n/a (daylight)"
            narr = rng.choice(["Nothing at the charted position, good visibility, searched with binoculars.",
                               "No aid seen at or near position. Only a slick and some debris.",
                               "Mark gone. Circled twice in clear conditions."])
        else:
            off = rng.randint(0, 30)
            obs["light_observed"] = (char if rng.random() < 0.6 else "dim") if (lighted and night) else "n/a (daylight)"
            narr = rng.choice(["Dayboard hanging by one bolt, numbers unreadable.", "Structure leaning hard, maybe 30 degrees, struck by a tug?",
                               "Buoy holed and listing, top mark bent over.", "Piling snapped, dayboard in the water next to it."])
        narr = narr.format(d=rng.randint(20, 300))
        if rng.random() < 0.25:
            narr += " " + rng.choice(["Reported on ch 16 as well.", "Photo to follow.", "Not sure if this was already reported.",
                                      "Tide ebbing hard.", "Nearby light 'damaged' in an earlier notice looked fine tonight."])
        rcv = rdt(rng)
        proj = {"instruction": "Classify the aid-to-navigation discrepancy from the mariner's report: EXTINGUISHED, "
                               "OFF STATION, MISSING or DAMAGED.",
                "report": {"report_id": f"D{rng.choice([1, 5, 7, 8, 13])}-ATON-{rcv:%y}-{rng.randint(1, 9999):04d}",
                           "received_utc": rcv.isoformat(timespec="minutes"),
                           "reporter": rng.choice(["M/V ", "F/V ", "S/V ", "Tug "]) + rng.choice(["Miss Lorraine", "Carolina Dawn",
                                                   "Blue Heron", "Evening Star", "Patriot", "Sea Fox", "Nor'easter"]),
                           "aid": {"name": aid_name, "llnr": llnr, "type": kind, "characteristic": char,
                                   "assigned_position": {"lat": lat, "lon": lon}},
                           "observation": obs, "narrative": narr}}
        if off is not None:
            proj["report"]["observation"]["offset_from_assigned_m"] = off
        if rng.random() < 0.2:
            proj["report"]["aid"].pop("characteristic")
        leak = leaks[i]
        if leak:
            if rng.random() < 0.5:
                bnm = (f"BNM {rng.randint(100, 999)}-{rcv:%y}\n{aid_name.upper()} (LLNR {llnr}) {t}.\n"
                       f"MARINERS ARE ADVISED TO USE CAUTION WHILE TRANSITING THE AREA.\nCANCEL AT TIME //{rng.randint(1, 28):02d}2359Z//")
                proj["attachments"] = [{"name": "draft_bnm.txt", "encoding": "base64", "content": b64(bnm)}]
            else:
                proj["lnm_extract"] = ("LLNR   AID NAME                                   STATUS    LNM  \n"
                                       f"{llnr:<6} {aid_name[:42]:<42} {abbr[t]:<9} {rng.randint(1, 52):02d}/{rcv:%y}")
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/report/observation", "/report/narrative", "/report/aid/type"],
            "note": "Discrepancy type follows from whether the aid was seen, its offset from the assigned position, "
                    "whether it was lit at night and its structural condition."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "aid-to-navigation discrepancy type from mariner report",
            "forms": "base64 draft Broadcast Notice to Mariners attachment; Local Notice to Mariners fixed-width discrepancy row with status abbreviations (LT EXT / OFF STA / MSNG / DMGD)"}
