import random, math, base64
from common import balanced_labels, pick_leaks, write_dataset, Dealer

FIRST = ["Ana", "Ben", "Chloe", "Dmitri", "Eva", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemal", "Lena",
         "Marco", "Nadia", "Oskar", "Priya", "Rafael", "Sofia", "Tomasz", "Ulla", "Viktor", "Wen", "Yusuf", "Zoe"]
LAST = ["Berger", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova", "Jensen", "Kowalski",
        "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Schmidt", "Tanaka", "Vargas"]


def name(rng):
    return rng.choice(FIRST) + " " + rng.choice(LAST)


def date(rng, y=2024, m0=1, m1=12):
    return "%04d-%02d-%02d" % (y, rng.randint(m0, m1), rng.randint(1, 28))

# ---------------------------------------------------------------- 1 sunglass filter category (numeric)

def sunglass_filter(manifest):
    rng = random.Random(3401)
    D = Dealer(rng)
    labels = ["0", "1", "2", "3", "4"]
    rngs = {"0": (80.5, 95.0), "1": (43.5, 79.5), "2": (18.5, 42.5), "3": (8.5, 17.5), "4": (3.5, 7.5)}
    words = {"0": "zero", "1": "one", "2": "two", "3": "three", "4": "four"}
    n = 150
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.4, rng)
    fams = ["zpl_label_print", "number_word_in_note", "attachment_filename"]
    rows = []
    for i, lab in enumerate(seq):
        tau = round(rng.uniform(*rngs[lab]), 1)
        lot = "L%05d" % rng.randint(10000, 99999)
        model = D.choice(lab, ["AVIA-52", "CORSO-48", "DUNE-55", "MARE-50", "RIVA-54", "TERRA-51"])
        tint = D.choice(lab, ["grey", "brown", "green (G-15)", "rose", "blue mirror", "amber"])
        notes = [D.choice(lab, ["Bench check done; no haze or striae observed.",
                             "Cosmetic inspection OK, minor edge chip on lens R removed from lot.",
                             "Transmittance curve smooth, no spikes in 380-400 nm band.",
                             "Repeat measurement after recalibration of the spectrophotometer."])]
        tf = {}
        # traps
        r = D.random(lab)
        if r < 0.35:
            k = D.randint(lab, 2, 5)
            notes.append("Measured at %d points across the lens (centre + %d periphery)." % (k, k - 1))
            tf["number_in_other_sense"] = notes[-1]
        elif r < 0.6:
            other = D.choice(lab, labels)
            notes.append("For reference: previous lot of frame %s (%s) shipped as category %s." % (model, "L%05d" % rng.randint(10000, 99999), other))
            tf["other_record_label"] = notes[-1]
        leak = i in leaks
        lf = []
        fam = fams[i % 3] if leak else None
        if leak:
            lf = [fam]
        zpl = "^XA^CF0,28^FO40,40^FD%s %s^FS^FO40,80^FDLot %s  UV400^FS" % (model, tint.split(" ")[0].upper(), lot)
        if fam == "zpl_label_print":
            zpl += "^FO40,120^FDCAT %s  EN ISO 12312-1^FS" % lab
        else:
            zpl += "^FO40,120^FDEN ISO 12312-1^FS"
        zpl += "^XZ"
        if fam == "number_word_in_note":
            notes.append("Per bench reading this lens sits in filter category %s, label stock pulled accordingly." % words[lab])
        csv = "%s_tv.csv" % lot.lower()
        if fam == "attachment_filename":
            csv = "%s_tv_cat%s.csv" % (lot.lower(), lab)
        proj = {
            "instruction": ("You are the QA assistant of an eyewear lab. Assign the sunglass filter category per EN ISO 12312-1 "
                            "from the luminous transmittance tau_v: >80-100 % -> 0, >43-80 % -> 1, >18-43 % -> 2, >8-18 % -> 3, >3-8 % -> 4. "
                            "Answer with the single digit."),
            "tool_calls": [
                {"name": "get_lens_test", "args": {"lot": lot},
                 "output": {"lot": lot, "frame_model": model, "lens_material": D.choice(lab, ["polycarbonate", "CR-39", "nylon", "mineral glass"]),
                            "tint": tint, "polarised": D.random(lab) < 0.5, "base_curve": D.choice(lab, [4, 6, 8]),
                            "uv_cutoff_nm": 400,
                            "measurements": {"tau_v_percent": tau, "illuminant": "D65", "observer": "2 deg",
                                             "instrument": D.choice(lab, ["Cary 60", "Lambda 365", "UV-2600i"])},
                            "qa_notes": " ".join(notes),
                            "attachments": [csv, "%s_photo.jpg" % lot.lower()]}},
                {"name": "render_hangtag_preview", "args": {"lot": lot}, "output": {"format": "ZPL", "data": zpl}},
            ],
        }
        if not leak:
            tf["neutral_copy_in_leak_channel"] = zpl
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": lf, "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction lists all five tau_v bands"
    write_dataset("sunglass_filter", labels, rows, ["/tool_calls/0/output/measurements/tau_v_percent"],
                  "Filter category follows from tau_v alone (EN ISO 12312-1 bands stated in the instruction).", manifest)

# ---------------------------------------------------------------- 2 tempo marking (Italian labels)
ABBR = {"Largo": "Lgo.", "Adagio": "Ado.", "Andante": "And.te", "Moderato": "Mod.to", "Allegro": "All.o", "Presto": "Pr.to"}

def tempo_marking(manifest):
    rng = random.Random(3402)
    D = Dealer(rng)
    labels = ["Largo", "Adagio", "Andante", "Moderato", "Allegro", "Presto"]
    rngs = {"Largo": (42, 57), "Adagio": (61, 71), "Andante": (75, 105), "Moderato": (110, 117), "Allegro": (122, 165), "Presto": (170, 198)}
    gloss = {"Largo": "broadly, very slowly", "Adagio": "slowly and at ease", "Andante": "at a walking pace",
             "Moderato": "neither fast nor slow, restrained", "Allegro": "fast, lively and bright", "Presto": "as fast as possible"}
    n = 156
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.35, rng)
    rows = []
    composers = ["J. Dussek", "M. Clementi", "F. Kuhlau", "A. Diabelli", "C. Czerny", "F. Burgmüller", "J. L. Dussek", "I. Pleyel"]
    for i, lab in enumerate(seq):
        bpm = rng.randint(*rngs[lab])
        leak = i in leaks
        fam = ["english_gloss_translation", "musicxml_words_markup", "abbreviated_heading"][i % 3] if leak else None
        tf = {}
        publisher = D.choice(lab, ["Edizioni Andante (Milano)", "Presto Music Ltd", "G. Henle Verlag", "Bärenreiter", "Allegro Editions", "Schott"])
        exporter = D.choice(lab, ["MuseScore 4.2", "Finale Allegro 2000", "Sibelius 2023.5", "Dorico 5"])
        if any(w in publisher + exporter for w in labels):
            tf["label_word_as_brand"] = publisher if any(w in publisher for w in labels) else exporter
        comment = D.choice(lab, ["Check beaming in bars 12-14.", "Fingering from the 1821 first edition retained.",
                              "Slur in bar 7 missing in the autograph; editorial.", "Page turn after bar 32 must fall on a rest."])
        if D.random(lab) < 0.3:
            prev = D.choice(lab, labels)
            comment += " (Previous movement already engraved under %s.)" % prev
            tf["other_record_label"] = "previous movement engraved under %s" % prev
        if fam == "english_gloss_translation":
            comment += " Autograph heading, in the translator's English: '%s'. Engrave the Italian term." % gloss[lab]
        words = D.choice(lab, ["<dynamics><p/></dynamics>", "<words>dolce</words>", "<words>cantabile</words>", "<dynamics><mf/></dynamics>", "<words>legato</words>"])
        if fam == "musicxml_words_markup":
            words = '<words font-weight="bold">%s</words>' % lab
        xml = ('<measure number="1"><direction placement="above"><direction-type>%s</direction-type></direction>'
               '<note><pitch><step>%s</step><octave>4</octave></pitch><duration>2</duration><type>quarter</type></note></measure>') % (words, D.choice(lab, "CDEFGAB"))
        mv = D.randint(lab, 1, 3)
        roman = ["I", "II", "III"][mv - 1]
        parts = ["Vl. I - mvt %s" % roman, "Vl. II - mvt %s" % roman, "Vla - mvt %s" % roman, "Vc. - mvt %s" % roman]
        if fam == "abbreviated_heading":
            parts = [p + " (%s)" % ABBR[lab] for p in parts]
        proj = {
            "instruction": ("Engraving desk. The metronome mark of this movement is given in quarter-note beats per minute. "
                            "Choose the tempo heading: Largo 40-59, Adagio 60-72, Andante 73-107, Moderato 108-119, Allegro 120-167, Presto 168-200. "
                            "Answer with the Italian term only."),
            "score_metadata": {"work": "Sonatina in %s, Op. %d" % (D.choice(lab, ["C", "G", "F", "D", "B-flat", "A minor"]), rng.randint(20, 150)),
                               "composer": D.choice(lab, composers), "movement": mv,
                               "time_signature": D.choice(lab, ["2/4", "3/4", "4/4", "6/8"]),
                               "metronome": {"beat_unit": "quarter", "bpm": bpm},
                               "publisher": publisher, "exported_with": exporter},
            "editor_comment": comment,
            "attachments": [{"name": "mvt_excerpt.musicxml", "content": xml}],
            "part_files": parts,
        }
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction lists all six tempo terms with ranges"
    write_dataset("tempo_marking", labels, rows, ["/score_metadata/metronome/bpm"],
                  "Tempo heading follows from the quarter-note BPM by the ranges in the instruction.", manifest)

# ---------------------------------------------------------------- 3 SPF protection category (clean, multi-word)

def spf_category(manifest):
    rng = random.Random(3403)
    D = Dealer(rng)
    labels = ["low protection", "medium protection", "high protection", "very high protection"]
    rngs = {"low protection": (6.5, 14.3), "medium protection": (15.5, 29.3), "high protection": (30.5, 59.0), "very high protection": (61.0, 95.0)}
    n = 128
    seq = balanced_labels(labels, n, rng)
    rows = []
    for i, lab in enumerate(seq):
        target = rng.uniform(*rngs[lab])
        while True:
            subj = [round(target * rng.uniform(0.85, 1.15), 1) for _ in range(10)]
            mean = round(sum(subj) / 10, 1)
            lo, hi = rngs[lab]
            if lo - 0.4 <= mean <= hi + 0.4:
                break
        tf = {}
        notes = ["Irradiation with solar simulator, 10 subjects, Fitzpatrick I-III."]
        r = D.random(lab)
        if r < 0.3:
            notes.append("Climate chamber held at high humidity (65 % RH) during water-resistance pre-immersion.")
            tf["label_word_other_sense"] = notes[-1]
        elif r < 0.55:
            q = D.choice(lab, labels)
            notes.append("Marketing asked whether the pack could say '%s'; not for the lab to decide, category follows measured SPF only." % q)
            tf["uninformative_question"] = notes[-1]
        elif r < 0.75:
            notes.append("Reference standard P2 gave SPF %.1f (acceptance window 13.7-18.5)." % rng.uniform(14.5, 17.5))
            tf["reference_sample_value"] = notes[-1]
        proj = {
            "instruction": ("Regulatory affairs, cosmetics. Using the ISO 24444 in-vivo result, give the EU labelled protection category "
                            "(Commission Recommendation 2006/647/EC): mean SPF 6-14.9 low protection, 15-29.9 medium protection, "
                            "30-59.9 high protection, 60 and above very high protection. Answer with the category."),
            "lab_report": {"report_no": "SPF-%05d" % rng.randint(1, 99999), "product_code": "FRM-%04d" % rng.randint(1, 9999),
                           "format": D.choice(lab, ["lotion", "spray", "stick", "gel-cream", "fluid"]),
                           "subjects_spf": subj, "mean_spf": mean, "ci95_percent_of_mean": round(rng.uniform(6, 16), 1),
                           "uva_pf_ratio": round(rng.uniform(0.34, 0.6), 2), "test_house": D.choice(lab, ["Dermscan", "Eurofins Cosmetics", "BioScreen", "Proderm"]),
                           "notes": " ".join(notes)},
        }
        rows.append({"expected": lab, "projection": proj, "leak": False, "lf": [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all four categories"
    write_dataset("spf_category", labels, rows, ["/lab_report/mean_spf", "/lab_report/subjects_spf"],
                  "Category follows from the mean in-vivo SPF (the subject values give the same mean).", manifest)

# ---------------------------------------------------------------- 4 hemp total THC disposition (ordinary words)

def hemp_thc(manifest):
    rng = random.Random(3404)
    D = Dealer(rng)
    labels = ["compliant", "remediate", "destroy"]
    rngs = {"compliant": (0.04, 0.28), "remediate": (0.33, 0.96), "destroy": (1.05, 2.6)}
    n = 144
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.5, rng)
    fams = ["audit_trail_later_event", "later_deadline_field", "disposition_code"]
    later_ev = {"compliant": "lot released for interstate sale; tags issued",
                "remediate": "remediation plan RP-%d approved: biomass blending with compliant material",
                "destroy": "disposal witnessed by county agent; field disked under, photos uploaded"}
    dl = {"compliant": "release_date", "remediate": "remediation_due_by", "destroy": "disposal_due_by"}
    code = {"compliant": "H-01", "remediate": "H-02", "destroy": "H-03"}
    rows = []
    for i, lab in enumerate(seq):
        while True:
            tot = rng.uniform(*rngs[lab])
            f = rng.uniform(0.04, 0.3)
            d9 = round(tot * f, 3)
            thca = round((tot - d9) / 0.877, 3)
            t = d9 + 0.877 * thca
            lo, hi = rngs[lab]
            if lo - 0.01 <= t <= hi + 0.01:
                break
        leak = i in leaks
        fl = []
        if leak:
            fl = [fams[i % 3]] if D.random(lab) < 0.7 else rng.sample(fams, 2)
        lot = "HL-%05d" % rng.randint(10000, 99999)
        events = [{"ts": "2024-09-%02dT09:%02d" % (D.randint(lab, 1, 12), D.randint(lab, 0, 59)), "event": "pre-harvest sample collected by state sampling agent"},
                  {"ts": "2024-09-%02dT15:%02d" % (D.randint(lab, 13, 16), D.randint(lab, 0, 59)), "event": "received at lab, chain of custody intact"},
                  {"ts": "2024-09-%02dT11:%02d" % (D.randint(lab, 17, 20), D.randint(lab, 0, 59)), "event": "COA issued"}]
        tf = {}
        out = {"lot": lot, "farm_license": "HEMP-%d" % rng.randint(1000, 9999), "cultivar": D.choice(lab, ["Cherry Wine", "Lifter", "Suver Haze", "Hawaiian Haze", "Special Sauce", "BaOx"]),
               "acres": round(rng.uniform(0.5, 40), 1),
               "coa": {"method": "HPLC-DAD, dry-weight basis",
                       "analytes": [{"name": "delta-9-THC", "pct": d9}, {"name": "THCA", "pct": thca},
                                    {"name": "CBD", "pct": round(rng.uniform(0.2, 3), 3)}, {"name": "CBDA", "pct": round(rng.uniform(4, 16), 3)}],
                       "moisture_pct": round(rng.uniform(8, 12), 1),
                       "sampling_statement": "Sampling performed compliant with USDA hemp sampling guidelines (7 CFR 990.24)."},
               "events": events}
        tf["label_word_other_sense"] = out["coa"]["sampling_statement"]
        r = D.random(lab)
        if r < 0.3:
            o = D.choice(lab, labels)
            out["farm_notes"] = "Adjacent lot HL-%05d (same farm, different cultivar) outcome: %s." % (rng.randint(10000, 99999), o)
            tf["other_record_label"] = out["farm_notes"]
        elif r < 0.55:
            out["farm_notes"] = "Farm history: %d lot(s) had to destroy in the 2022 season after a late harvest." % D.randint(lab, 1, 3)
            tf["historical_mention"] = out["farm_notes"]
        if "audit_trail_later_event" in fl:
            ev = later_ev[lab] % rng.randint(100, 999) if "%d" in later_ev[lab] else later_ev[lab]
            events.append({"ts": "2024-10-%02dT10:%02d" % (D.randint(lab, 1, 28), D.randint(lab, 0, 59)), "event": ev})
        if "later_deadline_field" in fl:
            out[dl[lab]] = "2024-10-%02d" % D.randint(lab, 5, 30)
        if "disposition_code" in fl:
            out["disp_cd"] = code[lab]
        proj = {
            "instruction": ("State hemp program, compliance desk. Compute total THC = delta-9-THC + 0.877 x THCA (dry weight %). "
                            "Total THC <= 0.300 % -> compliant; > 0.300 % and <= 1.000 % -> remediate; > 1.000 % -> destroy. "
                            "Answer with one word."),
            "tool_calls": [{"name": "lims.get_lot", "args": {"lot": lot}, "output": out}],
        }
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": fl, "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction lists all three outcomes"
    write_dataset("hemp_thc", labels, rows, ["/tool_calls/0/output/coa/analytes/0/pct", "/tool_calls/0/output/coa/analytes/1/pct"],
                  "Outcome follows from delta-9-THC and THCA via total THC thresholds.", manifest)

# ---------------------------------------------------------------- 5 election recount (multi-word)

def recount_margin(manifest):
    rng = random.Random(3405)
    D = Dealer(rng)
    labels = ["automatic recount", "recount on request", "no recount"]
    rngs = {"automatic recount": (0.02, 0.46), "recount on request": (0.55, 0.95), "no recount": (1.2, 22.0)}
    n = 138
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.45, rng)
    fams = ["url_query_parameter", "quoted_email_reply", "prefilled_form_default"]
    urlv = {"automatic recount": "auto", "recount on request": "petition", "no recount": "none"}
    quote = {"automatic recount": "> Inside half a point. The state orders the retabulation itself, nobody has to file anything.",
             "recount on request": "> Outside the mandatory window but inside one percent, so it only happens if the trailing campaign files and pays the deposit.",
             "no recount": "> Nowhere near any threshold, we can certify without a retabulation."}
    offices = ["County Commissioner District %d", "School Board Seat %d", "City Council Ward %d", "Water District Director Div. %d", "State House District %d"]
    rows = []
    for i, lab in enumerate(seq):
        while True:
            total = rng.randint(2500, 180000)
            m = rng.uniform(*rngs[lab])
            k = rng.choice([2, 2, 3])
            third = rng.randint(int(total * 0.02), int(total * 0.12)) if k == 3 else 0
            two = total - third
            diff = int(round(total * m / 100))
            if (two - diff) % 2:
                diff += 1
            v1 = (two + diff) // 2
            v2 = two - v1
            s = v1 + v2 + third
            pct = (v1 - v2) / s * 100
            lo, hi = rngs[lab]
            if lo - 0.02 <= pct <= hi + 0.02 and v2 > third:
                break
        cands = [{"name": name(rng), "votes": v1}, {"name": name(rng), "votes": v2}]
        if k == 3:
            cands.append({"name": name(rng), "votes": third})
        rng.shuffle(cands)
        leak = i in leaks
        fam = fams[i % 3] if leak else None
        cid = rng.randint(100, 999)
        county = D.choice(lab, ["lakeview", "pinecrest", "harlan", "marion", "bexley"])
        tf = {}
        links = {"canvass_page": "https://elections.%s-county.gov/canvass/2024-11/contest/%d" % (county, cid)}
        if fam == "url_query_parameter":
            links["docket"] = "https://elections.%s-county.gov/recounts/docket?contest=%d&type=%s" % (county, cid, urlv[lab])
        else:
            links["docket"] = "https://elections.%s-county.gov/recounts/docket?contest=%d" % (county, cid)
        mail = [{"from": "canvass.board@%s-county.gov" % county, "subject": "Contest %d - canvass" % cid,
                 "body": D.choice(lab, ["Canvass board meets Thursday 10:00; please confirm the provisional ballot count.",
                                     "Adjudicated ballots from precinct %d are now included." % D.randint(lab, 1, 60),
                                     "Logic and accuracy test logs attached for the record."])}]
        r = D.random(lab)
        if r < 0.3:
            o = D.choice(lab, labels)
            mail[0]["body"] += " Separately, Measure %s on the same ballot: %s per the SoS bulletin." % (D.choice(lab, "ABCDEFG"), o)
            tf["other_record_label"] = mail[0]["body"]
        elif r < 0.55:
            mail[0]["body"] += " The %s campaign told reporters it will not request a recount." % cands[rng.randrange(len(cands))]["name"].split()[-1]
            tf["uninformative_negation"] = mail[0]["body"]
        elif r < 0.7:
            mail[0]["body"] += " Public records request #%d (ballot images) is on hold until certification." % rng.randint(1000, 9999)
            tf["label_word_other_sense"] = mail[0]["body"]
        if fam == "quoted_email_reply":
            mail.append({"from": "elections.director@%s-county.gov" % county, "subject": "RE: Contest %d - canvass" % cid,
                         "body": "Thanks, see below.\n\n" + quote[lab]})
        form = {"field": "recount_determination", "type": "string", "enum": list(labels)}
        if fam == "prefilled_form_default":
            form["default"] = lab
        proj = {
            "instruction": ("County elections office. From the certified canvass, compute the margin between the top two candidates "
                            "as a percentage of all votes cast for candidates in the contest. Margin <= 0.5 % -> automatic recount; "
                            "> 0.5 % and <= 1.0 % -> recount on request; > 1.0 % -> no recount. Fill in the response form."),
            "canvass": {"contest_id": cid, "office": D.choice(lab, offices) % D.randint(lab, 1, 9), "candidates": cands,
                        "precincts_reporting": "%d/%d" % ((p := rng.randint(10, 80)), p)},
            "links": links,
            "mail_thread": mail,
            "response_form": form,
        }
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "response_form.enum lists all three determinations"
    write_dataset("recount_margin", labels, rows, ["/canvass/candidates"],
                  "Determination follows from the candidate vote counts (margin of top two over all candidate votes).", manifest)

# ---------------------------------------------------------------- 6 exoplanet size class (clean)

def exoplanet_size(manifest):
    rng = random.Random(3406)
    D = Dealer(rng)
    labels = ["Earth-size", "super-Earth", "Neptune-size", "Jupiter-size"]
    rngs = {"Earth-size": (0.6, 1.18), "super-Earth": (1.33, 1.92), "Neptune-size": (2.1, 5.7), "Jupiter-size": (6.4, 14.5)}
    n = 132
    seq = balanced_labels(labels, n, rng)
    rows = []
    for i, lab in enumerate(seq):
        while True:
            rp = rng.uniform(*rngs[lab])
            rs = round(rng.uniform(0.45, 1.6), 3)
            depth = round((rp / (rs * 109.1)) ** 2 * 1e6, 1)
            rp2 = math.sqrt(depth * 1e-6) * rs * 109.1
            lo, hi = rngs[lab]
            if lo - 0.03 <= rp2 <= hi + 0.03 and depth > 20:
                break
        tf = {}
        log = ["%s: %d transits fitted, SNR %.1f" % (D.choice(lab, ["TESS S%d" % rng.randint(1, 70), "Kepler Q%d" % D.randint(lab, 1, 17)]), D.randint(lab, 2, 14), rng.uniform(8, 60))]
        r = D.random(lab)
        if r < 0.3:
            o = D.choice(lab, labels)
            log.append("System already hosts a confirmed %s companion on a %.1f d orbit." % (o, rng.uniform(1, 300)))
            tf["other_record_label"] = log[-1]
        elif r < 0.5:
            log.append("Ground-based follow-up night lost partly: Jupiter too close to the field, scattered light.")
            tf["label_word_other_sense"] = log[-1]
        elif r < 0.65:
            log.append("Host radius revised after Gaia DR3; earlier catalogue listed the star as a subgiant.")
            tf["historical_mention"] = log[-1]
        proj = {
            "instruction": ("Exoplanet vetting. Compute the planet radius Rp = sqrt(depth) x R_star x 109.1 (Earth radii; depth as a fraction, "
                            "R_star in solar radii). Rp < 1.25 -> Earth-size; 1.25-2.0 -> super-Earth; 2.0-6.0 -> Neptune-size; >= 6.0 -> Jupiter-size. "
                            "Answer with the class."),
            "toi": {"id": "TOI-%d.01" % rng.randint(100, 7000), "period_d": round(rng.uniform(0.6, 120), 4),
                    "transit_depth_ppm": depth, "duration_h": round(rng.uniform(0.8, 9), 2),
                    "host": {"teff_k": rng.randint(3200, 6800), "radius_rsun": rs, "tmag": round(rng.uniform(7, 14), 2)},
                    "vetting_log": log},
        }
        rows.append({"expected": lab, "projection": proj, "leak": False, "lf": [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all four classes"
    write_dataset("exoplanet_size", labels, rows, ["/toi/transit_depth_ppm", "/toi/host/radius_rsun"],
                  "Radius class follows from transit depth and stellar radius by the formula in the instruction.", manifest)

# ---------------------------------------------------------------- 7 AMS Lake Louise score (multi-word)

def ams_lake_louise(manifest):
    rng = random.Random(3407)
    D = Dealer(rng)
    labels = ["no AMS", "mild AMS", "moderate AMS", "severe AMS"]
    n = 148
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.55, rng)
    fams = ["upstream_model_paraphrase", "routing_queue_name", "status_emoji"]
    para = {"no AMS": "Symptom picture compatible with continuing the planned ascent; routine evening check.",
            "mild AMS": "Suggest a rest day at the current camp, fluids and simple analgesia; reassess in 24 h.",
            "moderate AMS": "Hold further ascent; consider acetazolamide; descend if not improving overnight.",
            "severe AMS": "Immediate descent indicated, dexamethasone and supplemental oxygen; rule out HACE."}
    queue = {"no AMS": "clinic-none-selfcare", "mild AMS": "clinic-mild-restday", "moderate AMS": "clinic-mod-hold", "severe AMS": "clinic-sev-evac"}
    emoji = {"no AMS": "🟢", "mild AMS": "🟡", "moderate AMS": "🟠", "severe AMS": "🔴"}

    def lab_of(it):
        s = sum(it.values())
        if it["headache"] < 1 or s < 3:
            return "no AMS"
        return "mild AMS" if s <= 5 else ("moderate AMS" if s <= 9 else "severe AMS")
    rows = []
    for i, lab in enumerate(seq):
        while True:
            it = {k: rng.randint(0, 3) for k in ["headache", "gastrointestinal", "fatigue_weakness", "dizziness_lightheadedness"]}
            if lab == "severe AMS":
                it = {k: rng.choice([2, 3, 3]) for k in it}
            if lab_of(it) == lab:
                break
        leak = i in leaks
        fl = []
        if leak:
            fl = [fams[i % 3]]
        tf = {}
        weather = D.choice(lab, ["clear, light wind", "overcast, snow showers", "clear, cold"])
        r = D.random(lab)
        if r < 0.25:
            weather = D.choice(lab, ["moderate wind from the W", "mild temperatures at camp, thawing", "moderate snowfall overnight"])
            tf["label_word_other_sense"] = weather
        out = {"patient_ref": "EXP-%03d" % rng.randint(1, 400), "age": D.randint(lab, 19, 67), "camp": D.choice(lab, ["Base Camp", "Camp 1", "Camp 2", "Advanced Base"]),
               "altitude_m": rng.randint(3400, 6400), "spo2_pct": D.randint(lab, 72, 92), "hr_bpm": D.randint(lab, 70, 120),
               "lake_louise_2018": it, "weather": weather}
        if D.random(lab) < 0.3:
            o = D.choice(lab, labels)
            out["companion_note"] = "Tent-mate %s assessed this morning: %s." % ("EXP-%03d" % rng.randint(1, 400), o)
            tf["other_person_label"] = out["companion_note"]
        routing = {"queue": "clinic-general"}
        if "routing_queue_name" in fl:
            routing["queue"] = queue[lab]
        if "status_emoji" in fl:
            out["status_icon"] = emoji[lab]
        calls = [{"name": "clinic.get_assessment", "output": out}, {"name": "clinic.routing", "output": routing}]
        if "upstream_model_paraphrase" in fl:
            calls.append({"name": "triage_assistant_v2.summarise", "output": {"summary": para[lab], "model": "triage-assist-2.3"}})
        proj = {
            "instruction": ("Expedition clinic. Score the 2018 Lake Louise AMS score (sum of headache, gastrointestinal, fatigue/weakness, "
                            "dizziness, each 0-3). AMS requires headache >= 1 and total >= 3: total 3-5 mild AMS, 6-9 moderate AMS, 10-12 severe AMS; "
                            "otherwise no AMS. This is a high altitude setting. Answer with the category."),
            "tool_calls": calls,
        }
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": fl, "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all four categories"
    write_dataset("ams_lake_louise", labels, rows, ["/tool_calls/0/output/lake_louise_2018"],
                  "Category follows from the four Lake Louise item scores.", manifest)
