"""Leaking datasets part C: AIS anomaly review, wind-turbine maintenance tickets, adoption home studies."""
import base64
import datetime as dt
import html
import json
import urllib.parse
from common import *

# ---------------------------------------------------------------------------
# 7. Marine vessel AIS anomaly review
# ---------------------------------------------------------------------------
VESSEL_NAMES = ["OCEAN PRIDE", "ASTRA MARIS", "BALTIC TRADER", "SEA PHOENIX", "NORDIC STAR", "GOLDEN HORIZON", "KAPTAN MEHMET",
                "LADY ELENI", "PACIFIC RUBY", "CASPIAN WIND", "STELLA NOVA", "MARINE HOPE", "AZURE BAY", "IRON MAIDEN II",
                "SILVER SWAN", "PERLA DEL SUR", "EAST GLORY", "HAI YANG 7", "VEGA", "KHALIJ EXPRESS"]
FLAGS = [("Panama", "351"), ("Liberia", "636"), ("Marshall Islands", "538"), ("Malta", "248"), ("Cameroon", "613"), ("Gabon", "626"),
         ("Comoros", "616"), ("Greece", "241"), ("Norway", "257"), ("Cook Islands", "518"), ("Palau", "511")]
TYPES = ["Crude oil tanker", "Oil products tanker", "Bulk carrier", "General cargo", "Container ship", "LPG tanker", "Chemical tanker", "Reefer"]
GOOD_COVER = ["Gulf of Laconia (GR)", "off Kalamata", "Ceuta anchorage", "Strait of Hormuz approaches", "Gulf of Oman - Fujairah OPL",
              "Malacca Strait", "Kerch Strait approaches", "Eastern Mediterranean - off Cyprus", "Singapore Strait", "Baltic - Gulf of Finland"]
POOR_COVER = ["South Atlantic, 700 nm off Brazil", "Indian Ocean, south of Mauritius", "Central Pacific, N of Marquesas", "North Atlantic, mid-ocean route",
              "Southern Ocean approach to Cape of Good Hope"]


def ais_anomaly():
    name = "ais_anomaly"
    labels = ["identity spoofing", "going dark", "transponder fault", "benign gap"]
    r = rng(1207)
    n = 160
    labs = balanced_labels(r, labels, n)
    mask = leak_mask(r, n, 0.45)
    recs = []
    for i, (lab, leak) in enumerate(zip(labs, mask), 1):
        flag, mid = r.choice(FLAGS)
        mmsi = mid + f"{r.randint(0, 999999):06d}"
        vtype = r.choice(TYPES)
        t0 = rand_dt(r, dt.datetime(2024, 1, 5), 300)
        sog = round(r.uniform(9.5, 14.5), 1)
        draught = round(r.uniform(7.5, 16.0), 1)
        gaps, over_land, dup, malformed, d_after = [], False, 0, 0, draught
        if lab == "identity spoofing":
            area, recv, revisit = r.choice(GOOD_COVER), r.randint(2, 9), r.randint(5, 30)
            for _ in range(r.randint(1, 3)):
                h = round(r.uniform(0.3, 3.0), 1)
                dist = round(h * r.uniform(45, 260), 1)
                gaps.append({"hours": h, "distance_nm": dist, "implied_speed_kn": round(dist / h, 1)})
            over_land = r.random() < 0.5
            dup = r.randint(0, 40) if not over_land else r.randint(0, 5)
            if dup == 0 and not over_land:
                dup = r.randint(3, 30)
        elif lab == "going dark":
            area, recv, revisit = r.choice(GOOD_COVER), r.randint(2, 9), r.randint(5, 30)
            h = round(r.uniform(14, 110), 1)
            dist = round(h * r.uniform(0.3, 3.0), 1)
            gaps.append({"hours": h, "distance_nm": dist, "implied_speed_kn": round(dist / h, 1)})
            d_after = round(draught + r.choice([-1, 1]) * r.uniform(2.5, 6.0), 1)
        elif lab == "transponder fault":
            area, recv, revisit = r.choice(GOOD_COVER), r.randint(1, 8), r.randint(5, 45)
            for _ in range(r.randint(6, 18)):
                h = round(r.uniform(0.2, 2.2), 1)
                dist = round(h * sog * r.uniform(0.9, 1.1), 1)
                gaps.append({"hours": h, "distance_nm": dist, "implied_speed_kn": round(dist / h, 1)})
            malformed = r.randint(12, 400)
        else:
            area, recv, revisit = r.choice(POOR_COVER), 0, r.randint(90, 360)
            for _ in range(r.randint(1, 3)):
                h = round(r.uniform(3, 20), 1)
                dist = round(h * sog * r.uniform(0.93, 1.07), 1)
                gaps.append({"hours": h, "distance_nm": dist, "implied_speed_kn": round(dist / h, 1)})
        if lab != "transponder fault" and r.random() < 0.2:
            malformed = r.randint(0, 3)
        cur = t0
        for g in gaps:
            cur = cur + dt.timedelta(hours=r.uniform(1, 20))
            g["start"] = iso(cur)
            cur = cur + dt.timedelta(hours=g["hours"])
            g["end"] = iso(cur)
        vessel = {"mmsi": mmsi, "name": r.choice(VESSEL_NAMES), "flag": flag, "type": vtype, "length_m": r.choice([120, 145, 183, 229, 250, 274, 333])}
        if r.random() < 0.75:
            vessel["imo"] = str(r.randint(9100000, 9899999))
        if r.random() < 0.6:
            vessel["registered_owner"] = r.choice(["Oceanic Ventures Ltd", "Blue Anchor Shipping SA", "Kappa Maritime Inc", "Hai Tong Shipping Co", "Meridian Tankers LLC", "unknown (single-ship company)"])
        exp_msgs = int((cur - t0).total_seconds() / 60 / (3 if recv else 20))
        proj = {
            "instruction": "Review this AIS anomaly alert. Using the vessel particulars, track summary and coverage context, assess the most likely explanation: identity spoofing, going dark, transponder fault, or benign gap.",
            "alert": {"alert_id": f"MDA-{t0.strftime('%y%m%d')}-{r.randint(1000, 9999)}", "raised_at": iso(cur + dt.timedelta(hours=r.uniform(0.5, 6))),
                      "trigger": r.choice(["AIS_GAP", "TRACK_IRREGULARITY", "REPORTING_RATE"])},
            "vessel": vessel,
            "track_summary": {"window_start": iso(t0), "window_end": iso(cur), "reported_sog_kn_median": sog,
                              "messages_received": int(exp_msgs * r.uniform(0.5, 0.95)), "messages_expected": exp_msgs,
                              "malformed_messages": malformed, "gaps": gaps, "positions_on_land": over_land,
                              "concurrent_positions_same_mmsi": dup, "draught_m_before": draught, "draught_m_after": d_after,
                              "nav_status_last": r.choice(["under way using engine", "under way using engine", "at anchor", "restricted manoeuvrability"])},
            "coverage": {"area": area, "terrestrial_receivers_within_40nm": recv, "satellite_revisit_min": revisit},
            "analyst_workspace": {"layer_style": {"track_colour": "#9e9e9e"}, "saved_searches": []},
        }
        if leak:
            chans = r.sample(["colour", "url", "task", "model"], r.choice([1, 1, 2]))
            for ch in chans:
                if ch == "colour":
                    proj["analyst_workspace"]["layer_style"]["track_colour"] = {"identity spoofing": "#d500f9", "going dark": "#212121", "transponder fault": "#ffb300", "benign gap": "#43a047"}[lab]
                elif ch == "url":
                    q = f'mmsi:{mmsi} AND assessment:"{lab}"'
                    proj["analyst_workspace"]["saved_searches"].append("https://mda.example.int/search?q=" + urllib.parse.quote(q))
                elif ch == "task":
                    if lab == "going dark":
                        proj["follow_up"] = {"imagery_tasking": {"sensor": "SAR (ICEYE)", "aoi": area, "requested": iso(cur + dt.timedelta(hours=8)), "purpose": "confirm STS transfer during AIS silence"}}
                    elif lab == "identity spoofing":
                        proj["follow_up"] = {"flag_state_notice": f"MMSI {mmsi} transmitting from multiple positions — notice sent to {flag} registry", "sent": iso(cur + dt.timedelta(days=1))}
                    elif lab == "transponder fault":
                        proj["follow_up"] = {"psc_request": "Request Class A transceiver / GPS antenna check at next port call", "sent": iso(cur + dt.timedelta(days=1))}
                    else:
                        proj["follow_up"] = {"auto_closed_by": "coverage-model", "note": "Outside terrestrial coverage; no further review"}
                else:
                    proj["pol_model"] = {"version": "pol-3.1", "top_class": {"identity spoofing": "SPOOF", "going dark": "DARK_ACTIVITY", "transponder fault": "HW_FAULT", "benign gap": "COVERAGE"}[lab],
                                         "p": round(r.uniform(0.62, 0.96), 2)}
        recs.append(record(name, i, lab, labels, proj, leak))
    return name, recs, ["/vessel", "/track_summary", "/coverage"], \
        "Explanation derived from track physics (implied speed, positions on land, concurrent positions), gap pattern, draught change and receiver coverage."


# ---------------------------------------------------------------------------
# 8. Wind-farm turbine maintenance tickets (component code)
# ---------------------------------------------------------------------------
TB_ALARMS = {
    "MDA": [("3120", "Rotor imbalance detected (1P amplitude high)"), ("3151", "Blade ice detection: ice on blades"), ("3905", "Lightning strike counter incremented"), ("3122", "Tower acceleration fore-aft high")],
    "MDC": [("2141", "Pitch axis 2 position deviation"), ("2150", "Pitch accumulator pressure low"), ("2163", "Pitch motor 3 overcurrent"), ("2177", "Pitch battery test failed")],
    "MDK": [("1510", "Gearbox oil temperature high"), ("1532", "Gearbox HSS bearing temperature high"), ("1547", "Gear oil particle counter alarm"), ("1505", "Main bearing temperature high")],
    "MKA": [("4410", "Generator winding temperature L2 high"), ("4433", "Generator bearing NDE vibration high"), ("4451", "Generator slip ring brush wear"), ("4402", "Generator stator earth fault")],
    "MDL": [("2701", "Yaw misalignment > 15 deg for 60 s"), ("2715", "Yaw brake pressure low"), ("2720", "Cable twist limit reached"), ("2733", "Yaw motor 4 thermal trip")],
    "MSE": [("5112", "Converter IGBT over-temperature"), ("5134", "Grid-side converter fault"), ("5140", "DC link overvoltage"), ("5161", "Converter cooling water pressure low")],
}
TB_NOISE = [("0105", "Low wind stop"), ("0212", "Grid frequency deviation"), ("0920", "Remote stop by operator"), ("0113", "Manual restart"), ("0701", "Shadow flicker stop")]
TB_NOTES = {
    "MDA": ["Climbed and inspected from hub. Blade B leading edge erosion ~1.2 m from tip, coating lost to laminate. Drone inspection requested.",
            "Found lightning receptor on blade A tip burnt; down-conductor continuity reading 180 mOhm. Blade A will need a rope-access team.",
            "Vibration complaint from SCADA team. Checked rotor, water in blade C drain hole frozen. Imbalance suspected from ice/water.",
            "crack seen on blade root of B near bolt flange, approx 30 cm, photos taken. turbine left stopped"],
    "MDC": ["Hub entry. Axis 2 encoder cable chafed where it passes the slip ring, intermittent signal. Replaced cable, tested OK, monitor.",
            "Accumulator precharge on axis 1 found at 60 bar vs 90 bar spec. Recharged with nitrogen. Hydraulic leak at pitch cylinder seal.",
            "Pitch motor 3 brake not releasing fully; motor hot. Swapped motor from spares.",
            "Pitch backup batteries failed load test (2 of 3 axes). New battery packs needed."],
    "MDK": ["Oil sample taken from gearbox, dark with metallic sheen. Endoscope of intermediate stage shows pitting on two teeth. Refer to engineering.",
            "HSS bearing running hot, grease discolored. Vibration spectrum shows bearing defect frequency. Recommend replacement before winter.",
            "Gearbox oil filter bypass indicator popped. Changed filter element, inline particle counter still high.",
            "Noise from main shaft area, main bearing temp trending up 8 °C over 3 weeks. Greased, monitoring."],
    "MKA": ["Generator winding PT100 L2 reading high vs L1/L3. Checked terminal, resistance OK. Slot temperature genuinely elevated, cooling fan on generator checked.",
            "NDE bearing making noise, vibration 7.1 mm/s. Alignment check with laser: 0.4 mm offset generator to gearbox coupling.",
            "Brush wear on slip ring at limit, carbon dust heavy in compartment. Replaced brush set and cleaned.",
            "Insulation resistance of stator to earth 3 MOhm (was 1.2 GOhm in last test). Suspect moisture in winding."],
    "MDL": ["Yaw brake calipers leaking, pressure won't hold. Pads worn to 4 mm. Nacelle drifting in gusts.",
            "Cable loop in tower twisted 3 turns; untwist routine failed because wind vane signal frozen. Replaced anemometer/vane combi sensor.",
            "Yaw motor 4 tripping on thermal. Gearbox of yaw drive 4 full of water. Replace yaw drive.",
            "Yaw ring teeth show wear at 270 deg sector, grease insufficient. Lubrication system pump not delivering."],
    "MSE": ["Converter cabinet: IGBT module on phase B grid side shows burn marks. Fuses F12/F13 blown. Replaced module.",
            "Coolant pressure in converter loop low, found leaking hose clamp under cabinet. Topped up glycol mix.",
            "DC link capacitors bulging on rotor-side unit. Measured capacitance 18% below nominal.",
            "Converter tripping at high output. Fan in converter cooling unit seized, replaced."],
}
TB_PARTS = {"MDA": ["LIGHTNING RECEPTOR BLADE TIP M20", "LEP TAPE 3M W8607 ROLL", "BLADE REPAIR KIT EPOXY"],
            "MDC": ["PITCH ACCUMULATOR 4L 210BAR", "ENCODER CABLE PITCH AXIS", "PITCH BATTERY PACK 24V"],
            "MDK": ["FILTER ELEMENT GEAR OIL 10UM", "BEARING HSS SKF 6322", "GEAR OIL MOBILGEAR SHC XMP 320 208L"],
            "MKA": ["BRUSH SET SLIP RING GEN", "BEARING GEN NDE 6330 C3", "PT100 SENSOR WINDING"],
            "MDL": ["YAW BRAKE PAD SET", "YAW DRIVE GEARMOTOR", "WIND VANE ULTRASONIC COMBI"],
            "MSE": ["IGBT MODULE 1700V 1400A", "DC LINK CAPACITOR 1100UF", "CONVERTER COOLING FAN 400V"]}
TB_CONSUMABLES = ["CABLE TIES 300MM BLACK", "NITRILE GLOVES L", "CLEANING RAGS 10KG", "WD-40 400ML", "FALL ARREST LANYARD INSPECTION TAG"]
TB_DE = {"MDA": "Rotorblatt", "MDC": "Pitchsystem", "MDK": "Triebstrang / Getriebe", "MKA": "Generator", "MDL": "Azimutsystem", "MSE": "Umrichter"}
SITES_WF = [("NHW", "North Hoyle West"), ("KRN", "Kirkton Ridge"), ("BLM", "Blackmoor Fell"), ("GSV", "Gunsleigh Vale"), ("SND", "Sandfeld (DE)"), ("HVS", "Havsbrott (SE)")]
MODELS = ["V112-3.45", "SG 5.0-145", "N149/5.X", "E-138 EP3", "GE 3.6-137", "V136-4.2"]


def turbine_tickets():
    name = "turbine_tickets"
    labels = ["MDA", "MDC", "MDK", "MKA", "MDL", "MSE"]
    r = rng(1208)
    n = 174
    labs = balanced_labels(r, labels, n)
    mask = leak_mask(r, n, 0.5)
    recs = []
    for i, (lab, leak) in enumerate(zip(labs, mask), 1):
        code, site = r.choice(SITES_WF)
        wtg = f"T{r.randint(1, 42):02d}"
        opened = rand_dt(r, dt.datetime(2024, 1, 3), 330)
        alarms = []
        tt = opened - dt.timedelta(hours=r.uniform(1, 30))
        for a in r.sample(TB_ALARMS[lab], r.randint(1, 3)):
            tt += dt.timedelta(minutes=r.randint(1, 400))
            alarms.append({"ts": iso(tt), "code": a[0], "text": a[1]})
        for a in r.sample(TB_NOISE, r.randint(0, 2)):
            alarms.append({"ts": iso(tt + dt.timedelta(minutes=r.randint(-300, 300))), "code": a[0], "text": a[1]})
        alarms.sort(key=lambda x: x["ts"])
        note = r.choice(TB_NOTES[lab])
        if r.random() < 0.3:
            note = f"{r.choice(['Crew', 'Tech', 'Team'])} {r.choice(['A', 'B', 'C'])} ({person(r)}): " + note
        wo = str(r.randint(40010000, 40099999))
        proj = {
            "instruction": "Assign the main component (RDS-PP system code) that this corrective maintenance ticket concerns. Codes: MDA rotor/blades, MDC pitch system, MDK drive train/gearbox, MKA generator, MDL yaw system, MSE converter.",
            "ticket": {"work_order": wo, "site": site, "turbine": wtg, "model": r.choice(MODELS), "functional_location": f"{code}-{wtg}",
                       "opened_at": iso(opened), "downtime_h": round(r.uniform(0.5, 160), 1), "wind_speed_ms_at_fault": round(r.uniform(2, 19), 1),
                       "priority": r.choice(["1", "2", "2", "3", "3", "4"])},
            "scada_alarms": alarms,
            "technician_report": note,
            "parts_reservation": [{"material": str(r.randint(100000000, 109999999)), "desc": c} for c in r.sample(TB_CONSUMABLES, r.randint(0, 2))],
            "integration_log": [f"{iso(opened)} sap-pm -> cmms: " + json.dumps(json.dumps({"wo": wo, "status": "CRTD"}))[1:-1]],
        }
        if leak:
            chans = r.sample(["fl", "parts", "json", "oem"], r.choice([1, 1, 2]))
            for ch in chans:
                if ch == "fl":
                    proj["ticket"]["functional_location"] = f"{code}-{wtg}-{lab}{r.choice(['10', '20', '01'])}"
                elif ch == "parts":
                    proj["parts_reservation"].append({"material": str(r.randint(100000000, 109999999)), "desc": r.choice(TB_PARTS[lab])})
                elif ch == "json":
                    proj["integration_log"].append(f"{iso(opened + dt.timedelta(hours=2))} sap-pm -> cmms: " + json.dumps(json.dumps({"wo": wo, "rds_pp": lab, "status": "REL"}))[1:-1])
                else:
                    proj["oem_case"] = {"ticket": f"SR-{r.randint(700000, 799999)}", "kategorie": TB_DE[lab], "sprache": "de"}
        recs.append(record(name, i, lab, labels, proj, leak))
    return name, recs, ["/scada_alarms", "/technician_report"], \
        "Component code should follow from the SCADA alarm texts and the technician's free-text findings."


# ---------------------------------------------------------------------------
# 9. Adoption-agency home studies
# ---------------------------------------------------------------------------
def adoption_home_study():
    name = "adoption_home_study"
    labels = ["recommend approval", "recommend with conditions", "do not recommend"]
    r = rng(1209)
    n = 132
    labs = balanced_labels(r, labels, n, [4, 3, 2])
    mask = leak_mask(r, n, 0.3)
    recs = []
    for i, (lab, leak) in enumerate(zip(labs, mask), 1):
        a1, a2 = r.choice(FIRST), r.choice(FIRST)
        single = r.random() < 0.25
        surname = r.choice(LAST)
        ptype = r.choice(["domestic infant", "foster-to-adopt", "intercountry (Colombia)", "intercountry (Philippines)", "kinship", "older child (6-12)"])
        paras = []
        paras.append(r.choice([
            f"{a1}{'' if single else ' and ' + a2} {surname} {'is' if single else 'are'} applying to adopt through the {ptype} programme. {'They met in ' + str(r.randint(2005, 2018)) + ' and married ' + str(r.randint(2010, 2020)) + '.' if not single else a1 + ' has lived alone since ' + str(r.randint(2012, 2020)) + ' and has a close network of friends and siblings nearby.'}",
            f"This home study concerns {'the ' + surname + ' household' if not single else a1 + ' ' + surname}, who first contacted the agency in {r.choice(['January', 'March', 'June', 'September'])} {r.randint(2022, 2023)} about {ptype} adoption.",
        ]))
        paras.append(r.choice([
            f"Motivation: {'the couple' if not single else a1} described {r.choice(['several years of infertility treatment', 'a long-held wish to adopt after growing up with an adopted cousin', 'volunteering with a children’s respite charity', 'a decision made after caring for a niece during a family crisis'])}. {'They' if not single else a1.split()[0]} spoke openly about grief and about what adoption would and would not resolve.",
            f"When asked why now, {a1} said {r.choice(['their careers have settled', 'they finally have the space', 'they feel ready after counselling', 'the timing felt right after moving'])}. Motivation appears child-centred.",
        ]))
        paras.append(r.choice([
            f"Finances: combined household income approx ${r.randint(48, 160)}k; budget reviewed, {r.choice(['mortgage manageable', 'modest savings', 'no significant debt apart from a car loan', 'renting a three-bedroom house'])}.",
            f"Employment is stable ({r.choice(['teacher', 'paramedic', 'software tester', 'farmer', 'pharmacist', 'self-employed carpenter', 'civil servant'])}); childcare plan discussed in detail.",
        ]))
        concern_text, conds = "", []
        if lab == "recommend approval":
            paras.append(r.choice([
                "Home visit: tidy, child-safe home with a bedroom prepared; smoke and CO detectors tested and working. Medication locked away.",
                "The house has a fenced garden, detectors on every floor and stair gates already fitted. No hazards identified.",
            ]))
            paras.append(r.choice([
                "References (four) were uniformly positive and described warm, patient people with realistic expectations.",
                "All referees, including an ex-partner, spoke positively. Background and registry checks returned no records.",
                "Parenting approach is reflective; they have completed the 27-hour preparation course and read widely about trauma and attachment.",
            ]))
        elif lab == "recommend with conditions":
            cond = r.sample([
                ("pool", "The back garden has an above-ground pool without a self-closing gate; the applicants agreed to install compliant fencing before any placement."),
                ("firearm", "A hunting rifle is stored in a wardrobe; ammunition is kept separately but there is no gun safe. They have ordered a locked cabinet."),
                ("training", "Only 14 of the 27 preparation training hours have been completed so far; remaining modules are booked."),
                ("bedroom", "The intended child's bedroom is currently used as an office and has no window restrictor; they plan to convert it next month."),
                ("medical", "A letter from the GP regarding " + a1 + "'s well-controlled epilepsy is still outstanding."),
            ], r.choice([1, 2]))
            for c in cond:
                paras.append(c[1])
                conds.append(c[0])
            paras.append(r.choice(["Otherwise the home is warm and well kept.", "References were positive.", "Background checks returned no records."]))
        else:
            concern = r.choice(["dv", "substance", "undisclosed", "expect"])
            concern_text = {
                "dv": f"A police disclosure showed a call-out to the address in {r.randint(2021, 2023)} for a domestic incident. When asked, {a1} minimised it as 'a loud argument'; the account given by {'' if single else a2 + ' '}differed significantly, and neither has engaged with the suggested support.",
                "substance": f"{a1} reported drinking 'a bottle of wine most nights' to manage stress and did not see this as a concern. A referee separately mentioned two occasions of {a1} being intoxicated while caring for a nephew.",
                "undisclosed": f"The background check returned a conviction for {r.choice(['assault occasioning actual bodily harm (2015)', 'child neglect caution (2017)', 'fraud (2019)'])} that was not disclosed on the application. When asked, the applicant said they 'didn't think it would matter'.",
                "expect": f"Across four sessions the applicants held rigid expectations of an infant with 'no background issues' and said they would return a child who 'didn't fit in'. They declined to engage with the trauma-informed training materials.",
            }[concern]
            paras.append(concern_text)
            paras.append(r.choice(["The home itself is clean and appropriately equipped.", "Home inspection found no physical hazards.", "Finances are adequate."]))
        narrative = "\n\n".join(paras)
        checks = {"criminal_background": "clear", "child_abuse_registry": "no record", "medical_statements": "received"}
        if lab == "do not recommend" and "conviction" in concern_text:
            checks["criminal_background"] = "record found - see narrative"
        if "medical" in conds:
            checks["medical_statements"] = "1 of 2 received"
        case_no = f"HS-{r.randint(2022, 2024)}-{r.randint(100, 999)}"
        proj = {
            "instruction": "Read the home study and checks and give the worker's recommendation: recommend approval, recommend with conditions, or do not recommend.",
            "case": {"case_no": case_no, "agency": r.choice(["Bright Futures Adoption Services", "Cedar Family Agency", "Northern Lights Adoption", "Harbour Families"]),
                     "programme": ptype, "applicants": [a1] if single else [a1, a2], "worker": person(r),
                     "visits": r.randint(3, 6), "study_completed": rand_dt(r, dt.datetime(2024, 1, 1), 280).date().isoformat()},
            "checks": checks,
            "home_study": {"narrative": narrative},
            "supervisor_review": {"status": "pending", "comments": ""},
        }
        if leak:
            pool = ["match", "letter", "box"] + (["tracker"] if lab != "recommend approval" else [])
            chans = r.sample(pool, r.choice([1, 2]))
            for ch in chans:
                if ch == "match":
                    proj["matching"] = {"recommend approval": {"profile_status": "published", "waiting_since": proj["case"]["study_completed"]},
                                        "recommend with conditions": {"profile_status": "draft - locked until conditions signed off"},
                                        "do not recommend": {"profile_status": "withdrawn", "reason": "study outcome"}}[lab]
                elif ch == "tracker":
                    proj["conditions_tracker"] = {"recommend approval": [], "recommend with conditions": [{"item": c, "due": "before placement"} for c in (conds or ["training"])],
                                                  "do not recommend": [{"item": "closure letter", "due": "10 working days"}]}[lab]
                elif ch == "letter":
                    proj["letter_draft"] = {"recommend approval": "We are delighted to let you know that your home study will go to panel with a positive recommendation.",
                                            "recommend with conditions": "Your study is positive overall; approval will be finalised once the items listed are completed and verified.",
                                            "do not recommend": "We recognise the time and openness you brought to this process. After careful consideration the agency is unable to support your application at this time."}[lab]
                else:
                    boxes = {"recommend approval": "☒ Recommend  ☐ Recommend w/ conditions  ☐ Not recommended",
                             "recommend with conditions": "☐ Recommend  ☒ Recommend w/ conditions  ☐ Not recommended",
                             "do not recommend": "☐ Recommend  ☐ Recommend w/ conditions  ☒ Not recommended"}[lab]
                    proj["supervisor_review"] = {"status": "signed", "comments": "Concur with worker.", "form_render": boxes}
        recs.append(record(name, i, lab, labels, proj, leak))
    return name, recs, ["/home_study/narrative", "/checks"], \
        "Recommendation must be read from the social worker's narrative (concerns, conditions to be met) and the background checks."
