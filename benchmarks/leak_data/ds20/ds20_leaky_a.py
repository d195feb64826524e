"""Leaking datasets, part A: drs_lbw_review, cdm_conjunction, fba_size_tier, rpz_backflow_test."""
import datetime as dt
import json

from ds20_common import (person, hexid, alnum, digits, rtime, iso, b64, maybe)

# ---------------------------------------------------------------- 1. DRS LBW review
DRS_LABELS = ["overturned", "upheld", "umpire's call"]
DRS_INSTR = (
    "You assist the third umpire. From the on-field decision, the UltraEdge result and the ball-tracking "
    "components, classify the outcome of this LBW review as one of: 'overturned' (tracking definitively "
    "contradicts the on-field call), 'upheld' (tracking definitively agrees with it; the reviewing side loses "
    "the review) or 'umpire's call' (a marginal component means the on-field call stands and the review is "
    "retained). Tracking rules: bat hitting the ball before the pad => not out; pitched outside leg => not out; "
    "impact outside the line while a shot is offered => not out; wickets missing => not out; otherwise any "
    "component shown as UMPIRE'S CALL is marginal; otherwise out. Answer with the label only.")
TEAMS = [("Australia", "AUS"), ("India", "IND"), ("England", "ENG"), ("South Africa", "SA"),
         ("New Zealand", "NZ"), ("Pakistan", "PAK"), ("Sri Lanka", "SL"), ("West Indies", "WI"),
         ("Bangladesh", "BAN"), ("Afghanistan", "AFG")]
VENUES = ["Melbourne Cricket Ground", "Eden Gardens, Kolkata", "Lord's, London", "Newlands, Cape Town",
          "Basin Reserve, Wellington", "Gaddafi Stadium, Lahore", "R. Premadasa Stadium, Colombo",
          "Kensington Oval, Bridgetown", "Headingley, Leeds", "Wankhede Stadium, Mumbai", "The Gabba, Brisbane"]
BOWL_TYPES = ["right-arm fast", "left-arm fast-medium", "right-arm off-break", "left-arm orthodox",
              "right-arm leg-break", "right-arm medium"]


def drs_solve(p):
    t = p["ball_tracking"]
    ofd = p["on_field"]["decision"]
    if p["ultraedge"]["bat_before_pad"]:
        verdict, marginal = "not out", False
    elif t["pitching"] == "OUTSIDE LEG":
        verdict, marginal = "not out", False
    elif t["impact"] == "OUTSIDE" and t["shot_offered"]:
        verdict, marginal = "not out", False
    elif t["wickets"] == "MISSING":
        verdict, marginal = "not out", False
    elif t["impact"] == "UMPIRE'S CALL" or t["wickets"] == "UMPIRE'S CALL":
        verdict, marginal = None, True
    else:
        verdict, marginal = "out", False
    if marginal:
        return "umpire's call"
    return "upheld" if verdict == ofd else "overturned"


def drs_build(rng, target):
    home, away = rng.sample(TEAMS, 2)
    bowling, batting = (home, away) if maybe(rng, 0.5) else (away, home)
    ofd = rng.choice(["out", "not out"])
    reviewing = batting if ofd == "out" else bowling
    pitching = rng.choices(["IN LINE", "OUTSIDE OFF", "OUTSIDE LEG"], [0.6, 0.3, 0.1])[0]
    impact = rng.choices(["IN LINE", "UMPIRE'S CALL", "OUTSIDE"], [0.6, 0.17, 0.23])[0]
    wickets = rng.choices(["HITTING", "UMPIRE'S CALL", "MISSING"], [0.45, 0.22, 0.33])[0]
    shot = maybe(rng, 0.7)
    edge = maybe(rng, 0.08)
    ball_pct = {"HITTING": rng.randint(50, 100), "UMPIRE'S CALL": rng.randint(3, 49), "MISSING": 0}[wickets]
    imp_pct = {"IN LINE": rng.randint(50, 100), "UMPIRE'S CALL": rng.randint(3, 49), "OUTSIDE": 0}[impact]
    t0 = rtime(rng)
    fmt = rng.choice(["Test", "ODI", "T20I"])
    overs = {"Test": 120, "ODI": 50, "T20I": 20}[fmt]
    over = f"{rng.randint(0, overs - 1)}.{rng.randint(1, 6)}"
    bowler, batter, ump = person(rng), person(rng), person(rng)
    before = {bowling[1]: rng.randint(0, 3), batting[1]: rng.randint(0, 3)}
    before[reviewing[1]] = max(1, before[reviewing[1]])
    wk = rng.randint(1, 8)
    runs = rng.randint(80, 330)
    prev_wicket = f"{person(rng)} c {person(rng).split()[1]} b {person(rng).split()[1]} {rng.randint(0, 110)}"
    spikes = [] if not edge else [{"frame": rng.randint(-6, -1), "db": round(rng.uniform(8, 30), 1)}]
    if not edge and maybe(rng, 0.3):
        spikes.append({"frame": rng.randint(2, 9), "db": round(rng.uniform(2, 6), 1), "source": "bat hits pad"})
    traps = ["tracking component values spelled like a label (UMPIRE'S CALL) inside legitimate input"]
    comm = [f"{over} {bowler.split()[1]} to {batter.split()[1]}, big appeal for LBW",
            f"Umpire {ump.split()[1]} says {ofd}. {reviewing[0]} have a chat and go upstairs."]
    if maybe(rng, 0.35):
        comm.append(rng.choice([
            "Looked like it might be going down leg. Could easily be overturned, this.",
            "I reckon this is umpire's call on height at best.",
            "Plumb! That decision will surely be upheld.",
            "Tight one - might come down to umpire's call on impact.",
            "I'd be surprised if that gets overturned."]))
        traps.append("speculative pre-decision mention (random label word)")
    p = {
        "instruction": DRS_INSTR,
        "match": {"match_id": f"{fmt}-{rng.randint(1200, 2600)}", "format": fmt, "venue": rng.choice(VENUES),
                  "teams": [home[0], away[0]], "innings": rng.randint(1, 4 if fmt == "Test" else 2),
                  "batting_side": batting[1], "bowling_side": bowling[1]},
        "delivery": {"over": over, "bowler": bowler, "bowler_type": rng.choice(BOWL_TYPES), "batter": batter,
                     "batter_hand": rng.choice(["RHB", "LHB"]), "release_speed_kph": round(rng.uniform(78, 151), 1)},
        "on_field": {"umpire": ump, "decision": ofd, "signalled_at": iso(t0)},
        "review": {"requested_by": reviewing[1], "requested_at": iso(t0 + dt.timedelta(seconds=rng.randint(6, 15))),
                   "reviews_remaining_before": before},
        "ultraedge": {"bat_before_pad": edge, "spikes": spikes,
                      "summary": "spike as ball passes bat, before pad contact" if edge else "no spike as ball passes the bat"},
        "ball_tracking": {"pitching": pitching, "impact": impact, "wickets": wickets, "shot_offered": shot,
                          "impact_in_line_pct": imp_pct, "ball_in_wicket_zone_pct": ball_pct,
                          "predicted_path": {"height_at_stumps_mm": rng.randint(180, 820),
                                             "lateral_at_stumps_mm": rng.randint(-160, 160)},
                          "provider": rng.choice(["Hawk-Eye", "Virtual Eye"]), "frames": rng.randint(18, 44)},
        "commentary_pre_review": comm,
        "scoreboard_feed": {"snapshot_phase": "pre_review",
                            "captured_at": iso(t0 - dt.timedelta(seconds=rng.randint(5, 40))),
                            "score": f"{runs}/{wk}", "reviews_remaining": dict(before),
                            "current_batters": [batter, person(rng)], "last_wicket": prev_wicket},
        "broadcast_gfx": ("<gfxlog feed=\"world\">"
                          f"<gfx t=\"{iso(t0)}\" template=\"L3_BATTER_CARD\" arg=\"{batter}\"/>"
                          f"<gfx t=\"{iso(t0 + dt.timedelta(seconds=20))}\" template=\"L3_DRS_TRACKING_PITCHING\"/>"
                          f"<gfx t=\"{iso(t0 + dt.timedelta(seconds=28))}\" template=\"L3_DRS_TRACKING_IMPACT\"/>"
                          "</gfxlog>"),
    }
    if maybe(rng, 0.3):
        p["playing_conditions_ref"] = {"clause": "Appendix D, DRS", "outcomes_glossary": ["overturned", "upheld",
                                        "umpire's call"], "version": rng.choice(["2023", "2024"])}
        traps.append("glossary/enum listing the whole label set")
    if maybe(rng, 0.2):
        p["earlier_incident"] = (f"Earlier in the innings a catch appeal against {person(rng)} was upheld by the TV "
                                 "umpire after a soft-signal check.")
        traps.append("historical mention of a label word about another event")
    return p, traps


def _drs_final(p, label):
    ofd = p["on_field"]["decision"]
    if label == "overturned":
        return "not out" if ofd == "out" else "out"
    return ofd


def drs_leak_scoreboard(rng, p, label):
    sb = p["scoreboard_feed"]
    sb["snapshot_phase"] = "post_review"
    sb["captured_at"] = iso(dt.datetime.strptime(p["review"]["requested_at"], "%Y-%m-%dT%H:%M:%SZ")
                            + dt.timedelta(seconds=rng.randint(90, 200)))
    after = dict(p["review"]["reviews_remaining_before"])
    if label == "upheld":
        after[p["review"]["requested_by"]] -= 1
    sb["reviews_remaining"] = after
    batter, bowler = p["delivery"]["batter"], p["delivery"]["bowler"]
    if _drs_final(p, label) == "out":
        runs, wk = sb["score"].split("/")
        sb["score"] = f"{runs}/{int(wk) + 1}"
        sb["last_wicket"] = f"{batter} lbw b {bowler.split()[1]} {rng.randint(0, 120)}"
        sb["current_batters"] = [sb["current_batters"][1], "(new batter)"]


def drs_leak_gfx(rng, p, label):
    tpl = {"overturned": "L3_DRS_DECISION_REVERSED", "upheld": "L3_DRS_DECISION_CONFIRMED",
           "umpire's call": "L3_DRS_DECISION_UMP_CALL"}[label]
    t0 = dt.datetime.strptime(p["on_field"]["signalled_at"], "%Y-%m-%dT%H:%M:%SZ")
    t1, t2 = iso(t0 + dt.timedelta(seconds=rng.randint(36, 60))), iso(t0 + dt.timedelta(seconds=rng.randint(70, 110)))
    p["broadcast_gfx"] = p["broadcast_gfx"].replace(
        "</gfxlog>", f"<gfx t=\"{t1}\" template=\"L3_DRS_TRACKING_WICKETS\"/><gfx t=\"{t2}\" template=\"{tpl}\"/></gfxlog>")


DRS = dict(
    name="drs_lbw_review", labels=DRS_LABELS, n=164, seed=2001, leaking=True, leak_rate=0.45,
    build=drs_build, solve=drs_solve,
    task="classify the result of a cricket LBW review (DRS) from on-field call, UltraEdge and ball-tracking",
    derive_from=["/on_field", "/ultraedge", "/ball_tracking"],
    note="The review outcome follows from the on-field decision combined with UltraEdge and the ball-tracking components under the DRS rules.",
    families={
        "post-decision state snapshot (scoreboard after the review: wicket + review count)":
            (drs_leak_scoreboard, lambda p: p["scoreboard_feed"]["snapshot_phase"] == "post_review"),
        "broadcast graphics XML template name (paraphrased verdict)":
            (drs_leak_gfx, lambda p: "L3_DRS_DECISION_" in p["broadcast_gfx"]),
    },
)

# ---------------------------------------------------------------- 2. CDM conjunction
CDM_LABELS = ["no action", "monitor", "plan maneuver", "execute maneuver"]
CDM_INSTR = (
    "You are the flight-dynamics on-call for the operator. Read the latest Conjunction Data Message (CCSDS 508.0 "
    "KVN) and the assessment time and choose the response: 'execute maneuver' if COLLISION_PROBABILITY >= 1e-4 and "
    "TCA is at most 36 h after the assessment time; 'plan maneuver' if Pc >= 1e-4 and TCA is more than 36 h away; "
    "'monitor' if 1e-6 <= Pc < 1e-4; 'no action' if Pc < 1e-6. Reply with the response only.")
OUR_SATS = [("AURORA-3", "49201", "2021-088C"), ("KESTREL-1", "51877", "2022-031A"),
            ("TERRAMAP-7", "53310", "2022-119F"), ("HALCYON-2B", "55802", "2023-044D"),
            ("NIMBUS-NEO 4", "57016", "2023-101B"), ("ORCA-SAR 2", "58440", "2023-172K")]
SECONDARIES = [("FENGYUN 1C DEB", "DEBRIS"), ("COSMOS 2251 DEB", "DEBRIS"), ("IRIDIUM 33 DEB", "DEBRIS"),
               ("SL-16 R/B", "ROCKET BODY"), ("CZ-6A DEB", "DEBRIS"), ("STARLINK-31xx", "PAYLOAD"),
               ("ONEWEB-0417", "PAYLOAD"), ("NOAA 17 DEB", "DEBRIS"), ("UNKNOWN", "UNKNOWN")]


def cdm_parse(text):
    out = {}
    for line in text.splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            out.setdefault(k.strip(), v.strip())
    return out


def cdm_solve(p):
    kv = cdm_parse(p["cdm_kvn"])
    pc = float(kv["COLLISION_PROBABILITY"])
    tca = dt.datetime.strptime(kv["TCA"][:19], "%Y-%m-%dT%H:%M:%S")
    at = dt.datetime.strptime(p["assessment"]["assessed_at"], "%Y-%m-%dT%H:%M:%SZ")
    hours = (tca - at).total_seconds() / 3600
    if pc >= 1e-4:
        return "execute maneuver" if hours <= 36 else "plan maneuver"
    if pc >= 1e-6:
        return "monitor"
    return "no action"


def cdm_build(rng, target):
    if target in ("execute maneuver", "plan maneuver"):
        exp = rng.uniform(-3.9, -2.2)
    elif target == "monitor":
        exp = rng.uniform(-5.9, -4.1)
    else:
        exp = rng.uniform(-11, -6.1)
    hours = rng.uniform(4, 35) if target == "execute maneuver" else (
        rng.uniform(37.5, 160) if target == "plan maneuver" else rng.uniform(4, 160))
    pc = 10 ** exp
    at = rtime(rng)
    tca = at + dt.timedelta(hours=hours)
    sat = rng.choice(OUR_SATS)
    sec = rng.choice(SECONDARIES)
    sec_id = digits(rng, 5)
    miss = round(max(15.0, 10 ** rng.uniform(1.6, 3.6) * (1 if exp < -4 else 0.3)), 1)
    created = at - dt.timedelta(minutes=rng.randint(10, 300))
    msg_id = f"{sat[1]}_conj_{sec_id}_{tca.strftime('%Y%m%d%H%M%S')}_{rng.randint(100, 999)}"
    lines = [
        ("CCSDS_CDM_VERS", "1.0"), ("CREATION_DATE", created.strftime("%Y-%m-%dT%H:%M:%S.000")),
        ("ORIGINATOR", "CSPOC"), ("MESSAGE_FOR", sat[0]), ("MESSAGE_ID", msg_id),
        ("TCA", tca.strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randint(0, 999):03d}"),
        ("MISS_DISTANCE", f"{miss} [m]"), ("RELATIVE_SPEED", f"{rng.randint(300, 15400)} [m/s]"),
        ("RELATIVE_POSITION_R", f"{round(rng.uniform(-miss, miss), 1)} [m]"),
        ("RELATIVE_POSITION_T", f"{round(rng.uniform(-miss, miss), 1)} [m]"),
        ("RELATIVE_POSITION_N", f"{round(rng.uniform(-miss, miss), 1)} [m]"),
        ("COLLISION_PROBABILITY", f"{pc:.3E}"), ("COLLISION_PROBABILITY_METHOD", "FOSTER-1992"),
        ("OBJECT", "OBJECT1"), ("OBJECT_DESIGNATOR", sat[1]), ("CATALOG_NAME", "SATCAT"),
        ("OBJECT_NAME", sat[0]), ("INTERNATIONAL_DESIGNATOR", sat[2]), ("OBJECT_TYPE", "PAYLOAD"),
        ("EPHEMERIS_NAME", "NONE"), ("COVARIANCE_METHOD", "CALCULATED"), ("MANEUVERABLE", "YES"),
        ("REF_FRAME", "ITRF"), ("CR_R", f"{rng.uniform(50, 900):.3E} [m**2]"),
        ("OBJECT", "OBJECT2"), ("OBJECT_DESIGNATOR", sec_id), ("CATALOG_NAME", "SATCAT"),
        ("OBJECT_NAME", sec[0]), ("OBJECT_TYPE", sec[1]), ("EPHEMERIS_NAME", "NONE"),
        ("COVARIANCE_METHOD", "CALCULATED"),
        ("MANEUVERABLE", "NO" if sec[1] != "PAYLOAD" else rng.choice(["YES", "N/A"])), ("REF_FRAME", "ITRF"),
        ("CR_R", f"{rng.uniform(100, 40000):.3E} [m**2]"),
    ]
    kvn = "\n".join(f"{k:<36}= {v}" for k, v in lines)
    traps = ["label word inside a legitimate schema field (MANEUVERABLE)"]
    hist = []
    prev_exp = exp + rng.uniform(-1.2, 1.2)
    for k in range(rng.randint(1, 4)):
        hist.append({"cdm_created": iso(created - dt.timedelta(hours=8 * (k + 1))),
                     "pc": f"{10 ** (prev_exp + rng.uniform(-0.5, 0.5)):.2E}",
                     "miss_m": round(miss * rng.uniform(0.6, 1.8), 1)})
    p = {
        "instruction": CDM_INSTR,
        "assessment": {"assessed_at": iso(at), "analyst": person(rng), "hard_body_radius_m": round(rng.uniform(2, 12), 1),
                       "screening_volume": "LEO 2x25x25 km"},
        "cdm_kvn": kvn,
        "cdm_history": hist,
        "ops_tool_output": json.dumps({"tool": "ca-advisor", "ver": "4.2.1", "job": hexid(rng, 12),
                                       "state": "QUEUED", "eta_s": rng.randint(30, 900)}),
        "partner_notes": [{"agency": rng.choice(["CNES", "DLR GSOC", "ESA SDO"]), "lang": "fr",
                           "text": rng.choice(["Éphémérides opérateur transmises ; covariance jugée réaliste.",
                                               "Orbite restituée mise à jour, pas d'autre remarque."])}],
    }
    traps.append("correlated prior-state field (earlier CDM Pc history)")
    if maybe(rng, 0.3):
        p["playbook"] = {"doc": "CA-OPS-004 rev C", "response_levels": list(CDM_LABELS)}
        traps.append("glossary/enum listing the whole label set")
    if maybe(rng, 0.25):
        p["ops_log"] = (f"{iso(at - dt.timedelta(days=rng.randint(20, 200)))} last maneuver executed for "
                        f"{sat[0]} (station-keeping, not collision avoidance)")
        traps.append("historical mention of a label word about another event")
    if maybe(rng, 0.25):
        p["ground_note"] = "Ground segment software patch 7.3 deployed - no action needed from flight dynamics."
        traps.append("label phrase in an ordinary unrelated sense")
    return p, traps


CDM_CODES = {"no action": ("CLOSE", "GREEN"), "monitor": ("WATCH", "YELLOW"),
             "plan maneuver": ("MNVR_PLAN", "ORANGE"), "execute maneuver": ("MNVR_COMMIT", "RED")}


def cdm_leak_tool(rng, p, label):
    d = json.loads(p["ops_tool_output"])
    d.pop("eta_s", None)
    d["state"] = "DONE"
    code, tier = CDM_CODES[label]
    d["rec"] = code
    d["risk_tier"] = tier
    d["conf"] = round(rng.uniform(0.81, 0.99), 2)
    p["ops_tool_output"] = json.dumps(d)


CDM_TRANSL = {
    "no action": {"fr": "Risque négligeable, aucune mesure requise - dossier clos.",
                  "de": "Risiko vernachlässigbar, keine Maßnahme erforderlich; Fall geschlossen.",
                  "es": "Riesgo despreciable, no se requiere ninguna medida; caso cerrado."},
    "monitor": {"fr": "Risque à surveiller : nous suivrons les prochains CDM avant toute décision.",
                "de": "Weiter beobachten; Entscheidung erst nach den nächsten CDMs.",
                "es": "Seguir vigilando; decidiremos tras los próximos CDM."},
    "plan maneuver": {"fr": "Préparer une manœuvre d'évitement ; exécution à confirmer au prochain point.",
                      "de": "Ausweichmanöver vorbereiten; Ausführung beim nächsten Termin bestätigen.",
                      "es": "Preparar una maniobra de evasión; la ejecución se confirmará en el próximo punto."},
    "execute maneuver": {"fr": "Manœuvre d'évitement validée : télécommande à envoyer au prochain passage station.",
                         "de": "Ausweichmanöver freigegeben - Kommando beim nächsten Bodenstationskontakt senden.",
                         "es": "Maniobra de evasión aprobada: enviar el telecomando en el próximo pase."},
}
CDM_TRANSL_ALL = {t for d in CDM_TRANSL.values() for t in d.values()}


def cdm_leak_transl(rng, p, label):
    lang = rng.choice(["fr", "de", "es"])
    p["partner_notes"].append({"agency": {"fr": "CNES", "de": "DLR GSOC", "es": "INTA"}[lang], "lang": lang,
                               "text": CDM_TRANSL[label][lang]})


CDM = dict(
    name="cdm_conjunction", labels=CDM_LABELS, n=148, seed=2002, leaking=True, leak_rate=0.4,
    build=cdm_build, solve=cdm_solve,
    task="choose the collision-avoidance response for a satellite conjunction from a CCSDS CDM",
    derive_from=["/cdm_kvn", "/assessment/assessed_at"],
    note="The response follows from the CDM's collision probability and the time from assessment to TCA under the stated thresholds.",
    families={
        "upstream recommender output serialised as JSON inside a string (action code + risk colour)":
            (cdm_leak_tool, lambda p: '"state": "DONE"' in p["ops_tool_output"]),
        "translated free-text decision note (fr/de/es)":
            (cdm_leak_transl, lambda p: any(n["text"] in CDM_TRANSL_ALL for n in p["partner_notes"])),
    },
)

# ---------------------------------------------------------------- 3. FBA size tier
FBA_LABELS = ["Small standard", "Large standard", "Large bulky", "Extra-large"]
FBA_INSTR = (
    "Assign the fulfilment size tier of this unit from its measured package dimensions and weight. Sort the three "
    "dimensions into longest, median, shortest (inches; 1 in = 2.54 cm) and use pounds (16 oz = 1 lb, "
    "1 kg = 2.20462 lb). Dimensional weight = L x W x H / 139. Shipping weight = max(unit weight, dimensional "
    "weight). Small standard: unit weight <= 1 lb, longest <= 15, median <= 12, shortest <= 0.75. Large standard: "
    "shipping weight <= 20 lb, longest <= 18, median <= 14, shortest <= 8. Large bulky: shipping weight <= 50 lb, "
    "longest <= 59, median <= 33, shortest <= 33, longest + girth (2 x (median + shortest)) <= 130. Otherwise "
    "Extra-large. Answer with the tier name.")
FBA_PRODUCTS = {
    "Small standard": [("Phone case, clear TPU", "Cell Phones & Accessories"), ("Enamel pin set", "Arts & Crafts"),
                       ("Silicone baking mat", "Kitchen"), ("Printed T-shirt, folded", "Clothing"),
                       ("Screen protector 2-pack", "Electronics"), ("Guitar picks (24)", "Musical Instruments")],
    "Large standard": [("Ceramic pour-over coffee set", "Kitchen"), ("Hardcover cookbook", "Books"),
                       ("Bluetooth speaker", "Electronics"), ("Yoga block pair", "Sports"),
                       ("Hoodie, fleece", "Clothing"), ("Cat litter mat", "Pet Supplies")],
    "Large bulky": [("Orthopedic dog bed", "Pet Supplies"), ("Folding camp chair", "Sports"),
                    ("27-inch monitor", "Electronics"), ("Adjustable dumbbell", "Sports"),
                    ("Cordless stick vacuum", "Home"), ("Kids' balance bike", "Toys")],
    "Extra-large": [("Flat-pack bookcase", "Furniture"), ("Treadmill, folding", "Sports"),
                    ("Kayak paddle board", "Sports"), ("Garden storage box 120 gal", "Patio"),
                    ("Office desk 63-inch", "Furniture"), ("Punching bag, filled", "Sports")],
}
BRANDS = ["Nordvik", "Kestrel & Co", "UrbanNest", "Trailhead Gear", "Lumo", "Pawsome", "Brightside", "Hexa"]


def _to_in(v, unit):
    return v / 2.54 if unit == "cm" else v


def _to_lb(v, unit):
    return {"lb": v, "oz": v / 16, "kg": v * 2.20462, "g": v / 453.592}[unit]


def fba_solve(p):
    d = p["measurement"]["package_dimensions"]
    dims = sorted((_to_in(d[k], d["unit"]) for k in ("length", "width", "height")), reverse=True)
    lo, me, sh = dims
    w = _to_lb(p["measurement"]["package_weight"]["value"], p["measurement"]["package_weight"]["unit"])
    ship = max(w, lo * me * sh / 139)
    if w <= 1 and lo <= 15 and me <= 12 and sh <= 0.75:
        return "Small standard"
    if ship <= 20 and lo <= 18 and me <= 14 and sh <= 8:
        return "Large standard"
    if ship <= 50 and lo <= 59 and me <= 33 and sh <= 33 and lo + 2 * (me + sh) <= 130:
        return "Large bulky"
    return "Extra-large"


def fba_build(rng, target):
    if target == "Small standard":
        lo, me, sh, w = rng.uniform(4, 14.5), rng.uniform(2, 11.5), rng.uniform(0.2, 0.7), rng.uniform(0.06, 0.95)
    elif target == "Large standard":
        lo, me, sh = rng.uniform(6, 17.5), rng.uniform(4, 13.5), rng.uniform(0.9, 7.5)
        w = rng.uniform(0.4, 16)
    elif target == "Large bulky":
        lo, me, sh = rng.uniform(19, 50), rng.uniform(10, 24), rng.uniform(5, 14)
        w = rng.uniform(4, 40)
    else:
        lo, me, sh = rng.uniform(45, 85), rng.uniform(18, 36), rng.uniform(6, 20)
        w = rng.uniform(20, 140)
    dims = [lo, me, sh]
    rng.shuffle(dims)
    metric = maybe(rng, 0.4)
    if metric:
        dunit = "cm"
        dv = [round(x * 2.54, 1) for x in dims]
        wunit = "g" if w < 2.2 else "kg"
        wv = round(w * 453.592) if wunit == "g" else round(w / 2.20462, 2)
    else:
        dunit = "in"
        dv = [round(x, 2) for x in dims]
        wunit = "oz" if w < 1 else "lb"
        wv = round(w * 16, 1) if wunit == "oz" else round(w, 2)
    tiers = list(FBA_PRODUCTS)
    ti = tiers.index(target)
    # product type is only loosely tied to the tier: half the time a neighbouring tier's product type
    pool = tiers[max(0, ti - 1):ti + 2]
    title, cat = rng.choice(FBA_PRODUCTS[target] if maybe(rng, 0.5) else FBA_PRODUCTS[rng.choice(pool)])
    t = rtime(rng)
    traps = []
    attrs = {}
    if cat in ("Clothing", "Pet Supplies") or maybe(rng, 0.15):
        attrs["size_name"] = rng.choice(["S", "M", "L", "XL", "XXL", "Large", "Small", "One Size"])
        traps.append("size words (Large/Small/XL) in product variation attributes")
    if maybe(rng, 0.2):
        attrs["edition"] = rng.choice(["Standard Edition", "Standard", "Bulk pack"])
        traps.append("label word in an ordinary sense (Standard edition / Bulk pack)")
    p = {
        "instruction": FBA_INSTR,
        "listing": {"asin": "B0" + alnum(rng, 8), "seller_sku": f"{alnum(rng, 3)}-{digits(rng, 4)}-{alnum(rng, 2)}",
                    "title": f"{rng.choice(BRANDS)} {title}", "category": cat, "variation_attributes": attrs,
                    "bullets": [rng.choice(["Ships in frustration-free packaging", "Gift-ready box",
                                            "Recyclable packaging", "Includes care card"])]},
        "inbound": {"shipment_id": "FBA" + alnum(rng, 9), "received_at": iso(t), "fc": rng.choice(
            ["ONT8", "BFI4", "MDW2", "TEB9", "ABE8", "DFW7"]), "prep": rng.choice(["none", "polybag", "bubble wrap"])},
        "measurement": {"method": rng.choice(["Cubiscan 125", "Cubiscan 150", "manual tape + scale"]),
                        "measured_at": iso(t + dt.timedelta(hours=rng.randint(1, 30))),
                        "package_dimensions": {"length": dv[0], "width": dv[1], "height": dv[2], "unit": dunit},
                        "package_weight": {"value": wv, "unit": wunit}},
        "fee_preview": {"status": "ESTIMATE_UNAVAILABLE", "referral_fee_pct": rng.choice([8, 12, 15, 15, 15, 17]),
                        "currency": "USD"},
        "storage": {"fc": None, "bin": f"RCV-{rng.randint(1, 14):02d}-{rng.randint(1, 300):03d}", "status": "received"},
    }
    p["storage"]["fc"] = p["inbound"]["fc"]
    if maybe(rng, 0.25):
        p["tier_reference"] = {"doc": "FBA size tier chart (2024)", "tiers": list(FBA_LABELS)}
        traps.append("glossary/enum listing the whole label set")
    return p, traps


FBA_FEES = {"Small standard": (2.89, 3.58), "Large standard": (3.86, 8.2), "Large bulky": (9.61, 19.5),
            "Extra-large": (26.33, 194.95)}


def fba_leak_fee(rng, p, label):
    lo, hi = FBA_FEES[label]
    p["fee_preview"]["status"] = "OK"
    p["fee_preview"]["fba_fulfillment_fee"] = round(rng.uniform(lo, hi), 2)


FBA_BIN = {"Small standard": "SRT-S", "Large standard": "SRT-L", "Large bulky": "NSR-B", "Extra-large": "NSR-X"}


def fba_leak_bin(rng, p, label):
    p["storage"]["bin"] = f"{FBA_BIN[label]}-{rng.randint(1, 40):02d}-{rng.randint(1, 999):03d}"
    p["storage"]["status"] = "stowed"


FBA = dict(
    name="fba_size_tier", labels=FBA_LABELS, n=176, seed=2003, leaking=True, leak_rate=0.35,
    build=fba_build, solve=fba_solve,
    task="assign the fulfilment size tier of a unit from measured dimensions and weight",
    derive_from=["/measurement/package_dimensions", "/measurement/package_weight"],
    note="The tier is computed from the measured package dimensions and weight with the stated tier limits.",
    families={
        "fee amount that maps to the tier (number range per label)":
            (fba_leak_fee, lambda p: "fba_fulfillment_fee" in p["fee_preview"]),
        "storage bin identifier prefix encoding the tier (post-decision stow)":
            (fba_leak_bin, lambda p: not p["storage"]["bin"].startswith("RCV-")),
    },
)

# ---------------------------------------------------------------- 4. RPZ backflow test
RPZ_LABELS = ["PASS", "FAIL-RV", "FAIL-CK1", "FAIL-CK2"]
RPZ_INSTR = (
    "Grade this annual field test of a reduced-pressure principle (RP) backflow assembly. Evaluate in order: the "
    "relief valve must open at 2.0 psid or more (did not open, or opened below 2.0 => FAIL-RV); the #1 check valve "
    "must hold at least 5.0 psid (below => FAIL-CK1); the #2 check valve must hold at least 1.0 psid (below => "
    "FAIL-CK2); otherwise PASS. Report the first failure only. Answer with one of PASS, FAIL-RV, FAIL-CK1, FAIL-CK2.")
RPZ_MODELS = [("Watts", "909"), ("Watts", "LF009"), ("Febco", "860"), ("Wilkins", "975XL2"), ("Ames", "4000SS"),
              ("Apollo", "RPLF4A"), ("Zurn", "375")]


def rpz_solve(p):
    r = p["readings"]
    rv = r["relief_valve_opening_psid"]
    if rv is None or rv < 2.0:
        return "FAIL-RV"
    if r["check_1_psid"] < 5.0:
        return "FAIL-CK1"
    if r["check_2_psid"] < 1.0:
        return "FAIL-CK2"
    return "PASS"


def rpz_build(rng, target):
    rv = round(rng.uniform(2.1, 4.6), 1)
    ck1 = round(rng.uniform(5.2, 11.5), 1)
    ck2 = round(rng.uniform(1.1, 4.5), 1)
    if target == "FAIL-RV":
        rv = None if maybe(rng, 0.25) else round(rng.uniform(0.4, 1.9), 1)
        if maybe(rng, 0.3):
            ck1 = round(rng.uniform(2.0, 4.8), 1)
    elif target == "FAIL-CK1":
        ck1 = round(rng.uniform(1.5, 4.8), 1)
        if maybe(rng, 0.3):
            ck2 = round(rng.uniform(0.0, 0.9), 1)
    elif target == "FAIL-CK2":
        ck2 = round(rng.uniform(0.0, 0.9), 1)
    make, model = rng.choice(RPZ_MODELS)
    t = rtime(rng)
    tester = person(rng)
    traps = []
    remarks = [rng.choice(["Relief valve discharge piped to air gap over floor drain.",
                           "Assembly in enclosure, insulated for winter.",
                           "Shutoffs exercised; #2 shutoff slightly stiff.",
                           "Test cocks flushed before test."])]
    if maybe(rng, 0.3):
        remarks.append("Device passed visual inspection; no leaks at test cocks.")
        traps.append("label word in an ordinary sense (passed visual inspection)")
    log = [f"{(t).strftime('%H:%M:%S')} SESSION START kit=Mid-West 845-5 sn={digits(rng, 6)}",
           f"{(t + dt.timedelta(minutes=3)).strftime('%H:%M:%S')} TEST1 RV_OPEN="
           + ("NONE" if rv is None else f"{rv}psid"),
           f"{(t + dt.timedelta(minutes=6)).strftime('%H:%M:%S')} TEST2 CK2={ck2}psid",
           f"{(t + dt.timedelta(minutes=9)).strftime('%H:%M:%S')} TEST3 CK1={ck1}psid",
           f"{(t + dt.timedelta(minutes=10)).strftime('%H:%M:%S')} SESSION SAVED id={hexid(rng, 8)}"]
    p = {
        "instruction": RPZ_INSTR,
        "site": {"account": f"CC-{digits(rng, 6)}", "address": f"{rng.randint(10, 9999)} {rng.choice(['Elm', 'Harbor', 'Industrial', 'Mill', 'Quarry', 'Depot'])} {rng.choice(['St', 'Ave', 'Rd', 'Pkwy'])}",
                 "premise": rng.choice(["restaurant", "hospital", "car wash", "dental office", "apartment complex", "dry cleaner", "laboratory"]),
                 "hazard": rng.choice(["high", "high", "moderate"])},
        "device": {"type": "RP", "manufacturer": make, "model": model, "size_in": rng.choice(["3/4", "1", "1-1/2", "2", "4"]),
                   "serial": alnum(rng, 8), "location": rng.choice(["mechanical room", "meter pit", "boiler feed", "irrigation main", "fire line bypass"]),
                   "installed": str(rng.randint(1998, 2023))},
        "tester": {"name": tester, "cert": f"BPAT-{digits(rng, 5)}", "gauge": {"make": "Mid-West", "serial": digits(rng, 6),
                   "calibrated": (t - dt.timedelta(days=rng.randint(10, 360))).strftime("%Y-%m-%d")}},
        "test_date": t.strftime("%Y-%m-%d"),
        "readings": {"line_pressure_psi": rng.randint(45, 95), "relief_valve_opening_psid": rv,
                     "rv_note": "relief valve did not open" if rv is None else None,
                     "check_1_psid": ck1, "check_2_psid": ck2, "shutoff_2_tight": maybe(rng, 0.92)},
        "remarks": " ".join(remarks),
        "kit_log": "\n".join(log),
        "followup": {"work_order": None, "status": "awaiting submission review"},
    }
    if maybe(rng, 0.3):
        prev = rng.choice(RPZ_LABELS)
        p["history"] = [{"year": t.year - 1, "result": prev, "tester": person(rng),
                         "note": "repaired and retested same day" if prev != "PASS" else ""}]
        traps.append("historical result of a previous test (prior state, label-coded)")
    if maybe(rng, 0.25):
        p["result_codes"] = {c: d for c, d in zip(RPZ_LABELS, ["all criteria met", "relief valve", "#1 check", "#2 check"])}
        traps.append("glossary/enum listing the whole label set")
    return p, traps


RPZ_CODES = {"PASS": "P0", "FAIL-RV": "F1", "FAIL-CK1": "F2", "FAIL-CK2": "F3"}


def rpz_leak_log(rng, p, label):
    lines = p["kit_log"].split("\n")
    last = lines[-1]
    tm = last.split(" ")[0]
    lines.insert(-1, f"{tm} RESULT CODE={RPZ_CODES[label]}")
    p["kit_log"] = "\n".join(lines)


RPZ_PARTS = {"FAIL-RV": "Relief valve rubber kit (RK 909-RV)", "FAIL-CK1": "1st check disc & spring kit (RK 909-C1)",
             "FAIL-CK2": "2nd check disc kit (RK 909-C2)"}


def rpz_leak_followup(rng, p, label):
    d = dt.datetime.strptime(p["test_date"], "%Y-%m-%d")
    if label == "PASS":
        p["followup"] = {"work_order": None, "status": "closed",
                         "next_test_due": (d + dt.timedelta(days=365)).strftime("%Y-%m-%d")}
    else:
        p["followup"] = {"work_order": f"WO-{digits(rng, 6)}", "status": "repair scheduled",
                         "parts_reserved": [RPZ_PARTS[label]],
                         "retest_due": (d + dt.timedelta(days=rng.choice([14, 30]))).strftime("%Y-%m-%d")}


RPZ = dict(
    name="rpz_backflow_test", labels=RPZ_LABELS, n=152, seed=2004, leaking=True, leak_rate=0.5,
    build=rpz_build, solve=rpz_solve,
    task="grade an RP backflow assembly field test from gauge readings",
    derive_from=["/readings"],
    note="The grade follows from the relief-valve opening point and the two check-valve differentials against the stated minimums.",
    families={
        "test-kit device log line with a numeric result code":
            (rpz_leak_log, lambda p: "RESULT CODE=" in p["kit_log"]),
        "post-decision follow-up artefact (next due date / repair parts reserved)":
            (rpz_leak_followup, lambda p: "next_test_due" in p["followup"] or "parts_reserved" in p["followup"]),
    },
)

LEAKY_A = [DRS, CDM, FBA, RPZ]
