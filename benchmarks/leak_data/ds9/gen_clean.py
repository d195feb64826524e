"""Clean (trap) datasets: mining hazard risk, e-commerce category, water-quality QC flag, library Dewey class, rail track defect action."""
import json, random, datetime
from common import *


# ---------------------------------------------------------------- 10. mining hazard risk rating
def mine():
    name = "mine_hazard_risk_rating"
    rng = random.Random(9110)
    L = ["low", "medium", "high", "critical"]
    like = [("rare", ["first time anyone on crew has seen this in years", "would need several unlikely failures at once", "never recorded at this site"]),
            ("unlikely", ["could happen but not expected", "seen once at a sister mine", "only if the interlock is also bypassed"]),
            ("possible", ["has happened a couple of times this year", "might occur on a busy shift", "near miss logged last quarter"]),
            ("likely", ["happens most weeks", "crew see it on most shifts", "occurred three times this month"]),
            ("almost certain", ["happening right now every shift", "ongoing, seen on every pass", "will happen today if not fixed"])]
    cons = [("minor", ["first aid at most", "a scratch or bruise", "no injury, small clean-up"]),
            ("moderate", ["medical treatment, e.g. stitches", "restricted duties for a few days", "sprain or minor burn"]),
            ("major", ["lost-time injury, fracture", "hospitalisation", "serious burns to one worker"]),
            ("severe", ["permanent disability", "amputation or crush injury", "multiple serious injuries"]),
            ("catastrophic", ["fatality", "multiple fatalities", "loss of life in the heading"])]
    # 5x5 matrix -> rating (score = (l+1)*(c+1))
    def rating(l, c):
        s = (l + 1) * (c + 1)
        return "low" if s <= 4 else "medium" if s <= 9 else "high" if s <= 15 else "critical"
    hazards = ["Loose rock observed in the back near the face", "Haul truck reversing without spotter at the ROM pad", "Water pooling around the substation",
               "Ventilation door left propped open", "Oil leak on the underground loader", "Damaged guard on the tail pulley of conveyor CV-3",
               "Gas reading above trigger at the return", "Frayed rope on the winder skip", "Edge bund missing on the haul road", "Blocked escape way at level 4",
               "Scaling bar left leaning against energised switchboard", "Workers entering barricaded area near the stope brow"]
    equipment = ["high-voltage trailing cable", "low-profile loader LP-07", "CAT 777 haul truck", "jumbo drill rig", "shotcrete sprayer", "light vehicle LV-22",
                 "highwall miner", "critical ventilation fan VF-2", "water cart", "IT carrier"]
    areas = ["North decline", "Pit 3 west wall (highwall)", "Level 5 stockpile", "Crusher pad", "ROM pad", "Workshop bay 2", "Level 8 ore drive", "Portal"]
    recs = []
    N = 152
    for i in range(1, N + 1):
        l = rng.randrange(5); c = rng.randrange(5)
        lab = rating(l, c)
        t = ts(rng)
        report = {"report_no": f"HZ-{t.year}-{rng.randint(1000, 9999)}", "raised": iso(t), "raised_by": person(rng), "crew": rng.choice(["A", "B", "C", "D"]),
                  "area": rng.choice(areas), "hazard": rng.choice(hazards), "equipment_involved": rng.sample(equipment, rng.randint(0, 2)),
                  "how_often": rng.choice(like[l][1]), "worst_credible_outcome": rng.choice(cons[c][1]),
                  "immediate_action": rng.choice(["Area barricaded", "Supervisor informed", "Tagged out", "None yet", "Spotter assigned", "Reported at pre-start"])}
        proj = {"instruction": "Rate this hazard using the site 5x5 risk matrix (likelihood x consequence). Answer low, medium, high or critical.",
                "risk_matrix_reference": {"likelihood": [x for x, _ in like], "consequence": [x for x, _ in cons],
                                          "bands": {"low": "score 1-4", "medium": "5-9", "high": "10-15", "critical": "16-25"},
                                          "note": "score = likelihood rank (1-5) x consequence rank (1-5)"},
                "report": report,
                "shift_board": {"colour": rng.choice(["green", "amber", "red"]), "note": "board colour reflects production status vs plan, not safety",
                                "critical_control_register_ref": rng.choice(["CCM-01 Ground control", "CCM-04 Vehicle interaction", "CCM-07 Isolation", "none"])},
                "site_stats": {"open_hazards_in_area": rng.randint(0, 14), "days_since_LTI": rng.randint(3, 420)}}
        recs.append(rec(name, i, lab, L, proj, False))
    write(name, recs, ["/report/how_often", "/report/worst_credible_outcome"], "Rating = matrix(likelihood from how_often, consequence from worst_credible_outcome).", False,
          "label words everywhere in ordinary senses (high-voltage, highwall, low-profile loader, critical control register); matrix glossary lists all bands; shift-board colour and CCM ref vary at random")


# ---------------------------------------------------------------- 11. e-commerce catalogue category
def ecom():
    name = "ecommerce_catalogue_category"
    rng = random.Random(9111)
    L = ["Electronics", "Home & Kitchen", "Toys & Games", "Sports & Outdoors", "Beauty & Personal Care", "Pet Supplies"]
    items = {
        "Electronics": [("Wireless Earbuds with ANC, {n}h Battery", ["Bluetooth 5.3", "USB-C charging case", "IPX4 sweat resistant"]),
                        ("{n}W GaN USB-C Charger, 3 Ports", ["Charges laptop and phone together", "Foldable plug", "Over-temperature protection"]),
                        ("1080p Webcam with Dual Microphones", ["Auto light correction", "Privacy shutter", "Plug and play on Windows/macOS"]),
                        ("Portable SSD {n}GB", ["Up to 1050MB/s", "Shock resistant aluminium shell", "USB 3.2 Gen 2"])],
        "Home & Kitchen": [("Non-Stick Frying Pan {n}cm", ["PFOA-free coating", "Induction compatible base", "Stay-cool handle"]),
                           ("Bamboo Drawer Organiser, Set of {n}", ["Expandable dividers", "Fits standard cutlery drawers", "Wipe clean"]),
                           ("Cotton Percale Duvet Cover Set", ["200 thread count", "Button closure", "Includes {n} pillowcases"]),
                           ("Glass Food Storage Containers ({n} pack)", ["Leakproof locking lids", "Oven and freezer safe", "BPA-free"])],
        "Toys & Games": [("Magnetic Building Tiles, {n} Pieces", ["STEM toy for ages 3+", "Strong magnets", "Storage bag included"]),
                         ("Family Board Game: Island Escape", ["2–{n} players", "30-minute play time", "Ages 8 and up"]),
                         ("Remote Control Monster Truck", ["2.4GHz controller", "All-terrain tyres", "Rechargeable battery, {n} min play"]),
                         ("{n}-Piece Jigsaw Puzzle, Alpine Village", ["Thick recycled board", "Poster included", "Ages 12+"])],
        "Sports & Outdoors": [("Trekking Poles, Pair, Carbon", ["Flick-lock adjustment", "Cork grips", "Weighs {n}g per pole"]),
                              ("Yoga Mat {n}mm, Non-Slip", ["Alignment lines", "Carry strap", "Latex-free TPE"]),
                              ("2-Person Backpacking Tent", ["Freestanding", "Packed weight {n} kg", "3000mm hydrostatic head"]),
                              ("Adjustable Dumbbells, up to {n} kg", ["Dial weight selector", "Compact storage tray", "Steel plates"])],
        "Beauty & Personal Care": [("Vitamin C Serum {n}ml", ["15% L-ascorbic acid", "Fragrance free", "Dropper bottle"]),
                                   ("Electric Toothbrush with {n} Modes", ["2-minute timer", "Pressure sensor", "Travel case"]),
                                   ("Curling Wand 25mm", ["Ceramic barrel", "Heats to {n}°C", "Auto shut-off"]),
                                   ("Mineral Sunscreen SPF 50, {n}ml", ["Zinc oxide", "Reef-friendly formula", "Non-greasy finish"])],
        "Pet Supplies": [("Orthopaedic Dog Bed, Large", ["Memory foam base", "Removable washable cover", "Fits dogs up to {n} kg"]),
                         ("Automatic Cat Feeder", ["Programmable {n} meals a day", "Voice recording", "Stainless bowl"]),
                         ("Clumping Cat Litter {n}L", ["Low dust", "Odour lock", "Unscented"]),
                         ("No-Pull Dog Harness", ["Front clip", "Reflective stitching", "Chest {n}–80 cm"])],
    }
    brands = ["Voltix", "Homely", "Brightnest", "Kuma", "Trailhound", "Lumé", "Pawsome Co.", "Nordwick", "Zenfield", "Arcadia Goods"]
    sellers = ["Outdoor Kitchen Co.", "PetPal Electronics Ltd", "Toy Box Traders", "Beauty & Home Direct", "Sportsline Wholesale", "Gadget Garden UK",
               "MegaMart Marketplace", "Northern Supplies", "Everyday Essentials", "Kuma Official Store"]
    zones = ["EL", "HK", "TG", "SO", "BP", "PS"]
    recs = []
    N = 190
    for i in range(1, N + 1):
        lab = rng.choice(L)
        title, bullets = rng.choice(items[lab])
        n = rng.choice([2, 3, 4, 6, 8, 12, 24, 30, 50, 65, 100, 230, 500, 1000])
        prod = {"asin_like": "B0" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(8)),
                "brand": rng.choice(brands), "title": (rng.choice(brands) + " " + title.format(n=n)) if rng.random() < .5 else title.format(n=n),
                "bullet_points": [b.format(n=n) for b in rng.sample(bullets, len(bullets))],
                "price": {"amount": round(rng.uniform(6, 220), 2), "currency": rng.choice(["GBP", "EUR", "USD"])},
                "weight_g": rng.randint(40, 9000), "category": None}
        proj = {"instruction": "Choose the top-level browse category for this new listing from its title and bullet points.",
                "schema": {"category": {"type": "enum", "values": L, "required": True}},
                "listing": prod,
                "seller": {"name": rng.choice(sellers), "rating": round(rng.uniform(3.2, 4.9), 1), "since": rng.randint(2012, 2023)},
                "fulfilment": {"fc": rng.choice(["LTN4", "BHX2", "DUS2", "MAD6", "CDG7"]), "zone": rng.choice(zones) + f"-{rng.randint(1, 40):02d}",
                               "zone_note": "bin zones are assigned by free capacity"},
                "site_context": {"promo_banner": "Top deals in " + rng.choice(L), "trending_searches": rng.sample(["air fryer", "lego", "protein powder", "dog treats",
                                                                                                                   "hair dryer", "usb c hub", "tent"], 3)}}
        recs.append(rec(name, i, lab, L, proj, False))
    write(name, recs, ["/listing/title", "/listing/bullet_points"], "Category from what the product is (title, bullets).", False,
          "schema enum lists all categories; seller names and site promo banner contain category words at random; FC bin zone codes (EL/HK/TG/SO/BP/PS) look like category codes but are random")


# ---------------------------------------------------------------- 12. water-quality sonde QC flag
def waterqc():
    name = "water_sonde_qc_flag"
    rng = random.Random(9112)
    L = ["pass", "suspect", "fail"]
    sites = ["Thames at Kingston", "River Wye at Redbrook", "Loch Leven buoy", "Trent at Colwick", "Ouse at Skelton", "Severn at Haw Bridge", "Lough Neagh N"]
    recs = []
    N = 136
    for i in range(1, N + 1):
        lab = rng.choices(L, weights=[5, 3, 3])[0]
        base = rng.uniform(6.5, 10.5)
        vals = [round(base + 0.8 * __import__("math").sin(h / 24 * 6.283 - 1.5) + rng.uniform(-0.15, 0.15), 2) for h in range(24)]
        diag = {"battery_v": round(rng.uniform(11.9, 13.4), 2), "wiper": "OK", "error_codes": []}
        if lab == "suspect":
            kind = rng.choice(["spike", "flat"])
            if kind == "spike":
                j = rng.randrange(3, 21); vals[j] = round(vals[j] + rng.choice([-1, 1]) * rng.uniform(3.2, 5.0), 2)
            else:
                j = rng.randrange(0, 16); v = vals[j]
                for h in range(j, j + rng.randint(6, 8)): vals[h] = v
        elif lab == "fail":
            kind = rng.choice(["range", "err", "wiper"])
            if kind == "range":
                j = rng.randrange(0, 20)
                for h in range(j, min(24, j + rng.randint(2, 5))): vals[h] = rng.choice([-0.4, 24.9, 99.99, -9.99])
            elif kind == "err": diag["error_codes"] = [rng.choice(["E21 optical sensor timeout", "E07 DO cap expired"])]
            else: diag["wiper"] = "FAULT – stalled"
        day = (datetime.date(2024, 3, 1) + datetime.timedelta(days=rng.randrange(220))).isoformat()
        proj = {"instruction": "Assign the daily QC flag for the dissolved-oxygen channel. fail: any value outside 0–20 mg/L, any sensor error code, or wiper fault. "
                               "suspect: hour-to-hour jump > 3 mg/L, or 6+ consecutive identical values. pass: otherwise. Rules are checked in that order (fail first).",
                "qc_flag_definitions": {"pass": "data usable as-is", "suspect": "review before use", "fail": "exclude from publication"},
                "site": {"name": rng.choice(sites), "sonde": rng.choice(["EXO2", "EXO3", "6600 V2"]), "date": day},
                "do_mg_l_hourly": vals, "diagnostics": diag,
                "other_channels": {"turbidity_fnu_qc": rng.choice(L), "temperature_c_qc": rng.choice(L), "conductivity_qc": rng.choice(L)},
                "last_calibration": (datetime.date.fromisoformat(day) - datetime.timedelta(days=rng.randint(2, 60))).isoformat(),
                "field_visit_note": rng.choice(["", "Sonde cleaned, fouling light", "Swan nesting near the buoy, access difficult", "Levels high after rain, pass checks done from bank", ""])}
        recs.append(rec(name, i, lab, L, proj, False))
    write(name, recs, ["/do_mg_l_hourly", "/diagnostics"], "Flag is a rule-based function of the DO series and the sonde diagnostics.", False,
          "flag vocabulary glossary lists pass/suspect/fail; other channels' QC flags use the same words but are drawn at random; calibration date random")


# ---------------------------------------------------------------- 13. library Dewey hundreds class
def dewey():
    name = "library_dewey_class"
    rng = random.Random(9113)
    L = ["000", "100", "200", "300", "400", "500", "600", "700", "800", "900"]
    books = {
        "000": [("The Art of Computer Networking", ["Computer networks", "Internet"], "An introduction to protocols, routing and the design of the internet."),
                ("Information Overload", ["Information science", "Knowledge management"], "How organisations store, find and lose information."),
                ("Guinness World Records {y}", ["Curiosities and wonders"], "The annual compendium of record-breaking achievements."),
                ("Journalism After the Newspaper", ["Journalism", "News media"], "The changing business of news reporting.")],
        "100": [("Thinking About Thinking", ["Cognitive psychology", "Metacognition"], "A readable tour of how the mind monitors itself."),
                ("The Stoic Year", ["Stoics", "Conduct of life"], "Daily readings from Seneca, Epictetus and Marcus Aurelius."),
                ("Kant's Critique Explained", ["Kant, Immanuel", "Knowledge, Theory of"], "A commentary on the first Critique."),
                ("Ethics for a Warming World", ["Environmental ethics"], "Philosophical arguments about duties to future generations.")],
        "200": [("A History of the Early Church", ["Church history -- Primitive and early church"], "Christian communities in the first three centuries."),
                ("Buddhism: A Very Short Introduction", ["Buddhism"], "Core teachings and schools of Buddhist thought."),
                ("Myths of the Norsemen", ["Mythology, Norse"], "Gods, giants and the end of the world in Norse belief."),
                ("Understanding the Qur'an", ["Qur'an -- Criticism, interpretation"], "Themes and style of the Qur'an.")],
        "300": [("Freakonomics-style Thinking", ["Economics -- Popular works"], "Incentives and unexpected consequences in everyday life."),
                ("The Law of Contract", ["Contracts -- Great Britain"], "A student textbook on English contract law."),
                ("Schooling and Inequality", ["Educational equalization", "Social classes"], "How schools reproduce and reduce disadvantage."),
                ("Policing the City", ["Police", "Crime prevention"], "Urban policing strategies since the 1970s.")],
        "400": [("Teach Yourself Portuguese", ["Portuguese language -- Grammar"], "A complete course for beginners."),
                ("The Story of English", ["English language -- History"], "How English spread and changed."),
                ("Oxford Spanish Dictionary", ["Spanish language -- Dictionaries -- English"], "Bilingual dictionary with 300,000 words and phrases."),
                ("Sign Language Basics", ["British Sign Language"], "Fingerspelling and everyday signs.")],
        "500": [("A Brief History of Time", ["Cosmology", "Astrophysics"], "Black holes, the big bang and the nature of time."),
                ("The Gene", ["Genetics -- History"], "The history and future of genetics."),
                ("Birds of Britain and Europe", ["Birds -- Europe -- Identification"], "Field guide to over 500 species."),
                ("Calculus Made Easy", ["Calculus"], "A gentle introduction to differentiation and integration.")],
        "600": [("The Body: A Guide for Occupants", ["Human physiology", "Medicine -- Popular works"], "How the human body works and fails."),
                ("Baking with Sourdough", ["Bread", "Cooking (Sourdough)"], "Recipes and technique for naturally leavened bread."),
                ("Car Maintenance Manual", ["Automobiles -- Maintenance and repair"], "Step-by-step servicing for home mechanics."),
                ("Small Business Marketing", ["Marketing", "Small business -- Management"], "Practical marketing on a budget.")],
        "700": [("The Story of Art", ["Art -- History"], "A survey of art from cave paintings to the modern era."),
                ("Learn to Play Guitar", ["Guitar -- Methods"], "Chords, strumming and first songs."),
                ("Photography Masterclass", ["Photography -- Technique"], "Composition, light and exposure."),
                ("The Football Tactics Book", ["Soccer -- Coaching"], "Formations and tactics explained.")],
        "800": [("Collected Poems", ["English poetry -- 20th century"], "The complete poems of a major modern poet."),
                ("Shakespeare's Tragedies: A Guide", ["Shakespeare, William -- Tragedies"], "Critical essays on the great tragedies."),
                ("Essays of Montaigne", ["French essays"], "A new translation of the Essais."),
                ("The Rise of the Novel", ["English fiction -- 18th century -- History and criticism"], "Defoe, Richardson and Fielding.")],
        "900": [("The Silk Roads", ["World history", "Asia -- Commerce -- History"], "A new history of the world through trade routes."),
                ("Lonely Planet Portugal", ["Portugal -- Guidebooks"], "Travel guide with maps and itineraries."),
                ("Wolf Hall's Real Cromwell", ["Cromwell, Thomas -- Biography"], "A biography of Henry VIII's chief minister."),
                ("The Second World War", ["World War, 1939-1945"], "A one-volume history of the war.")],
    }
    publishers = ["Penguin", "Oxford University Press", "Routledge", "DK", "Faber & Faber", "Bloomsbury", "Hodder", "Vintage", "Cambridge University Press"]
    recs = []
    N = 170
    for i in range(1, N + 1):
        lab = rng.choice(L)
        title, subj, summ = rng.choice(books[lab])
        y = rng.randint(1988, 2024)
        marc = {"020a": "978" + str(rng.randint(0, 1)) + str(rng.randint(10000000, 99999999)) + str(rng.randint(0, 9)),
                "245a": title.format(y=y), "264b": rng.choice(publishers), "264c": str(y),
                "300a": f"{rng.choice(['', 'xii, ', 'xxiv, ', 'ix, '])}{rng.randint(96, 900)} pages", "300b": rng.choice(["illustrations", "colour illustrations, maps", ""]),
                "520a": summ, "650a": subj, "082a": ""}
        proj = {"instruction": "Assign the Dewey Decimal hundreds class (000–900) for this incoming title from its subject headings and summary.",
                "dewey_summary": {"000": "Computer science, information & general works", "100": "Philosophy & psychology", "200": "Religion",
                                  "300": "Social sciences", "400": "Language", "500": "Science", "600": "Technology", "700": "Arts & recreation",
                                  "800": "Literature", "900": "History & geography"},
                "marc_record": marc,
                "item": {"barcode": f"3{rng.randint(100000000, 999999999)}", "branch": rng.choice(["Central", "Northside", "Harbour Rd", "Mobile library"]),
                         "floor": rng.choice(["Ground", "1", "2", "3"]), "price_gbp": round(rng.uniform(6.99, 45), 2),
                         "order_ref": f"PO-{rng.randint(100, 999)}-{rng.randint(100, 999)}"},
                "acquisitions_note": rng.choice(["", "Donated copy", "Replacement for lost item", "Patron request", "Standing order", ""])}
        recs.append(rec(name, i, lab, L, proj, False))
    write(name, recs, ["/marc_record/650a", "/marc_record/520a", "/marc_record/245a"], "Class from subject headings, summary and title.", False,
          "numeric class labels vs. page counts/prices/barcodes/PO numbers containing 300/500 etc. at random; Dewey summary lists every class; 082 field present but empty for every record")


# ---------------------------------------------------------------- 14. rail track defect action
def trackdefect():
    name = "rail_track_defect_action"
    rng = random.Random(9114)
    L = ["monitor", "repair within 30 days", "repair within 7 days", "close line"]
    def gauge_band(g):
        return 0 if g <= 10 else 1 if g <= 19 else 2 if g <= 27 else 3
    def crack_band(c):
        return 0 if c < 10 else 1 if c < 20 else 2 if c < 35 else 3
    routes = ["Anglia", "Wessex", "Western", "LNE", "Scotland", "Wales", "North West", "Kent"]
    notes = ["Walked from the overbridge, close to the level crossing.", "Track-monitoring train run scheduled next week regardless.",
             "Lookout posted; close clearance on the up side.", "Ballast shoulder looks fine, drainage clear.", "Previous grinding visible.",
             "Defect is close to a weld; photos attached.", "Cess walkway overgrown, reported to lineside team.", ""]
    recs = []
    N = 124
    for i in range(1, N + 1):
        g = rng.choice([rng.randint(2, 10), rng.randint(11, 19), rng.randint(20, 27), rng.randint(28, 36)])
        c = rng.choice([rng.randint(0, 9), rng.randint(10, 19), rng.randint(20, 34), rng.randint(35, 55)])
        if rng.random() < .5: c = rng.randint(0, 9)
        lab = L[max(gauge_band(g), crack_band(c))]
        t = ts(rng)
        insp = {"defect_ref": f"TD{rng.randint(100000, 999999)}", "route": rng.choice(routes), "elr": rng.choice(["LEC1", "MLN1", "BML1", "ECM1", "SWM2", "CGJ6"]),
                "mileage": f"{rng.randint(1, 200)}m {rng.randint(0, 79)}ch", "line": rng.choice(["Up Main", "Down Main", "Up Fast", "Down Slow"]),
                "inspected": iso(t), "inspector": person(rng), "measured_gauge_mm": 1435 + g, "rcf_crack_length_mm": c,
                "line_speed_mph": rng.choice([40, 60, 75, 90, 100, 125]), "patrol_note": rng.choice(notes)}
        proj = {"instruction": "Decide the action for this track defect. Gauge spread over 1435 mm: ≤10 monitor; 11–19 repair within 30 days; 20–27 repair within 7 days; ≥28 close line. "
                               "RCF crack length: <10 mm monitor; 10–19 repair within 30 days; 20–34 repair within 7 days; ≥35 close line. Take the more severe.",
                "standard_actions": L, "inspection": insp,
                "asset_context": {"next_planned_possession": (t.date() + datetime.timedelta(days=rng.randint(3, 90))).isoformat(),
                                  "work_bank_items_open": rng.randint(0, 12), "route_notice": rng.choice(["", "Engineering hours reduced this period", "Heat watch in force", ""])}}
        recs.append(rec(name, i, lab, L, proj, False))
    write(name, recs, ["/inspection/measured_gauge_mm", "/inspection/rcf_crack_length_mm"], "Action is a threshold function of gauge spread and RCF crack length.", False,
          "instruction and standard_actions list every action; patrol notes use 'close'/'monitoring' in ordinary senses; next possession date and open work-bank items random")


def run():
    mine(); ecom(); waterqc(); dewey(); trackdefect()
