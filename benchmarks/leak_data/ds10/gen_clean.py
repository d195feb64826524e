"""Clean (trap) datasets: elevator inspection, WCAG audit, bike-share rebalancing, waste sorting, dental recall interval."""
import datetime
import random

from common import person, dt, iso, pick_n, record, write, balanced_labels

# ---------------------------------------------------------------------------------------------
# 10. elevator_inspection (clean)
# ---------------------------------------------------------------------------------------------
CRIT_FAIL = ["Governor tripped at {v} fpm; rated speed {s} fpm — outside tolerance.",
             "Car door restrictor inoperative; door could be opened {c} in. outside landing zone.",
             "Brake slip test: car slid {c} in. with 125% load, exceeds allowance.",
             "Phase I fire service recall did not return car to designated landing.",
             "Hoistway door interlock on floor {f} allows door to open with car away.",
             "Emergency stop switch in pit not functional."]
MINOR = ["Car lighting: one of four fixtures out.", "Machine room log book not updated since {m}.",
         "Pit has standing water ~1 in. and debris.", "Capacity plate worn, partly illegible.",
         "Emergency phone works but no label with building address.", "Machine room door self-closer missing.",
         "Handrail in car loose on rear wall."]
OK_ITEMS = ["Governor tripped at {v} fpm; rated speed {s} fpm — within tolerance.", "Door reopening device (light curtain) operational.",
            "Brake test with 125% load: held, no measurable slip.", "Phase I and Phase II fire service operation verified.",
            "Hoistway door interlocks verified all floors.", "Emergency lighting tested 4 h battery OK.", "Pit stop switch functional.",
            "Buffers: oil level correct.", "Ropes: no broken wires, diameter within limits.", "Alarm bell audible at lobby."]
MGMT_NOTES = ["Tenant move-in on Friday — please make sure the passenger car passes so we can book it.",
              "Contractor bypass keys are kept at the security desk.", "Please do not fail to lock the machine room after testing.",
              "Previous vendor went out of business; new maintenance contract starts next month.",
              "The freight car is used heavily on weekends for the farmers' market.", ""]


def gen_elevator():
    name = "elevator_inspection"
    r = random.Random(1010)
    labels = ["pass", "pass_with_deficiencies", "fail"]
    n = r.randint(130, 160)
    seq = balanced_labels(r, labels, n, [0.45, 0.35, 0.2])
    recs = []
    for i, lab in enumerate(seq, 1):
        s = r.choice([150, 200, 350, 500])
        items = [x.format(v=int(s * r.uniform(1.15, 1.3)), s=s) for x in pick_n(r, OK_ITEMS, 4, 7)]
        if lab == "fail":
            bad = pick_n(r, CRIT_FAIL, 1, 2)
            items = [x for x in items if not (x.startswith("Governor") and any(b.startswith("Governor") for b in bad))]
            items += [b.format(v=int(s * r.uniform(1.45, 1.7)), s=s, c=r.choice([6, 8, 11]), f=r.randint(2, 14)) for b in bad]
            items += [m.format(m=r.choice(["March", "last June"])) for m in pick_n(r, MINOR, 0, 2)]
        elif lab == "pass_with_deficiencies":
            items += [m.format(m=r.choice(["March", "last June", "2023"])) for m in pick_n(r, MINOR, 1, 3)]
        r.shuffle(items)
        when = dt(r, (2024, 1, 1), 400)
        proj = {
            "task": "Determine the inspection result for this conveyance. Results: pass (no deficiencies), pass_with_deficiencies (only non-safety-critical items), fail (any safety-critical item).",
            "result_code_glossary": {"pass": "certificate issued", "pass_with_deficiencies": "certificate issued; correct within 30 days",
                                     "fail": "certificate withheld; device may be shut down"},
            "device": {"state_id": f"EL-{r.randint(10000, 99999)}", "type": r.choice(["passenger traction", "passenger hydraulic", "freight traction", "MRL passenger"]),
                       "capacity_lb": r.choice([2500, 3000, 3500, 4000, 5000]), "rated_speed_fpm": s, "floors": r.randint(3, 22),
                       "installed": r.randint(1968, 2021), "manufacturer": r.choice(["Otis", "KONE", "Schindler", "TK Elevator", "Dover"])},
            "building": {"name": r.choice(["Harborview Medical Office", "Linden Court Apartments", "1200 Market", "Westgate Parking Structure", "Riverside Library"]),
                         "management_note": r.choice(MGMT_NOTES)},
            "inspection": {"date": when.date().isoformat(), "inspector": person(r), "license": f"QEI-{r.randint(1000, 9999)}",
                           "type": r.choice(["annual", "annual", "5-year full load", "periodic"]), "findings": items},
            "history": {"previous_result": r.choice(labels), "previous_date": (when - datetime.timedelta(days=r.randint(330, 400))).date().isoformat(),
                        "maintenance_vendor": r.choice(["Metro Lift Services", "Apex Elevator Co", "in-house"])},
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return write(name, recs, ["/inspection/findings", "/device"],
                 "Result follows from whether any finding is safety-critical vs minor. Glossary and previous_result are static / independent of the current result.")


# ---------------------------------------------------------------------------------------------
# 11. wcag_audit_principle (clean)
# ---------------------------------------------------------------------------------------------
ISSUES = {
    "perceivable": [("<img src=\"/img/hero-{n}.jpg\">", "Hero image conveys the sale terms but has no text alternative; screen reader announces the file name."),
                    ("<span style=\"color:#9a9a9a;background:#ffffff\">Free returns</span>", "Text contrast ratio measured at 2.8:1 for 14px body text."),
                    ("<video src=\"promo.mp4\" autoplay muted></video>", "Product video has spoken instructions but no captions or transcript."),
                    ("<div class=\"req\">*</div>", "Required fields indicated only by red colour; no text or symbol explained.")],
    "operable": [("<div class=\"modal\" tabindex=\"-1\">", "Keyboard focus gets trapped inside the cookie dialog; Esc and Tab cannot leave it."),
                 ("<div onclick=\"openMenu()\">Menu</div>", "Menu opens only on mouse click; not reachable or activatable with keyboard."),
                 ("<meta http-equiv=\"refresh\" content=\"20\">", "Page refreshes every 20 seconds with no way to pause or extend."),
                 ("a:focus { outline: none; }", "No visible focus indicator on links and buttons in the header."),
                 ("<div class=\"carousel\" data-speed=\"3000\">", "Auto-advancing carousel with no pause control; moves every 3 s.")],
    "understandable": [("<html>", "Page has no lang attribute; screen reader uses wrong pronunciation for the Spanish content."),
                       ("<input id=\"dob\">", "Form error reads only 'Invalid input' with no indication which field or what format is expected."),
                       ("<select onchange=\"this.form.submit()\">", "Choosing a country in the dropdown immediately submits the form and navigates away."),
                       ("<nav class=\"v2\">", "Navigation order differs between the product pages and the checkout pages.")],
    "robust": [("<div role=\"button\">Buy now</div>", "Custom button lacks accessible name and state; NVDA announces 'clickable' only."),
               ("<div id=\"price\"> ... <div id=\"price\">", "Duplicate IDs referenced by aria-labelledby; the wrong label is announced."),
               ("<span role=\"checkbox\">", "Custom checkbox does not expose aria-checked; checked state never announced."),
               ("<ul role=\"tablist\"><li>", "Tab widget children lack role=tab; assistive tech cannot interpret the structure.")],
}
MARKETING = ["Our robust return policy means peace of mind.", "Customer service operable 24/7 in 12 languages.",
             "Clear, understandable pricing — no hidden fees.", "Designed for perceivable comfort from the first wear.",
             "Built to be robust enough for any trail.", "Shop our new arrivals.", "Fast, free shipping over $50."]


def gen_wcag():
    name = "wcag_audit_principle"
    r = random.Random(1111)
    labels = ["perceivable", "operable", "understandable", "robust"]
    n = r.randint(130, 160)
    seq = balanced_labels(r, labels, n)
    recs = []
    for i, lab in enumerate(seq, 1):
        snippet, obs = r.choice(ISSUES[lab])
        site = r.choice(["shop.northtrail.com", "www.cityofmarlow.gov", "portal.brightbank.example", "learn.harbourcollege.edu", "tickets.mainstage.org"])
        path = r.choice(["/", "/checkout", "/products/rain-shell", "/account/login", "/events", "/apply/step-2"])
        proj = {
            "task": ("Classify the WCAG 2.2 principle this issue falls under. Principles: perceivable (information presentable to senses), "
                     "operable (UI operable by all input methods), understandable (information and operation understandable), "
                     "robust (content interpretable by assistive technologies)."),
            "issue": {"id": f"A11Y-{r.randint(100, 2999)}", "url": f"https://{site}{path}", "html_snippet": snippet.replace("{n}", str(r.randint(1, 9))),
                      "observed": obs, "steps": r.choice(["Navigate with keyboard only from page top.", "Run NVDA 2024.1 with Firefox.",
                                                          "Inspect element in DevTools.", "VoiceOver on iOS 17, swipe through page."])},
            "page_context": {"title": r.choice(["Rain Shell – North Trail", "Apply for a Permit", "Sign in", "Upcoming Shows"]),
                             "visible_text_sample": " ".join(r.sample(MARKETING, 2))},
            "audit_meta": {"auditor": person(r), "tool": r.choice(["axe DevTools 4.9", "manual", "WAVE", "ARC Toolkit"]),
                           "severity": r.choice(["critical", "serious", "moderate", "minor"]), "browser": r.choice(["Chrome 126", "Firefox 127", "Safari 17"]),
                           "report_sections": labels},
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return write(name, recs, ["/issue/html_snippet", "/issue/observed"],
                 "Principle should come from the snippet and observed behaviour. Marketing copy and report section lists are static or random.")


# ---------------------------------------------------------------------------------------------
# 12. bikeshare_rebalancing (clean)
# ---------------------------------------------------------------------------------------------
STATIONS = ["Ferry Terminal Pickup Loop", "5th & Pine", "Union Station West", "Drop-Off Circle (Hospital)", "Greenlake Park N",
            "Market Hall", "University Ave & 12th", "Pier 62", "Capitol Hill Light Rail", "Riverside Stadium Gate C",
            "Library Plaza", "Harbor Steps", "Eastlake & Roanoke", "Convention Center"]


def gen_bike():
    name = "bikeshare_rebalancing"
    r = random.Random(1212)
    labels = ["pickup", "dropoff", "no_action"]
    n = r.randint(150, 180)
    recs = []
    i = 0
    while len(recs) < n:
        cap = r.choice([15, 19, 23, 27, 31, 35])
        bikes = r.randint(0, cap)
        disabled = r.randint(0, 2)
        flow = r.randint(-14, 14)
        proj_b = bikes + flow
        if proj_b > 0.85 * cap:
            lab = "pickup"
        elif proj_b < 0.15 * cap:
            lab = "dropoff"
        else:
            lab = "no_action"
        if lab == "no_action" and r.random() < 0.35:
            continue  # keep classes roughly balanced
        i += 1
        t = dt(r, (2024, 4, 1), 200)
        proj = {
            "task": "Recommend a rebalancing action for this station for the next 2 hours: pickup (remove bikes), dropoff (add bikes) or no_action.",
            "station": {"station_id": f"{r.randint(100, 999)}", "name": r.choice(STATIONS), "capacity": cap,
                        "num_bikes_available": bikes, "num_bikes_disabled": disabled, "num_docks_available": cap - bikes - disabled if cap - bikes - disabled >= 0 else 0,
                        "last_reported": iso(t)},
            "forecast": {"horizon_min": 120, "expected_net_flow": flow, "model": "gbm-v7",
                         "weather": r.choice(["clear 18C", "light rain 11C", "overcast 15C", "sunny 24C"])},
            "ops": {"rebalancing_actions_enum": labels, "truck_nearest": f"VAN-{r.randint(1, 14)}", "truck_eta_min": r.randint(4, 40),
                    "last_visit": {"action": r.choice(labels), "at": iso(t - datetime.timedelta(hours=r.randint(3, 40)))},
                    "dispatcher_note": r.choice(["No pickup-truck access after 6pm on this block.", "Dropoff zone shared with rideshare, park on side street.",
                                                 "", "Dock 7 sticky, reported.", "Event at stadium tonight."])},
            "policy": "Target fill band is 15%–85% of capacity after the forecast horizon.",
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return write(name, recs, ["/station", "/forecast", "/policy"],
                 "Action is computed from bikes available + expected net flow vs the 15-85% band. Station names, notes and last_visit are random.")


# ---------------------------------------------------------------------------------------------
# 13. waste_sorting (clean)
# ---------------------------------------------------------------------------------------------
ITEMS = {
    "recycling": ["clear PET water bottle, cap on, empty", "flattened corrugated cardboard box", "aluminium drink can, crushed",
                  "HDPE milk jug, rinsed", "steel soup can with label", "glass jar, amber, no lid", "mixed paper: junk mail envelopes"],
    "compost": ["banana peel", "used coffee grounds with paper filter", "apple core and orange rinds", "grass clippings in paper yard bag",
                "uncoated paper plate with food residue", "wilted lettuce and carrot tops", "eggshells"],
    "landfill": ["chip bag (metallised film)", "used disposable nappy", "polystyrene foam clamshell", "broken ceramic mug",
                 "plastic-coated paper cup", "cat litter in bag", "toothpaste tube"],
    "hazardous": ["half-full can of oil-based paint", "bottle of drain cleaner (sodium hydroxide)", "propane cylinder 1 lb",
                  "fluorescent tube, intact", "pesticide spray bottle", "motor oil container with residue", "pool chlorine tablets bucket"],
    "e_waste": ["old smartphone, cracked screen", "laptop charger with cable", "computer keyboard", "broken Wi-Fi router",
                "electric toothbrush body", "LCD computer monitor", "tangle of USB cables"],
}
MATERIAL = {"recycling": ["PET", "OCC", "aluminium", "HDPE", "steel", "glass", "paper"], "compost": ["organic", "food soil", "paper fibre"],
            "landfill": ["multilayer film", "mixed", "EPS", "ceramic", "coated paper"], "hazardous": ["liquid chemical", "pressurised gas", "mercury-bearing"],
            "e_waste": ["PCB + plastic", "lithium battery", "copper + plastic"]}


def gen_waste():
    name = "waste_sorting"
    r = random.Random(1313)
    labels = ["recycling", "compost", "landfill", "hazardous", "e_waste"]
    n = r.randint(150, 185)
    seq = balanced_labels(r, labels, n, [0.3, 0.2, 0.25, 0.12, 0.13])
    recs = []
    for i, lab in enumerate(seq, 1):
        item = r.choice(ITEMS[lab])
        t = dt(r, (2024, 6, 1), 300)
        proj = {
            "task": "Route this item to the correct stream: recycling, compost, landfill, hazardous, or e_waste.",
            "item": {"vision_description": item + r.choice(["", ", partially occluded", ", wet", ", upside down on belt", ", next to a larger object"]),
                     "material_guess": r.choice(MATERIAL[lab]) if r.random() < 0.7 else "uncertain",
                     "approx_mass_g": r.randint(5, 1800)},
            "facility": {"site": "Northgate MRF", "line": "Line 2 - Recycling pre-sort", "camera": f"cam-{r.randint(1, 6)}",
                         "belt_colour": r.choice(["green", "blue", "black", "grey"]), "timestamp": iso(t)},
            "signage_reference": {"blue bin": "recycling", "green bin": "compost", "black bin": "landfill",
                                  "red tote": "hazardous", "yellow cage": "e_waste"},
            "operator": {"shift": r.choice(["A", "B", "C"]), "sorter_id": f"S{r.randint(10, 60)}",
                         "note": r.choice(["", "Belt speed reduced for cleaning.", "Lots of film today.", "Compost contamination campaign week.", "Recycling bale press down 20 min."])},
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return write(name, recs, ["/item/vision_description", "/item/material_guess"],
                 "Stream follows from the item description. Signage reference and facility fields are static/random; belt colour is a property of the belt, not the item.")


# ---------------------------------------------------------------------------------------------
# 14. dental_recall_interval (clean, numeric labels)
# ---------------------------------------------------------------------------------------------
def gen_dental():
    name = "dental_recall_interval"
    r = random.Random(1414)
    labels = ["3", "4", "6", "12"]
    n = r.randint(130, 160)
    seq = balanced_labels(r, labels, n, [0.2, 0.25, 0.35, 0.2])
    recs = []
    for i, lab in enumerate(seq, 1):
        age = r.randint(18, 84)
        if lab == "3":
            pd_max, bop, caries, dx = r.choice([5, 6, 7]), r.randint(30, 65), r.choice(["moderate", "high"]), r.choice(["Stage III periodontitis, active", "Stage II periodontitis, unstable after SRP"])
            new_lesions = r.randint(0, 3)
        elif lab == "4":
            if r.random() < 0.5:
                pd_max, bop, caries, dx = r.choice([4, 5]), r.randint(8, 20), "moderate", "Periodontitis, stable on maintenance"
                new_lesions = r.randint(0, 1)
            else:
                pd_max, bop, caries, dx = r.choice([3, 4]), r.randint(8, 22), "high", "Gingivitis"
                new_lesions = r.randint(2, 5)
        elif lab == "6":
            pd_max, bop, caries, dx = r.choice([3, 4]), r.randint(10, 25), "moderate", r.choice(["Gingivitis, localised", "Healthy periodontium, reduced"])
            new_lesions = r.randint(0, 1)
        else:
            pd_max, bop, caries, dx = r.choice([2, 3]), r.randint(0, 8), "low", "Healthy periodontium"
            new_lesions = 0
        teeth = sorted(r.sample(range(1, 33), r.randint(0, 4)))
        appt = dt(r, (2024, 9, 1), 250)
        risk_factors = pick_n(r, ["xerostomia (medication)", "frequent snacking", "orthodontic appliance", "smoker 10/day", "type 2 diabetes, HbA1c 8.1",
                                  "fluoridated water", "good home care", "interdental brushes daily"], 1, 3)
        if caries == "low":
            risk_factors = [x for x in risk_factors if x not in ("xerostomia (medication)", "frequent snacking", "smoker 10/day", "type 2 diabetes, HbA1c 8.1")] or ["good home care"]
        proj = {
            "task": "Recommend the recall interval in months (3, 4, 6 or 12) per the practice's risk-based recall protocol.",
            "practice_policy": "Recall intervals at Cedar Grove Dental are 3, 4, 6 or 12 months, set by the treating dentist based on periodontal status and caries risk (NICE CG19-style). Most plans cover 2 cleanings per 12 months.",
            "patient": {"chart_no": f"CG{r.randint(10000, 99999)}", "age": age, "insurance": r.choice(["Delta PPO", "Cigna DPPO", "self-pay", "MetLife", "Guardian"]),
                        "last_visit": (appt - datetime.timedelta(days=r.randint(85, 420))).date().isoformat()},
            "clinical": {"perio_dx": dx, "max_probing_depth_mm": pd_max, "bleeding_on_probing_pct": bop, "caries_risk": caries,
                         "new_lesions_since_last": new_lesions, "risk_factors": risk_factors,
                         "restorations_placed_today_teeth": teeth},
            "scheduling": {"visit_date": appt.date().isoformat(), "checkout_time": f"{r.randint(8, 16)}:{r.choice(['00', '20', '40'])}",
                           "operatory": r.randint(1, 6), "hygienist": person(r), "patient_preference": r.choice(["mornings", "after 3pm", "Saturdays", "none"])},
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return write(name, recs, ["/clinical", "/patient/age"],
                 "Interval follows from perio diagnosis, probing depth, BOP and caries risk. Policy text lists all intervals; times/tooth numbers are random.")
