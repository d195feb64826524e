"""Generate all ds11 datasets + DATASETS.md. Usage: python3 gen.py (stdlib only, seeded)."""
import os

import gen_a
import gen_b
import gen_c
import gen_d
from common import OUT, write

HOW = {
    "customs_hs_classify": ("leaking", "broker-agent context carries an upstream auto-classifier top-1 (code without dot), the shipper's 'HS CODE:' in invoice remarks "
                            "(10-digit HTS / 8-digit forms), a duty rate line that is unique per subheading (correlated), broker e-mail prose naming the heading/chapter, "
                            "a rulings URL whose ref param is URL-encoded base64 of the HTS, and prior entries for the same SKU with their HTS"),
    "mortgage_uw_conditions": ("leaking", "LOS milestone history ending in CTC / Cond. Approval / Suspense / Denied-AAN, conditions-module template id "
                               "(PTF-FINAL-ONLY, SUSP-INCOME-DOCS...), borrower-portal banner with emoji paraphrase, loan officer notes paraphrasing the outcome"),
    "oss_licence_review": ("leaking", "scanner policy_status (pass / pass:attribution / needs-approval / violation), Renovate PR label names, PR label hex colour "
                           "unique per outcome, Slack thread paraphrase of counsel's decision, CycloneDX property with base64 JSON {decision: ...}"),
    "content_advisory_rating": ("leaking", "rating code in upload filename (tv14 / TVMA, no hyphen), platform classifier audience_min_age (0/7/10/14/17), HTML-entity-escaped "
                                "rating badge in description_html, thumbnail overlay emoji, GARM brand-safety tier, editor note paraphrase ('teens bucket', 'adults-only')"),
    "nursery_plant_health": ("leaking", "Dutch labels; tray tag colour (groen/geel/oranje/rood, or English colour), leaf-camera model class in English paraphrase, "
                             "plant passport status, grower note in Dutch paraphrasing the status, lot location moved to Isolatiecel / Behandelvak / Wachtvak / Expeditiehal"),
    "ticket_resale_review": ("leaking", "upstream agent trace with tool-call arguments as an escaped JSON string holding the notification template id, payout rule, "
                             "seller dashboard URL with base64 state param, risk band R1/R3/R5, triage agent prose summary"),
    "courier_damage_claims": ("leaking", "long free-text statement is the signal; leaks via settlement calc (approved amount = declared value / fraction / 0 with reason code / null), "
                              "adjuster notes in Spanish, outbound e-mail template id, event log line with escaped JSON triage code (PF/PP/DP/DX/RE)"),
    "school_bus_incidents": ("leaking", "long driver narrative is the signal; leaks via generated form name, notification distribution list, triage bot guess "
                             "(crash/health/child_check...), UNC case-folder path segment (COLL/MED/CCF...), supervisor comment paraphrase"),
    "journal_desk_decision": ("leaking", "every record: manuscript workflow status (DL-OOS / DL-QUAL / Awaiting Reviewer Selection), EiC note in French/Spanish/German, "
                              "reviewers_invited count + transfer offer, system log line with decision-letter template id, base64 X-EM-Context header"),
    "lab_result_flag": ("clean", "trap: instruction glossary lists every flag code; accession prefixes (HH/LL/LN...), hemolysis H0-H2, lipemia L0/L1, QC lot L1/H1/N2 "
                        "and previous-result band are random; label is a pure function of value vs ranges"),
    "municipal_311_routing": ("clean", "trap: instruction lists every department; resident-selected topic is mostly 'General Inquiry' else a random department; "
                              "nearby open requests carry random departments; descriptions use other departments' words in ordinary senses (noise of a pothole, water in it, park entrance, Signal Hill Rd)"),
    "iacuc_protocol_review": ("clean", "trap: form_options lists all four determinations; text says 'IACUC-approved formulary'; previous_outcome is a random determination; "
                              "long narrative is the real signal"),
    "solar_site_survey": ("clean", "trap: numeric labels 1-5 with many small random integers nearby (crew number, customer priority, photos uploaded, 'Tier 1-3'); "
                          "score is computed from roof/shading fields with a published rubric"),
    "reservation_noshow_risk": ("clean", "trap: context.section_noise_level is low/medium/high at random; notes say 'low-key', 'low-sodium', 'medium-rare', 'High chair'; "
                                "table 'High-top 12'; VIP tag random"),
}


def main():
    lines = ["# ds11 datasets", "", "name — leaking|clean — how it leaks (or why it is tricky though clean) — records, leaking records", ""]
    tot = totl = 0
    for mod in (gen_a, gen_b, gen_c, gen_d):
        for g in mod.GENS:
            name, recs, meta = g()
            n, nl = write(name, recs, meta)
            tot += n
            totl += nl
            kind, how = HOW[name]
            assert (kind == "clean") == (nl == 0), name
            lines.append(f"- {name} — {kind} — {how} — {n} records, {nl} leaking")
    lines += ["", f"Total: {tot} records, {totl} leaking.", ""]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
