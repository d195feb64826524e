"""Clean datasets: hardiness zone, UK company size, pregnancy trimester, DEA schedule, Lung-RADS."""
import datetime
from common import DS, hexid

# ---------------------------------------------------------------- USDA hardiness zone
ZONES = [("5a", -20, -15), ("5b", -15, -10), ("6a", -10, -5), ("6b", -5, 0), ("7a", 0, 5), ("7b", 5, 10)]
PLANTS = [("Hydrangea paniculata 'Limelight'", "3-8"), ("Acer palmatum 'Bloodgood'", "5-8"),
          ("Lavandula x intermedia 'Grosso'", "5-9"), ("Camellia japonica 'Kramer's Supreme'", "7-9"),
          ("Magnolia stellata", "4-8"), ("Rosmarinus officinalis 'Arp'", "6-10"), ("Buxus 'Green Velvet'", "4-8"),
          ("Hibiscus syriacus 'Blue Chiffon'", "5-9")]
TOWNS = ["Madison", "Fairview", "Georgetown", "Springfield", "Clinton", "Salem", "Franklin", "Greenville"]


def hardiness(n=150):
    labels = [z[0] for z in ZONES]
    ds = DS("nursery_hardiness_zone", labels, False,
            ["/climate_lookup/avg_annual_extreme_min_f", "/order/ship_to"],
            "Zone from the 1991-2020 average annual extreme minimum temperature; ship_to is legitimate input.", 3710)
    ds.task = "Mail-order plant nursery: assign the USDA hardiness zone of the delivery site from its climate lookup."
    rng = ds.rng
    instr = ("Before shipping, assign the customer's USDA plant hardiness zone from climate_lookup.avg_annual_extreme_min_f "
             "(deg F): 5a [-20,-15), 5b [-15,-10), 6a [-10,-5), 6b [-5,0), 7a [0,5), 7b [5,10). Answer with the zone code.")
    for lab in ds.label_cycle(n):
        lo, hi = [(a, b) for z, a, b in ZONES if z == lab][0]
        t = round(rng.uniform(lo, hi - 0.1), 1) if rng.random() > 0.08 else float(lo)
        traps = [("full label set defined in instruction", "5a [-20,-15), 5b [-15,-10), 6a ...")]
        addr2 = ""
        if rng.random() < 0.25:
            addr2 = "Suite %s" % rng.choice(labels).upper()
            traps.append(("label-like token inside the legitimate input", addr2))
        items = []
        for _ in range(rng.randrange(1, 4)):
            nm, hz = rng.choice(PLANTS)
            it = {"sku": "NP-%05d" % rng.randrange(10 ** 5), "name": nm, "qty": rng.randrange(1, 6),
                  "hardiness": "USDA zones %s" % hz}
            if rng.random() < 0.3:
                it["badge"] = rng.choice(["❄️ frost-tender in pots", "☀️ full sun", "🐝 pollinator friendly"])
                traps.append(("unrelated glyphs", it["badge"]))
            items.append(it)
        traps.append(("label of another entity (plant ratings)", "USDA zones " + items[0]["hardiness"].split()[-1]))
        proj = {"instruction": instr,
                "order": {"order_no": "W%07d" % rng.randrange(10 ** 7),
                          "ship_to": {"line1": "%d %s Rd" % (rng.randrange(1, 999), rng.choice(["Oak", "Mill", "Church", "Lake"])),
                                      "line2": addr2, "town": rng.choice(TOWNS), "country": "US"},
                          "items": items},
                "climate_lookup": {"source": "PRISM 1991-2020 grid", "grid_cell": "%s" % hexid(rng, 8),
                                   "avg_annual_extreme_min_f": t}}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- UK company size
TH = [("micro", 1_000_000, 500_000, 10), ("small", 15_000_000, 7_500_000, 50), ("medium", 54_000_000, 27_000_000, 250)]
NAMES = ["Thornbury Joinery Ltd", "Pennine Freight Ltd", "Brightwater Analytics Ltd", "Oakridge Dental Care Ltd",
         "Calder Valley Foods Ltd", "Solent Marine Services Ltd", "Northlight Software Ltd", "Redbrick Lettings Ltd"]
TRAP_NAMES = ["Small World Travel Ltd", "Medium Rare Kitchens Ltd", "Large Print Books Ltd", "Micro Brewing Co Ltd"]


def size_rule(t, b, e):
    for lab, tt, bb, ee in TH:
        if (t <= tt) + (b <= bb) + (e <= ee) >= 2:
            return lab
    return "large"


def company(n=150):
    labels = ["micro", "small", "medium", "large"]
    ds = DS("uk_company_size_class", labels, False,
            ["/accounts_extract/turnover_gbp", "/accounts_extract/balance_sheet_total_gbp", "/accounts_extract/average_employees"],
            "Companies Act size thresholds (from 6 April 2025), two-of-three test, single year.", 3711)
    ds.task = "Accounts preparation: classify a UK company's size regime from turnover, balance sheet total and headcount."
    rng = ds.rng
    instr = ("Classify the company for the accounts regime using the thresholds (met if at least two of three are not "
             "exceeded): micro - turnover <= GBP 1m, balance sheet total <= GBP 500k, average employees <= 10; small - "
             "<= GBP 15m, <= GBP 7.5m, <= 50; medium - <= GBP 54m, <= GBP 27m, <= 250; otherwise large. Apply the first "
             "category that is met. Reply micro, small, medium or large.")
    rng_scale = {"micro": (4.5, 6.4), "small": (5.8, 7.3), "medium": (6.9, 7.9), "large": (7.6, 8.8)}
    for lab in ds.label_cycle(n):
        while True:
            lo, hi = rng_scale[lab]
            t = int(10 ** rng.uniform(lo, hi)) // 1000 * 1000
            b = int(10 ** rng.uniform(lo - 0.3, hi - 0.3)) // 1000 * 1000
            e = max(1, int(10 ** rng.uniform(lo - 5.2, hi - 5.0)))
            if size_rule(t, b, e) == lab:
                break
        traps = [("full label set defined in instruction", "micro - turnover <= GBP 1m ... otherwise large")]
        if rng.random() < 0.3:
            name = rng.choice(TRAP_NAMES)
            traps.append(("label word in another sense", name))
        else:
            name = rng.choice(NAMES)
        hist = [{"date": "2024-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29)), "type": "CS01",
                 "description": "Confirmation statement made with no updates"}]
        if rng.random() < 0.4:
            hist.append({"date": "2023-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29)), "type": "AD01",
                         "description": "Registered office address changed"})
        if rng.random() < 0.3:
            hist.append({"date": "2022-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29)), "type": "RESOLUTIONS",
                         "description": "Resolution: company is not a dormant company; director authorised to allot shares"})
            traps.append(("negated mention of another status", "company is not a dormant company"))
        proj = {"instruction": instr,
                "company": {"name": name, "number": "%08d" % rng.randrange(10 ** 6, 10 ** 8),
                            "sic_codes": [rng.choice(["62012", "49410", "56101", "86230", "68209", "43320"])],
                            "registered_office_town": rng.choice(["Leeds", "Bristol", "Norwich", "Preston", "Exeter"])},
                "accounts_extract": {"period_end": "2025-%02d-%02d" % (rng.randrange(4, 13), rng.choice([28, 30])),
                                     "turnover_gbp": t, "balance_sheet_total_gbp": b, "average_employees": e},
                "filing_history": hist}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- pregnancy trimester
def trimester(n=150):
    labels = ["first trimester", "second trimester", "third trimester"]
    ds = DS("antenatal_trimester", labels, False, ["/dating/lmp", "/visit/date"],
            "Gestational age = visit date - LMP (days); <98 d first, 98-195 d second, >=196 d third.", 3712)
    ds.task = "Antenatal clinic: derive the trimester at the visit from LMP-based dating."
    rng = ds.rng
    instr = ("Compute gestational age at the visit as visit.date minus dating.lmp. Up to 13 weeks 6 days -> 'first "
             "trimester'; 14w0d to 27w6d -> 'second trimester'; 28w0d or more -> 'third trimester'. Reply with the label.")
    rngs = {"first trimester": (35, 97), "second trimester": (98, 195), "third trimester": (196, 290)}
    for lab in ds.label_cycle(n):
        lo, hi = rngs[lab]
        ga = rng.choice([lo, hi]) if rng.random() < 0.1 else rng.randrange(lo, hi + 1)
        visit = datetime.date(2024, 1, 1) + datetime.timedelta(days=rng.randrange(0, 600))
        lmp = visit - datetime.timedelta(days=ga)
        traps = [("full label set defined in instruction", "'first trimester' ... 'third trimester'")]
        g = rng.randrange(1, 5)
        prev = []
        for k in range(g - 1):
            yr = 2014 + rng.randrange(0, 9)
            ev = rng.choice(["miscarriage in the first trimester", "SVD at 39+2 after an uncomplicated third trimester",
                             "elective caesarean at 39+0", "SVD at 40+5"])
            prev.append({"year": yr, "outcome": ev})
            if "trimester" in ev:
                traps.append(("historical mention of an earlier event", ev))
        note = rng.choice(["Feels well. BP normal. Urine NAD.", "Routine review; no concerns raised.",
                           "Discussed diet and vitamin D."])
        if rng.random() < 0.3:
            note += " First contact with the new community midwifery team."
            traps.append(("label word in another sense", "First contact with the new community midwifery team"))
        if rng.random() < 0.25:
            note += " Leaflet given covering the first trimester, second trimester and third trimester."
            traps.append(("full label set listed in free text", "Leaflet ... first trimester, second trimester and third trimester"))
        proj = {"instruction": instr,
                "visit": {"date": visit.isoformat(), "type": rng.choice(["routine antenatal", "midwife telephone review", "community home visit"])},
                "dating": {"lmp": lmp.isoformat(), "lmp_certain": True, "cycle_length_days": 28},
                "obstetric_history": {"gravida": g, "para": len([p for p in prev if "miscarriage" not in p["outcome"]]),
                                      "previous": prev},
                "note": note}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- DEA schedule
DRUGS = {
    "CII": ["oxycodone HCl 5 mg tablet", "hydrocodone bitartrate/acetaminophen 5 mg/325 mg tablet",
            "methylphenidate ER 36 mg tablet", "dextroamphetamine-amphetamine 20 mg tablet",
            "morphine sulfate ER 15 mg tablet", "fentanyl 25 mcg/hr transdermal patch", "hydromorphone 2 mg tablet",
            "methadone 10 mg tablet"],
    "CIII": ["buprenorphine/naloxone 8 mg/2 mg sublingual film", "testosterone cypionate 200 mg/mL injection",
             "acetaminophen/codeine 300 mg/30 mg tablet", "ketamine 50 mg/mL injection", "dronabinol 2.5 mg capsule"],
    "CIV": ["alprazolam 0.5 mg tablet", "lorazepam 1 mg tablet", "zolpidem 10 mg tablet", "tramadol 50 mg tablet",
            "diazepam 5 mg tablet", "clonazepam 0.5 mg tablet", "carisoprodol 350 mg tablet", "modafinil 200 mg tablet"],
    "CV": ["pregabalin 75 mg capsule", "lacosamide 100 mg tablet", "promethazine/codeine 6.25 mg-10 mg/5 mL oral solution",
           "diphenoxylate/atropine 2.5 mg/0.025 mg tablet", "brivaracetam 50 mg tablet"],
}
PHARM = [("CVS/pharmacy #04512", "1200 CIVIC CENTER DR"), ("Walgreens #7781", "88 MAIN ST"),
         ("Civitas Community Pharmacy", "14 ELM AVE"), ("Kroger Pharmacy 620", "3400 N BROADWAY")]


def dea(n=150):
    labels = ["CII", "CIII", "CIV", "CV"]
    ds = DS("erx_dea_schedule", labels, False,
            ["/NewRx/MedicationPrescribed/DrugDescription", "/NewRx/MedicationPrescribed/DrugCoded"],
            "Schedule from the prescribed product via the substance table in the instruction.", 3713)
    ds.task = "Pharmacy intake: determine the federal controlled-substance schedule of an incoming e-prescription."
    rng = ds.rng
    table = "; ".join("%s: %s" % (k, ", ".join(sorted({d.split(" ")[0] for d in v}))) for k, v in DRUGS.items())
    instr = ("Determine the DEA schedule of the prescribed product from its drug description, using this table "
             "(substance/product -> schedule): " + table + ". Reply CII, CIII, CIV or CV.")
    for lab in ds.label_cycle(n):
        drug = rng.choice(DRUGS[lab])
        ph, addr = rng.choice(PHARM)
        traps = [("full label set defined in instruction", table[:60] + "...")]
        if ph.startswith(("CVS", "Civitas")) or "CIVIC" in addr:
            traps.append(("substring inside a longer token", ph + ", " + addr))
        foot = "Reminder: CII prescriptions cannot be refilled; CIII-CV may be refilled up to 5 times in 6 months."
        traps.append(("full label set listed in UI text", foot))
        other = None
        if rng.random() < 0.3:
            olab = rng.choice(labels)
            od = rng.choice(DRUGS[olab])
            other = {"drug": od, "schedule": olab, "fill_date": "2025-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29))}
            traps.append(("label of another record/entity", "active Rx %s (%s)" % (od, olab)))
        rx = {"MessageHeader": {"MessageID": hexid(rng, 24), "SentTime": "2025-%02d-%02dT%02d:%02d:00Z" % (
                  rng.randrange(1, 13), rng.randrange(1, 29), rng.randrange(24), rng.randrange(60))},
              "Pharmacy": {"StoreName": ph, "Address": addr},
              "Prescriber": {"DEANumber": "%s%s%07d" % (rng.choice("ABFM"), rng.choice("KLMRST"), rng.randrange(10 ** 7)),
                             "Specialty": rng.choice(["Family Medicine", "Internal Medicine", "Psychiatry", "Neurology"])},
              "MedicationPrescribed": {"DrugDescription": drug,
                                       "DrugCoded": {"ProductCode": {"Code": "%05d-%04d-%02d" % (
                                           rng.randrange(10 ** 5), rng.randrange(10 ** 4), rng.randrange(100)),
                                           "Qualifier": "ND"}},
                                       "Quantity": {"Value": rng.choice([14, 28, 30, 60, 90]), "CodeListQualifier": "38"},
                                       "DaysSupply": rng.choice([7, 14, 30]), "NumberOfRefills": 0,
                                       "Sig": {"SigText": rng.choice(["Take 1 by mouth daily as directed", "Use as directed",
                                                                      "Take 1 at bedtime if needed"])}}}
        proj = {"instruction": instr, "NewRx": rx, "pharmacy_footer": foot}
        if other:
            proj["patient_profile"] = {"active_controlled_rx": [other]}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- Lung-RADS
def lungrads(n=150):
    labels = ["1", "2", "3", "4A", "4B"]
    ds = DS("ldct_lung_rads", labels, False, ["/nodules"],
            "Baseline screen, solid nodules only; category from the largest non-calcified solid nodule's mean diameter.", 3714)
    ds.task = "Lung cancer screening CT: assign the baseline Lung-RADS category from the nodule table."
    rng = ds.rng
    instr = ("Baseline low-dose CT. Using only non-calcified solid nodules, mean diameter = (long + short axis)/2, "
             "rounded to 0.1 mm. Largest mean diameter: none -> 1; < 6 mm -> 2; 6 to < 8 mm -> 3; 8 to < 15 mm -> 4A; "
             ">= 15 mm -> 4B. Reply with the category only (1, 2, 3, 4A, 4B).")
    band = {"2": (2.0, 5.9), "3": (6.0, 7.9), "4A": (8.0, 14.9), "4B": (15.0, 28.0)}
    for lab in ds.label_cycle(n):
        nods = []
        lobes = ["RUL", "RML", "RLL", "LUL", "Lingula", "LLL"]
        if rng.random() < 0.5:
            d = round(rng.uniform(3, 9), 1)
            nods.append({"lobe": rng.choice(lobes), "type": "calcified", "long_axis_mm": d, "short_axis_mm": d})
        if lab != "1":
            lo, hi = band[lab]
            m = round(rng.uniform(lo, hi), 1)
            short = round(max(1.0, m - rng.uniform(0, 1.5)), 1)
            long_ = round(2 * m - short, 1)
            nods.append({"lobe": rng.choice(lobes), "type": "solid", "long_axis_mm": long_, "short_axis_mm": short})
            for _ in range(rng.randrange(0, 3)):
                mm = round(rng.uniform(1.5, lo if lo > 2 else 2.0) - 0.2, 1)
                nods.append({"lobe": rng.choice(lobes), "type": "solid", "long_axis_mm": mm, "short_axis_mm": mm})
        rng.shuffle(nods)
        for k, nd in enumerate(nods):
            nd["id"] = k + 1
            nd["image"] = "%d/%d" % (rng.choice([3, 4, 5]), rng.randrange(20, 300))
        traps = [("full label set defined in instruction", "none -> 1; < 6 mm -> 2; ... >= 15 mm -> 4B")]
        room = rng.choice(["CT Room 4A", "CT Room 4B", "CT 2", "Mobile CT 1"])
        if room[-2:] in ("4A", "4B"):
            traps.append(("label-like token in an unrelated field", room))
        series = "Series %d, %d images, 1.0 mm" % (rng.choice([3, 4, 5]), rng.randrange(200, 400))
        traps.append(("numeric look-alikes (series/image numbers)", series))
        proj = {"instruction": instr,
                "study": {"accession": "CT%08d" % rng.randrange(10 ** 8), "protocol": "LDCT lung screening",
                          "baseline": True, "scanner": room, "reconstruction": series,
                          "smoking_history": "%d pack-years, %s" % (rng.randrange(20, 60), rng.choice(["current smoker", "quit 2019", "quit 2022"]))},
                "nodules": nods,
                "other_findings": rng.choice(["Mild centrilobular emphysema.", "No pleural effusion.",
                                              "Coronary artery calcification, mild.", "None."])}
        ds.add(lab, proj, [], traps)
    return ds
