from common import *
NAME = "airport_lost_and_found_claims"
LABELS = ["match", "possible match", "no match"]
ITEMS = [
 {"cat": "Laptop", "brand": ["Apple MacBook Pro 14", "Dell XPS 13", "Lenovo ThinkPad X1"], "colour": ["space grey", "silver", "black"],
  "unique": ["sticker of a yellow submarine on the lid", "asset tag 'ACME-IT-0{n}' on the underside", "cracked bottom-left corner", "name '{fn}' engraved near the hinge"]},
 {"cat": "Backpack", "brand": ["Osprey Daylite", "Herschel Little America", "North Face Borealis", "Fjällräven Kånken"], "colour": ["navy", "olive", "black", "red"],
  "unique": ["keyring with a small brass Eiffel Tower", "luggage tag with '{fn}' handwritten", "inside: blue pencil case and a library book", "patched hole on the front pocket"]},
 {"cat": "Headphones", "brand": ["Sony WH-1000XM5", "Bose QuietComfort 45", "AirPods Max"], "colour": ["black", "silver", "midnight blue", "white"],
  "unique": ["left ear cushion torn", "initials '{ini}' in silver marker on the headband", "in a grey hard case with a boarding pass stub", "case has a dinosaur sticker"]},
 {"cat": "Jacket", "brand": ["Patagonia Nano Puff", "Uniqlo Ultra Light Down", "Canada Goose Expedition", "Arc'teryx Atom"], "colour": ["black", "forest green", "red", "beige"],
  "unique": ["reading glasses in the left pocket", "name label '{fn}' sewn inside the collar", "missing zip pull", "metro card in the chest pocket"]},
 {"cat": "Phone", "brand": ["iPhone 14", "Samsung Galaxy S22", "Google Pixel 7"], "colour": ["purple", "black", "white"],
  "unique": ["lock screen photo of a golden retriever", "clear case with a pressed flower", "crack across the top right", "PopSocket with a cactus design"]},
]
AREAS = ["Terminal 1 Gate B12", "Terminal 1 security lane 4", "Terminal 2 food court", "Terminal 2 Gate D7", "Terminal 3 baggage claim carousel 6", "Terminal 3 Gate F21", "Rental car shuttle"]
STATUS = {"match": "RESERVED-CLM-{c}", "possible match": "HOLD-VERIFY", "no match": "RETURNED-TO-POOL"}
SIM = {"match": (0.91, 0.99), "possible match": (0.55, 0.78), "no match": (0.05, 0.34)}
EMAIL = {"match": "Good news - we believe we have your item! Please choose pickup or shipping below.",
  "possible match": "We found an item that may be yours. To confirm, please describe any unique marks or contents.",
  "no match": "Unfortunately we have not located an item matching your description. We will keep searching for 30 days."}
TOOL = {"match": ("create_shipping_label", lambda r, c: {"claim_id": c, "carrier": "FedEx", "service": "2Day", "insured_value_usd": r.choice([100, 250, 500])}),
  "possible match": ("request_ownership_proof", lambda r, c: {"claim_id": c, "questions": ["serial number or unlock", "contents"]}),
  "no match": ("close_candidate", lambda r, c: {"claim_id": c, "candidate_released": True})}

def build():
    r = random.Random(1310)
    n = 190
    labels = balanced_labels(r, LABELS, n)
    mask = leak_mask(r, n, 0.4)
    recs = []
    for i, lab in enumerate(labels):
        it = r.choice(ITEMS)
        fn = r.choice(["Maya", "Tom", "Ines", "Kwame", "Lena", "Ravi", "Sam", "Olga"])
        ini = fn[0] + r.choice("ABCDEFGHKLMNPRSTW")
        brand = r.choice(it["brand"]); colour = r.choice(it["colour"]); uniq = r.choice(it["unique"]).format(n=r.randint(1000, 9999), fn=fn, ini=ini)
        lost = rand_date(r, dt.datetime(2024, 5, 1), 200)
        area = r.choice(AREAS)
        c_brand, c_colour, c_uniq, c_area = brand, colour, uniq, area
        found = lost + dt.timedelta(minutes=r.randint(20, 600))
        if lab == "possible match":
            c_uniq = None  # no unique marks recorded
            mode = r.choice(["generic", "day"])
            if mode == "day": found = lost + dt.timedelta(hours=r.randint(26, 60))
            if r.random() < 0.5: c_area = r.choice([a for a in AREAS if a.split()[1] == area.split()[1]] or [area])
        elif lab == "no match":
            mode = r.choice(["brand", "colour", "before", "uniq"])
            if mode == "brand": c_brand = r.choice([b for b in it["brand"] if b != brand])
            elif mode == "colour": c_colour = r.choice([x for x in it["colour"] if x != colour])
            elif mode == "before": found = lost - dt.timedelta(hours=r.randint(6, 72))
            else: c_uniq = r.choice([u for u in it["unique"] if u.split()[0] != uniq.split()[0]]).format(n=r.randint(1000, 9999), fn=r.choice(["Dana", "Pavel", "Aiko"]), ini="JQ")
        desc_claim = f"{colour.capitalize()} {brand}" + r.choice([". ", ", ", " - "]) + r.choice(["Pretty sure I left it ", "Lost it ", "Must have dropped it ", "Think I left it "]) + \
                     r.choice(["at ", "near ", "somewhere around "]) + area + ". " + ("Distinguishing: " + uniq + "." if (lab != "possible match" or r.random() < 0.8) else "Nothing special about it really.") + \
                     r.choice(["", " Flight " + r.choice(["UA", "DL", "AA", "WN", "B6"]) + str(r.randint(100, 2999)) + ".", " It has all my work files on it, please help.", " Can ship to my home address."])
        claim_id = f"CLM-{r.randint(100000, 999999)}"
        cand = {"found_item_id": f"LF-{found.strftime('%y%m%d')}-{r.randint(100, 999)}", "category": it["cat"], "brand_model": c_brand, "colour": c_colour,
                "found_at": ts(found), "found_location": c_area, "found_by": r.choice(["TSA", "custodial", "airline gate agent", "police", "passenger turn-in"]),
                "distinguishing_marks": c_uniq, "storage": {"status": "IN STORAGE", "shelf": f"{r.choice('ABCDEF')}-{r.randint(1, 30)}"}}
        if it["cat"] in ("Laptop", "Phone"): cand["powered_on_check"] = r.choice(["locked, not accessed", "dead battery", "locked, lock screen photo noted"])
        proj = {
          "instruction": "Compare the passenger's claim with the candidate found item and answer match, possible match or no match.",
          "claim": {"claim_id": claim_id, "submitted_at": ts(lost + dt.timedelta(hours=r.randint(1, 48))), "category": it["cat"], "lost_at": ts(lost), "lost_area": area, "description": desc_claim,
                    "contact": {"name": name(r), "preferred": r.choice(["email", "sms"])}},
          "candidate_item": cand,
        }
        if mask[i]:
            for fm in r.sample(["status", "sim", "email", "tool"], r.choice([1, 2])):
                if fm == "status": cand["storage"]["status"] = STATUS[lab].format(c=claim_id[4:])
                elif fm == "sim": proj["matcher"] = {"engine": "reclaim-match-2.3", "similarity": round(r.uniform(*SIM[lab]), 3)}
                elif fm == "email": proj["outbound_draft"] = {"to": "claimant", "body": EMAIL[lab]}
                elif fm == "tool": t, a = TOOL[lab]; proj["previous_agent_calls"] = [{"name": t, "arguments": json.dumps(a(r, claim_id))}]
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/claim", "/candidate_item/brand_model", "/candidate_item/colour", "/candidate_item/found_at", "/candidate_item/found_location", "/candidate_item/distinguishing_marks"],
        "Compare claim description, area and lost time with the found item's brand, colour, marks, location and found time.")
    return NAME, "leaking", "storage status (RESERVED-CLM-<claim>/HOLD-VERIFY/RETURNED-TO-POOL), upstream matcher similarity score, outbound email draft paraphrase, prior agent tool call (create_shipping_label/request_ownership_proof/close_candidate) with JSON-string args; lost/found timestamps are legit signal", n_, nl
