#!/usr/bin/env python3
"""Deterministic generator for blind leakage benchmark batch ds29 (stdlib only)."""
import json
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rules as R  # noqa: E402
import ds_leak as L  # noqa: E402
import ds_clean as C  # noqa: E402
from common import balanced, resolve, write_dataset, OUT  # noqa: E402

B = "/tool_calls/0/result/braden/"
DATASETS = [
    # name, labels, builder, n, leak_frac, families, derive_from, task
    ("braden_risk", R.BRADEN_LABELS, L.braden, 150, 0.45, ["order_set_tier", "reposition_interval", "fhir_b64_upstream"],
     [B + k for k in R.BRADEN_KEYS], "Braden pressure-injury risk category from six subscale scores (nursing)."),
    ("gold_spirometry", R.GOLD_LABELS, L.gold, 140, 0.40, ["report_filename", "spanish_number_word", "device_interpretation_synonym"],
     ["/spirometry_report/post_bronchodilator/fev1_l", "/spirometry_report/post_bronchodilator/fev1_pred_l",
      "/spirometry_report/post_bronchodilator/fev1_pct_pred", "/spirometry_report/post_bronchodilator/fvc_l",
      "/spirometry_report/post_bronchodilator/fev1_fvc"], "GOLD 1-4 airflow-limitation grade from post-bronchodilator spirometry (respiratory physiology)."),
    ("feinstaub_plakette", R.FEIN_LABELS, L.feinstaub, 144, 0.50, ["schadstoffgruppe_code", "emoji_glyph", "url_transliteration"],
     ["/vorgang/fahrzeug/kraftstoff", "/vorgang/fahrzeug/abgasnorm", "/vorgang/fahrzeug/partikelfilter_nachgeruestet",
      "/vorgang/fahrzeug/geregelter_katalysator", "/vorgang/fahrzeug/erstzulassung"],
     "German low-emission-zone sticker colour (grün/gelb/rot/keine) from fuel, Euro norm and retrofits (vehicle registration office; labels in German)."),
    ("ast_interpretation", R.AST_LABELS, L.ast_builder, 150, 0.35, ["hl7_abnormal_flag", "css_class", "cascade_suppression"],
     ["/lis_record/target_test/drug", "/lis_record/target_test/mic_mg_l"],
     "Clinical microbiology: interpret a target agent's MIC as susceptible/intermediate/resistant with CLSI breakpoints."),
    ("noise_dose", R.NOISE_LABELS, L.noise, 140, 0.40, ["followup_due_date", "app_log_acronym"],
     ["/assessment/dosimetry/segments"], "Occupational noise: LEP,d from dosimetry segments classified against UK action/limit values."),
    ("speeding_fine_band", R.SPEED_LABELS, L.speeding, 150, 0.40, ["derived_fine_amount", "template_id"],
     ["/case_file/offence/limit_mph", "/case_file/offence/recorded_mph"], "Magistrates' court: speeding sentencing band from limit and recorded speed."),
    ("carcass_seurop", R.SEUROP, L.carcass, 150, 0.30, ["ocr_stamp_text", "sort_lane_routing"],
     ["/slaughter_line/fom_probe/backfat_mm", "/slaughter_line/fom_probe/loin_muscle_mm"], "Abattoir: pig carcass SEUROP class from FOM probe lean-meat equation."),
    ("oil_analysis", R.OIL_LABELS, L.oil, 150, 0.45, ["label_hash_token", "analyst_paraphrase"],
     ["/sample/results/fe_ppm", "/sample/results/si_ppm", "/sample/results/water_ppm", "/sample/results/visc_change_pct"],
     "Used-oil condition monitoring: worst-parameter rating from wear metals, silicon, water and viscosity change."),
    ("pet_travel", R.PET_LABELS, L.pet, 150, 0.35, ["french_upstream", "kennel_invoice"],
     ["/booking/pet/microchip_implanted", "/booking/pet/date_of_birth", "/booking/rabies_vaccination/date", "/booking/travel/arrival_date"],
     "Pet travel into GB: entry status from microchip, age at rabies vaccination and 21-day wait."),
    ("saffron_iso3632", R.SAFFRON_LABELS, C.saffron, 140, 0.0, [],
     ["/lab_report/results/E1_440nm_crocin", "/lab_report/results/E1_257nm_picrocrocin", "/lab_report/results/E1_330nm_safranal",
      "/lab_report/results/moisture_volatiles_pct"], "Spice QC: ISO 3632 saffron category from UV-Vis and moisture results."),
    ("septic_perc", R.SEPTIC_LABELS, C.septic, 140, 0.0, [], ["/field_sheet/test_holes"],
     "Onsite wastewater permitting: system class from percolation test field sheet."),
    ("myopia_grade", R.MYOPIA_LABELS, C.myopia, 140, 0.0, [],
     ["/exam/subjective_refraction/OD/sphere", "/exam/subjective_refraction/OD/cylinder", "/exam/subjective_refraction/OS/sphere",
      "/exam/subjective_refraction/OS/cylinder"], "Optometry: myopia grade from subjective refraction spherical equivalent."),
    ("sprinkler_hazard", R.SPRINK_LABELS, C.sprinkler, 150, 0.0, [], ["/survey/area/occupancy_use"],
     "Fire protection engineering: NFPA 13 occupancy hazard class from occupancy use."),
    ("vibration_zone", R.VIB_LABELS, C.vibration, 140, 0.0, [], ["/route_data/machine/foundation", "/route_data/measurements"],
     "Condition monitoring: ISO 10816-3 vibration zone from route measurements."),
]

FAMILY_DESC = {
    "order_set_tier": "care-plan order code set after the assessment (PIP-T0..T4) maps 1:1 to the category",
    "reposition_interval": "flowsheet repositioning schedule chosen from the category (q1h..q4h / routine)",
    "fhir_b64_upstream": "base64-encoded FHIR RiskAssessment attachment from an upstream model (qualitativeRisk code)",
    "report_filename": "PDF attachment file name carries the grade",
    "spanish_number_word": "Spanish patient letter states the grade as a number word",
    "device_interpretation_synonym": "spirometer auto-interpretation gives the severity word (mild/moderate/severe/very severe)",
    "schadstoffgruppe_code": "fee notice carries the Schadstoffgruppe number (1-4) that maps 1:1 to the sticker",
    "emoji_glyph": "clerk chat message with a coloured emoji for the sticker",
    "url_transliteration": "print-job URL query parameter with the transliterated colour (gruen/gelb/rot/keine)",
    "hl7_abnormal_flag": "raw HL7 v2 OBX-8 abnormal flag (S/I/R) for the target agent",
    "css_class": "report HTML: empty interpretation cell whose CSS class encodes S/I/R",
    "cascade_suppression": "selective-reporting comment (reserve agents suppressed vs released) decided from the target result",
    "followup_due_date": "next survey/health-surveillance due date computed from the outcome (36/24/12/3 months)",
    "app_log_acronym": "application log line with the regulation acronym (BELOW/LEAV/UEAV/ELV)",
    "derived_fine_amount": "proposed fine = band percentage x weekly income",
    "template_id": "served notice template id names the band",
    "ocr_stamp_text": "OCR text of the carcass stamp photo includes the class letter",
    "sort_lane_routing": "chiller sort lane assigned by class (1..6)",
    "label_hash_token": "cache key holds a hash of the rating string (constant per label)",
    "analyst_paraphrase": "analyst recommendation paraphrasing the rating's action",
    "french_upstream": "carrier's French-language check result (admis / en attente / refusé)",
    "kennel_invoice": "invoice kennel nights implied by the decision (0 / days left / 120 quarantine)",
}
TRAP_DESC = {
    "label-listing": "instruction/legend lists every label or the threshold table",
    "other-sense": "label word used in another sense",
    "historical-label": "earlier assessment of the same subject, label drawn independently",
    "sibling-label": "label of another entity in the same record (other drug/pet/vehicle/area/parcel/relative)",
    "other-scheme": "same vocabulary from a different scheme (quality grade, council-tax band, ATEX zone, commodity group, HS category)",
    "number-word": "number words / small numbers in other senses",
    "negation": "label word negated or used as 'none'",
    "benign-encoded-blob": "base64 attachment that decodes to unrelated content",
    "substring": "label as part of a longer token (Gelbinger, Rotenberg, NDE, ...)",
    "aggregate-other-records": "supplier's last-week class counts (other carcasses)",
    "unverified-claim": "seller-claimed grade drawn independently of the lab result",
}


TRAP_PTR = {
    "braden_risk": {"benign-encoded-blob": "/tool_calls/0/result/attachments/0", "historical-label": "/tool_calls/0/result/previous_admissions/0",
                    "label-listing": "/instruction", "other-sense": "/tool_calls/0/result/nurse_note"},
    "gold_spirometry": {"historical-label": "/referral/previous_gold", "label-listing": "/task", "number-word": "/patient_letter_es",
                        "other-scheme": "/spirometry_report/session_quality"},
    "feinstaub_plakette": {"label-listing": "/aufgabe", "negation": "/vorgang/chat", "other-sense": "/vorgang/fahrzeug/farbe",
                           "sibling-label": "/vorgang/weitere_fahrzeuge_des_halters/0", "substring": "/vorgang/halter/anschrift"},
    "ast_interpretation": {"label-listing": "/lis_record/report_html", "sibling-label": "/lis_record/panel_other_agents/0", "other-sense": "/lis_record/comments/1"},
    "noise_dose": {"label-listing": "/instruction", "other-sense": "/assessment/notes", "historical-label": "/assessment/previous_survey"},
    "speeding_fine_band": {"label-listing": "/instruction", "other-scheme": "/case_file/defendant/council_tax_band", "historical-label": "/case_file/antecedents/0"},
    "carcass_seurop": {"label-listing": "/instruction", "aggregate-other-records": "/slaughter_line/supplier/last_week_class_counts"},
    "oil_analysis": {"label-listing": "/instruction", "other-sense": "/sample/operating_conditions", "historical-label": "/sample/history"},
    "pet_travel": {"label-listing": "/instruction", "other-sense": "/booking/messages/0", "negation": "/booking/messages/1", "sibling-label": "/booking/other_pets_on_booking/0"},
    "saffron_iso3632": {"label-listing": "/lab_report/spec_table_md", "other-scheme": "/purchase/hs_code", "unverified-claim": "/purchase/seller_claimed_grade",
                        "negation": "/lab_report/notes/1", "historical-label": "/previous_lot_same_supplier"},
    "septic_perc": {"label-listing": "/instruction", "other-sense": "/field_sheet/remarks", "historical-label": "/field_sheet/remarks",
                    "sibling-label": "/application/neighbouring_parcel"},
    "myopia_grade": {"label-listing": "/instruction", "other-sense": "/exam/history", "sibling-label": "/exam/family_history", "negation": "/exam/findings/0"},
    "sprinkler_hazard": {"label-listing": "/instruction", "sibling-label": "/survey/other_areas/0", "other-sense": "/survey/notes_md",
                         "historical-label": "/survey/historical_record", "other-scheme": "/survey/area/storage_observed"},
    "vibration_zone": {"label-listing": "/instruction", "other-scheme": "/route_data/area_classification", "substring": "/route_data/machine/bearings",
                       "historical-label": "/route_data/previous_route"},
}


def example(rec, nm, trap):
    p = TRAP_PTR[nm][trap]
    v = resolve(rec["projection"], p)
    t = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
    t = t.replace("\n", " ").replace("\r", " ").replace("`", "'")
    if len(t) > 150:
        t = t[:150] + "..."
    return "%s `%s` = `%s`" % (rec["id"], p, t)


def main():
    doc = ["# ds29 - blind leakage benchmark batch", "",
           "Generated by gen.py (seeded, stdlib only). Leak families and traps are summarised per dataset.", ""]
    all_fams, all_traps = set(), set()
    for k, (nm, labels, builder, n, frac, fams, derive, task) in enumerate(DATASETS):
        rng = random.Random(2900 + k * 101)
        labs = balanced(rng, labels, n)
        leak_idx = sorted(rng.sample(range(n), int(round(frac * n)))) if fams else []
        famof = {}
        for j, i in enumerate(leak_idx):
            famof[i] = fams[j % len(fams)]
        order = list(famof)
        rng.shuffle(order)
        vals = [famof[i] for i in order]
        famof = dict(zip(order, vals))
        recs, trapc, famc, trap_ex = [], Counter(), Counter(), {}
        for i, lab in enumerate(labs):
            fam = famof.get(i)
            proj, traps = builder(rng, lab, fam, i)
            got = R.RULES[nm]({p: resolve(proj, p) for p in derive})
            assert got == lab, (nm, i, got, lab)
            rid = "%s-%04d" % (nm, i + 1)
            recs.append({"id": rid, "expected": lab, "label_set": list(labels), "target": "label", "projection": proj,
                         "truth": {"leak": fam is not None}})
            if fam:
                famc[fam] += 1
            recs[-1]["_traps"] = set(traps)
            for t in set(traps):
                trapc[t] += 1
        for t in trapc:
            trap_ex[t] = example(next(r for r in recs if t in r["_traps"]), nm, t)
        for r in recs:
            del r["_traps"]
        note = ("%s The answer follows from the derive_from fields by the rule in the instruction; everything else is context." % task)
        write_dataset(nm, recs, derive, note)
        all_fams |= set(famc)
        all_traps |= set(trapc)
        lc = Counter(labs)
        doc += ["## %s - %s" % (nm, "LEAKING" if fams else "CLEAN"), "",
                "- Task: %s" % task,
                "- Records: %d; label counts: %s" % (n, ", ".join("%s=%d" % (l, lc[l]) for l in labels)),
                "- Leaking records: %d (%.0f %%)" % (len(famof), 100.0 * len(famof) / n)]
        if famc:
            doc.append("- Leak families:")
            for f in fams:
                doc.append("  - `%s` (%d records): %s" % (f, famc[f], FAMILY_DESC[f]))
        doc.append("- Trap families:")
        for t in sorted(trapc):
            doc.append("  - `%s` (%d records): %s. Example: %s" % (t, trapc[t], TRAP_DESC[t], trap_ex[t]))
        doc.append("")
    doc += ["## Notes on borderline cases", "",
            "- ast_interpretation `cascade_suppression`: the comment separates susceptible from not-susceptible only (I vs R not separated); "
            "still better than chance, so flagged as leaking.",
            "- oil_analysis `label_hash_token`: the cache key is an md5 prefix of the rating string, constant per label; clean records hash the sample id.",
            "- noise_dose `followup_due_date` and speeding_fine_band `derived_fine_amount` leak only in combination with another out-of-derive "
            "(survey date) or non-derive (weekly income) field.",
            "- Historical / sibling / claimed labels in clean records are drawn independently of the record's label.", ""]
    doc.insert(3, "Totals: %d leak families, %d trap families." % (len(all_fams), len(all_traps)))
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(doc) + "\n")
    print("ok: %d datasets, %d leak families, %d trap families" % (len(DATASETS), len(all_fams), len(all_traps)))


if __name__ == "__main__":
    main()
