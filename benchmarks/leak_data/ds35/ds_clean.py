"""The 5 clean datasets of ds35."""
import json

IP_LABELS = ["private", "public", "loopback", "linklocal", "multicast"]


def rand_public(rng):
    while True:
        a = rng.choice([8, 13, 20, 23, 31, 34, 45, 52, 64, 81, 91, 104, 142, 151, 185, 203, 212])
        ip = "%d.%d.%d.%d" % (a, rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))
        return ip


def ip_for(rng, lab):
    if lab == "private":
        k = rng.randint(0, 2)
        if k == 0:
            return "10.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))
        if k == 1:
            return "172.%d.%d.%d" % (rng.randint(16, 31), rng.randint(0, 255), rng.randint(1, 254))
        return "192.168.%d.%d" % (rng.randint(0, 255), rng.randint(1, 254))
    if lab == "public":
        return rand_public(rng)
    if lab == "loopback":
        return "127.%d.%d.%d" % (rng.choice([0, 0, 0, 1]), rng.randint(0, 3), rng.randint(1, 254))
    if lab == "linklocal":
        return "169.254.%d.%d" % (rng.randint(0, 255), rng.randint(1, 254))
    return rng.choice(["224.0.0.251", "239.255.255.250", "224.0.0.22", "239.%d.%d.%d" % (
        rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)), "233.%d.%d.1" % (rng.randint(0, 255), rng.randint(0, 255))])


def ip_make(rng, i):
    lab = rng.choice(IP_LABELS)
    dst = ip_for(rng, lab)
    src = ip_for(rng, rng.choice(["private", "private", "public"]))
    port = rng.choice([53, 80, 123, 443, 445, 1900, 3389, 5353, 8080, 22, 161])
    proto = rng.choice(["TCP", "UDP"])
    traps = [("label_set_listing", "private (RFC 1918), public, loopback (127/8), linklocal (169.254/16), multicast (224/4)")]
    note = rng.choice(["", "Host owner on leave.", "Seen during patch window."])
    r = rng.random()
    if r < 0.25:
        note = rng.choice(["User was on public Wi-Fi at the airport per VPN logs.", "Browser was in private mode.",
                           "User subscribed to a multicast-free IPTV package (billing note)."])
        traps.append(("word_other_sense", note))
    elif r < 0.45:
        note = "Do not escalate to the %s-network team without a ticket." % rng.choice(["public", "private"])
        traps.append(("negation", note))
    elif r < 0.7:
        rel = [{"alert": "AL-%06d" % rng.randint(1, 999999), "dst_scope": rng.choice(IP_LABELS)} for _ in range(2)]
        traps.append(("other_record_label", json.dumps(rel[0])))
    raw = "<134>%s fw01 kernel: DROP IN=eth0 SRC=%s DST=%s PROTO=%s DPT=%d" % (
        "Mar %2d %02d:%02d:%02d" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
        src, dst, proto, port)
    proj = {
        "instruction": ("Enrich this firewall alert: classify the destination address scope. private (10/8, "
                        "172.16/12, 192.168/16), public (any other unicast), loopback (127/8), linklocal "
                        "(169.254/16), multicast (224/4). Answer with the scope word."),
        "alert": {"id": "AL-%06d" % rng.randint(1, 999999), "rule": rng.choice(["FW-DROP-IN", "FW-RATE-LIMIT", "IDS-SCAN"]),
                  "severity": rng.choice(["low", "medium", "high"]),
                  "event": {"src_ip": src, "dst_ip": dst, "dst_port": port, "proto": proto,
                            "bytes": rng.randint(40, 150000)},
                  "raw": raw, "analyst_notes": note, "dst_scope": ""},
    }
    traps.append(("empty_target_field", "\"dst_scope\": \"\""))
    if r >= 0.45 and r < 0.7:
        proj["alert"]["related_alerts"] = rel
    return proj, traps


IPV4 = dict(
    name="ipv4_scope", n=150, labels=IP_LABELS, make=ip_make, apply_leak=None,
    derive_from=["/alert/event/dst_ip", "/alert/raw"],
    note="Scope from the destination IPv4 address (also present in the raw syslog line).",
    task="SOC enrichment: destination IPv4 address scope (ordinary-word labels) from the firewall event.",
)

# ---------------------------------------------------------------- boat_length_class
BOAT_LABELS = ["Class A", "Class 1", "Class 2", "Class 3"]


def boat_make(rng, i):
    lab = rng.choice(BOAT_LABELS)
    lo, hi = {"Class A": (10.5, 15.8), "Class 1": (16.2, 25.8), "Class 2": (26.2, 39.7), "Class 3": (40.3, 64.5)}[lab]
    ft = rng.uniform(lo, hi)
    k = rng.random()
    if k < 0.4:
        s = "%.2f m" % (ft * 0.3048)
    elif k < 0.7:
        s = "%d ft %d in" % (int(ft), int((ft - int(ft)) * 12))
    else:
        s = "%d'%d\"" % (int(ft), int((ft - int(ft)) * 12))
    traps = [("label_set_listing", "Class A (<16 ft), Class 1 (16 to <26 ft), Class 2 (26 to <40 ft), Class 3 (40-65 ft)")]
    eq = "%d x Class B-I portable extinguisher" % rng.randint(1, 3)
    traps.append(("token_substring", eq))
    remarks = ""
    r = rng.random()
    if r < 0.3:
        remarks = "Trailer fitted with a Class 3 receiver hitch."; traps.append(("word_other_sense", remarks))
    elif r < 0.55:
        remarks = "Owner's previous vessel (sold 2019) was registered as %s." % rng.choice(BOAT_LABELS)
        traps.append(("historical_mention", remarks))
    elif r < 0.7:
        remarks = "Hull ID plate unreadable; not a %s commercial vessel." % rng.choice(["Class 1", "Class 2"])
        traps.append(("negation", remarks))
    proj = {
        "instruction": ("Assign the USCG length class used for the safety-equipment checklist, from the vessel's "
                        "length overall (convert metres to feet: 1 ft = 0.3048 m). Class A under 16 ft; Class 1 16 "
                        "to under 26 ft; Class 2 26 to under 40 ft; Class 3 40 to 65 ft. Answer e.g. \"Class 2\"."),
        "registration": {
            "application_no": "VR-%07d" % rng.randint(1, 9999999),
            "vessel": {"hin": "%s%05d%s%d%02d" % (rng.choice(["BUJ", "GDY", "SER", "YAM", "BAY"]), rng.randint(1, 99999),
                                                 rng.choice("ABCDEFGHIJKL"), rng.randint(0, 9), rng.randint(0, 25)),
                       "make": rng.choice(["Bayliner", "Grady-White", "Sea Ray", "Boston Whaler", "Catalina", "Beneteau", "Yamaha"]),
                       "year": rng.randint(1985, 2025), "length_overall": s,
                       "propulsion": rng.choice(["outboard", "inboard", "sail", "jet"]),
                       "hull": rng.choice(["fiberglass", "aluminum", "wood", "steel"]),
                       "length_class": None},
            "equipment_declared": [eq, "%d PFDs" % rng.randint(2, 12), rng.choice(["sound signal", "whistle", "horn"])],
            "remarks": remarks,
        },
    }
    traps.append(("empty_target_field", "\"length_class\": null"))
    return proj, traps


BOAT = dict(
    name="boat_length_class", n=140, labels=BOAT_LABELS, make=boat_make, apply_leak=None,
    derive_from=["/registration/vessel/length_overall"],
    note="USCG length class from length overall (ft/in or metres).",
    task="Boat registration: USCG vessel length class (Class A/1/2/3) from length overall.",
)

# ---------------------------------------------------------------- radio_band
RB_LABELS = ["HF", "VHF", "UHF", "SHF"]


def rb_make(rng, i):
    lab = rng.choice(RB_LABELS)
    if lab == "HF":
        f = rng.choice([3.573, 7.074, 10.136, 14.230, 18.100, 21.074, 24.915, 27.185, 5.3715, 8.291])
        s = "%d kHz" % round(f * 1000) if rng.random() < 0.5 else "%.3f MHz" % f
    elif lab == "VHF":
        f = rng.choice([50.125, 70.200, 118.300, 144.800, 145.500, 156.800, 161.975, 169.4375, 173.225, 248.0])
        s = "%.4f MHz" % f
    elif lab == "UHF":
        f = rng.choice([433.920, 446.00625, 458.5125, 869.525, 1296.2, 2400.0, 2450.0, 1575.42, 380.125, 470.0])
        s = "%.5f MHz" % f if rng.random() < 0.7 else "%.4f GHz" % (f / 1000)
        if f >= 1000 and rng.random() < 0.5:
            s = "%.3f GHz" % (f / 1000)
    else:
        f = rng.choice([5.760, 10.368, 24.048, 5.8, 7.5, 13.0, 18.0, 23.0, 3.4, 10.45])
        s = "%.3f GHz" % f if rng.random() < 0.6 else "%.1f MHz" % (f * 1000)
    traps = [("label_set_listing", "HF (3-30 MHz), VHF (30-300 MHz), UHF (300 MHz-3 GHz), SHF (3-30 GHz)")]
    equip = rng.choice(["transceiver with UHF (SO-239) antenna socket, PL-259 feeder", "transceiver, N-type connector",
                        "transceiver, BNC connector", "transverter + SMA-fed dish"])
    if "UHF" in equip:
        traps.append(("word_other_sense", equip))
    notes = ""
    r = rng.random()
    if r < 0.25:
        notes = "Applicant also holds a marine VHF handheld (ship licence %d)." % rng.randint(100000, 999999)
        traps.append(("other_record_label", notes))
    elif r < 0.45:
        notes = "Previous assignment (expired %d) was in the %s band." % (rng.randint(2012, 2022), rng.choice(RB_LABELS))
        traps.append(("historical_mention", notes))
    elif r < 0.65:
        notes = "Not for %s aeronautical use." % rng.choice(RB_LABELS)
        traps.append(("negation", notes))
    proj = {
        "instruction": ("Spectrum licensing intake: record the ITU band designation of the requested assignment. "
                        "HF 3-30 MHz, VHF 30-300 MHz, UHF 300-3000 MHz, SHF 3-30 GHz (lower edge inclusive). "
                        "Answer HF, VHF, UHF or SHF."),
        "application": {
            "ref": "SLA/%d/%05d" % (rng.randint(2023, 2025), rng.randint(1, 99999)),
            "licensee": rng.choice(["Harbour Marine Ltd", "Greenfield Farms", "City Events Security", "R. Iqbal", "Northern Rail Maintenance", "Dr K. Adeyemi"]),
            "assignment": {"frequency": s, "emission": rng.choice(["16K0F3E", "2K70J3E", "12K5F3E", "100HA1A", "10M0G7W"]),
                           "erp_w": rng.choice([0.5, 5, 10, 25, 50, 100]), "site_ngr": "S%s %05d %05d" % (rng.choice("JKOPTU"), rng.randint(0, 99999), rng.randint(0, 99999))},
            "equipment": equip,
            "notes": notes,
        },
    }
    return proj, traps


RADIO = dict(
    name="radio_band", n=140, labels=RB_LABELS, make=rb_make, apply_leak=None,
    derive_from=["/application/assignment/frequency"],
    note="ITU band from the assignment frequency in kHz/MHz/GHz.",
    task="Spectrum licence intake: ITU band designation (HF/VHF/UHF/SHF) from the requested frequency.",
)

# ---------------------------------------------------------------- asset_capex
CX_LABELS = ["capitalize", "expense"]
ITEMS = [("Dell Latitude 7450 laptop", 4), ("Forklift, electric 2.5t", 10), ("Server rack + PDU", 7),
         ("Office chairs", 7), ("Annual SaaS licence (Salesforce)", 1), ("Roof membrane replacement", 20),
         ("HVAC condenser unit", 15), ("Printer toner cartridges", 0.5), ("CNC spindle rebuild", 5),
         ("Trade show booth rental", 0.1), ("Delivery van (Ford Transit)", 6), ("Conference room display 86in", 5),
         ("Safety boots", 1), ("Microscope, inverted", 10), ("Cloud reserved instances 12-month", 1)]


def cx_make(rng, i):
    item, life = rng.choice(ITEMS)
    if rng.random() < 0.5:
        unit = rng.uniform(5050, 60000)
    else:
        unit = rng.uniform(40, 4900)
    qty = rng.choice([1, 1, 1, 2, 3, 4, 5, 10, 12, 20])
    total = round(unit * qty, 2)
    life_v = life if rng.random() < 0.8 else rng.choice([1, 3, 5, 7])
    traps = [("label_set_listing", "capitalize (unit cost >= $5,000 and useful life > 1 year), otherwise expense")]
    card = rng.choice(["Capital One Spark Business", "Amex Corporate", "Chase Ink", "ACH"])
    if card.startswith("Capital"):
        traps.append(("proper_name", card))
    memo = rng.choice(["", "Q3 budget line.", "Split across two POs."])
    r = rng.random()
    if r < 0.3:
        memo = "Please capitalize vendor names in the AP system (style guide)."; traps.append(("word_other_sense", memo))
    elif r < 0.5:
        memo = "Linked to expense report ER-%05d for travel reimbursement." % rng.randint(1, 99999)
        traps.append(("word_other_sense", memo))
    elif r < 0.65:
        memo = "Similar purchase in FY%d was treated as %s (different policy year)." % (rng.randint(2018, 2023), rng.choice(CX_LABELS))
        traps.append(("historical_mention", memo))
    proj = {
        "instruction": ("Fixed-asset review for AP: decide whether this invoice line is capitalized or expensed. "
                        "Policy: capitalize when the per-unit cost (line total / quantity) is at least $5,000 and the "
                        "useful life is more than 1 year; otherwise expense. Answer capitalize or expense."),
        "invoice": {"number": "INV-%06d" % rng.randint(1, 999999), "vendor": rng.choice(
            ["CDW", "Grainger", "Toyota Material Handling", "Staples", "Trane", "Dell", "Thermo Fisher"]),
            "payment_method": card, "memo": memo},
        "invoice_line": {"description": item, "quantity": qty, "line_total": "${:,.2f}".format(total),
                         "useful_life_years": life_v, "department": rng.choice(["Ops", "IT", "Lab", "Facilities", "Sales"])},
    }
    return proj, traps


CAPEX = dict(
    name="asset_capex", n=140, labels=CX_LABELS, make=cx_make, apply_leak=None,
    derive_from=["/invoice_line/line_total", "/invoice_line/quantity", "/invoice_line/useful_life_years",
                 "/invoice_line/description"],
    note="Capitalize iff line_total/quantity >= 5000 USD and useful life > 1 year.",
    task="Accounts payable fixed-asset review: capitalize vs expense (ordinary-word labels) from line total, quantity and useful life.",
)

# ---------------------------------------------------------------- stair_geometry
ST_LABELS = ["compliant", "riser too high", "tread too shallow", "riser and tread fail"]


def st_make(rng, i):
    lab = rng.choice(ST_LABELS)
    n = rng.randint(3, 14)
    rf = lab in ("riser too high", "riser and tread fail")
    tf = lab in ("tread too shallow", "riser and tread fail")
    risers = [round(rng.uniform(6.6, 7.6), 2) for _ in range(n)]
    treads = [round(rng.uniform(10.2, 11.5), 2) for _ in range(n - 1)]
    if rf:
        risers[rng.randrange(n)] = round(rng.uniform(7.9, 8.6), 2)
    if tf:
        treads[rng.randrange(n - 1)] = round(rng.uniform(8.8, 9.85), 2)
    unit = "in"
    if rng.random() < 0.4:
        unit = "mm"; risers = [round(x * 25.4) for x in risers]; treads = [round(x * 25.4) for x in treads]
    traps = [("label_set_listing", "compliant / riser too high / tread too shallow / riser and tread fail")]
    notes = "Measured with digital level at nosing. %d risers, %d treads." % (n, n - 1)
    r = rng.random()
    if r < 0.3:
        notes += " Handrail height compliant (34-38 in)."; traps.append(("word_other_sense", "Handrail height compliant (34-38 in)."))
    elif r < 0.55:
        h = " %d report: %s (stair since rebuilt)." % (rng.randint(2008, 2020), rng.choice(ST_LABELS))
        notes += h; traps.append(("historical_mention", h.strip()))
    elif r < 0.7:
        notes += " No trip hazards, nosing not too shallow to grip."; traps.append(("negation", "nosing not too shallow to grip"))
    proj = {
        "instruction": ("Home inspection: check the interior stair against IRC R311.7.5. The maximum riser height "
                        "is 7.75 in and the minimum tread depth is 10 in (25.4 mm = 1 in); judge by the worst "
                        "measured riser and tread. Answer: compliant, riser too high, tread too shallow, or riser "
                        "and tread fail."),
        "inspection": {"job": "HI-%05d" % rng.randint(1, 99999),
                       "location": rng.choice(["basement stair", "main stair", "attic stair", "deck stair"]),
                       "measurements": {"unit": unit, "risers": risers, "treads": treads},
                       "inspector_notes": notes,
                       "finding": None},
    }
    traps.append(("empty_target_field", "\"finding\": null"))
    return proj, traps


STAIR = dict(
    name="stair_geometry", n=130, labels=ST_LABELS, make=st_make, apply_leak=None,
    derive_from=["/inspection/measurements/unit", "/inspection/measurements/risers", "/inspection/measurements/treads"],
    note="Worst riser vs 7.75 in and worst tread vs 10 in, after unit conversion.",
    task="Home inspection: interior stair riser/tread compliance (multi-word labels) from measured risers and treads.",
)

CLEAN = [IPV4, BOAT, RADIO, CAPEX, STAIR]
