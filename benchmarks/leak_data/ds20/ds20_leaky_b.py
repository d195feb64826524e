"""Leaking datasets, part B: eicr_circuit_code, crane_lift_category, nutriscore_label, creel_disposition,
carseat_fit_check."""
import datetime as dt
import json

from ds20_common import (person, hexid, alnum, digits, rtime, iso, b64, maybe, jwt, b64url_decode)

# ---------------------------------------------------------------- 5. EICR circuit code
EICR_LABELS = ["no code", "C2", "C3", "FI"]
EICR_INSTR = (
    "You review one row of the schedule of test results from a domestic Electrical Installation Condition Report "
    "(BS 7671). Give the observation code for the circuit: 'FI' if a required test could not be completed "
    "(a limitation is recorded); otherwise 'C2' if insulation resistance L-E is below 1.0 MOhm, measured Zs exceeds "
    "the maximum permitted Zs stated for the device, or the RCD trip time at its rated residual current exceeds "
    "300 ms; otherwise 'C3' if the circuit supplies socket-outlets and has no RCD protection; otherwise 'no code'. "
    "Answer with the code only.")
EICR_CIRCUITS = [("Lighting - ground floor", "B6", 5.82, False, 1.0), ("Lighting - first floor", "B6", 5.82, False, 1.0),
                 ("Ring final - kitchen", "B32", 1.10, True, 2.5), ("Ring final - downstairs", "B32", 1.10, True, 2.5),
                 ("Radial sockets - garage", "B20", 1.75, True, 2.5), ("Immersion heater", "B16", 2.19, False, 2.5),
                 ("Cooker", "B40", 0.87, False, 6.0), ("Shower", "B40", 0.87, False, 10.0),
                 ("Smoke alarms", "B6", 5.82, False, 1.0), ("Outdoor socket", "B16", 2.19, True, 2.5),
                 ("Heat pump", "C16", 1.10, False, 2.5), ("EV charge point", "B32", 1.10, False, 6.0)]
LIMITATIONS = ["Circuit could not be isolated - serves medical equipment in use; IR not tested",
               "Consumer unit cover screws seized; R1+R2 not obtained",
               "Cable route concealed under fixed flooring; Zs not measured at furthest point",
               "Occupier refused isolation during working hours; tests incomplete"]


def eicr_solve(p):
    c = p["circuit"]
    t = p["test_results"]
    if c.get("limitation"):
        return "FI"
    ir = t["ir_live_earth_mohm"]
    ir_v = 999.0 if ir == ">999" else float(ir)
    if ir_v < 1.0 or t["zs_ohm"] > c["max_zs_ohm"] or (t["rcd"] and t["rcd"]["trip_time_ms"] > 300):
        return "C2"
    if c["serves_socket_outlets"] and not t["rcd"]:
        return "C3"
    return "no code"


def eicr_build(rng, target):
    desc, dev, maxzs, sockets, csa = rng.choice(EICR_CIRCUITS)
    if target == "C3":
        desc, dev, maxzs, sockets, csa = rng.choice([c for c in EICR_CIRCUITS if c[3]])
    has_rcd = maybe(rng, 0.7) if target != "C3" else False
    zs = round(maxzs * rng.uniform(0.2, 0.85), 2)
    ir = rng.choice([">999", ">999", str(round(rng.uniform(20, 299), 1))])
    trip = rng.randint(14, 38) if has_rcd else None
    limitation = None
    if target == "FI":
        limitation = rng.choice(LIMITATIONS)
    elif target == "C2":
        kind = rng.choice(["ir", "zs", "rcd"])
        if kind == "ir":
            ir = str(round(rng.uniform(0.05, 0.95), 2))
        elif kind == "zs":
            zs = round(maxzs * rng.uniform(1.1, 2.2), 2)
        else:
            has_rcd = True
            trip = rng.choice([rng.randint(320, 480), 999])
    r1r2 = round(zs * rng.uniform(0.3, 0.7), 2)
    cno = rng.randint(1, 16)
    t = rtime(rng)
    flat = rng.choice(["A1", "A2", "B3", "C2", "C3", "D1", "FI", "2", "14"]) if maybe(rng, 0.5) else None
    traps = ["device curve/type codes near the code vocabulary (B32, C16, type A/AC RCD)"]
    addr = f"{rng.randint(1, 220)} {rng.choice(['Albion', 'Victoria', 'Mill', 'Church', 'Station'])} Road, {rng.choice(['Leeds', 'Bristol', 'Cardiff', 'Norwich', 'Derby'])}"
    if flat:
        addr = f"Flat {flat}, " + addr
        traps.append("code-like strings in addresses (Flat C2 / Flat FI)")
    remarks = []
    if maybe(rng, 0.25):
        remarks.append("Wi-Fi extender plugged in on landing - unplugged for IR test.")
        traps.append("token that matches a label inside an ordinary word (Wi-Fi)")
    if maybe(rng, 0.2):
        remarks.append("No C1 observations on this circuit.")
        traps.append("negated mention of a code")
    rcd = None
    if has_rcd:
        rcd = {"type": rng.choice(["A", "AC", "A", "B" if "EV" in desc else "A"]), "rated_ma": 30,
               "trip_time_ms": trip, "test_button_ok": True}
    p = {
        "instruction": EICR_INSTR,
        "report": {"report_no": f"EICR-{digits(rng, 7)}", "inspected": t.strftime("%Y-%m-%d"),
                   "inspector": person(rng), "scheme": rng.choice(["NICEIC", "NAPIT", "ELECSA"]),
                   "standard": "BS 7671:2018+A2:2022", "property": addr,
                   "consumer_unit": {"make": rng.choice(["Hager", "Wylex", "MK Sentry", "Schneider", "Crabtree"]),
                                     "location": rng.choice(["under stairs", "garage", "hall cupboard", "kitchen"])}},
        "circuit": {"no": cno, "description": desc, "device": f"{dev} MCB (BS EN 60898)",
                    "max_zs_ohm": maxzs, "cable_csa_mm2": csa, "cpc_mm2": 1.0 if csa <= 2.5 else 2.5,
                    "ref_method": rng.choice(["A", "B", "C", "100", "101"]), "points_served": rng.randint(1, 14),
                    "serves_socket_outlets": sockets, "limitation": limitation},
        "test_results": {"r1_r2_ohm": None if limitation and "R1+R2" in limitation else r1r2,
                         "zs_ohm": zs, "ir_live_live_mohm": rng.choice([">999", ">999", "150"]),
                         "ir_live_earth_mohm": ir, "test_voltage_v": 500, "polarity_ok": True, "rcd": rcd},
        "remarks": " ".join(remarks),
        "attachments": [f"IMG_{t.strftime('%Y%m%d')}_{rng.randint(80000, 235959):06d}.jpg"],
        "rendered_row_html": (f"<tr class=\"cir\"><td>{cno}</td><td>{desc}</td><td>{dev}</td>"
                              f"<td>{zs}</td><td>{ir}</td></tr>"),
    }
    if maybe(rng, 0.3):
        p["legend"] = {"C1": "Danger present", "C2": "Potentially dangerous", "C3": "Improvement recommended",
                       "FI": "Further investigation required", "no code": "Satisfactory"}
        traps.append("glossary/enum listing the whole label set")
    if maybe(rng, 0.2):
        p["previous_report"] = {"year": t.year - rng.randint(4, 9), "summary": rng.choice([
            "C2 for absent main bonding to gas - since rectified", "C3 for no RCD on sockets", "Satisfactory"])}
        traps.append("historical code from a previous report")
    return p, traps


EICR_FN = {"no code": "NC", "C2": "C2", "C3": "C3", "FI": "FI"}


def eicr_leak_file(rng, p, label):
    d = p["report"]["inspected"].replace("-", "")
    p["attachments"] = [f"EICR_{EICR_FN[label]}_cct{p['circuit']['no']}_{d}.jpg"] + p["attachments"]


EICR_CLS = {"no code": ("ok", "#ffffff"), "C2": ("c2", "#f8d7da"), "C3": ("c3", "#fff3cd"), "FI": ("fi", "#d1ecf1")}


def eicr_leak_html(rng, p, label):
    cls, col = EICR_CLS[label]
    p["rendered_row_html"] = p["rendered_row_html"].replace(
        "<tr class=\"cir\">", f"<tr class=\"cir cir--{cls}\" style=\"background:{col}\">")


EICR = dict(
    name="eicr_circuit_code", labels=EICR_LABELS, n=140, seed=2005, leaking=True, leak_rate=0.55,
    build=eicr_build, solve=eicr_solve,
    task="give the EICR observation code for one circuit from its schedule-of-test-results row",
    derive_from=["/circuit", "/test_results"],
    note="The code follows from the recorded limitation, insulation resistance, Zs against the stated maximum, RCD trip time and socket/RCD status.",
    families={
        "attachment file name carrying the code":
            (eicr_leak_file, lambda p: any(a.startswith("EICR_") for a in p["attachments"])),
        "rendered HTML row with code-specific CSS class and colour":
            (eicr_leak_html, lambda p: "cir--" in p["rendered_row_html"]),
    },
)

# ---------------------------------------------------------------- 6. Crane lift category
CRANE_LABELS = ["standard lift", "critical lift", "prohibited lift"]
CRANE_INSTR = (
    "Categorise this mobile-crane lift from the lift plan and the load chart. Gross load = load + rigging + hook "
    "block. Chart capacity = the capacity in the row with the smallest chart radius that is >= the planned radius. "
    "Utilisation = gross load / chart capacity. 'prohibited lift' if utilisation > 100 %; 'critical lift' if "
    "utilisation > 75 %, or the lift is a tandem (two-crane) lift, or the load passes over an occupied area; "
    "otherwise 'standard lift'. Answer with the category.")
CRANES = [("Liebherr LTM 1090-4.2", 90), ("Grove GMK5150L", 150), ("Tadano AC 4.070-1", 70),
          ("Liebherr LTM 1060-3.1", 60), ("Link-Belt RTC-8065", 59), ("Terex AC 100/4L", 100)]
LOADS = ["rooftop AHU", "precast stair flight", "steel transfer beam", "generator set", "chiller module",
         "timber roof truss bundle", "glazing stillage", "transformer", "HVAC condenser", "tank section"]


def crane_chart(rng, rated):
    radii = [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]
    boom = rng.choice([18.4, 23.5, 29.1, 34.7, 40.3])
    base = rated * rng.uniform(0.45, 0.75)
    rows = []
    for r in radii:
        cap = base * (3.0 / r) ** 0.95 if r > 3 else base
        rows.append({"radius_m": r, "capacity_t": round(cap, 1)})
    return boom, rows


def crane_solve(p):
    lp = p["lift_plan"]
    gross = lp["load"]["weight_kg"] + sum(x["weight_kg"] for x in lp["rigging"]) + lp["hook_block_kg"]
    rows = sorted(p["load_chart"]["rows"], key=lambda r: r["radius_m"])
    cap = next(r["capacity_t"] for r in rows if r["radius_m"] >= lp["radius_m"]) * 1000
    u = gross / cap
    if u > 1.0:
        return "prohibited lift"
    if u > 0.75 or lp["tandem"] or lp["over_occupied_area"]:
        return "critical lift"
    return "standard lift"


def crane_build(rng, target):
    model, rated = rng.choice(CRANES)
    boom, rows = crane_chart(rng, rated)
    radius = round(rng.uniform(4.2, 27.5), 1)
    cap = next(r["capacity_t"] for r in rows if r["radius_m"] >= radius) * 1000
    tandem = occupied = False
    if target == "standard lift":
        u = rng.uniform(0.15, 0.72)
    elif target == "critical lift":
        if maybe(rng, 0.55):
            u = rng.uniform(0.78, 0.98)
            tandem, occupied = maybe(rng, 0.1), maybe(rng, 0.15)
        else:
            u = rng.uniform(0.2, 0.7)
            tandem = maybe(rng, 0.5)
            occupied = (not tandem) or maybe(rng, 0.3)
    else:
        u = rng.uniform(1.03, 1.45)
        tandem, occupied = maybe(rng, 0.1), maybe(rng, 0.2)
    gross = u * cap
    hook = rng.choice([250, 350, 450, 600, 800])
    rig = [{"item": "4-leg chain sling 3.15 t WLL", "weight_kg": rng.choice([48, 62, 75])},
           {"item": rng.choice(["spreader beam 6 m", "shackles x4 (6.5 t)", "lifting frame"]),
            "weight_kg": rng.choice([35, 120, 260, 410])}]
    load_w = int(round(gross - hook - sum(x["weight_kg"] for x in rig)))
    if load_w < 200:
        load_w = 200
    t = rtime(rng)
    lift_id = f"L-{rng.randint(1, 60):02d}"
    traps = []
    notes = [rng.choice(["Lift is on the critical path for the roof close-out.",
                         "Outriggers on 1.2 m x 1.2 m timber mats; ground bearing checked.",
                         "Banksman: " + person(rng) + "; radios on channel 3.",
                         "Rigging per company standard RS-02."])]
    if "critical path" in notes[0]:
        traps.append("label word in an ordinary sense (critical path / company standard)")
    if maybe(rng, 0.3):
        notes.append("Smoking prohibited within the exclusion zone; no tandem lift planned on this day." if not tandem
                     else "Smoking prohibited within the exclusion zone.")
        traps.append("negated/ordinary use of label words (smoking prohibited, no tandem)")
    p = {
        "instruction": CRANE_INSTR,
        "lift_plan": {"lift_id": lift_id, "project": f"{rng.choice(['Harbour Quay', 'Northgate', 'Riverside', 'Oakfield'])} {rng.choice(['Phase 2', 'Block B', 'Hospital Wing', 'Depot'])}",
                      "date": t.strftime("%Y-%m-%d"), "crane": {"model": model, "rated_capacity_t": rated,
                      "boom_length_m": boom, "counterweight_t": rng.choice([10.6, 16.0, 22.6, 26.0, 40.0]),
                      "outriggers": "fully extended"},
                      "radius_m": radius, "load": {"description": rng.choice(LOADS), "weight_kg": load_w},
                      "rigging": rig, "hook_block_kg": hook, "tandem": tandem, "over_occupied_area": occupied,
                      "wind_forecast_ms": round(rng.uniform(2, 11), 1), "appointed_person": person(rng)},
        "load_chart": {"boom_length_m": boom, "slew": "360 deg", "rows": rows,
                       "source": f"{model} chart excerpt, main boom, full outriggers"},
        "site_notes": notes,
        "correspondence": [{"from": person(rng), "subject": f"Lift {lift_id[2:]} - delivery window",
                            "body": rng.choice(["Trailer arrives 07:30, gate 3. Escort booked.",
                                                "Road closure permit approved for Saturday morning.",
                                                "Can we move the pick to 10:00? Supplier running late."])}],
        "permit_form_csv": ("field,value\n" f"permit_no,PTW-{digits(rng, 5)}\n" f"area,{rng.choice(['Zone A', 'Zone C', 'North yard', 'Roof level'])}\n"
                            "hot_work,N\nconfined_space,N\n" f"issued_by,{person(rng)}\n"),
    }
    if maybe(rng, 0.3):
        p["procedure_ref"] = {"doc": "LP-100 Lifting Operations", "categories": {
            "standard lift": "routine, <= 75 % chart", "critical lift": "> 75 % chart, tandem, or over occupied areas",
            "prohibited lift": "> 100 % chart"}}
        traps.append("glossary/enum listing the whole label set")
    return p, traps


CRANE_EMAIL = {
    "standard lift": ("RE: Lift plan review", "Routine pick, the generic method statement and the JHA cover it - no extra sign-off."),
    "critical lift": ("RE: Lift plan review", "This one needs the full engineered plan, PE sign-off and the lift director on site before we hook on."),
    "prohibited lift": ("RE: Lift plan review", "We can't pick this with that configuration - reconfigure or bring the bigger crane. Do not schedule it."),
}
CRANE_EMAIL_BODIES = {v[1] for v in CRANE_EMAIL.values()}


def crane_leak_email(rng, p, label):
    subj, body = CRANE_EMAIL[label]
    p["correspondence"].append({"from": person(rng), "subject": subj, "body": body})


def crane_leak_csv(rng, p, label):
    add = {"standard lift": "engineered_plan_required,N\n", "critical lift": "engineered_plan_required,Y\npe_signoff,PENDING\n",
           "prohibited lift": "permit_status,DENIED\n"}[label]
    p["permit_form_csv"] += add


CRANE = dict(
    name="crane_lift_category", labels=CRANE_LABELS, n=138, seed=2006, leaking=True, leak_rate=0.42,
    build=crane_build, solve=crane_solve,
    task="categorise a mobile-crane lift (standard / critical / prohibited) from lift plan and load chart",
    derive_from=["/lift_plan", "/load_chart"],
    note="The category follows from gross load over the chart capacity at the planned radius plus the tandem and occupied-area flags.",
    families={
        "email thread paraphrasing the category decision":
            (crane_leak_email, lambda p: any(c["body"] in CRANE_EMAIL_BODIES for c in p["correspondence"])),
        "CSV permit form with a decision row (plan required / permit denied)":
            (crane_leak_csv, lambda p: "engineered_plan_required" in p["permit_form_csv"] or "permit_status,DENIED" in p["permit_form_csv"]),
    },
)

# ---------------------------------------------------------------- 7. Nutri-Score (leaks on EVERY record)
NS_LABELS = ["A", "B", "C", "D", "E"]
NS_INSTR = (
    "Compute the Nutri-Score letter (2017 algorithm, general foods) from the nutrition declaration per 100 g and the "
    "fruit/vegetable/nut percentage. Negative points (0-10 each, one point per threshold exceeded): energy kJ > 335, "
    "670, ..., 3350 (steps of 335); sugars g > 4.5, 9, 13.5, 18, 22.5, 27, 31, 36, 40, 45; saturated fat g > 1, 2, ..., 10; "
    "sodium mg (= salt g x 400) > 90, 180, ..., 900. Positive points: fruit/veg/nuts % > 40 => 1, > 60 => 2, > 80 => 5; "
    "fibre g > 0.9, 1.9, 2.8, 3.7, 4.7 (0-5); protein g > 1.6, 3.2, 4.8, 6.4, 8.0 (0-5). If negative points >= 11 "
    "and fruit points < 5, score = negative - fibre - fruit points; else score = negative - all positive points. "
    "Letter: score <= -1 A; 0-2 B; 3-10 C; 11-18 D; >= 19 E. Answer with the letter.")


def _pts(v, ths):
    return sum(1 for t in ths if v > t)


def ns_score(n):
    energy = _pts(n["energy_kj"], [335 * i for i in range(1, 11)])
    sugars = _pts(n["sugars_g"], [4.5, 9, 13.5, 18, 22.5, 27, 31, 36, 40, 45])
    sat = _pts(n["saturated_fat_g"], list(range(1, 11)))
    sodium = _pts(n["salt_g"] * 400, [90 * i for i in range(1, 11)])
    neg = energy + sugars + sat + sodium
    fv = n["fruit_veg_nuts_pct"]
    fvp = 5 if fv > 80 else 2 if fv > 60 else 1 if fv > 40 else 0
    fib = _pts(n["fibre_g"], [0.9, 1.9, 2.8, 3.7, 4.7])
    prot = _pts(n["protein_g"], [1.6, 3.2, 4.8, 6.4, 8.0])
    if neg >= 11 and fvp < 5:
        return neg, fib + fvp, neg - fib - fvp
    return neg, fib + fvp + prot, neg - fib - fvp - prot


def ns_letter(s):
    return "A" if s <= -1 else "B" if s <= 2 else "C" if s <= 10 else "D" if s <= 18 else "E"


def ns_solve(p):
    n = dict(p["nutrition_per_100g"])
    n["fruit_veg_nuts_pct"] = p["recipe"]["fruit_veg_nuts_pct"]
    return ns_letter(ns_score(n)[2])


NS_CATS = [("Wholegrain oat flakes", "Cereals", dict(e=(1450, 1600), su=(0.5, 2), sf=(1, 1.6), sa=(0, 0.05), fi=(8, 11), pr=(11, 14), fv=(0, 0))),
           ("Mixed vegetable soup", "Soups", dict(e=(120, 260), su=(1, 4), sf=(0.1, 1.2), sa=(0.4, 1.1), fi=(0.8, 2.5), pr=(0.8, 2.5), fv=(35, 85))),
           ("Chocolate hazelnut spread", "Spreads", dict(e=(2200, 2350), su=(45, 57), sf=(5, 11), sa=(0.05, 0.15), fi=(2, 4), pr=(5, 7), fv=(10, 15))),
           ("Salted potato crisps", "Snacks", dict(e=(2100, 2300), su=(0.3, 1.2), sf=(2, 5), sa=(0.9, 1.8), fi=(3, 5), pr=(5, 7), fv=(0, 0))),
           ("Greek-style natural yoghurt", "Dairy", dict(e=(380, 560), su=(3, 5), sf=(3, 7), sa=(0.1, 0.2), fi=(0, 0.3), pr=(3.5, 9), fv=(0, 0))),
           ("Strawberry jam", "Spreads", dict(e=(1000, 1100), su=(48, 60), sf=(0, 0.1), sa=(0, 0.05), fi=(0.5, 1.5), pr=(0.3, 0.6), fv=(35, 55))),
           ("Lentil and tomato pasta sauce", "Sauces", dict(e=(200, 400), su=(3, 7), sf=(0.1, 0.8), sa=(0.4, 1.2), fi=(1.5, 4), pr=(2, 6), fv=(50, 90))),
           ("Butter croissant", "Bakery", dict(e=(1700, 1850), su=(6, 12), sf=(10, 16), sa=(0.8, 1.2), fi=(1.5, 2.5), pr=(7, 9), fv=(0, 0))),
           ("Cheddar cheese", "Dairy", dict(e=(1650, 1720), su=(0, 0.5), sf=(20, 23), sa=(1.6, 1.9), fi=(0, 0), pr=(24, 26), fv=(0, 0))),
           ("Free-range eggs (Class A)", "Eggs", dict(e=(580, 620), su=(0.1, 0.4), sf=(2.5, 3.2), sa=(0.3, 0.4), fi=(0, 0), pr=(12, 13.5), fv=(0, 0))),
           ("Orange juice, not from concentrate", "Beverages", dict(e=(170, 200), su=(8, 10), sf=(0, 0.05), sa=(0, 0.02), fi=(0.1, 0.5), pr=(0.5, 0.9), fv=(100, 100))),
           ("Roasted salted peanuts", "Snacks", dict(e=(2450, 2600), su=(3, 5), sf=(6, 9), sa=(0.8, 1.6), fi=(6, 9), pr=(24, 27), fv=(85, 95))),
           ("Frozen mixed berries", "Frozen", dict(e=(150, 220), su=(5, 8), sf=(0, 0.1), sa=(0, 0.02), fi=(3, 5.5), pr=(0.8, 1.3), fv=(100, 100))),
           ("Chicken nuggets", "Frozen", dict(e=(950, 1150), su=(0.5, 2), sf=(1.5, 3), sa=(0.9, 1.5), fi=(0.8, 2), pr=(13, 17), fv=(0, 0)))]
VITAMINS = ["vitamin C", "vitamin E", "vitamin B12", "vitamin D", "vitamin B6", "vitamin A"]


def ns_build(rng, target):
    name, cat, r = rng.choice(NS_CATS)
    u = lambda k, nd=1: round(rng.uniform(*r[k]), nd)
    e = int(u("e", 0))
    n = {"energy_kj": e, "energy_kcal": int(round(e / 4.184)), "fat_g": None, "saturated_fat_g": u("sf"),
         "carbohydrate_g": None, "sugars_g": u("su"), "fibre_g": u("fi"), "protein_g": u("pr"), "salt_g": u("sa", 2)}
    n["fat_g"] = round(n["saturated_fat_g"] * rng.uniform(1.4, 3.0), 1)
    carb = (n["energy_kcal"] - 9 * n["fat_g"] - 4 * n["protein_g"] - 2 * n["fibre_g"]) / 4
    n["carbohydrate_g"] = round(max(n["sugars_g"], carb), 1)
    fv = int(u("fv", 0))
    traps = []
    ingr = f"{name} ingredients: " + ", ".join(rng.sample(["water", "sugar", "salt", "sunflower oil", "wheat flour",
                                                              "milk powder", "tomato", "onion", "oats", "cocoa"], 4))
    if maybe(rng, 0.45):
        ingr += ", " + rng.choice(VITAMINS) + ", " + rng.choice(VITAMINS)
        traps.append("label letters as ordinary tokens (vitamin C / vitamin E, Class A eggs)")
    p = {
        "instruction": NS_INSTR,
        "product": {"gtin": "3" + digits(rng, 12), "name": name, "brand": rng.choice(["Maison Verte", "Nordhof", "Bio Soleil", "Campo Vivo", "Hearth & Co"]),
                    "category": cat, "net_quantity": rng.choice(["250 g", "400 g", "500 g", "1 kg", "150 g", "1 L"]),
                    "storage": "Store in a cool dry place below 25 °C. Once opened keep refrigerated."},
        "nutrition_per_100g": n,
        "recipe": {"fruit_veg_nuts_pct": fv, "ingredients_text": ingr, "recipe_version": f"R{rng.randint(1, 9)}.{rng.randint(0, 9)}"},
        "artwork": {"front_of_pack_badge": {"type": "pending", "fill": None}, "artwork_id": f"AW-{digits(rng, 6)}",
                    "shelf_location": f"Aisle {rng.randint(1, 14)} Bay {rng.choice('ABCDEF')}"},
        "compliance_calc": {"engine": "ns-calc 2.3", "status": "not run"},
    }
    traps.append("shelf/bay letters that look like labels")
    traps.append("letter C as the Celsius unit in storage text")
    if "Class A" in name and "label letters as ordinary tokens (vitamin C / vitamin E, Class A eggs)" not in traps:
        traps.append("label letters as ordinary tokens (vitamin C / vitamin E, Class A eggs)")
    if maybe(rng, 0.25):
        p["artwork"]["scale_legend"] = "Nutri-Score scale A B C D E (A = higher nutritional quality)"
        traps.append("glossary/enum listing the whole label set")
    return p, traps


NS_COLOURS = {"A": "#038141", "B": "#85BB2F", "C": "#FECB02", "D": "#EE8100", "E": "#E63E11"}


def ns_leak_colour(rng, p, label):
    p["artwork"]["front_of_pack_badge"] = {"type": "nutri-score", "fill": NS_COLOURS[label],
                                           "width_mm": rng.choice([20, 25, 30])}


def ns_leak_points(rng, p, label):
    n = dict(p["nutrition_per_100g"])
    n["fruit_veg_nuts_pct"] = p["recipe"]["fruit_veg_nuts_pct"]
    neg, pos, s = ns_score(n)
    p["compliance_calc"] = {"engine": "ns-calc 2.3", "status": "done", "negative_points": neg,
                            "positive_points": pos, "final_score": s}


NS = dict(
    name="nutriscore_label", labels=NS_LABELS, n=130, seed=2007, leaking=True, leak_rate=1.0,
    build=ns_build, solve=ns_solve,
    task="compute the Nutri-Score letter of a packaged food from its nutrition declaration",
    derive_from=["/nutrition_per_100g", "/recipe/fruit_veg_nuts_pct"],
    note="The letter is computed from the per-100 g nutrients and the fruit/vegetable/nut percentage with the 2017 algorithm.",
    families={
        "colour hex code of the rendered badge (palette maps to label)":
            (ns_leak_colour, lambda p: p["artwork"]["front_of_pack_badge"]["fill"] is not None),
        "derived intermediate score from the label computation (final points)":
            (ns_leak_points, lambda p: p["compliance_calc"]["status"] == "done"),
    },
)

# ---------------------------------------------------------------- 8. Creel survey disposition
CREEL_LABELS = ["legal_keep", "release_undersize", "release_slot", "release_closed_season"]
CREEL_INSTR = (
    "From the creel-survey interview record and the water's regulations, decide the required disposition of this "
    "fish: release_closed_season if the interview date falls inside the species' catch-and-release (closed) season; "
    "else release_undersize if total length is below the minimum length; else release_slot if total length is inside "
    "the protected slot (inclusive); else legal_keep. 1 in = 25.4 mm. Answer with the disposition code.")
SPECIES = {
    "WAE": ("walleye", "Sander vitreus", dict(min_in=15, slot=None, closed=("03-01", "05-09"))),
    "NOP": ("northern pike", "Esox lucius", dict(min_in=None, slot=(26, 36), closed=("03-01", "05-09"))),
    "LMB": ("largemouth bass", "Micropterus salmoides", dict(min_in=14, slot=None, closed=("04-01", "06-14"))),
    "SMB": ("smallmouth bass", "Micropterus dolomieu", dict(min_in=14, slot=None, closed=("04-01", "06-14"))),
    "LAT": ("lake trout", "Salvelinus namaycush", dict(min_in=None, slot=(20, 30), closed=("10-01", "11-30"))),
    "MUE": ("muskellunge", "Esox masquinongy", dict(min_in=40, slot=None, closed=("12-01", "05-23"))),
}
LAKES = ["Big Sand Lake", "Trout Lake", "Lac Vieux Desert", "Pelican Lake", "Butternut Lake", "Long Lake", "Clear Lake"]


def _in_closed(date, closed):
    md = date[5:]
    a, b = closed
    return a <= md <= b if a <= b else (md >= a or md <= b)


def creel_solve(p):
    f = p["fish"]
    reg = next(r for r in p["regulations"] if r["species_code"] == f["species_code"])
    L = f["total_length"]["value"] / (25.4 if f["total_length"]["unit"] == "mm" else 1)
    date = p["survey"]["interview_ts"][:10]
    if reg["closed_season"] and _in_closed(date, (reg["closed_season"]["from"], reg["closed_season"]["to"])):
        return "release_closed_season"
    if reg["min_length_in"] and L < reg["min_length_in"]:
        return "release_undersize"
    if reg["protected_slot_in"] and reg["protected_slot_in"][0] <= L <= reg["protected_slot_in"][1]:
        return "release_slot"
    return "legal_keep"


def creel_build(rng, target):
    if target == "release_slot":
        code = rng.choice(["NOP", "LAT"])
    elif target == "release_undersize":
        code = rng.choice(["WAE", "LMB", "SMB", "MUE"])
    else:
        code = rng.choice(list(SPECIES))
    common, sci, reg = SPECIES[code]
    t = rtime(rng).replace(hour=rng.randint(12, 23))
    date = t.strftime("%Y-%m-%d")
    closed = _in_closed(date, reg["closed"])
    if target == "release_closed_season" and not closed or target != "release_closed_season" and closed:
        return None, []
    lo_hi = {"WAE": (9, 28), "NOP": (16, 42), "LMB": (8, 21), "SMB": (8, 20), "LAT": (14, 36), "MUE": (28, 50)}[code]
    L = rng.uniform(*lo_hi)
    if target == "release_undersize":
        L = rng.uniform(lo_hi[0], reg["min_in"] - 0.3)
    elif target == "release_slot":
        L = rng.uniform(reg["slot"][0] + 0.2, reg["slot"][1] - 0.2)
    elif target == "legal_keep":
        if reg["min_in"]:
            L = rng.uniform(reg["min_in"] + 0.2, lo_hi[1])
        else:
            L = rng.choice([rng.uniform(lo_hi[0], reg["slot"][0] - 0.3), rng.uniform(reg["slot"][1] + 0.3, lo_hi[1])])
    mm = maybe(rng, 0.4)
    length = {"value": int(round(L * 25.4)), "unit": "mm"} if mm else {"value": round(L, 1), "unit": "in"}
    lake = rng.choice(LAKES)
    regs = []
    codes = [code] + rng.sample([c for c in SPECIES if c != code], 2)
    for c in codes:
        rr = SPECIES[c][2]
        regs.append({"species_code": c, "species": SPECIES[c][0], "min_length_in": rr["min_in"],
                     "protected_slot_in": list(rr["slot"]) if rr["slot"] else None,
                     "closed_season": {"from": rr["closed"][0], "to": rr["closed"][1], "note": "catch-and-release only"},
                     "daily_bag": rng.choice([1, 2, 3, 5])})
    rng.shuffle(regs)
    traps = ["regulation table names the slot/closed-season concepts (legitimate input vocabulary)"]
    notes = []
    if maybe(rng, 0.3):
        notes.append(rng.choice([f"Clerk shift time slot {rng.randint(6, 10)}:00-{rng.randint(12, 16)}:00.",
                                 "Angler using a keep net for panfish.", "Boat launch ramp closed for resurfacing, anglers used the beach."]))
        traps.append("label words in ordinary senses (time slot, keep net, ramp closed)")
    clerk = person(rng)
    p = {
        "instruction": CREEL_INSTR,
        "survey": {"survey_id": f"CS-{t.year}-{digits(rng, 5)}", "clerk": clerk, "water": {"name": lake, "wbic": digits(rng, 7),
                   "county": rng.choice(["Vilas", "Oneida", "Sawyer", "Price", "Iron"])},
                   "access_point": rng.choice(["public landing", "county park", "resort dock"]), "interview_ts": iso(t),
                   "party_size": rng.randint(1, 4), "method": rng.choice(["boat", "shore", "boat"] + (["ice", "ice"] if t.month in (12, 1, 2, 3) else [])),
                   "hours_fished": round(rng.uniform(0.5, 9), 1)},
        "fish": {"species_code": code, "common_name": common, "scientific_name": sci, "total_length": length,
                 "weight_g": int(round((L * 25.4 / 100) ** 3 * rng.uniform(8, 11))), "fin_clip": rng.choice([None, None, "LV", "RP"]),
                 "photo": f"https://creel.example.org/img/{hexid(rng, 10)}.jpg"},
        "regulations": regs,
        "session_token": jwt(rng, {"sub": f"clerk-{digits(rng, 4)}", "lake": lake, "iat": int(t.timestamp()),
                                   "exp": int(t.timestamp()) + 28800}),
        "tally_sheet": f"SPP | N_MEASURED | MEAN_TL_IN\n{code} | 1 | {round(L, 1)}",
        "notes": " ".join(notes),
    }
    traps.append("encoded blob (JWT) decoding to harmless session claims")
    return p, traps


CREEL_DISP = {"legal_keep": "LK", "release_undersize": "RU", "release_slot": "RS", "release_closed_season": "RC"}


def creel_leak_jwt(rng, p, label):
    payload = json.loads(b64url_decode(p["session_token"].split(".")[1]))
    payload["disp"] = CREEL_DISP[label]
    payload["fish_seq"] = rng.randint(1, 6)
    p["session_token"] = jwt(rng, payload)


def creel_leak_tally(rng, p, label):
    cols = ["legal_keep", "release_undersize", "release_slot", "release_closed_season"]
    row = " | ".join("1" if c == label else "0" for c in cols)
    p["tally_sheet"] = f"SPP | KEPT | REL-U | REL-S | REL-C\n{p['fish']['species_code']} | {row}"


CREEL = dict(
    name="creel_disposition", labels=CREEL_LABELS, n=156, seed=2008, leaking=True, leak_rate=0.38,
    build=creel_build, solve=creel_solve,
    task="decide the required disposition of an angler's fish from length, date and the water's regulations",
    derive_from=["/fish", "/regulations", "/survey/interview_ts"],
    note="The disposition follows from species, measured length and interview date checked against that water's minimum length, protected slot and closed season.",
    families={
        "JWT session token whose base64url claims carry a disposition code":
            (creel_leak_jwt, lambda p: "disp" in json.loads(b64url_decode(p["session_token"].split(".")[1]))),
        "one-hot tally table layout (column position = label)":
            (creel_leak_tally, lambda p: "KEPT" in p["tally_sheet"]),
    },
)

# ---------------------------------------------------------------- 9. Car seat fit check
SEAT_LABELS = ["rear-facing", "forward-facing harness", "booster", "vehicle belt"]
SEAT_INSTR = (
    "You are a child passenger safety technician. Using the child's date of birth, the check date, weight and "
    "standing height, recommend the restraint stage under this programme's rule: rear-facing if age < 24 months, or "
    "age < 36 months and weight <= 35 lb; else forward-facing harness if age < 60 months or weight < 40 lb; else "
    "booster if standing height < 57 in or age < 96 months; else vehicle belt. Ages in completed months; 1 kg = "
    "2.20462 lb; 1 in = 2.54 cm. Answer with the stage.")


def _months(dob, d):
    m = (d.year - dob.year) * 12 + (d.month - dob.month)
    if d.day < dob.day:
        m -= 1
    return m


def seat_solve(p):
    c = p["child"]
    dob = dt.datetime.strptime(c["dob"], "%Y-%m-%d")
    d = dt.datetime.strptime(p["event"]["date"], "%Y-%m-%d")
    age = _months(dob, d)
    w = c["weight"]["value"] * (2.20462 if c["weight"]["unit"] == "kg" else 1)
    h = c["height"]["value"] / (2.54 if c["height"]["unit"] == "cm" else 1)
    if age < 24 or (age < 36 and w <= 35):
        return "rear-facing"
    if age < 60 or w < 40:
        return "forward-facing harness"
    if h < 57 or age < 96:
        return "booster"
    return "vehicle belt"


SEAT_CURRENT = ["infant seat (Chicco KeyFit 30)", "convertible seat, installed rear-facing", "convertible seat, installed forward-facing",
                "combination harness-booster (harness mode)", "high-back booster", "backless booster", "none (vehicle belt only)"]


def seat_build(rng, target):
    age = {"rear-facing": (2, 35), "forward-facing harness": (24, 72), "booster": (58, 130), "vehicle belt": (96, 156)}[target]
    age_m = rng.randint(*age)
    w = max(7, 7 + age_m * 0.42 + rng.gauss(0, 3.5)) if age_m < 36 else 30 + (age_m - 36) * 0.33 + rng.gauss(0, 6)
    h = 20 + age_m * 0.55 if age_m < 24 else 33 + (age_m - 24) * 0.19 + rng.gauss(0, 2.2)
    if target == "vehicle belt":
        h = max(h, rng.uniform(57.2, 63))
    d = rtime(rng)
    dob = d - dt.timedelta(days=int(age_m * 30.44 + rng.randint(0, 25)))
    kg = maybe(rng, 0.35)
    cm = maybe(rng, 0.35)
    traps = []
    veh = rng.choice([("Honda", "CR-V"), ("Toyota", "Sienna"), ("Ford", "Explorer"), ("Subaru", "Outback"), ("Kia", "Sorento"), ("VW", "Tiguan"), ("Volvo", "XC90")])
    ev_id = f"EV-{digits(rng, 5)}"
    stage_cur = {"rear-facing": [0, 1], "forward-facing harness": [1, 2, 3], "booster": [2, 3, 4, 5], "vehicle belt": [4, 5, 6]}
    cur = SEAT_CURRENT[rng.choice(stage_cur[target])] if maybe(rng, 0.55) else rng.choice(SEAT_CURRENT)
    traps.append("current restraint in use (prior state, correlated but not decisive)")
    obs = [rng.choice(["Seat belt was locked at retractor for install.", "Harness retainer clip at armpit level after adjustment.",
                       "Lower anchors used; top tether attached.", "Parent installed seat; re-installed with parent."])]
    if maybe(rng, 0.25):
        obs.append("Vehicle has rear-facing third-row jump seats (not used).")
        traps.append("label word in an ordinary sense (vehicle feature)")
    if maybe(rng, 0.2):
        obs.append("Booster cushion from 2014 recall list checked - not this model.")
        traps.append("historical/negated mention of a label word")
    p = {
        "instruction": SEAT_INSTR,
        "event": {"event_id": ev_id, "site": rng.choice(["Fire Station 12", "Children's Hospital lot C", "County Health Dept", "Toyota dealer checkup event"]),
                  "date": d.strftime("%Y-%m-%d"), "technician": {"name": person(rng), "cert_id": f"T{digits(rng, 6)}"}},
        "child": {"first_name": rng.choice(["Ava", "Liam", "Noor", "Mateo", "Isla", "Kai", "Zara", "Omar", "Lena"]),
                  "dob": dob.strftime("%Y-%m-%d"),
                  "weight": {"value": round(w / 2.20462, 1), "unit": "kg"} if kg else {"value": round(w, 1), "unit": "lb"},
                  "height": {"value": round(h * 2.54, 1), "unit": "cm"} if cm else {"value": round(h, 1), "unit": "in"},
                  "special_needs": None if maybe(rng, 0.93) else "uses leg cast (temporary)"},
        "vehicle": {"year": rng.randint(2006, 2025), "make": veh[0], "model": veh[1],
                    "position": rng.choice(["rear passenger side", "rear center", "rear driver side", "2nd row captain"]),
                    "lower_anchors": maybe(rng, 0.9), "top_tether": maybe(rng, 0.95)},
        "current_restraint": {"type": cur, "expires": str(d.year + rng.randint(-1, 7))},
        "observations": obs,
        "sync_payload": f"UPDATE events SET seats_checked = seats_checked + 1 WHERE event_id = '{ev_id}';",
        "handout_items": ["NHTSA 'Car Seat Recommendations for Children' flyer"] + (["recall lookup card"] if maybe(rng, 0.5) else []),
    }
    traps.append("handout flyer that lists all stages (glossary)")
    return p, traps


SEAT_CODES = {"rear-facing": "RF", "forward-facing harness": "FFH", "booster": "BPB", "vehicle belt": "SB"}
SEAT_VOUCHER = {"rear-facing": "Voucher: Graco Extend2Fit convertible (install RF) - SKU 2074608",
                "forward-facing harness": "Voucher: Evenflo Maestro Sport harness seat - SKU 3101778",
                "booster": "Voucher: Graco TurboBooster high-back - SKU 1963976",
                "vehicle belt": "Voucher: seat-belt fit card + graduation certificate - SKU 0000412"}


def seat_leak_sql(rng, p, label):
    p["sync_payload"] = (f"INSERT INTO fit_checks (check_id, event_id, rec_mode, tech_id) VALUES ('{hexid(rng, 8)}', "
                         f"'{p['event']['event_id']}', '{SEAT_CODES[label]}', '{p['event']['technician']['cert_id']}');")


def seat_leak_voucher(rng, p, label):
    p["handout_items"].append(SEAT_VOUCHER[label])


SEAT = dict(
    name="carseat_fit_check", labels=SEAT_LABELS, n=144, seed=2009, leaking=True, leak_rate=0.33,
    build=seat_build, solve=seat_solve,
    task="recommend the child-restraint stage at a car-seat check from age, weight and height",
    derive_from=["/child", "/event/date"],
    note="The stage follows from the child's age at the check date, weight and standing height under the stated programme rule.",
    families={
        "SQL statement in a sync payload carrying a stage code":
            (seat_leak_sql, lambda p: "rec_mode" in p["sync_payload"]),
        "downstream product voucher implying the stage":
            (seat_leak_voucher, lambda p: any(h.startswith("Voucher:") for h in p["handout_items"])),
    },
)

LEAKY_B = [EICR, CRANE, NS, CREEL, SEAT]
