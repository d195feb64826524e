"""Leaking datasets, part A: gleason, bac mention, cron frequency, wells DVT, division outcome."""
import datetime
from fractions import Fraction
from common import DS, b64, hexid

# ---------------------------------------------------------------- Gleason grade group
GG = {(3, 3): 1, (3, 4): 2, (4, 3): 3, (4, 4): 4, (3, 5): 4, (5, 3): 4, (4, 5): 5, (5, 4): 5, (5, 5): 5}
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
SITES = ["Right base lateral", "Right base medial", "Right mid lateral", "Right mid medial",
         "Right apex lateral", "Right apex medial", "Left base lateral", "Left base medial",
         "Left mid lateral", "Left mid medial", "Left apex lateral", "Left apex medial"]


def gleason(n=150):
    ds = DS("prostate_gleason_grade_group", ["1", "2", "3", "4", "5"], True,
            ["/tool_calls/0/output/cores"],
            "Grade Group is the maximum ISUP grade group over carcinoma cores, from primary+secondary "
            "Gleason patterns in /tool_calls/0/output/cores. Everything else in the report is context.", 3701)
    ds.task = ("Prostate needle-biopsy pathology: assign the ISUP/WHO Grade Group (1-5) of the case from the "
               "per-core Gleason patterns returned by the LIS tool.")
    rng = ds.rng
    instr = ("You are assisting a uropathology sign-out. Call get_pathology_report and assign the case ISUP Grade "
             "Group from the cores: 3+3=GG1, 3+4=GG2, 4+3=GG3, 4+4/3+5/5+3=GG4, 4+5/5+4/5+5=GG5; the case grade "
             "group is the highest among carcinoma cores. Answer with the digit only.")
    for lab in ds.label_cycle(n):
        g = int(lab)
        pats = [k for k, v in GG.items() if v == g]
        ncores = rng.choice([6, 8, 10, 12, 12, 12])
        sites = rng.sample(SITES, ncores) if ncores <= 12 else SITES
        top = rng.randrange(ncores)
        cores = []
        for ci, site in enumerate(sites):
            blk = "A%d" % (ci + 1)
            if ci == top:
                p, s = rng.choice(pats)
            elif rng.random() < 0.5:
                p, s = None, None
            else:
                lower = [k for k, v in GG.items() if v <= g]
                p, s = rng.choice(lower)
            core = {"core": ci + 1, "site": site, "block": blk,
                    "length_mm": rng.randrange(8, 19)}
            if p is None:
                core.update({"diagnosis": "Benign prostatic tissue", "primary_pattern": None,
                             "secondary_pattern": None, "percent_core_involved": 0})
            else:
                core.update({"diagnosis": "Adenocarcinoma, acinar type", "primary_pattern": p,
                             "secondary_pattern": s, "percent_core_involved": rng.randrange(5, 95, 5)})
            cores.append(core)
        acc = "SP-24-%05d" % rng.randrange(10000, 99999)
        leak = []
        traps = []
        r = rng.random()
        fam_words = fam_file = False
        if r < 0.22:
            fam_words = True
        elif r < 0.40:
            fam_file = True
        elif r < 0.48:
            fam_words = fam_file = True
        addenda = []
        if fam_words:
            addenda.append("ADDENDUM (intradepartmental consult, %s): Agree with the diagnosis. Overall, the "
                           "highest grade group in this case is grade group %s (ISUP 2014)." %
                           (rng.choice(["Dr. Okafor", "Dr. Lindqvist", "Dr. Haddad"]), WORDS[g]))
            leak.append("number word in free-text addendum")
        elif rng.random() < 0.5:
            b = rng.choice(cores)["block"]
            addenda.append("ADDENDUM: PIN-4 cocktail (p63/HMWCK/AMACR) performed on block %s; results support "
                           "the original interpretation." % b)
            traps.append(("numeric look-alikes (block/slide/core numbers)", "block %s; core %d of %d" % (b, top + 1, ncores)))
        fname = "%s_GG%d_synoptic.pdf" % (acc, g) if fam_file else "%s_synoptic.pdf" % acc
        if fam_file:
            leak.append("label code in attachment file name")
        hist = "PSA %.1f ng/mL, PI-RADS %d lesion on MRI." % (rng.uniform(3, 25), rng.choice([3, 4, 5]))
        if rng.random() < 0.3:
            prior = rng.choice(ds.labels)
            hist += " Prior outside biopsy (2021): Grade Group %s." % prior
            traps.append(("historical mention of an earlier event", "Prior outside biopsy (2021): Grade Group %s" % prior))
        traps.append(("full label set defined in instruction", "3+3=GG1, 3+4=GG2, 4+3=GG3 ..."))
        out = {"accession": acc, "specimen": "Prostate, %d-core TRUS/MRI-fusion biopsy" % ncores,
               "clinical_history": hist, "cores": cores,
               "microscopic": "Sections show %d cores; see table. Perineural invasion: %s." %
                              (ncores, rng.choice(["not identified", "present"])),
               "addenda": addenda,
               "attachments": [{"filename": fname, "mime": "application/pdf", "pages": rng.randrange(2, 5)}]}
        proj = {"instruction": instr,
                "tool_calls": [{"name": "get_pathology_report", "arguments": {"accession": acc}, "output": out}]}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- Baccalauréat mention (French labels)
EPREUVES = [("Français (écrit)", 5), ("Français (oral)", 5), ("Philosophie", 8), ("Grand oral", 10),
            ("Spécialité 1", 16), ("Spécialité 2", 16), ("Histoire-géographie", 6), ("Langue vivante A", 6),
            ("Langue vivante B", 6), ("Enseignement scientifique", 6), ("EPS", 6),
            ("Enseignement moral et civique", 2), ("Spécialité suivie en 1re", 8)]
BANDS = {"sans mention": (10, 12), "assez bien": (12, 14), "bien": (14, 16), "très bien": (16, 20)}
SPECS = ["Mathématiques", "Physique-chimie", "SES", "HGGSP", "SVT", "HLP", "LLCER anglais", "NSI"]
CODE_MENTION = {"sans mention": "SM", "assez bien": "AB", "bien": "B", "très bien": "TB"}


def bac(n=150):
    ds = DS("bac_mention", ["sans mention", "assez bien", "bien", "très bien"], True,
            ["/releve_de_notes"],
            "La mention se calcule uniquement à partir des notes et coefficients de /releve_de_notes "
            "(moyenne pondérée). Label set in French.", 3702)
    ds.task = ("French baccalauréat jury support: compute the weighted average of the candidate's marks and assign "
               "the honours mention (labels in French).")
    rng = ds.rng
    consigne = ("Vous assistez le jury du baccalauréat général. Calculez la moyenne pondérée des épreuves (notes sur 20 "
                "× coefficients) et indiquez la mention : moyenne < 12 → « sans mention » ; 12 ≤ m < 14 → « assez bien » ; "
                "14 ≤ m < 16 → « bien » ; m ≥ 16 → « très bien ». Tous les candidats ci-dessous sont admis (m ≥ 10). "
                "Répondez uniquement par la mention.")
    for lab in ds.label_cycle(n):
        lo, hi = BANDS[lab]
        while True:
            centre = rng.uniform(lo, hi)
            notes = []
            for nm, c in EPREUVES:
                v = round((centre + rng.gauss(0, 2.2)) * 2) / 2
                notes.append(min(20.0, max(2.0, v)))
            m = sum(Fraction(v).limit_denominator(2) * c for v, (_, c) in zip(notes, EPREUVES)) / 100
            if lo <= m < hi or (lab == "très bien" and m >= 16):
                break
        specs = rng.sample(SPECS, 3)
        releve = []
        for v, (nm, c) in zip(notes, EPREUVES):
            label = nm
            if nm == "Spécialité 1":
                label = "Spécialité : " + specs[0]
            elif nm == "Spécialité 2":
                label = "Spécialité : " + specs[1]
            elif nm == "Spécialité suivie en 1re":
                label = "Spécialité abandonnée en 1re : " + specs[2]
            releve.append({"epreuve": label, "coefficient": c, "note": v})
        leak, traps = [], []
        r = rng.random()
        f_code = r < 0.25 or 0.45 <= r < 0.55
        f_audit = 0.25 <= r < 0.55
        ine = "%09d%s%s" % (rng.randrange(10 ** 8, 10 ** 9), rng.choice("ABCDEFGHJK"), rng.choice("ABCDEFGHJK"))
        export = {"ine": ine, "code_etablissement": "0%d%s" % (rng.randrange(100000, 999999), rng.choice("ABCDEFGHJ")),
                  "session": "2024", "statut_inscription": "scolaire"}
        if f_code:
            export["code_mention"] = CODE_MENTION[lab]
            leak.append("abbreviated label code in export record")
        journal = [
            {"horodatage": "2024-06-%02dT%02d:%02d" % (rng.randrange(24, 29), rng.randrange(8, 18), rng.randrange(60)),
             "acteur": "correcteur", "action": "saisie des notes écrites"},
            {"horodatage": "2024-07-0%dT%02d:%02d" % (rng.randrange(1, 5), rng.randrange(8, 18), rng.randrange(60)),
             "acteur": "jury", "action": "harmonisation", "detail": "aucun point de jury attribué"},
        ]
        if f_audit:
            journal.append({"horodatage": "2024-07-0%dT09:%02d" % (rng.randrange(8, 10), rng.randrange(60)),
                            "acteur": "rectorat", "action": "édition du diplôme",
                            "detail": "Diplôme édité : « Admis%s »" % (
                                "" if lab == "sans mention" else " — mention " + lab.title())})
            leak.append("later-event entry in audit journal")
        app = rng.choice(["Travail régulier sur l'année.", "Des progrès en fin d'année.",
                          "Participation orale à développer.", "Attitude sérieuse et constante."])
        if rng.random() < 0.4:
            extra = rng.choice(["Bien que l'oral ait été hésitant, le dossier est cohérent.",
                                "Élève très bien intégré(e) dans la classe.",
                                "A bien voulu tutorer des camarades de seconde."])
            app = extra + " " + app
            traps.append(("label word in another sense", extra))
        brevet = None
        if rng.random() < 0.35:
            brevet = rng.choice(["très bien", "bien", "assez bien", "sans mention"])
            traps.append(("historical mention of an earlier event", "Mention obtenue au DNB (2021) : %s" % brevet))
        traps.append(("full label set defined in instruction", "« sans mention » ; « assez bien » ; « bien » ; « très bien »"))
        cand = {"numero_candidat": "%s-%06d" % (rng.choice(["LYO", "GRE", "CLE", "AMI", "REN"]), rng.randrange(10 ** 6)),
                "voie": "générale", "specialites_terminale": specs[:2]}
        if brevet:
            cand["dossier_scolaire"] = {"mention_dnb_2021": brevet}
        proj = {"consigne": consigne, "candidat": cand, "releve_de_notes": releve,
                "appreciation_livret": app, "export_siecle": export, "journal": journal}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- cron frequency
JOBS = ["ledger-reconcile", "s3-snapshot-prune", "search-index-compact", "invoice-pdf-render", "cert-expiry-scan",
        "crm-contact-sync", "warehouse-stock-export", "tmp-volume-gc", "feature-flag-audit", "dns-zone-backup",
        "sla-breach-report", "metrics-rollup", "gdpr-erasure-sweep", "price-feed-pull"]
TRAP_JOBS = [("hourly-rate-recalc", "payroll: recompute contractor hourly rates"),
             ("daily-mail-rss-ingest", "ingest Daily Mail RSS headlines into the media monitor"),
             ("weekly-world-news-archive", "archive scans of the Weekly World News back catalogue"),
             ("hourly-wage-index-fetch", "fetch the ONS average hourly wage index series")]
SECONDS = {"hourly": 3600, "daily": 86400, "weekly": 604800, "monthly": 2678400}
DOW = ["0", "1", "2", "3", "4", "5", "6", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]


def cron(n=160):
    ds = DS("cron_job_frequency", ["hourly", "daily", "weekly", "monthly"], True,
            ["/cronjob/spec/schedule"],
            "Frequency follows from the 5-field cron expression alone (minute hour dom month dow).", 3703)
    ds.task = "Platform config audit: classify a Kubernetes CronJob's run frequency from its cron schedule."
    rng = ds.rng
    instr = ("Audit the CronJob below and classify how often it runs, from spec.schedule (standard 5-field cron). "
             "Hour field '*' → hourly; otherwise day-of-month fixed → monthly; otherwise day-of-week fixed → weekly; "
             "otherwise daily. Reply with one of: hourly, daily, weekly, monthly.")
    for lab in ds.label_cycle(n):
        mi, hr = rng.randrange(60), rng.randrange(24)
        dom, dow = rng.randrange(1, 29), rng.choice(DOW)
        sched = {"hourly": "%d * * * *" % mi, "daily": "%d %d * * *" % (mi, hr),
                 "weekly": "%d %d * * %s" % (mi, hr, dow), "monthly": "%d %d %d * *" % (mi, hr, dom)}[lab]
        leak, traps = [], []
        if rng.random() < 0.3:
            name, desc = rng.choice(TRAP_JOBS)
            traps.append(("label word in another sense", name))
        else:
            name = rng.choice(JOBS)
            desc = "maintenance job " + name
        ns = rng.choice(["billing", "platform", "data", "search", "ops"])
        r = rng.random()
        f_mon = r < 0.22 or 0.40 <= r < 0.48
        f_key = 0.22 <= r < 0.48
        plan = "ns=%s;job=%s;rev=%d" % (ns, name, rng.randrange(1, 40))
        if f_key:
            plan = "freq=%s;" % lab + plan
            leak.append("base64-encoded label inside cache/plan key")
        traps.append(("innocuous encoded blob", "plan-key " + b64(plan)[:24] + "..."))
        ann = {"ops.example.io/plan-key": b64(plan), "ops.example.io/owner": rng.choice(["team-fin", "team-sre", "team-data"]),
               "ops.example.io/description": desc}
        if rng.random() < 0.3:
            other = rng.choice(ds.labels)
            oname = rng.choice(JOBS)
            ann["ops.example.io/runbook"] = ("If this fails, first check %s (runs %s) for lock contention." % (oname, other))
            traps.append(("label of another record/entity", ann["ops.example.io/runbook"]))
        monitor = {"provider": "healthchecks", "slug": "%s-%s" % (ns, name), "status": rng.choice(["up", "up", "up", "grace"]),
                   "grace": rng.choice([300, 600, 900, 1800]), "n_pings": rng.randrange(5, 900)}
        if f_mon:
            monitor["kind"] = "simple"
            monitor["timeout"] = SECONDS[lab]
            leak.append("correlated numeric config (expected ping period in seconds)")
        last = datetime.datetime(2025, rng.randrange(1, 12), rng.randrange(1, 29), rng.randrange(24), mi)
        traps.append(("full label set defined in instruction", "hourly, daily, weekly, monthly"))
        proj = {"instruction": instr,
                "cronjob": {"apiVersion": "batch/v1", "kind": "CronJob",
                            "metadata": {"name": name, "namespace": ns, "annotations": ann},
                            "spec": {"schedule": sched, "timeZone": rng.choice(["Etc/UTC", "Europe/Berlin", "America/Chicago"]),
                                     "concurrencyPolicy": rng.choice(["Forbid", "Replace"]),
                                     "successfulJobsHistoryLimit": 3,
                                     "jobTemplate": {"spec": {"template": {"spec": {"containers": [
                                         {"name": name, "image": "registry.example.io/%s:%s" % (name, hexid(rng, 7))}]}}}}},
                            "status": {"lastScheduleTime": last.strftime("%Y-%m-%dT%H:%M:00Z")}},
                "monitor": monitor}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- Wells DVT
CRIT = ["active_cancer", "paralysis_paresis_or_recent_cast", "bedridden_3d_or_surgery_12w", "localized_deep_vein_tenderness",
        "entire_leg_swollen", "calf_swelling_gt_3cm", "pitting_edema_symptomatic_leg", "collateral_superficial_veins",
        "previously_documented_dvt", "alternative_diagnosis_as_likely"]


def wells(n=140):
    ds = DS("ed_wells_dvt", ["DVT likely", "DVT unlikely"], True,
            ["/encounter/wells_criteria"],
            "Modified Wells score computed from the boolean checklist only.", 3704)
    ds.task = "Emergency department: compute the modified Wells DVT score from the structured checklist and classify pretest probability."
    rng = ds.rng
    instr = ("Compute the modified Wells score for DVT from encounter.wells_criteria: +1 for each of the first nine "
             "criteria that is true, -2 if alternative_diagnosis_as_likely is true. Score >= 2 -> 'DVT likely'; "
             "otherwise 'DVT unlikely'. Answer with the label only.")
    for lab in ds.label_cycle(n):
        while True:
            c = {k: rng.random() < 0.3 for k in CRIT}
            s = sum(1 for k in CRIT[:9] if c[k]) - (2 if c[CRIT[9]] else 0)
            if (s >= 2) == (lab == "DVT likely"):
                break
        leak, traps = [], []
        age = rng.randrange(22, 90)
        sex = ds.balanced("sex", lab, ["M", "F"])
        cc = rng.choice(["leg pain", "left leg pain", "right leg pain", "leg swelling", "calf pain"])
        paras = ["%d%s presents with %s, onset %d days ago." % (age, sex, cc, rng.randrange(1, 8)),
                 "Vitals: HR %d, BP %d/%d, SpO2 %d%% RA, T %.1f C." % (rng.randrange(60, 115), rng.randrange(105, 165),
                                                                      rng.randrange(60, 95), rng.randrange(93, 100), rng.uniform(36.2, 38.0))]
        if rng.random() < 0.35:
            t = rng.choice(["PE not suspected: denies chest pain or dyspnoea.", "Not on anticoagulation per patient."])
            paras.append(t)
            traps.append(("negated mention of another condition", t))
        if rng.random() < 0.3:
            t = rng.choice(["Family member likely arriving 16:00 to drive pt home.",
                            "Sister had a DVT after a long-haul flight in 2019."])
            paras.append(t)
            traps.append(("label word in another sense" if "likely" in t else "label of another person/event", t))
        r = rng.random()
        f_adf = r < 0.25 or 0.45 <= r < 0.55
        f_ord = 0.25 <= r < 0.55
        red = "[redacted by eval sanitizer]"
        text_paras = paras + ["Impression: " + red]
        if f_adf:
            imp = ("Impression: high pretest probability for DVT - proceed to venous duplex."
                   if lab == "DVT likely" else "Impression: low pretest probability - D-dimer first.")
            leak.append("unredacted rich-text (ADF) copy of redacted note")
        else:
            imp = "Impression: " + red
        adf = {"type": "doc", "version": 1, "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": p}]} for p in paras + [imp]]}
        orders = ["CBC WITH DIFFERENTIAL", "BASIC METABOLIC PANEL"]
        if rng.random() < 0.5:
            orders.append("PT/INR")
        if f_ord:
            orders.append("US DUPLEX VENOUS LOWER EXTREMITY UNILATERAL" if lab == "DVT likely" else "D-DIMER, QUANTITATIVE")
            leak.append("downstream order implied by the decision")
        traps.append(("full label set defined in instruction", "'DVT likely'; otherwise 'DVT unlikely'"))
        proj = {"instruction": instr,
                "encounter": {"csn": "%d" % rng.randrange(10 ** 9, 10 ** 10), "age": age, "sex": sex,
                              "chief_complaint": cc, "wells_criteria": c},
                "triage_note": {"format": "text+adf", "text": "\n".join(text_paras), "adf": adf},
                "orders": [{"description": o, "status": "ordered"} for o in orders]}
        ds.add(lab, proj, leak, traps)
    return ds


# ---------------------------------------------------------------- division outcome
SURN = ["Abbott", "Baird", "Chen", "Dlamini", "Egan", "Fraser", "Gallo", "Huang", "Ingram", "Jovanovic", "Kaur",
        "Laidlaw", "McAllister", "Nguyen", "O'Rourke", "Patel", "Quinlan", "Rahman", "Sorensen", "Tuilagi", "Underwood",
        "Vella", "Whitlam", "Xu", "Yates", "Zammit", "Ashby", "Brennan", "Costa", "Doyle", "Ellis", "Finch", "Grant",
        "Hughes", "Iqbal", "Jensen", "Kowalski", "Lam", "Moretti", "Nolan", "Okoro", "Pearce", "Reid", "Singh",
        "Tran", "Varga", "Walsh", "Young", "Abela", "Barker", "Cole", "Dunn", "Evans", "Ford", "Gill", "Hart",
        "Irwin", "Joyce", "Kemp", "Lowe", "Marsh", "Nash", "Orr", "Price"]
BILLS = ["Fisheries Amendment Bill", "Local Government (Rates) Bill", "Residential Tenancies Bill",
         "Water Infrastructure Bill", "Heritage Protection Amendment Bill", "Road Safety (Camera) Bill",
         "Energy Transition Bill", "Planning and Development Bill"]


def division(n=140):
    labels = ["motion carried", "motion defeated", "tie - casting vote required"]
    ds = DS("assembly_division_outcome", labels, True,
            ["/division/division_list/ayes", "/division/division_list/noes"],
            "Outcome from the counts of names in the two division lists.", 3705)
    ds.task = "Legislative clerk support: determine the outcome of a recorded division from the division lists."
    rng = ds.rng
    instr = ("Standing Order 142 (extract): when a division is taken, the Clerk counts the names in each list. If the "
             "Ayes exceed the Noes the Speaker declares the 'motion carried'; if the Noes exceed the Ayes, 'motion "
             "defeated'; where the numbers are equal the Speaker must give a casting vote ('tie - casting vote "
             "required'). Using only the division lists, give the outcome label.")
    for lab in ds.label_cycle(n):
        tot = rng.randrange(38, 62)
        if lab == "tie - casting vote required" and tot % 2:
            tot += 1
        if lab == "tie - casting vote required":
            a = nn = tot // 2
        else:
            a = rng.randrange(tot // 2 + 1, min(tot, tot // 2 + 9))
            nn = tot - a
            if lab == "motion defeated":
                a, nn = nn, a
        names = ["%s, %s." % (s, rng.choice("ABCDGJKLMPRST")) for s in rng.sample(SURN, tot)]
        ayes, noes = sorted(names[:a]), sorted(names[a:])
        bill = rng.choice(BILLS)
        leak, traps = [], []
        lines = ["The SPEAKER: The question is that the %s be now read a second time." % bill]
        if rng.random() < 0.5:
            guess = rng.choice(["Ayes", "Noes"])
            other = "Noes" if guess == "Ayes" else "Ayes"
            lines.append("The SPEAKER: I think the %s have it." % guess)
            lines.append("Honourable members: The %s have it!" % other)
            traps.append(("provisional statement superseded by the division", "I think the %s have it." % guess))
        if rng.random() < 0.3:
            prev = rng.choice(labels[:2])
            lines.append("(Previous division, No. %d, on the amendment: %s.)" % (rng.randrange(40, 120), prev))
            traps.append(("label of another record/event", "Previous division on the amendment: %s" % prev))
        lines.append("The SPEAKER: Ring the bells. ... Clear the lobbies. Lock the doors.")
        r = rng.random()
        f_decl = r < 0.25 or 0.45 <= r < 0.52
        f_next = 0.25 <= r < 0.52
        if f_decl:
            decl = {"motion carried": "The SPEAKER: The Ayes have it, the Ayes have it. Unlock the doors.",
                    "motion defeated": "The SPEAKER: The Noes have it, the Noes have it. Unlock the doors.",
                    "tie - casting vote required": "The SPEAKER: The numbers being equal, in accordance with precedent I give my vote with the Ayes. Unlock the doors."}[lab]
            lines.append(decl)
            leak.append("presiding officer's declaration paraphrased in transcript")
        traps.append(("full label set defined in instruction", "'motion carried' ... 'motion defeated' ... 'tie - casting vote required'"))
        div = {"number": rng.randrange(120, 400), "sitting_date": "2025-%02d-%02d" % (rng.randrange(2, 12), rng.randrange(1, 28)),
               "question": "That the %s be now read a second time." % bill,
               "tellers": {"ayes": [rng.choice(SURN)], "noes": [rng.choice(SURN)]},
               "division_list": {"ayes": ayes, "noes": noes}}
        proj = {"instruction": instr, "division": div, "hansard_proof": "\n".join(lines)}
        if f_next:
            if lab == "motion defeated":
                item = {"item": "%s - order of the day discharged; Bill withdrawn" % bill, "set_down_for": None}
            else:
                item = {"item": "%s - Committee of the whole Assembly" % bill,
                        "set_down_for": "next sitting day"}
            proj["notice_paper_next_sitting"] = [item]
            leak.append("later-stage business scheduled after the outcome")
        ds.add(lab, proj, leak, traps)
    return ds
