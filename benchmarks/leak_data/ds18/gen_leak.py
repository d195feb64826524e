"""Nine leaking datasets."""
import json, random, datetime, base64, urllib.parse, binascii
from helpers import *


# ---------------------------------------------------------------- 1 cocoa cut test
def cocoa_cut_test():
    rng = random.Random(1801)
    L = ["Grade I", "Grade II", "Sub-standard"]
    n = 168
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.45)
    districts = ["Wiawso", "Juaboso", "Bibiani", "Assin Fosu", "Goaso", "Dunkwa", "Nkawkaw", "Tepa", "Akontombra"]
    code = {"Grade I": "G1", "Grade II": "G2", "Sub-standard": "SS"}
    diff = {"Grade I": "0.00", "Grade II": "-92.50", "Sub-standard": "-318.00"}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        if lab == "Grade I":
            mould, slate, defect = rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9)
        elif lab == "Grade II":
            mould, slate, defect = rng.randint(4, 12), rng.randint(10, 24), rng.randint(5, 18)
            if mould <= 9 and slate <= 9: slate = 14
        else:
            mould, slate, defect = rng.randint(13, 30), rng.randint(8, 40), rng.randint(10, 35)
        lot = f"{rng.choice(['WN','WS','AS','BA','CR','ER'])}/{rng.randint(2025,2026)}/{rng.randint(1000,9999)}"
        d = rdate(rng)
        notes = rng.choice([
            "Bags re-stitched at depot; seal intact.",
            "Sample drawn from 10% of bags with trier. Beans well fermented on the whole.",
            "Some foreign matter (placenta, stones) removed before cutting.",
            f"Moisture re-checked after sun drying, now {rng.choice(['7.1','7.4','7.8'])}%.",
            "Smoky odour noted on two bags, set aside for re-inspection.",
            "", "Society secretary present during sampling.",
            "Beans slightly flat, uneven size; cut test carried out on 300 beans as per protocol.",
        ])
        proj = {
            "instruction": "Using the cut-test counts and lot details, assign the QCC export grade of this cocoa lot.",
            "lot": {"lot_ref": lot, "district": rng.choice(districts), "society": f"{rng.choice(['Nyame Bekyere','Kuapa','Abusua','Nkabom'])} Farmers Soc.",
                    "bags": rng.randint(20, 160), "net_weight_kg": None, "moisture_pct": round(rng.uniform(6.4, 8.2), 1),
                    "bean_count_per_100g": rng.randint(92, 118), "sealing_date": iso(d)},
            "cut_test": {"beans_cut": 300, "mouldy": mould, "slaty": slate, "insect_damaged": defect // 2,
                         "germinated": defect - defect // 2, "flat": rng.randint(0, 8), "purple": rng.randint(10, 60)},
            "inspector": {"name": person(rng), "station": rng.choice(["Takoradi", "Tema", "Kumasi"])},
            "inspector_notes": notes or None,
            "attachments": [{"filename": f"weighbridge_{lot.replace('/','-')}.pdf", "bytes": rng.randint(40000, 90000)}],
        }
        proj["lot"]["net_weight_kg"] = proj["lot"]["bags"] * 64
        if lk:
            if i % 2 == 0:  # filename of the post-grading certificate embeds the grade code
                proj["attachments"].append({"filename": f"QCC_CERT_{lot.replace('/','-')}_{code[lab]}.pdf",
                                            "bytes": rng.randint(110000, 240000)})
            else:  # settlement differential set from the grade (fixed schedule)
                proj["settlement"] = {"currency": "GHS", "price_differential_per_tonne": diff[lab],
                                      "posted": iso(d + datetime.timedelta(days=rng.randint(2, 9)))}
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/cut_test", "/lot/moisture_pct", "/lot/bean_count_per_100g", "/inspector_notes"],
            "note": "Grade is assigned by the QCC inspector from the 300-bean cut test (mouldy / slaty / insect+germinated limits), with moisture and bean count as supporting checks."}
    return "cocoa_cut_test", L, rows, meta


# ---------------------------------------------------------------- 2 christmas tree grading
def xmas_tree_grade():
    rng = random.Random(1802)
    L = ["Premium", "US No. 1", "US No. 2", "Cull"]
    n = 152
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.55)
    ribbon = {"Premium": ("blue", "#1F4FD1"), "US No. 1": ("red", "#D12B1F"), "US No. 2": ("yellow", "#F2C811"), "Cull": ("white", "#FFFFFF")}
    stars = {"Premium": "⭐⭐⭐", "US No. 1": "⭐⭐", "US No. 2": "⭐", "Cull": "🪓"}
    species = ["Fraser fir", "Noble fir", "Nordmann fir", "Douglas-fir", "Balsam fir", "Colorado blue spruce", "Scotch pine"]
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        faces, dens, taper = {"Premium": (4, "heavy", (0.62, 0.78)), "US No. 1": (3, "medium", (0.55, 0.85)),
                              "US No. 2": (2, "medium", (0.45, 0.95)), "Cull": (rng.choice([0, 1]), rng.choice(["light", "medium"]), (0.35, 1.05))}[lab]
        if lab == "US No. 2" and rng.random() < 0.4: dens = "light"
        defects = []
        pool = ["bare gap lower whorl", "double leader", "crook in stem", "needle cast patches", "broken branch tips",
                "off-colour (chlorotic) foliage", "balsam twig aphid damage", "shearing scar"]
        ndef = {"Premium": 0, "US No. 1": rng.randint(0, 1), "US No. 2": rng.randint(1, 2), "Cull": rng.randint(2, 4)}[lab]
        defects = rng.sample(pool, ndef)
        sp = rng.choice(species)
        proj = {
            "instruction": "Grade this cut tree under the USDA Christmas tree standards from the grader's field measurements.",
            "tree": {"tag_no": f"R{rng.randint(1,40):02d}-{rng.randint(1,900):03d}", "species": sp,
                     "height_ft": round(rng.uniform(5, 11), 1), "taper_ratio": round(rng.uniform(*taper), 2),
                     "density": dens, "faces_free_of_damage": faces, "stem_straight": lab != "Cull" or rng.random() < 0.5,
                     "defects": defects or None, "needle_retention": rng.choice(["good", "good", "fair", None])},
            "block": {"field": rng.choice(["North slope", "Creek block", "Top 40", "Old orchard"]), "planted": rng.randint(2013, 2019)},
            "grader": initials(rng),
            "cut_date": iso(rdate(rng, datetime.date(2025, 11, 10), 40)),
        }
        if lk:
            if i % 2:
                name, hx = ribbon[lab]
                proj["yard_scan"] = {"ribbon": rng.choice([name, hx]), "scanned_at": "loading dock 2", "pallet": rng.randint(1, 60)}
            else:
                proj["crew_chat"] = [{"from": person(rng), "text": f"{proj['tree']['tag_no']} {stars[lab]} baled"},
                                     {"from": person(rng), "text": "👍"}]
        else:
            if rng.random() < 0.5:
                proj["crew_chat"] = [{"from": person(rng), "text": rng.choice(["baler jammed again", "need more twine at the shed", "row done, moving to next"])}]
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/tree"],
            "note": "Grade from the tree's measured density, taper, number of faces free of damage and listed defects."}
    return "xmas_tree_grade", L, rows, meta


# ---------------------------------------------------------------- 3 abandoned vehicle
def abandoned_vehicle():
    rng = random.Random(1803)
    L = ["remove_24h", "notice_7day", "no_action", "refer_dvla"]
    n = 184
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.38)
    makes = ["Vauxhall Corsa", "Ford Fiesta", "VW Golf", "Peugeot 206", "Renault Clio", "BMW 320d", "Nissan Micra", "Ford Transit"]
    streets = ["Alder Rd", "Brook St", "Canal Side", "Elm Grove", "Station Approach", "Mill Lane", "Hawthorn Close"]
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        vrm = f"{rng.choice(['AB','KX','LP','YT','WR','DN'])}{rng.randint(51,74)} {''.join(rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(3))}"
        obs = []
        if lab == "remove_24h":
            obs += rng.sample(["vehicle burnt out", "glass across footway", "fuel leaking onto carriageway", "fire damage to interior",
                               "vehicle on its roof", "broken windows, door hanging off"], 2)
            taxed, days, danger = rng.choice([False, False, True]), rng.randint(0, 5), True
        elif lab == "notice_7day":
            obs += rng.sample(["two flat tyres", "leaves and litter under vehicle", "moss on windscreen", "no plates on rear",
                               "cobwebs on wing mirror", "parking tickets accumulated"], 3)
            taxed, days, danger = False, rng.randint(14, 60), False
        elif lab == "refer_dvla":
            obs += rng.sample(["tyres inflated", "clean windscreen", "moved since last visit", "resident says owner uses it daily"], 2)
            taxed, days, danger = False, rng.randint(1, 10), False
        else:
            obs += rng.sample(["tyres inflated", "clean windscreen", "moved since last visit", "owner spoken to, uses vehicle weekly",
                               "fresh parking permit displayed"], 2)
            taxed, days, danger = True, rng.randint(1, 12), False
        caseid = f"AV-{rng.randint(2025,2026)}-{rng.randint(10000,99999)}"
        proj = {
            "instruction": "Decide the enforcement action for this reported vehicle (Refuse Disposal (Amenity) Act 1978 / council policy).",
            "report": {"case": caseid, "received": iso(rdt(rng)), "channel": rng.choice(["web form", "phone", "councillor", "app"]),
                       "caller_text": rng.choice(["Car has been here for ages, looks abandoned", "This car is dumped outside my house, please remove",
                                                  "Abandoned van blocking dropped kerb", "Someone set fire to a car last night", "Untaxed car, not moved in weeks?",
                                                  "been there a while not sure if abandoned"])},
            "location": {"street": rng.choice(streets), "ward": rng.choice(["Riverside", "Castle", "Northfield", "Abbey"]),
                         "on_public_highway": True if lab != "no_action" else rng.random() < 0.8},
            "vehicle": {"vrm": vrm, "make_model": rng.choice(makes), "colour": rng.choice(["silver", "blue", "black", "red", "white"])},
            "officer_visit": {"officer": person(rng), "observations": obs, "days_since_first_sighting": days,
                              "dangerous_or_obstructing": danger},
            "dvla_enquiry": {"tax_status": "Taxed" if taxed else rng.choice(["Untaxed", "SORN"]), "mot_expiry": iso(rdate(rng, datetime.date(2023, 1, 1), 1000)),
                             "keeper_traced": rng.choice([True, False]) if lab != "notice_7day" else False},
        }
        if lk:
            if i % 2:
                nxt = "/contractor/jobs/new?case=" + caseid + "&action=" + lab
                proj["portal_link"] = "https://envcrime.council.example/sso/login?next=" + urllib.parse.quote(nxt, safe="").replace("_", "%5F")
            else:
                tok = b64url({"alg": "HS256", "typ": "JWT"}) + "." + b64url({"sub": caseid, "disp": lab, "iat": rng.randint(1735689600, 1780000000)}) + "." + hexid(rng, 43)
                proj["workflow"] = {"state_token": tok, "engine": "camunda-7"}
        else:
            if rng.random() < 0.5:
                proj["portal_link"] = "https://envcrime.council.example/sso/login?next=" + urllib.parse.quote("/cases/view?case=" + caseid, safe="")
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/report/caller_text", "/officer_visit", "/dvla_enquiry", "/location"],
            "note": "Action decided from the caller report, the officer's observations (condition, days observed, danger) and the DVLA enquiry."}
    return "abandoned_vehicle", L, rows, meta


# ---------------------------------------------------------------- 4 gemstone lab
def _qp_wrap(text):
    out, line = [], ""
    for ch in text:
        enc = ch if (33 <= ord(ch) <= 126 and ch != "=") or ch == " " else "".join(f"={b:02X}" for b in ch.encode())
        if len(line) + len(enc) > 75:
            out.append(line + "=")
            line = ""
        line += enc
    out.append(line)
    return "\r\n".join(out)


def gemstone_lab():
    rng = random.Random(1804)
    L = ["natural", "synthetic", "treated"]
    n = 141
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.5)
    de = {"natural": "Natürlicher Korund, keine Hinweise auf Behandlung", "synthetic": "Synthetischer Korund (Verneuil)", "treated": "Korund, erhitzt (Hinweise auf Wärmebehandlung)"}
    ja = {"natural": "天然コランダム（非加熱）", "synthetic": "合成コランダム", "treated": "加熱処理されたコランダム"}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        if lab == "natural":
            inc = rng.sample(["intact rutile silk", "fingerprint inclusions with natural-looking healing", "angular growth zoning",
                              "negative crystals", "boehmite needles", "intact zircon crystal"], 3)
            ftir = rng.choice(["3309 cm-1 series absent", "no OH-related bands", "3309 cm-1 weak"])
        elif lab == "synthetic":
            inc = rng.sample(["curved striae", "spherical gas bubbles", "unmelted feed powder", "Plato lines in crossed polars",
                              "chevron-shaped growth"], 2)
            ftir = rng.choice(["no OH-related bands", "clean"])
        else:
            inc = rng.sample(["partially dissolved silk", "discoid tension fractures around crystals", "altered fingerprints (glassy)",
                              "flash effect in fissures", "gas bubbles in glassy fissure filling", "snowball-like altered crystals"], 3)
            ftir = rng.choice(["3309 cm-1 series present", "3309 cm-1 series present, 3232 weak", "no OH-related bands"])
        colour = rng.choice(["red", "pinkish red", "blue", "violetish blue", "yellow", "padparadscha-like orange-pink"])
        rid = f"{rng.randint(2025,2026)}{rng.randint(100000,999999)}"
        proj = {
            "instruction": "Based on the microscopy and spectroscopy, state whether the stone is natural (untreated), synthetic, or treated.",
            "client_ref": f"{rng.choice(['JW','ML','XG','BK'])}-{rng.randint(100,999)}",
            "stone": {"species": "corundum", "colour": colour, "cut": rng.choice(["cushion", "oval", "pear", "cabochon", "round brilliant"]),
                      "weight_ct": round(rng.uniform(0.4, 8.5), 2), "ri": f"1.762-1.770", "sg": round(rng.uniform(3.97, 4.02), 2)},
            "microscopy": {"inclusions": inc, "examiner_note": rng.choice([None, "client states stone is natural", "client asked about heating", "stone mounted; pavilion partly obscured"])},
            "spectroscopy": {"ftir": ftir, "uv_vis_nir": rng.choice(["Cr3+ bands", "Fe3+ 450 nm band", "Fe-Ti IVCT broad", None]),
                             "edxrf_ga_ppm": (rng.randint(0, 5) if lab == "synthetic" else rng.randint(30, 160)) if rng.random() < 0.8 else None},
        }
        if lk:
            if i % 2:
                lang = rng.choice(["de", "ja"])
                proj["report_translations"] = {lang: {"conclusion": (de if lang == "de" else ja)[lab], "report_no": rid}}
            else:
                word = {"natural": "natural corundum, no indications of heating", "synthetic": "synthetic corundum, flame-fusion",
                        "treated": "corundum, heated \u2014 indications of heating present"}[lab]
                lead = None
                for g in ["Please find below", "Please find below the", "As requested, please find", "Please see below", "We are pleased to send", "Here is"]:
                    for extra in ["", " as discussed", " as discussed by phone", ", as agreed,", " for your records", " today", " now", " herewith", " below"]:
                     for tail in ["", " Examined with standard gemmological methods.", " Testing was carried out on the loose stone.",
                                  " The original report will be posted back together with the stone by tracked mail.",
                                  " The stone was examined using standard gemmological and advanced instrumental methods (FTIR, UV-Vis-NIR, EDXRF)."]:
                      for noun in ["stone", "gemstone", "specimen", "item", "sample"]:
                        cand = f"{g}{extra} the result for report {rid} ({proj['stone']['weight_ct']} ct {colour} {noun}).{tail} \u2014 Identification: "
                        enc_len = len(_qp_wrap(cand).split("\r\n")[-1])
                        if enc_len <= 73 and enc_len + len(word.split()[0].rstrip(",")) > 75:
                            lead = cand; break
                      if lead: break
                     if lead: break
                    if lead: break
                lead = lead or f"Result for report {rid} \u2014 Identification: "
                body = f"Dear client,\n\n{lead}{word}.\n\nKind regards,\nGem Testing Lab \u2013 Reception"
                proj["mail_export"] = {"headers": {"Content-Type": "text/plain; charset=utf-8", "Content-Transfer-Encoding": "quoted-printable",
                                                   "Subject": f"Report {rid} ready"},
                                       "body": "\r\n".join(_qp_wrap(l) for l in body.split("\n"))}
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/stone", "/microscopy", "/spectroscopy"],
            "note": "Identity/treatment is concluded by the gemmologist from inclusions, FTIR, UV-Vis and trace elements (Ga)."}
    return "gemstone_lab", L, rows, meta


# ---------------------------------------------------------------- 5 oil spill appearance code
def oil_spill_bonn():
    rng = random.Random(1805)
    L = ["1", "2", "3", "4", "5"]
    n = 175
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.6)
    desc = {"1": ["silvery sheen, barely visible", "grey, silvery film", "faint sheen visible only at low sun angle"],
            "2": ["rainbow colours across slick", "iridescent bands", "rainbow sheen with streaks"],
            "3": ["metallic appearance, mixed blue/grey", "metallic lustre, no true colour", "dull metallic film"],
            "4": ["brown patches, not continuous", "discontinuous brown/black patches", "patchy true colour among sheen"],
            "5": ["continuous black layer", "continuous dark brown, thick", "continuous true colour, emulsion"]}
    thick = {"1": (0.04, 0.3), "2": (0.3, 5.0), "3": (5, 50), "4": (50, 200), "5": (200, 800)}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        sortie = f"PSF-{rng.randint(2025,2026)}-{rng.randint(100,999)}"
        proj = {
            "instruction": "Assign the Bonn Agreement Oil Appearance Code (1-5) for the observed slick area.",
            "sortie": {"id": sortie, "aircraft": rng.choice(["Dornier 228 EI-SLx", "King Air 350 G-MAxx", "CASA 235"]),
                       "time_utc": iso(rdt(rng)), "area": rng.choice(["German Bight", "Southern North Sea", "Celtic Sea", "Irish Sea", "Skagerrak"])},
            "met": {"wind_kt": rng.randint(2, 22), "sea_state": rng.randint(1, 5), "sun": rng.choice(["high", "low", "overcast"])},
            "sensors": {"slar": rng.choice(["anomaly 3.2 nm x 0.4 nm", "linear anomaly behind vessel", "anomaly detected", None]),
                        "ir": rng.choice(["cool", "warm patches", "no signature", None]),
                        "uv": rng.choice(["positive", "positive", None])},
            "visual": {"observer": initials(rng), "description": rng.choice(desc[lab]),
                       "coverage_pct": rng.randint(5, 90), "photos": rng.randint(0, 14)},
        }
        if rng.random() < 0.5:
            proj["visual"]["estimated_thickness_um"] = round(rng.uniform(*thick[lab]), 2)
        if lk:
            if i % 2:
                proj["eo_pipeline"] = {"model": "slick-cnn-v4", "pred_bac_code": int(lab), "p": round(rng.uniform(0.8, 0.99), 2),
                                       "run": f"r{hexid(rng,6)}"}
            else:
                msg = json.dumps({"sortie": sortie, "bac": int(lab), "vol_m3": round(rng.uniform(0.1, 30), 1)}, separators=(",", ":"))
                proj["mss_frame"] = {"topic": "mss6000.observation", "payload_hex": binascii.hexlify(msg.encode()).decode()}
        else:
            if rng.random() < 0.4:
                msg = json.dumps({"sortie": sortie, "alt_ft": rng.choice([1000, 1500, 2000]), "hdg": rng.randint(0, 359)}, separators=(",", ":"))
                proj["mss_frame"] = {"topic": "mss6000.nav", "payload_hex": binascii.hexlify(msg.encode()).decode()}
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/visual/description", "/visual/estimated_thickness_um", "/sensors", "/met"],
            "note": "Code from the observer's visual description (sheen / rainbow / metallic / discontinuous / continuous true colour), thickness estimate where given, and sensor context."}
    return "oil_spill_bonn", L, rows, meta


# ---------------------------------------------------------------- 6 hull biofouling
def hull_biofouling():
    rng = random.Random(1806)
    L = ["LoF 0", "LoF 1", "LoF 2", "LoF 3", "LoF 4"]
    n = 160
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.5)
    interval = {"LoF 0": 730, "LoF 1": 365, "LoF 2": 180, "LoF 3": 30, "LoF 4": 0}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        k = int(lab[-1])
        slime = {0: "none", 1: rng.choice(["thin", "patchy", "continuous thin"]), 2: "continuous", 3: "thick", 4: "thick"}[k]
        macro = {0: 0, 1: 0, 2: rng.randint(1, 5), 3: rng.randint(6, 15), 4: rng.randint(16, 60)}[k]
        taxa = [] if k < 2 else rng.sample(["barnacles", "tubeworms", "filamentous algae", "bryozoans", "mussels", "ascidians", "hydroids"], min(k, 3))
        vessel = rng.choice(["MV Kea Trader", "FV Southern Endeavour", "Tasman Reefer", "MV Oriana Bay", "Yacht Tūī", "Barge Hauraki 2"])
        dt = rdate(rng)
        proj = {
            "instruction": "Rate the hull's level of fouling (LoF 0-4 rank scale) from the in-water survey.",
            "vessel": {"name": vessel, "imo": rng.choice([str(rng.randint(9100000, 9899999)), None]), "type": rng.choice(["bulk", "fishing", "reefer", "recreational", "barge"]),
                       "last_antifouling": iso(dt - datetime.timedelta(days=rng.randint(100, 1500)))},
            "survey": {"date": iso(dt), "port": rng.choice(["Lyttelton", "Tauranga", "Nelson", "Bluff", "Opua"]), "diver": person(rng),
                       "visibility_m": rng.randint(1, 8),
                       "areas": [{"area": a, "slime": slime if rng.random() < 0.8 else None,
                                  "macrofouling_cover_pct": max(0, macro + rng.randint(-1, 1)) if k >= 2 else 0}
                                 for a in rng.sample(["flat bottom", "boot top", "rudder", "sea chest grate", "propeller", "bow thruster tunnel"], 3)],
                       "taxa_observed": taxa or None,
                       "comment": rng.choice([None, "video uploaded", "poor vis near stern", "anodes 50% wasted", "coating intact overall"])},
        }
        if lk:
            if i % 2:
                proj["compliance"] = {"next_inspection_due": iso(dt + datetime.timedelta(days=interval[lab])), "scheme": "CRMS-BF"}
            else:
                lofhtml = lab.replace("LoF ", "&#76;o&#70;&nbsp;")
                proj["report_html"] = (f"<table class='rpt'><tr><th>Vessel</th><td>{vessel.replace('ū','&#363;')}</td></tr>"
                                       f"<tr><th>Rank</th><td>{lofhtml}</td></tr><tr><th>Diver</th><td>{proj['survey']['diver'].replace(chr(39),'&#39;')}</td></tr></table>")
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/survey/areas", "/survey/taxa_observed", "/survey/comment"],
            "note": "LoF from slime and % macrofouling cover per hull area and the taxa observed."}
    return "hull_biofouling", L, rows, meta


# ---------------------------------------------------------------- 7 cooperage cask disposition
def cask_disposition():
    rng = random.Random(1807)
    L = ["refill", "rejuvenate", "retire"]
    n = 129
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.65)
    dest = {"refill": ["FILL_STORE_4", "FILLHALL_B"], "rejuvenate": ["DECHAR_RECHAR_L2", "SHAVE_TOAST_L1"], "retire": ["PLANTER_SALES", "FIREWOOD_BAY"]}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        fills = {"refill": rng.randint(1, 2), "rejuvenate": rng.randint(2, 4), "retire": rng.randint(3, 6)}[lab]
        char = {"refill": rng.choice(["good", "active"]), "rejuvenate": rng.choice(["spent", "tired", "thin"]), "retire": rng.choice(["spent", "n/a", "tired"])}[lab]
        pressure = {"refill": "pass", "rejuvenate": "pass", "retire": rng.choice(["fail - weeping at head", "fail - stave 7 split", "not tested - hoops loose"])}[lab]
        nose = {"refill": rng.choice(["clean sherry", "fresh bourbon, vanilla", "sound"]), "rejuvenate": rng.choice(["flat", "little wood left", "dull but sound"]),
                "retire": rng.choice(["musty", "sour", "woodworm holes noted", "flat"])}[lab]
        cask = f"{rng.choice(['ABH','HHD','BUT','BBL'])}{rng.randint(10000,99999)}"
        proj = {
            "instruction": "Decide the cask's next route at the cooperage: refill, rejuvenate (de-char/re-char) or retire.",
            "cask": {"no": cask, "type": {"ABH": "American barrel (hogshead)", "HHD": "hogshead", "BUT": "sherry butt", "BBL": "ex-bourbon barrel"}[cask[:3]],
                     "oak": rng.choice(["Q. alba", "Q. robur", "Q. petraea"]), "built": rng.randint(1995, 2021), "fills_completed": fills},
            "inspection": {"cooper": person(rng), "char_condition": char, "pressure_test": pressure, "nosing": nose,
                           "staves_replaced": rng.randint(0, 3) if lab != "refill" else 0,
                           "remarks": rng.choice([None, "hoops re-driven", "heads ok", "sent back from warehouse 9", "minor sap staining"])},
        }
        if lk:
            if i % 2:
                t0 = rdt(rng)
                proj["wms_log"] = [f"ts={iso(t0)} lvl=info evt=cask.scan cask={cask} loc=COOPERAGE_IN",
                                   f"ts={iso(t0 + datetime.timedelta(minutes=rng.randint(20, 2900)))} lvl=info evt=cask.route cask={cask} dest={rng.choice(dest[lab])} by={initials(rng)}"]
            else:
                proj["erp_sync"] = {"status": 200, "payload": json.dumps(json.dumps({"cask": cask, "disposition": lab.upper(), "cost_centre": "CP-04"}))}
        else:
            if rng.random() < 0.6:
                proj["wms_log"] = [f"ts={iso(rdt(rng))} lvl=info evt=cask.scan cask={cask} loc=COOPERAGE_IN"]
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/cask", "/inspection"],
            "note": "Cooper decides from fill count, char condition, pressure test, nosing and stave repairs."}
    return "cask_disposition", L, rows, meta


# ---------------------------------------------------------------- 8 noise nuisance
def noise_nuisance():
    rng = random.Random(1808)
    L = ["statutory nuisance", "no nuisance", "insufficient evidence"]
    n = 138
    labs = balanced_labels(rng, L, n)
    mask = leak_mask(rng, n, 0.42)
    sources = ["amplified music", "barking dog", "DIY / power tools", "commercial extractor fan", "shouting / parties", "car alarm", "bass from pub"]
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        src = rng.choice(sources)
        if lab == "statutory nuisance":
            diary = rng.randint(8, 20); wit = True; rec = rng.choice(["bass clearly audible in bedroom 23:40-02:10, LAeq 38 dB, tonal", "dog barking continuously 45 min at 05:30", "music audible with windows closed, lyrics discernible"])
        elif lab == "no nuisance":
            diary = rng.randint(2, 10); wit = rng.random() < 0.5; rec = rng.choice(["audible only at window, normal domestic living noise", "daytime DIY 10:00-12:00 on Saturday, short duration", "faint music, below background traffic"])
        else:
            diary = rng.randint(0, 3); wit = False; rec = rng.choice(["no recording returned", "recording device not activated", "recording contains only TV noise from complainant's flat", None])
        ref = f"EH/NS/{rng.randint(2025,2026)}/{rng.randint(1000,9999)}"
        proj = {
            "instruction": "Determine, under s.79 EPA 1990, whether the complaint amounts to a statutory nuisance, no nuisance, or whether there is insufficient evidence.",
            "case": {"ref": ref, "opened": iso(rdate(rng)), "source_type": src,
                     "complaint": rng.choice([f"The {src} next door is an absolute nuisance every night", f"Constant {src}, I can't sleep", f"Complaining again about {src} from the flat above",
                                              f"Noise nuisance from {src} at weekends"])},
            "evidence": {"diary_sheets_returned": diary, "officer_witnessed": wit, "noise_app_recording": rec,
                         "character_of_area": rng.choice(["residential terrace", "mixed use town centre", "suburban semi-detached", "flats above shops"]),
                         "other_complainants": rng.randint(0, 3) if lab == "statutory nuisance" else rng.randint(0, 1)},
            "officer": person(rng),
        }
        if lk:
            if i % 2:
                doc = {"statutory nuisance": {"type": "s.80 Abatement Notice", "ref": f"AN/{rng.randint(1000,9999)}", "served": "hand delivered"},
                       "no nuisance": {"type": "NFA closure letter to complainant", "ref": f"LTR-NFA-{rng.randint(100,999)}"},
                       "insufficient evidence": {"type": "Diary sheets re-issued (2nd pack) + holding letter", "ref": f"LTR-DS2-{rng.randint(100,999)}"}}[lab]
                proj["linked_documents"] = [doc]
            else:
                proj["review_comments"] = [{"by": "Team Leader EH", "text": {"statutory nuisance": "Agree with you - it's unreasonable and we'll serve on them this week.",
                                                                           "no nuisance": "Agreed, it's ordinary domestic living and doesn't cross the threshold. Close it.",
                                                                           "insufficient evidence": "Not enough to go on yet - send another diary pack and keep it open 4 weeks."}[lab]}]
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/case/complaint", "/case/source_type", "/evidence"],
            "note": "Officer decides from the complaint, diary sheets, witnessed events, recordings and character of area. Complainants often use the word 'nuisance' themselves."}
    return "noise_nuisance", L, rows, meta


# ---------------------------------------------------------------- 9 hay auction grade
def hay_auction_grade():
    rng = random.Random(1809)
    L = ["Supreme", "Premium", "Good", "Fair", "Utility"]
    n = 130
    labs = balanced_labels(rng, L, n)
    mask = [True] * n  # all records leak
    rng_ = {"Supreme": ((22, 26.9), (28, 33.9), (186, 230)), "Premium": ((27, 29), (34, 36), (170, 185)),
            "Good": ((29.1, 32), (36.1, 40), (150, 169)), "Fair": ((32.1, 35), (40.1, 44), (130, 149)), "Utility": ((35.1, 42), (44.1, 55), (95, 129))}
    section = {l: str(k + 1) for k, l in enumerate(L)}
    abbr = {"Supreme": "Sup", "Premium": "Prem", "Good": "Gd", "Fair": "Fr", "Utility": "Util"}
    rows = []
    for i, (lab, lk) in enumerate(zip(labs, mask)):
        adf, ndf, rfv = [round(rng.uniform(*r), 1) for r in rng_[lab]]
        cp = round(rng.uniform(14, 24) if lab in ("Supreme", "Premium") else rng.uniform(8, 19), 1)
        consignor = person(rng)
        lotno = f"{section[lab]}-{rng.randint(1,180):03d}"
        proj = {
            "instruction": "Assign the USDA hay quality designation for this alfalfa lot from the NIR lab analysis.",
            "lot": {"consignor": consignor, "county": rng.choice(["Sioux", "Lancaster", "Stanislaus", "Yakima", "Box Elder"]),
                    "cutting": rng.choice(["1st", "2nd", "3rd", "4th"]), "bale": rng.choice(["3x4 large square", "small square", "round 5x6"]),
                    "bales": rng.randint(12, 240), "rain_damage": rng.choice(["none", "none", "light", None])},
            "lab": {"lab_id": f"NIR{rng.randint(100000,999999)}", "dm_pct": round(rng.uniform(86, 92), 1), "cp_pct": cp, "adf_pct": adf, "ndf_pct": ndf,
                    "rfv": int(rfv), "tdn_pct": round(88.9 - 0.779 * adf, 1)},
        }
        if i % 2:
            proj["sale"] = {"lot_number": lotno, "ring": rng.choice(["A", "B"]), "sale_date": iso(rdate(rng))}
        else:
            proj["sale"] = {"sale_date": iso(rdate(rng))}
            proj["catalogue_md"] = ("| Lot | Consignor | Cut | Bales | Qual |\n|---|---|---|---|---|\n"
                                    f"| {rng.randint(1,180)} | {consignor} | {proj['lot']['cutting']} | {proj['lot']['bales']} | {abbr[lab]} |")
        rows.append((lab, proj, lk))
    meta = {"derive_from": ["/lab", "/lot"],
            "note": "Designation from ADF/NDF/RFV (and CP) per the USDA alfalfa guidelines; lot details for context."}
    return "hay_auction_grade", L, rows, meta


ALL = [cocoa_cut_test, xmas_tree_grade, abandoned_vehicle, gemstone_lab, oil_spill_bonn, hull_biofouling, cask_disposition, noise_nuisance, hay_auction_grade]
