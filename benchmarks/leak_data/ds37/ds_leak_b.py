"""Leaking datasets, part B: card network, VAT rate, bus punctuality, sake grade."""
from decimal import Decimal, ROUND_HALF_UP
from common import DS, jwt, hexid

# ---------------------------------------------------------------- card network from BIN
CYBS = {"Visa": "001", "Mastercard": "002", "American Express": "003", "Discover": "004"}
ICON = {"Visa": "visa", "Mastercard": "mastercard", "American Express": "amex", "Discover": "discover"}
JBRAND = {"Visa": "VISA", "Mastercard": "MASTERCARD", "American Express": "AMEX", "Discover": "DISCOVER"}
MERCH = ["Harbour Books", "Pedal & Chain Cycles", "Nordlicht Apotheke", "Cafe Marguerite", "Sunset Tyres",
         "Blue Fern Florist", "Metro Parking 24", "Quayside Hardware"]
TRAP_MERCH = ["Discover Scuba Ltd", "VFS Global - visa appointment fee", "MasterClass Online Courses",
              "Discovery Bay Marina", "Visalia Grocery Outlet"]


def bin_for(label, rng):
    if label == "Visa":
        return "4" + "".join(rng.choice("0123456789") for _ in range(5))
    if label == "Mastercard":
        if rng.random() < 0.7:
            return str(rng.randrange(51, 56)) + "%04d" % rng.randrange(10000)
        return str(rng.randrange(2221, 2721)) + "%02d" % rng.randrange(100)
    if label == "American Express":
        return rng.choice(["34", "37"]) + "%04d" % rng.randrange(10000)
    p = rng.choice(["6011", "64", "65"])
    if p == "6011":
        return "6011" + "%02d" % rng.randrange(100)
    if p == "64":
        return str(rng.randrange(644, 650)) + "%03d" % rng.randrange(1000)
    return "65" + "%04d" % rng.randrange(10000)


def card(n=160):
    labels = ["Visa", "Mastercard", "American Express", "Discover"]
    ds = DS("card_network_from_bin", labels, True, ["/authorization/bin"],
            "Network follows from the issuer BIN prefix ranges given in the instruction.", 3706)
    ds.task = "Payment ops: identify the card network of an authorization from its BIN."
    rng = ds.rng
    instr = ("Identify the card network from authorization.bin (first six digits): 4 -> Visa; 51-55 or 2221-2720 -> "
             "Mastercard; 34 or 37 -> American Express; 6011, 644-649 or 65 -> Discover. Reply with the network name.")
    for lab in ds.label_cycle(n):
        b = bin_for(lab, rng)
        leak, traps = [], []
        if rng.random() < 0.3:
            merch = rng.choice(TRAP_MERCH)
            fam = "substring inside a longer token" if merch.startswith(("MasterClass", "Discovery", "Visalia")) else "label word in another sense"
            traps.append((fam, merch))
        else:
            merch = rng.choice(MERCH)
        r = rng.random()
        f_code = r < 0.15 or 0.45 <= r < 0.52
        f_jwt = 0.15 <= r < 0.30 or 0.45 <= r < 0.52
        f_css = 0.30 <= r < 0.45
        last4 = "%04d" % rng.randrange(10000)
        gw = {"requestID": "%022d" % rng.randrange(10 ** 21, 10 ** 22), "decision": "ACCEPT", "reasonCode": "100",
              "ccAuthReply": {"reasonCode": "100", "authorizationCode": "%06d" % rng.randrange(10 ** 6),
                              "avsCode": rng.choice(["Y", "X", "N", "U"]), "cvCode": rng.choice(["M", "P"])}}
        if f_code:
            gw["card"] = {"cardType": CYBS[lab]}
            leak.append("vendor numeric type code in gateway response")
        payload = {"sid": hexid(rng, 16), "mid": "m_%s" % hexid(rng, 8), "exp": 1767225600 + rng.randrange(10 ** 6)}
        if f_jwt:
            payload["pm"] = {"brand": JBRAND[lab], "last4": last4}
            leak.append("label inside base64url JWT payload")
        traps.append(("innocuous encoded blob", "client_token JWT with sid/mid/exp claims"))
        icon = ICON[lab] if f_css else "generic"
        if f_css:
            leak.append("CSS class in rendered checkout HTML")
        html = ('<div class="pay-method"><span class="card-icon card-icon--%s" aria-hidden="true"></span>'
                '<span class="pan">&bull;&bull;&bull;&bull; %s</span></div>'
                '<footer class="accepted">We accept Visa, Mastercard, American Express and Discover.</footer>') % (icon, last4)
        traps.append(("full label set listed in UI text", "We accept Visa, Mastercard, American Express and Discover."))
        proj = {"instruction": instr,
                "authorization": {"bin": b, "last4": last4, "amount": "%.2f" % rng.uniform(3, 400),
                                  "currency": rng.choice(["USD", "GBP", "EUR"]),
                                  "merchant": {"name": merch, "mcc": ds.balanced("mcc", lab, ["5942", "5940", "5912", "5812", "7523", "5992"])}},
                "gateway_response": gw, "client_token": jwt(payload, rng), "checkout_html": html}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- UK VAT rate
CATS = {
    "zero rate": {"books_printed": ["Paperback: 'The Standard Model - a beginner's guide'", "Hardback atlas of the British Isles"],
                  "childrens_clothing": ["Children's school coat age 8-9", "Kids' wellington boots size 12"],
                  "food_basic": ["Zero-fat Greek yoghurt 1kg x 6", "Wholemeal flour 16kg sack", "Fresh milk 4 pint x 12"],
                  "public_transport_fare": ["Rail ticket London-Leeds standard class return", "Bus day ticket x 5"]},
    "reduced rate": {"domestic_energy": ["Domestic heating oil 500 litres", "Residential electricity - flat 2 - Q1"],
                     "child_car_seat": ["Child car seat group 1/2/3 isofix"],
                     "smoking_cessation": ["Nicotine patches 21mg x 28"],
                     "mobility_aid_installation": ["Grab rail installation for over-60 client (home)"]},
    "exempt": {"insurance_premium": ["Employers' liability insurance premium 2025/26", "Van insurance monthly premium"],
               "royal_mail_postage": ["Royal Mail 1st class stamps x 100"],
               "training_eligible_body": ["First aid at work course - university short course"],
               "financial_services": ["Bank arrangement fee on overdraft facility"]},
    "standard rate": {"stationery": ["Standard A4 copier paper 80gsm x 5 reams", "Whiteboard markers assorted"],
                      "software_subscription": ["Accounting software subscription - monthly", "Cloud backup 2TB plan"],
                      "hot_takeaway_food": ["Hot sandwiches and coffees - client meeting"],
                      "adult_clothing": ["Hi-vis jacket adult XL"],
                      "alcohol": ["Case of wine - staff party"]},
}
SUPPLIERS = {"books_printed": "Harbour Books Ltd", "childrens_clothing": "Little Feet Outfitters",
             "food_basic": "Brakes Foodservice", "public_transport_fare": "Trainline", "domestic_energy": "Octopus Energy",
             "child_car_seat": "Halfords Ltd", "smoking_cessation": "Boots UK", "mobility_aid_installation": "SafeHome Adaptations",
             "insurance_premium": "Hiscox Underwriting Ltd", "royal_mail_postage": "Royal Mail Group",
             "training_eligible_body": "University of Leeds CPD", "financial_services": "Lloyds Bank plc",
             "stationery": "Viking Direct", "software_subscription": "Xero UK", "hot_takeaway_food": "Greggs plc",
             "adult_clothing": "Screwfix Direct", "alcohol": "Majestic Wine"}
RATE = {"standard rate": Decimal("0.20"), "reduced rate": Decimal("0.05"), "zero rate": Decimal("0"), "exempt": Decimal("0")}
XERO = {"standard rate": "20% (VAT on Expenses)", "reduced rate": "5% (VAT on Expenses)",
        "zero rate": "Zero Rated Expenses", "exempt": "Exempt Expenses"}


def vat(n=150):
    labels = ["standard rate", "reduced rate", "zero rate", "exempt"]
    ds = DS("uk_vat_rate_coding", labels, True,
            ["/line_item/category", "/line_item/description", "/line_item/supplier"],
            "VAT treatment follows from the purchase category via the table in the instruction; description and "
            "supplier are legitimate input too.", 3707)
    ds.task = "Bookkeeping: code a UK purchase-invoice line to its VAT liability from the purchase category."
    rng = ds.rng
    table = {lab: sorted(CATS[lab]) for lab in labels}
    instr = ("Code the purchase line to its UK VAT liability using the category table: " +
             "; ".join("%s -> %s" % (", ".join(v), k) for k, v in table.items()) +
             ". Reply with exactly one of: standard rate, reduced rate, zero rate, exempt.")
    for lab in ds.label_cycle(n):
        cat = rng.choice(sorted(CATS[lab]))
        desc = rng.choice(CATS[lab][cat])
        leak, traps = [], []
        if any(w in desc for w in ("Standard", "standard", "Zero")):
            traps.append(("label word inside the legitimate input", desc))
        net = Decimal(rng.randrange(500, 90000)) / 100
        r = rng.random()
        f_amt = r < 0.22 or 0.42 <= r < 0.50
        f_sug = 0.22 <= r < 0.50
        ledger = {"journal": "PI-%05d" % rng.randrange(10 ** 5), "nominal_code": ds.balanced("nom", lab, ["5000", "7500", "7900", "8200"]),
                  "net": str(net)}
        if f_amt:
            v = (net * RATE[lab]).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            ledger["vat"] = str(v)
            ledger["gross"] = str(net + v)
            leak.append("tax amount computed after the decision")
        feed = {"date": "2025-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29)),
                "statement_text": "CARD PAYMENT REF %d" % rng.randrange(10 ** 7, 10 ** 8),
                "suggestion": {"account": ds.balanced("acct", lab, ["Purchases", "General Expenses", "Office Costs"]),
                               "confidence": round(rng.uniform(0.5, 0.99), 2)}}
        if f_sug:
            feed["suggestion"]["tax_rate"] = XERO[lab]
            leak.append("upstream auto-categoriser suggestion (paraphrased rate name)")
        memo = ""
        if rng.random() < 0.3:
            memo = rng.choice(["Not subject to the domestic reverse charge.", "Supplier confirms this is not a disbursement."])
            traps.append(("negated mention of another treatment", memo))
        traps.append(("full label set defined in instruction", "standard rate, reduced rate, zero rate, exempt"))
        proj = {"instruction": instr,
                "line_item": {"invoice_no": "INV-%06d" % rng.randrange(10 ** 6), "supplier": SUPPLIERS[cat],
                              "description": desc, "category": cat, "net_amount": str(net), "memo": memo},
                "ledger_posting": ledger, "bank_feed": feed}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- bus on-time performance
STOPS = ["Union Station Bay C", "Riverside Hospital", "Market St & 4th", "Northgate Park & Ride", "Civic Centre",
         "University Loop", "Harbour Terminal"]
TRAP_STOPS = ["Late Night Bay (Depot Rd)", "Early Learning Centre", "Ontime Logistics Park", "Latimer Road"]
GLYPH = {"early": "🔵", "on time": "🟢", "late": "🔴"}
FLAG = {"early": "E", "on time": "O", "late": "L"}


def hms(s):
    return "%02d:%02d:%02d" % (s // 3600, (s // 60) % 60, s % 60)


def bus(n=150):
    labels = ["early", "on time", "late"]
    ds = DS("bus_timepoint_punctuality", labels, True,
            ["/trip/scheduled_departure", "/trip/actual_departure"],
            "Deviation = actual - scheduled departure at the timepoint; bands per instruction.", 3708)
    ds.task = "Transit operations: classify a timepoint departure as early / on time / late from scheduled vs AVL actual time."
    rng = ds.rng
    instr = ("Classify the departure at the timepoint. deviation = actual_departure - scheduled_departure. More than "
             "60 s early -> early; from 60 s early up to 5 min 59 s late -> on time; 6 min or more late -> late. "
             "Do not mark a trip late when AVL data is missing (not the case here). Reply: early, on time or late.")
    for lab in ds.label_cycle(n):
        sched = rng.randrange(5 * 3600, 22 * 3600, 60)
        dev = {"early": rng.choice([rng.randrange(-420, -60), -61]),
               "on time": rng.choice([rng.randrange(-60, 360), -60, 359]),
               "late": rng.choice([rng.randrange(360, 1500), 360])}[lab]
        act = sched + dev
        leak, traps = [], []
        if rng.random() < 0.3:
            stop = rng.choice(TRAP_STOPS)
            fam = "substring inside a longer token" if stop in ("Ontime Logistics Park", "Latimer Road") else "label word in another sense"
            traps.append((fam, stop))
        else:
            stop = rng.choice(STOPS)
        route = rng.choice(["4", "14", "22", "38", "X1", "101"])
        block = "%s%02d" % (route, rng.randrange(1, 20))
        veh = rng.randrange(2100, 2399)
        start = sched - rng.randrange(600, 2400)
        log = ["%s VLU veh=%d op=%d logon route=%s block=%s" % (hms(start - 300), veh, rng.randrange(40000, 49999), route, block),
               "%s GPS fix sats=%d hdop=%.1f" % (hms(start - 120), rng.randrange(6, 12), rng.uniform(0.6, 2.0)),
               "%s APC door=1 on=%d off=%d" % (hms(start), rng.randrange(0, 12), rng.randrange(0, 4))]
        r = rng.random()
        f_gl = r < 0.22 or 0.42 <= r < 0.50
        f_log = 0.22 <= r < 0.50
        if f_log:
            log.append("%s ADH tp=%s sched_adh_flag=%s" % (hms(act + 5), "TP%03d" % rng.randrange(1, 400), FLAG[lab]))
            leak.append("single-letter status code in device log")
        deco = ""
        if rng.random() < 0.4:
            deco = " " + rng.choice(["♿", "🚲", "♿ 🚲"])
            traps.append(("unrelated glyphs", deco.strip()))
        row = "Rt %s │ Blk %s │ %s │ %s%s" % (route, block, stop, hms(sched)[:5], deco)
        if f_gl:
            row += " │ " + GLYPH[lab]
            leak.append("status glyph (emoji) in dashboard row")
        trip = {"route": route, "direction": rng.choice(["Inbound", "Outbound"]), "block": block,
                "trip_id": "%s_%d" % (block, rng.randrange(1000, 9999)),
                "timepoint": {"stop_id": "%d" % rng.randrange(1000, 9999), "name": stop},
                "scheduled_departure": hms(sched), "actual_departure": hms(act)}
        proj = {"instruction": instr, "trip": trip, "avl_log": "\n".join(log), "dashboard_row": row}
        if rng.random() < 0.3:
            other = rng.choice(labels)
            proj["previous_trip_on_block"] = {"trip_id": "%s_%d" % (block, rng.randrange(1000, 9999)), "otp": other}
            traps.append(("label of another record/event", "previous_trip_on_block.otp = %s" % other))
        traps.append(("negation / rule text naming a label", "Do not mark a trip late when AVL data is missing"))
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- sake grade
KANJI = {"junmai daiginjo": "純米大吟醸", "junmai ginjo": "純米吟醸", "junmai": "純米酒",
         "daiginjo": "大吟醸", "ginjo": "吟醸酒", "honjozo": "本醸造"}
SB = {"junmai daiginjo": (False, [35, 38, 40, 45, 48, 50]), "junmai ginjo": (False, [51, 55, 58, 60]),
      "junmai": (False, [61, 65, 68, 70, 75, 80]), "daiginjo": (True, [35, 40, 45, 50]),
      "ginjo": (True, [51, 55, 58, 60]), "honjozo": (True, [61, 65, 68, 70])}
BREW = [("Kaze no Mori Shuzo", "風の森"), ("Tsukasa Botan Shuzo", "司牡丹"), ("Hakkaisan Brewery", "八海山"),
        ("Shichiken (Yamanashi Meijo)", "七賢"), ("Kamoizumi Shuzo", "賀茂泉"), ("Dewazakura Shuzo", "出羽桜")]
NOTES = ["Melon and white peach on the nose, soft finish.", "Dry and savoury; rice-forward, good warmed.",
         "Clean, crisp, slightly minerally.", "Umami-rich with a gentle acidity.", "Light body, banana hints."]


def sake(n=150):
    labels = ["junmai daiginjo", "junmai ginjo", "junmai", "daiginjo", "ginjo", "honjozo"]
    ds = DS("sake_tokutei_meishoshu", labels, True,
            ["/production_sheet/seimaibuai_pct", "/production_sheet/brewers_alcohol_added"],
            "Designation from rice polishing ratio (seimaibuai) and whether brewer's alcohol was added.", 3709)
    ds.task = "Sake import compliance: classify the special-designation grade from the brewery production sheet."
    rng = ds.rng
    instr = ("Classify the tokutei meishoshu grade from the production sheet. No brewer's alcohol added: seimaibuai "
             "<= 50% -> junmai daiginjo; <= 60% -> junmai ginjo; otherwise junmai. Brewer's alcohol added: <= 50% -> "
             "daiginjo; <= 60% -> ginjo; <= 70% -> honjozo. Reply with the grade in lower-case romaji.")
    for lab in ds.label_cycle(n):
        added, opts = SB[lab]
        sb = rng.choice(opts)
        brewery, brand = rng.choice(BREW)
        leak, traps = [], []
        sheet = {"lot": "L%d-%03d" % (rng.choice([2023, 2024]), rng.randrange(1, 400)), "brewery": brewery,
                 "rice_variety": rng.choice(["Yamada Nishiki", "Omachi", "Gohyakumangoku", "Miyama Nishiki", "Dewa San San"]),
                 "seimaibuai_pct": sb, "brewers_alcohol_added": added,
                 "yeast": rng.choice(["Kyokai No. 7", "Kyokai No. 9", "Kyokai No. 1801", "house yeast"]),
                 "abv_pct": rng.choice([14.5, 15.0, 15.5, 16.0, 16.5]), "smv": rng.randrange(-4, 9),
                 "acidity": round(rng.uniform(1.1, 1.9), 1), "bottle_ml": rng.choice([300, 720, 1800])}
        r = rng.random()
        f_k = r < 0.25 or 0.45 <= r < 0.52
        f_rev = 0.25 <= r < 0.52
        ocr = "%s\n清酒\nアルコール分%.0f度\n内容量%dml\n製造年月 2024.%02d\n%s" % (
            brand, sheet["abv_pct"], sheet["bottle_ml"], rng.randrange(1, 13), brewery)
        if f_k:
            ocr = "%s\n%s\n" % (brand, KANJI[lab]) + ocr.split("\n", 1)[1]
            leak.append("label translated into Japanese script on bottle OCR")
        snippets = [{"source": rng.choice(["sakeshop.example", "tippsy-like retailer", "importer catalogue"]),
                     "text": rng.choice(NOTES)}]
        if rng.random() < 0.3:
            snippets[0]["text"] += " A faint ginjo-ka lifts the nose."
            traps.append(("label word in another sense", "a faint ginjo-ka lifts the nose"))
        if f_rev:
            snippets.append({"source": "retailer review", "text": "A textbook %s from %s - %s" % (
                lab, brewery, rng.choice(["buy it for the fridge.", "pairs with sashimi.", "great value."]))})
            leak.append("retrieved retailer review names the grade")
        if rng.random() < 0.3:
            other = rng.choice(labels)
            snippets.append({"source": "brewery site", "text": "The brewery's flagship %s 'Tsuki' took gold at IWC 2019 "
                                                                  "(a different product from this lot)." % other.title()})
            traps.append(("label of another record/entity", "flagship %s 'Tsuki' ... a different product" % other.title()))
        traps.append(("full label set defined in instruction", "junmai daiginjo; junmai ginjo; junmai; daiginjo; ginjo; honjozo"))
        proj = {"instruction": instr, "production_sheet": sheet, "label_ocr": ocr, "retrieved_snippets": snippets}
        ds.add(lab, proj, leak, traps)
    return ds
