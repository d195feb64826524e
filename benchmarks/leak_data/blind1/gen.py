#!/usr/bin/env python3
"""Blind leakage test data, batch 1. Deterministic (seeded). Standard library only."""
import base64, json, random, textwrap, os, hashlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items.jsonl")
PREFIX = "b1-"

SCHEMES = {
    "priority": dict(labels=["Low", "Medium", "High"], target="priority", field="priority", disp="Priority"),
    "sev": dict(labels=["Sev1", "Sev2", "Sev3", "Sev4"], target="severity", field="severity", disp="Severity"),
    "sS": dict(labels=["S1", "S2", "S3", "S4"], target="severity", field="severity", disp="Severity"),
    "sentiment": dict(labels=["positive", "negative", "neutral"], target="sentiment", field="sentiment", disp="Sentiment"),
    "size": dict(labels=["S", "M", "L", "XL"], target="size", field="tshirt_size", disp="T-shirt size"),
    "rating": dict(labels=[1, 2, 3, 4, 5], target="rating", field="rating", disp="Rating"),
    "category": dict(labels=["Billing", "Shipping", "Technical", "Account"], target="category", field="category", disp="Category"),
    "decision": dict(labels=["yes", "no"], target="eligibility", field="refund_eligible", disp="Refund eligible"),
    "urgency": dict(labels=["Routine", "Urgent", "Emergency"], target="urgency", field="urgency", disp="Urgency"),
    "risk": dict(labels=["Low", "Moderate", "Elevated", "Critical"], target="risk", field="risk_level", disp="Risk level"),
    "team": dict(labels=["Payments", "Identity", "Platform", "Mobile"], target="team", field="owning_team", disp="Owning team"),
    "pcode": dict(labels=["P0", "P1", "P2", "P3"], target="priority", field="priority", disp="Priority"),
    "rag": dict(labels=["Green", "Amber", "Red"], target="status", field="rag_status", disp="RAG status"),
}
MULTICHAR = ["priority", "sev", "sS", "sentiment", "category", "urgency", "risk", "team", "pcode", "rag"]
ALL = list(SCHEMES)

FIRST = ["Priya", "Tomasz", "Aoife", "Kwame", "Mei", "Lucas", "Fatima", "Jonas", "Ines", "Dmitri", "Grace", "Rahul",
         "Sofia", "Chidi", "Hannah", "Mateo", "Yuki", "Oskar", "Leila", "Ben", "Camille", "Nikhil", "Zanele", "Eero"]
LAST = ["Raman", "Kowalski", "Byrne", "Mensah", "Lin", "Ferreira", "Haddad", "Lindqvist", "Moreau", "Volkov", "Okafor",
        "Iyer", "Rossi", "Nwosu", "Becker", "Alvarez", "Tanaka", "Nilsson", "Farahani", "Carter", "Dubois", "Menon",
        "Dlamini", "Virtanen"]
ORGS = [("Northwind Traders", "northwind.example"), ("Contoso Health", "contoso-health.example"),
        ("Fabrikam Logistics", "fabrikam.example"), ("Tailspin Travel", "tailspin.example"),
        ("Adatum Bank", "adatum.example"), ("Wingtip Toys", "wingtiptoys.example"),
        ("Litware Learning", "litware.example"), ("Proseware Energy", "proseware.example"),
        ("Alpine Ski House", "alpineskihouse.example"), ("Coho Vineyard", "cohovineyard.example"),
        ("Lucerne Publishing", "lucernepublishing.example"), ("Woodgrove Mutual", "woodgrove.example")]

# (title, body, tag)  tag N = domain/tone-neutral (usable for every scheme); M = mixed tone; T = work item
SCEN = [
 ("Export column order differs from last month", "Since the 2.14 release the CSV export from the Reports page lists Region before Owner. The customer's import macro expects the previous order. They asked whether the change is intentional and whether the old order can be restored.", "T"),
 ("Redirect after Okta sign-in lands on dashboard", "After signing in through Okta, people arrive on the dashboard instead of the page they originally opened. Seen in Chrome 122 and Firefox 123. A screen recording is attached to the ticket.", "T"),
 ("Two confirmation e-mails for one order", "The customer received two confirmation e-mails for order 55-1182, four minutes apart. The second one has a different footer. They want to know which one is authoritative.", "T"),
 ("Customer asked for a callback", "Caller left a voicemail asking for a callback about 'the thing from last week'. No case number was given and the number is withheld. The transcription cuts off after forty seconds.", "N"),
 ("Follow-up on conversation from Friday", "Customer replied to Friday's thread with 'any news?'. The original thread was handled by an agent who has since moved teams. The earlier messages are not attached to this case.", "N"),
 ("'See attached' with no attachment", "The message body only says 'see attached, thanks'. No attachment came through; the mail gateway log shows nothing was stripped. We asked the sender to resend.", "N"),
 ("Scanned letter received by post", "A letter arrived at the Leeds office and was scanned into the queue. The handwriting is partly illegible; the readable part mentions a reference beginning with 7Q and a date in February.", "N"),
 ("Chat closed before issue was described", "The visitor opened a web chat, typed 'hello, quick question' and the session timed out before they wrote anything else. The e-mail captured in the pre-chat form is valid.", "N"),
 ("Reference number not found", "Customer quotes reference 88-20417-C in their message, which does not match any record in our systems. They say they received it in a letter but have not sent a copy.", "N"),
 ("Request to speak to the same agent", "Customer would like to continue with the agent they spoke to in January, but cannot remember the name. They mention the call was on a Tuesday morning.", "N"),
 ("Question about a message received on Friday", "Customer forwarded a text message they received on Friday and asks whether it came from us. The forward lost the sender details, so we cannot confirm the origin yet.", "N"),
 ("Change of contact person", "The organisation's main contact is leaving at the end of the month and they want to nominate a colleague. They have not yet said who the colleague is.", "N"),
 ("Webhook retries arrive out of order", "Webhook deliveries for the order.updated event sometimes arrive after the later order.closed event. The customer's consumer processes them in arrival order. Delivery IDs are in the attached sheet.", "T"),
 ("Dark mode toggle resets after app restart", "Choosing dark mode in Settings works until the app is closed. On the next launch the theme is back to system default. Reported on Android 14, app 6.3.0.", "T"),
 ("Search results omit archived projects", "The global search no longer returns projects that were archived before 2023. The customer relies on this for audits. The filter panel shows 'include archived' as enabled.", "T"),
 ("Date picker shows Sunday as first day", "For users with the en-GB locale the date picker starts weeks on Sunday. The customer's staff expect Monday. Browser language is set correctly.", "T"),
 ("Bulk upload stops at row 5,000", "Uploading a spreadsheet with 7,200 rows imports the first 5,000 and then stops without a message. Splitting the file works. The customer asks if there is a documented limit.", "T"),
 ("Time zone of scheduled report", "Scheduled reports are sent at 07:00 UTC although the workspace is set to Europe/Berlin. The customer changed the workspace time zone last month.", "T"),
 ("Feedback after onboarding call", "The customer said the onboarding call covered the reporting module in detail; they would have liked more time on user roles. They plan to invite two colleagues to the next session.", "M"),
 ("Review of the travel mug", "Keeps coffee warm through the morning commute. The lid is fiddly to clean and the paint scratched after a few weeks. Fits in the car cup holder.", "M"),
 ("Comments on the new checkout layout", "The new checkout puts the delivery options before the address, which some testers liked and others found confusing. Completion time was about the same as before.", "M"),
 ("Survey comment from quarterly NPS", "Respondent wrote: 'The product does what we need. Support answers take a day or two. Pricing changed twice this year.'", "M"),
 ("Review of the standing desk", "Assembly took about an hour with two people. The motor is quieter than my old desk but the memory buttons are placed awkwardly. The top is slightly smaller than the listing photo suggested.", "M"),
 ("Hotel stay notes", "Room was ready at check-in time. Breakfast selection was smaller than on the website, the staff were polite, and the Wi-Fi needed re-login every day.", "M"),
 ("Course feedback, module 3", "The exercises matched the lectures. Some video segments repeated material from module 2. I finished the module in roughly the estimated time.", "M"),
 ("App store review text", "Updated yesterday. The widgets look different now and I had to re-add two of them. Sync still works the way it did.", "M"),
 ("Add 'copy link' to share dialog", "Product wants a 'copy link' button in the share dialog next to the e-mail option. Design has a mock-up in Figma. Analytics event naming to be agreed.", "T"),
 ("Migrate cron jobs to the scheduler service", "Nine cron entries on the legacy host should move to the new scheduler. Two of them depend on a shared lock file. Runbooks reference the old host name.", "T"),
 ("Rename 'Workspace' to 'Organisation' in UI", "Marketing requested renaming 'Workspace' to 'Organisation' across the web UI and e-mails. Translations exist for 11 locales. API field names stay unchanged.", "T"),
 ("Upgrade PDF rendering library", "The PDF library is two major versions behind. The changelog mentions changes to font embedding. Snapshot tests cover about forty templates.", "T"),
 ("Evaluate moving images to a CDN", "Product images are served from the application servers. Proposal is to move them to a CDN with signed URLs. Cache invalidation on edit needs a design.", "T"),
 ("Delivery window question", "Customer asks whether the courier can deliver between 18:00 and 20:00 instead of the booked morning slot. Parcel reference FX-30918-UK.", "T"),
 ("Meter reading submitted twice", "Two readings were submitted for the same meter on 3 March, one by the app and one by phone. The values differ by 12 units.", "T"),
 ("Patient portal shows wrong clinic name", "After the clinic merger, appointment confirmations in the portal still show the old clinic name. The address is correct. Affects the Riverside and Eastgate sites.", "T"),
 ("Loyalty points not visible in app", "Customer says points earned at the Harbour Street store do not appear in the app. The receipt shows the loyalty number. Store system sync runs nightly.", "T"),
 ("Claim form field truncates postcode", "The online claim form cuts postcodes longer than 7 characters, so 'SW1A 1AA' becomes 'SW1A 1A'. Claims still submit.", "T"),
 ("Library e-book loan extension", "A member asks whether an e-book loan can be extended by a week. The title has a hold queue of three people.", "T"),
 ("Municipal bin collection day changed", "Resident says the collection calendar in the app shows Thursday, but the printed leaflet says Wednesday for the same street.", "T"),
 ("Game save not syncing between devices", "Player's progress on the tablet is not showing on their phone. Both are signed in to the same profile. Cloud save timestamp is from two days ago.", "T"),
 ("Question on data retention period", "Customer's DPO asks how long call recordings are kept and whether the period can be shortened per region. They referenced clause 9 of the agreement.", "T"),
 ("Print layout cuts off last column", "Printing the weekly rota in landscape cuts off the Sunday column on A4. Letter size works. Print preview shows the full width.", "T"),
 ("Calendar invite shows wrong organiser", "Invites generated by the booking page show the service account as organiser instead of the staff member. Replies go to an unmonitored inbox.", "T"),
 ("Warehouse scanner firmware question", "Site manager asks whether handheld scanners on firmware 4.11 need updating before the new label format goes live. They have 38 devices.", "T"),
 ("Grade export rounding", "Exported grades round 84.5 down to 84 while the gradebook shows 85. Teachers noticed during moderation.", "T"),
 ("Voice assistant skill unlinks", "The voice assistant skill unlinks itself after roughly a week. Relinking works. Token refresh logs are attached.", "T"),
 ("Vendor asks about purchase order format", "A supplier asks whether purchase orders can be sent as structured XML instead of PDF. Their ERP supports UBL 2.1.", "T"),
 ("Contract renewal reminder timing", "Renewal reminders go out 30 days before the end date. The customer asks for 60 days because of their approval process.", "T"),
 ("Office move: update delivery address", "The company moves offices on 1 May. They want future correspondence sent to the new address and ask what documents we need.", "N"),
]
NEUTRAL_IDX = [i for i, s in enumerate(SCEN) if s[2] == "N"]
MIXED_IDX = [i for i, s in enumerate(SCEN) if s[2] in ("M", "N")]

NEUTRAL_COMMENTS = [
    "Thanks, we'll take a look and get back to you.",
    "Customer confirmed they can share a screen recording if needed.",
    "Added the customer's environment details from the intake form.",
    "Asked the customer which browser version they use.",
    "Linked the knowledge base article on export settings for reference.",
    "Customer is available for a call after 15:00 CET.",
    "Reassigned from the general inbox.",
    "Waiting on a reply from the customer.",
]

LONG_LINES = [
    "{ts} INFO  request_id={rid} method=GET path=/api/v2/items status=200 dur_ms={d}",
    "{ts} DEBUG cache lookup key=items:{rid} hit=false",
    "{ts} INFO  request_id={rid} method=POST path=/api/v2/sessions status=201 dur_ms={d}",
    "{ts} WARN  retrying upstream call attempt=2 upstream=search-svc request_id={rid}",
    "{ts} INFO  user agent Mozilla/5.0 (Windows NT 10.0; Win64; x64) request_id={rid}",
    "{ts} DEBUG feature flags evaluated count=14 request_id={rid}",
]


def long_blob(rng, n):
    out = []
    for k in range(n):
        ts = "2024-03-%02dT%02d:%02d:%02d.%03dZ" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999))
        out.append(rng.choice(LONG_LINES).format(ts=ts, rid=hashlib.md5(str(rng.random()).encode()).hexdigest()[:12], d=rng.randint(11, 980)))
    return "\n".join(out)


class Ctx:
    """Everything that is shared between a leak item and its twin."""
    def __init__(self, rng, scn_idx, sch, label):
        self.rng = rng
        self.title, self.body, self.tag = SCEN[scn_idx]
        self.scn_idx = scn_idx
        self.sch = sch
        self.S = SCHEMES[sch]
        self.label = label
        self.lab = str(label)
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        self.name = f"{fn} {ln}"
        self.org, self.dom = rng.choice(ORGS)
        self.email = f"{fn.lower()}.{ln.lower()}@{self.dom}"
        an, al = rng.choice(FIRST), rng.choice(LAST)
        self.agent = f"{an} {al}"
        self.agent_email = f"{an.lower()}.{al.lower()}@support.example.com"
        self.num = rng.randint(1000, 98000)
        self.key = rng.choice(["SUP", "OPS", "CS", "HELP", "SVC", "WEB"]) + "-" + str(self.num)
        d = rng.randint(1, 27)
        self.date = f"2024-0{rng.randint(1, 9)}-{d:02d}"
        self.time = f"{rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
        self.comments = rng.sample(NEUTRAL_COMMENTS, rng.randint(1, 3))
        self.long = rng.random() < 0.3
        self.blob = long_blob(rng, rng.randint(25, 60)) if self.long else ""
        self.field = self.S["field"]
        self.disp = self.S["disp"]


def pick_scn(rng, sch, i, fam_off):
    if sch in ("category", "team", "sentiment", "rating", "decision"):
        pool = NEUTRAL_IDX if sch in ("category", "team") else MIXED_IDX
        return pool[(i * 5 + fam_off) % len(pool)]
    return (i * 7 + fam_off * 3) % len(SCEN)


# ------------------------------------------------------------------ LEAK FAMILIES
def wrap76(s):
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def f_jira_customfield(c, leak, lr):
    rng = c.rng
    cf = "customfield_%d" % rng.randint(10100, 12999)
    opt_id = str(rng.randint(10000, 19999))
    style = rng.randint(0, 2)
    if style == 0:
        val = {"self": f"https://{c.dom.split('.')[0]}.atlassian.net/rest/api/2/customFieldOption/{opt_id}", "value": c.lab, "id": opt_id}
    elif style == 1:
        val = {"self": f"https://{c.dom.split('.')[0]}.atlassian.net/rest/api/2/customFieldOption/{opt_id}", "value": "Support intake", "id": str(int(opt_id) - 7),
               "child": {"self": f"https://{c.dom.split('.')[0]}.atlassian.net/rest/api/2/customFieldOption/{opt_id}", "value": c.lab, "id": opt_id}}
    else:
        val = [{"self": f"https://{c.dom.split('.')[0]}.atlassian.net/rest/api/2/customFieldOption/{opt_id}", "value": c.lab, "id": opt_id}]
    if not leak:
        val = None if style != 2 else []
    fields = {
        "summary": c.title,
        "issuetype": {"id": "10004", "name": rng.choice(["Bug", "Task", "Support Request"]), "subtask": False},
        "project": {"id": "10021", "key": c.key.split("-")[0], "name": c.org + " Support"},
        "status": {"name": rng.choice(["Open", "In Progress", "Waiting for customer"]), "statusCategory": {"key": "indeterminate"}},
        "reporter": {"accountId": "5b10a2844c20165700ede21g", "displayName": c.name, "emailAddress": c.email},
        "created": f"{c.date}T{c.time}.000+0000",
        "description": c.body,
        "labels": [],
        "customfield_10020": None,
        cf: val,
        "customfield_10026": None,
        "comment": {"comments": [{"author": {"displayName": c.agent}, "body": cm} for cm in c.comments], "total": len(c.comments)},
    }
    if c.long:
        fields["environment"] = c.blob
    obj = {"expand": "renderedFields,names,schema,operations", "id": str(c.num + 100000), "key": c.key,
           "self": f"https://{c.dom.split('.')[0]}.atlassian.net/rest/api/2/issue/{c.num + 100000}", "fields": fields}
    if rng.random() < 0.6:
        obj["names"] = {"summary": "Summary", cf: "Triage " + c.disp.split()[-1].capitalize() if c.sch != "size" else "Estimate (T-shirt)", "customfield_10020": "Sprint", "customfield_10026": "Story point estimate"}
    return obj


def f_mime_base64(c, leak, lr):
    rng = c.rng
    bnd = "----=_Part_%d_%d.%d" % (rng.randint(1000, 9999), rng.randint(100000, 999999), rng.randint(10**12, 10**13))
    where = rng.choice(["text", "json", "text"])
    lines = [f"Hi team,", "", c.body, ""]
    sentence = rng.choice([
        f"For the record, after the call we agreed the {c.S['target']} is {c.lab}.",
        f"{c.disp} as discussed on the phone: {c.lab}",
        f"Please log this one as {c.lab} ({c.S['target']}), per our conversation.",
    ])
    if leak and where == "text":
        lines += [sentence, ""]
    lines += ["Kind regards,", c.name, c.org]
    text = "\n".join(lines)
    att = {"ticket": c.key, "submitted": f"{c.date}T{c.time}Z", "channel": "email", "form_version": 3}
    if leak and where == "json":
        att[c.field] = c.label
    hdr = [
        f"Return-Path: <{c.email}>",
        f"Received: from mail-{rng.randint(10,99)}.{c.dom} (mail-{rng.randint(10,99)}.{c.dom} [203.0.113.{rng.randint(2,250)}])",
        f"        by mx.support.example.com with ESMTPS id {hashlib.sha1(c.key.encode()).hexdigest()[:10]}",
        f"        for <support@support.example.com>; {c.date} {c.time} +0000",
        f"Message-ID: <{hashlib.md5(c.key.encode()).hexdigest()}@{c.dom}>",
        f"Date: {c.date} {c.time} +0000",
        f"From: {c.name} <{c.email}>",
        "To: Support <support@support.example.com>",
        f"Subject: Re: [{c.key}] {c.title}",
        "MIME-Version: 1.0",
        f'Content-Type: multipart/mixed; boundary="{bnd}"',
        "",
        f"--{bnd}",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: base64",
        "",
        wrap76(base64.b64encode(text.encode()).decode()),
        f"--{bnd}",
        'Content-Type: application/json; name="intake.json"',
        'Content-Disposition: attachment; filename="intake.json"',
        "Content-Transfer-Encoding: base64",
        "",
        wrap76(base64.b64encode(json.dumps(att).encode()).decode()),
        f"--{bnd}--",
        "",
    ]
    raw = "\r\n".join(hdr)
    if rng.random() < 0.5:
        return {"message_id": c.key, "raw": raw}
    return raw


def ics_escape(s):
    return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold_ics(line):
    out, first = [], True
    while line:
        n = 75 if first else 74
        out.append(("" if first else " ") + line[:n])
        line = line[n:]
        first = False
    return "\r\n".join(out)


def f_ics_folding(c, leak, lr):
    rng = c.rng
    intro = f"Review of {c.key}: {c.title}.\n{c.body}\n"
    sent = f"Agreed {c.S['target']} for {c.key}: {c.lab}. "
    tail = r"Dial-in: +44 20 7946 0321\, PIN 448812#"
    pads = ["", "Notes from the desk. ", "Agenda below. ", "Please review beforehand. ", "Short sync. ", "Context: "]
    desc_line = None
    for k in range(60):
        pad = pads[k % len(pads)] + ("  " * (k // len(pads)))
        d = "DESCRIPTION:" + ics_escape(pad + intro) + ics_escape(sent) + tail
        start = d.index(ics_escape(sent)) + len(ics_escape(sent)) - len(c.lab) - 2
        end = start + len(c.lab)
        # fold boundaries
        bounds, pos, first = [], 0, True
        while pos < len(d):
            pos += 75 if first else 74
            first = False
            bounds.append(pos)
        if any(start < b < end for b in bounds):
            desc_line = (pad, d)
            break
    pad = desc_line[0] if desc_line else ""
    d = "DESCRIPTION:" + ics_escape(pad + intro) + (ics_escape(sent) if leak else "") + tail
    uid = hashlib.md5((c.key + "ics").encode()).hexdigest()
    lines = ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:REQUEST",
             "BEGIN:VEVENT", f"DTSTART:{c.date.replace('-', '')}T{rng.randint(8,16):02d}0000Z", f"DTEND:{c.date.replace('-', '')}T{rng.randint(17,18):02d}0000Z",
             f"DTSTAMP:{c.date.replace('-', '')}T{c.time.replace(':', '')}Z",
             f"ORGANIZER;CN={c.agent}:mailto:{c.agent_email}", f"UID:{uid}@google.com",
             fold_ics(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN={c.name};X-NUM-GUESTS=0:mailto:{c.email}"),
             "CREATED:" + c.date.replace('-', '') + "T080000Z", fold_ics(d), "LOCATION:Google Meet", "SEQUENCE:0", "STATUS:CONFIRMED",
             fold_ics(f"SUMMARY:{c.key} review: {ics_escape(c.title)}"), "TRANSP:OPAQUE", "END:VEVENT", "END:VCALENDAR", ""]
    ics = "\r\n".join(lines)
    if rng.random() < 0.5:
        return {"attachment": {"filename": "invite.ics", "mimeType": "text/calendar", "content": ics}, "thread_subject": f"Invitation: {c.key} review"}
    return ics


def ent(s, mode):
    if mode == 0:
        return "".join("&#%d;" % ord(ch) for ch in s)
    if mode == 1:
        return "".join("&#x%X;" % ord(ch) for ch in s)
    return "&#%d;" % ord(s[0]) + s[1:] if len(s) > 1 else "&#x%x;" % ord(s)


def f_html_entities(c, leak, lr):
    rng = c.rng
    mode = rng.randint(0, 2)
    val = ent(c.lab, mode) if leak else "&mdash;"
    rows = [("Requester", f"{c.name} &lt;{c.email}&gt;"), ("Organisation", c.org.replace("&", "&amp;")), ("Created", f"{c.date} {c.time}"),
            (c.disp, val), ("Channel", rng.choice(["Web form", "E-mail", "Phone"]))]
    rng.shuffle(rows)
    tr = "\n".join(f'      <tr><th scope="row">{k}</th><td>{v}</td></tr>' for k, v in rows)
    html = f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{c.key} &middot; {c.title}</title>
<link rel="stylesheet" href="/assets/agent.css?v=20240311"></head>
<body>
  <nav class="breadcrumbs"><a href="/queues">Queues</a> &rsaquo; <a href="/tickets/{c.num}">{c.key}</a></nav>
  <main id="ticket-{c.num}">
    <h1>{c.title}</h1>
    <table class="props">
{tr}
    </table>
    <section class="description"><p>{c.body}</p></section>
    <section class="comments">
{''.join(f'      <article class="comment"><header>{c.agent}</header><p>{cm}</p></article>' + chr(10) for cm in c.comments)}    </section>
{('    <pre class="log">' + c.blob + '</pre>') if c.long else ''}
  </main>
</body></html>"""
    return html


def f_classifier_index(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    order = labels[:]
    if rng.random() < 0.5:
        rng.shuffle(order)
    idx = order.index(c.lab)
    raw = [rng.random() * 0.3 for _ in order]
    raw[idx] = 0.6 + rng.random() * 0.35
    s = sum(raw)
    probs = [round(x / s, 4) for x in raw]
    style = rng.randint(0, 2)
    rec = {"id": c.key, "title": c.title, "body": c.body, "created_at": f"{c.date}T{c.time}Z", "requester": c.email}
    if style == 0:
        pred = {"model": "triage-clf", "version": f"3.{rng.randint(0,9)}.{rng.randint(0,9)}", "classes": order,
                "argmax": idx if leak else None, "probs": probs if leak else None, "ran_at": f"{c.date}T{c.time}Z"}
        rec["enrichment"] = {"classifier": pred}
    elif style == 1:
        pred = {"config": {"id2label": {str(i): l for i, l in enumerate(order)}, "architectures": ["DebertaV2ForSequenceClassification"]},
                "output": {"label_id": idx if leak else None, "logits": [round((p - 0.2) * 7, 3) for p in probs] if leak else None}}
        rec["_ml"] = pred
    else:
        top = sorted(range(len(order)), key=lambda j: -probs[j])[:2]
        pred = {"label_space": order, "top_k": [{"index": j, "score": probs[j]} for j in top] if leak else [], "pipeline": "auto-triage@prod"}
        rec["upstream_predictions"] = pred
    if c.long:
        rec["attachments_text"] = c.blob
    return rec


CORR_CODES = {
    "priority": {"High": "P1", "Medium": "P2", "Low": "P3"},
    "urgency": {"Emergency": "RESP-15M", "Urgent": "RESP-4H", "Routine": "RESP-5BD"},
    "category": {"Billing": "Q-FIN-02", "Shipping": "Q-LOG-07", "Technical": "Q-ENG-11", "Account": "Q-CAM-03"},
    "team": {"Payments": "AG-7731", "Identity": "AG-2290", "Platform": "AG-1046", "Mobile": "AG-5518"},
    "risk": {"Low": "RC-1", "Moderate": "RC-2", "Elevated": "RC-3", "Critical": "RC-4"},
    "sev": {"Sev1": "ESC-A", "Sev2": "ESC-B", "Sev3": "ESC-C", "Sev4": "ESC-D"},
}


def f_sla_code(c, leak, lr):
    rng = c.rng
    code = CORR_CODES[c.sch][c.lab]
    key = {"priority": "u_sla_tier", "urgency": "u_response_target", "category": "u_queue_code", "team": "u_assignment_code",
           "risk": "u_risk_class", "sev": "u_escalation_path"}[c.sch]
    style = rng.randint(0, 1)
    rec = {
        "sys_id": hashlib.md5(c.key.encode()).hexdigest(), "number": f"INC00{c.num:05d}",
        "short_description": c.title, "description": c.body,
        "caller_id": {"display_value": c.name, "link": f"https://{c.dom.split('.')[0]}.service-now.com/api/now/table/sys_user/{hashlib.md5(c.name.encode()).hexdigest()}"},
        "opened_at": f"{c.date} {c.time}", "state": rng.choice(["1", "2"]), "contact_type": rng.choice(["email", "phone", "self-service"]),
        "company": {"display_value": c.org},
        key: (code if style == 0 else f"{code} (contract {rng.randint(100,999)})") if leak else "",
        "work_notes": "\n".join(f"{c.date} {c.agent}: {cm}" for cm in c.comments),
    }
    if c.long:
        rec["u_diagnostics"] = c.blob
    return {"result": rec}


EMOJI = {
    "priority": {"High": ("🔴", "red_circle"), "Medium": ("🟠", "large_orange_circle"), "Low": ("🟢", "large_green_circle")},
    "rag": {"Red": ("🔴", "red_circle"), "Amber": ("🟡", "large_yellow_circle"), "Green": ("🟢", "large_green_circle")},
    "sentiment": {"positive": ("👍", "+1"), "negative": ("👎", "-1"), "neutral": ("😶", "no_mouth")},
    "sev": {"Sev1": ("🚨", "rotating_light"), "Sev2": ("🔥", "fire"), "Sev3": ("⚠️", "warning"), "Sev4": ("🐢", "turtle")},
}


def f_emoji(c, leak, lr):
    rng = c.rng
    em, code = EMOJI[c.sch][c.lab]
    ts0 = 1710000000 + c.num * 13
    style = rng.randint(0, 2)
    msgs = [{"type": "message", "user": "U04K2ML8Q", "user_name": c.agent.split()[0].lower(), "ts": f"{ts0}.000200",
             "text": f"New from {c.org}: *{c.title}* <https://support.example.com/t/{c.num}|{c.key}>"},
            {"type": "message", "user": "U02A9XX1Z", "user_name": c.name.split()[0].lower(), "ts": f"{ts0+60}.000400", "text": c.body, "thread_ts": f"{ts0}.000200"}]
    for k, cm in enumerate(c.comments):
        msgs.append({"type": "message", "user": "U04K2ML8Q", "ts": f"{ts0+120+k}.000100", "text": cm, "thread_ts": f"{ts0}.000200"})
    if leak:
        if style == 0:
            msgs[0]["reactions"] = [{"name": code, "users": ["U01TRIAGEBOT"], "count": 1}]
        elif style == 1:
            msgs.append({"type": "message", "subtype": "bot_message", "bot_id": "B03TRIAGE", "username": "triage-bot", "ts": f"{ts0+300}.000900",
                         "text": f"{em} triaged {c.key}", "thread_ts": f"{ts0}.000200"})
        else:
            msgs[0]["text"] = f"{em} " + msgs[0]["text"]
    out = {"channel": "C05SUPPORTQ", "channel_name": "support-queue", "messages": msgs}
    if c.long:
        out["files"] = [{"name": "console.log", "preview": c.blob}]
    return out


LOC = {
    "priority": {"es": ("Prioridad", {"Low": "Baja", "Medium": "Media", "High": "Alta"}), "de": ("Priorität", {"Low": "Niedrig", "Medium": "Mittel", "High": "Hoch"}),
                 "fr": ("Priorité", {"Low": "Basse", "Medium": "Moyenne", "High": "Haute"}), "ja": ("優先度", {"Low": "低", "Medium": "中", "High": "高"})},
    "sentiment": {"fr": ("Sentiment", {"positive": "positif", "negative": "négatif", "neutral": "neutre"}), "ja": ("感情", {"positive": "ポジティブ", "negative": "ネガティブ", "neutral": "中立"}),
                  "pl": ("Wydźwięk", {"positive": "pozytywny", "negative": "negatywny", "neutral": "neutralny"})},
    "category": {"es": ("Categoría", {"Billing": "Facturación", "Shipping": "Envíos", "Technical": "Soporte técnico", "Account": "Cuenta"}),
                 "de": ("Kategorie", {"Billing": "Abrechnung", "Shipping": "Versand", "Technical": "Technik", "Account": "Kundenkonto"}),
                 "fr": ("Catégorie", {"Billing": "Facturation", "Shipping": "Expédition", "Technical": "Technique", "Account": "Compte"})},
    "urgency": {"es": ("Urgencia", {"Routine": "Rutina", "Urgent": "Urgente", "Emergency": "Emergencia"}), "de": ("Dringlichkeit", {"Routine": "Routine", "Urgent": "Dringend", "Emergency": "Notfall"}),
                "it": ("Urgenza", {"Routine": "Ordinaria", "Urgent": "Urgente", "Emergency": "Emergenza"})},
}
LOC_PHRASE = {"es": "Nota interna: {k} asignada: {v}.", "de": "Interne Notiz: {k} festgelegt auf „{v}“.", "fr": "Note interne : {k} retenue : {v}.",
              "ja": "社内メモ：{k}は「{v}」に設定しました。", "pl": "Notatka wewnętrzna: {k} zgłoszenia: {v}.", "it": "Nota interna: {k} impostata su {v}."}


def f_localized(c, leak, lr):
    rng = c.rng
    lang = rng.choice(sorted(LOC[c.sch]))
    k, m = LOC[c.sch][lang]
    v = m[c.lab]
    style = rng.randint(0, 1)
    comments = [{"id": c.num * 10 + j, "author_id": 3720 + j, "public": True, "body": cm, "created_at": f"{c.date}T{c.time}Z"} for j, cm in enumerate(c.comments)]
    cfs = [{"id": 360010001, "value": None}, {"id": 360010017, "value": rng.choice(["web", "email"])}]
    if leak:
        if style == 0:
            comments.insert(1, {"id": c.num * 10 + 9, "author_id": 3999, "public": False, "body": LOC_PHRASE[lang].format(k=k, v=v), "created_at": f"{c.date}T{c.time}Z"})
        else:
            cfs[0]["value"] = v
    t = {"ticket": {"id": c.num, "url": f"https://{c.dom.split('.')[0]}.zendesk.com/api/v2/tickets/{c.num}.json", "subject": c.title,
                    "description": c.body, "status": "open", "requester_id": 3720, "locale": {"es": "es-ES", "de": "de-DE", "fr": "fr-FR", "ja": "ja", "pl": "pl", "it": "it"}[lang],
                    "custom_fields": cfs, "tags": ["web_widget", lang]},
         "comments": comments}
    if c.long:
        t["ticket"]["via"] = {"channel": "api", "source": {"rel": None, "debug": c.blob}}
    return t


def f_checked_option(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    style = rng.randint(0, 4)
    if style == 0:
        opts = "   ".join(("[X] " if (leak and l == c.lab) else "[ ] ") + l for l in labels)
        form = f"{c.disp}:   {opts}"
    elif style == 1:
        opts = "  ".join(("☒ " if (leak and l == c.lab) else "☐ ") + l for l in labels)
        form = f"{c.disp.upper()}  {opts}"
    elif style == 2:
        form = f"**{c.disp}**\n" + "\n".join(("- [x] " if (leak and l == c.lab) else "- [ ] ") + l for l in labels)
    elif style == 3:
        form = f'<label for="f_{c.field}">{c.disp}</label>\n<select id="f_{c.field}" name="{c.field}">\n  <option value="">-- choose --</option>\n' + "\n".join(
            f'  <option value="{l}"{" selected" if (leak and l == c.lab) else ""}>{l}</option>' for l in labels) + "\n</select>"
    else:
        form = f"<fieldset><legend>{c.disp}</legend>\n" + "\n".join(
            f'  <input type="radio" name="{c.field}" id="r{j}" value="{l}"{" checked" if (leak and l == c.lab) else ""}><label for="r{j}">{l}</label>' for j, l in enumerate(labels)) + "\n</fieldset>"
    doc = f"""INTAKE FORM — {c.org}
Reference: {c.key}        Received: {c.date} {c.time}
Submitted by: {c.name} <{c.email}>

Subject: {c.title}

Description:
{textwrap.fill(c.body, 88)}

{form}

Agent notes:
{chr(10).join('  * ' + x for x in c.comments)}
"""
    if c.long:
        doc += "\nAppendix A — client log excerpt\n" + c.blob + "\n"
    doc += "\nPage 1 of 1\n"
    if rng.random() < 0.4:
        return {"document": {"name": f"intake_{c.num}.pdf", "extracted_text": doc}}
    return doc


def f_unified_diff(c, leak, lr):
    rng = c.rng
    owner_old, owner_new = "unassigned", c.agent.split()[0].lower()
    prev = [str(x) for x in c.S["labels"] if str(x) != c.lab]
    lab_y = c.lab if c.sch != "rating" else c.lab
    ln = rng.randint(8, 240)
    fmt = rng.randint(0, 1)
    if fmt == 0:
        path = f"triage/{c.key.lower()}.yaml"
        ctx1 = [f"id: {c.key}", f"title: \"{c.title}\"", f"opened: {c.date}"]
        body = [" " + x for x in ctx1]
        if leak:
            if lr.random() < 0.5:
                body += [f"-{c.field}: unset", f"+{c.field}: {lab_y}"]
            else:
                body += [f"-{c.field}: {rng.choice(prev)}", f"+{c.field}: {lab_y}"]
        body += [f"-owner: {owner_old}", f"+owner: {owner_new}", f" reporter: {c.email}"]
    else:
        path = "fixtures/tickets.json"
        body = ["   {", f'     "id": "{c.key}",', f'     "title": {json.dumps(c.title)},']
        if leak:
            body += [f'-    "{c.field}": null,', f'+    "{c.field}": {json.dumps(c.label)},']
        body += [f'-    "owner": null,', f'+    "owner": "{owner_new}",', f'     "reporter": "{c.email}"', "   },"]
    minus = sum(1 for b in body if b.startswith("-"))
    plus = sum(1 for b in body if b.startswith("+"))
    ctxn = len(body) - minus - plus
    h = hashlib.sha1((c.key + path).encode()).hexdigest()
    diff = (f"commit {h}\nAuthor: {c.agent} <{c.agent_email}>\nDate:   {c.date} {c.time} +0000\n\n    triage: update {c.key}\n\n"
            f"diff --git a/{path} b/{path}\nindex {h[:7]}..{h[7:14]} 100644\n--- a/{path}\n+++ b/{path}\n"
            f"@@ -{ln},{ctxn + minus} +{ln},{ctxn + plus} @@\n" + "\n".join(body) + "\n")
    return {"ticket": {"key": c.key, "summary": c.title, "description": c.body}, "linked_commit": diff}


CONST = {
    "priority": ("Priority", lambda l: l.upper()), "sev": ("Severity", lambda l: "SEV_" + l[-1]), "sS": ("Severity", lambda l: l),
    "sentiment": ("Sentiment", lambda l: l.upper()), "size": ("TShirtSize", lambda l: l), "rating": ("Stars", lambda l: ["ONE", "TWO", "THREE", "FOUR", "FIVE"][int(l) - 1]),
    "category": ("Category", lambda l: l.upper()), "decision": ("RefundDecision", lambda l: l.upper()), "urgency": ("Urgency", lambda l: l.upper()),
    "risk": ("RiskLevel", lambda l: l.upper()), "team": ("Team", lambda l: l.upper()), "pcode": ("Priority", lambda l: l), "rag": ("RagStatus", lambda l: l.upper()),
}


def f_enum_constant(c, leak, lr):
    rng = c.rng
    cls, fn = CONST[c.sch]
    cst = fn(c.lab)
    lang = rng.randint(0, 3)
    t = c.title.replace('"', "'")
    if lang == 0:
        arg = f",\n        {c.field}={cls}.{cst}" if leak else ""
        code = f'''import pytest
from support.models import Ticket, {cls}
from support.triage import route


@pytest.fixture
def ticket_{c.num}():
    return Ticket(
        key="{c.key}",
        title="{t}",
        requester="{c.email}",
        opened="{c.date}"{arg},
    )


def test_route_{c.num}(ticket_{c.num}):
    assert route(ticket_{c.num}).queue is not None
'''
        fname = f"tests/test_{c.key.lower().replace('-', '_')}.py"
    elif lang == 1:
        setter = f"\n        t.set{c.field[0].upper() + ''.join(w.capitalize() for w in c.field.split('_'))[1:]}({cls}.{cst});" if leak else ""
        code = f'''package com.example.support.fixtures;

import com.example.support.model.Ticket;
import com.example.support.model.{cls};

public final class Ticket{c.num}Fixture {{
    private Ticket{c.num}Fixture() {{}}

    public static Ticket create() {{
        Ticket t = new Ticket("{c.key}");
        t.setTitle("{t}");
        t.setRequester("{c.email}");{setter}
        return t;
    }}
}}
'''
        fname = f"src/test/java/com/example/support/fixtures/Ticket{c.num}Fixture.java"
    elif lang == 2:
        goname = "".join(w.capitalize() for w in c.field.split("_"))
        line = f"\n\t\t{goname}: {cls.lower()}.{cls}{cst.title().replace('_', '')}," if leak else ""
        code = f'''package fixtures

import "example.com/support/{cls.lower()}"

var Ticket{c.num} = Ticket{{
\t\tKey:       "{c.key}",
\t\tTitle:     "{t}",
\t\tRequester: "{c.email}",{line}
}}
'''
        fname = f"internal/fixtures/ticket_{c.num}.go"
    else:
        camel = c.field.split("_")[0] + "".join(w.capitalize() for w in c.field.split("_")[1:])
        line = f"\n  {camel}: {cls}.{cst}," if leak else ""
        code = f'''import {{ {cls}, type Ticket }} from "@/models/ticket";

export const ticket{c.num}: Ticket = {{
  key: "{c.key}",
  title: "{t}",
  requester: "{c.email}",{line}
  openedAt: new Date("{c.date}T{c.time}Z"),
}};
'''
        fname = f"src/__fixtures__/ticket{c.num}.ts"
    return {"repo": f"{c.dom.split('.')[0]}/support-service", "path": fname, "ref": "main", "content": code,
            "ticket_under_test": {"key": c.key, "title": c.title, "body": c.body}}


ZW = ["\u200b", "\u00ad", "\u2060", "\ufeff", "\u200c"]


def f_zero_width(c, leak, lr):
    rng = c.rng
    z = rng.choice(ZW)
    l = c.lab
    k = rng.randint(1, len(l) - 1)
    hidden = l[:k] + z + l[k:]
    if rng.random() < 0.3 and len(l) > 2:
        hidden = z.join(l)
    style = rng.randint(0, 2)
    obj = {"id": c.num, "identifier": c.key, "title": c.title, "description": c.body,
           "state": {"name": rng.choice(["Triage", "Backlog", "Todo"])}, "createdAt": f"{c.date}T{c.time}.000Z",
           "creator": {"name": c.name, "email": c.email}, "comments": {"nodes": [{"body": cm, "user": {"name": c.agent}} for cm in c.comments]}}
    if leak:
        if style == 0:
            obj["description"] = c.body + f"\n\n{c.disp}: {hidden}"
        elif style == 1:
            obj["comments"]["nodes"].append({"body": f"Set {c.S['target']} → {hidden} after the sync.", "user": {"name": c.agent}})
        else:
            obj["title"] = f"{c.title} ({hidden})"
    if c.long:
        obj["attachments"] = {"nodes": [{"title": "client.log", "subtitle": c.blob}]}
    return {"data": {"issue": obj}}


def f_bucket_membership(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    prefix = c.key.split("-")[0]
    buckets = {}
    for l in labels:
        buckets[l] = [f"{prefix}-{rng.randint(1000, 98000)}" for _ in range(rng.randint(1, 5))]
    inbox = [f"{prefix}-{rng.randint(1000, 98000)}" for _ in range(rng.randint(0, 3))]
    if leak:
        lst = buckets[c.lab]
        lst.insert(lr.randint(0, len(lst)), c.key)
    else:
        inbox.insert(lr.randint(0, len(inbox)), c.key)
    style = rng.randint(0, 1)
    if style == 0:
        board = {"board": f"{c.org} support board", "group_by": c.S["target"], "columns": {**buckets, "Inbox": inbox}}
    else:
        board = {"view": "swimlanes", "swimlanes": [{"name": l, "issues": [{"key": k} for k in ids]} for l, ids in buckets.items()] +
                 [{"name": "No value", "issues": [{"key": k} for k in inbox]}]}
    return {"tool": "get_ticket", "ticket": {"key": c.key, "summary": c.title, "description": c.body, "reporter": c.email},
            "tool2": "get_board", "board": board}


def stars(n, style):
    if style == 0:
        return "★" * n + "☆" * (5 - n)
    if style == 1:
        return "⭐" * n
    if style == 2:
        return "●" * n + "○" * (5 - n)
    return None


def f_star_glyphs(c, leak, lr):
    rng = c.rng
    n = int(c.label)
    style = rng.randint(0, 3)
    if style < 3:
        widget = f'<div class="review-stars" aria-hidden="true">{stars(n, style)}</div>' if leak else '<div class="review-stars" aria-hidden="true"></div>'
    else:
        widget = f'<span class="stars-outer"><span class="stars-inner" style="width: {n * 20}%"></span></span>' if leak else '<span class="stars-outer"><span class="stars-inner"></span></span>'
    html = f"""<div class="review" id="review-{c.num}" data-product-sku="SKU-{rng.randint(10000, 99999)}">
  <div class="review-header">
    <span class="author">{c.name.split()[0]} {c.name.split()[1][0]}.</span>
    <time datetime="{c.date}">{c.date}</time>
    {widget}
    <span class="verified">Verified purchase</span>
  </div>
  <h3 class="review-title">{c.title}</h3>
  <p class="review-body">{c.body}</p>
  <div class="helpful">Was this review helpful? <button>Helpful</button> <button>Report</button></div>
</div>"""
    return {"page": f"https://shop.{c.dom}/p/{c.num}/reviews?sort=recent", "fragment": html}


YN = {"yes": [True, 1, "TRUE", "Y"], "no": [False, 0, "FALSE", "N"]}


def f_boolean_yesno(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 3)
    yn = c.lab.lower()
    order = f"ORD-{rng.randint(100000, 999999)}"
    case = {"case_id": c.key, "order_id": order, "customer": {"name": c.name, "email": c.email}, "opened": f"{c.date}T{c.time}Z",
            "subject": c.title, "message": c.body, "amount": {"value": round(rng.uniform(12, 480), 2), "currency": rng.choice(["EUR", "GBP", "USD"])}}
    if style == 0:
        case["refund_eligible"] = YN[yn][0] if leak else None
        return case
    if style == 1:
        case["policy_check"] = {"rule": "RET-30D", "eligible": YN[yn][1] if leak else None, "checked_by": "policy-engine"}
        return case
    if style == 2:
        hdr = "case_id,order_id,opened,amount,refund_eligible,notes"
        row = f"{c.key},{order},{c.date},{case['amount']['value']},{YN[yn][2] if leak else ''},\"{c.title}\""
        return {"case": case, "export_csv": hdr + "\n" + row + "\n"}
    case["flags"] = f"VIP=N;DUP=N;RFND_OK={YN[yn][3]};CHBK=N" if leak else "VIP=N;DUP=N;CHBK=N"
    return case


TAGF = {
    "priority": lambda l: rng_choice([f"prio:{l.lower()}", f"priority/{l.lower()}", f"{l.lower()}-priority"]),
    "sev": lambda l: rng_choice([f"severity::{l[-1]}", f"sev-{l[-1]}", f"sev/{l.lower()}"]),
    "sS": lambda l: rng_choice([f"severity/{l.lower()}", f"sev:{l}"]),
    "sentiment": lambda l: rng_choice([f"sentiment_{l}", f"csat-{l}"]),
    "size": lambda l: rng_choice([f"size/{l}", f"tshirt:{l.lower()}"]),
    "rating": lambda l: rng_choice([f"stars-{l}", f"rating:{l}"]),
    "category": lambda l: rng_choice([f"cat:{l.lower()}", f"queue/{l.lower()}"]),
    "decision": lambda l: rng_choice([f"refund-eligible:{l}", f"rfnd_elig_{l}"]),
    "urgency": lambda l: rng_choice([f"urgency::{l.lower()}", f"urg-{l.lower()}"]),
    "risk": lambda l: rng_choice([f"risk/{l.lower()}", f"risk-level:{l.lower()}"]),
    "team": lambda l: rng_choice([f"team::{l.lower()}", f"owner/{l.lower()}"]),
    "pcode": lambda l: rng_choice([f"prio/{l.lower()}", f"triage:{l}"]),
    "rag": lambda l: rng_choice([f"rag:{l.lower()}", f"health/{l.lower()}"]),
}
_TAG_RNG = [None]


def rng_choice(xs):
    return _TAG_RNG[0].choice(xs)


NEUTRAL_TAGS = ["area/api", "customer-reported", "needs-repro", "web", "eu-region", "from-email", "kind/bug", "docs", "triaged-by-bot", "workflow"]


def f_tag_list(c, leak, lr):
    rng = c.rng
    _TAG_RNG[0] = lr
    tags = rng.sample(NEUTRAL_TAGS, rng.randint(2, 5))
    if leak:
        tags.insert(lr.randint(0, len(tags)), TAGF[c.sch](c.lab))
    style = rng.randint(0, 2)
    if style == 0:
        return {"number": c.num % 9000, "title": c.title, "body": c.body, "state": "open", "user": {"login": c.name.split()[0].lower() + "-" + c.dom.split(".")[0]},
                "labels": [{"name": t, "color": hashlib.md5(t.encode()).hexdigest()[:6]} for t in tags], "comments": len(c.comments),
                "html_url": f"https://github.com/{c.dom.split('.')[0]}/app/issues/{c.num % 9000}"}
    if style == 1:
        return {"ticket": {"id": c.num, "subject": c.title, "description": c.body, "tags": tags, "status": "new"}}
    return {"iid": c.num % 5000, "title": c.title, "description": c.body + ("\n\n```\n" + c.blob + "\n```" if c.long else ""), "labels": tags, "state": "opened",
            "web_url": f"https://gitlab.{c.dom}/support/app/-/issues/{c.num % 5000}"}


def f_llm_transcript(c, leak, lr):
    rng = c.rng
    ans = rng.choice([
        f"Based on the description I'd set the {c.S['target']} to {c.lab}.",
        f"My assessment: {c.lab}. The reporter's details are consistent with that.",
        f"Classification → {c.S['target']}: {c.lab}",
    ])
    neutral = "I'll wait for the customer's reply before drawing conclusions."
    style = rng.randint(0, 1)
    if style == 0:
        conv = [{"role": "system", "content": "You are a support triage assistant."},
                {"role": "user", "content": f"Please look at {c.key}."},
                {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_ticket", "arguments": json.dumps({"key": c.key})}}]},
                {"role": "tool", "tool_call_id": "call_1", "content": json.dumps({"key": c.key, "title": c.title, "body": c.body})},
                {"role": "assistant", "content": ans if leak else neutral}]
        return {"session_id": hashlib.md5(c.key.encode()).hexdigest()[:16], "resumed_from": f"{c.date}T{c.time}Z", "history": conv,
                "ticket": {"key": c.key, "title": c.title, "body": c.body, "comments": c.comments}}
    mem = [{"ts": f"{c.date}T{c.time}Z", "source": "agent-memory", "note": f"Opened {c.key} ({c.title})."},
           {"ts": f"{c.date}T{c.time}Z", "source": "agent-memory", "note": ("Previous run concluded — " + ans) if leak else ("Previous run concluded — " + neutral)}]
    return {"ticket": {"key": c.key, "title": c.title, "body": c.body}, "scratchpad": mem}


LEAK_FAMS = [
    ("jira_customfield_option", f_jira_customfield, ["priority", "sev", "category", "team", "urgency", "size", "risk"], "Label stored as the value of an opaque Jira customfield_NNNNN option object (single, cascading child or multi-select), named only in the separate names map if at all."),
    ("mime_base64_part", f_mime_base64, ["priority", "sev", "sentiment", "category", "team", "urgency", "rag", "pcode"], "Raw RFC 822 e-mail whose text/plain part or JSON attachment is Content-Transfer-Encoding: base64 and carries the label only inside the encoded bytes."),
    ("ics_line_folding", f_ics_folding, ["priority", "sev", "category", "team", "urgency", "sentiment", "rag", "risk"], "iCalendar invite whose DESCRIPTION states the label, folded per RFC 5545 at 75 octets so that the fold (CRLF+space) falls inside the label word."),
    ("html_numeric_entities", f_html_entities, ALL, "HTML agent page where the label cell is written with decimal/hex numeric character references (fully or only the first letter)."),
    ("classifier_argmax_index", f_classifier_index, ALL, "Upstream classifier output reports only an argmax/label_id/top_k index plus a class list or id2label map; the index selects the label."),
    ("sla_code_correlated", f_sla_code, ["priority", "urgency", "category", "team", "risk", "sev"], "ServiceNow-style record with an owner-known correlated code (SLA tier P1, queue code, assignment code...) in a u_ field; code listed in correlated_values."),
    ("emoji_triage_marker", f_emoji, ["priority", "rag", "sentiment", "sev"], "Slack export where a triage bot marks the ticket with an owner-known emoji, as a reaction shortcode, bot message or message prefix; emoji listed in correlated_values."),
    ("localized_label", f_localized, ["priority", "sentiment", "category", "urgency"], "Zendesk ticket where the label appears translated (es/de/fr/ja/pl/it) in a private note or a custom field value."),
    ("checked_option_marker", f_checked_option, ALL, "Intake form listing every label where exactly one option is marked ([X], ☒, - [x], <option selected>, <input checked>)."),
    ("unified_diff_hunk", f_unified_diff, ALL, "Linked git commit whose unified diff adds the line setting the label field (sometimes replacing an older different value)."),
    ("enum_constant_in_code", f_enum_constant, ALL, "Test fixture source code (Python/Java/Go/TS) for this ticket that sets the field to an enum constant such as Priority.HIGH, Severity.SEV_2, Stars.FOUR."),
    ("zero_width_split", f_zero_width, MULTICHAR, "Label written with invisible zero-width / soft-hyphen / word-joiner characters inside it, in description, comment or title."),
    ("bucket_key_membership", f_bucket_membership, ALL, "Board/grouping object whose keys or swimlanes are all the labels; the ticket's own key is listed under the expected one."),
    ("star_glyph_rating", f_star_glyphs, ["rating"], "Review HTML fragment where the rating is only shown as star/dot glyphs or as a CSS width percentage of a star bar."),
    ("boolean_yes_no", f_boolean_yesno, ["decision"], "Yes/no decision leaked as JSON true/false, 1/0, CSV TRUE/FALSE or a compact flag string RFND_OK=Y."),
    ("prefixed_tag_token", f_tag_list, ALL, "Label embedded in a structured tag/label string (prio:high, severity::2, size/XL, sentiment_negative, team::payments) in GitHub/GitLab/Zendesk tags."),
    ("upstream_llm_transcript", f_llm_transcript, ALL, "Earlier agent session transcript or scratchpad memory for the same ticket where the assistant already stated the label."),
]

# ------------------------------------------------------------------ TRAP FAMILIES
SENSES = {
    "priority": {"High": ["the customer's office is on the High Street", "our contact is away at her daughter's high school graduation on Friday", "stock of the spare cables is running high after the last order"],
                 "Low": ["the office has low ceilings so the wall screen was mounted lower", "the customer was lying low after the holiday and answered late", "the printer shows a low toner message, unrelated"],
                 "Medium": ["they found a happy medium between the two layouts", "he ordered a medium latte during the call, which is why the audio was noisy", "the demo used medium-format prints"]},
    "risk": {"Low": ["the meeting room is on the low floor near reception"], "Moderate": ["the forecast says moderate rain for the site visit"],
             "Elevated": ["the server room sits on an elevated floor"], "Critical": ["the author received critical acclaim for the first book", "she is a critical care nurse and works nights"]},
    "sentiment": {"positive": ["her lateral flow test came back positive so she is working from home", "the bank confirmed a positive balance on the escrow sub-ledger"],
                  "negative": ["the photographer sent the scans as negatives", "the thermometer showed negative temperatures at the depot this morning"],
                  "neutral": ["the van was left in neutral on the ramp", "the office repainted the meeting room in neutral colours", "they chose a neutral venue for the workshop"]},
    "category": {"Billing": ["the band got top billing on the festival poster the customer printed"], "Shipping": ["he used to work in the shipping industry before joining"],
                 "Technical": ["the referee's decision was overturned on a technical point, as mentioned in small talk"], "Account": ["by all accounts the move went smoothly", "please take into account that the office closes at 16:00 on Fridays"]},
    "urgency": {"Routine": ["the caller said the gym has a new morning routine", "the comedian's routine was filmed in the venue"], "Urgent": ["she runs an urgent care clinic's reception desk in her day job"],
                "Emergency": ["the fire drill tested the emergency exits on the third floor", "update the emergency contact on file to her partner"]},
    "team": {"Payments": ["the lease payments for the office are handled by their landlord"], "Identity": ["the agency is working on the brand identity refresh"],
             "Platform": ["the train left from platform 4 so she joined late"], "Mobile": ["she works from a mobile library van on Tuesdays"]},
    "rag": {"Green": ["the office is next to the village green", "they painted the meeting room green"], "Amber": ["the necklace in the product photo is amber", "the traffic light was amber when the courier photo was taken"],
            "Red": ["he caught the red-eye flight back", "the logo is red on a white background"]},
    "decision": {"yes": ["he said yes to the dinner invitation for the team offsite"], "no": ["there is no parking at the new office", "no one was in the office on Monday"]},
}


def t_everyday(c, rng):
    pool = SENSES[c.sch][c.lab]
    s = rng.choice(pool)
    others = [rng.choice(v) for k, v in SENSES[c.sch].items() if k != c.lab and rng.random() < 0.3]
    note = f"Small talk from the call: {s}."
    if others:
        note += " Also, " + "; ".join(others) + "."
    style = rng.randint(0, 1)
    if style == 0:
        return {"key": c.key, "summary": c.title, "description": c.body, "comments": c.comments + [note], "reporter": c.email}
    return f"From: {c.name} <{c.email}>\nTo: support@support.example.com\nSubject: {c.title}\nDate: {c.date} {c.time} +0000\n\n{c.body}\n\nP.S. {note[len('Small talk from the call: '):]}\n\n-- \n{c.name}\n{c.org}\n"


def t_keys(c, rng):
    if c.sch in ("priority", "risk"):
        sym = rng.choice(["NWT", "FBKM", "ADTM"])
        quote = {"symbol": sym, "date": c.date, "open": 41.2, "high": 43.87, "low": 40.91, "close": 43.1, "volume": 1882100}
        tide = {"station": "Harbour Pier", "high": "06:12", "low": "12:31", "moderate_swell": False}
        return {"ticket": {"key": c.key, "summary": c.title, "description": c.body}, "context": {"stock_quote": quote if c.sch == "priority" else tide,
                "weather": {"high": 17, "low": 9, "unit": "C"}}, "elevated_permissions": False, "critical_path": ["review", "deploy"]}
    if c.sch == "category":
        return {"order": {"id": f"ORD-{rng.randint(100000, 999999)}", "billing": {"name": c.name, "city": "Leeds", "postcode": "LS1 4AP"},
                "shipping": {"name": c.name, "city": "York", "postcode": "YO1 7HH", "method": "standard"}, "account": {"created": c.date, "tier": "basic"},
                "technical": {"user_agent": "Mozilla/5.0", "ip": "198.51.100.23"}}, "message": {"subject": c.title, "body": c.body}}
    if c.sch == "sentiment":
        return {"message": {"subject": c.title, "body": c.body, "from": c.email}, "attachments_scan": {"positive": 0, "negative": 3, "neutral": 0, "engine": "clamav-1.3", "note": "counts of scanned attachments by verdict class (positive = malware found)"}}
    if c.sch == "size":
        return {"product": {"title": c.title, "description": c.body, "images": {"S": f"https://cdn.{c.dom}/img/{c.num}_s.jpg", "M": f"https://cdn.{c.dom}/img/{c.num}_m.jpg",
                "L": f"https://cdn.{c.dom}/img/{c.num}_l.jpg", "XL": f"https://cdn.{c.dom}/img/{c.num}_xl.jpg"}}}
    if c.sch == "team":
        return {"contact": {"name": c.name, "mobile": "+44 7700 900" + str(rng.randint(100, 999)), "identity": {"verified_via": "passport"}, "payments": {"method": "invoice"},
                "platform": "macOS 14.3"}, "request": {"subject": c.title, "body": c.body}}
    if c.sch == "rating":
        return {"review": {"title": c.title, "text": c.body}, "steps": {"1": "open box", "2": "attach legs", "3": "connect motor", "4": "calibrate", "5": "register warranty"}}
    if c.sch == "urgency":
        return {"ticket": {"subject": c.title, "body": c.body}, "maintenance": {"routine": {"next": "2024-06-01"}, "emergency": {"phone": "+44 20 7946 0000"}, "urgent": []}}
    if c.sch == "rag":
        return {"ticket": {"subject": c.title, "body": c.body}, "brand_palette": {"green": "#2E7D32", "amber": "#FFB300", "red": "#C62828"}}
    return {"ticket": {"subject": c.title, "body": c.body}, "ui_strings": {"yes": "Yes", "no": "No", "cancel": "Cancel"}}


def t_schema_enum(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    extra = rng.random() < 0.5
    labs = labels + (["Unknown"] if extra else [])
    style = rng.randint(0, 3)
    if style == 0:
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Ticket", "type": "object",
                  "properties": {"key": {"type": "string"}, c.field: {"type": ["integer", "null"] if c.sch == "rating" else ["string", "null"], "enum": ([*c.S["labels"]] + ([None])) if c.sch == "rating" else labs + [None]}}}
        return {"schema": schema, "instance": {"key": c.key, "summary": c.title, "description": c.body, c.field: None}}
    if style == 1:
        sdl = f"enum {CONST[c.sch][0]} {{\n" + "\n".join("  " + CONST[c.sch][1](l) for l in labels) + "\n}\n\ntype Ticket {\n  key: ID!\n  summary: String!\n  " + c.field + f": {CONST[c.sch][0]}\n}}\n"
        return {"graphql_schema": sdl, "data": {"ticket": {"key": c.key, "summary": c.title, "description": c.body}}}
    if style == 2:
        sql = f"CREATE TABLE tickets (\n  key text PRIMARY KEY,\n  summary text NOT NULL,\n  {c.field} text CHECK ({c.field} IN (" + ", ".join("'" + l + "'" for l in labs) + "))\n);"
        return {"ddl": sql, "row": {"key": c.key, "summary": c.title, "description": c.body}}
    ts = f"export type {CONST[c.sch][0]} = " + " | ".join(json.dumps(l) if c.sch != "rating" else l for l in labs) + ";"
    return f"// models/ticket.ts\n{ts}\n\n// ticket payload\n" + json.dumps({"key": c.key, "summary": c.title, "description": c.body}, indent=2)


CORR_SENSE = {
    "priority": (lambda l: CORR_CODES["priority"][l], ["Visitor parking is on level {code} of the Harbour Street car park.", "Meeting room {code}-04 (ground floor) is booked for the follow-up.",
                  "See paragraph {code} of the attached terms for the retention clause.", "Bring form {code} (proof of address) to the appointment."]),
    "rag": (lambda l: EMOJI["rag"][l][0], ["Presence legend in the footer: {code} marks the colour of the meeting-room calendar for the Harbour Street office.",
             "Calendar colour key: {code} = events imported from the old room-booking system."]),
    "sentiment": (lambda l: EMOJI["sentiment"][l][0], ["Tip from the help centre footer: you can paste {code} into the chat box to react to any message."]),
}


def t_corr_unrelated(c, rng):
    fn, phrases = CORR_SENSE[c.sch]
    code = fn(c.lab)
    p = rng.choice(phrases).format(code=code)
    style = rng.randint(0, 1)
    if style == 0:
        return {"ticket": {"key": c.key, "subject": c.title, "description": c.body}, "logistics_note": p}, [code]
    return {"calendar_event": {"summary": f"Follow-up on {c.key}", "description": f"{c.body}\n\n{p}", "start": f"{c.date}T10:00:00Z"}}, [code]


def t_other_records(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    others = []
    picks = rng.sample(labels, len(labels))
    for l in picks:
        others.append({"key": f"{c.key.split('-')[0]}-{rng.randint(1000, 98000)}", "summary": rng.choice(SCEN)[0], c.field: l if c.sch != "rating" else int(l),
                       "relation": rng.choice(["relates to", "same customer, earlier", "mentioned in"])})
    return {"ticket": {"key": c.key, "summary": c.title, "description": c.body, c.field: None}, "related": others}


NEAR = {
    "priority": {"High": ["Highlands office", "HighCharts licence", "Highbury depot"], "Low": ["Lowestoft warehouse", "Lowe's gift card", "Lowry Centre"], "Medium": ["Mediumship booking site", "Mediums_Report.xlsx"]},
    "sev": {"Sev1": ["Sev10 runbook draft", "Sev12", "Severn Bridge toll"], "Sev2": ["Sev20 test plan", "Sev2024-offsite"], "Sev3": ["Sev30-migration", "Sev3x3 grid"], "Sev4": ["Sev40 budget code", "Sev4x-pilot"]},
    "sS": {"S1": ["S10 sensor", "S11 form", "S1000D manual"], "S2": ["S20 lens", "S2Q pipeline"], "S3": ["S3Bucket policy", "S300 router"], "S4": ["S4Hana migration", "S40 battery"]},
    "size": {"S": ["SSO", "SKU-0001", "US"], "M": ["MFA", "MRI", "M4A"], "L": ["LTE", "LLC", "LXC"], "XL": ["XLSX", "XLR cable", "XLII"]},
    "category": {"Billing": ["Billingsgate office", "Billings (Montana) depot"], "Shipping": ["Shippingport site"], "Technical": ["Technicalities.pdf"], "Account": ["Accountancy Age subscription", "Accountants' directory"]},
    "team": {"Payments": ["Paymentsense terminal", "PaymentsAPI-v1 docs (deprecated)"], "Identity": ["IdentityServer4 sample"], "Platform": ["Platformer game jam"], "Mobile": ["Mobileye dashcam", "MobileNetV2 demo"]},
    "rag": {"Green": ["Greenwich office", "Greenland trip"], "Amber": ["Amberley Castle venue"], "Red": ["Reddit thread", "Redmond campus"]},
    "pcode": {"P0": ["P01 form", "P00-archive"], "P1": ["P10 form", "P11D"], "P2": ["P2P transfer", "P20 stand"], "P3": ["P30 form", "P3P header"]},
}


def t_near_miss(c, rng):
    toks = NEAR[c.sch][c.lab]
    ts = rng.sample(toks, min(2, len(toks)))
    note = f"Misc: customer mentioned {ts[0]}" + (f" and {ts[1]}" if len(ts) > 1 else "") + " while we were on the phone."
    return {"conversation": [{"from": c.email, "text": c.body}, {"from": c.agent_email, "text": note}], "subject": c.title, "id": c.key}


def t_numeric(c, rng):
    n = c.lab[-1] if c.sch in ("sev", "sS", "pcode") else c.lab
    noise = [f"Firmware {n}.{rng.randint(0, 9)}.{rng.randint(0, 20)}", f"page {n} of {int(n) + rng.randint(1, 3)}", f"{n} items in basket", f"retry attempt {n}",
             f"Step {n}: attach the feet", f"building {n}, floor {rng.randint(1, 9)}", f"HTTP/{rng.choice(['1.1', '2'])} 200", f"qty={n}"]
    rng.shuffle(noise)
    return {"record": {"id": c.key, "title": c.title, "text": c.body}, "meta": noise[:rng.randint(3, 6)], "version": f"v{n}", "shard": int(n)}


def t_empty(c, rng):
    v = rng.choice([None, "", "[REDACTED]", "—", "<not set>", "TBD", "pending triage", "N/A"])
    style = rng.randint(0, 2)
    if style == 0:
        return {"key": c.key, "summary": c.title, "description": c.body, c.field: v, "comments": c.comments}
    if style == 1:
        return f"Ticket: {c.key}\nSummary: {c.title}\n{c.disp}: {v if v else ''}\n\n{c.body}\n"
    return {"fields": [{"name": "Summary", "value": c.title}, {"name": c.disp, "value": v}, {"name": "Description", "value": c.body}]}


def t_instruction(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    extra = rng.choice(["", " If you cannot decide, answer Unknown.", " Answer Unsure when information is missing."])
    opts = ", ".join(labels[:-1]) + " or " + labels[-1]
    tool = {"name": f"set_{c.S['target']}", "description": f"Record the {c.S['target']} of the ticket. Must be one of: {opts}.{extra}",
            "parameters": {"type": "object", "properties": {"value": {"type": "string", "description": f"one of {labels}"}}}}
    return {"tools": [tool], "ticket": {"key": c.key, "summary": c.title, "description": c.body}, "instructions": f"Read the ticket and decide the {c.S['target']} ({' / '.join(labels)})."}


CSS = {
    "size": {"S": '<div class="spinner spinner-s">', "M": '<span class="badge badge-M">beta</span>', "L": '<img class="avatar avatar-L" src="/a.png">', "XL": '<div class="modal-dialog modal-xl">'},
    "rag": {"Green": '<nav class="bg-green-700 text-white">', "Amber": '<div class="border-amber-400 rounded">', "Red": '<a class="text-red-600 underline" href="/logout">Log out</a>'},
    "priority": {"High": '<body class="theme-contrast-high">', "Medium": '<h2 class="font-medium text-lg">Details</h2>', "Low": '<footer class="opacity-low">'},
    "sentiment": {"positive": '<button class="spectrum-Button--positive">Save draft</button>', "negative": '<button class="spectrum-Button--negative">Delete draft</button>',
                  "neutral": '<div class="callout callout-neutral">Tip: press / to search</div>'},
    "rating": {1: '<ul class="mt-1 p-2">', 2: '<div class="gap-2 grid">', 3: '<section class="py-3 px-4">', 4: '<div class="p-4 m-4">', 5: '<ol class="space-y-5">'},
}


def t_css(c, rng):
    frag = CSS[c.sch][c.label]
    html = f"""<!doctype html><html><head><title>{c.key}</title></head>
<body>
{frag}
<main class="container"><h1>{c.title}</h1><p>{c.body}</p>
<ul class="comments">{''.join('<li>' + x + '</li>' for x in c.comments)}</ul></main>
</body></html>"""
    return html


TRAP_FAMS = [
    ("everyday_word_senses", t_everyday, list(SENSES), "Label words used in ordinary English senses (High Street, neutral colours, by all accounts, emergency exit) in comments or a P.S., unrelated to the asked field."),
    ("label_words_as_keys", t_keys, ["priority", "risk", "category", "sentiment", "size", "team", "rating", "urgency", "rag", "decision"], "Structured data whose keys happen to be label words (stock/weather high/low, billing/shipping addresses, image renditions S/M/L/XL, numbered steps)."),
    ("schema_enum_definition", t_schema_enum, ALL, "JSON Schema / GraphQL enum / SQL CHECK / TypeScript union listing every label (sometimes plus Unknown) next to a record whose field is empty."),
    ("correlated_value_other_sense", t_corr_unrelated, list(CORR_SENSE), "An owner-known correlated value (P1/P2/P3, 🔴/🟡/🟢, 👍/👎) appears in an unrelated sense (car-park level, meeting-room or form number, calendar colour key, help-centre emoji tip); listed in correlated_values."),
    ("other_records_labels", t_other_records, ALL, "Related tickets each carry their own label (covering all labels), while the target ticket's own field is null."),
    ("near_miss_tokens", t_near_miss, list(NEAR), "Tokens that contain a label as a prefix/substring but are different words or codes (Sev10, S1000D, XLSX, Highlands, Billingsgate, P2P)."),
    ("numeric_noise", t_numeric, ["rating", "sev", "sS"], "Records full of numbers equal to the label's digit in other roles (firmware version, page n of m, qty, retry attempt, shard)."),
    ("empty_or_redacted_field", t_empty, ALL, "The target field is present but null, empty, [REDACTED], —, TBD or 'pending triage'."),
    ("instruction_options_list", t_instruction, ALL, "Tool definition / instructions listing all permitted labels (sometimes with Unknown/Unsure) next to an unlabeled ticket."),
    ("css_utility_classes", t_css, list(CSS), "HTML whose CSS framework class names contain label tokens (modal-xl, text-red-600, font-medium, spectrum-Button--negative, p-4) on unrelated UI elements."),
]


def main():
    items = []
    for fi, (fam, fn, schemes, _desc) in enumerate(LEAK_FAMS):
        for i in range(12):
            seed = f"b1|{fam}|{i}"
            r0 = random.Random(seed)
            sch = schemes[i % len(schemes)]
            label = r0.choice(SCHEMES[sch]["labels"])
            scn = pick_scn(r0, sch, i, fi)
            give_target = r0.random() < 0.5
            extra_corr = r0.random() < 0.3
            pair = []
            for leak in (True, False):
                rng = random.Random(seed + "|body")
                lr = random.Random(seed + "|leak")
                c = Ctx(rng, scn, sch, label)
                proj = fn(c, leak, lr)
                item = {"expected": label, "label_set": SCHEMES[sch]["labels"]}
                if give_target:
                    item["target"] = SCHEMES[sch]["target"]
                if fam == "sla_code_correlated":
                    item["correlated_values"] = [CORR_CODES[sch][str(label)]]
                elif fam == "emoji_triage_marker":
                    item["correlated_values"] = [EMOJI[sch][str(label)][0]]
                elif sch == "priority" and extra_corr:
                    item["correlated_values"] = [CORR_CODES["priority"][label]]
                item["projection"] = proj
                item["truth"] = {"leak": leak, "kind": "leak" if leak else "twin", "family": fam}
                pair.append(item)
            items.append(pair)
    for fi, (fam, fn, schemes, _desc) in enumerate(TRAP_FAMS):
        for i in range(12):
            seed = f"b1|{fam}|{i}"
            r0 = random.Random(seed)
            sch = schemes[i % len(schemes)]
            labs = SCHEMES[sch]["labels"]
            label = r0.choice(labs)
            if fam == "everyday_word_senses":
                label = r0.choice([l for l in labs if l in SENSES[sch]])
            scn = pick_scn(r0, sch, i, fi + 40)
            rng = random.Random(seed + "|body")
            c = Ctx(rng, scn, sch, label)
            out = fn(c, rng)
            corr = None
            if isinstance(out, tuple):
                out, corr = out
            item = {"expected": label, "label_set": labs}
            if r0.random() < 0.5:
                item["target"] = SCHEMES[sch]["target"]
            if corr:
                item["correlated_values"] = corr
            item["projection"] = out
            item["truth"] = {"leak": False, "kind": "trap", "family": fam}
            items.append([item])
    random.Random("b1-shuffle").shuffle(items)
    flat, n = [], 0
    for grp in items:
        ids = []
        for it in grp:
            n += 1
            ids.append(PREFIX + "%04d" % n)
        if len(grp) == 2:
            grp[1]["truth"]["twin_of"] = ids[0]
        for iid, it in zip(ids, grp):
            flat.append({"id": iid, **it})
    with open(OUT, "w", encoding="utf-8") as fh:
        for it in flat:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(len(flat), "items written to", OUT)


if __name__ == "__main__":
    main()
