from common import *
NAME = "pawnshop_intake_holds"
LABELS = ["standard hold", "extended hold", "police hold", "refuse item"]
ELEC = [("DeWalt DCD791 20V drill kit", "tools"), ("Apple MacBook Air M2 13in", "electronics"), ("Sony PlayStation 5 disc edition", "electronics"),
        ("Milwaukee M18 impact driver", "tools"), ("Samsung Galaxy S23 128GB", "electronics"), ("Fender Player Stratocaster", "musical"),
        ("Canon EOS R6 body", "electronics"), ("Stihl MS 250 chainsaw", "tools"), ("Yamaha P-125 digital piano", "musical")]
JEWEL = [("14k yellow gold rope chain 20in", "14k"), ("10k white gold ring w/ small diamond", "10k"), ("Sterling silver cuff bracelet", ".925"),
         ("18k gold wedding band, engraved 'R & L 2009'", "18k"), ("Gold-tone bangle, tested 14k", "14k")]
GUNS = [("Ruger 10/22 .22 LR rifle", "firearm"), ("Mossberg 500 12ga shotgun", "firearm"), ("Glock 19 Gen5 9mm", "firearm")]
OTHER = [("Louis Vuitton Neverfull MM (authenticated)", "handbag"), ("Trek Marlin 7 mountain bike", "bicycle"), ("Garmin Fenix 7 GPS watch", "watch"),
         ("Set of 4 Michelin tyres 225/45R17", "auto")]
NEUTRAL_CLERK = ["Customer regular, pawned a TV last spring.", "Item cleaned and tested, powers on.", "Minor scratches on casing.",
  "Customer asked about buy-back price.", "Came in with a friend, paid cash for previous loan.", "Charger included.", "Original box, no receipt."]
BIN = {"standard hold": "GEN-{n:02d}", "extended hold": "VAULT-HOLD-{n}", "police hold": "LE-CAGE-{n}", "refuse item": None}
TAG = {"standard hold": "white", "extended hold": "yellow", "police hold": "red", "refuse item": None}
SLACK = {"standard hold": "tagged and shelved, usual wait then it can go out front",
  "extended hold": "this one goes in the vault for the long hold per city ord, don't melt or sell",
  "police hold": "bagging this for Det. Ruiz - DO NOT put out, he's coming Thursday with the paperwork",
  "refuse item": "sent him away, couldn't take it"}
DAYS = {"standard hold": 10, "extended hold": 30}

def build():
    r = random.Random(1306)
    n = 184
    labels = balanced_labels(r, LABELS, n, [2, 1.5, 1, 1])
    mask = leak_mask(r, n, 0.52)
    recs = []
    for i, lab in enumerate(labels):
        d = rand_date(r, dt.datetime(2024, 3, 1), 240)
        age = r.randint(21, 77)
        id_status = "valid"; id_exp = d + dt.timedelta(days=r.randint(60, 1800))
        hot = {"system": "LeadsOnline", "queried_at": ts(d + dt.timedelta(minutes=3)), "result": "no match"}
        prohibited = False; serial_state = "legible"
        kind = r.random()
        if lab == "extended hold":
            item, sub = r.choice(JEWEL + GUNS); cat = "firearm" if sub == "firearm" else "jewelry"
        elif lab == "standard hold":
            item, cat = r.choice(ELEC + OTHER); sub = None
        elif lab == "police hold":
            item, cat = r.choice(ELEC + GUNS[:1]); sub = None
            if cat == "firearm" or item.startswith("Ruger"): cat = "firearm"
            hot["result"] = "MATCH"
            hot["match"] = {"agency": r.choice(["Mesa PD", "Maricopa Co. SO", "Tempe PD", "Chandler PD"]), "report_no": f"{r.randint(2024000000, 2024999999)}", "type": "stolen property", "serial_match": True}
        else:
            item, cat = r.choice(ELEC + JEWEL + OTHER); sub = None
            why = r.choice(["expired", "minor", "defaced", "noid"])
            if why == "expired": id_exp = d - dt.timedelta(days=r.randint(30, 900)); id_status = "expired"
            elif why == "minor": age = r.randint(16, 17)
            elif why == "defaced": serial_state = "ground off / unreadable"; cat = r.choice(["electronics", "tools"]); item = r.choice([x for x, c in ELEC if c in ("electronics", "tools")])
            elif why == "noid": id_status = "none presented"
        if cat in ("jewelry",):
            pass
        seller = {"name": name(r), "age": age, "id_type": r.choice(["AZ driver licence", "AZ ID card", "US passport"]) if id_status != "none presented" else None,
                  "id_status": id_status, "id_expires": id_exp.strftime("%Y-%m-%d") if id_status != "none presented" else None}
        item_rec = {"description": item, "category": cat if cat in ("firearm", "jewelry") else {"tools": "tools", "electronics": "electronics", "musical": "musical instrument"}.get(cat, cat),
                    "condition": r.choice(["good", "fair", "like new", "used - works"]), "offered_usd": r.choice([40, 60, 85, 120, 150, 200, 260, 340, 480, 900])}
        if cat in ("electronics", "tools", "musical", "firearm", "watch", "bicycle"):
            item_rec["serial_number"] = (f"{r.choice(['C02','SN','FD','MX','DW'])}{r.randint(100000,9999999)}" if serial_state == "legible" else None)
            item_rec["serial_state"] = serial_state
        if cat == "jewelry":
            item_rec["metal_test"] = {"method": r.choice(["acid", "XRF"]), "result": sub, "weight_g": round(r.uniform(2.1, 38.5), 1)}
        if cat == "firearm":
            item_rec["nics_required_on_redemption"] = True
        proj = {
          "instruction": "Assign the intake disposition for this item under store policy and city ordinance: standard hold (10 days), extended hold (30 days: precious metals/jewelry and firearms), police hold (database hit), or refuse item (ID invalid/absent, seller under 18, serial defaced). Refusal and police hold take precedence over the other two.",
          "ticket": {"ticket_no": f"P{r.randint(200000, 299999)}", "store": r.choice(["#3 Mesa - Main St", "#7 Tempe - Apache Blvd", "#11 Chandler"]), "type": r.choice(["pawn", "pawn", "buy"]),
                     "intake_at": ts(d), "clerk": r.choice(["JM", "TR", "AK", "LP", "DS"])},
          "seller": seller, "item": item_rec, "hot_sheet_check": hot,
          "clerk_notes": " ".join(sents(r, NEUTRAL_CLERK, r.randint(1, 2))),
          "pos": {"storage_bin": "INTAKE", "tag_color": None},
        }
        if mask[i]:
            for fm in r.sample(["bin", "tag", "tool", "slack", "until"], r.choice([1, 2])):
                if fm == "bin": proj["pos"]["storage_bin"] = BIN[lab].format(n=r.randint(1, 12)) if BIN[lab] else "RETURNED-TO-CUSTOMER"
                elif fm == "tag": proj["pos"]["tag_color"] = TAG[lab] or "none - not accepted"
                elif fm == "tool":
                    if lab == "refuse item": proj["agent_trace"] = [{"tool": "void_ticket", "arguments": {"ticket_no": proj["ticket"]["ticket_no"], "reason_code": r.choice(["ID", "AGE", "SER"])}}]
                    else: proj["agent_trace"] = [{"tool": "print_hold_label", "arguments": {"ticket_no": proj["ticket"]["ticket_no"], "days": DAYS.get(lab, 0), "reason": "LE" if lab == "police hold" else "ORD"}}]
                elif fm == "slack": proj["slack_thread"] = [{"user": "store-mgr", "text": SLACK[lab]}]
                elif fm == "until":
                    proj["ticket"]["hold_until"] = (d + dt.timedelta(days=DAYS[lab])).strftime("%Y-%m-%d") if lab in DAYS else ("until released by agency" if lab == "police hold" else "n/a - ticket voided")
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/seller", "/item", "/hot_sheet_check", "/ticket/intake_at"],
        "Disposition follows from the seller's ID/age, the item category (jewelry/firearm), serial state and the LeadsOnline check.")
    return NAME, "leaking", "POS storage bin naming (GEN/VAULT-HOLD/LE-CAGE/RETURNED), tag colour, agent tool-call args (print_hold_label days/reason, void_ticket), manager Slack paraphrase, hold_until date = intake + 10/30 days; serial_number/metal_test present only for relevant categories (legit)", n_, nl
