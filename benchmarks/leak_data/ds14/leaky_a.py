"""Leaking datasets, part A: patent rejections, food recalls, EV charger faults."""
import base64, json, quopri, urllib.parse, datetime as dt
from common import *

# ---------------------------------------------------------------- patent_rejection_ground
TITLES = [
    ("System and method for adaptive caching of database query results",
     ["a cache manager configured to store query results", "a cost model that scores each cached entry",
      "an eviction module that removes entries whose score falls below a threshold"]),
    ("Wearable device for estimating user hydration level",
     ["a skin-contact bioimpedance sensor", "a processor that converts impedance to a hydration index",
      "a haptic alert triggered when the index drops"]),
    ("Battery thermal management for an electric aircraft",
     ["a coolant loop thermally coupled to a battery pack", "a valve that diverts coolant to a ram-air heat exchanger",
      "a controller that opens the valve based on cell temperature"]),
    ("Method for scheduling clinic appointments using a trained model",
     ["receiving historical no-show data", "training a model to predict a no-show probability",
      "overbooking a slot when the probability exceeds a threshold"]),
    ("Fastener with self-locking thread profile",
     ["a shank having a helical thread", "a thread flank angle of between 25 and 35 degrees",
      "a deformable ridge along the root of the thread"]),
    ("Automated reconciliation of merchant settlement records",
     ["receiving settlement files from an acquirer", "matching each settlement line to a ledger entry",
      "flagging unmatched lines for manual review"]),
    ("Agricultural sprayer boom with section height control",
     ["a boom having a plurality of sections", "an ultrasonic sensor mounted on each section",
      "a hydraulic actuator that adjusts section height based on the sensor"]),
    ("Video encoder with content-aware bitrate ladder",
     ["analyzing scene complexity of a source video", "selecting encoding resolutions based on the complexity",
      "packaging the renditions into an adaptive streaming manifest"]),
]
PRIOR = ["Nakamura (US 10,223,114 B2)", "Keller et al. (US 2019/0183562 A1)", "Osei (US 9,876,543 B1)",
         "Larsson (EP 3 412 007 A1)", "Brandt (US 11,045,290 B2)", "Ferreira et al. (US 2021/0097331 A1)",
         "Huang (CN 109876215 A)", "Moreau (US 8,990,412 B2)", "Patil et al. (US 2020/0311874 A1)"]
MOTIV = ["reduce latency", "improve accuracy of the estimate", "reduce manufacturing cost", "extend service life",
         "lower energy consumption", "simplify installation", "improve user compliance"]
TERMS = ["substantially", "about", "relatively high", "optimal", "sufficiently close", "near real-time"]
ABSTRACT = [("collecting, analyzing and displaying information", "mental process"),
            ("scheduling and managing appointments", "certain method of organizing human activity"),
            ("comparing data to a threshold and reporting a result", "mental process"),
            ("reconciling financial transactions", "fundamental economic practice"),
            ("mathematical calculation of a score", "mathematical concept")]
GENERIC = ["a processor", "a memory", "a generic network interface", "a display", "a server"]

STATUTE = {"anticipation": "102", "obviousness": "103", "indefiniteness": "112(b)",
           "patent-ineligible subject matter": "101"}

def _claims(r):
    end = r.choice([8, 10, 12, 15, 17, 20, 22, 30])
    forms = [f"1-{end}", f"1-{end-3}, {end-1} and {end}", f"1, 3-{end}", f"1-{end}"]
    return r.choice(forms), end

def _patent_body(r, label, title, elems, claims, end, mail_date):
    A, B = r.sample(PRIOR, 2)
    k = r.randint(2, min(end, 9))
    p = []
    if label == "anticipation":
        lead = r.choice([f"Claims {claims} are rejected as being anticipated by {A}.",
                         f"Claims {claims} are rejected over {A}.",
                         f"The following rejection is maintained for claims {claims} over {A}."])
        p.append(lead + f" Regarding claim 1, {A} discloses {elems[0]} (¶ [00{r.randint(21,69)}]); "
                 f"{elems[1]} (Fig. {r.randint(2,9)}, element {r.randint(100,480)}); and {elems[2]} "
                 f"(¶¶ [00{r.randint(40,60)}]-[00{r.randint(61,89)}]).")
        p.append(r.choice([f"{A} therefore discloses each and every limitation of claim 1, arranged as in the claim.",
                           f"Every element of claim 1 is found in the single reference {A}, arranged as claimed.",
                           f"Accordingly, {A} teaches all limitations of claim 1 in a single embodiment."]))
        if maybe(r, 0.6):
            p.append(f"Regarding claim {k}, {A} further discloses the limitation wherein the {r.choice(['threshold is user-configurable','sensor is sampled at a fixed interval','entries are ranked'])} (col. {r.randint(3,14)}, ll. {r.randint(1,30)}-{r.randint(31,60)}).")
    elif label == "obviousness":
        p.append(f"Claims {claims} are rejected over {A} in view of {B}. Regarding claim 1, {A} teaches "
                 f"{elems[0]} and {elems[1]} (¶ [00{r.randint(21,69)}]) but does not expressly teach {elems[2]}.")
        p.append(f"{B} teaches {elems[2]} (col. {r.randint(2,12)}, ll. {r.randint(1,30)}-{r.randint(31,60)}).")
        p.append(r.choice([
            f"It would have been obvious to a person having ordinary skill in the art before the effective filing date to modify {A} with the teaching of {B} in order to {r.choice(MOTIV)}.",
            f"A skilled artisan would have been motivated to incorporate the teaching of {B} into {A} to {r.choice(MOTIV)}, with a reasonable expectation of success.",
            f"Combining the references is no more than the predictable use of prior art elements according to their established functions; the motivation is to {r.choice(MOTIV)}."]))
    elif label == "indefiniteness":
        t = r.choice(TERMS)
        p.append(f"Claim {k} recites \"{t}\". The term \"{t}\" is a relative term which is not defined by the claim, "
                 "and the specification does not provide a standard for ascertaining the requisite degree.")
        if maybe(r, 0.7):
            p.append(f"Further, claim {min(end, k+1)} recites \"the {r.choice(['control module','second layer','output signal','reference value'])}\"; "
                     "there is insufficient antecedent basis for this limitation in the claim.")
        p.append(r.choice(["One of ordinary skill in the art would not be reasonably apprised of the scope of the invention.",
                           "The metes and bounds of the claim therefore cannot be ascertained.",
                           "Dependent claims inherit the deficiency and are rejected for the same reason."]))
    else:
        ab, grp = r.choice(ABSTRACT)
        g = r.sample(GENERIC, 2)
        p.append(f"Claims {claims} are directed to a judicial exception (an abstract idea) without significantly more. "
                 f"Under Step 2A, Prong One, the claims recite {ab}, which falls within the \"{grp}\" grouping.")
        p.append(f"Under Prong Two, the additional elements, {g[0]} and {g[1]}, are recited at a high level of generality "
                 "and amount to mere instructions to apply the exception on a computer; they do not integrate the exception into a practical application.")
        if maybe(r, 0.7):
            p.append("Under Step 2B, the claims do not include additional elements sufficient to amount to significantly more, "
                     "because the elements are well-understood, routine and conventional (see Berkheimer memo).")
    if maybe(r, 0.3):
        p.append(f"Claim {r.randint(2, end)} is objected to because of the following informalities: "
                 + r.choice(["\"the the\" should read \"the\".", "a period is missing at the end of the claim.",
                             "\"said\" and \"the\" are used inconsistently."]))
    if maybe(r, 0.35):
        p.append("Response to Arguments: Applicant's arguments filed " + iso(mail_date - dt.timedelta(days=r.randint(60, 240))) +
                 " have been fully considered but they are not persuasive. " +
                 r.choice(["The amendment does not overcome the rejection.",
                           "Applicant argues features not recited in the claims.", ""]))
    return "\n\n".join(x for x in p if x)

def _qp_email(r, app_no, title, mail_date, label, leak):
    due = add_months(mail_date, 3)
    if leak:
        body = (f"Non-final office action mailed {iso(mail_date)} for {app_no} ({title}).\n"
                f"Primary ground raised by the examiner: {label} (35 U.S.C. \u00a7 {STATUTE[label]}) \u2013 see body, claims as listed.\n"
                f"Response due {iso(due)} (3-month SSP, extendable to 6 months).\n-- Docketing bot")
    else:
        body = (f"Non-final office action mailed {iso(mail_date)} for {app_no} ({title}).\n"
                f"Response due {iso(due)} (3-month SSP, extendable to 6 months). Responsible attorney please review \u2013 "
                f"no action taken yet.\n-- Docketing bot")
    qp = quopri.encodestring(body.encode("utf-8")).decode("ascii")
    subj = "=?UTF-8?Q?" + quopri.encodestring(f"OA docketed \u2013 {app_no}".encode(), header=True).decode() + "?="
    return ("From: docketing@hollis-ward.example\nTo: pros-team@hollis-ward.example\n"
            f"Subject: {subj}\nDate: {mail_date.strftime('%a, %d %b %Y')} 07:{r.randint(10,59)}:00 -0500\n"
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=\"utf-8\"\n"
            "Content-Transfer-Encoding: quoted-printable\n\n" + qp)

def gen_patent(r, n=150):
    name = "patent_rejection_ground"
    labels = ["anticipation", "obviousness", "indefiniteness", "patent-ineligible subject matter"]
    labs = assign_labels(r, n, labels, [3, 4, 2, 2])
    leaks = pick_leaks(r, labs, 0.5)
    recs = []
    for i, lab in enumerate(labs):
        title, elems = r.choice(TITLES)
        claims, end = _claims(r)
        mail = rdate(r, "2023-06-01", "2025-09-30")

        leak = i in leaks
        mode = r.choices(["file", "mail", "both"], [4, 3.5, 2.5])[0] if leak else None
        fn_base = f"{iso(mail)}_CTNF"
        ctnf_name = (f"{fn_base}_rej-35USC{STATUTE[lab].replace('(b)','b')}.pdf" if mode in ("file", "both")
                     else f"{fn_base}.pdf")
        filed = mail - dt.timedelta(days=r.randint(300, 900))
        app_no = f"{16 if filed.year < 2020 else 17 if filed.year < 2023 else 18}/{r.randint(100,999)},{r.randint(100,999)}"
        wrapper = [{"doc_code": "SPEC", "description": "Specification", "mail_or_filed": iso(filed),
                    "filename": f"{iso(filed)}_SPEC.pdf", "pages": r.randint(18, 64)},
                   {"doc_code": "CLM", "description": "Claims", "mail_or_filed": iso(filed),
                    "filename": f"{iso(filed)}_CLM.pdf", "pages": r.randint(3, 9)}]
        if maybe(r, 0.6):
            d = filed + dt.timedelta(days=r.randint(30, 200))
            wrapper.append({"doc_code": "IDS", "description": "Information Disclosure Statement (IDS) Filed",
                            "mail_or_filed": iso(d), "filename": f"{iso(d)}_IDS.pdf", "pages": r.randint(2, 11)})
        wrapper.append({"doc_code": "CTNF", "description": "Non-Final Rejection", "mail_or_filed": iso(mail),
                        "filename": ctnf_name, "pages": r.randint(7, 31)})
        proj = {
            "instruction": ("Read the examiner's reasoning in the office-action excerpt and classify the PRIMARY ground of "
                            "rejection. Statute section numbers were stripped from the excerpt. Answer with one of: "
                            + ", ".join(labels) + "."),
            "application": {"app_no": app_no, "title": title, "art_unit": str(r.choice([1791, 2193, 2457, 3651, 3744, 3992, 3689])),
                            "filing_date": iso(filed), "examiner": person(r).upper(),
                            "entity_status": r.choice(["UNDISCOUNTED", "SMALL", "MICRO", None])},
            "office_action": {"doc_code": "CTNF", "mail_date": iso(mail), "claims_rejected": claims,
                              "body": _patent_body(r, lab, title, elems, claims, end, mail)},
            "file_wrapper": wrapper,
        }
        if mode in ("mail", "both") or maybe(r, 0.45):
            proj["docket_notification_raw"] = _qp_email(r, app_no, title, mail, lab, mode in ("mail", "both"))
        if not proj["application"]["entity_status"]:
            del proj["application"]["entity_status"]
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/office_action/body", "/office_action/claims_rejected", "/application/title"],
            "note": "Label = primary rejection ground, decided by the supervisory examiner review. The excerpt body is the "
                    "examiner's reasoning with statute numbers removed; everything else is docketing context."}
    return name, recs, meta, {"labels": labels, "leak_families": ["filename embeds statute (35USC103 etc.)",
                                                                     "quoted-printable docketing e-mail (soft line breaks, =C2=A7)"]}

# ---------------------------------------------------------------- food_recall_class
RECALL = {
    "Class I": ["Listeria monocytogenes detected in finished product during state laboratory sampling",
                "Potential contamination with Salmonella following a positive environmental swab on the filler line",
                "Undeclared peanut; product packaged in film printed for the peanut-free variety",
                "Undeclared milk in product labeled 'dairy-free'",
                "Shiga toxin-producing E. coli O157:H7 detected in raw ground product",
                "Under-processing of low-acid canned food; retort deviation not evaluated by a process authority",
                "Undeclared egg in product; allergen not listed on label"],
    "Class II": ["Foreign material: hard plastic fragments 2-5 mm from a broken conveyor guard",
                 "Undeclared FD&C Yellow No. 5 (tartrazine)",
                 "Product may have been held above 41 F during distribution; potential for spoilage organisms",
                 "Undeclared sulfites detected at 14 ppm",
                 "Elevated lead in ground spice below acute-exposure threshold",
                 "Metal shavings (<2 mm) found in one lot by metal detector re-check"],
    "Class III": ["Net weight below declared quantity (declared 16 oz, average 14.9 oz)",
                  "Nutrition Facts panel lists incorrect serving size",
                  "Missing country-of-origin statement on retail unit",
                  "Spanish-language panel omits one ingredient present in the English panel (non-allergen)",
                  "Off-flavor complaints; quality issue with no health hazard identified",
                  "Best-by date printed in wrong format on outer case"],
}
PRODUCTS = ["Ready-to-eat chicken salad, 7 oz clamshell", "Frozen cheese pizza, 12 in.", "Ground cinnamon, 2.37 oz jar",
            "Almond butter, 12 oz glass jar", "Fresh-cut cantaloupe cups, 8 oz", "Organic baby spinach, 5 oz",
            "Canned black beans, 15 oz", "Chocolate chip cookies, 10-pack", "Smoked salmon, 4 oz vacuum pack",
            "Oat-based frozen dessert, pint", "Beef jerky, 3.25 oz", "Instant noodle cups, 6-count",
            "Kombucha, 16 fl oz bottle", "Trail mix, 26 oz tub", "Hummus, 10 oz"]
FIRMS = ["Riverbend Foods LLC", "Golden Prairie Co-op", "Sunvale Provisions", "Harbor Point Seafood Inc.",
         "Blue Mesa Snacks", "Northfield Creamery", "Evergreen Spice Traders", "Casa Lupita Foods",
         "Lakeshore Bakery Inc.", "Pioneer Meat Packing"]
HHE = {"Class I": ["There is a reasonable probability that use of, or exposure to, the product will cause serious adverse health consequences or death.",
                   "Panel concluded exposure is reasonably likely to result in serious adverse health consequences or death, including in healthy adults."],
       "Class II": ["Use of, or exposure to, the product may cause temporary or medically reversible adverse health consequences; the probability of serious adverse consequences is remote.",
                    "Expected effects are transient and medically reversible; serious outcome considered remote."],
       "Class III": ["Use of, or exposure to, the product is not likely to cause adverse health consequences.",
                     "No adverse health consequences are expected from exposure; violation is regulatory only."]}

def gen_recall(r, n=160):
    name = "food_recall_class"
    labels = ["Class I", "Class II", "Class III"]
    labs = assign_labels(r, n, labels, [4, 4, 2])
    leaks = pick_leaks(r, labs, 0.4)
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choices(["url", "hhe", "both"], [5, 3.5, 1.5])[0] if leak else None
        init = rdate(r, "2023-01-01", "2025-09-15")
        ev = r.randint(90000, 97999)
        firm = r.choice(FIRMS)
        prod = r.choice(PRODUCTS)
        reason = r.choice(RECALL[lab])
        rec_no = f"F-{r.randint(100, 2400):04d}-{init.year}"
        states = r.sample(["AL","AZ","CA","CO","FL","GA","IL","IN","KY","MA","MI","MN","NC","NJ","NY","OH","OR","PA","TX","VA","WA","WI"], r.randint(1, 9))
        recall = {"event_id": str(ev), "recall_number": rec_no, "recalling_firm": firm,
                  "product_description": prod + (f", UPC {r.randint(10**11, 10**12-1)}" if maybe(r, 0.7) else ""),
                  "code_info": f"Lot {r.choice('ABCDEFGHJK')}{r.randint(1000,9999)}; best by {iso(add_months(init, r.randint(1,14)))}",
                  "reason_for_recall": reason,
                  "distribution_pattern": ("Nationwide" if len(states) > 7 else ", ".join(states)) + r.choice(["", " via distributors", " and online orders"]),
                  "product_quantity": f"{r.randint(40, 98000):,} {r.choice(['cases','units','lbs','jars'])}",
                  "recall_initiation_date": iso(init),
                  "voluntary_mandated": r.choice(["Voluntary: Firm initiated", "Voluntary: Firm initiated", "FDA Requested"])}
        if maybe(r, 0.15):
            del recall["code_info"]
        notes = []
        if maybe(r, 0.6):
            notes.append(r.choice(["Firm reports no illnesses to date.", f"{r.randint(1,6)} consumer complaints received; no injuries reported.",
                                   "Two illness reports under investigation by state epidemiologists.", "Found during routine FDA inspection.",
                                   "Firm notified consignees by e-mail and phone.", "Retailers instructed to pull product from shelves."]))
        proj = {"instruction": "Using the firm's recall notification and the hazard information, predict the recall classification FDA will assign (Class I, Class II or Class III).",
                "recall": recall, "district_notes": " ".join(notes) if notes else None}
        links = [f"https://www.{firm.split()[0].lower()}{r.choice(['foods','co','brands'])}.example/news/{init.year}/{init.month:02d}/voluntary-recall-{r.randint(100,999)}"]
        if mode in ("url", "both"):
            v = r.choice(["Class%20" + lab.split()[1], "Class+" + lab.split()[1], {"Class I": "1", "Class II": "2", "Class III": "3"}[lab]])
            key = "classification" if not v.isdigit() else "cls"
            links.append(f"https://www.accessdata.fda.gov/scripts/ires/index.cfm?action=event&event_id={ev}&{key}={v}&product_type=Food%2FCosmetics")
        elif maybe(r, 0.4):
            links.append(f"https://www.accessdata.fda.gov/scripts/ires/index.cfm?action=event&event_id={ev}&product_type=Food%2FCosmetics")
        r.shuffle(links)
        proj["links"] = links
        if mode in ("hhe", "both"):
            proj["health_hazard_evaluation"] = {"hhe_id": f"HHE-{init.year}-{r.randint(100,999)}",
                                                "completed": iso(init + dt.timedelta(days=r.randint(5, 40))),
                                                "conclusion": r.choice(HHE[lab])}
        elif maybe(r, 0.3):
            proj["health_hazard_evaluation"] = {"hhe_id": f"HHE-{init.year}-{r.randint(100,999)}", "completed": None,
                                                "conclusion": None, "status": "requested"}
        if proj["district_notes"] is None:
            del proj["district_notes"]
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/recall/reason_for_recall", "/recall/product_description", "/recall/distribution_pattern",
                            "/recall/product_quantity", "/district_notes"],
            "note": "Classification is assigned by FDA after a health hazard evaluation; the model should infer it from the recall reason and product."}
    return name, recs, meta, {"labels": labels, "leak_families": ["URL-encoded query parameter (classification=Class%20II / cls=2)",
                                                                     "post-decision HHE conclusion that paraphrases the 21 CFR 7.3(m) class definition"]}

# ---------------------------------------------------------------- ev_charger_fault
EV_REPORT = {
    "GFCI_TRIP": ["Charger clicks off right after the cable locks, screen says session ended. It was pouring rain all morning.",
                  "Started charging then it stopped after like 3 seconds with a red light. Tried 4 times. Puddle under the pedestal.",
                  "Plugged in, heard a relay clunk and it quit. Same with a friend's car. Other stall works fine.",
                  "Keeps tripping immediately. Ground looks wet around the base after the sprinklers ran."],
    "OVERTEMP": ["Charging started at full speed but dropped to almost nothing after 10 min. Handle was really hot to touch.",
                 "Speed throttled to ~20 kW on a 150 kW charger, screen mentioned cooling. 38C outside today.",
                 "Stopped mid-session, fan on the cabinet screaming. Came back later and it worked slowly.",
                 "The connector got so hot I didn't want to unplug it. Session ended early."],
    "COMM_LOSS": ["App shows the station as unavailable but the screen looks normal. Card tap does nothing.",
                  "Can't start a session from the app or RFID, spinner forever. Station screen says 'Connecting...'",
                  "Station not showing on the map at all. Physically fine, lights on.",
                  "Payment terminal says 'network error' and the app can't find the charger."],
    "CONNECTOR_DAMAGE": ["The latch on the CCS handle is snapped off, plug won't lock into my car.",
                         "Cable jacket is split near the handle and one of the pins looks bent. Didn't want to use it.",
                         "Someone ran over the cable I think. Plug is cracked and wobbly.",
                         "Handle holster broken and the connector has been lying on the pavement; car says plug not recognized."],
    "POWER_MODULE_FAIL": ["Only getting 7-8 kW on a 150 kW DC charger, battery was at 20% so it should be much faster.",
                          "Session starts but power never ramps above 10 kW. Other cars at the site get full speed on other stalls.",
                          "Charger showed 'limited power' for the whole session, half a rectifier fan not spinning.",
                          "It charges but max 12 kW. Tried twice, same thing."],
}

def _ev_telemetry(r, lab):
    t = {"last_heartbeat_age_s": r.randint(20, 300), "session_attempts_24h": r.randint(1, 14),
         "ground_fault_events_24h": 0, "max_connector_temp_c": round(r.uniform(28, 52), 1),
         "dc_output_kw_peak_24h": round(r.uniform(60, 148), 1), "lte_rssi_dbm": r.randint(-89, -61),
         "firmware": r.choice(["4.2.17", "4.3.2", "4.3.5", "5.0.1-rc2"])}
    if lab == "GFCI_TRIP":
        t["ground_fault_events_24h"] = r.randint(2, 19); t["dc_output_kw_peak_24h"] = round(r.uniform(0, 6), 1)
    elif lab == "OVERTEMP":
        t["max_connector_temp_c"] = round(r.uniform(82, 104), 1); t["dc_output_kw_peak_24h"] = round(r.uniform(30, 130), 1)
    elif lab == "COMM_LOSS":
        t["last_heartbeat_age_s"] = r.randint(3600, 86400 * 3); t["lte_rssi_dbm"] = r.randint(-119, -104)
        t["session_attempts_24h"] = 0
    elif lab == "POWER_MODULE_FAIL":
        t["dc_output_kw_peak_24h"] = round(r.uniform(6, 14), 1)
    for k in ["lte_rssi_dbm", "firmware", "max_connector_temp_c"]:
        if maybe(r, 0.1) and not (lab == "OVERTEMP" and k == "max_connector_temp_c") and not (lab == "COMM_LOSS" and k == "lte_rssi_dbm"):
            t[k] = None
    return t

def gen_ev(r, n=175):
    name = "ev_charger_fault"
    labels = ["GFCI_TRIP", "OVERTEMP", "COMM_LOSS", "CONNECTOR_DAMAGE", "POWER_MODULE_FAIL"]
    labs = assign_labels(r, n, labels)
    leaks = pick_leaks(r, labs, 0.45)
    sites = [("Walnut Creek Park & Ride", "CA"), ("Hillsboro Target", "OR"), ("Route 9 Travel Plaza", "NJ"),
             ("Eastgate Mall Level P2", "OH"), ("Lakeview Library", "IL"), ("Cedar Rapids Hy-Vee", "IA"),
             ("I-75 Exit 112 Pilot", "GA"), ("Boulder Rec Center", "CO")]
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choices(["log", "hex", "both"], [5, 3, 2])[0] if leak else None
        opened = rdt(r, start="2024-03-01", end="2025-10-20")
        site, st = r.choice(sites)
        sid = f"EVSE-US-VLT-{r.randint(10000,99999)}-{r.randint(1,4)}"
        wo = f"WO-{r.randint(10**6, 10**7-1)}"
        ticket = {"ticket_no": f"CS-{opened.year}-{r.randint(10000,99999):06d}", "opened": iso(opened),
                  "site": {"name": site, "state": st, "stalls": r.choice([2, 4, 6, 8, 10])}, "station_id": sid,
                  "model": r.choice(["VX-150 DC", "VX-150 DC", "VX-62 DC", "HPC-350"]),
                  "driver_report": r.choice(EV_REPORT[lab]), "reported_via": r.choice(["app", "phone", "web form", "site host"])}
        if maybe(r, 0.3):
            ticket["driver_report"] += " " + r.choice(["Please fix asap.", "This is the second time this month.", "Car: Ioniq 5.",
                                                       "Car: Model Y.", "I drove 40 miles for this.", "thx"])
        log = [f"ts={iso(opened)} svc=ticketing level=info event=ticket.created ticket={ticket['ticket_no']} prio=P{r.randint(2,4)}",
               f"ts={iso(opened + dt.timedelta(minutes=r.randint(3,90)))} svc=fieldops-dispatch level=info event=wo.created wo={wo} queue=dc-fast"]
        if maybe(r, 0.5):
            log.append(f"ts={iso(opened + dt.timedelta(hours=r.randint(2,30)))} svc=fieldops-dispatch level=info event=tech.assigned wo={wo} tech=T-{r.randint(100,999)}")
        if mode in ("log", "both"):
            parts = {"GFCI_TRIP": "\"RCD module\"", "OVERTEMP": "\"cable cooling pump\"", "COMM_LOSS": "\"LTE modem\"",
                     "CONNECTOR_DAMAGE": "\"CCS1 cable assy\"", "POWER_MODULE_FAIL": "\"30kW rectifier\""}[lab]
            log.append(f"ts={iso(opened + dt.timedelta(hours=r.randint(30,120)))} svc=fieldops-dispatch level=info event=wo.closed wo={wo} "
                       f"resolution_class={lab} parts={parts} labor_min={r.randint(30,240)}")
        frames = []
        if maybe(r, 0.55) or mode in ("hex", "both"):
            frames.append([2, str(r.randint(1000, 99999)), "Heartbeat", {}])
            if maybe(r, 0.5):
                frames.append([2, str(r.randint(1000, 99999)), "MeterValues", {"connectorId": 1, "meterValue": [{"timestamp": iso(opened), "sampledValue": [{"value": str(r.randint(100000, 999999)), "measurand": "Energy.Active.Import.Register", "unit": "Wh"}]}]}])
        if mode in ("hex", "both"):
            frames.append([2, str(r.randint(1000, 99999)), "DataTransfer", {"vendorId": "com.voltaris", "messageId": "RootCauseReport",
                                                                      "data": json.dumps({"wo": wo, "rc": lab, "closed": True}, separators=(",", ":"))}])
        proj = {"instruction": "Diagnose the root-cause fault category for this charging-station ticket from the driver report and the station telemetry summary. Answer with one code: " + ", ".join(labels) + ".",
                "ticket": ticket, "telemetry_24h": _ev_telemetry(r, lab), "ops_log": log}
        if frames:
            proj["ocpp_raw_frames"] = [{"dir": "rx", "ts": iso(opened + dt.timedelta(minutes=r.randint(1, 5000))),
                                        "hex": json.dumps(f, separators=(",", ":")).encode().hex()} for f in frames]
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/ticket/driver_report", "/telemetry_24h", "/ticket/model"],
            "note": "Root cause is confirmed by the field technician after the visit; the task is to predict it at ticket-open time."}
    return name, recs, meta, {"labels": labels, "leak_families": ["logfmt structured log line from a later stage (wo.closed resolution_class=...)",
                                                                     "hex-encoded OCPP DataTransfer frame carrying the root-cause report"]}
