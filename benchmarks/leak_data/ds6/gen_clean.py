from gen_common import *

# ---------------------------------------------------------------- 10. HS chapter (clean)
def hs():
    N = "customs_hs_chapter"
    r = random.Random(610)
    L = ["61", "62", "64", "84", "85", "94"]
    gloss = {"61": "Apparel, knitted or crocheted", "62": "Apparel, not knitted or crocheted", "64": "Footwear, gaiters and parts",
             "84": "Machinery, mechanical appliances, boilers, parts", "85": "Electrical machinery and equipment, parts", "94": "Furniture, bedding, lamps, prefabricated buildings"}
    items = {
        "61": ["Men's crew-neck pullover, 100% cotton jersey knit", "Women's leggings, 92% polyester 8% elastane, knitted", "Baby bodysuit, knitted cotton, snap closure",
               "Hooded sweatshirt, fleece knit 80/20 cotton/poly", "Socks, knitted, 75% merino", "Knitted polo shirt, pique, short sleeve"],
        "62": ["Men's denim jeans, woven 98% cotton 2% elastane", "Women's blouse, woven 100% viscose", "Rain jacket, woven nylon shell with PU coating",
               "Men's suit trousers, woven wool", "Linen shirt, woven, long sleeve", "Chino shorts, woven cotton twill"],
        "64": ["Running shoes, rubber outsole, textile upper", "Leather ankle boots, rubber soles", "Flip-flops, rubber/plastic, strap by plugs",
               "Safety shoes with steel toe cap, leather upper", "Children's sandals, PU sole, textile upper", "Ski boots, plastic shell"],
        "84": ["Centrifugal water pump, 2.2 kW, cast iron", "Ball bearings, deep groove, 6205-2RS", "Hydraulic gear pump for tractor",
               "Espresso machine, commercial, 2 group (non-domestic)", "Laptop computer, 14 inch, 16 GB RAM", "Air compressor, piston, 50 L tank"],
        "85": ["Lithium-ion battery pack, 48 V 20 Ah", "LED driver, 60 W constant current", "Electric kettle, 1.7 L, 2200 W",
               "Smartphone, 128 GB, 5G", "Three-phase induction motor 7.5 kW", "Insulated copper cable with connectors, 0.6/1 kV"],
        "94": ["Office swivel chair with castors, mesh back", "Solid oak dining table, 180 cm", "Mattress, pocket spring, 160x200",
               "LED floor lamp with steel base", "Wooden bunk bed frame, pine", "Steel shelving unit, 5 tier, for retail"]}
    ports = ["CNSHA", "VNSGN", "BDCGP", "TRIST", "DEHAM", "INNSA", "MYPKG", "ITGOA", "USLAX", "NLRTM"]
    recs = []
    n = r.randint(140, 190)
    for i in range(1, n + 1):
        lab = r.choice(L)
        desc = r.choice(items[lab])
        others = [{"line": k + 2, "hs6": "%s%s" % (r.choice(L + ["39", "73", "42", "95"]), digits(r, 4)), "desc": r.choice([d for v in items.values() for d in v])} for k in range(r.randint(0, 3))]
        qty = r.randint(12, 4800)
        proj = {"instruction": "Assign the HS chapter (2 digits) for invoice line 1. Candidate chapters and their headings: " + "; ".join("%s = %s" % (k, v) for k, v in gloss.items()) + ".",
                "commercial_invoice": {"invoice_no": "CI-%s-%s" % (r.choice(["SH", "HCM", "DAC", "IST"]), digits(r, 6)), "date": ts(r, fmt="%Y-%m-%d"),
                                       "seller": r.choice(["Ningbo Everbright Trading Co.", "Saigon Textile JSC", "Anatolia Export Ltd.", "Penang Precision Sdn Bhd", "Dhaka Knitwear Ltd.", "Veneto Arredamenti SRL"]),
                                       "incoterms": r.choice(["FOB", "CIF", "EXW", "DAP", "FCA"]), "currency": r.choice(["USD", "EUR"]),
                                       "lines": [{"line": 1, "description": desc, "qty": qty, "unit": r.choice(["PCS", "PRS", "SETS", "CTNS"]) , "unit_price": round(r.uniform(0.8, 420), 2),
                                                  "country_of_origin": r.choice(["CN", "VN", "BD", "TR", "IN", "MY", "IT"])}] + others},
                "shipment": {"bl": "%s%s" % (r.choice(["MAEU", "MSCU", "CMDU", "HLCU", "ONEY"]), digits(r, 9)), "pol": r.choice(ports), "pod": r.choice(ports),
                             "containers": ["%s%s" % (r.choice(["MSKU", "TGHU", "CAIU", "SEGU"]), digits(r, 7)) for _ in range(r.randint(1, 3))],
                             "gross_kg": r.randint(300, 22000), "cartons": r.randint(5, 900)},
                "broker": {"entry_no": "%s-%s" % (alnum(r, 3, string.ascii_uppercase), digits(r, 7)), "queue": "CLS-%s" % r.choice(L + ["39", "73", "GEN", "90"]),
                           "client_ref": "PO%s" % digits(r, 6)},
                "note": r.choice(["Please also check ch. 85 parts lines for AD/CVD.", "Customer asks if ch. 61 vs 62 affects duty rate on future orders.",
                                  "Furniture (ch. 94) from this seller was held last month - expect exam.", "No special remarks.", "Footwear quota does not apply to this origin.", ""])}
        recs.append(rec(N, i, lab, L, proj, False))
    write(N, recs, ["/commercial_invoice/lines/0/description"],
          "Chapter comes only from the line-1 goods description. Other invoice lines, broker queue (assigned round-robin by workload) and the broker note are unrelated to line 1.",
          "clean", "instruction glossary lists every chapter; other invoice lines carry HS codes of all chapters; broker queue CLS-61/85 etc. assigned at random; free-text notes mention chapters randomly")


# ---------------------------------------------------------------- 11. distribution outage cause (clean)
def outage():
    N = "outage_cause_code"
    r = random.Random(611)
    L = ["vegetation", "animal", "equipment failure", "lightning", "vehicle"]
    narr = {
        "vegetation": ["Found large limb from oak across phase B and neutral at span %s. Cleared, re-fused.", "Tree (dead ash) fell through primary, crossarm broken. Tree crew cut clear.",
                       "Branch burning on conductor, phases slapped. Removed, closed recloser.", "Willow grown into line, flashover marks on conductor. Trimmed back."],
        "animal": ["Squirrel contact on transformer bushing, carcass at base of pole %s. Replaced fuse, installed guard.", "Raccoon in substation bay, flashover on bus insulator.",
                   "Bird (osprey) nest material across crossarm caused phase-to-ground. Removed nest.", "Snake found on regulator platform, burnt."],
        "equipment failure": ["Transformer failed internally, oil on ground, bushings OK. Replaced 50 kVA can at %s.", "Cutout cracked/broken, porcelain failed. Replaced with polymer.",
                              "Underground cable fault in conduit, thumped and located 120 ft from riser. Spliced.", "Connector burned open on neutral, loose hot-line clamp."],
        "lightning": ["Arrester blown at pole %s, scorch marks on pole top. Replaced arrester and fuse.", "Insulator shattered, strike mark on pole; storm cell passed 2145.",
                      "Flashover on multiple insulators after lightning, no other damage found. Reclosed OK.", "Recloser locked out during thunderstorm, found blown arrester."],
        "vehicle": ["Car hit pole %s, pole snapped at base, police on scene. Set new 45' pole.", "Truck snagged service drop and guy wire, pulled down primary.",
                    "Vehicle struck pad-mount transformer in parking lot, cabinet crushed.", "Dump truck with bed up contacted overhead line at construction entrance."]}
    recs = []
    n = r.randint(150, 190)
    for i in range(1, n + 1):
        lab = r.choice(L)
        pole = "P%s" % digits(r, 5)
        narrative = r.choice(narr[lab])
        if "%s" in narrative: narrative = narrative % pole
        strikes = r.randint(3, 60) if lab == "lightning" else (r.randint(0, 12) if r.random() < 0.3 else 0)
        weather = r.choice(["clear", "overcast", "light rain", "windy", "thunderstorms", "snow", "fog"])
        if lab == "lightning": weather = "thunderstorms"
        hist = [{"date": ts(r, fmt="%Y-%m-%d"), "cause": r.choice(L + ["unknown", "public contact"])} for _ in range(r.randint(0, 4))]
        proj = {"instruction": "Assign the outage cause code from the crew's findings. Allowed codes: vegetation, animal, equipment failure, lightning, vehicle.",
                "schema": {"cause_code": {"type": "string", "enum": L, "description": "Primary cause as determined by field crew findings"}},
                "oms_event": {"event_id": "OUT-%s" % digits(r, 8), "feeder": "%s-%d" % (r.choice(["HILLCREST", "RIVERTON", "GLENWOOD", "SAWMILL", "PORTER"]), r.randint(1, 14)),
                              "device_operated": r.choice(["fuse", "recloser", "sectionalizer", "breaker"]), "customers_out": r.randint(1, 4200),
                              "start": ts(r), "restored_minutes": r.randint(18, 700), "weather_obs": weather, "lightning_strikes_1km_30min": strikes},
                "crew_report": {"crew": "LN-%02d" % r.randint(1, 40), "foreman": name(r), "narrative": narrative,
                                "materials": r.sample(["fuse link 25K", "arrester 10kV", "cutout polymer", "crossarm 8ft", "animal guard", "splice kit 15kV", "45ft pole CL3", "connector"], 2)},
                "feeder_recent_outages": hist,
                "programs": {"vegetation_cycle_due": ts(r, start=datetime(2025, 1, 1), fmt="%Y-%m"), "animal_guard_coverage_pct": r.randint(20, 95),
                             "notes": r.choice(["Storm hardening project scheduled for Q3 (lightning arresters, tree wire).", "Feeder on vegetation management watch list.",
                                                "Wildlife mitigation survey completed last year.", "Equipment failure rate on this feeder is near system average.",
                                                "Road widening nearby; vehicle-contact signage requested.", ""])}}
        recs.append(rec(N, i, lab, L, proj, False))
    write(N, recs, ["/crew_report/narrative", "/crew_report/materials", "/oms_event/weather_obs", "/oms_event/lightning_strikes_1km_30min", "/oms_event/device_operated"],
          "Cause code is read from the crew narrative (and weather/lightning data). Feeder history and program notes are general feeder context, independent of this event.",
          "clean", "schema enum + instruction list all codes; feeder outage history and program notes mention every cause word at random; weather/lightning legitimately correlate")


# ---------------------------------------------------------------- 12. booking change request type (clean)
def booking():
    N = "booking_change_request"
    r = random.Random(612)
    L = ["date change", "name correction", "cancellation", "seat upgrade", "add baggage"]
    bodies = {
        "date change": ["Hi, our plans shifted - could we fly out on the %s instead of the original day? Same flights otherwise.", "Is it possible to move my return to %s? Happy to pay the fare difference.",
                        "Necesito volar un día después, el %s, si es posible.", "Conference got postponed; please rebook me for %s."],
        "name correction": ["My passport says KATHERINE but the ticket says KATHRYN. Please fix before we travel.", "I misspelled my surname when booking (Mohamad vs Mohammed), can you correct it?",
                            "Ticket shows my maiden name, I've since married - ID now reads %s.", "Typo in my first name: it should be 'Joaquín' not 'Joaquin'. Does it matter?"],
        "cancellation": ["Due to a family emergency we can't travel at all. Please cancel and tell me what I get back.", "We won't be taking this trip anymore, kindly cancel everything.",
                         "Je souhaite annuler ma réservation, merci.", "Please void the booking, my visa was refused (letter attached)."],
        "seat upgrade": ["Can I pay to move to business class on the long-haul leg?", "Is premium economy available on %s? I'd like to upgrade if price is reasonable.",
                         "I have miles - can I use them to go up a cabin on the way back?", "Any chance of an upgrade to the front cabin? Long legs, long flight."],
        "add baggage": ["I need to bring a second checked bag (23kg) on both legs.", "Can you add a ski bag to my booking for the outbound?",
                        "We forgot to add luggage, we'll need 2 suitcases for the family.", "Quiero añadir una maleta facturada de 23 kg a la ida."]}
    footer = ("Manage your trip online: change dates, correct a name, upgrade your seat, add baggage or request a cancellation at any time. "
              "Fees may apply according to your fare rules.")
    recs = []
    n = r.randint(150, 195)
    for i in range(1, n + 1):
        lab = r.choice(L)
        b = r.choice(bodies[lab])
        if "%s" in b:
            b = b % (name(r).upper() if lab == "name correction" else ("LX 38" if lab == "seat upgrade" and r.random() < 0.5 else r.choice([dt(r).strftime("%d %B"), dt(r).strftime("%-m/%-d")])))
        pnr = alnum(r, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        segs = [{"flt": "%s%d" % (r.choice(["LX", "TK", "QR", "BA", "UA", "AC", "EK"]), r.randint(10, 999)), "from": a, "to": b2, "date": ts(r, fmt="%Y-%m-%d"), "cabin": r.choice(["Y", "Y", "W", "J"])}
                for a, b2 in [r.sample(["ZRH", "IST", "DOH", "LHR", "ORD", "YYZ", "DXB", "BKK", "SFO"], 2)]]
        proj = {"instruction": "Classify the customer's request: date change, name correction, cancellation, seat upgrade, or add baggage.",
                "email": {"from": "%s@%s" % (name(r).split()[0].lower(), r.choice(["gmail.com", "outlook.com", "yahoo.co.uk", "web.de"])), "subject": r.choice(["Booking " + pnr, "Re: your trip", "Question about my reservation", "Help pls", "Reservation " + pnr + " - request"]),
                          "body": b, "received": ts(r)},
                "booking": {"pnr": pnr, "segments": segs, "fare_brand": r.choice(["Light", "Classic", "Flex", "Business Saver"]), "pax": r.randint(1, 4),
                            "history": [{"ts": ts(r), "action": r.choice(["ISSUED", "SEAT ASSIGNED", "BAG ADDED", "SCHEDULE CHANGE ACCEPTED", "NAME UPDATED (APIS)", "REFUND QUOTE"])} for _ in range(r.randint(1, 4))]},
                "fare_rules_excerpt": r.choice(["Changes permitted for a fee of EUR 70 plus fare difference. Cancellation: non-refundable, taxes refundable.",
                                                "Free date change until 24h before departure. Name correction of up to 3 characters free of charge.",
                                                "Upgrade with miles allowed on Flex and Business Saver. Extra baggage can be purchased online."]),
                "email_footer": footer,
                "crm": {"tier": r.choice(["Blue", "Silver", "Gold", "Platinum"]), "open_cases": r.randint(0, 3)}}
        recs.append(rec(N, i, lab, L, proj, False))
    write(N, recs, ["/email/body", "/email/subject"],
          "Request type comes from the customer's email. Booking history, fare rules and the footer are boilerplate/context.",
          "clean", "every record's footer names all five request types; booking history has random BAG ADDED / NAME UPDATED / REFUND QUOTE actions; fare rules mention changes/upgrades/baggage at random; multilingual bodies")


# ---------------------------------------------------------------- 13. SPC Western Electric rules (clean)
def spc():
    N = "spc_western_electric"
    r = random.Random(613)
    L = ["in control", "rule 1", "rule 2", "rule 3", "rule 4"]

    def check(z):
        if any(abs(x) > 3 for x in z): return "rule 1"
        for i in range(len(z) - 2):
            w = z[i:i + 3]
            if sum(x > 2 for x in w) >= 2 or sum(x < -2 for x in w) >= 2: return "rule 2"
        for i in range(len(z) - 4):
            w = z[i:i + 5]
            if sum(x > 1 for x in w) >= 4 or sum(x < -1 for x in w) >= 4: return "rule 3"
        for i in range(len(z) - 7):
            w = z[i:i + 8]
            if all(x > 0 for x in w) or all(x < 0 for x in w): return "rule 4"
        return "in control"
    chars = [("Bore diameter", "mm", 24.000, 0.004), ("Fill weight", "g", 500.0, 1.8), ("Torque", "N·m", 12.0, 0.35), ("Coating thickness", "µm", 45.0, 2.1),
             ("Seal force", "N", 310.0, 6.5), ("Shaft OD", "mm", 9.985, 0.0025)]
    recs = []
    n = r.randint(140, 180)
    want = None
    while len(recs) < n:
        if want is None: want = r.choice(L)
        z = [max(-2.6, min(2.6, r.gauss(0, 0.85))) for _ in range(25)]
        s = r.choice([-1, 1]); p = r.randint(3, 16)
        if want == "rule 1":
            z[p] = s * r.uniform(3.1, 3.8)
        elif want == "rule 2":
            z[p] = s * r.uniform(2.05, 2.9); z[p + 2] = s * r.uniform(2.05, 2.9)
        elif want == "rule 3":
            for k in range(5):
                if k != 2: z[p + k] = s * r.uniform(1.05, 1.9)
        elif want == "rule 4":
            for k in range(9): z[p + k] = s * r.uniform(0.1, 0.95)
        name_, unit, cl, sg = r.choice(chars)
        dec = 4 if sg < 0.01 else 2
        vals = [round(cl + x * sg, dec) for x in z]
        zz = [(v - cl) / sg for v in vals]
        if any(abs(abs(x) - t) < 0.03 for x in zz for t in (1, 2, 3)) or any(abs(x) < 0.03 for x in zz):
            continue
        lab = check(zz)
        if lab != want: continue
        want = None
        i = len(recs) + 1
        start = dt(r)
        proj = {"instruction": "Evaluate the subgroup means against Western Electric rules (1: a point beyond 3σ; 2: 2 of 3 consecutive beyond 2σ same side; 3: 4 of 5 consecutive beyond 1σ same side; 4: 8 consecutive on one side of the centre line). Report the lowest-numbered rule violated, or 'in control'.",
                "chart": {"characteristic": name_, "unit": unit, "part": "PN-%s" % digits(r, 6), "line": "L%d" % r.randint(1, 9), "chart_type": "X-bar (n=5)",
                          "centre_line": cl, "sigma_xbar": sg, "ucl": round(cl + 3 * sg, dec), "lcl": round(cl - 3 * sg, dec),
                          "subgroups": [{"t": (start + timedelta(minutes=30 * k)).strftime("%Y-%m-%d %H:%M"), "mean": v} for k, v in enumerate(vals)]},
                "control_plan": {"doc": "CP-%s rev %s" % (digits(r, 4), r.choice("ABCDE")), "reaction_plan": "Rule 1 or rule 2: stop and contain. Rule 3 or rule 4: notify process engineer, continue with 100% check.",
                                 "rules_enabled": ["rule 1", "rule 2", "rule 3", "rule 4"]},
                "previous_review": {"date": ts(r, fmt="%Y-%m-%d"), "finding": r.choice(L), "by": name(r)},
                "operator_comment": r.choice(["", "Tool change at 10:30.", "New coil lot started.", "Gauge R&R recent, ok.", "Shift handover, nothing special.", "Coolant topped up."])}
        recs.append(rec(N, i, lab, L, proj, False))
    write(N, recs, ["/chart/subgroups", "/chart/centre_line", "/chart/sigma_xbar", "/instruction"],
          "Label is computed purely from the subgroup means relative to centre line and sigma. The previous review is an older chart window and is independent.",
          "clean", "instruction and control plan spell out all rules; 'previous_review.finding' holds a random label value from an unrelated older window; operator comments random")


# ---------------------------------------------------------------- 14. tenant maintenance trade (clean)
def tenant():
    N = "tenant_work_order_trade"
    r = random.Random(614)
    L = ["plumbing", "electrical", "hvac", "appliance", "pest control", "locksmith"]
    req = {"plumbing": ["Kitchen sink is draining super slow and now water backs up into the other side.", "Toilet keeps running all night, jiggling the handle doesn't help.",
                        "There's water dripping from the ceiling in the bathroom below the upstairs shower.", "No hot water in the shower but the kitchen tap is fine?? pressure very low"],
           "electrical": ["Half the outlets in the living room stopped working, breaker looks fine.", "Light switch in the hallway sparks when I flip it.",
                          "Bathroom GFCI keeps tripping every time I use the hair dryer.", "Ceiling light flickers and buzzes, smells a bit like burning plastic."],
           "hvac": ["Heat isn't coming on, thermostat says heating but air is cold.", "AC running non-stop and apartment is 84°F.",
                    "Loud rattling from the vent in the bedroom when the furnace kicks on.", "Thermostat screen is blank, no heat or cooling."],
           "appliance": ["Dishwasher won't drain, standing water at the bottom after cycle.", "Fridge is not cold, freezer fine, food spoiling.",
                         "Oven won't heat past 200 degrees, stovetop works.", "Washer in unit stops mid-cycle with error code E21."],
           "pest control": ["Seeing cockroaches in the kitchen at night, several under the sink.", "Mouse droppings in the pantry and something chewing at night.",
                            "Bed bugs? Woke up with bites in a line, found small bugs in mattress seam.", "Ants coming in through the window frame in the kitchen."],
           "locksmith": ["Front door key broke off inside the lock, can't lock the door.", "Deadbolt won't turn, have to leave door unlocked.",
                         "Lost my mailbox key, need a replacement.", "Door handle is loose and the latch doesn't catch anymore, door swings open."]}
    notices = ["Reminder: annual pest control inspection for all units on the 14th.", "Water will be shut off Tuesday 9-12 for plumbing work in the riser.",
               "Electrical contractor testing fire alarm panel this week.", "HVAC filter replacements building-wide next month.", "New key fobs for the garage are available at the office.",
               "Please don't put grease down the drains.", "Appliance recycling pickup Saturday."]
    recs = []
    n = r.randint(150, 190)
    for i in range(1, n + 1):
        lab = r.choice(L)
        unit = "%s-%d%02d" % (r.choice(["A", "B", "C", "North", "South"]), r.randint(1, 12), r.randint(1, 24))
        body = r.choice(req[lab])
        if r.random() < 0.3:
            body = body.lower()
        if r.random() < 0.3:
            body += " " + r.choice(["Please come asap.", "I work from home so any time is ok.", "Dog in unit, please knock.", "Can someone come after 5pm?", "Thanks!"])
        proj = {"instruction": "Route this maintenance request to the right trade: plumbing, electrical, hvac, appliance, pest control, or locksmith.",
                "request": {"id": "WR-%s" % digits(r, 6), "submitted": ts(r), "unit": unit, "tenant": name(r), "channel": r.choice(["resident portal", "text", "phone (transcribed)"]),
                            "text": body, "permission_to_enter": r.random() < 0.7, "photos": r.randint(0, 3)},
                "unit_history": [{"date": ts(r, fmt="%Y-%m-%d"), "trade": r.choice(L), "status": r.choice(["completed", "cancelled"])} for _ in range(r.randint(0, 4))],
                "building": {"name": r.choice(["Maple Court", "The Linden", "Harbor View Apartments", "Parkside Lofts"]), "notices": r.sample(notices, 2),
                             "vendor_directory": {t: r.choice(["in-house", "contract"]) for t in L}}}
        recs.append(rec(N, i, lab, L, proj, False))
    write(N, recs, ["/request/text"],
          "Trade comes from the tenant's description. Unit history, building notices and the vendor directory are building context, independent of this request.",
          "clean", "vendor_directory keys list all trades in every record; building notices mention pest control/plumbing/HVAC/electrical at random; unit history trades random")


if __name__ == "__main__":
    hs(); outage(); booking(); spc(); tenant()
    for s in SUMMARY: print(s)
