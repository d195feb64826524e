"""Clean (trap) datasets: avalanche bulletins, records retention, interlibrary loan, brewery batch QC, orchestra auditions."""
import datetime as dt
from common import *

# ---------------------------------------------------------------------------
# C1. Ski-resort avalanche bulletin danger level (1-5)
# ---------------------------------------------------------------------------
ZONES = ["Verbier - Mont Fort sector", "Val d'Isère - Solaise", "St. Anton - Arlberg West", "Chamonix - Grands Montets", "Zermatt - Stockhorn",
         "Revelstoke - Mackenzie Outback", "Niseko - Annupuri backside", "Big Sky - Lone Peak", "Livigno - Carosello", "Sölden - Rettenbach"]
LEGEND = "European avalanche danger scale: 1 Low, 2 Moderate, 3 Considerable, 4 High, 5 Very High. Levels refer to the most critical aspect/elevation in the zone."
REMARKS = ["High cloud arriving from the west by Thursday afternoon.", "Low visibility expected on the glacier in the morning.",
           "Patrol reports good grooming on the main pistes.", "Freezing level around {fl} m.", "Chairlift 4 under maintenance - unrelated to conditions.",
           "Forecaster on duty changed at 07:00.", "Snow farming at the base area continues.", "Temperature inversion in the valley overnight.",
           "Moderate traffic on the ski-touring routes over the weekend.", "Considerable queues reported at the gondola after 10:00.",
           "No data from station WFJ2 between 02:00 and 04:10 (logger reboot).", ""]


def avalanche_bulletin():
    name = "avalanche_bulletin"
    labels = ["1", "2", "3", "4", "5"]
    r = rng(1210)
    n = 150
    labs = balanced_labels(r, labels, n, [2, 3, 3, 2, 1])
    recs = []
    for i, lab in enumerate(labs, 1):
        L = int(lab)
        new = {1: (0, 4), 2: (0, 15), 3: (12, 35), 4: (30, 65), 5: (55, 120)}[L]
        wind = {1: (0, 20), 2: (10, 40), 3: (25, 60), 4: (45, 85), 5: (60, 110)}[L]
        issue = rand_dt(r, dt.datetime(2023, 12, 1), 130).replace(hour=r.choice([7, 17]), minute=r.choice([0, 30]), second=0)
        obs_av = []
        k = {1: 0, 2: r.randint(0, 2), 3: r.randint(1, 4), 4: r.randint(3, 8), 5: r.randint(6, 14)}[L]
        for _ in range(k):
            size = {2: r.choice([1, 1, 2]), 3: r.choice([1, 2, 2]), 4: r.choice([2, 2, 3]), 5: r.choice([3, 3, 4, 4])}[L]
            obs_av.append({"size": size, "trigger": r.choice(["natural", "natural", "skier", "remote (from 20 m)", "explosive"]) if L >= 3 else r.choice(["skier", "explosive", "natural"]),
                           "aspect": r.choice(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]), "elevation_m": r.randint(1800, 3200),
                           "type": r.choice(["slab", "slab", "loose wet", "loose dry"])})
        tests = None
        if r.random() > 0.12:
            tests = []
            for _ in range(r.randint(1, 3)):
                if L == 1:
                    t = r.choice(["ECTX", "ECTN 27", "CT 28 RP", "ECTN 30"])
                elif L == 2:
                    t = r.choice(["ECTN 18", "ECTN 24", "CT 21 RP", "ECTP 26"])
                elif L == 3:
                    t = r.choice(["ECTP 18", "ECTP 21", "CT 14 SC", "ECTN 12"])
                elif L == 4:
                    t = r.choice(["ECTP 6", "ECTP 11", "CT 3 SP", "ECTPV"])
                else:
                    t = r.choice(["ECTPV", "ECTP 2", "CT 1 SP", "ECTP 4"])
                tests.append({"test": t, "depth_cm": r.randint(30, 110), "layer": r.choice(["buried surface hoar 12 Jan", "facets above crust", "storm snow interface", "depth hoar at base"])})
        sig = {"whumpfs": {1: 0, 2: r.randint(0, 1), 3: r.randint(0, 4), 4: r.randint(2, 10), 5: r.randint(0, 5)}[L],
               "shooting_cracks": {1: False, 2: r.random() < 0.1, 3: r.random() < 0.5, 4: r.random() < 0.85, 5: True}[L]}
        proj = {
            "instruction": "Using the weather, snowpack and observation data, set today's avalanche danger level for the zone (1-5).",
            "bulletin": {"zone": r.choice(ZONES), "issued": iso(issue), "valid_until": iso(issue + dt.timedelta(hours=24 if issue.hour == 17 else 10)),
                         "forecaster": person(r), "template": "EAWS-bulletin-v6", "legend": LEGEND,
                         "languages_done": r.sample(["de", "fr", "it", "en"], r.randint(1, 4))},
            "weather_24h": {"station": r.choice(["WFJ2", "ARO3", "SLF-VER2", "MET-4411"]), "new_snow_cm": r.randint(*new),
                            "wind_mean_kmh": r.randint(*wind), "wind_dir": r.choice(["N", "NW", "W", "SW", "S", "SE"]),
                            "air_temp_max_c": round(r.uniform(-14, 3), 1), "air_temp_min_c": round(r.uniform(-22, -5), 1),
                            "precip_hours": r.randint(0, 20) if L >= 2 else r.randint(0, 2)},
            "snowpack": {"hs_cm": r.randint(60, 320), "stability_tests": tests, "signs_of_instability": sig},
            "observations": {"avalanches_last_48h": obs_av, "observer_count": r.randint(1, 9)},
            "ops": {"sms_alert_opt_in": r.randint(100, 4000), "review_flag": r.choice(["-", "R", "-", "-"]),
                    "map_symbol_set": r.choice(["classic", "high-contrast", "print"]), "data_quality": r.choice(["OK", "OK", "PARTIAL"])},
            "remarks": " ".join(x.format(fl=r.choice([900, 1200, 1500, 1800, 2100])) for x in r.sample(REMARKS, r.randint(1, 3))).strip(),
        }
        if tests is None:
            proj["snowpack"]["stability_tests_note"] = r.choice(["No field tests today - observer team on CAA course.", "Tests not performed: snowmobile breakdown.", "No pit data submitted for this zone today."])
            del proj["snowpack"]["stability_tests"]
        recs.append(record(name, i, lab, labels, proj, False))
    return name, recs, ["/weather_24h", "/snowpack", "/observations"], \
        "Danger level comes from new snow, wind loading, stability test results, signs of instability and observed avalanches. Issue/valid times, forecaster, legend and ops fields are noise."


# ---------------------------------------------------------------------------
# C2. Archive / records retention scheduling
# ---------------------------------------------------------------------------
RET_FUNC = {
    "RET-02": ["Bookings for meeting rooms and pool vehicles made through the facilities inbox, including confirmations and cancellations.",
               "Visitor sign-in sheets from the reception desk at the civic offices, used only to know who is in the building for fire roll-call.",
               "Routine enquiries answered with a standard letter or leaflet, e.g. requests for opening hours and directions, where no decision was taken.",
               "Stationery and consumables requisitions raised by teams and fulfilled from the central store; no financial transaction is recorded here.",
               "Internal circulars and all-staff notices about car park closures, fire drills and IT downtime, copies of which are also on the intranet.",
               "Superseded drafts and working papers for reports where the final version has been filed elsewhere."],
    "RET-07": ["Supplier invoices, payment vouchers and remittance advices processed by accounts payable, supporting the annual statement of accounts.",
               "Purchase orders and goods-received notes for goods and services under the procurement threshold.",
               "Grant claim files: expenditure evidence submitted to the funding body, with the funder's audit rights expiring six years after the final claim.",
               "Signed contracts for services (under hand) and their variations, held for the limitation period after the contract ends.",
               "Petty cash books and reconciliations from the depots and libraries.",
               "Income records for hall lettings, including booking forms where a fee was charged and receipts."],
    "RET-25": ["Case files for children looked after by the authority, including placement records and reviews.",
               "Health surveillance records for staff exposed to hazardous substances such as asbestos or isocyanates.",
               "Pension scheme member records, including contribution histories and nominations, needed until benefits are paid out.",
               "Records of the asbestos register and the management surveys for corporate buildings.",
               "Adoption support assessments and correspondence with adopted adults seeking access to their records.",
               "Accident investigation files where a long-term injury or occupational disease claim may arise."],
    "RET-PERM": ["Signed minutes of full council and of the cabinet, with agendas and the reports considered.",
                 "The authority's founding charters, boundary orders and deeds of historic significance.",
                 "Annual reports and corporate plans as published, forming the record of the authority's policy over time.",
                 "Photographic survey of the town centre conservation area commissioned for the heritage programme.",
                 "Register of electors as published (the full register), retained for historical research.",
                 "Decision notices for planning applications affecting listed buildings, including the officer's report."],
}
RET_NOISE = ["Some files relate to permanent staff and some to temporary agency workers.", "Records are held partly on the shared drive and partly in the basement store at Castle Street.",
             "A proportion of the series was digitised during the 2019 office move.", "The series was previously managed by the former district council before reorganisation.",
             "Access is restricted to the team and their line managers.", "Paper files are in grey box files labelled by year.",
             "Retention was last discussed at the information governance board but no schedule entry exists yet.", "The team is not sure whether copies exist elsewhere.",
             "Records are created daily.", "Volume has reduced since the introduction of the online portal.", "Some material may be of interest to the local history society."]
GLOSSARY = {"RET-02": "Destroy 2 years after last action", "RET-07": "Destroy at end of current financial year + 6 years",
            "RET-25": "Retain 25 years after closure, then review", "RET-PERM": "Permanent preservation - transfer to the archive service"}


def records_retention():
    name = "records_retention"
    labels = ["RET-02", "RET-07", "RET-25", "RET-PERM"]
    r = rng(1211)
    n = 140
    labs = balanced_labels(r, labels, n)
    recs = []
    depts = ["Finance", "Children's Services", "Facilities", "Democratic Services", "Planning & Heritage", "HR & Payroll", "Customer Services", "Property Services", "Culture & Libraries"]
    for i, lab in enumerate(labs, 1):
        core = r.choice(RET_FUNC[lab])
        desc = " ".join([core] + r.sample(RET_NOISE, r.randint(2, 4)))
        if r.random() < 0.5:
            desc = f"Description supplied by the {r.choice(['team manager', 'records champion', 'service lead', 'business support officer'])}: " + desc
        start = r.randint(1974, 2021)
        proj = {
            "instruction": "Assign the retention rule for this record series from the glossary of rules, based on what the records are and why they are kept.",
            "retention_rule_glossary": GLOSSARY,
            "series": {"series_id": f"RS/{r.choice(['FIN', 'CS', 'FAC', 'DEM', 'PLN', 'HR', 'CUS', 'PRP', 'CUL'])}/{r.randint(10, 999):03d}",
                       "department": r.choice(depts), "title": core.split(",")[0].split(" for ")[0].split(" of ")[0][:60],
                       "description": desc, "date_range": f"{start}-{r.randint(max(start, 2015), 2024)}",
                       "format": r.choice(["paper", "electronic (SharePoint)", "hybrid", "electronic (line-of-business system)", "microfiche + paper"]),
                       "volume": r.choice([f"{r.randint(1, 40)} linear m", f"{r.randint(2, 900)} GB", f"{r.randint(5, 300)} boxes"])},
            "flags": {"legal_hold": r.random() < 0.12, "foi_requests_last_12m": r.randint(0, 6), "contains_personal_data": r.random() < 0.6,
                      "sensitivity": r.choice(["OFFICIAL", "OFFICIAL", "OFFICIAL-SENSITIVE"]), "digitised": r.choice([True, False, "partial"])},
            "review": {"status": r.choice(["DRAFT", "SUBMITTED", "RETURNED", "APPROVED"]), "reviewer": person(r),
                       "last_updated": iso(rand_dt(r, dt.datetime(2024, 1, 1), 250)), "workflow_code": r.choice(["RR1", "RR2", "RR7", "RRP"])},
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return name, recs, ["/series/description"], \
        "Rule follows from the function described in the free-text series description. The glossary lists every rule; flags, review status and workflow codes vary independently of the rule."


# ---------------------------------------------------------------------------
# C3. Public library interlibrary-loan requests
# ---------------------------------------------------------------------------
ILL_POLICY = ("Articles and book chapters are supplied as a scan when the request is within copyright limits (one article per issue, or one chapter / up to 10% of a book). "
              "Books available on the shelf locally are declined and the patron is pointed to the local copy. Books published in the last 3 years that are in print "
              "with a vendor price up to $75 are purchased. Otherwise, if a partner library holds the item it is borrowed; if no partner holds it and it cannot be bought, decline.")
BOOKS = ["The Nutmeg's Curse", "Braiding Sweetgrass", "Poverty, by America", "The Dawn of Everything", "A Pattern Language", "The Wretched of the Earth",
         "Pedagogy of the Oppressed", "Fen, Bog and Swamp", "Chip War", "The Sum of Us", "An Immense World", "Invisible Women", "The Ministry for the Future",
         "Rural Settlement in Roman Britain", "Handbook of Nordic Grammar", "Cartographies of Exile", "Wastewater Epidemiology: Methods and Cases"]
ARTICLES = [("Journal of Documentation", "Information practices of allotment gardeners"), ("Nature Climate Change", "Heat-related mortality in European cities"),
            ("The Library Quarterly", "Fines-free policies and circulation"), ("Journal of Hydrology", "Peatland restoration and flood peaks"),
            ("Early Music", "Tuning practices in 17th-century Venice"), ("BMJ Open", "Loneliness and library use in older adults"),
            ("Past & Present", "Bread riots in eighteenth-century Lyon")]
PATRON_NOTES = ["Needed for thesis chapter 3.", "I only need it for a week or so.", "Happy to collect from the central library.", "Will the library purchase this for the collection?",
                "Can you borrow it from the university?", "Please scan in colour if possible.", "Book club pick for March.", "Not urgent.", "", "", "",
                "I'd buy it myself but it's expensive.", "Any edition is fine."]


def ill_requests():
    name = "ill_requests"
    labels = ["borrow", "purchase", "scan chapter", "decline"]
    r = rng(1212)
    n = 160
    labs = balanced_labels(r, labels, n)
    recs = []
    for i, lab in enumerate(labs, 1):
        req_t = rand_dt(r, dt.datetime(2024, 1, 3), 300)
        req = {}
        holdings = {}
        if lab == "scan chapter":
            kind = r.choice(["article", "chapter"])
        elif lab == "decline":
            kind = r.choice(["book", "book", "chapter"])
        else:
            kind = "book"
        cur_year = req_t.year
        if kind == "article":
            j, t = r.choice(ARTICLES)
            y = r.randint(1995, cur_year)
            req = {"type": "article", "journal": j, "article_title": t, "year": y, "volume": r.randint(10, 120), "issue": r.randint(1, 12),
                   "pages": f"{(p := r.randint(1, 400))}-{p + r.randint(8, 30)}", "issn": f"{r.randint(1000, 9999)}-{r.randint(100, 999)}{r.choice('0123456789X')}"}
            holdings = {"local_copies_available": 0, "partner_libraries_holding": r.randint(0, 9), "in_print": None}
        elif kind == "chapter":
            b = r.choice(BOOKS)
            total = r.randint(180, 520)
            over = lab == "decline"
            span = r.randint(int(total * 0.25), int(total * 0.45)) if over else r.randint(12, int(total * 0.09))
            st = r.randint(1, total - span)
            req = {"type": "chapter", "book_title": b, "chapter": f"Ch. {r.randint(1, 14)}" if not over else f"Chs. {r.randint(1, 4)}-{r.randint(6, 10)}",
                   "pages": f"{st}-{st + span}", "book_total_pages": total, "year": r.randint(1965, cur_year)}
            holdings = {"local_copies_available": 0, "partner_libraries_holding": 0 if over else r.randint(0, 6), "in_print": r.choice([True, False])}
            if over:
                req["year"] = r.randint(1965, cur_year - 4)
                holdings["in_print"] = False
        else:
            b = r.choice(BOOKS)
            if lab == "purchase":
                y = r.randint(cur_year - 2, cur_year)
                holdings = {"local_copies_available": 0, "partner_libraries_holding": r.randint(0, 12), "in_print": True}
                quote = round(r.uniform(12, 74), 2)
            elif lab == "borrow":
                y = r.randint(1960, cur_year)
                holdings = {"local_copies_available": 0, "partner_libraries_holding": r.randint(1, 15), "in_print": r.choice([True, False])}
                quote = round(r.uniform(80, 260), 2) if (y >= cur_year - 2 and holdings["in_print"]) else (round(r.uniform(15, 200), 2) if holdings["in_print"] else None)
            else:
                if r.random() < 0.5:
                    y = r.randint(1960, cur_year)
                    holdings = {"local_copies_available": r.randint(1, 3), "partner_libraries_holding": r.randint(0, 10), "in_print": r.choice([True, False])}
                    quote = round(r.uniform(12, 90), 2) if holdings["in_print"] else None
                else:
                    y = r.randint(1950, cur_year - 4)
                    holdings = {"local_copies_available": 0, "partner_libraries_holding": 0, "in_print": False}
                    quote = None
            req = {"type": "book", "title": b, "author": person(r), "year": y, "isbn": f"978{r.randint(0, 1)}{r.randint(10000000, 99999999)}"}
            if quote is not None:
                holdings["vendor_quote_usd"] = quote
        patron = {"barcode": f"2{r.randint(1000000000000, 9999999999999)}", "category": r.choice(["adult", "adult", "student", "senior", "homebound", "staff"]),
                  "branch": r.choice(["Central", "Northside", "Riverside", "Eastgate", "Mobile Library"])}
        proj = {
            "instruction": "Decide how to handle this interlibrary loan request under the policy: borrow, purchase, scan chapter, or decline.",
            "policy": ILL_POLICY,
            "request": dict(req, submitted=iso(req_t)),
            "patron": patron,
            "holdings_lookup": holdings,
            "workflow": {"status": r.choice(["New", "Awaiting Staff Review", "In Process", "New"]), "queue": r.choice(["ILL-A", "ILL-B", "ILL-Ref"]),
                         "assigned_to": r.choice(["mlopez", "tbrennan", "ill.staff", None])},
        }
        note = r.choice(PATRON_NOTES)
        if note:
            proj["request"]["patron_note"] = note
        if r.random() < 0.5:
            proj["request"]["needed_by"] = (req_t + dt.timedelta(days=r.randint(5, 60))).date().isoformat()
        recs.append(record(name, i, lab, labels, proj, False))
    return name, recs, ["/policy", "/request", "/holdings_lookup"], \
        "Handling follows the policy text applied to request type, page range vs book length, publication year, local/partner holdings, in-print status and vendor quote. Patron notes, workflow status and dates are noise."


# ---------------------------------------------------------------------------
# C4. Brewery batch QC disposition
# ---------------------------------------------------------------------------
BRANDS = [("Harbour Light", "Helles", 4.8, 20, 4.0), ("Slack Tide", "Session IPA", 4.2, 40, 5.0), ("Iron Bridge", "Best Bitter", 3.9, 32, 12.0),
          ("Night Heron", "Oatmeal Stout", 5.6, 35, 38.0), ("Copper Kettle", "Amber Ale", 5.0, 28, 14.0), ("Wild Thyme", "Saison", 6.2, 26, 5.5),
          ("Northern Pale", "Pale Ale", 4.5, 35, 7.0), ("Double Loop", "DIPA", 8.0, 70, 7.5)]
SENS_CLEAN = ["clean, to brand", "bright hop aroma, clean finish", "on profile, slight sulphur fading", "matches reference, good head retention", "to brand; one panellist noted low carbonation but within spec"]


def brewery_batch_qc():
    name = "brewery_batch_qc"
    labels = ["release", "blend down", "hold for retest", "dump"]
    r = rng(1213)
    n = 150
    labs = balanced_labels(r, labels, n, [4, 2, 2, 1])
    recs = []
    for i, lab in enumerate(labs, 1):
        brand, style, abv_t, ibu_t, srm_t = r.choice(BRANDS)
        abv = round(abv_t + r.uniform(-0.2, 0.2), 2)
        ibu = round(ibu_t + r.uniform(-3, 3), 1)
        dia = r.randint(12, 45)
        do = r.randint(15, 60)
        sensory = r.sample(SENS_CLEAN, r.randint(1, 2))
        micro = None
        if r.random() < 0.45:
            micro = {"plated": True, "media": r.choice(["HLP", "UBA", "LMDA"]), "result": "negative", "read_after_days": r.choice([3, 5, 7])}
        if lab == "blend down":
            if r.random() < 0.6:
                abv = round(abv_t + r.uniform(0.45, 1.0), 2)
            else:
                ibu = round(ibu_t + r.uniform(6, 14), 1)
        elif lab == "hold for retest":
            k = r.choice(["dia", "micro_pending", "do"])
            if k == "dia":
                dia = r.randint(62, 110)
                sensory = [r.choice(["very faint butterscotch from 1 of 5 panellists", "slight slickness on palate, possibly diacetyl"])]
            elif k == "micro_pending":
                micro = {"plated": True, "media": r.choice(["HLP", "UBA"]), "result": "pending", "read_after_days": None}
                sensory = [r.choice(["slightly hazy, otherwise to brand", "one panellist: faint tartness? others clean"])]
            else:
                do = r.randint(110, 180)
        elif lab == "dump":
            k = r.choice(["micro", "sensory", "dia"])
            if k == "micro":
                micro = {"plated": True, "media": r.choice(["HLP", "UBA"]), "result": r.choice(["Lactobacillus brevis > 50 CFU/100 mL", "Pediococcus detected", "wild yeast (Brettanomyces) confirmed by PCR"]), "read_after_days": r.choice([5, 7])}
                sensory = [r.choice(["sour, off-profile", "ropey texture, acidic", "phenolic / barnyard, not to brand"])]
            elif k == "sensory":
                sensory = [r.choice(["strong solvent / acetaldehyde, all 5 panellists reject", "heavy DMS (cooked corn) throughout", "metallic and oxidised, cardboard"])]
            else:
                dia = r.randint(220, 480)
                sensory = ["intense butter/butterscotch, panel unanimous reject"]
        brew = rand_dt(r, dt.datetime(2024, 1, 2), 300)
        fv_days = r.randint(9, 21)
        proj = {
            "instruction": "Decide the QC disposition for this batch from lab results, micro and the sensory panel against the brand spec: release, blend down, hold for retest, or dump.",
            "batch": {"batch_no": f"{brew.strftime('%y%j')}-{r.randint(1, 4)}", "brand": brand, "style": style, "fermenter": f"FV{r.randint(1, 14):02d}",
                      "brewed": brew.date().isoformat(), "days_in_fv": fv_days, "days_conditioning": r.randint(3, 14), "volume_hl": r.choice([30, 40, 60, 80]),
                      "planned_release_date": (brew + dt.timedelta(days=fv_days + r.randint(7, 20))).date().isoformat()},
            "spec": {"abv_pct": f"{abv_t} ± 0.3", "ibu": f"{ibu_t} ± 4", "diacetyl_ppb_max": 50, "do_ppb_max": 80, "srm": f"{srm_t} ± 2"},
            "lab": {"og_plato": round(r.uniform(9.5, 18.5), 1), "abv_pct": abv, "ibu": ibu, "diacetyl_ppb": dia, "dissolved_o2_ppb": do,
                    "ph": round(r.uniform(4.0, 4.6), 2), "srm": round(srm_t + r.uniform(-1.5, 1.5), 1), "co2_vols": round(r.uniform(2.3, 2.8), 2)},
            "sensory_panel": {"panellists": r.randint(3, 6), "notes": "; ".join(sensory)},
            "tank_status": r.choice(["ACTIVE", "HOLD - CIP overdue", "CRASHED", "ACTIVE", "HOLD - awaiting transfer slot", "DRY-HOPPING"]),
            "qa_flag": r.choice(["Y", "N", "N"]),
            "packaging": {"line": r.choice(["Can line 1", "Keg line", "Bottle line"]), "slot": iso(brew + dt.timedelta(days=fv_days + r.randint(10, 25), hours=r.randint(0, 8)))},
        }
        if micro is not None:
            proj["micro"] = micro
        recs.append(record(name, i, lab, labels, proj, False))
    return name, recs, ["/spec", "/lab", "/micro", "/sensory_panel/notes"], \
        "Disposition comes from lab values vs spec, micro plating (present only when plated) and sensory notes. tank_status / qa_flag refer to tank scheduling and a CIP reminder and vary independently; planned release date and packaging slot are scheduling noise."


# ---------------------------------------------------------------------------
# C5. Orchestra audition panels (preliminary round)
# ---------------------------------------------------------------------------
POSITIONS = {"Section Viola": ["Mozart Sinfonia Concertante (exposition)", "Strauss Don Juan opening", "Mendelssohn Midsummer Night's Dream Scherzo", "Brahms Symphony No. 4, mvt 2"],
             "Second Oboe": ["Mozart Oboe Concerto, mvt 1", "Brahms Violin Concerto mvt 2 solo", "Rossini La Scala di Seta", "Ravel Le Tombeau de Couperin"],
             "Principal Horn": ["Strauss Horn Concerto No. 1", "Tchaikovsky 5 mvt 2 solo", "Brahms 1 alphorn theme", "Shostakovich 5 mvt 1 low passage"],
             "Section Cello": ["Haydn C major Concerto mvt 1", "Beethoven 5 mvt 2", "Verdi Requiem Offertorio", "Smetana Bartered Bride Overture"],
             "Tutti Violin II": ["Mozart Violin Concerto No. 5, mvt 1", "Mozart Symphony 39 finale", "Brahms 4 mvt 3", "Schumann 2 Scherzo"],
             "Bass Trombone": ["Bach cello suite transcription", "Wagner Ride of the Valkyries", "Rossini William Tell", "Bartok Concerto for Orchestra mvt 1"]}
POS_C = ["beautiful sound, really projects", "rhythm rock solid in the {x}", "phrasing natural and musical", "excellent intonation throughout", "clear sense of style in the Mozart",
         "good dynamic range, real pianissimo", "confident, would love to hear the final round", "articulation crisp in the fast passage", "sounds like an orchestral player already"]
NEG_C = ["intonation drifted in the {x}", "rushed the {x}, tempo unstable", "small sound, would not carry in the hall", "mannered phrasing, not stylistic", "missed the dynamic contrasts",
         "cracked notes in the {x}", "ensemble sense unclear, playing like a soloist", "ran out of bow / air in long phrases", "nerves obvious, shaky start"]
MID_C = ["solid but not special", "fine player, nothing wrong, nothing memorable", "some good moments in the {x}", "uneven, better in the second excerpt", "ok"]


def orchestra_audition():
    name = "orchestra_audition"
    labels = ["advance", "not advance"]
    r = rng(1214)
    n = 136
    recs = []
    i = 0
    while len(recs) < n:
        pos = r.choice(list(POSITIONS))
        q = r.uniform(3.5, 9.5)
        npan = r.randint(5, 7)
        scores = [max(1, min(10, round(q + r.gauss(0, 1.1)))) for _ in range(npan)]
        mean = sum(scores) / npan
        if 6.6 <= mean <= 7.0:
            continue  # avoid ambiguous borderline rounding cases
        lab = "advance" if mean > 7.0 else "not advance"
        i += 1
        reps = POSITIONS[pos]
        lines = []
        for k, s in enumerate(scores, 1):
            x = r.choice(reps)
            if s >= 8:
                cs = r.sample(POS_C, 2)
            elif s >= 6:
                cs = [r.choice(POS_C), r.choice(MID_C + NEG_C)]
            elif s >= 4:
                cs = [r.choice(MID_C), r.choice(NEG_C)]
            else:
                cs = r.sample(NEG_C, 2)
            r.shuffle(cs)
            txt = "; ".join(c.format(x=x.split(",")[0]) for c in cs)
            lines.append(f"P{k} [{s}/10]: {txt}.")
        start = rand_dt(r, dt.datetime(2024, 2, 12), 200).replace(second=0)
        proj = {
            "instruction": "This is a screened preliminary round. Based on the panel's scores and comments, decide whether the candidate should advance to the semi-final or not advance.",
            "audition": {"orchestra": r.choice(["Philharmonia Nordica", "City of Leeds Symphony", "Orquesta Sinfónica del Norte", "Rhein-Main Kammerphilharmonie", "Pacific Coast Symphony"]),
                         "position": pos, "round": "preliminary", "screen": True, "candidate_no": r.randint(1, 96),
                         "slot_start": start.strftime("%Y-%m-%d %H:%M"), "played_minutes": r.randint(6, 12),
                         "repertoire_called": r.sample(reps, 3)},
            "logistics": {"accompanist_requested": r.choice([True, False]), "warmup_room": r.choice(["B12", "B14", "Green Room", "Studio 3"]),
                          "travel_reimbursement": r.choice(["claimed", "not claimed"]), "late_arrival": r.random() < 0.1},
            "vote_sheet_template": "Candidate #___   ☐ ADVANCE   ☐ NOT ADVANCE   (majority of panel, screen remains for semi-final)",
            "panel_notes": "\n".join(lines),
        }
        recs.append(record(name, i, lab, labels, proj, False))
    return name, recs, ["/panel_notes"], \
        "Decision is the panel's collective judgement as written in the free-text panel notes (per-panellist score and comments; advance when the panel average is above 7). Logistics flags and the blank vote-sheet template are noise."
