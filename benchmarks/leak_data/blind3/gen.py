#!/usr/bin/env python3
"""Deterministic generator for blind batch 3 of leakage-auditor test data.
Run: python3 gen.py  -> writes items.jsonl next to this file."""
import json, random, codecs, base64, os, re, urllib.parse, copy

SEED = 20261129
R = random.Random(SEED)
PAIRS = []   # (leak_item, twin_item)
TRAPS = []

def _base(fam, exp, ls, proj, target, corr):
    assert exp in ls, (fam, exp, ls)
    d = {"expected": exp, "label_set": list(ls)}
    if target:
        d["target"] = target
    if corr:
        d["correlated_values"] = list(corr)
    d["projection"] = proj
    return d

def leak(fam, exp, ls, proj, twin, target=None, corr=None):
    assert proj != twin, fam
    a = _base(fam, exp, ls, proj, target, corr)
    a["truth"] = {"leak": True, "kind": "leak", "family": fam}
    b = _base(fam, exp, ls, twin, target, corr)
    b["truth"] = {"leak": False, "kind": "twin", "family": fam}
    PAIRS.append((a, b))

def trap(fam, exp, ls, proj, target=None, corr=None):
    a = _base(fam, exp, ls, proj, target, corr)
    a["truth"] = {"leak": False, "kind": "trap", "family": fam}
    TRAPS.append(a)

def rot13(s):
    return codecs.encode(s, "rot13")

# ---------------------------------------------------------------------------
# L1 spoiler_concealed_verdict
# ---------------------------------------------------------------------------
F = "spoiler_concealed_verdict"
SP = [
 # (labels, target, expected, style, record-builder-kwargs)
 (["Positive", "Neutral", "Negative"], "sentiment", "Negative", "discord",
  "Review #88213 (Aurora Kettle 1.7L): 'Lid hinge snapped in week two, support sent me a form letter.'"),
 (["Low", "Medium", "High", "Critical"], "priority", "High", "discord",
  "BUG-5521: Save files from patch 1.4.2 fail to load on Steam Deck; ~3% of players in the crash funnel."),
 (["Billing", "Shipping", "Account Access", "Product Defect"], "category", "Account Access", "reddit",
  "Modmail from u/quietlamb: 'my 2FA phone died and the recovery codes were on it, cant get in'"),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "4 stars", "reddit",
  "Review of 'Harbor Lights' (paperback): 'Slow start, wonderful last hundred pages, would lend it to my sister.'"),
 (["Yes", "No"], "eligible_for_refund", "No", "discord",
  "Refund ask, order 55-1902: bought 14 months ago, opened, says the colour 'isn't what I expected'."),
 (["Bug", "Feature Request", "Question"], "issue_type", "Feature Request", "reddit",
  "Post: 'Could the map export also write GeoJSON? We pipe everything into QGIS and converting KML is painful.'"),
 (["Positive", "Neutral", "Negative"], "sentiment", "Positive", "rot13",
  "Survey free text, resp 40-117: 'Nurse on ward 6 explained every step, I actually slept the night before surgery.'"),
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev2", "rot13",
  "INC-30912: EU checkout latency p99 at 4.8s, payments succeed but 12% of sessions time out on 3DS redirect."),
 (["Spam", "Not spam"], "verdict", "Spam", "rot13",
  "Comment on post 7781: 'gr8 article!!! check my profile for cheap watches 90% off www dot lux-r3plica dot shop'"),
 (["Small", "Medium", "Large", "X-Large"], "size_estimate", "Large", "rot13",
  "Story PLAT-2210: migrate tenant audit logs from Mongo to Postgres partitions incl. backfill of 2.1B rows and dual-write window."),
 (["Approve", "Reject"], "moderation_decision", "Reject", "rot13",
  "Listing #A-7731 'Vintage Rolex Submariner' priced 180 EUR, stock photos lifted from a dealer site, seller account 2 days old."),
 (["Toxic", "Not toxic"], "label", "Not toxic", "rot13",
  "Chat msg: 'lol you absolute legend, carried us that whole round, gg'"),
]
for i, (ls, tgt, exp, style, rec) in enumerate(SP):
    if style == "discord":
        msgs = [
            {"author": "triage-lead", "ts": f"2026-03-{10+i:02d}T09:1{i%10}:00Z", "content": f"New one for the blind pass:\n> {rec}"},
            {"author": "triage-lead", "ts": f"2026-03-{10+i:02d}T09:1{i%10}:30Z", "content": f"First-pass {tgt}: ||{exp}|| (don't click until you've labelled it yourself)"},
            {"author": "ana.k", "ts": f"2026-03-{10+i:02d}T09:2{i%10}:05Z", "content": "ok, doing mine now"},
        ]
        twin_msgs = copy.deepcopy(msgs)
        twin_msgs[1]["content"] = f"First-pass {tgt}: not posted yet, label it yourself first"
        proj = {"channel": "#blind-annotation", "export": "DiscordChatExporter 2.43", "messages": msgs}
        twin = {"channel": "#blind-annotation", "export": "DiscordChatExporter 2.43", "messages": twin_msgs}
    elif style == "reddit":
        body = (f"Mod queue item:\n\n> {rec}\n\nMy read on {tgt} is >!{exp}!< but second opinions welcome, "
                "spoilered so you're not anchored.")
        tbody = (f"Mod queue item:\n\n> {rec}\n\nMy read on {tgt} is pending, "
                 "second opinions welcome, post yours first so nobody is anchored.")
        proj = {"kind": "t1", "data": {"subreddit": "modhelp_internal", "author": "AutoTriageMod", "body": body,
                                         "score": 3, "created_utc": 1773400000 + i * 3607}}
        twin = copy.deepcopy(proj); twin["data"]["body"] = tbody
    else:  # rot13 (classic usenet/forum spoiler convention)
        hidden = rot13(f"{tgt}: {exp}")
        post = (f"Thread: calibration round {i+3}\n\n{rec}\n\n"
                f"Reference answer (rot13, decode after you submit): {hidden}\n\n-- calibration bot")
        tpost = (f"Thread: calibration round {i+3}\n\n{rec}\n\n"
                 f"Reference answer: released after everyone submits.\n\n-- calibration bot")
        proj, twin = post, tpost
    leak(F, exp, ls, proj, twin, target=tgt)

# ---------------------------------------------------------------------------
# L2 nato_phonetic_spelling  (letter-coded labels read out in the phonetic alphabet)
# ---------------------------------------------------------------------------
F = "nato_phonetic_spelling"
NATO = dict(A="Alpha", B="Bravo", C="Charlie", D="Delta", E="Echo", F="Foxtrot", G="Golf", H="Hotel", I="India",
            J="Juliett", K="Kilo", L="Lima", M="Mike", N="November", O="Oscar", P="Papa", Q="Quebec", R="Romeo",
            S="Sierra", T="Tango", U="Uniform", V="Victor", W="Whiskey", X="X-ray", Y="Yankee", Z="Zulu",
            **{"1": "One", "2": "Two", "3": "Three", "4": "Four", "0": "Zero"})
def nato(code):
    return " ".join(NATO[c] for c in code)
NP = [
 (["XS", "S", "M", "L", "XL", "XXL"], "size", "XL", "Caller exchanging a rain shell bought for her son, order 2218-551, wants the next size up from what arrived."),
 (["A", "B", "C", "D", "E"], "credit_grade", "C", "Broker call re: application LN-88104, self-employed joiner, 2 missed payments in 2024."),
 (["A", "B", "C", "D", "E", "F", "G"], "energy_class", "B", "Installer phoning in EPC survey results for 14 Marlow Close, cavity walls filled 2019."),
 (["F", "J", "W", "Y"], "booking_cabin", "J", "Travel desk call: reissue for passenger Okafor LHR-JNB on the 14th, corporate account 7731."),
 (["P1", "P2", "P3", "P4"], "priority", "P2", "Night-shift NOC bridge: storage array in DC-West degraded, one controller offline, no data loss."),
 (["A", "B", "C"], "abc_class", "A", "Warehouse planner on the phone classifying SKU 40-1187 (brake pads, fast mover, high value)."),
 (["S", "M", "L"], "parcel_size", "S", "Courier dispatch call: collection from 9 Hythe Road, one padded envelope with a phone case."),
 (["G1", "G2", "G3"], "grade", "G3", "Scrapyard intake call: 2011 hatchback, flood-damaged, dealer wants the category noted."),
 (["T1", "T2", "T3"], "support_tier", "T1", "Helpdesk handover call about user j.mensah who can't map the shared drive after a password change."),
 (["A", "B", "C", "D"], "risk_band", "D", "Underwriter call: warehouse roof uses EPS panels, no sprinklers, neighbouring unit stores aerosols."),
 (["XS", "S", "M", "L", "XL"], "tshirt_estimate", "M", "Sprint planning call transcript for ticket WEB-882: add CSV export to invoices page."),
 (["E", "U", "R"], "admission_type", "U", "Bed manager call about patient in bay 4, needs admission within the day, not life-threatening."),
]
for i, (ls, tgt, exp, ctx) in enumerate(NP):
    turns = [
        {"speaker": "agent", "t": 3.1, "text": "Thanks for holding, this is the coordination desk, go ahead."},
        {"speaker": "caller", "t": 6.8, "text": ctx},
        {"speaker": "agent", "t": 24.0, "text": f"Okay. And what are we putting down for the {tgt.replace('_', ' ')}?"},
        {"speaker": "caller", "t": 27.5, "text": f"Put down {nato(exp)}. {nato(exp)}."},
        {"speaker": "agent", "t": 31.2, "text": "Read back, copied. Anything else on this one?"},
        {"speaker": "caller", "t": 33.0, "text": "No, that's everything, cheers."},
    ]
    tw = copy.deepcopy(turns)
    tw[3]["text"] = "I'll have to check with my supervisor and send it over later."
    tw[4]["text"] = "Okay, we'll wait for that. Anything else on this one?"
    meta = {"call_id": f"CL-{640021 + i * 37}", "asr_engine": "whisper-large-v3", "language": "en"}
    leak(F, exp, ls, {**meta, "segments": turns}, {**meta, "segments": tw}, target=tgt)

# ---------------------------------------------------------------------------
# L3 ordinal_scale_position (the label is given only by its position on the ordered scale)
# ---------------------------------------------------------------------------
F = "ordinal_scale_position"
OS = [
 (["Low", "Medium", "High", "Critical"], "priority", "High", "jira",
  "Checkout button unresponsive on Safari 17 for some users; workaround is Chrome.",
  "Bumped it one notch below the top of our scale, it's not an outage but it's costing orders."),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "4 stars", "review_qa",
  "Hotel stay, 3 nights: spotless room, slow lift, breakfast good, parking pricey.",
  "Guest's score was one short of the maximum, I checked the original card."),
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev3", "pagerduty",
  "Nightly export job for the analytics warehouse ran 40 min late; dashboards stale until 07:40.",
  "IC note: we're calling it the second-least severe level on the scale, no paging."),
 (["Very Negative", "Negative", "Neutral", "Positive", "Very Positive"], "sentiment", "Very Negative", "crm",
  "Customer call after third missed installation appointment.",
  "Coach note: this one goes at the very bottom of the five-point sentiment scale, worst call this week."),
 (["XS", "S", "M", "L", "XL"], "estimate", "S", "linear",
  "Rename the 'Workspace' label to 'Team' across settings pages (copy change only).",
  "Estimated at the second-smallest size on our shirt scale after planning poker."),
 (["Tier 1", "Tier 2", "Tier 3"], "support_tier", "Tier 3", "servicenow",
  "Kernel panic on three hypervisors after firmware update, vendor case opened.",
  "Routed straight to the highest tier we have, skipping the first two."),
 (["Minor", "Moderate", "Major", "Severe"], "injury_severity", "Moderate", "ehs",
  "Warehouse picker strained back lifting a 22kg carton, restricted duties for 5 days.",
  "Safety officer: classify as the second rung up from the lowest category."),
 (["P0", "P1", "P2", "P3", "P4"], "priority", "P0", "github",
  "All API tokens invalidated after key rotation script ran against prod instead of staging.",
  "Labelled at the highest priority our scale allows, everyone on it."),
 (["Low", "Medium", "High"], "churn_risk", "Medium", "crm",
  "Account Brightwell Dental: usage down 18% QoQ, renewal in 5 months, champion still engaged.",
  "CSM: risk sits right in the middle of our three bands, watching it."),
 (["Draft", "Review", "Approved", "Published"], "doc_stage", "Approved", "confluence",
  "Data retention policy v3 for EU customers.",
  "Stage moved forward twice from Draft this morning, legal signed off; not live yet."),
 (["1", "2", "3", "4", "5"], "difficulty", "5", "lms",
  "Exercise 14: prove the halting problem reduces to the emptiness problem for Turing machines.",
  "Instructor tag: hardest value on the difficulty scale, put it at the end of the set."),
 (["Trivial", "Minor", "Major", "Critical", "Blocker"], "severity", "Minor", "bugzilla",
  "Tooltip on the export button overlaps the scrollbar at 125% zoom.",
  "Triage: one level above the least severe option, cosmetic but visible."),
]
for i, (ls, tgt, exp, sysn, desc, note) in enumerate(OS):
    scale = " < ".join(ls)
    base = {"source": sysn, "record_id": f"{sysn.upper()[:3]}-{1200 + i * 71}", "summary": desc,
            tgt: None,
            "notes": [{"by": "lead", "text": "Reproduced / reviewed, see thread."}, {"by": "lead", "text": note}]}
    if i not in (1, 2, 3, 4, 7, 10):   # conventional scales (stars, SevN, PN, shirt sizes, 1-5) need no help text
        base["field_help"] = {tgt: f"ordered scale: {scale}"}
    tw = copy.deepcopy(base)
    tw["notes"][1]["text"] = "Level to be set in the weekly triage meeting."
    leak(F, exp, ls, base, tw, target=tgt)

# ---------------------------------------------------------------------------
# L4 elimination_of_alternatives (every other label is ruled out)
# ---------------------------------------------------------------------------
F = "elimination_of_alternatives"
EL = [
 (["Billing", "Shipping", "Account Access", "Technical"], "category", "Technical",
  "App shows a blank white screen after the 6.2 update on Android 14, reinstall didn't help."),
 (["Positive", "Neutral", "Negative"], "sentiment", "Negative",
  "Well, the blender arrived. Lid cracked. Second one also cracked. I'm done."),
 (["Bug", "Feature Request", "Question", "Documentation"], "issue_type", "Question",
  "How do I set the retention period for a single bucket instead of the whole project?"),
 (["Small", "Medium", "Large"], "deal_size", "Large",
  "Prospect Norrland Freight: 1,400 seats, 3-year term, procurement wants a security review."),
 (["Fraud", "Friendly fraud", "Merchant error", "Legitimate"], "dispute_reason", "Merchant error",
  "Cardholder charged twice for the same booking ref KX71Q, both captures on 03 Apr."),
 (["Low", "Medium", "High"], "priority", "Low",
  "Typo on the pricing page footer: 'Privcy policy'."),
 (["Sales", "Support", "Partnerships", "Careers"], "inbox_route", "Partnerships",
  "Hi, we run a 40k-member maker community and would love to co-host a workshop series with your team."),
 (["Yes", "No", "Needs info"], "approve_access", "Yes",
  "Request: read-only access to finance-reporting bucket for new FP&A analyst, manager approved in HR system."),
 (["Red", "Amber", "Green"], "rag_status", "Amber",
  "Project Lighthouse weekly: vendor API delayed 2 weeks, buffer covers most of it, go-live date at risk but held."),
 (["English", "German", "French", "Spanish"], "reply_language", "German",
  "Customer (Vienna) wrote via the DACH webshop; previous tickets answered by the Graz team."),
 (["Hardware", "Software", "Network", "Access"], "it_category", "Network",
  "Conference room B3 laptops connect to Wi-Fi but can't reach anything beyond the gateway since Tuesday."),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "5 stars",
  "Flawless from booking to checkout, the concierge even found my lost earring."),
]
PHRASES = [
 "QA pass: ruled out {others}. What's left is the answer, please set it.",
 "Checked against the rubric: definitely not {others}.",
 "Reviewer 2: it is none of {others} - only one option remains.",
]
for i, (ls, tgt, exp, text) in enumerate(EL):
    others = [l for l in ls if l != exp]
    if len(others) > 1:
        o = ", ".join(others[:-1]) + " or " + others[-1]
    else:
        o = others[0]
    note = PHRASES[i % 3].format(others=o)
    fmt = i % 3
    if fmt == 0:
        proj = {"ticket": {"id": 90110 + i, "text": text, tgt: ""},
                "review_comments": ["Customer context verified.", note]}
        tw = copy.deepcopy(proj); tw["review_comments"][1] = "Second review still open."
    elif fmt == 1:
        proj = (f"### Record {90110 + i}\n\n{text}\n\n---\n**{tgt}**: _(unset)_\n\n"
                f"> reviewer comment: {note}\n")
        tw = (f"### Record {90110 + i}\n\n{text}\n\n---\n**{tgt}**: _(unset)_\n\n"
              f"> reviewer comment: second review still open.\n")
    else:
        proj = {"item": {"text": text}, "annotations": [
            {"annotator": "a17", "status": "skipped"},
            {"annotator": "a04", "status": "partial", "comment": note}]}
        tw = copy.deepcopy(proj); tw["annotations"][1]["comment"] = "ran out of time, will finish tomorrow"
    leak(F, exp, ls, proj, tw, target=tgt)

# ---------------------------------------------------------------------------
# L5 mail_gateway_headers (a filtering/labelling gateway stamped the verdict into RFC 5322 headers)
# ---------------------------------------------------------------------------
F = "mail_gateway_headers"
def email(headers, body):
    return "\r\n".join(f"{k}: {v}" for k, v in headers) + "\r\n\r\n" + body
MG = [
 # labels, target, expected, leak headers, body, subject, from
 (["Spam", "Ham"], "verdict", "Spam",
  [("X-Spam-Flag", "YES"), ("X-Spam-Status", "Yes, score=12.7 required=5.0 tests=BAYES_99,URIBL_BLACK,HTML_MESSAGE")],
  "Dear friend, your parcel is on hold. Pay the 1.99 redelivery fee here: hxxp://parcel-hold-eu.top/r/88", "Parcel on hold", "DHL Express <noreply@dhl-deliver-eu.top>"),
 (["Spam", "Ham"], "verdict", "Ham",
  [("X-Spam-Flag", "NO"), ("X-Spam-Status", "No, score=-1.9 required=5.0 tests=BAYES_00,DKIM_VALID")],
  "Hi Tom, attaching the signed lease addendum. Keys can be picked up Friday after 4. Best, Marta", "Lease addendum", "Marta Jansen <marta@jansen-lettings.nl>"),
 (["Phishing", "Spam", "Bulk", "Clean"], "verdict", "Phishing",
  [("X-Forefront-Antispam-Report", "CIP:185.220.101.7;CTRY:NL;LANG:en;SCL:9;SRV:;IPV:NLI;SFV:SPM;H:mx1;PTR:;CAT:PHSH;SFTY:9.19;SFS:(13230031)"),
   ("X-MS-Exchange-Organization-SCL", "9")],
  "Your Microsoft 365 password expires today. Keep current password: https://login-m365-keep.web.app/?u=finance", "Password expiry notice", "IT Service Desk <it-desk@contoso-support.web.app>"),
 (["Phishing", "Spam", "Bulk", "Clean"], "verdict", "Bulk",
  [("X-Microsoft-Antispam", "BCL:8;"), ("X-Forefront-Antispam-Report", "CIP:198.2.180.14;CTRY:US;LANG:en;SCL:6;SRV:BULK;IPV:NLI;SFV:SPM;CAT:BULK")],
  "SPRING SALE: 30% off all garden furniture this weekend only. Unsubscribe | View in browser", "30% off garden furniture", "GardenHaus <news@mail.gardenhaus.example>"),
 (["Phishing", "Spam", "Bulk", "Clean"], "verdict", "Clean",
  [("X-Forefront-Antispam-Report", "CIP:40.107.22.55;CTRY:IE;LANG:en;SCL:1;SRV:;IPV:NLI;SFV:NSPM;CAT:NONE;SFS:(0)"),
   ("X-MS-Exchange-Organization-SCL", "1")],
  "Reminder: quarterly board pack due to the company secretary by 12 May. Template is on SharePoint.", "Board pack deadline", "Company Secretary <cosec@contoso.com>"),
 (["Public", "General", "Confidential", "Highly Confidential"], "sensitivity_label", "Highly Confidential",
  [("msip_labels", "MSIP_Label_9a3e1b52-7c41-4f0e-8d3a-2f1b6c0e7d21_Enabled=true; MSIP_Label_9a3e1b52-7c41-4f0e-8d3a-2f1b6c0e7d21_SetDate=2026-02-03T10:12:44Z; MSIP_Label_9a3e1b52-7c41-4f0e-8d3a-2f1b6c0e7d21_Method=Privileged; MSIP_Label_9a3e1b52-7c41-4f0e-8d3a-2f1b6c0e7d21_Name=Highly Confidential;")],
  "Attached: draft term sheet for Project Kestrel acquisition, not for distribution outside the deal team.", "Kestrel term sheet v4", "Priya Raman <priya.raman@contoso.com>"),
 (["Public", "General", "Confidential", "Highly Confidential"], "sensitivity_label", "General",
  [("msip_labels", "MSIP_Label_1f0d2c77-0b3a-4b59-9e1a-6f2a5d9c4e10_Enabled=true; MSIP_Label_1f0d2c77-0b3a-4b59-9e1a-6f2a5d9c4e10_Method=Standard; MSIP_Label_1f0d2c77-0b3a-4b59-9e1a-6f2a5d9c4e10_Name=General;")],
  "Team lunch moved to Thursday, same place. Please reply if you have dietary needs.", "Lunch Thursday", "Office Manager <office@contoso.com>"),
 (["Highest", "High", "Normal", "Low", "Lowest"], "importance", "Highest",
  [("X-Priority", "1 (Highest)"), ("X-MSMail-Priority", "High"), ("Importance", "high")],
  "Server room temperature alarm at 31C, facilities not answering. Can someone with a badge go down now?", "server room temp", "Night Guard Desk <security@northbank.example>"),
 (["Highest", "High", "Normal", "Low", "Lowest"], "importance", "Lowest",
  [("X-Priority", "5")],
  "FYI: the kitchen coffee machine descaling is scheduled for next month; no action needed.", "coffee machine", "Facilities <facilities@northbank.example>"),
 (["Primary", "Social", "Promotions", "Updates", "Forums"], "gmail_category", "Updates",
  [("X-Gmail-Labels", "Inbox,Category Updates,Opened")],
  "Your statement for March is ready. Log in to view it. Account ending 4471.", "Your March statement", "Aldergate Bank <statements@aldergate.example>"),
 (["Auto-reply", "Human reply"], "reply_type", "Auto-reply",
  [("Auto-Submitted", "auto-replied"), ("X-Autoreply", "yes"), ("Precedence", "auto_reply")],
  "Thank you for your message. I am out of the office until 22 April with limited access to email.", "Re: invoice 2026-0412", "Lars Eriksen <lars@eriksen-bygg.no>"),
 (["Newsletter", "Transactional", "Personal"], "mail_type", "Newsletter",
  [("Precedence", "bulk"), ("List-Id", "Weekly Digest <digest.list.makerhub.example>"), ("X-Campaign-Type", "newsletter")],
  "This week: 5 laser-cut lamp designs, a soldering station review and our community meetup dates.", "MakerHub weekly #212", "MakerHub <hello@makerhub.example>"),
]
for i, (ls, tgt, exp, lh, body, subj, frm) in enumerate(MG):
    base_h = [("Return-Path", "<bounce-%d@mx.example.net>" % (7000 + i)),
              ("Received", "from mx1.gw.example.net (10.4.2.%d) by mbx03.example.net; Tue, %d Mar 2026 08:%02d:11 +0000" % (10 + i, 3 + i, 10 + i)),
              ("DKIM-Signature", "v=1; a=rsa-sha256; d=example.net; s=sel1; bh=Zk%03dp0=; b=QmFyZm9v%d" % (i, i)),
              ("From", frm), ("To", "shared-inbox@example.net"), ("Subject", subj),
              ("Date", "Tue, %d Mar 2026 08:%02d:00 +0000" % (3 + i, 10 + i)),
              ("Message-ID", "<%d.%d@mail.example>" % (88100 + i * 13, i)),
              ("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=utf-8")]
    pos = 3
    leak(F, exp, ls, email(base_h[:pos] + lh + base_h[pos:], body), email(base_h, body), target=tgt)

# ---------------------------------------------------------------------------
# L6 notebook_cell_output (executed .ipynb keeps the prediction in outputs; hard ones truncated by pandas)
# ---------------------------------------------------------------------------
F = "notebook_cell_output"
NB = [
 (["Technical Support", "Billing", "Sales", "Account Management"], "queue", "Technical Support", "trunc",
  "VPN client drops every 10 minutes on macOS 15 since the 4.2 update."),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "trunc",
  "Ordered the grey sofa, received beige, and the courier left it in the rain."),
 (["Account Access", "Payments", "Fraud", "Other"], "intent", "Account Access", "trunc",
  "I changed phones and the authenticator app didn't come with me, locked out of online banking."),
 (["Critical", "High", "Medium", "Low"], "priority", "Critical", "trunc",
  "Every POS terminal in the Leeds stores is rejecting contactless since 08:05."),
 (["Highly Confidential", "Confidential", "Internal", "Public"], "classification", "Confidential", "trunc",
  "Salary bands spreadsheet for the 2026 engineering review, shared with HR partners."),
 (["Very Positive", "Positive", "Neutral", "Negative", "Very Negative"], "sentiment", "Very Positive", "trunc",
  "Absolutely the best dentist I've ever had, zero pain and she explained everything!"),
 (["billing", "shipping", "returns", "product"], "category", "returns", "array",
  "The boots are half a size too small, how do I send them back for the bigger pair?"),
 (["spam", "ham"], "label", "spam", "array",
  "WINNER!! Claim your 500 voucher now, reply STOP to opt out"),
 (["yes", "no"], "needs_callback", "no", "array",
  "Thanks, the reset link worked. All sorted now."),
 (["low", "medium", "high"], "risk", "high", "repr",
  "Vendor requests admin rights on the domain controller to install a monitoring agent."),
 (["1", "2", "3", "4", "5"], "stars", "2", "repr",
  "Pasta was cold and the waiter forgot our drinks twice, but the dessert was decent."),
 (["bug", "feature", "docs"], "type", "docs", "repr",
  "The README still says to run setup.py install but the project moved to pyproject."),
]
def nbcell(src, outs, n):
    return {"cell_type": "code", "execution_count": n, "metadata": {}, "source": src, "outputs": outs}
for i, (ls, tgt, exp, mode, text) in enumerate(NB):
    c1 = nbcell(["import pandas as pd\n", "from triage_models import load\n", f"clf = load('{tgt}-clf-v{3 + i % 4}')\n"], [], 1)
    c2 = nbcell(["ticket = fetch_ticket(%d)\n" % (310400 + i * 9), "ticket['text']"],
                [{"output_type": "execute_result", "execution_count": 2, "metadata": {}, "data": {"text/plain": [repr(text)]}}], 2)
    if mode == "trunc":
        k = 1
        while any(l != exp and l.lower().startswith(exp[:k].lower()) for l in ls):
            k += 1
        w = min(max(k + 1, 4), len(exp) - 2)
        shown = exp[:w] + "..."
        src = ["pd.set_option('display.max_colwidth', %d)\n" % (w + 3), "df = pd.DataFrame({'ticket_id': [ticket['id']], 'pred': clf.predict([ticket['text']])})\n", "df"]
        out_txt = ["   ticket_id  pred\n", "0  %d  %s" % (310400 + i * 9, shown)]
    elif mode == "array":
        src = ["clf.predict([ticket['text']])"]
        out_txt = ["array(['%s'], dtype=object)" % exp]
    else:
        src = ["pred = clf.predict_one(ticket['text'])\n", "print(f'{pred=}')"]
        out_txt = None
    if out_txt is not None:
        outs = [{"output_type": "execute_result", "execution_count": 3, "metadata": {}, "data": {"text/plain": out_txt}}]
    else:
        outs = [{"output_type": "stream", "name": "stdout", "text": ["pred='%s'\n" % exp]}]
    c3 = nbcell(src, outs, 3)
    c4 = {"cell_type": "markdown", "metadata": {}, "source": ["## Next: write label back once reviewed"]}
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
          "cells": [c1, c2, c3, c4]}
    tw = copy.deepcopy(nb)
    tw["cells"][2]["outputs"] = []
    tw["cells"][2]["execution_count"] = None
    leak(F, exp, ls, {"path": f"notebooks/triage_scratch_{i:02d}.ipynb", "content": json.dumps(nb, indent=1)},
         {"path": f"notebooks/triage_scratch_{i:02d}.ipynb", "content": json.dumps(tw, indent=1)}, target=tgt)

# ---------------------------------------------------------------------------
# L7 sse_stream_token_split (raw server-sent-event capture of an earlier LLM call; answer streamed in deltas)
# ---------------------------------------------------------------------------
F = "sse_stream_token_split"
SS = [
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", ["Neg", "ative"], "openai"),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Billing", ["Bill", "ing"], "anthropic"),
 (["Low", "Medium", "High", "Urgent"], "priority", "Urgent", ["Ur", "gent"], "openai"),
 (["Sev1", "Sev2", "Sev3"], "severity", "Sev1", ["Sev", "1"], "anthropic"),
 (["Account Access", "Payments", "Card Lost", "Other"], "intent", "Card Lost", ["Card", " Lo", "st"], "openai"),
 (["Yes", "No"], "escalate", "Yes", ["Y", "es"], "anthropic"),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "3 stars", ["3 stars"], "openai"),
 (["Bug", "Feature Request", "Question"], "type", "Feature Request", ["Feature Request"], "anthropic"),
 (["Small", "Medium", "Large"], "effort", "Medium", ["Medium"], "openai"),
 (["Toxic", "Safe"], "moderation", "Safe", ["Safe"], "anthropic"),
 (["Red", "Amber", "Green"], "rag", "Green", ["Green"], "openai"),
 (["Compliant", "Non-compliant"], "audit_result", "Non-compliant", ["Non-compliant"], "anthropic"),
]
PRE = ["Looking at", " the ticket", ", the", " {t} is", ": "]
for i, (ls, tgt, exp, chunks, api) in enumerate(SS):
    pre = [p.replace("{t}", tgt.replace("_", " ")) for p in PRE]
    lines, tlines = [], []
    def ev(piece, fin=None):
        if api == "openai":
            d = {"id": f"chatcmpl-9x{i}Qa{7 + i}", "object": "chat.completion.chunk", "created": 1773500000 + i,
                 "model": "gpt-4o-2024-08-06",
                 "choices": [{"index": 0, "delta": ({"content": piece} if piece is not None else {}), "finish_reason": fin}]}
            return "data: " + json.dumps(d) + "\n\n"
        d = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}
        return "event: content_block_delta\ndata: " + json.dumps(d) + "\n\n"
    head = ("event: message_start\ndata: " + json.dumps({"type": "message_start", "message": {"id": f"msg_01T{i}xQ", "model": "claude-3-5-sonnet-20241022", "role": "assistant"}}) + "\n\n") if api == "anthropic" else ""
    body = "".join(ev(p) for p in pre)
    ans = "".join(ev(c) for c in chunks) + ev(".")
    if api == "openai":
        tail = ev(None, "stop") + "data: [DONE]\n\n"
        ttail = "data: " + json.dumps({"error": {"message": "The server had an error while processing your request.", "type": "server_error"}}) + "\n\n"
    else:
        tail = "event: message_delta\ndata: " + json.dumps({"type": "message_delta", "delta": {"stop_reason": "end_turn"}}) + "\n\nevent: message_stop\ndata: {\"type\": \"message_stop\"}\n\n"
        ttail = "event: error\ndata: " + json.dumps({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}) + "\n\n"
    rec = {"step": 2, "tool": "http_capture", "request": {"url": "https://api.%s.com/v1/%s" % (api, "chat/completions" if api == "openai" else "messages"),
           "prompt_excerpt": f"Classify the {tgt} of ticket #{52000 + i * 17}."}}
    leak(F, exp, ls, {**rec, "raw_response_body": head + body + ans + tail},
         {**rec, "raw_response_body": head + body + ttail}, target=tgt)

# ---------------------------------------------------------------------------
# L8 agent_tool_call_trace (earlier agent run already acted: tool name / JSON-string arguments carry the label)
# ---------------------------------------------------------------------------
F = "agent_tool_call_trace"
TC = [
 (["Billing", "Shipping", "Returns", "Technical"], "queue", "Returns", "routeToReturnsQueue", {"ticket_id": "T-77120", "note": "customer wants exchange"}),
 (["Approve", "Deny"], "refund_decision", "Approve", "approve_refund", {"order": "ORD-55102", "amount": 42.90}),
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev2", "pagerduty_escalateToSev2", {"incident": "INC-4410"}),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "tag_sentiment_negative", {"conversation_id": "cv_81aa"}),
 (["Low", "Medium", "High"], "priority", "High", "setPriorityHigh", {"issue": "OPS-3391"}),
 (["Spam", "Not spam"], "verdict", "Spam", "markAsSpamAndArchive", {"message_id": "m-0091x"}),
 (["Billing", "Shipping", "Returns", "Technical"], "queue", "Shipping", "route_ticket", {"ticket_id": "T-77340", "queue": "Shipping", "reason": "carrier lost parcel"}),
 (["Low", "Medium", "High", "Critical"], "priority", "Critical", "update_issue", {"key": "PAY-1203", "fields": {"priority": {"name": "Critical"}}}),
 (["Yes", "No"], "is_duplicate", "No", "set_custom_field", {"ticket": 991203, "field": "is_duplicate", "value": "No"}),
 (["Small", "Medium", "Large", "X-Large"], "size", "Large", "estimate_story", {"story": "ENG-880", "size": "Large", "confidence": 0.7}),
 (["Hardware", "Software", "Network"], "category", "Hardware", "categorize", {"req": "RITM0041290", "category": "Hardware", "sub": "docking station"}),
 (["Promoter", "Passive", "Detractor"], "nps_segment", "Passive", "crm_update_contact", {"contact": "003Hs00001ZqP", "nps_segment": "Passive"}),
]
for i, (ls, tgt, exp, fname, args) in enumerate(TC):
    call_id = f"call_{'abcdefghijkl'[i]}{9031 + i}"
    msgs = [
        {"role": "system", "content": "You are the support operations agent. Use tools to act on tickets."},
        {"role": "user", "content": f"Handle record {list(args.values())[0]}."},
        {"role": "assistant", "content": None, "tool_calls": [{"id": f"call_get{i}", "type": "function", "function": {"name": "get_record", "arguments": json.dumps({"id": list(args.values())[0]})}}]},
        {"role": "tool", "tool_call_id": f"call_get{i}", "content": json.dumps({"id": list(args.values())[0], "status": "open", "updated_by": "agent-run-%d" % (4400 + i)})},
        {"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": {"name": fname, "arguments": json.dumps(args)}}]},
        {"role": "tool", "tool_call_id": call_id, "content": "{\"ok\": true}"},
        {"role": "assistant", "content": "Done, record updated."},
    ]
    tw = msgs[:4] + [{"role": "assistant", "content": "Step limit reached before completing the task (max_steps=2)."}]
    leak(F, exp, ls, {"previous_run": {"run_id": f"run_{8812 + i}", "messages": msgs}},
         {"previous_run": {"run_id": f"run_{8812 + i}", "messages": tw}}, target=tgt)

# ---------------------------------------------------------------------------
# L9 cli_table_cell_wrap (terminal table; this row's label cell wraps/folds over several physical lines)
# ---------------------------------------------------------------------------
F = "cli_table_cell_wrap"
def box_table(headers, rows, widths):
    """rich/tabulate-like grid; each cell is a list of physical lines."""
    def sep(l, m, r):
        return l + m.join("─" * (w + 2) for w in widths) + r
    out = [sep("┏", "┳", "┓").replace("─", "━"),
           "┃" + "┃".join(" " + h.ljust(w) + " " for h, w in zip(headers, widths)) + "┃",
           sep("┡", "╇", "┩").replace("─", "━")]
    for ri, row in enumerate(rows):
        cells = [c if isinstance(c, list) else [c] for c in row]
        h = max(len(c) for c in cells)
        for k in range(h):
            out.append("│" + "│".join(" " + (c[k] if k < len(c) else "").ljust(w) + " " for c, w in zip(cells, widths)) + "│")
        if ri < len(rows) - 1:
            out.append(sep("├", "┼", "┤"))
    out.append(sep("└", "┴", "┘"))
    return "\n".join(out)
def fold(word, width):
    # wrap on spaces, fold long words by characters
    lines, cur = [], ""
    for tok in word.split(" "):
        while len(tok) > width:
            if cur:
                lines.append(cur); cur = ""
            lines.append(tok[:width]); tok = tok[width:]
        if not cur:
            cur = tok
        elif len(cur) + 1 + len(tok) <= width:
            cur += " " + tok
        else:
            lines.append(cur); cur = tok
    if cur:
        lines.append(cur)
    return lines
CT = [
 (["Account Access", "Billing", "Shipping", "Technical"], "category", "Account Access", 7, "Locked out after SIM swap", "ticketctl list --open"),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", 5, "Refund still missing, 3rd time", "reviews ls --since 7d"),
 (["Critical", "High", "Medium", "Low"], "priority", "Critical", 4, "Payroll run failed for 2 entities", "jira-cli issue list"),
 (["Feature Request", "Bug", "Question"], "type", "Feature Request", 8, "Dark mode for the admin console", "gh issue list"),
 (["Highly Confidential", "Confidential", "Internal", "Public"], "classification", "Highly Confidential", 6, "M&A target shortlist Q3", "purview docs ls"),
 (["Approved", "Rejected", "Pending Info"], "decision", "Rejected", 5, "Expense: 3 nights Ritz, no receipt", "expensectl show"),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Returns", 9, "Boots too small, wants exchange", "ticketctl list --open"),
 (["Low", "Medium", "High"], "priority", "Low", 8, "Footer link points to old blog", "linear issues"),
 (["Yes", "No"], "churned", "Yes", 7, "Cancelled plan, moved to rival", "crm accounts ls"),
 (["S", "M", "L", "XL"], "size", "XL", 6, "Rebuild search indexer in Rust", "linear issues"),
 (["Hardware", "Software", "Network"], "category", "Network", 9, "VPN drops in Lyon office", "snow incidents"),
 (["Spam", "Ham"], "label", "Ham", 7, "Meeting notes from Tuesday", "mailq triage"),
]
for i, (ls, tgt, exp, w, summ, cmd) in enumerate(CT):
    hard = i < 6
    width = w if hard else max(len(exp), w)
    others = [l for l in ls if l != exp]
    rid = 4100 + i * 13
    rows = [[str(rid - 7), fold("Password reset email never arrives" if i % 2 else "Invoice PDF shows wrong VAT id", 20), fold(others[0], width)],
            [str(rid), fold(summ, 20), fold(exp, width)],
            [str(rid + 5), fold("Asks for API rate limit increase" if i % 2 else "Courier left parcel at wrong door", 20), fold(others[-1], width)]]
    trows = copy.deepcopy(rows); trows[1][2] = [""]
    header = ["ID", "Summary", tgt]
    wid = [5, 20, max(width, len(tgt))]
    proj = {"tool": "shell", "cmd": cmd, "stdout": box_table(header, rows, wid), "exit_code": 0,
            "question": f"What {tgt} should ticket {rid} get?"}
    tw = {"tool": "shell", "cmd": cmd, "stdout": box_table(header, trows, wid), "exit_code": 0,
          "question": f"What {tgt} should ticket {rid} get?"}
    leak(F, exp, ls, proj, tw, target=tgt)

# ---------------------------------------------------------------------------
# L10 public_standard_score (a number on a published scale whose official bands name the label)
# ---------------------------------------------------------------------------
F = "public_standard_score"
PS = [
 (["None", "Low", "Medium", "High", "Critical"], "cvss_severity", "Critical",
  {"cve": "CVE-2026-21904", "title": "Unauthenticated RCE in report export endpoint", "cvss_v31": {"baseScore": 9.8, "vectorString": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"}},
  ["cvss_v31"]),
 (["None", "Low", "Medium", "High", "Critical"], "cvss_severity", "Medium",
  {"cve": "CVE-2026-30117", "title": "Reflected XSS in search page requires user click", "metrics": {"cvssMetricV31": [{"cvssData": {"baseScore": 6.1, "vectorString": "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N"}}]}},
  ["metrics"]),
 (["None", "Low", "Medium", "High", "Critical"], "cvss_severity", "Low",
  {"cve": "CVE-2026-11850", "title": "Timing side channel leaks username existence", "cvss_v31": {"baseScore": 3.7, "vectorString": "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N"}},
  ["cvss_v31"]),
 (["Detractor", "Passive", "Promoter"], "nps_segment", "Detractor",
  {"survey": "Q1 relationship survey", "respondent": "acct 0081-GRN", "q1_likelihood_to_recommend_0_10": 4, "comment": "Onboarding took forever."},
  ["q1_likelihood_to_recommend_0_10"]),
 (["Detractor", "Passive", "Promoter"], "nps_segment", "Passive",
  {"survey": "post-support NPS", "respondent": "cust 55-1120", "ltr": 8, "ltr_scale": "0-10 (How likely are you to recommend us?)", "comment": "fine, a bit slow"},
  ["ltr"]),
 (["Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy", "Very Unhealthy", "Hazardous"], "aqi_category", "Unhealthy",
  {"station": "Fresno - Garland", "parameter": "PM2.5", "us_epa_aqi": 168, "timestamp": "2026-08-14T15:00-07:00"},
  ["us_epa_aqi"]),
 (["Category 1", "Category 2", "Category 3", "Category 4", "Category 5"], "saffir_simpson", "Category 4",
  {"advisory": "Hurricane ELENA Advisory Number 23", "max_sustained_winds_mph": 140, "min_pressure_mb": 944, "movement": "NW at 12 mph"},
  ["max_sustained_winds_mph"]),
 (["Underweight", "Normal weight", "Overweight", "Obesity"], "bmi_class", "Overweight",
  {"patient": "P-30119", "height_cm": 178, "weight_kg": 86.0, "bmi": 27.1, "note": "annual check, no complaints"},
  ["bmi", "weight_kg"]),
 (["Low", "Moderate", "High", "Very High", "Extreme"], "uv_risk", "Very High",
  {"location": "Brisbane CBD", "date": "2026-01-19", "uv_index_max": 9, "cloud": "scattered"},
  ["uv_index_max"]),
 (["Mild", "Moderate", "Severe"], "tbi_severity", "Moderate",
  {"er_case": "ED-77120", "mechanism": "cyclist vs car, helmet worn", "gcs": {"eye": 3, "verbal": 4, "motor": 4, "total": 11}},
  ["gcs"]),
 (["Normal", "Elevated", "Stage 1 Hypertension", "Stage 2 Hypertension"], "bp_category", "Stage 2 Hypertension",
  {"patient": "P-88012", "reading": {"systolic": 152, "diastolic": 96, "unit": "mmHg", "method": "seated, 3rd reading"}},
  ["reading"]),
 (["Poor", "Fair", "Good", "Very Good", "Exceptional"], "fico_band", "Very Good",
  {"applicant": "A-20991", "bureau": "Experian", "fico_score_8": 771, "inquiries_12m": 1},
  ["fico_score_8"]),
]
for i, (ls, tgt, exp, rec, keys) in enumerate(PS):
    tw = copy.deepcopy(rec)
    for k in keys:
        tw[k] = None
    leak(F, exp, ls, {"record": rec}, {"record": tw}, target=tgt)

# ---------------------------------------------------------------------------
# L11 hl7_v2_coded_field (HL7 v2 pipe message; a standard table code in a positional field gives the label)
# ---------------------------------------------------------------------------
F = "hl7_v2_coded_field"
def hl7(segs):
    return "\r".join(segs) + "\r"
def seg_set(seg, idx, val):
    parts = seg.split("|")
    while len(parts) <= idx:
        parts.append("")
    parts[idx] = val
    return "|".join(parts)
MSH = "MSH|^~\\&|EPIC|STMARYS|LIS|STMARYS|2026031{d}08{m:02d}||{typ}|MSG{n}|P|2.5.1"
HL = [
 # labels, target, expected, msgtype, segments (with placeholder), (segment index, field index, value)
 (["STAT", "ASAP", "Routine"], "order_priority", "STAT", "ORM^O01",
  ["PID|1||MRN448120^^^STM^MR||Okafor^Grace||19640212|F", "ORC|NW|ORD5521||||||", "OBR|1|ORD5521||85025^CBC W AUTO DIFF^CPT4"], (1, 7, "^^^^^S")),
 (["STAT", "ASAP", "Routine"], "order_priority", "Routine", "ORM^O01",
  ["PID|1||MRN330981^^^STM^MR||Lindqvist^Erik||19881003|M", "ORC|NW|ORD5608||||||", "OBR|1|ORD5608||80061^LIPID PANEL^CPT4"], (1, 7, "^^^^^R")),
 (["STAT", "ASAP", "Routine"], "order_priority", "ASAP", "OML^O21",
  ["PID|1||MRN201177^^^STM^MR||Haddad^Rami||19790521|M", "ORC|NW|ORD5711||||||", "OBR|1|ORD5711||87070^CULTURE BACTERIAL^CPT4"], (1, 7, "^^^^^A")),
 (["Emergency", "Inpatient", "Outpatient"], "patient_class", "Emergency", "ADT^A08",
  ["EVN|A08|202603110813", "PID|1||MRN550193^^^STM^MR||Moreau^Lucie||20010817|F", "PV1|1||MAIN^B04^01"], (2, 2, "E")),
 (["Emergency", "Inpatient", "Outpatient"], "patient_class", "Outpatient", "ADT^A08",
  ["EVN|A08|202603120902", "PID|1||MRN118822^^^STM^MR||Tanaka^Hiro||19550130|M", "PV1|1||MAIN^C12^"], (2, 2, "O")),
 (["Emergency", "Inpatient", "Outpatient"], "patient_class", "Inpatient", "ADT^A08",
  ["EVN|A08|202603121140", "PID|1||MRN771005^^^STM^MR||Novak^Petra||19700704|F", "PV1|1||MAIN^412^B"], (2, 2, "I")),
 (["Accident", "Elective", "Emergency", "Urgent", "Routine"], "admission_type", "Elective", "ADT^A01",
  ["EVN|A01|202603130700", "PID|1||MRN662190^^^STM^MR||Brennan^Sean||19620909|M", "PV1|1|I|ORTHO^305^A|"], (2, 4, "C")),
 (["Low", "Normal", "High", "Critically low", "Critically high"], "result_flag", "Critically high", "ORU^R01",
  ["PID|1||MRN300411^^^STM^MR||Adeyemi^Tunde||19480115|M", "OBR|1|ORD5890||2823-3^POTASSIUM^LN",
   "OBX|1|NM|2823-3^Potassium SerPl-sCnc^LN||6.9|mmol/L|3.5-5.1|"], (2, 8, "HH")),
 (["Low", "Normal", "High", "Critically low", "Critically high"], "result_flag", "Low", "ORU^R01",
  ["PID|1||MRN300877^^^STM^MR||Silva^Ana||19930322|F", "OBR|1|ORD5902||718-7^HEMOGLOBIN^LN",
   "OBX|1|NM|718-7^Hemoglobin^LN||10.9|g/dL|12.0-15.5|"], (2, 8, "L^Below low normal^HL70078")),
 (["Final", "Preliminary", "Corrected"], "result_status", "Corrected", "ORU^R01",
  ["PID|1||MRN411920^^^STM^MR||Kowalski^Jan||19800101|M", "OBR|1|ORD5999||2160-0^CREATININE^LN",
   "OBX|1|NM|2160-0^Creatinine^LN||1.1|mg/dL|0.7-1.3|N|||"], (2, 11, "C")),
 (["STAT", "ASAP", "Routine"], "order_priority", "STAT", "ORM^O01",
  ["PID|1||MRN902215^^^STM^MR||Reyes^Camila||19991111|F", "ORC|NW|ORD6010||||||", "OBR|1|ORD6010||71045^XR CHEST 1 VIEW^CPT4"], (1, 7, "^^^^^S^^STAT")),
 (["Emergency", "Inpatient", "Outpatient"], "patient_class", "Emergency", "ADT^A08",
  ["EVN|A08|202603140022", "PID|1||MRN118300^^^STM^MR||Walsh^Niamh||19870614|F", "PV1|1||MAIN^T02^02"], (2, 2, "E^Emergency^HL70004")),
]
for i, (ls, tgt, exp, typ, segs, (si, fi, val)) in enumerate(HL):
    msh = MSH.format(d=i % 10, m=i * 3, typ=typ, n=90000 + i)
    leak_segs = list(segs); leak_segs[si] = seg_set(leak_segs[si], fi, val)
    twin_segs = list(segs); twin_segs[si] = seg_set(twin_segs[si], fi, "")
    leak(F, exp, ls, {"interface": "HL7 v2 inbound", "raw": hl7([msh] + leak_segs)},
         {"interface": "HL7 v2 inbound", "raw": hl7([msh] + twin_segs)}, target=tgt)

# ---------------------------------------------------------------------------
# L12 speech_to_text_homophones (ASR wrote the spoken label as a homophone / split form)
# ---------------------------------------------------------------------------
F = "speech_to_text_homophones"
HP = [
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev2", "yeah this is a sev to, not a sev won, nobody's down", "Checkout p95 doubled after the 14:00 deploy, orders still going through."),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "4 stars", "honestly i'd give them for stars overall", "Caller describing the kitchen fitters: tidy, on time, one cupboard door misaligned."),
 (["Low", "Medium", "High"], "priority", "High", "put it down as hi priority please", "Lift in block C stuck between floors twice this week, residents with mobility issues."),
 (["P1", "P2", "P3", "P4"], "priority", "P1", "this one's a pee one, wake up the on-call", "Primary database in eu-west unreachable, failover didn't trigger."),
 (["Tier 1", "Tier 2", "Tier 3"], "tier", "Tier 2", "send it to tear to, they have the admin rights", "User can't access the finance share after moving departments."),
 (["Grade A", "Grade B", "Grade C"], "grade", "Grade C", "the eggs from that farm were grade sea this morning", "Supplier inspection call about shell cracks and dirt on a pallet of eggs."),
 (["Yes", "No"], "approved", "Yes", "yep approved, go ahead and book it", "Manager call about a conference trip to Lisbon within budget."),
 (["Billing", "Technical", "Sales"], "department", "Billing", "ok so this is a billing question, transfer me", "Caller asks why the March invoice shows two line items for the same licence."),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "coach note: negative call, customer hung up angry", "Third call about the same broadband outage, promised callback never came."),
 (["Small", "Medium", "Large"], "size", "Medium", "medium please, the large is too big for my daughter", "Caller ordering a school hoodie for a 12-year-old."),
 (["Approve", "Decline"], "credit_decision", "Decline", "underwriter says decline, too much recent debt", "Branch call about a car loan application with three new credit lines this year."),
 (["Urgent", "Normal"], "urgency", "Urgent", "this is urgent, she's been without heating since Friday", "Tenant's boiler failed, elderly resident, outside temp 2C."),
]
for i, (ls, tgt, exp, utter, ctx) in enumerate(HP):
    words = utter.split(" ")
    segs = [
        {"id": 0, "start": 0.0, "end": 6.4, "speaker": "SPEAKER_00", "text": "hi thanks for calling, how can i help"},
        {"id": 1, "start": 6.9, "end": 19.2, "speaker": "SPEAKER_01", "text": ctx.lower()},
        {"id": 2, "start": 19.8, "end": 24.1, "speaker": "SPEAKER_00" if i % 2 else "SPEAKER_01", "text": utter},
        {"id": 3, "start": 24.5, "end": 27.0, "speaker": "SPEAKER_00", "text": "okay noted, anything else"},
    ]
    tw = copy.deepcopy(segs)
    tw[2]["text"] = "hang on let me check with someone and get back to you"
    meta = {"recording": f"rec_2026-03-{(i % 27) + 1:02d}_{1100 + i * 7}.wav", "asr": {"model": "nova-2", "diarize": True, "punctuate": False}}
    leak(F, exp, ls, {**meta, "segments": segs}, {**meta, "segments": tw}, target=tgt)

# ---------------------------------------------------------------------------
# L13 ocr_misread_text (OCR of an attached screenshot; the label is there with OCR confusions or split into word boxes)
# ---------------------------------------------------------------------------
F = "ocr_misread_text"
OC = [
 (["Low", "Medium", "High", "Critical"], "priority", "High", "Hiqh", "textract"),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "Neqatlve", "tesseract"),
 (["Billing", "Shipping", "Returns"], "category", "Billing", "Bi11ing", "vision"),
 (["Low", "Medium", "High", "Critical"], "priority", "Medium", "Medlurn", "textract"),
 (["Small", "Medium", "Large"], "size", "Small", "Srna11", "tesseract"),
 (["Approved", "Rejected", "On hold"], "status_decision", "Approved", "Apprcved", "vision"),
 (["Critical", "Major", "Minor"], "severity", "Critical", "Critical", "textract"),
 (["Promotions", "Updates", "Primary"], "mail_category", "Promotions", "Promotions", "tesseract"),
 (["Sev1", "Sev2", "Sev3"], "severity", "Sev3", "Sev3", "vision"),
 (["Yes", "No"], "warranty_valid", "No", "No", "textract"),
 (["Gold", "Silver", "Bronze"], "customer_tier", "Silver", "Silver", "tesseract"),
 (["Fraud", "Legitimate"], "fraud_label", "Fraud", "Fraud", "vision"),
]
for i, (ls, tgt, exp, ocr_word, eng) in enumerate(OC):
    fld = tgt.replace("_", " ").title()
    lines = [f"Case #{88400 + i * 29}", "Opened: 2026-03-%02d 09:%02d" % (i + 4, i * 4), "Customer: " + ["R. Iyer", "M. Costa", "B. Okoro", "J. Schmidt", "L. Martin", "A. Novak",
             "T. Nguyen", "S. Ahmed", "K. Larsen", "P. Rossi", "D. Cohen", "E. Murphy"][i],
             f"{fld}: {ocr_word}", "Assignee: unassigned", "Last update: awaiting customer"]
    tlines = [l for l in lines if not l.startswith(fld + ":")]
    if eng == "textract":
        def blocks(ls_):
            out = []
            for k, ln in enumerate(ls_):
                out.append({"BlockType": "LINE", "Text": ln, "Confidence": round(97.1 - k * 1.3, 2), "Id": f"l{k}"})
            return {"DocumentMetadata": {"Pages": 1}, "Blocks": out}
        proj, tw = blocks(lines), blocks(tlines)
    elif eng == "tesseract":
        def tsv(ls_):
            rows = ["level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"]
            for k, ln in enumerate(ls_):
                for w_i, wd in enumerate(ln.split(" ")):
                    rows.append(f"5\t1\t1\t1\t{k + 1}\t{w_i + 1}\t{40 + w_i * 70}\t{30 + k * 24}\t{len(wd) * 9}\t18\t{91 - (k + w_i) % 7}\t{wd}")
            return "\n".join(rows)
        proj, tw = tsv(lines), tsv(tlines)
    else:
        def vis(ls_):
            return {"responses": [{"fullTextAnnotation": {"text": "\n".join(ls_) + "\n"}, "textAnnotations": [{"locale": "en", "description": "\n".join(ls_)}]}]}
        proj, tw = vis(lines), vis(tlines)
    rec = {"attachment": f"screenshot_{i + 1}.png", "ocr_engine": eng}
    leak(F, exp, ls, {**rec, "ocr_output": proj}, {**rec, "ocr_output": tw}, target=tgt)

# ---------------------------------------------------------------------------
# L14 sla_deadline_arithmetic (due timestamp minus created timestamp equals the target of exactly one label's SLA)
# ---------------------------------------------------------------------------
F = "sla_deadline_arithmetic"
from datetime import datetime, timedelta
SL = [
 (["Urgent", "High", "Normal", "Low"], "priority", "High", {"Urgent": 1, "High": 4, "Normal": 24, "Low": 72}, "zendesk"),
 (["Urgent", "High", "Normal", "Low"], "priority", "Low", {"Urgent": 1, "High": 4, "Normal": 24, "Low": 72}, "zendesk"),
 (["P1", "P2", "P3", "P4"], "priority", "P1", {"P1": 0.25, "P2": 1, "P3": 8, "P4": 40}, "jsm"),
 (["P1", "P2", "P3", "P4"], "priority", "P3", {"P1": 0.25, "P2": 1, "P3": 8, "P4": 40}, "jsm"),
 (["Critical", "High", "Moderate", "Low"], "priority", "Moderate", {"Critical": 2, "High": 8, "Moderate": 48, "Low": 120}, "servicenow"),
 (["Critical", "High", "Moderate", "Low"], "priority", "Critical", {"Critical": 2, "High": 8, "Moderate": 48, "Low": 120}, "servicenow"),
 (["Platinum", "Gold", "Silver", "Bronze"], "support_plan", "Gold", {"Platinum": 0.5, "Gold": 2, "Silver": 8, "Bronze": 24}, "zendesk"),
 (["Sev A", "Sev B", "Sev C"], "severity", "Sev B", {"Sev A": 1, "Sev B": 2, "Sev C": 4}, "jsm"),
 (["Urgent", "High", "Normal", "Low"], "priority", "Normal", {"Urgent": 1, "High": 4, "Normal": 24, "Low": 72}, "zendesk"),
 (["Critical", "High", "Moderate", "Low"], "priority", "Low", {"Critical": 2, "High": 8, "Moderate": 48, "Low": 120}, "servicenow"),
 (["P1", "P2", "P3", "P4"], "priority", "P2", {"P1": 0.25, "P2": 1, "P3": 8, "P4": 40}, "jsm"),
 (["Enterprise", "Business", "Starter"], "plan", "Starter", {"Enterprise": 1, "Business": 8, "Starter": 48}, "zendesk"),
]
SUBJ = ["Export to CSV times out for large workspaces", "Can't add a second admin", "Login page 502 for all EU tenants",
        "Webhook retries duplicating events", "Printer on floor 3 jams every morning", "Payroll API returning 500 for all calls",
        "SSO metadata upload rejected", "Data sync lag of 40 minutes", "How to change invoice address",
        "Request new monitor for home office", "Search results missing last week's docs", "Question about annual billing discount"]
for i, (ls, tgt, exp, pol, sysn) in enumerate(SL):
    created = datetime(2026, 3, 2 + i, 6 + i % 9, (i * 7) % 60, 0)
    hours = pol[exp]
    due = created + timedelta(hours=hours)
    iso = lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")
    if sysn == "zendesk":
        policy = {"sla_policy": {"title": "Support SLA (24x7 calendar)", "filter": f"by {tgt}", "policy_metrics":
                  [{tgt: k, "metric": "first_reply_time", "target_minutes": int(v * 60), "business_hours": False} for k, v in pol.items()]}}
        ticket = {"id": 700120 + i, "subject": SUBJ[i], "created_at": iso(created), tgt: None,
                  "sla": {"first_reply_time": {"breach_at": iso(due), "stage": "active"}}}
        tticket = copy.deepcopy(ticket); tticket["sla"]["first_reply_time"] = {"breach_at": None, "stage": "paused"}
    elif sysn == "jsm":
        policy = {"sla_config": {"name": "Time to first response", "calendar": "24/7", "goals": [
            {"jql": f'{tgt} = "{k}"', "duration_ms": int(v * 3600000)} for k, v in pol.items()]}}
        ticket = {"key": f"HELP-{3300 + i}", "fields": {"summary": SUBJ[i], "created": iso(created), tgt: None,
                  "customfield_10030": {"name": "Time to first response", "ongoingCycle": {"startTime": {"iso8601": iso(created)},
                   "breachTime": {"iso8601": iso(due)}, "goalDuration": {"millis": int(hours * 3600000)}, "breached": False}}}}
        tticket = copy.deepcopy(ticket); tticket["fields"]["customfield_10030"]["ongoingCycle"] = None
    else:
        policy = {"contract_sla_definitions": [{"name": f"Resolve {k} 24x7", "condition": f"{tgt}={k}", "duration": f"{v}h", "schedule": "24x7"} for k, v in pol.items()]}
        ticket = {"number": f"INC00{41200 + i}", "short_description": SUBJ[i], "opened_at": iso(created).replace("T", " ").rstrip("Z"), tgt: "",
                  "task_sla": [{"sla": "(hidden)", "start_time": iso(created).replace("T", " ").rstrip("Z"), "planned_end_time": iso(due).replace("T", " ").rstrip("Z"), "stage": "In progress"}]}
        tticket = copy.deepcopy(ticket); tticket["task_sla"] = []
    leak(F, exp, ls, {"ticket": ticket, **policy}, {"ticket": tticket, **policy}, target=tgt)

# ---------------------------------------------------------------------------
# L15 syslog_priority_encoding (numeric severity encodings of log protocols)
# ---------------------------------------------------------------------------
F = "syslog_priority_encoding"
SYS8 = ["Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Informational", "Debug"]
PYL = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
BUN = ["trace", "debug", "info", "warn", "error", "fatal"]
WIN = ["Critical", "Error", "Warning", "Information", "Verbose"]
SY = [
 ("rfc5424", SYS8, "Error", 3, 4, "sshd", "Failed to bind port 22 on 0.0.0.0: Address already in use"),
 ("rfc5424", SYS8, "Critical", 2, 16, "pgbouncer", "could not connect to server: Connection refused; pool full"),
 ("rfc3164", SYS8, "Warning", 4, 0, "kernel", "EXT4-fs (sda2): mounting fs with errors, running e2fsck is recommended"),
 ("rfc3164", SYS8, "Notice", 5, 9, "cron", "(root) RELOAD (crontabs/root)"),
 ("journald", SYS8, "Alert", 1, None, "smartd", "Device: /dev/sdb [SAT], 8 Currently unreadable (pending) sectors"),
 ("journald", SYS8, "Debug", 7, None, "NetworkManager", "dhcp4 (eth0): state changed bound -> bound"),
 ("gelf", SYS8, "Informational", 6, None, "billing-worker", "invoice batch 2026-03 completed: 1841 invoices"),
 ("pylog", PYL, "ERROR", 40, None, "payments.reconcile", "Mismatch between ledger and PSP report for merchant 7731"),
 ("pylog", PYL, "WARNING", 30, None, "auth.tokens", "Refresh token reuse detected for client web-app"),
 ("bunyan", BUN, "fatal", 60, None, "order-api", "uncaughtException: Cannot read properties of undefined (reading 'sku')"),
 ("bunyan", BUN, "warn", 40, None, "order-api", "slow query 2.3s on orders_by_customer"),
 ("wineventxml", WIN, "Error", 2, None, "Service Control Manager", "The Print Spooler service terminated unexpectedly."),
]
for i, (fmt, ls, exp, code, fac, app, msg) in enumerate(SY):
    ts = "2026-03-%02dT%02d:%02d:%02d.%03dZ" % (5 + i, (3 + i) % 24, (i * 11) % 60, (i * 17) % 60, i * 37 % 1000)
    host = ["web-03", "db-01", "nas-2", "ops-1", "stor-4", "edge-7", "bw-2", "pay-5", "auth-1", "ord-3", "ord-4", "prt-srv"][i]
    if fmt == "rfc5424":
        pri = fac * 8 + code
        leakv = f"<{pri}>1 {ts} {host} {app} {2200 + i} - - {msg}"
        twinv = f"{ts} {host} {app}[{2200 + i}]: {msg}"
    elif fmt == "rfc3164":
        pri = fac * 8 + code
        t = "Mar %2d %02d:%02d:%02d" % (5 + i, (3 + i) % 24, (i * 11) % 60, (i * 17) % 60)
        leakv = f"<{pri}>{t} {host} {app}: {msg}"
        twinv = f"{t} {host} {app}: {msg}"
    elif fmt == "journald":
        d = {"__REALTIME_TIMESTAMP": str(1772690000000000 + i * 1000003), "_HOSTNAME": host, "SYSLOG_IDENTIFIER": app,
             "PRIORITY": str(code), "SYSLOG_FACILITY": "3", "_PID": str(900 + i), "MESSAGE": msg}
        t = dict(d); del t["PRIORITY"]
        leakv, twinv = json.dumps(d), json.dumps(t)
    elif fmt == "gelf":
        d = {"version": "1.1", "host": host, "short_message": msg, "timestamp": 1772690000.5 + i, "level": code, "_service": app}
        t = dict(d); del t["level"]
        leakv, twinv = json.dumps(d), json.dumps(t)
    elif fmt == "pylog":
        d = {"asctime": ts, "name": app, "levelno": code, "lineno": 211 + i, "message": msg}
        t = dict(d); del t["levelno"]
        leakv, twinv = json.dumps(d), json.dumps(t)
    elif fmt == "bunyan":
        d = {"name": app, "hostname": host, "pid": 41 + i, "level": code, "msg": msg, "time": ts, "v": 0}
        t = dict(d); del t["level"]
        leakv, twinv = json.dumps(d), json.dumps(t)
    else:
        x = ("<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><Provider Name='%s'/>"
             "<EventID>7034</EventID><Level>%s</Level><TimeCreated SystemTime='%s'/><Computer>%s</Computer></System>"
             "<EventData><Data Name='param1'>Print Spooler</Data><Data Name='param2'>1</Data></EventData>"
             "<RenderingInfo Culture='en-US'><Message>%s</Message>%s</RenderingInfo></Event>")
        leakv = x % (app, code, ts, host, msg, "<Level>Error</Level>")
        twinv = x % (app, "", ts, host, msg, "")
    leak(F, exp, ls, {"source": fmt, "event": leakv}, {"source": fmt, "event": twinv}, target="severity")

# ---------------------------------------------------------------------------
# L16 downstream_side_effect (the record already shows the consequence of the decision being asked for)
# ---------------------------------------------------------------------------
F = "downstream_side_effect"
DS = [
 (["Approve", "Deny"], "refund_decision", "Approve",
  {"ticket": {"id": "CS-88120", "text": "Jacket seam ripped on first wear, asking for my money back. Order 4411-220, 89.00 EUR."},
   "customer_payments": [{"id": "ch_3Pq81", "type": "charge", "amount": 8900, "created": "2026-02-11"}]},
  ("customer_payments", {"id": "re_3Pr02", "type": "refund", "amount": 8900, "charge": "ch_3Pq81", "created": "2026-03-02", "status": "succeeded"})),
 (["Approve", "Decline"], "loan_decision", "Decline",
  {"application": {"id": "LA-22019", "product": "personal loan 15,000", "income_monthly": 2100, "existing_debt": 23400},
   "documents": [{"type": "payslip", "month": "2026-01"}, {"type": "bank_statement", "month": "2026-01"}]},
  ("documents", {"type": "adverse_action_notice", "generated": "2026-02-20", "reg_b_reasons": ["Excessive obligations in relation to income"]})),
 (["Remove", "Keep"], "moderation_action", "Remove",
  {"post": {"name": "t3_1b8xq2", "title": "Selling my grandma's prescription meds, DM", "author": "throwaway_9921", "subreddit": "r/AskUK"},
   "post_meta": {"num_comments": 4, "score": 0}},
  ("post_meta", ("removed_by_category", "moderator"))),
 (["Merge", "Request changes"], "review_outcome", "Merge",
  {"pull_request": {"number": 4412, "title": "Add retry with jitter to webhook sender", "additions": 84, "deletions": 12, "state": "closed"},
   "events": [{"event": "review_requested", "at": "2026-03-03T10:11Z"}, {"event": "commented", "at": "2026-03-03T14:40Z"}]},
  ("events", {"event": "merged", "commit_id": "9f3c1ab", "at": "2026-03-04T09:02Z"})),
 (["Accept", "Reject"], "return_request", "Accept",
  {"rma_request": {"id": "RR-5510", "item": "Bluetooth speaker", "reason": "crackling at high volume", "days_since_delivery": 19},
   "shipping_docs": []},
  ("shipping_docs", {"type": "return_label", "carrier": "UPS", "tracking": "1Z999AA10123456784", "created": "2026-03-06"})),
 (["Fraudulent", "Genuine"], "transaction_label", "Fraudulent",
  {"transaction": {"id": "tx_77120", "amount": 1299.00, "merchant": "ELECTRO-WORLD ONLINE", "country": "RO", "card_last4": "4471"},
   "card_events": [{"event": "auth_approved", "at": "2026-03-07T02:14Z"}]},
  ("card_events", {"event": "card_blocked_and_reissued", "reason_code": "CONFIRMED_FRAUD_CH_CONTACT", "at": "2026-03-07T08:30Z"})),
 (["Covered", "Not covered"], "warranty", "Covered",
  {"claim": {"id": "WC-3091", "product": "dishwasher DW-600", "purchase_date": "2024-09-02", "fault": "pump not draining"},
   "fulfilment": []},
  ("fulfilment", {"type": "replacement_part_shipped", "part": "drain pump DP-11", "charge": 0.0})),
 (["Advance", "Reject"], "screening_decision", "Advance",
  {"candidate": {"id": "C-1180", "role": "Backend Engineer", "stage": "phone screen done"},
   "calendar": [{"title": "Phone screen - C-1180", "date": "2026-03-02"}]},
  ("calendar", {"title": "Onsite loop (4 interviews) - C-1180", "date": "2026-03-12"})),
 (["Unlock", "Keep locked"], "account_action", "Unlock",
  {"request": {"id": "SEC-771", "user": "d.ferreira", "reason": "locked after 5 failed logins, verified by phone"},
   "auth_log": [{"event": "account_locked", "at": "2026-03-08T07:55Z"}]},
  ("auth_log", {"event": "account_unlocked", "actor": "helpdesk.kl", "at": "2026-03-08T08:20Z"})),
 (["Pay", "Deny"], "claim_decision", "Deny",
  {"claim": {"id": "CLM-60218", "service": "MRI lumbar spine", "billed": 1840.00, "prior_auth": None},
   "remittance": {"payer": "Blue Harbor Health", "lines": []}},
  ("remittance", ("lines", [{"cpt": "72148", "paid": 0.00, "carc": "CO-197", "rarc": "N54"}]))),
 (["Publish", "Hold"], "editorial_decision", "Publish",
  {"article": {"slug": "city-budget-vote", "headline": "Council approves 2026 budget after late-night session", "status": "in review"},
   "cms_log": [{"action": "edited", "by": "desk", "at": "2026-03-09T21:02Z"}]},
  ("cms_log", {"action": "went_live", "url": "https://news.example/2026/03/city-budget-vote", "at": "2026-03-09T22:15Z"})),
 (["Grant", "Deny"], "access_request", "Deny",
  {"request": {"id": "AR-9082", "requester": "contractor.p.li", "resource": "prod-customer-db (read)", "justification": "debugging"},
   "iam_events": []},
  ("iam_events", {"event": "request_closed", "notification_template": "access_request_not_granted_v2", "at": "2026-03-10T11:00Z"})),
]
for i, (ls, tgt, exp, rec, (key, add)) in enumerate(DS):
    lk = copy.deepcopy(rec)
    if isinstance(add, tuple):
        k2, v2 = add
        lk[key][k2] = v2
    elif isinstance(lk[key], list):
        lk[key].append(add)
    leak(F, exp, ls, lk, rec, target=tgt)

# ---------------------------------------------------------------------------
# L17 fewshot_self_inclusion (the assembled prompt's demonstrations contain this very item with its answer)
# ---------------------------------------------------------------------------
F = "fewshot_self_inclusion"
FS = [
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative",
  "Waited 40 minutes for a table we had booked, then the kitchen closed early.",
  [("Great coffee and the barista remembered my order.", "Positive"), ("Parking was available. Food arrived.", "Neutral"), ("Best brunch in town, will be back!", "Positive")]),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Shipping",
  "Tracking says delivered but nothing at my door or with neighbours. Order 66120.",
  [("I was charged twice for one order.", "Billing"), ("App crashes when I open the basket.", "Technical"), ("How do I send back a dress that doesn't fit?", "Returns")]),
 (["Low", "Medium", "High", "Urgent"], "priority", "Urgent",
  "Entire warehouse scanner fleet offline, trucks can't be loaded.",
  [("Typo in the onboarding email.", "Low"), ("Report export slow for big accounts.", "Medium"), ("SSO fails for one customer tenant.", "High")]),
 (["Bug", "Feature Request", "Question"], "type", "Bug",
  "Saving a draft with an emoji in the title throws a 500.",
  [("Can we get keyboard shortcuts for tagging?", "Feature Request"), ("Where do I find my API key?", "Question"), ("Could you add a Gantt view?", "Feature Request")]),
 (["Yes", "No"], "needs_human", "Yes",
  "I want to cancel my late husband's account and I don't know what documents you need.",
  [("What are your opening hours?", "No"), ("Reset my password please", "No"), ("Where is my parcel", "No")]),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "2 stars",
  "Screen is bright, but the battery barely lasts a morning and support ignored me.",
  [("Perfect phone, nothing to complain about.", "5 stars"), ("Fine for the price.", "3 stars"), ("Dead on arrival.", "1 star")]),
 # hard: demonstrations answer with option letters / codes defined in the prompt
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Returns",
  "The blender works but I changed my mind, can I get it collected for a refund?",
  [("Card declined at checkout but money left my account.", "Billing"), ("Courier says address not found.", "Shipping"), ("Firmware update bricked the device.", "Technical")]),
 (["Positive", "Negative", "Neutral"], "sentiment", "Positive",
  "The nurse on night shift was so kind to my dad, thank you all.",
  [("Visiting hours changed without notice.", "Negative"), ("The car park is on level 2.", "Neutral"), ("Food was cold again.", "Negative")]),
 (["Low", "Medium", "High", "Critical"], "priority", "Critical",
  "Ransomware note on three file servers, shares encrypted.",
  [("Mouse battery low.", "Low"), ("Shared calendar not syncing for one team.", "Medium"), ("VPN down for the Madrid office.", "High")]),
 (["Spam", "Not spam"], "label", "Spam",
  "Congratulations! Your number was selected for a free cruise, press 1 to claim.",
  [("Your dentist appointment is tomorrow at 10:30.", "Not spam"), ("Team offsite agenda attached.", "Not spam"), ("Cheap meds no prescription!!!", "Spam")]),
 (["Small", "Medium", "Large"], "effort", "Large",
  "Replace the homegrown auth with OIDC across all 14 services.",
  [("Change button colour on settings page.", "Small"), ("Add pagination to audit log API.", "Medium"), ("Fix typo in error message.", "Small")]),
 (["Red", "Amber", "Green"], "status", "Green",
  "Migration finished two days early; all KPIs within target.",
  [("Vendor missed second milestone, no recovery plan.", "Red"), ("Minor slip, covered by buffer.", "Amber"), ("Budget overrun 30%, exec review pending.", "Red")]),
]
for i, (ls, tgt, exp, text, demos) in enumerate(FS):
    hard = i >= 6
    if hard:
        letters = "ABCDEFG"
        codes = {l: letters[k] for k, l in enumerate(ls)}
        opt = "Options: " + "; ".join(f"({codes[l]}) {l}" for l in ls) + ". Answer with the letter only."
        fmt = lambda t, l: f"Input: {t}\nAnswer: ({codes[l]})"
    else:
        opt = f"Answer with one of: {', '.join(ls)}."
        fmt = lambda t, l: f"Input: {t}\nAnswer: {l}"
    ins = [fmt(t, l) for t, l in demos]
    lk_demos = ins[:1 + i % 3] + [fmt(text, exp)] + ins[1 + i % 3:]
    head = f"You label customer messages by {tgt}. {opt}\n\n### Examples\n\n"
    tail = f"\n\n### Now label\n\nInput: {text}\nAnswer:"
    lk = {"role": "user", "content": head + "\n\n".join(lk_demos) + tail}
    tw = {"role": "user", "content": head + "\n\n".join(ins) + tail}
    leak(F, exp, ls, {"model_request": {"model": "claude-3-haiku", "messages": [lk]}},
         {"model_request": {"model": "claude-3-haiku", "messages": [tw]}}, target=tgt)

# ---------------------------------------------------------------------------
# L18 status_colour_encoding (the status is shown only as a colour value)
# ---------------------------------------------------------------------------
F = "status_colour_encoding"
CC = [
 (["Red", "Amber", "Green"], "rag", "Red", "html", "#d32f2f", None, "Project Falcon - data centre exit"),
 (["Red", "Amber", "Green"], "rag", "Amber", "html", "#ffbf00", None, "Project Heron - CRM consolidation"),
 (["Red", "Amber", "Green"], "rag", "Green", "slack", "good", None, "Weekly status: Payroll migration"),
 (["Red", "Amber", "Green"], "rag", "Red", "slack", "danger", None, "Weekly status: Warehouse WMS upgrade"),
 (["On track", "At risk", "Off track"], "health", "At risk", "teams", "warning", None, "OKR 2.3 Reduce churn to 3%"),
 (["On track", "At risk", "Off track"], "health", "On track", "teams", "good", None, "OKR 1.1 Launch self-serve billing"),
 (["On track", "At risk", "Off track"], "health", "Off track", "hex", "#DE350B", ["#DE350B"], "Epic MOB-12 offline mode"),
 (["On track", "At risk", "Off track"], "health", "On track", "hex", "#36B37E", ["#36B37E"], "Epic WEB-40 checkout redesign"),
 (["Operational", "Degraded", "Outage"], "component_status", "Outage", "svg", "#e05d44", None, "api.eu status badge"),
 (["Operational", "Degraded", "Outage"], "component_status", "Operational", "svg", "#4c1", None, "cdn status badge"),
 (["Red", "Amber", "Green"], "rag", "Amber", "xlsx", "FFFFC000", None, "Programme tracker row 14: Finance systems"),
 (["Red", "Amber", "Green"], "rag", "Green", "xlsx", "FF00B050", None, "Programme tracker row 15: HR onboarding"),
]
for i, (ls, tgt, exp, kind, col, corr, title) in enumerate(CC):
    if kind == "html":
        mk = lambda c: (f"<tr><td>{title}</td><td>Owner: {['K. Baptiste', 'H. Yilmaz'][i % 2]}</td>"
                        "<td class=\"rag-cell\"" + ((' style="background-color:' + c + '"') if c else '') + ">&nbsp;</td>"
                        f"<td>Next milestone 2026-04-{10 + i:02d}</td></tr>")
        proj, tw = mk(col), mk(None)
    elif kind == "slack":
        mk = lambda c: {"channel": "C04STATUS", "bot_id": "B0STATUS", "attachments": [dict(({"color": c} if c else {}), **{
            "title": title, "text": "Milestones and risks in thread. Next review Thursday.", "footer": "statusbot"})]}
        proj, tw = mk(col), mk(None)
    elif kind == "teams":
        mk = lambda c: {"type": "AdaptiveCard", "version": "1.5", "body": [
            {"type": "TextBlock", "text": title, "weight": "Bolder"},
            dict({"type": "TextBlock", "text": "\u25CF", "size": "ExtraLarge"}, **({"color": c} if c else {})),
            {"type": "TextBlock", "text": "Updated by planning bot, 2026-03-%02d" % (i + 3), "isSubtle": True}]}
        proj, tw = mk(col), mk(None)
    elif kind == "hex":
        mk = lambda c: {"epic": title, "progress": {"done": 14 + i, "total": 30}, "statusLozenge": {"bg": c or "", "text": ""}}
        proj, tw = mk(col), mk(None)
    elif kind == "svg":
        mk = lambda c: (f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"88\" height=\"20\"><title>{title}</title>"
                        f"<rect width=\"40\" height=\"20\" fill=\"#555\"/><rect x=\"40\" width=\"48\" height=\"20\" fill=\"{c or '#9f9f9f'}\"/>"
                        f"<text x=\"20\" y=\"14\" fill=\"#fff\">status</text></svg>")
        proj, tw = mk(col), mk(None)
    else:
        mk = lambda c: {"sheet": "Tracker", "row": 14 + i % 2, "cells": [
            {"ref": f"A{14 + i % 2}", "v": title.split(': ')[1]},
            {"ref": f"B{14 + i % 2}", "v": "", "style": {"fill": {"patternType": "solid", "fgColor": {"rgb": c}}} if c else {}},
            {"ref": f"C{14 + i % 2}", "v": "see comments"}]}
        proj, tw = mk(col), mk(None)
    leak(F, exp, ls, {"rendered": proj, "field_asked": tgt}, {"rendered": tw, "field_asked": tgt}, target=tgt, corr=corr)

# ---------------------------------------------------------------------------
# L19 duplicate_link_inheritance (record is linked as duplicate/child of another record whose label it inherits)
# ---------------------------------------------------------------------------
F = "duplicate_link_inheritance"
DL = [
 (["Low", "Medium", "High", "Critical"], "priority", "High", "jira",
  "Customers see 'session expired' loop on mobile web", "Login loop on iOS Safari after token refresh"),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Billing", "zendesk",
  "Charged after I cancelled the trial", "Trial cancellations still billed (problem ticket)"),
 (["Bug", "Feature Request", "Question"], "type", "Bug", "github",
  "CSV import drops rows with quoted newlines", "Importer splits quoted multi-line fields"),
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev2", "servicenow",
  "Store 112 card terminals slow", "Regional card auth latency (parent incident)"),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "salesforce",
  "Follow-up: still no engineer visit", "Broadband install missed twice (parent case)"),
 (["Hardware", "Software", "Network"], "category", "Network", "servicenow",
  "Can't reach intranet from Lyon", "Lyon office WAN link flapping"),
 (["P1", "P2", "P3", "P4"], "priority", "P3", "jira",
  "Date picker shows US format for UK users", "Locale not applied to date picker"),
 (["Account Access", "Payments", "Cards", "Other"], "intent", "Cards", "zendesk",
  "Virtual card not showing in wallet", "Virtual cards missing after app 8.1 (problem ticket)"),
 (["Small", "Medium", "Large"], "size", "Medium", "linear",
  "Add export to PDF for invoices (dup)", "Invoice PDF export"),
 (["Yes", "No"], "security_relevant", "Yes", "github",
  "Token visible in debug log output", "Secrets printed when LOG_LEVEL=debug"),
 (["Minor", "Major", "Critical"], "severity", "Major", "bugzilla",
  "Crash when printing 200+ page reports", "Print spooler crash on large documents"),
 (["Low", "Normal", "High", "Urgent"], "priority", "Urgent", "zendesk",
  "ALL orders failing at payment step!!", "Checkout payment step failing (problem ticket)"),
]
for i, (ls, tgt, exp, sysn, child, parent) in enumerate(DL):
    pid = {"jira": f"WEB-{2200 + i}", "zendesk": f"#{480100 + i}", "github": f"#{3100 + i}", "servicenow": f"INC00{51200 + i}",
           "salesforce": f"0050{i}Case", "linear": f"ENG-{700 + i}", "bugzilla": f"bug {1880200 + i}"}[sysn]
    cid = pid[:-1] + "9" if pid[-1] != "9" else pid[:-1] + "8"
    rel = {"jira": "duplicates", "zendesk": "incident of problem", "github": "Duplicate of", "servicenow": "child incident of",
           "salesforce": "child case of", "linear": "duplicate of", "bugzilla": "DUPLICATE of"}[sysn]
    parent_rec = {"id": pid, "title": parent, tgt: exp, "state": "open"}
    rec = {"system": sysn, "record": {"id": cid, "title": child, tgt: None,
           "links": [{"relation": rel, "target": pid}],
           "comments": ["Linked to parent; classification is inherited from the parent record per triage policy."]},
           "linked_records": [parent_rec]}
    tw = copy.deepcopy(rec); tw["linked_records"][0][tgt] = None
    leak(F, exp, ls, rec, tw, target=tgt)

# ===========================================================================
# TRAPS
# ===========================================================================
# T1 attached_app_log_levels: log-level / check-state words in attached logs, not the ticket's own field
F = "attached_app_log_levels"
AL = [
 (["Low", "Normal", "High", "Urgent"], "priority", "Low",
  "Our staging pod keeps restarting overnight, not blocking anyone, just curious why.",
  "Events:\n  Type     Reason     Age                  From     Message\n  ----     ------     ----                 ----     -------\n  Normal   Scheduled  12m                  default-scheduler  Successfully assigned staging/api-7d9 to node-4\n  Normal   Pulled     11m (x3 over 12m)    kubelet  Container image \"api:1.8.2\" already present\n  Warning  BackOff    2m (x14 over 11m)    kubelet  Back-off restarting failed container"),
 (["Low", "Normal", "High", "Urgent"], "priority", "Normal",
  "Batch importer pod OOMKilled twice this week on the reporting cluster; reports were late by an hour.",
  "Events:\n  Type     Reason          Age   From     Message\n  Normal   Killing         40m   kubelet  Stopping container importer\n  Warning  OOMKilling      40m   kernel-monitor  Memory cgroup out of memory: Killed process 3312 (java)\n  Normal   Started         39m   kubelet  Started container importer"),
 (["Critical", "Major", "Minor", "Trivial"], "severity", "Minor",
  "Nagios keeps flapping on the test web box, prod unaffected, can someone tune the threshold?",
  "[1773401200] SERVICE ALERT: test-web-02;HTTP;CRITICAL;SOFT;1;CRITICAL - Socket timeout after 10 seconds\n[1773401260] SERVICE ALERT: test-web-02;HTTP;OK;SOFT;2;HTTP OK: HTTP/1.1 200 OK - 5120 bytes in 0.231 second"),
 (["Critical", "Major", "Minor", "Trivial"], "severity", "Critical",
  "All logins failing in production since 09:12, customers cannot access accounts.",
  "2026-03-11 09:12:04,118 CRITICAL auth.db: connection pool exhausted (max=50)\n2026-03-11 09:12:04,119 ERROR auth.api: 503 returned for POST /login\n2026-03-11 09:12:05,002 INFO healthcheck: ok"),
 (["Low", "Medium", "High"], "priority", "Medium",
  "Build pipeline for the marketing site fails on dependency audit; site itself is up.",
  "Testing /builds/site...\n\u2717 High severity vulnerability found in semver\n  Description: Regular Expression Denial of Service (ReDoS)\n  Introduced through: eslint@7.32.0\n\u2717 Medium severity vulnerability found in postcss\nOrganization: acme-web\nTested 812 dependencies for known issues, found 2 issues."),
 (["Emergency", "Urgent", "Routine"], "dispatch_priority", "Routine",
  "Facilities: the server room's spare UPS beeps once a day during self-test.",
  "Mar 12 03:00:01 ups-mon upsmon[811]: UPS spare@localhost on battery\nMar 12 03:00:09 ups-mon upsmon[811]: UPS spare@localhost on line power\nMar 12 03:00:09 ups-mon upsd[790]: emerg: battery test complete, capacity 98%"),
 (["Critical", "High", "Medium", "Low"], "priority", "Low",
  "Print server event log is full of errors but printing works fine; can we silence these?",
  "Log Name: System\nSource: Microsoft-Windows-PrintService\nLevel: Critical\nEvent ID: 372\nDescription: The document Microsoft Word - menu.docx owned by reception failed to print on printer HP-2F.\n\nLevel: Information\nEvent ID: 307"),
 (["Sev1", "Sev2", "Sev3"], "severity", "Sev3",
  "App log on my laptop shows FATAL lines when I close the lid; the app reopens fine.",
  "2026-03-12 18:44:10 FATAL [main] c.a.desktop.Sync - socket closed unexpectedly\n2026-03-12 18:44:10 WARN [main] c.a.desktop.Sync - retrying in 30s\n2026-03-12 18:44:41 INFO [main] c.a.desktop.Sync - reconnected"),
 (["Normal", "Elevated", "Critical"], "patient_risk_flag", "Normal",
  "IT ticket from ward 5: the bedside monitor gateway log shows alarms, biomed asks if the interface is broken.",
  "HL7GW 2026-03-12T02:14:55 level=critical msg=\"ack timeout from monitor BED-12\"\nHL7GW 2026-03-12T02:14:56 level=info msg=\"resend ok\"\nHL7GW 2026-03-12T02:15:30 level=warning msg=\"queue depth 41\""),
 (["P1", "P2", "P3", "P4"], "priority", "P2",
  "Checkout error rate at 4% on web, apps fine. On-call looking.",
  "[2026-03-12T10:02:11.331Z] ERROR checkout-svc PaymentIntent confirm failed: card_declined (simulated?)\n[2026-03-12T10:02:11.902Z] ERROR checkout-svc timeout after 8000ms calling fraud-svc\n[2026-03-12T10:02:12.010Z] DEBUG checkout-svc retry 1/3"),
 (["Blocker", "Critical", "Major", "Minor"], "severity", "Major",
  "Nightly Android build red since Tuesday; release branch unaffected.",
  "> Task :app:lintVitalRelease FAILED\nLint found 1 error (fatal) and 12 warnings\n  Error: Missing permissions required by LocationManager.getLastKnownLocation [MissingPermission] (severity: Fatal, priority 9)\n  Warning: Obsolete Gradle dependency [GradleDependency] (severity: Warning)"),
 (["Critical", "Warning", "OK"], "health", "Warning",
  "Quarterly capacity review for the file cluster: we'll need more disks next quarter.",
  "check_disk /srv/files: DISK OK - free space: /srv/files 412 GB (21% inode=88%);\ncheck_disk /var: DISK CRITICAL - free space: /var 120 MB (1% inode=60%);\n-- note: /var on the old monitoring VM, unrelated host"),
]
for i, (ls, tgt, exp, text, log) in enumerate(AL):
    fmt = i % 3
    if fmt == 0:
        proj = {"ticket": {"id": 61200 + i, "description": text, tgt: None}, "attachments": [{"name": "output.txt", "content": log}]}
    elif fmt == 1:
        proj = f"Ticket {61200 + i}\n{tgt}: (not set)\n\n{text}\n\n--- attached log ---\n{log}\n--- end ---"
    else:
        proj = {"conversation": [{"from": "requester", "body": text}, {"from": "requester", "body": "Pasting what I see:\n```\n" + log + "\n```"}], "fields": {tgt: ""}}
    trap(F, exp, ls, proj, target=tgt)

# T2 email_signature_boilerplate: label words in footers, disclaimers, job titles, badges
F = "email_signature_boilerplate"
SB = [
 (["Public", "Internal", "Confidential", "Restricted"], "sensitivity", "Internal",
  "Hi all, the fire drill is on Thursday at 11:00, please use the north stairs.",
  "Facilities Team | Northbank Ltd\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be privileged. If you are not the intended recipient, please delete it."),
 (["Low", "Normal", "Urgent"], "priority", "Low",
  "Could you send me last year's invoice copies when you get a moment? No rush at all.",
  "Sam Whitfield\nAccounts Payable, Greyline Logistics\nFor urgent matters outside office hours call +44 20 7946 0311."),
 (["Billing", "Technical", "Sales", "Returns"], "category", "Technical",
  "The API returns 429 after only 20 requests per minute, docs say 100.",
  "--\nPriya N.\nPlatform Engineer, Fenwick Pay\nBilling questions? billing@fenwickpay.example | Sales: sales@fenwickpay.example"),
 (["Gold", "Silver", "Bronze"], "customer_tier", "Silver",
  "We'd like to add 5 more seats to our subscription from next month.",
  "Marek Zielinski | IT Manager\nKrakow Digital sp. z o.o. - Microsoft Gold Partner, AWS Advanced Tier"),
 (["Positive", "Neutral", "Negative"], "sentiment", "Neutral",
  "Please update the delivery address on order 55-1812 to 14 Elm Row.",
  "How did we do? Rate this reply: Positive | Neutral | Negative\nSent from Freshdesk"),
 (["Returns", "Shipping", "Billing"], "category", "Shipping",
  "Tracking hasn't updated in five days, is the parcel lost?",
  "Best,\nOlivia Grant\nSenior Manager, Returns & Logistics Partnerships\nParcelPoint Marketplace"),
 (["Yes", "No"], "wants_callback", "No",
  "Just confirming I received the replacement, all good.",
  "Reply YES to receive order updates by SMS, NO to opt out. Msg&data rates may apply."),
 (["High", "Medium", "Low"], "priority", "Medium",
  "The shared drive is slow since the weekend, file opens take ~20 s.",
  "Adaeze Okafor\nHead of High Performance Computing, Dept. of Physics\nThis email was scanned by MailGuard."),
 (["Critical", "Major", "Minor"], "severity", "Minor",
  "Small thing: the help link in the footer opens a 404 page.",
  "Jon Ek\nSite Reliability, Critical Infrastructure Group\nPlease consider the environment before printing this email."),
 (["Urgent", "Normal"], "urgency", "Normal",
  "Our team would like training on the new reporting module, any dates in April?",
  "Kind regards,\nLaura Bianchi\nUrgent Care Centre Administrator, St Anne's Clinic"),
 (["Spam", "Not spam"], "label", "Not spam",
  "Agenda for Monday's board call attached; please review item 4 beforehand.",
  "Chair's office\nThis message has been checked for spam and viruses by Proofpoint Essentials. Report spam: spam@proofpoint.example"),
 (["Approved", "Rejected", "Pending"], "status", "Pending",
  "Submitting my expense claim for the Leeds trip; receipts attached.",
  "Tomasz Wrona\nISO 9001 Approved Supplier | Certified B Corp\nRegistered in England No. 0812231"),
]
for i, (ls, tgt, exp, body, sig) in enumerate(SB):
    if i % 2 == 0:
        proj = email([("From", "sender%d@example.org" % i), ("To", "support@example.com"), ("Subject", "Re: request %d" % (5400 + i)),
                      ("Date", "Wed, %d Mar 2026 10:%02d:00 +0000" % (4 + i, i * 3))], body + "\n\n" + sig)
    else:
        proj = {"ticket": {"id": 5400 + i, tgt: None, "comments": [{"author_role": "end-user", "plain_body": body + "\n\n" + sig}]}}
    trap(F, exp, ls, proj, target=tgt)

# T3 foreign_false_friends: foreign-language words spelled like an English label, meaning something else
F = "foreign_false_friends"
FF = [
 (["Good", "Bad", "Mixed"], "review_sentiment", "Good", "de",
  "Das Bad wurde in drei Tagen komplett renoviert, die Fliesenleger waren pünktlich und sauber. Sehr zu empfehlen!"),
 (["Gift", "Electronics", "Garden", "Household"], "category", "Household", "de",
  "Ist das neue Entkalkungsmittel ein Gift für Katzen? Unsere Katze hat am Wasserkocher geleckt."),
 (["Art", "Electronics", "Garden"], "category", "Garden", "de",
  "Welche Art von Batterie braucht die Solar-Gartenleuchte? Die alte ist ausgelaufen."),
 (["Kind", "Rude", "Neutral"], "agent_tone", "Neutral", "de",
  "Agent: Guten Tag, Ihr Kind ist im Vertrag als Mitnutzer eingetragen. Die Änderung ist ab 1. April gültig."),
 (["Pain", "Fever", "Rash"], "symptom", "Rash", "fr",
  "Depuis que j'ai mangé du pain aux noix hier soir, j'ai des plaques rouges qui grattent sur les bras."),
 (["Coin", "Stamp", "Banknote"], "collectible_type", "Stamp", "fr",
  "Le colis est arrivé abîmé au coin, mais les timbres de 1936 sont intacts dans leur pochette."),
 (["Once", "Recurring"], "charge_type", "Recurring", "es",
  "¿Por qué me siguen cobrando once euros cada mes si cancelé la suscripción en enero?"),
 (["Slim", "Regular", "Relaxed"], "fit", "Relaxed", "nl",
  "Niet zo slim van mij: ik bestelde maat 34 maar deze broek valt heel ruim rond de heupen en benen."),
 (["Rat", "Mouse", "Insect"], "pest_type", "Insect", "de",
  "Ich brauche Rat: in der Küche laufen seit gestern kleine Ameisen entlang der Fußleiste."),
 (["Fast", "Standard", "Economy"], "shipping_method", "Economy", "de",
  "Fast drei Wochen hat die Lieferung gedauert, wie beim günstigsten Versand angegeben. Alles angekommen."),
 (["Sale", "Rental", "Lease"], "transaction_type", "Rental", "fr",
  "L'appartement était sale à notre arrivée pour la semaine de location, et le chauffage ne marchait pas."),
 (["Red", "Amber", "Green"], "rag", "Amber", "es",
  "Actualización: la red de la oficina de Bilbao estará lista con una semana de retraso; el resto del plan sigue igual."),
]
for i, (ls, tgt, exp, lang, text) in enumerate(FF):
    proj = {"message": {"id": f"m-{7700 + i}", "detected_language": lang, "channel": ["email", "webform", "chat"][i % 3], "text": text},
            tgt: None}
    trap(F, exp, ls, proj, target=tgt)

# T4 pasted_shell_and_config: label words as flags / literals in the requester's own commands and configs
F = "pasted_shell_and_config"
PC = [
 (["Small", "Medium", "Large"], "effort", "Small", "How do I make this encode faster? Quality is fine.",
  "ffmpeg -i in.mov -c:v libx264 -preset medium -crf 23 -c:a aac out.mp4"),
 (["Yes", "No"], "needs_engineering", "No", "Install script hangs in CI, works on my laptop.",
  "yes | sudo apt-get install -y --no-install-recommends libpq-dev\n# hangs at: Do you want to continue? [Y/n]"),
 (["Low", "Normal", "High"], "priority", "Normal", "Tasks in the high queue wait behind reports, is our routing wrong?",
  "task_queues = (Queue('high', routing_key='high.#'), Queue('low', routing_key='low.#'))\ntask_default_queue = 'low'\ntask_routes = {'reports.*': {'queue': 'low'}}"),
 (["Low", "Medium", "High", "Critical"], "priority", "Low", "Question about preemption on our dev cluster, nothing broken.",
  "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: high-priority\nvalue: 1000000\nglobalDefault: false\ndescription: \"Critical batch jobs only\""),
 (["Small", "Medium", "Large"], "size", "Medium", "Terraform plan wants to recreate our VM, why?",
  "resource \"google_compute_instance\" \"runner\" {\n  name         = \"ci-runner\"\n  machine_type = \"e2-medium\"\n  zone         = \"europe-west1-b\"\n  boot_disk { initialize_params { size = 50 } }\n}"),
 (["Critical", "High", "Medium", "Low"], "priority", "Medium", "Our pipeline fails on the image scan step since yesterday.",
  "trivy image --exit-code 1 --severity HIGH,CRITICAL registry.example.com/web:2.14.0"),
 (["Yes", "No"], "is_duplicate", "No", "Playbook fails on the new Rocky 9 hosts only.",
  "- hosts: rocky9\n  become: yes\n  gather_facts: no\n  tasks:\n    - dnf: name=chrony state=present"),
 (["Positive", "Negative", "Neutral"], "sentiment", "Neutral", "Is there a cleaner way to bucket scores in your SDK?",
  "label = \"positive\" if score > 0.2 else (\"negative\" if score < -0.2 else \"neutral\")"),
 (["Low", "Normal", "High"], "priority", "High", "Production orders stuck: this query returns nothing since the migration.",
  "SELECT id, status FROM orders WHERE priority = 'low' AND status = 'queued' ORDER BY created_at;"),
 (["Small", "Medium", "Large"], "request_size", "Large", "Need 64 GPUs for 3 weeks for the protein model, which partition?",
  "#!/bin/bash\n#SBATCH --partition=small\n#SBATCH --qos=normal\n#SBATCH --gres=gpu:4\n#SBATCH --time=2-00:00:00"),
 (["Yes", "No"], "auto_restart_supported", "Yes", "Compose ignores my restart setting?",
  "services:\n  worker:\n    image: acme/worker:3\n    restart: \"no\"\n    deploy:\n      restart_policy:\n        condition: on-failure"),
 (["Debug", "Info", "Warning", "Error"], "log_verbosity_requested", "Debug", "Please help me get more detail when sync fails.",
  "[logging]\nlevel = warning\nfile = /var/log/syncd.log\n# tried: level = error (too quiet)"),
]
for i, (ls, tgt, exp, q, code) in enumerate(PC):
    if i % 2:
        proj = {"post": {"id": 930100 + i, "title": q, "body_markdown": q + "\n\n```\n" + code + "\n```", "tags": ["help"]}, tgt: None}
    else:
        proj = f"From: requester\n\n{q}\n\nHere's what I'm running:\n\n    " + code.replace("\n", "\n    ") + f"\n\n[{tgt}: unset]"
    trap(F, exp, ls, proj, target=tgt)

# T5 question_or_hypothetical: the requester asks about / speculates on labels; nothing states this item's value
F = "question_or_hypothetical"
QH = [
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev3", "What's the difference between Sev2 and Sev3 in your SLA? Our dashboard is slow to load, about 8 seconds."),
 (["Billing", "Technical", "Account"], "category", "Billing", "Not sure if this is technical or account related, but why does my receipt show a different company name?"),
 (["Low", "Medium", "High"], "priority", "Medium", "Would this count as high priority if it only affects our two admins? They can't export audit logs."),
 (["Positive", "Negative", "Neutral"], "sentiment", "Neutral", "Question for support: do you publish negative reviews on your site, or only positive ones?"),
 (["Yes", "No"], "eligible_for_refund", "Yes", "If I cancel within 14 days is the answer yes or no on a full refund? I bought it on the 3rd, today's the 9th."),
 (["Small", "Medium", "Large"], "box_size", "Medium", "Do I need a large box or would a small one fit a 40x30x25 cm item? Asking before I order packaging."),
 (["Critical", "Major", "Minor"], "severity", "Major", "Is it critical that we upgrade before Friday? The release notes mention a data-loss fix for imports."),
 (["Spam", "Not spam"], "label", "Not spam", "Hi, is this email spam or is it really from your bank? It asked me to call the number on my card."),
 (["Returns", "Shipping", "Billing"], "category", "Returns", "Would shipping be free if I send back both pairs, or do I pay? They don't fit."),
 (["Urgent", "Normal"], "urgency", "Urgent", "Hypothetically, if our payroll file isn't accepted by 3pm today, would that be urgent enough for a callback?"),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "3 stars", "Why do you only let me pick 1 star to 5 stars? I'd say the stay was okay, nothing special, room was small."),
 (["Approve", "Reject"], "decision", "Reject", "What happens if you reject my claim, can I appeal? The damage happened when I dropped it."),
]
for i, (ls, tgt, exp, text) in enumerate(QH):
    proj = {"conversation_id": f"conv_{4410 + i}", "messages": [
        {"role": "customer", "text": text},
        {"role": "bot", "text": "Thanks! A member of our team will get back to you shortly."}],
        "triage": {tgt: None, "status": "new"}}
    trap(F, exp, ls, proj, target=tgt)

# T6 encoded_benign_payloads: decodable blobs (base64 / percent / rot13 / hex) whose plaintext uses label words in other senses
F = "encoded_benign_payloads"
def b64(s):
    return base64.b64encode(s.encode()).decode()
EB = [
 (["Low", "Medium", "High"], "priority", "High", "b64", "Store opening hours: High Street branch 9-17, Low Road depot closed Sundays.",
  "Checkout button does nothing on the payment page, all cards, since this morning."),
 (["Positive", "Negative", "Neutral"], "sentiment", "Negative", "pct", "q=positive displacement pump spare parts&lang=en",
  "Third time the pump arrived without the seal kit. I'm done ordering from you."),
 (["Billing", "Shipping", "Technical"], "category", "Technical", "b64", "{\"scope\":\"billing:read shipping:read\",\"sub\":\"svc-portal\",\"exp\":1773600000}",
  "Portal shows a blank page after login on Firefox only."),
 (["Small", "Medium", "Large"], "size", "Small", "rot13", "Joke of the day: why did the large pizza apologise? It felt cheesy.",
  "Please change the label text on the sign-up button from 'Go' to 'Create account'."),
 (["Critical", "Major", "Minor"], "severity", "Major", "hex", "critical path: build->test->deploy",
  "Deploys to staging fail at the test stage; prod deploys still work via manual override."),
 (["Yes", "No"], "refund", "No", "b64", "Survey Q3: Would you recommend us? Yes / No / Maybe",
  "I used the subscription for 11 months and want the full year back because I forgot to cancel."),
 (["Urgent", "Normal", "Low"], "priority", "Normal", "pct", "utm_campaign=urgent_care_ads&utm_medium=email&utm_source=newsletter",
  "Newsletter link opens the old campaign page instead of the new one."),
 (["Bug", "Feature", "Question"], "type", "Feature", "b64", "Release notes 4.2: Bug fixes and performance improvements.",
  "Could you add an option to export dashboards as PNG?"),
 (["Red", "Amber", "Green"], "rag", "Green", "hex", "colour theme: red accents on dark background",
  "Sprint 14 delivered all committed items, no open risks."),
 (["Fraud", "Legitimate"], "label", "Legitimate", "rot13", "Training note: fraud rings often reuse device IDs; check the device graph.",
  "Customer bought the same brand of dog food as every month, same card, same address."),
 (["Spam", "Ham"], "label", "Ham", "pct", "subject=Re%3A%20Spam%20filter%20too%20aggressive%3F&ref=ticket",
  "Our newsletter to members lands in junk for Outlook users, can you check our SPF?"),
 (["Gold", "Silver", "Bronze"], "tier", "Bronze", "b64", "Jewellery care: clean gold and silver gently with a soft cloth.",
  "We're a 3-person shop, just want the basic plan renewed."),
]
for i, (ls, tgt, exp, enc, plain, text) in enumerate(EB):
    if enc == "b64":
        blob = b64(plain); where = {"attachment": {"name": f"note_{i}.txt", "content_transfer_encoding": "base64", "data": blob}}
    elif enc == "pct":
        blob = urllib.parse.quote(plain, safe="=&"); where = {"referrer_url": f"https://www.example.com/landing?{blob}"}
    elif enc == "rot13":
        blob = rot13(plain); where = {"footer_rot13": blob}
    else:
        blob = plain.encode().hex(); where = {"client_context_hex": blob}
    proj = {"ticket": {"id": 82000 + i, "body": text, tgt: None}, **where}
    trap(F, exp, ls, proj, target=tgt)

# T7 openapi_example_values: the tool's API description gives an example value for the target field; the record itself has none
F = "openapi_example_values"
OA = [
 (["Low", "Medium", "High", "Urgent"], "priority", "High", "High"),
 (["Low", "Medium", "High", "Urgent"], "priority", "Low", "Urgent"),
 (["positive", "negative", "neutral"], "sentiment", "negative", "negative"),
 (["positive", "negative", "neutral"], "sentiment", "neutral", "positive"),
 (["billing", "shipping", "returns", "technical"], "category", "returns", "returns"),
 (["billing", "shipping", "returns", "technical"], "category", "technical", "billing"),
 (["S", "M", "L", "XL"], "size", "M", "M"),
 (["S", "M", "L", "XL"], "size", "XL", "S"),
 (["yes", "no"], "escalated", "yes", "yes"),
 (["yes", "no"], "escalated", "no", "yes"),
 (["Sev1", "Sev2", "Sev3"], "severity", "Sev2", "Sev2"),
 (["1", "2", "3", "4", "5"], "stars", "4", "5"),
]
OA_TEXT = ["Mobile app crashes on launch for some Android users.", "Asked for a copy of their data (GDPR).",
           "Delivery driver was rude and left the box open.", "What time does the store close on Sundays?",
           "Shoes don't fit, want to send them back.", "Webhook signature validation fails.",
           "Migrate settings page to new design system.", "Re-architect ingestion for 10x volume.",
           "Customer threatened legal action in the chat.", "Password reset worked fine, closing.",
           "Search results empty for one region.", "Lovely product, packaging could be better."]
for i, (ls, tgt, exp, ex) in enumerate(OA):
    spec = (f"openapi: 3.0.3\ninfo: {{title: Records API, version: 2.{i}}}\npaths:\n  /records/{{id}}:\n    get:\n      operationId: get_record\n"
            f"      responses:\n        '200':\n          content:\n            application/json:\n              schema: {{$ref: '#/components/schemas/Record'}}\n"
            f"components:\n  schemas:\n    Record:\n      type: object\n      properties:\n        id: {{type: string, example: REC-0001}}\n"
            f"        text: {{type: string, example: 'Sample text'}}\n        {tgt}:\n          type: string\n          nullable: true\n"
            f"          description: Set by the labelling team; withheld in eval exports.\n          example: {ex}\n")
    resp = {"id": f"REC-{6100 + i}", "text": OA_TEXT[i], tgt: None}
    proj = {"tools": [{"name": "get_record", "openapi": spec}], "tool_result": resp} if i % 2 == 0 else \
           {"tool_result": resp, "tool_docs": spec}
    trap(F, exp, ls, proj, target=tgt)

# T8 fewshot_demo_other_items: demonstrations label OTHER inputs (incl. the expected label); this item's answer is absent
F = "fewshot_demo_other_items"
FD = [
 (["Positive", "Negative", "Neutral"], "sentiment", "Positive", "Staff went out of their way to find my size in the back.",
  [("Queue was long and nobody helped.", "Negative"), ("Great selection and friendly staff!", "Positive"), ("Shop opens at 9.", "Neutral")], "jsonl"),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Billing", "Why was I charged a 'service fee' I never agreed to?",
  [("My invoice shows VAT twice.", "Billing"), ("Parcel stuck in customs.", "Shipping")], "chat"),
 (["Low", "Medium", "High"], "priority", "High", "Payment confirmation emails stopped going out for all customers.",
  [("Logo slightly blurry on invoices.", "Low"), ("Warehouse API down, no orders can ship.", "High"), ("Report filter resets sometimes.", "Medium")], "dspy"),
 (["Yes", "No"], "needs_refund", "No", "Thanks, the replacement arrived and works.",
  [("Charged twice, please return one.", "Yes"), ("Can you tell me the warranty length?", "No")], "jsonl"),
 (["Bug", "Feature Request", "Question"], "type", "Question", "Which regions is the EU data residency option available in?",
  [("Export crashes for files over 2 GB.", "Bug"), ("Is SSO included in the Team plan?", "Question"), ("Please add a dark theme.", "Feature Request")], "chat"),
 (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating", "1 star", "Broke on day one, seller stopped replying.",
  [("Does the job, nothing more.", "3 stars"), ("Wrong colour sent and no refund offered.", "1 star")], "dspy"),
 (["Spam", "Not spam"], "label", "Spam", "You have (1) pending crypto reward, verify wallet now",
  [("Claim your free prize now!!!", "Spam"), ("Lunch at 1?", "Not spam")], "jsonl"),
 (["Sev1", "Sev2", "Sev3"], "severity", "Sev1", "Total outage of the EU region, all APIs 503.",
  [("One customer sees slow page loads.", "Sev3"), ("US region down for everyone.", "Sev1")], "chat"),
 (["Small", "Medium", "Large"], "effort", "Small", "Update the copyright year in the footer.",
  [("Rewrite billing engine.", "Large"), ("Change a button label.", "Small")], "dspy"),
 (["Red", "Amber", "Green"], "rag", "Amber", "Two-week slip on vendor delivery, buffer covers most of it.",
  [("On schedule, within budget.", "Green"), ("Slipped a week, recoverable.", "Amber"), ("Lost key supplier, no plan.", "Red")], "jsonl"),
 (["Account Access", "Payments", "Other"], "intent", "Account Access", "I'm locked out after changing my phone number.",
  [("Two-factor code never arrives by SMS.", "Account Access"), ("Transfer to my landlord failed.", "Payments")], "chat"),
 (["Toxic", "Not toxic"], "label", "Not toxic", "gg everyone, see you tomorrow",
  [("you're all trash, uninstall", "Toxic"), ("nice shot!", "Not toxic")], "dspy"),
]
for i, (ls, tgt, exp, text, demos, fmt) in enumerate(FD):
    if fmt == "jsonl":
        lines = [json.dumps({"input": t, tgt: l}) for t, l in demos]
        proj = {"prompt_file": "fewshot.jsonl", "demos": "\n".join(lines), "query": {"input": text, tgt: None}}
    elif fmt == "chat":
        msgs = [{"role": "system", "content": f"Classify {tgt}. Labels: {', '.join(ls)}."}]
        for t, l in demos:
            msgs += [{"role": "user", "content": t}, {"role": "assistant", "content": l}]
        msgs.append({"role": "user", "content": text})
        proj = {"messages": msgs}
    else:
        proj = {"dspy_program": {"signature": f"text -> {tgt}", "demos": [{"text": t, tgt: l, "augmented": True} for t, l in demos]},
                "example": {"text": text}}
    trap(F, exp, ls, proj, target=tgt)

# T9 spreadsheet_formula_literals: an attached sheet's formulas/cached values hold label words for other computations
F = "spreadsheet_formula_literals"
SF = [
 (["Positive", "Negative", "Neutral"], "sentiment", "Neutral", "Please find my Q1 cash-flow sheet; can you confirm the import format is right?",
  [("D2", "=IF(C2-B2>=0,\"Positive\",\"Negative\")", "Negative"), ("D3", "=IF(C3-B3>=0,\"Positive\",\"Negative\")", "Positive")]),
 (["Low", "Medium", "High"], "priority", "Low", "Attached is our price list; column E shows odd values after the upgrade, not urgent.",
  [("E2", "=IFS(D2>1000,\"High\",D2>100,\"Medium\",TRUE,\"Low\")", "High"), ("E3", "=IFS(D3>1000,\"High\",D3>100,\"Medium\",TRUE,\"Low\")", "Medium")]),
 (["Yes", "No"], "needs_callback", "Yes", "Could someone call me to walk through the roster template? Formula below confuses me.",
  [("F4", "=IF(COUNTIF(B4:E4,\"X\")>2,\"Yes\",\"No\")", "No"), ("F5", "=IF(COUNTIF(B5:E5,\"X\")>2,\"Yes\",\"No\")", "Yes")]),
 (["Small", "Medium", "Large"], "order_size", "Large", "Our quote for 12 pallets of mixed stock; the size column is for box types.",
  [("C2", "=VLOOKUP(B2,BoxTypes!A:B,2,FALSE)", "Small"), ("C3", "=VLOOKUP(B3,BoxTypes!A:B,2,FALSE)", "Medium")]),
 (["Pass", "Fail"], "audit_result", "Fail", "Here's the grades export from our LMS for the audit sample.",
  [("H2", "=IF(G2>=50,\"Pass\",\"Fail\")", "Pass"), ("H3", "=IF(G3>=50,\"Pass\",\"Fail\")", "Pass")]),
 (["Red", "Amber", "Green"], "rag", "Red", "Our sales team's pipeline sheet - the traffic light column is per rep, not the project.",
  [("K2", "=IF(J2>=1,\"Green\",IF(J2>=0.8,\"Amber\",\"Red\"))", "Green"), ("K3", "=IF(J3>=1,\"Green\",IF(J3>=0.8,\"Amber\",\"Red\"))", "Amber")]),
 (["Critical", "High", "Medium", "Low"], "severity", "Medium", "Risk register attached; the formula column rates supplier risk.",
  [("G7", "=INDEX({\"Low\",\"Medium\",\"High\",\"Critical\"},MATCH(F7,{0,5,10,15},1))", "High")]),
 (["Approved", "Rejected", "Pending"], "status", "Pending", "Sending the leave tracker; column D is the HR system status per day.",
  [("D2", "=XLOOKUP(A2,HR!A:A,HR!C:C,\"Pending\")", "Approved"), ("D3", "=XLOOKUP(A3,HR!A:A,HR!C:C,\"Pending\")", "Rejected")]),
 (["Bronze", "Silver", "Gold"], "tier", "Silver", "Loyalty points export for our store, please check totals.",
  [("E2", "=IF(D2>5000,\"Gold\",IF(D2>1000,\"Silver\",\"Bronze\"))", "Gold"), ("E3", "=IF(D3>5000,\"Gold\",IF(D3>1000,\"Silver\",\"Bronze\"))", "Bronze")]),
 (["Urgent", "Normal"], "urgency", "Normal", "Maintenance backlog sheet, the flag column is the building manager's own rule.",
  [("F9", "=IF(E9<TODAY(),\"Urgent\",\"Normal\")", "Urgent")]),
 (["Spam", "Ham"], "label", "Ham", "Our CRM export of inbound leads; column C is the marketing tool's guess.",
  [("C2", "=IF(ISNUMBER(SEARCH(\"free\",B2)),\"Spam\",\"Ham\")", "Spam")]),
 (["XS", "S", "M", "L", "XL"], "estimate", "L", "Capacity planning sheet; column size is T-shirt size per VM, not the story.",
  [("B2", "=IF(A2>32,\"XL\",IF(A2>16,\"L\",IF(A2>8,\"M\",\"S\")))", "XL"), ("B3", "=IF(A3>32,\"XL\",IF(A3>16,\"L\",IF(A3>8,\"M\",\"S\")))", "M")]),
]
for i, (ls, tgt, exp, note, cells) in enumerate(SF):
    proj = {"ticket": {"id": 45100 + i, "description": note, tgt: None},
            "attachment_parsed": {"file": f"sheet_{i}.xlsx", "sheet": "Sheet1",
                                  "cells": [{"ref": r, "formula": f, "cached_value": v} for r, f, v in cells]}}
    trap(F, exp, ls, proj, target=tgt)


# T10 help_centre_link_slugs: generic help-centre / docs URLs in auto-acknowledgements contain label words as slugs
F = "help_centre_link_slugs"
HC = [
 (["Low", "Medium", "High", "Urgent"], "priority", "High", "The scheduler skipped two payroll runs this week.",
  ["https://help.acme.example/hc/en-us/articles/360014421-How-we-prioritise-Low-Medium-High-and-Urgent-requests"]),
 (["Billing", "Shipping", "Returns", "Technical"], "category", "Billing", "Why is there a second charge on my statement?",
  ["https://support.shopco.example/billing/faq", "https://support.shopco.example/shipping/track-your-order", "https://support.shopco.example/returns/start"]),
 (["Sev1", "Sev2", "Sev3", "Sev4"], "severity", "Sev4", "Tooltip text truncated on the settings page.",
  ["https://docs.cloudco.example/support/sev1-vs-sev2-vs-sev3", "https://status.cloudco.example"]),
 (["Positive", "Negative", "Neutral"], "sentiment", "Positive", "Just wanted to say the new app layout is lovely.",
  ["https://blog.example.com/2025/11/how-we-handle-negative-feedback", "https://example.com/feedback?source=email"]),
 (["Yes", "No"], "eligible", "No", "Can I return opened underwear?",
  ["https://store.example/help/returns/can-i-return-it-yes-no-checker"]),
 (["Small", "Medium", "Large"], "plan_size", "Small", "We're a team of three, what plan do you suggest?",
  ["https://saas.example/pricing#small", "https://saas.example/pricing#medium", "https://saas.example/pricing#large"]),
 (["Critical", "Major", "Minor"], "severity", "Critical", "Every customer gets 500 on login.",
  ["https://kb.vendor.example/article/KB0012-minor-vs-major-releases", "https://kb.vendor.example/article/KB0040-contact-support"]),
 (["Account Access", "Payments", "Cards"], "intent", "Payments", "Standing order to my landlord didn't go out.",
  ["https://bank.example/help/account-access/reset-password", "https://bank.example/help/cards/freeze-card"]),
 (["Spam", "Not spam"], "label", "Not spam", "Our invoices to you bounce back, can you whitelist us?",
  ["https://mail.example/help/why-did-my-email-go-to-spam"]),
 (["Bug", "Feature Request", "Question"], "type", "Question", "Is there an API rate limit?",
  ["https://github.com/acme/sdk/issues/new?template=bug.md", "https://github.com/acme/sdk/issues/new?template=feature-request.md", "https://github.com/acme/sdk/discussions"]),
 (["Red", "Amber", "Green"], "rag", "Red", "Vendor missed the second milestone and has no recovery plan.",
  ["https://confluence.example/display/PMO/RAG+status+definitions+-+Red+Amber+Green"]),
 (["Gold", "Silver", "Bronze"], "tier", "Gold", "Please renew our 400-seat enterprise contract.",
  ["https://partners.example/programme/gold-silver-bronze-benefits"]),
]
for i, (ls, tgt, exp, text, links) in enumerate(HC):
    ack = ("Thanks for contacting us - this is an automatic acknowledgement sent for every new request.\n"
           "While you wait, these articles may help:\n" + "\n".join("- " + u for u in links))
    proj = {"ticket": {"id": 73300 + i, "requester_message": text, tgt: None},
            "outbound": [{"type": "auto_ack", "macro": "ACK-GENERIC-v7", "body": ack}]}
    trap(F, exp, ls, proj, target=tgt)

# ===========================================================================
# assemble
# ===========================================================================
def main():
    items = []
    for a, b in PAIRS:
        items.append(("pair", a, b))
    for t in TRAPS:
        items.append(("trap", t, None))
    R.shuffle(items)
    flat = []
    for kind, a, b in items:
        if kind == "pair":
            flat.append(a); flat.append(b)
        else:
            flat.append(a)
    # shuffle again but keep twin_of resolvable
    order = list(range(len(flat)))
    R.shuffle(order)
    out = [flat[k] for k in order]
    ids = {}
    for n, it in enumerate(out, 1):
        ids[id(it)] = f"b3-{n:04d}"
    leak_id = {}
    for a, b in PAIRS:
        leak_id[id(b)] = ids[id(a)]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "items.jsonl"), "w", encoding="utf-8") as fh:
        for it in out:
            rec = {"id": ids[id(it)]}
            rec.update(it)
            if it["truth"]["kind"] == "twin":
                rec["truth"] = dict(it["truth"], twin_of=leak_id[id(it)])
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(len(out), "items")

if __name__ == "__main__":
    main()
