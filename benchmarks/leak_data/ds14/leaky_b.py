"""Leaking datasets, part B: seed lot grading, eviction dispositions, trial pre-screening."""
import base64, json, html, datetime as dt
from common import *

# ---------------------------------------------------------------- seed_lot_grade
CROPS = [("WH", "Hard red winter wheat", "Triticum aestivum"), ("SB", "Soybean", "Glycine max"),
         ("OT", "Oats", "Avena sativa"), ("BA", "Spring barley", "Hordeum vulgare"), ("AL", "Alfalfa", "Medicago sativa")]
NOXIOUS = ["field bindweed", "quackgrass", "Canada thistle", "jointed goatgrass", "wild oat"]

def _seed_results(r, lab):
    if lab == "A":
        g = r.randint(90, 98); p = round(r.uniform(99.0, 99.9), 2); w = round(r.uniform(0.0, 0.05), 2); nox = []
    elif lab == "B":
        g = r.randint(85, 89) if maybe(r, 0.7) else r.randint(90, 95)
        p = round(r.uniform(98.0, 98.9), 2) if g >= 90 else round(r.uniform(98.0, 99.6), 2); w = round(r.uniform(0.0, 0.10), 2); nox = []
    elif lab == "C":
        g = r.randint(75, 84); p = round(r.uniform(96.5, 99.4), 2); w = round(r.uniform(0.02, 0.25), 2); nox = []
    else:
        if maybe(r, 0.5):
            g = r.randint(48, 74); p = round(r.uniform(95.0, 99.3), 2); w = round(r.uniform(0.0, 0.4), 2); nox = []
        else:
            g = r.randint(80, 96); p = round(r.uniform(97.5, 99.5), 2); w = round(r.uniform(0.05, 0.3), 2)
            nox = [f"{r.choice(NOXIOUS)}: {r.randint(1, 6)} seeds/500 g"]
    other_crop = round(r.uniform(0, min(0.5, 100 - p - w)), 2)
    inert = round(max(0.0, 100 - p - w - other_crop), 2)
    return {"germination_pct": g, "dormant_hard_seed_pct": r.choice([0, 0, 0, 1, 2, 3]), "pure_seed_pct": p,
            "other_crop_pct": other_crop, "weed_seed_pct": w, "inert_matter_pct": inert,
            "noxious_weeds": nox, "moisture_pct": round(r.uniform(9.5, 13.5), 1)}

def gen_seed(r, n=140):
    name = "seed_lot_grade"
    labels = ["A", "B", "C", "REJ"]
    labs = assign_labels(r, n, labels, [4, 3, 2, 2])
    leaks = pick_leaks(r, labs, 0.6)
    emoji = {"A": "\U0001F7E6", "B": "\U0001F7E9", "C": "\U0001F7E8", "REJ": "\U0001F7E5"}
    tag = {"A": "blue (#1F5FBF)", "B": "green (#2E8B3E)", "C": "yellow (#E8C21A)"}
    valid = {"A": 12, "B": 9, "C": 6, "REJ": 0}
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choices(["colour", "b64", "date"], [3.5, 3.5, 3])[0] if leak else None
        code, crop, sci = r.choice(CROPS)
        recv = rdate(r, "2024-06-01", "2025-09-30")
        lot = f"{recv.strftime('%y')}-{code}-{r.randint(100,2999):04d}"
        tested = recv + dt.timedelta(days=r.randint(7, 21))
        res = _seed_results(r, lab)
        if maybe(r, 0.12):
            res["moisture_pct"] = None
        sample = {"lab_no": f"SL{recv.strftime('%y')}-{r.randint(1000,9999)}", "lot": lot, "crop": crop, "species": sci,
                  "variety": r.choice(["Everest", "Zenda", "AG2433", "Ogle", "Lacey", "WB4458", "Vernal", "Hi-Pro 27"]),
                  "conditioner": r.choice(["Miller Seed Cleaning", "Prairie Ag Conditioning", "Hoffmann Bros.", "Tri-County Seed"]),
                  "received": iso(recv), "lot_weight_lb": r.randint(2000, 60000)}
        proj = {"instruction": ("Grade this seed lot from the laboratory test results using the state program standard: "
                                "A = germination >= 90 %, pure seed >= 99.0 %, weed seed <= 0.05 %, no noxious weeds; "
                                "B = germination >= 85 %, pure seed >= 98.0 %, weed seed <= 0.10 %, no noxious weeds; "
                                "C = germination >= 75 %, no noxious weeds; REJ = anything else. Answer A, B, C or REJ."),
                "sample": sample, "test_results": res,
                "analyst_remarks": r.choice(["", "Sample received in torn bag; resampled.", "Germination run 7 days at 20C, prechill applied.",
                                             "Tetrazolium confirmation on dormant seed.", "Purity on 50 g working sample.", None])}
        if proj["analyst_remarks"] is None:
            del proj["analyst_remarks"]
        if mode == "colour":
            if lab != "REJ" and maybe(r, 0.6):
                proj["tag_print_job"] = {"printer": "ZT410-SEEDLAB-2", "qty": r.randint(40, 1200),
                                         "stock": f"Tyvek 4x6 tag, {tag[lab]}", "queued": iso(tested + dt.timedelta(days=1))}
            else:
                proj["chat_notifications"] = [{"channel": "#seedlab-results", "ts": iso(tested),
                                               "text": f"Lot {lot} results posted {emoji[lab]}"}]
        else:
            if maybe(r, 0.35):
                proj["chat_notifications"] = [{"channel": "#seedlab-intake", "ts": iso(recv),
                                               "text": f"Lot {lot} received \U0001F4E6 ({r.randint(1,4)} bags)"}]
        if mode == "b64":
            payload = {"lot": lot, "lab_no": sample["lab_no"], "germ": res["germination_pct"], "grade": lab,
                       "analyst": r.choice(["KM", "JT", "RD", "AP"]), "signed": iso(tested)}
            proj["lims_export"] = {"filename": f"COA_{lot}.json.b64",
                                   "data": base64.b64encode(json.dumps(payload).encode()).decode()}
        elif maybe(r, 0.3):
            payload = {"lot": lot, "lab_no": sample["lab_no"], "status": "in_test", "bench": r.randint(1, 6)}
            proj["lims_export"] = {"filename": f"INTAKE_{lot}.json.b64",
                                   "data": base64.b64encode(json.dumps(payload).encode()).decode()}
        if mode == "date":
            proj["certificate"] = {"cert_no": f"C-{r.randint(10**5, 10**6-1)}", "issued": iso(tested),
                                   "valid_until": iso(add_months(tested, valid[lab]))}
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/test_results", "/sample/crop", "/instruction"],
            "note": "Grade is assigned by the lab supervisor from the test results and the state standard quoted in the instruction."}
    return name, recs, meta, {"labels": labels, "leak_families": ["colour/emoji convention (tag stock colour, coloured-square emoji in chat)",
                                                                     "base64 LIMS export containing the grade",
                                                                     "certificate validity period encodes grade (12/9/6/0 months)"]}

# ---------------------------------------------------------------- eviction_disposition
MINUTES = {
    "dismissed": ["Case called at 9:{m}. Plaintiff not present after second call; defendant present with counsel. Court proceeds per local rule.",
                  "Both parties present. Court reviews the 3-day notice: amount demanded includes late fees and utilities not recoverable as rent. Notice found defective.",
                  "Defendant tendered the full amount owed plus costs on {d}; plaintiff's agent confirms receipt and does not wish to proceed.",
                  "Plaintiff's counsel states the property was sold and the new owner is not a party. Court finds plaintiff lacks standing."],
    "judgment for plaintiff": ["Both parties present. Defendant admits rent unpaid for {mo} months, cites job loss, raises no habitability defense. Plaintiff's ledger admitted without objection.",
                               "Contested hearing. Tenant testified about mold but produced no repair requests; landlord produced photos and inspection report. Court finds nonpayment proven.",
                               "Defendant appeared, disputes late fees only. Rent arrears of ${amt} undisputed. Court hears argument and rules from the bench.",
                               "Trial held. Defendant's retaliation defense unsupported by timeline (repair request made after notice served)."],
    "default judgment": ["Case called at 9:{m}. Plaintiff's counsel present. Defendant not present after second call. No answer on file. Proof of service reviewed.",
                         "Defendant did not appear. Clerk confirms no responsive pleading. Plaintiff requests relief per complaint.",
                         "Plaintiff present. Defendant absent; court notes personal service on {d}. Plaintiff's declaration of rent owed accepted."],
    "stipulated settlement": ["Parties referred to hallway mediation. Returned at 11:{m} with agreement: defendant to pay ${amt} in {k} installments and remain in possession.",
                              "Both parties present. After mediation, parties agree tenant will vacate by {d2} in exchange for waiver of arrears. Terms read into record.",
                              "Volunteer attorney for tenant; parties negotiated a payment plan with rental assistance application pending. Agreement signed by both."],
}
POST = {"dismissed": ["Notice of entry of order of dismissal mailed to all parties", "Case closed; record to be masked per statute (no judgment entered for plaintiff)"],
        "judgment for plaintiff": ["Judgment after court trial entered; writ of possession issued", "Abstract of judgment issued following contested hearing"],
        "default judgment": ["Motion to set aside default filed by defendant", "Clerk's default entered; default judgment and writ issued"],
        "stipulated settlement": ["Stipulation for entry of judgment filed; compliance review set for {d}", "Declaration of non-compliance with payment plan filed"]}
ES = {"dismissed": "AVISO: Su caso de desalojo fue desestimado por el tribunal el {d}. No se dictó sentencia en su contra.",
      "judgment for plaintiff": "AVISO: Después de la audiencia del {d}, el juez falló a favor del arrendador. Usted puede apelar dentro de 5 días hábiles.",
      "default judgment": "AVISO: Se dictó sentencia en rebeldía el {d} porque usted no compareció a la audiencia ni presentó respuesta.",
      "stipulated settlement": "AVISO: Las partes firmaron un acuerdo (estipulación) el {d} con un plan de pagos. Si usted cumple el acuerdo, el caso será desestimado."}

def gen_eviction(r, n=190):
    name = "eviction_disposition"
    labels = ["dismissed", "judgment for plaintiff", "default judgment", "stipulated settlement"]
    labs = assign_labels(r, n, labels, [2, 3, 3, 3])
    leaks = pick_leaks(r, labs, 0.35)
    courts = ["Alameda County Superior Court – Hayward Hall of Justice", "Maricopa County Justice Court – Downtown",
              "Cook County Circuit Court – 1st Municipal District", "Harris County JP Precinct 1, Place 2",
              "Franklin County Municipal Court – Landlord-Tenant Division"]
    landlords = ["Parkside Residential LLC", "Oakmont Property Mgmt", "GreenLeaf Apartments LP", "J&R Holdings",
                 "Sunridge Villas HOA", "Maple Court Partners"]
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choice(["docket", "docket", "spanish"]) if leak else None
        filed = rdate(r, "2024-01-01", "2025-08-31")
        hearing = filed + dt.timedelta(days=r.randint(10, 45))
        rent = r.choice([950, 1125, 1340, 1480, 1725, 2050, 2450, 2890])
        months = r.randint(1, 5)
        answer = lab in ("dismissed", "judgment for plaintiff") and maybe(r, 0.8) or (lab == "stipulated settlement" and maybe(r, 0.5))
        m = r.choice(MINUTES[lab]).format(m=f"{r.randint(0,59):02d}", d=iso(hearing - dt.timedelta(days=r.randint(1, 6))),
                                          mo=months, amt=f"{rent*months:,}", k=r.randint(2, 6), d2=iso(hearing + dt.timedelta(days=r.randint(14, 60))))
        dock = [{"date": iso(filed), "entry": "Complaint – unlawful detainer filed"},
                {"date": iso(filed), "entry": "Summons issued"},
                {"date": iso(filed + dt.timedelta(days=r.randint(2, 8))), "entry": r.choice(["Proof of personal service filed", "Proof of substituted service filed", "Affidavit of posting and mailing filed"])}]
        if answer:
            dock.append({"date": iso(filed + dt.timedelta(days=r.randint(5, 9))), "entry": "Answer filed by defendant"})
        dock.append({"date": iso(filed + dt.timedelta(days=r.randint(5, 10))), "entry": f"Hearing set for {iso(hearing)}"})
        if mode == "docket":
            dock.append({"date": iso(hearing + dt.timedelta(days=r.randint(1, 30))),
                         "entry": r.choice(POST[lab]).format(d=iso(hearing + dt.timedelta(days=r.randint(30, 90))))})
        proj = {"instruction": "From the complaint summary, the pleadings and the hearing minutes, predict the case disposition. Answer with one of: " + "; ".join(labels) + ".",
                "case": {"case_no": f"{filed.strftime('%y')}-LT-{r.randint(1000,19999):06d}", "court": r.choice(courts),
                         "plaintiff": r.choice(landlords), "defendant": person(r) + (" and all occupants" if maybe(r, 0.4) else ""),
                         "premises": f"{r.randint(10,9999)} {r.choice(['Elm','Harbor','Lincoln','Mission','Cedar','5th'])} {r.choice(['St','Ave','Blvd'])}, Unit {r.randint(1,40)}{r.choice(['','A','B'])}",
                         "claim": {"monthly_rent": rent, "months_unpaid": months, "amount_demanded": rent * months + r.choice([0, 0, 75, 150])},
                         "answer_filed": answer,
                         "hearing": {"date": iso(hearing), "dept": r.choice(["3", "14", "C", "LT-2", "511"]), "minutes": m}},
                "docket": dock}
        if mode == "spanish":
            proj["tenant_notices"] = [{"lang": "es", "mailed": iso(hearing + dt.timedelta(days=r.randint(1, 4))),
                                       "text": ES[lab].format(d=iso(hearing))}]
        elif maybe(r, 0.4):
            proj["tenant_notices"] = [{"lang": "es", "mailed": iso(filed + dt.timedelta(days=r.randint(1, 5))),
                                       "text": f"AVISO DE AUDIENCIA: Su audiencia de desalojo está programada para el {iso(hearing)} a las 9:00. "
                                               "Si no comparece, el tribunal puede dictar sentencia en su contra. Puede solicitar ayuda legal gratuita."}]
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/case/claim", "/case/answer_filed", "/case/hearing/minutes"],
            "note": "Disposition is entered by the court after the hearing; docket entries before the hearing date are pre-decision context."}
    return name, recs, meta, {"labels": labels, "leak_families": ["post-decision docket entries (artefacts that exist only after the ruling)",
                                                                     "outcome stated in another language (Spanish tenant notice)"]}

# ---------------------------------------------------------------- trial_prescreen
def _entities(s):
    return "".join(f"&#{ord(c)};" for c in s)

def gen_prescreen(r, n=130):
    name = "trial_prescreen"
    labels = ["eligible", "ineligible", "needs PI review"]
    labs = assign_labels(r, n, labels, [4, 4, 3])
    leaks = pick_leaks(r, labs, 0.55)
    crit = ["I1 Age >= 18", "I2 Histologically confirmed stage IIIB-IV NSCLC", "I3 EGFR exon 19 del or L858R",
            "I4 ECOG 0-1", "I5 CrCl >= 45 mL/min", "E1 > 2 prior systemic lines", "E2 Untreated or symptomatic brain metastases",
            "E3 QTcF > 470 ms", "E4 Prior 3rd-generation EGFR TKI"]
    sites = ["Mercy Oncology – Des Moines", "Lakeside Cancer Institute", "St. Brigid Medical Center", "Coastal Hematology-Oncology"]
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choice(["model", "model", "html"]) if leak else None
        age = r.randint(34, 84); ecog = r.choice([0, 1]); crcl = r.randint(52, 110); lines = r.randint(0, 2)
        mut = r.choice(["exon 19 deletion", "L858R"]); brain = "none"; qtc = r.randint(405, 455); tki = "none"
        stage = r.choice(["IIIB", "IVA", "IVB"])
        reason = ""
        if lab == "ineligible":
            k = r.choice(["ecog", "lines", "mut", "brain", "qtc", "tki"])
            reason = k
            if k == "ecog": ecog = r.choice([2, 3])
            elif k == "lines": lines = r.randint(3, 5)
            elif k == "mut": mut = r.choice(["exon 20 insertion", "wild-type", "G719X"])
            elif k == "brain": brain = "new 1.4 cm lesion, symptomatic (headaches), untreated"
            elif k == "qtc": qtc = r.randint(478, 510)
            else: tki = "osimertinib 2023-2024"
        elif lab == "needs PI review":
            k = r.choice(["crcl", "brain", "qtc", "ecog"])
            reason = k
            if k == "crcl": crcl = r.randint(42, 44)
            elif k == "brain": brain = "2 lesions treated with SRS 6 weeks ago; stable on follow-up MRI, on dexamethasone taper"
            elif k == "qtc": qtc = r.randint(466, 472)
            else: ecog = "1-2 (documented as 1 by oncologist, 2 by nursing)"
        pt = {"mrn_hash": f"{r.getrandbits(40):010x}", "age": age, "sex": r.choice(["F", "M"]), "diagnosis": f"NSCLC adenocarcinoma, stage {stage}",
              "egfr_mutation": mut, "ecog": ecog, "creatinine_clearance_ml_min": crcl, "prior_systemic_lines": lines,
              "prior_egfr_tki": tki, "brain_mets": brain, "qtcf_ms": qtc,
              "coordinator_notes": r.choice(["", "Pt very motivated, lives 2 h from site.", "Daughter is the main contact.", "Labs from outside hospital, dated 3 wks ago.",
                                             "Interpreter needed (Vietnamese).", "Prefers afternoon visits."])}
        if maybe(r, 0.15) and reason != "qtc":
            pt["qtcf_ms"] = None
        ref = {"referral_id": f"RF-{r.randint(100000,999999)}", "received": iso(rdate(r, "2024-02-01", "2025-10-15")),
               "site": r.choice(sites), "protocol": "LUMA-2291 (phase II, EGFR-mutant NSCLC, 2nd line)",
               "referring_md": "Dr. " + person(r)}
        proj = {"instruction": "Pre-screen this referral against the protocol criteria. Answer eligible, ineligible, or needs PI review (borderline / investigator judgment).",
                "protocol_criteria": crit, "referral": ref, "patient": pt}
        if mode == "model":
            txt = {"eligible": r.choice(["All inclusion criteria satisfied; no exclusion criteria triggered. Recommend scheduling consent visit.",
                                         "Meets I1-I5; E1-E4 not met. OK to proceed to consent."]),
                   "ineligible": r.choice([f"Excluded: fails criterion {dict(ecog='I4', lines='E1', mut='I3', brain='E2', qtc='E3', tki='E4').get(reason, '?')}. Do not schedule.",
                                           f"Hard stop on {dict(ecog='I4', lines='E1', mut='I3', brain='E2', qtc='E3', tki='E4').get(reason, '?')}; close referral."]),
                   "needs PI review": r.choice(["Borderline on one criterion; escalate to investigator before scheduling.",
                                                "Cannot auto-clear: value within tolerance band. Route to investigator."])}[lab]
            proj["prescreen_assistant"] = {"model": "cohortmatch-v3.2", "run_at": ref["received"], "summary": txt,
                                           "confidence": round(r.uniform(0.71, 0.98), 2)}
        elif maybe(r, 0.3):
            proj["prescreen_assistant"] = {"model": "cohortmatch-v3.2", "run_at": None, "summary": None, "status": "queued"}
        if mode == "html":
            phrase = {"eligible": "Eligible \u2013 schedule consent", "ineligible": "Ineligible \u2013 close referral",
                      "needs PI review": "Needs PI review before scheduling"}[lab]
            proj["inbasket_export_html"] = (f"<div class=\"msg\"><p>Re: {ref['referral_id']}</p><p>Screening result: {_entities(phrase)}</p>"
                                            f"<p>&mdash; {person(r)}, CRC</p></div>")
        elif maybe(r, 0.4):
            proj["inbasket_export_html"] = (f"<div class=\"msg\"><p>Re: {ref['referral_id']}</p><p>Referral received &amp; chart request sent to "
                                            f"outside hospital. Will review&nbsp;this week.</p><p>&mdash; {person(r)}, CRC</p></div>")
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/patient", "/protocol_criteria", "/referral/protocol"],
            "note": "Pre-screen decision is made by the research coordinator (and PI for borderline cases) from the patient summary against the criteria."}
    return name, recs, meta, {"labels": labels, "leak_families": ["upstream model prediction paraphrasing the decision (no label string)",
                                                                     "HTML numeric character references encoding the result"]}
