"""Generate all ds10 datasets + DATASETS.md. Usage: python3 gen.py  (stdlib only, seeded)."""
import gen_leak_a, gen_leak_b, gen_leak_c, gen_clean
from common import OUT
import os

HOW = {
    "po_approval": "ERP workflow step (RELEASED/RETURNED/PENDING L2), approval_chain action (APPROVED/DECLINED/FORWARDED), requester follow-up e-mail paraphrasing the outcome, send_notification tool-call arguments (escaped JSON) with outcome template id, URL-encoded webhook transition URL",
    "camera_trap_species": "filename species 4-letter code (VUVU/ODVI/...), iNaturalist taxon id, Zooniverse retired consensus choice (FOXRED...), base64 EXIF UserComment with Latin binomial, field-tech note in Spanish or Latin name",
    "ems_dispatch_determinant": "CAD event code with level letter (10C01), numeric response plan EMS-L1..L5, radio log 'responding Delta', upstream ProQA-style suggested level",
    "payroll_exceptions": "UKG exception code (MISS_OUT, OT>40_NOAUTH, ACCR_NEG...), routing queue name, manager comment in Spanish, Slack-style paraphrase, base64 webhook payload with rule name",
    "cloud_cost_anomaly": "finops:rca tag code rc-01..05, upstream triage-bot category paraphrase, linked Jira ticket summary, URL-encoded runbook link, HTML-entity-escaped review note with root cause",
    "crowdfunding_review": "post-decision campaign state (live/changes_requested/rejected_tos), outbox e-mail template id, emoji reaction, HTML-escaped reviewer note, escaped-JSON moderation payload, scheduled_launch / resubmission flags",
    "wine_lot_grading": "cellar elevage plan set per tier, frontline price band / bulk SKU, upstream panel 100-pt score, French blend-sheet note naming the cuvee",
    "parking_appeals": "account balance 0 / half-fine after decision, queued outcome letter template (PCN_CANCEL/DISC_REOFFER/NOR_REJECT), escaped-JSON integration blob with outcome letter C/R/U, case-officer note paraphrase",
    "donor_segmentation": "appeal/source code (FY25-LYBUNT-REACT, FY25-SUS-EFT-UPG...), assigned officer portfolio name, upstream segment model code, Raiser's-Edge-style constituent code",
    "elevator_inspection": "clean trap: instruction + glossary list every result; 'passenger', 'bypass', 'fail to lock' in ordinary text; previous_result random",
    "wcag_audit_principle": "clean trap: task defines all four principles; marketing copy uses 'robust'/'operable'/'understandable' randomly; report_sections enum in every record",
    "bikeshare_rebalancing": "clean trap: station names like 'Pickup Loop'/'Drop-Off Circle', dispatcher notes mentioning pickup/dropoff, last_visit action and enum random",
    "waste_sorting": "clean trap: line named 'Recycling pre-sort' for all, signage glossary maps colours to every stream, random belt colour (green/blue/black)",
    "dental_recall_interval": "clean trap: policy lists 3/4/6/12 and '12 months' in every record; random tooth numbers, operatory numbers, checkout times",
}
LEAKING = ["po_approval", "camera_trap_species", "ems_dispatch_determinant", "payroll_exceptions", "cloud_cost_anomaly",
           "crowdfunding_review", "wine_lot_grading", "parking_appeals", "donor_segmentation"]

results = [gen_leak_a.gen_po(), gen_leak_a.gen_camera(), gen_leak_a.gen_ems(), gen_leak_b.gen_payroll(), gen_leak_b.gen_cloud(),
           gen_leak_b.gen_crowd(), gen_leak_c.gen_wine(), gen_leak_c.gen_parking(), gen_leak_c.gen_donor(),
           gen_clean.gen_elevator(), gen_clean.gen_wcag(), gen_clean.gen_bike(), gen_clean.gen_waste(), gen_clean.gen_dental()]
lines = ["# ds10 datasets", "", "name — leaking|clean — how it leaks / why tricky — records, leaking records", ""]
tot = totl = 0
for name, n, nl in results:
    kind = "leaking" if name in LEAKING else "clean"
    lines.append(f"- {name} — {kind} — {HOW[name]} — {n} records, {nl} leaking")
    tot += n; totl += nl
lines += ["", f"Total: {tot} records, {totl} leaking."]
open(os.path.join(OUT, "DATASETS.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
