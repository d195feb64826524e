#!/usr/bin/env python3
"""Blind leakage test data, batch 2. Deterministic (seeded). Standard library only."""
import base64, json, random, textwrap, os, hashlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items.jsonl")
PREFIX = "b2-"

SCHEMES = {
    "priority": dict(labels=["Low", "Medium", "High"], target="priority", field="priority", disp="Priority"),
    "sev": dict(labels=["Sev1", "Sev2", "Sev3", "Sev4"], target="severity", field="severity", disp="Severity"),
    "sS": dict(labels=["S1", "S2", "S3", "S4"], target="severity", field="severity", disp="Severity"),
    "sentiment": dict(labels=["positive", "negative", "neutral"], target="sentiment", field="sentiment", disp="Sentiment"),
    "size": dict(labels=["S", "M", "L", "XL"], target="size", field="estimate_size", disp="Size"),
    "rating": dict(labels=[1, 2, 3, 4, 5], target="rating", field="stars", disp="Stars"),
    "category": dict(labels=["Billing", "Shipping", "Technical", "Account"], target="category", field="category", disp="Category"),
    "decision": dict(labels=["Yes", "No"], target="decision", field="approve_exception", disp="Approve exception"),
    "urgency": dict(labels=["Routine", "Urgent", "Emergency"], target="urgency", field="urgency", disp="Urgency"),
    "risk": dict(labels=["Low", "Moderate", "Elevated", "Critical"], target="risk", field="risk_tier", disp="Risk tier"),
    "team": dict(labels=["Payments", "Identity", "Platform", "Mobile"], target="team", field="team", disp="Team"),
    "pcode": dict(labels=["P0", "P1", "P2", "P3"], target="priority", field="prio", disp="Prio"),
    "rag": dict(labels=["Green", "Amber", "Red"], target="status", field="health", disp="Health"),
}
MULTICHAR = ["priority", "sev", "sS", "sentiment", "category", "urgency", "risk", "team", "pcode", "rag", "decision"]
ALL = list(SCHEMES)

FIRST = ["Amara", "Bartosz", "Chiara", "Diego", "Elif", "Finn", "Gita", "Hugo", "Ifeoma", "Jakub", "Kaito", "Lena", "Marisol", "Noor",
         "Olu", "Paulina", "Quentin", "Rosa", "Sven", "Thandi", "Umar", "Valentina", "Wen", "Ximena"]
LAST = ["Achebe", "Nowak", "Bianchi", "Herrera", "Yilmaz", "O'Brien", "Shah", "Laurent", "Eze", "Dvorak", "Sato", "Fischer", "Ortega",
        "Karimi", "Adeyemi", "Zielinska", "Marchand", "Silva", "Berg", "Khumalo", "Qureshi", "Romano", "Zhou", "Castillo"]
ORGS = [("Blue Yonder Airlines", "blueyonder.example"), ("Trey Research", "treyresearch.example"), ("Relecloud", "relecloud.example"),
        ("Margie's Travel", "margiestravel.example"), ("VanArsdel Ltd", "vanarsdel.example"), ("First Up Consultants", "firstup.example"),
        ("Southridge Video", "southridgevideo.example"), ("Humongous Insurance", "humongousins.example"), ("Graphic Design Institute", "gdi.example"),
        ("School of Fine Art", "fineartschool.example"), ("Munson's Pickles", "munsons.example"), ("Consolidated Messenger", "consolidatedmsg.example")]

SCEN = [
 ("Card reader pairing drops after firmware update", "After updating the countertop card reader to firmware 2.8.1, it unpairs from the till tablet roughly every two hours. Re-pairing takes a minute. The shop has three readers and two are affected.", "T"),
 ("Password reset e-mail arrives in Spanish", "A user in Dublin receives password reset e-mails in Spanish. Their profile language is English. The user previously lived in Madrid.", "T"),
 ("Invoice numbering skipped a sequence", "The invoice sequence jumped from INV-2024-0412 to INV-2024-0414. No invoice 0413 exists in the ledger. The accountant asks for an explanation for the auditors.", "T"),
 ("Tracking page stuck on 'label created'", "Parcel ZX991204GB has shown 'label created' for four days. The sender says it was handed to the courier on Monday. The recipient is asking for an update.", "T"),
 ("Push notifications duplicated on iPad", "Users on iPadOS 17.4 receive each push notification twice. iPhone users are unaffected. Notification IDs in the payload are identical.", "T"),
 ("Kubernetes node pool upgrade plan", "The node pool runs 1.27 and needs to move to 1.29 before the provider's deprecation date. Two workloads use a deprecated API version. A maintenance window has not been agreed.", "T"),
 ("Vendor onboarding form asks for tax ID twice", "The supplier portal asks for the tax ID on step 2 and again on step 5. Suppliers are unsure whether both fields must match.", "T"),
 ("Resident asks about parking permit renewal", "A resident asks whether the parking permit renews automatically in June. Their permit number is PK-55120. They moved within the zone last year.", "T"),
 ("Student cannot see quiz feedback", "A student says the quiz feedback is hidden after submission. The teacher set feedback to show 'after due date', which has passed. Other students see it.", "T"),
 ("Loan calculator rounding", "The loan calculator shows a monthly repayment of 412.37 while the offer letter says 412.38. The difference appears on 36-month terms only.", "T"),
 ("Booking confirmation missing seat numbers", "The confirmation e-mail for booking 7HQ2LM lists passengers but not seat numbers. Seats show correctly in the app.", "T"),
 ("Thermostat schedule ignores daylight saving", "Since the clocks changed, the heating schedule runs an hour early. The hub shows the correct local time. Firmware is 5.2.", "T"),
 ("Lab results PDF has blank second page", "Downloaded lab result PDFs contain an empty second page. Printing from the portal does not show it. Reported by two clinics.", "T"),
 ("Photo upload rotates portrait images", "Portrait photos taken on some Android phones appear rotated by 90 degrees after upload. EXIF orientation is present in the originals.", "T"),
 ("Timesheet approval reminders sent at midnight", "Managers receive timesheet approval reminders at 00:00 local time. The setting says 09:00. The tenant is in Australia/Sydney.", "T"),
 ("Podcast feed shows old artwork", "The RSS feed still serves the previous episode artwork for new episodes. The new artwork is uploaded and visible in the dashboard.", "T"),
 ("Audit log export lacks IP column", "The audit log CSV export does not include the source IP column that appears in the UI. The compliance team needs it for a quarterly review.", "T"),
 ("Warehouse pick list sorts by SKU not location", "Pick lists are sorted by SKU instead of bin location since the last update. Pickers walk the aisles twice. The setting shows 'location'.", "T"),
 ("Insurance quote asks for vehicle colour", "The quote form requires vehicle colour, which customers find odd. Product asks whether it is used in pricing or can be optional.", "T"),
 ("Library card barcode not scanning", "Self-checkout machines fail to read barcodes on the new library cards. Staff can type the number manually. The old cards scan fine.", "T"),
 ("Message from unknown number about an order", "Customer says they got a text from an unknown number about an order they don't recognise. They did not include the text or the number.", "N"),
 ("Caller hung up before verification", "Inbound call disconnected during the security questions. The caller had given a first name only. No callback number was captured.", "N"),
 ("Reply to an old newsletter", "Someone replied to a newsletter from last year with a single line: 'please call me'. The sender address is a personal mailbox.", "N"),
 ("Fax received, partially unreadable", "A fax came in overnight. The header shows a sender ID but the body is mostly grey noise. One line mentions 'as discussed'.", "N"),
 ("Walk-in visitor left a note", "A visitor left a handwritten note at reception asking someone to get in touch. The note has a first name and a landline number.", "N"),
 ("Web form submitted with empty message", "The contact form was submitted with name and e-mail filled in and the message field empty. The form validation allowed it.", "N"),
 ("Out-of-office reply loop", "Our auto-acknowledgement and the customer's out-of-office reply bounced off each other six times before the loop breaker stopped it. No actual request was in the thread.", "N"),
 ("Customer wants written confirmation", "Customer asks for written confirmation of 'what we agreed on the phone'. There is no call record under their e-mail address.", "N"),
 ("Case reopened without comment", "A case closed last week was reopened by the requester without adding a comment. The previous resolution note is short.", "N"),
 ("Social media mention with no details", "A post tagged our handle with 'can someone from your team DM me?'. No further detail was given publicly.", "N"),
 ("Voice message in another language", "A voice message was left in what sounds like Portuguese. Automatic transcription failed. A callback number is included.", "N"),
 ("Request to update preferred name", "Customer asks to be addressed by a different preferred name in correspondence. They have not said which records should change.", "N"),
 ("Feedback on the new help centre", "The new help centre search finds articles faster. Some older articles I used to bookmark have moved and the links no longer work.", "M"),
 ("Comment on the delivery experience", "The courier arrived within the window and rang twice. The parcel was left with a neighbour, which I had not selected as an option.", "M"),
 ("Review: wireless earbuds", "Battery lasts through a working day. The case is a bit bulky for a jeans pocket. Pairing with my laptop took two attempts.", "M"),
 ("Review: cookbook", "Recipes are clearly laid out and the photos help. Several ingredients were hard to find locally. The index could be more detailed.", "M"),
 ("Survey free-text: renewal", "We renewed because the migration cost would be significant. The roadmap session was informative. Invoices now come from a different entity.", "M"),
 ("Workshop feedback form", "The morning session ran over time and the afternoon felt rushed. The hands-on exercises were relevant to our work. Catering was as expected.", "M"),
 ("Review: trail running shoes", "Grip on wet rock is decent. They ran about half a size small compared to my previous pair. The laces come undone unless double-knotted.", "M"),
 ("App review after redesign", "The redesign moved the search bar to the bottom. I got used to it after a few days. Dark mode colours are different from before.", "M"),
 ("Add CSV import for contacts", "Sales wants to import contacts from CSV instead of entering them manually. Deduplication rules need to be decided. About 4,000 contacts in the first file.", "T"),
 ("Replace in-house feature-flag library", "Evaluate replacing the in-house flag library with the open-source one used by the data team. About 120 flags exist, 30 of them stale.", "T"),
 ("Localise checkout for Polish market", "Checkout needs Polish translations and local payment method ordering. Copy is ready; legal text is under review.", "T"),
 ("Split monolith reporting module", "Move the reporting module into its own service behind the existing API. Shared database tables need an ownership decision.", "T"),
 ("Accessibility audit findings for forms", "External audit flagged missing labels on 14 form fields and low-contrast helper text. Fixes are mostly markup changes.", "T"),
 ("Archive old object-storage buckets", "Storage has 40 buckets from discontinued pilots. Owners need to confirm before deletion. Some buckets have lifecycle rules.", "T"),
]
NEUTRAL_IDX = [i for i, s in enumerate(SCEN) if s[2] == "N"]
MIXED_IDX = [i for i, s in enumerate(SCEN) if s[2] in ("M", "N")]

NEUTRAL_COMMENTS = [
    "Acknowledged, looking into it.",
    "Requested a screenshot from the requester.",
    "Copied the relevant order details into the case.",
    "Requester prefers e-mail over phone.",
    "Moved from the shared mailbox.",
    "Checked the status page; nothing posted for this period.",
    "Left a voicemail for the requester.",
    "Attached the device model list the requester sent.",
]

LOG_LINES = [
    "{ts} level=info svc=gateway route=/v1/cases method=GET code=200 took={d}ms trace={rid}",
    "{ts} level=debug svc=gateway msg=\"cache miss\" key=case:{rid}",
    "{ts} level=info svc=worker msg=\"job finished\" job=sync-contacts took={d}ms trace={rid}",
    "{ts} level=warn svc=worker msg=\"slow query\" took={d}ms trace={rid}",
    "{ts} level=info svc=gateway route=/v1/auth/refresh method=POST code=204 took={d}ms trace={rid}",
]


def long_blob(rng, n):
    out = []
    for k in range(n):
        ts = "2024-04-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        out.append(rng.choice(LOG_LINES).format(ts=ts, rid=hashlib.sha1(str(rng.random()).encode()).hexdigest()[:16], d=rng.randint(3, 1900)))
    return "\n".join(out)


class Ctx:
    def __init__(self, rng, scn_idx, sch, label):
        self.rng = rng
        self.title, self.body, self.tag = SCEN[scn_idx]
        self.sch = sch
        self.S = SCHEMES[sch]
        self.label = label
        self.lab = str(label)
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        self.name = f"{fn} {ln}"
        self.org, self.dom = rng.choice(ORGS)
        self.email = f"{fn.lower()}.{ln.lower().replace(chr(39), '')}@{self.dom}"
        an, al = rng.choice(FIRST), rng.choice(LAST)
        self.agent = f"{an} {al}"
        self.agent_email = f"{an.lower()}@helpdesk.example.net"
        self.num = rng.randint(1000, 98000)
        self.key = rng.choice(["CASE", "INC", "TKT", "REQ", "ISS", "DESK"]) + "-" + str(self.num)
        self.date = f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        self.time = f"{rng.randint(6, 19):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
        self.comments = rng.sample(NEUTRAL_COMMENTS, rng.randint(1, 3))
        self.long = rng.random() < 0.3
        self.blob = long_blob(rng, rng.randint(25, 70)) if self.long else ""
        self.field = self.S["field"]
        self.disp = self.S["disp"]
        self.tgt = self.S["target"]


def pick_scn(sch, i, fam_off):
    if sch in ("category", "team", "sentiment", "rating", "decision"):
        pool = NEUTRAL_IDX if sch in ("category", "team", "decision") else MIXED_IDX
        return pool[(i * 5 + fam_off) % len(pool)]
    return (i * 7 + fam_off * 3) % len(SCEN)


# ------------------------------------------------------------------ LEAK FAMILIES
NUMWORD = ["zero", "one", "two", "three", "four", "five"]
ROMAN = ["0", "I", "II", "III", "IV", "V"]


def spoken(c, r):
    n = int(c.lab[-1])
    if c.sch == "sev":
        return r.choice([f"severity {NUMWORD[n]}", f"SEV-{ROMAN[n]}", f"Severity Level {ROMAN[n]}", f"a sev {NUMWORD[n]}"])
    if c.sch == "sS":
        return r.choice([f"S-{ROMAN[n]}", f"severity class {ROMAN[n]}", f"an S-{NUMWORD[n]}"])
    if c.sch == "pcode":
        if n == 0:
            return r.choice(["P-zero", "priority zero"])
        return r.choice([f"P-{NUMWORD[n]}", f"priority {NUMWORD[n]}", f"P-{ROMAN[n]}"])
    return r.choice([f"{NUMWORD[n]} out of five", f"{ROMAN[n]}/V", f"{NUMWORD[n]} stars"])


def f_number_words(c, leak, lr):
    rng = c.rng
    phr = spoken(c, lr)
    style = rng.randint(0, 2)
    if c.sch == "rating":
        sent = lr.choice([f"In the follow-up call the reviewer said they would give it {phr}.", f"Reviewer's score when asked on the phone: {phr}."])
    else:
        sent = lr.choice([f"We declared this {phr} at {c.time[:5]} UTC.", f"IC note: treating {c.key} as {phr} until further notice.", f"Bridge opened; classification is {phr}."])
    if style == 0:
        lines = [f"[{c.time[:5]}] {c.agent}: joining the bridge for {c.key}", f"[{c.time[:5]}] {c.name}: {c.body}"]
        lines += [f"[{c.time[:5]}] {c.agent}: {cm}" for cm in c.comments]
        if leak:
            lines.insert(lr.randint(1, len(lines)), f"[{c.time[:5]}] {c.agent}: {sent}")
        return {"transcript": "\n".join(lines), "meeting": {"title": f"{c.key} bridge", "date": c.date}}
    if style == 1:
        doc = f"# Notes — {c.title}\n\n**Ticket:** {c.key}  \n**Reporter:** {c.name}\n\n## Summary\n{c.body}\n\n## Timeline\n" + "\n".join(f"- {c.date} {cm}" for cm in c.comments)
        if leak:
            doc += f"\n- {c.date} {sent}"
        doc += "\n\n## Follow-ups\n- [ ] confirm with requester\n"
        if c.long:
            doc += "\n## Raw log\n```\n" + c.blob + "\n```\n"
        return doc
    return {"call": {"id": f"CALL-{c.num}", "direction": "inbound", "caller": c.email, "summary_text": c.body + ((" " + sent) if leak else ""), "duration_s": 300 + c.num % 900}}


def qp_line(s):
    out = []
    for ch in s:
        b = ch.encode("utf-8")
        if ch == "=" or len(b) > 1:
            out.append("".join("=%02X" % x for x in b))
        else:
            out.append(ch)
    return "".join(out)


def qp_wrap(enc, force_inside=None):
    lines, cur = [], ""
    i = 0
    toks = []
    # split into atomic units so that =XX escapes are not broken
    while i < len(enc):
        if enc[i] == "=":
            toks.append(enc[i:i + 3]); i += 3
        else:
            toks.append(enc[i]); i += 1
    pos = 0
    for t in toks:
        if force_inside is not None and pos == force_inside:
            lines.append(cur + "="); cur = ""
        elif len(cur) + len(t) > 75:
            lines.append(cur + "="); cur = ""
        cur += t
        pos += len(t)
    lines.append(cur)
    return lines


def f_qp_softbreak(c, leak, lr):
    rng = c.rng
    paras = [f"Hello {c.agent.split()[0]},", c.body, "Best wishes,", f"{c.name} — {c.org}"]
    sent = lr.choice([f"Agreed on the call: {c.tgt}={c.lab} for {c.key}.", f"Result of today's review — {c.disp.lower()}: {c.lab} (confirmed by both sides).", f"Please record {c.lab} as the {c.tgt} — that's what we settled on."])
    if leak:
        paras.insert(2, sent)
    body_lines = []
    for p in paras:
        enc = qp_line(p)
        if leak and p == sent:
            raw_idx = p.index(c.lab)
            enc_idx = len(qp_line(p[:raw_idx])) + max(1, len(c.lab) // 2)
            body_lines += qp_wrap(enc, force_inside=enc_idx)
        else:
            body_lines += qp_wrap(enc)
        body_lines.append("")
    hdr = [f"Delivered-To: support@helpdesk.example.net", f"Received: by 2002:a05:6a10:{rng.randint(1000,9999):x}::{rng.randint(10,99)} with SMTP id {hashlib.md5(c.key.encode()).hexdigest()[:8]};",
           f"        {c.date} {c.time} -0700 (PDT)", f"From: \"{c.name}\" <{c.email}>", "To: support@helpdesk.example.net", f"Subject: {c.key}: {c.title}",
           f"Date: {c.date} {c.time} +0000", f"Message-ID: <CA+{hashlib.sha1(c.key.encode()).hexdigest()[:20]}@mail.{c.dom}>", "MIME-Version: 1.0",
           "Content-Type: text/plain; charset=\"UTF-8\"", "Content-Transfer-Encoding: quoted-printable", ""]
    return "\r\n".join(hdr + body_lines)


def pct_all(s):
    return "".join("%%%02X" % b for b in s.encode())


def f_url_percent(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 2)
    ents = []
    t0 = f"{c.date}T{c.time}"
    ents.append({"startedDateTime": t0 + ".112Z", "request": {"method": "GET", "url": f"https://helpdesk.example.net/api/cases/{c.key}?expand=comments"}, "response": {"status": 200}})
    if style == 0:
        val = pct_all(c.lab)
        post = f"case={c.key}&field={c.field}&value={val}&source=triage-ui" if leak else f"case={c.key}&field=watchers&value=%2B{c.agent.split()[0].lower()}&source=triage-ui"
        ents.append({"startedDateTime": t0 + ".870Z", "request": {"method": "POST", "url": "https://helpdesk.example.net/api/cases/update",
                     "postData": {"mimeType": "application/x-www-form-urlencoded", "text": post}}, "response": {"status": 204}})
    elif style == 1:
        inner = f"/cases/{c.key}?set={c.field}:{c.lab}" if leak else f"/cases/{c.key}?tab=history"
        enc1 = inner.replace("/", "%2F").replace("?", "%3F").replace(":", "%3A").replace("=", "%3D")
        enc2 = enc1.replace("%", "%25")
        ents.append({"startedDateTime": t0 + ".903Z", "request": {"method": "GET", "url": f"https://sso.helpdesk.example.net/login?next={enc2}"}, "response": {"status": 302}})
    else:
        q = json.dumps({"case": c.key, c.field: c.label} if leak else {"case": c.key}).replace(" ", "")
        enc = "".join(ch if ch.isalnum() or ch in "-_.~" else "%%%02X" % ord(ch) for ch in q)
        ents.append({"startedDateTime": t0 + ".455Z", "request": {"method": "GET", "url": f"https://helpdesk.example.net/internal/webhook-replay?payload={enc}"}, "response": {"status": 200}})
    ents.append({"startedDateTime": t0 + ".990Z", "request": {"method": "GET", "url": "https://helpdesk.example.net/static/app.9f2c1.js"}, "response": {"status": 304}})
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "har": {"log": {"version": "1.2", "creator": {"name": "Chrome", "version": "123"}, "entries": ents}}}


def hexdump(b):
    out = []
    for off in range(0, len(b), 16):
        chunk = b[off:off + 16]
        hx = " ".join("%02x%02x" % (chunk[i], chunk[i + 1]) if i + 1 < len(chunk) else "%02x" % chunk[i] for i in range(0, len(chunk), 2))
        asc = "".join(chr(x) if 32 <= x < 127 else "." for x in chunk)
        out.append("%08x: %-39s  %s" % (off, hx, asc))
    return out


def f_hex_dump(c, leak, lr):
    rng = c.rng
    payload = {"event": "case.classified" if leak else "case.viewed", "case": c.key, "actor": "svc-triage"}
    if leak:
        payload[c.field] = c.label
    raw = json.dumps(payload, separators=(",", ":")).encode()
    style = rng.randint(0, 1)
    if style == 0:
        line = f"{c.date}T{c.time}Z level=debug svc=event-bus msg=\"publish\" topic=cases bytes={len(raw)} payload_hex={raw.hex()}"
        logs = (c.blob + "\n" if c.long else "") + line
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "logs": logs}
    # xxd style, but ASCII column stripped (only hex words kept) to look like a captured frame
    dump = "\n".join(l[:49].rstrip() for l in hexdump(raw))
    return f"Case {c.key} — {c.title}\n{c.body}\n\n--- captured frame (kafka record value) ---\n{dump}\n"


def uesc(s):
    return "".join("\\u%04x" % ord(ch) for ch in s)


def f_json_unicode(c, leak, lr):
    rng = c.rng
    parts = [f'"case_id":"{c.key}"', f'"channel":"{rng.choice(["email", "web", "chat"])}"', f'"received":"{c.date}T{c.time}Z"']
    if leak:
        k = lr.choice(["full", "value"])
        v = uesc(c.lab) if c.sch != "rating" else uesc(c.lab)
        if c.sch == "rating":
            parts.insert(lr.randint(1, len(parts)), f'"{c.field}":"{v}"')
        else:
            parts.insert(lr.randint(1, len(parts)), f'"{uesc(c.field) if k == "full" else c.field}":"{v}"')
    raw = "{" + ",".join(parts) + "}"
    return {"id": c.key, "subject": c.title, "description": c.body, "integration": {"source": "legacy-crm", "raw_event": raw}, "comments": c.comments}


HOMO = {"A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "I": "І", "K": "К", "M": "М", "O": "О", "P": "Р", "S": "Ѕ", "T": "Т", "X": "Х", "Y": "Ү",
        "a": "а", "c": "с", "e": "е", "i": "і", "o": "о", "p": "р", "s": "ѕ", "x": "х", "y": "у"}


def disguise(s, mode):
    if mode == 0:  # cyrillic lookalikes where possible
        out, done = [], False
        for ch in s:
            if ch in HOMO and (not done or ch.isupper()):
                out.append(HOMO[ch]); done = True
            else:
                out.append(ch)
        return "".join(out) if done else "".join(chr(ord(ch) + 0xFEE0) if 33 <= ord(ch) <= 126 else ch for ch in s)
    if mode == 1:  # fullwidth
        return "".join(chr(ord(ch) + 0xFEE0) if 33 <= ord(ch) <= 126 else ch for ch in s)
    # mathematical sans-serif bold
    out = []
    for ch in s:
        if "A" <= ch <= "Z":
            out.append(chr(0x1D5D4 + ord(ch) - 65))
        elif "a" <= ch <= "z":
            out.append(chr(0x1D5EE + ord(ch) - 97))
        elif "0" <= ch <= "9":
            out.append(chr(0x1D7EC + ord(ch) - 48))
        else:
            out.append(ch)
    return "".join(out)


def f_homoglyph(c, leak, lr):
    rng = c.rng
    mode = rng.randint(0, 2)
    d = disguise(c.lab, mode)
    msgs = [{"sender": c.name, "text": c.body, "sent": f"{c.date}T{c.time}Z"}] + [{"sender": c.agent, "text": cm, "sent": f"{c.date}T{c.time}Z"} for cm in c.comments]
    if leak:
        msgs.insert(lr.randint(1, len(msgs)), {"sender": c.agent, "text": lr.choice([f"{c.disp}: {d}", f"pasting from the review doc → {c.tgt} {d}", f"✅ set to {d}"]), "sent": f"{c.date}T{c.time}Z"})
    return {"conversation_id": f"conv_{hashlib.md5(c.key.encode()).hexdigest()[:10]}", "subject": c.title, "messages": msgs}


def adf_text(t, marks=None):
    n = {"type": "text", "text": t}
    if marks:
        n["marks"] = marks
    return n


def f_adf_split(c, leak, lr):
    rng = c.rng
    content = [{"type": "paragraph", "content": [adf_text(c.body)]}]
    style = rng.randint(0, 2)
    if leak:
        l = c.lab
        if style == 0 and len(l) > 1:
            k = lr.randint(1, len(l) - 1)
            para = {"type": "paragraph", "content": [adf_text(f"Agreed {c.tgt}: "), adf_text(l[:k], [{"type": "strong"}]), adf_text(l[k:], [{"type": "strong"}, {"type": "em"}]), adf_text(" (per sync)")]}
        elif style == 1:
            para = {"type": "paragraph", "content": [adf_text(f"{c.disp} "), {"type": "status", "attrs": {"text": l.upper(), "color": lr.choice(["red", "yellow", "blue", "neutral", "purple"]), "localId": hashlib.md5(c.key.encode()).hexdigest()[:8]}}]}
        else:
            cells = [{"type": "tableRow", "content": [{"type": "tableHeader", "content": [{"type": "paragraph", "content": [adf_text("Field")]}]},
                                                      {"type": "tableHeader", "content": [{"type": "paragraph", "content": [adf_text("Value")]}]}]},
                     {"type": "tableRow", "content": [{"type": "tableCell", "content": [{"type": "paragraph", "content": [adf_text(c.disp)]}]},
                                                      {"type": "tableCell", "content": [{"type": "paragraph", "content": [adf_text(ch) for ch in l] if len(l) > 1 else [adf_text(l)]}]}]}]
            para = {"type": "table", "attrs": {"isNumberColumnEnabled": False, "layout": "default"}, "content": cells}
        content.insert(lr.randint(1, len(content)), para)
    content.append({"type": "bulletList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [adf_text(cm)]}]} for cm in c.comments]})
    if c.long:
        content.append({"type": "codeBlock", "attrs": {"language": "text"}, "content": [adf_text(c.blob)]})
    return {"key": c.key, "fields": {"summary": c.title, "description": {"version": 1, "type": "doc", "content": content}}}


def f_changelog(c, leak, lr):
    rng = c.rng
    prev = [str(x) for x in c.S["labels"] if str(x) != c.lab]
    style = rng.randint(0, 2)
    if style == 0:
        hist = [{"id": str(c.num * 3), "author": {"displayName": c.agent}, "created": f"{c.date}T{c.time}.000+0000",
                 "items": [{"field": "status", "fieldtype": "jira", "from": "1", "fromString": "Open", "to": "3", "toString": "In Progress"}]},
                {"id": str(c.num * 3 + 1), "author": {"displayName": "Automation for Jira"}, "created": f"{c.date}T{c.time}.500+0000",
                 "items": [{"field": "assignee", "fieldtype": "jira", "from": None, "fromString": None, "to": "5f0c", "toString": c.agent}]}]
        if leak:
            hist[1]["items"].append({"field": c.tgt, "fieldtype": "custom", "from": None, "fromString": lr.choice([None, lr.choice(prev)]), "to": None, "toString": c.lab})
        return {"key": c.key, "fields": {"summary": c.title, "description": c.body}, "changelog": {"startAt": 0, "maxResults": 100, "total": len(hist), "histories": hist}}
    if style == 1:
        events = [{"id": c.num * 10 + 1, "type": "Comment", "body": c.comments[0], "public": False},
                  {"id": c.num * 10 + 2, "type": "Change", "field_name": "status", "value": "open", "previous_value": "new"}]
        if leak:
            events.append({"id": c.num * 10 + 3, "type": "Change", "field_name": c.field, "value": c.lab.lower() if c.sch not in ("sS", "sev", "pcode", "size") else c.lab, "previous_value": lr.choice([None, lr.choice(prev)])})
        return {"ticket": {"id": c.num, "subject": c.title, "description": c.body}, "audits": [{"id": c.num * 7, "created_at": f"{c.date}T{c.time}Z", "author_id": 99120, "events": events}]}
    rows = [{"tablename": "incident", "documentkey": hashlib.md5(c.key.encode()).hexdigest(), "fieldname": "work_notes", "oldvalue": "", "newvalue": c.comments[0], "user": "triage.bot", "sys_created_on": f"{c.date} {c.time}"}]
    if leak:
        rows.append({"tablename": "incident", "documentkey": hashlib.md5(c.key.encode()).hexdigest(), "fieldname": "u_" + c.field, "oldvalue": lr.choice(["", lr.choice(prev)]), "newvalue": c.lab, "user": "triage.bot", "sys_created_on": f"{c.date} {c.time}"})
    return {"incident": {"number": c.key, "short_description": c.title, "description": c.body}, "sys_audit": rows}


CORR2 = {
    "priority": {"High": "P1", "Medium": "P2", "Low": "P3"},
    "team": {"Payments": "AG7731", "Identity": "AG2290", "Platform": "AG1046", "Mobile": "AG5518"},
    "category": {"Billing": "BLQ-204", "Shipping": "SHQ-311", "Technical": "TCQ-118", "Account": "ACQ-407"},
    "urgency": {"Emergency": "T15M", "Urgent": "T4H", "Routine": "T5D"},
}


def f_corr_compound(c, leak, lr):
    rng = c.rng
    code = CORR2[c.sch][c.lab]
    forms = {
        "priority": [f"sla-{code.lower()}-resp15m-v2", f"ESC_{code}_24x7", f"{code.lower()}-bridge@group.calendar.example"],
        "team": [f"/org/{code}/oncall", f"pd-svc-{code.lower()}-primary", f"grp:{code}:l2"],
        "category": [f"rr/{code}/v3", f"mailbox+{code.lower()}@helpdesk.example.net", f"rule_{code.replace('-', '_')}_inbound"],
        "urgency": [f"resp_{code}_business", f"sla/{code}/first-reply", f"timer-{code.lower()}-v1"],
    }[c.sch]
    neutral = {"priority": "sla-default-v2", "team": "/org/unrouted/oncall", "category": "rr/default/v3", "urgency": "resp_default_business"}[c.sch]
    key = {"priority": "sla_policy_ref", "team": "escalation_target", "category": "routing_rule", "urgency": "response_policy"}[c.sch]
    rec = {"case": {"key": c.key, "subject": c.title, "description": c.body, "requester": c.email, "created": f"{c.date}T{c.time}Z", "comments": c.comments},
           "automation": {key: lr.choice(forms) if leak else neutral, "last_run": f"{c.date}T{c.time}Z"}}
    if c.long:
        rec["case"]["diagnostics"] = c.blob
    return rec


def f_xlsx_shared(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    hdr = ["Case", "Opened", "Subject", c.disp]
    rows = []
    for k in range(rng.randint(3, 5)):
        rows.append([f"{c.key.split('-')[0]}-{rng.randint(1000, 98000)}", f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}", SCEN[rng.randrange(len(SCEN))][0], rng.choice(labels)])
    me = [c.key, c.date, c.title, c.lab if leak else None]
    pos = rng.randint(0, len(rows))
    rows.insert(pos, me)
    sst = []
    def si(s):
        if s not in sst:
            sst.append(s)
        return sst.index(s)
    for h in hdr:
        si(h)
    for l in labels:
        si(l)
    xml_rows = []
    cols = "ABCD"
    xml_rows.append(f'<row r="1">' + "".join(f'<c r="{cols[j]}1" t="s"><v>{si(h)}</v></c>' for j, h in enumerate(hdr)) + "</row>")
    for r_i, row in enumerate(rows, start=2):
        cells = []
        for j, v in enumerate(row):
            if v is None:
                continue
            cells.append(f'<c r="{cols[j]}{r_i}" t="s"><v>{si(v)}</v></c>')
        xml_rows.append(f'<row r="{r_i}">' + "".join(cells) + "</row>")
    sheet = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + "".join(xml_rows) + "</sheetData></worksheet>"
    sstxml = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{len(sst)}" uniqueCount="{len(sst)}">' + "".join(f"<si><t>{s}</t></si>" for s in sst) + "</sst>"
    return {"attachment": f"weekly_cases_{c.date}.xlsx", "unzipped": {"xl/sharedStrings.xml": sstxml, "xl/worksheets/sheet1.xml": sheet}, "question_case": c.key, "case_body": c.body}


def f_html_meta(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 2) if c.sch != "rating" else rng.choice([0, 1, 3])
    head_extra, art_attr, body_extra = "", "", ""
    if leak:
        if style == 0:
            head_extra = f'\n  <meta name="x-case-{c.field.replace("_", "-")}" content="{c.lab}">'
        elif style == 1:
            art_attr = f' data-{c.field.replace("_", "-")}="{c.lab}"'
        elif style == 2:
            body_extra = f'\n  <span itemprop="additionalProperty" itemscope itemtype="https://schema.org/PropertyValue"><meta itemprop="name" content="{c.tgt}"><meta itemprop="value" content="{c.lab}"></span>'
        else:
            body_extra = '\n<script type="application/ld+json">' + json.dumps({"@context": "https://schema.org", "@type": "Review", "author": {"@type": "Person", "name": c.name},
                                                                              "reviewRating": {"@type": "Rating", "ratingValue": str(c.label), "bestRating": "5"}}) + "</script>"
    return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">{head_extra}
  <title>{c.title} | {c.org} community</title>
</head>
<body>
<article class="post" id="post-{c.num}"{art_attr}>
  <h1>{c.title}</h1>
  <p class="byline">{c.name} · <time datetime="{c.date}">{c.date}</time></p>
  <div class="post-body"><p>{c.body}</p></div>{body_extra}
  <ol class="replies">{''.join('<li>' + cm + '</li>' for cm in c.comments)}</ol>
</article>
</body>
</html>"""


def f_sql(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 2)
    esc = lambda s: s.replace("'", "''")
    lines = [f"-- dump of case {c.key}", "BEGIN;", f"INSERT INTO cases (case_key, subject, body, requester, opened_at) VALUES ('{c.key}', '{esc(c.title)}', '{esc(c.body)}', '{c.email}', '{c.date} {c.time}');"]
    if style == 0:
        if leak:
            lines.append(f"INSERT INTO case_labels (case_key, label_type, label_value, source) VALUES ('{c.key}', '{c.tgt}', '{c.lab}', 'triage_v2');")
        lines.append(f"UPDATE cases SET updated_at = '{c.date} {c.time}' WHERE case_key = '{c.key}';")
    elif style == 1:
        sets = f"{c.field} = '{c.lab}', updated_at = now()" if leak else "updated_at = now()"
        lines.append(f"UPDATE cases SET {sets} WHERE case_key = '{c.key}';")
    else:
        lines.append(f"COPY public.case_attrs (case_key, attr, value) FROM stdin;")
        lines.append(f"{c.key}\tchannel\t{rng.choice(['email', 'web'])}")
        if leak:
            lines.append(f"{c.key}\t{c.field}\t{c.lab}")
        lines.append(f"{c.key}\tlocale\ten-GB")
        lines.append("\\.")
    lines.append("COMMIT;")
    return "\n".join(lines) + "\n"


def f_telemetry(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 2)
    if style == 0:
        extra = f',{c.tgt}="{c.lab.lower() if c.sch in ("priority", "risk", "urgency", "rag", "category", "team") else c.lab}"' if leak else ""
        text = (f"# HELP helpdesk_case_age_seconds Age of open cases.\n# TYPE helpdesk_case_age_seconds gauge\n"
                f'helpdesk_case_age_seconds{{case="{c.key}",channel="email"{extra}}} {rng.randint(600, 90000)}\n'
                f'helpdesk_case_age_seconds{{case="{c.key.split("-")[0]}-{rng.randint(1000, 98000)}",channel="web"}} {rng.randint(600, 90000)}\n'
                f"# HELP helpdesk_queue_depth Open cases in queue.\n# TYPE helpdesk_queue_depth gauge\nhelpdesk_queue_depth{{queue=\"default\"}} {rng.randint(5, 90)}\n")
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "metrics_scrape": text}
    if style == 1:
        attrs = [{"key": "case.key", "value": {"stringValue": c.key}}, {"key": "http.route", "value": {"stringValue": "/v1/cases/{key}/triage"}}]
        if leak:
            attrs.append({"key": f"triage.{c.tgt}", "value": {"stringValue": c.lab} if c.sch != "rating" else {"intValue": str(c.label)}})
        span = {"traceId": hashlib.md5(c.key.encode()).hexdigest(), "spanId": hashlib.md5(c.key.encode()).hexdigest()[:16], "name": "triage.apply", "kind": 2,
                "startTimeUnixNano": str(1712000000000000000 + c.num), "attributes": attrs, "status": {"code": 1}}
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "otlp": {"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}}
    line = f'ts={c.date}T{c.time}Z level=info svc=triage msg="applied" case={c.key}' + (f" {c.field}={c.lab}" if leak else "") + f" took={rng.randint(5, 300)}ms"
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "logs": (c.blob + "\n" if c.long else "") + line}


ABBR = {
    "priority": {"Low": "LO", "Medium": "MED", "High": "HI"},
    "sentiment": {"positive": "POS", "negative": "NEG", "neutral": "NEU"},
    "category": {"Billing": "BILL", "Shipping": "SHIP", "Technical": "TECH", "Account": "ACCT"},
    "urgency": {"Routine": "ROUT", "Urgent": "URG", "Emergency": "EMERG"},
    "risk": {"Low": "LO", "Moderate": "MOD", "Elevated": "ELEV", "Critical": "CRIT"},
    "team": {"Payments": "PAYMT", "Identity": "IDENT", "Platform": "PLATF", "Mobile": "MOB"},
    "rag": {"Green": "G", "Amber": "A", "Red": "R"},
    "size": {"S": "SML", "M": "MED", "L": "LRG", "XL": "XLG"},
}
ABBR_KEY = {"priority": "PRI", "sentiment": "SENT", "category": "CAT", "urgency": "URGCY", "risk": "RSK", "team": "TM", "rag": "RAG", "size": "SZ"}


def f_abbrev(c, leak, lr):
    rng = c.rng
    a = ABBR[c.sch][c.lab]
    k = ABBR_KEY[c.sch]
    style = rng.randint(0, 1)
    if style == 0:
        parts = [f"{c.key.replace('-', '')}", f"ORG={c.org.split()[0].upper()[:6]}", "CH=EML"]
        if leak:
            parts.insert(lr.randint(1, len(parts)), f"{k}={a}")
        sms = " ".join(parts) + f" \"{c.title[:40].upper()}\""
        return {"pager_message": sms, "case": {"key": c.key, "body": c.body}}
    # fixed-width mainframe-style report line
    hdr = "CASE-ID    OPENED     " + ("%-6s " % k) + "CH  SUBJECT"
    row = "%-10s %-10s %-6s %-3s %s" % (c.key.replace("-", ""), c.date, a if leak else "", "EML", c.title[:38].upper())
    return f"RPT-2217  DAILY CASE EXTRACT  {c.date}\n{hdr}\n{'-' * 72}\n{row}\n{'-' * 72}\nEND OF REPORT  RECORDS=00001\n\nFULL TEXT {c.key}:\n{c.body}\n"


def f_retrieval(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 1)
    chunks = [{"id": f"kb-{rng.randint(100, 999)}#c{j}", "score": round(0.5 + rng.random() * 0.3, 3), "text": t, "metadata": {"source": "kb", "updated": "2024-02-01"}}
              for j, t in enumerate(["How to request a callback from the support team.", "Opening hours and contact channels.", "Where to find your case reference."][:rng.randint(1, 3)])]
    own = {"id": f"cases/{c.key}#c0", "score": round(0.85 + rng.random() * 0.1, 3), "text": c.body,
           "metadata": {"source": "cases", "case_key": c.key, "ingested": f"{c.date}T{c.time}Z"}}
    if style == 0:
        if leak:
            own["metadata"]["weak_label"] = {"name": c.tgt, "value": c.label, "labeler": "snorkel-lf-v4"}
        chunks.insert(0, own)
        return {"query": c.title, "retrieved": chunks}
    hit = {"_index": "cases-2024", "_id": c.key, "_score": 11.4, "_source": {"subject": c.title, "body": c.body, "ingested": f"{c.date}T{c.time}Z"}}
    if leak:
        hit["_source"]["enrichment"] = {"predicted": c.label, "model": "case-tagger-2024-01"}
        hit["highlight"] = {"enrichment.predicted": [f"<em>{c.lab}</em>"]}
    return {"took": 7, "timed_out": False, "hits": {"total": {"value": 1, "relation": "eq"}, "max_score": 11.4, "hits": [hit]}}


def f_yaml_anchor(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    anchors = {l: ("lvl_" + hashlib.md5(l.encode()).hexdigest()[:4]) for l in labels}
    prof = "\n".join(f"  {anchors[l]}: &{anchors[l]}\n    {c.field}: {l if c.sch != 'rating' else int(l)}\n    notify: {rng.choice(['queue', 'email', 'pager'])}" for l in labels)
    merge = f"\n    <<: *{anchors[c.lab]}" if leak else ""
    y = f"""# generated by case-export {c.date}
profiles:
{prof}

cases:
  - key: {c.key}
    subject: "{c.title.replace('"', "'")}"
    requester: {c.email}
    opened: {c.date}T{c.time}Z{merge}
    body: |
{textwrap.indent(textwrap.fill(c.body, 80), '      ')}
"""
    return y


def f_csv_cryptic(c, leak, lr):
    rng = c.rng
    labels = [str(x) for x in c.S["labels"]]
    col = f"cf_{rng.randint(1000, 9999)}"
    sep = rng.choice([",", ";", "\t"])
    hdr = ["Ticket ID", "Created", "Subject", "Requester", "Grp", col, "Channel"]
    rows = []
    for k in range(rng.randint(3, 6)):
        rows.append([str(rng.randint(10000, 99999)), f"2024-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", SCEN[rng.randrange(len(SCEN))][0], f"user{rng.randint(1, 999)}@example.org",
                     rng.choice(["T1", "T2"]), rng.choice(labels), rng.choice(["Email", "Web"])])
    me = [str(c.num), c.date, c.title, c.email, "T1", c.lab if leak else "", "Email"]
    rows.insert(rng.randint(0, len(rows)), me)
    def q(v):
        return '"' + v.replace('"', '""') + '"' if (sep in v or '"' in v or " " in v) else v
    text = "\n".join(sep.join(q(v) for v in r) for r in [hdr] + rows) + "\n"
    return {"export": {"filename": f"tickets_export_{c.date}.csv", "content": text}, "ticket_in_question": {"id": c.num, "subject": c.title, "description": c.body}}


def f_partition_path(c, leak, lr):
    rng = c.rng
    style = rng.randint(0, 2)
    l = c.lab
    if style == 0:
        key = f"exports/cases/{c.field}={l}/dt={c.date}/{c.key}.json" if leak else f"exports/cases/dt={c.date}/{c.key}.json"
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "storage": {"bucket": "helpdesk-lake", "object_key": key, "size": rng.randint(900, 5000), "etag": hashlib.md5(key.encode()).hexdigest()}}
    if style == 1:
        slug = f"{c.field}-{l.lower()}"
        fn = f"{c.key}_{slug}_{c.date}.pdf" if leak else f"{c.key}_{c.date}.pdf"
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "attachments": [{"filename": fn, "content_type": "application/pdf", "size": rng.randint(20000, 400000)},
                                                                                        {"filename": "screenshot.png", "content_type": "image/png", "size": rng.randint(20000, 400000)}]}
    seg = l.lower() if len(l) > 1 else f"{c.field.replace('_', '-')}-{l.lower()}"
    br = f"fix/{c.key.lower()}-{seg}-{c.title.split()[0].lower()}" if leak else f"fix/{c.key.lower()}-{c.title.split()[0].lower()}"
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "linked_branches": [{"name": br, "repo": f"{c.dom.split('.')[0]}/app", "last_commit": hashlib.sha1(br.encode()).hexdigest()[:12]}]}


LEAK_FAMS = [
    ("number_words_roman", f_number_words, ["sev", "sS", "rating", "pcode"], "Numeric label written as a number word or Roman numeral (severity two, SEV-II, S-III, P-zero, four out of five, IV/V) in a bridge transcript, notes or call summary."),
    ("qp_soft_line_break", f_qp_softbreak, MULTICHAR, "Raw e-mail with Content-Transfer-Encoding: quoted-printable where a soft line break (=CRLF) falls inside the label and '=' is encoded as =3D."),
    ("url_percent_encoded", f_url_percent, ALL, "Label only inside a HAR request: fully percent-encoded form value, double-encoded SSO next= redirect, or URL-encoded JSON payload parameter."),
    ("hex_payload_dump", f_hex_dump, ALL, "Event-bus payload containing the label logged as a hex string (payload_hex=) or as an xxd-style hex frame without the ASCII column."),
    ("json_unicode_escaped_string", f_json_unicode, ALL, "A raw_event string holding serialized JSON whose label value (and sometimes key) is written entirely as \\uXXXX escapes."),
    ("homoglyph_or_fullwidth", f_homoglyph, ALL, "Label written with Cyrillic lookalike letters, fullwidth forms or mathematical sans-serif bold characters in a chat message."),
    ("adf_rich_text_split", f_adf_split, ALL, "Atlassian Document Format description where the label is split over text nodes with different marks, put in a status lozenge, or spelled one letter per node in a table cell."),
    ("changelog_history_event", f_changelog, ALL, "Field-change history (Jira changelog toString, Zendesk audit Change event, ServiceNow sys_audit newvalue) whose latest value is the label."),
    ("correlated_code_in_identifier", f_corr_compound, ["priority", "team", "category", "urgency"], "Owner-known correlated code embedded inside a compound identifier (sla-p1-resp15m-v2, pd-svc-ag7731-primary, rr/BLQ-204/v3); code listed in correlated_values."),
    ("xlsx_shared_string_index", f_xlsx_shared, ALL, "Unzipped XLSX parts: the ticket's row references the label only by its index into sharedStrings.xml, which lists every label."),
    ("html_hidden_metadata", f_html_meta, ALL, "Invisible HTML metadata carries the label: <meta> tag, data-* attribute, schema.org microdata PropertyValue or JSON-LD reviewRating."),
    ("sql_dump_statement", f_sql, ALL, "SQL dump where an INSERT into a label table, an UPDATE ... SET field = 'label' or a COPY FROM stdin row carries the label."),
    ("telemetry_label_pair", f_telemetry, ALL, "Observability data: a Prometheus series label, an OTLP span attribute or a logfmt key=value pair carries the label."),
    ("abbreviated_terse_code", f_abbrev, ["priority", "sentiment", "category", "urgency", "risk", "team", "rag", "size"], "Label abbreviated in a terse pager SMS or fixed-width mainframe report (PRI=MED, SENT=NEG, CAT=ACCT, RAG=A, SZ=XLG)."),
    ("retrieval_hit_metadata", f_retrieval, ALL, "RAG retrieval result or Elasticsearch hit for the same case carries a weak-supervision label or enrichment prediction (plus <em> highlight)."),
    ("yaml_anchor_merge", f_yaml_anchor, ALL, "YAML export defines all label profiles under opaque anchors; the case pulls one in via a '<<: *anchor' merge key."),
    ("csv_cryptic_column", f_csv_cryptic, ALL, "Multi-row CSV/TSV export where the label sits in the case's own row under an opaque column name (cf_NNNN)."),
    ("path_or_filename_segment", f_partition_path, ALL, "Label embedded as a Hive-style partition segment (field=value/), an attachment file-name slug or a git branch name."),
]

# ------------------------------------------------------------------ TRAP FAMILIES
GLOSS = {
    "priority": {"Low": "can wait for the next planned release", "Medium": "should be handled within the current sprint", "High": "needs attention within one business day"},
    "sev": {"Sev1": "complete outage of a customer-facing service", "Sev2": "major function degraded, workaround hard", "Sev3": "minor function affected, workaround exists", "Sev4": "cosmetic issue or question"},
    "sS": {"S1": "data loss or security exposure", "S2": "core workflow blocked", "S3": "partial degradation", "S4": "cosmetic"},
    "risk": {"Low": "no personal data involved", "Moderate": "limited personal data, internal only", "Elevated": "personal data shared with a processor", "Critical": "special-category data or large volumes"},
    "urgency": {"Routine": "next available appointment", "Urgent": "within 24 hours", "Emergency": "immediately, call the duty line"},
    "rag": {"Green": "on track", "Amber": "at risk, mitigation in place", "Red": "off track, needs escalation"},
    "size": {"S": "up to two days", "M": "about a week", "L": "two to three weeks", "XL": "needs to be split"},
    "pcode": {"P0": "drop everything", "P1": "this week", "P2": "this quarter", "P3": "backlog"},
}


def u_glossary(c, rng):
    g = GLOSS[c.sch]
    items = list(g.items())
    style = rng.randint(0, 1)
    if style == 0:
        wiki = f"h1. {c.disp} levels\n\n||Level||Meaning||\n" + "\n".join(f"|{k}|{v}|" for k, v in items) + "\n\nh2. Notes\nPick the level that matches the customer impact, not the customer's tone."
    else:
        wiki = f"## How we use {c.disp.lower()}\n\n" + "\n".join(f"- **{k}** — {v}." for k, v in items)
    return {"wiki_page": {"title": f"{c.disp} guide", "body": wiki}, "case": {"key": c.key, "subject": c.title, "body": c.body, c.field: None}}


def u_counts(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    counts = {l: rng.randint(0, 60) for l in labels}
    style = rng.randint(0, 2)
    if style == 0:
        dash = {"widget": f"Open cases by {c.tgt}", "series": [{"name": l, "value": counts[l]} for l in labels]}
    elif style == 1:
        dash = f"Open by {c.tgt}: " + " · ".join(f"{l} {counts[l]}" for l in labels)
    else:
        dash = "label,count\n" + "\n".join(f"{l},{counts[l]}" for l in labels)
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "team_dashboard": dash}


RULES = {
    "sev": lambda L: [f"If severity is {L[0]}, page the incident commander and open a bridge.", f"{L[1]} incidents get a status page post within 30 minutes.", f"{L[2]} and {L[3]} go to the normal queue."],
    "priority": lambda L: [f"When priority is {L[2]}, notify the account manager.", f"{L[1]} cases are reviewed at stand-up.", f"{L[0]} cases may be batched weekly."],
    "urgency": lambda L: [f"{L[2]}: call the duty line, do not e-mail.", f"{L[1]}: reply within four hours.", f"{L[0]}: standard queue."],
    "risk": lambda L: [f"A {L[3]} rating requires DPO sign-off.", f"{L[2]} needs a DPIA.", f"{L[0]} and {L[1]} can proceed with the standard checklist."],
    "team": lambda L: [f"Card and refund questions route to {L[0]}.", f"Login and MFA questions route to {L[1]}.", f"Infrastructure questions route to {L[2]}; app-store questions to {L[3]}."],
    "category": lambda L: [f"Invoices, refunds and VAT → {L[0]}.", f"Couriers, returns labels → {L[1]}.", f"Errors, integrations → {L[2]}.", f"Logins, profile changes → {L[3]}."],
}


def u_runbook(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    rules = RULES[c.sch](labels)
    rng.shuffle(rules)
    style = rng.randint(0, 1)
    rb = ("RUNBOOK: intake routing\n" + "\n".join(f"{i + 1}. {r}" for i, r in enumerate(rules))) if style == 0 else {"policy": "intake-routing", "rules": rules}
    return {"runbook": rb, "case": {"key": c.key, "subject": c.title, "body": c.body, "comments": c.comments}}


PROPER = {
    "priority": {"High": ["High Point, North Carolina", "the High Line in New York"], "Low": ["the Low Countries tour", "Low Moor station"], "Medium": ["a post on Medium (medium.com/@ops-notes)", "the Medium Format Society newsletter"]},
    "sentiment": {"positive": ["their Positive Grid amplifier", "the Positive Psychology Center course"], "negative": ["the Negative Space gallery", "the band Negative Approach"], "neutral": ["Neutral Milk Hotel tickets", "the Neutral Bay ferry wharf"]},
    "team": {"Mobile": ["the office in Mobile, Alabama", "Mobile Bay"], "Platform": ["Platform Expos (the conference)", "Platform 18 cafe"], "Identity": ["the film Identity (2003)"], "Payments": ["Payments Canada's annual summit"]},
    "urgency": {"Urgent": ["Urgent.ly roadside assistance"], "Emergency": ["the Emergency Medicine Journal subscription"], "Routine": ["Routine Baby, the album"]},
    "rag": {"Green": ["a Green Day concert", "Green Park tube station"], "Amber": ["Amber Valley council"], "Red": ["Red Hat training", "Red Bull racing merchandise"]},
    "risk": {"Critical": ["Critical Role (the web series)"], "Elevated": ["Elevated Coffee Roasters"], "Moderate": ["Moderate Party (Sweden) press office"], "Low": ["Low Fell, Gateshead"]},
    "decision": {"Yes": ["the band Yes"], "No": ["Dr. No on the TV guide", "the No Frills supermarket"]},
    "category": {"Account": ["Account Planning Group awards"], "Technical": ["Technical University of Munich"], "Shipping": ["Shipping Forecast (BBC Radio 4)"], "Billing": ["Billing Aquadrome caravan park"]},
}


def u_proper(c, rng):
    s = rng.choice(PROPER[c.sch][c.lab])
    note = rng.choice([f"Requester's signature mentions {s}.", f"Off-topic: the requester was travelling back from {s}.", f"Requester's out-of-office says they are at {s}."])
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "notes": c.comments + [note]}


UNITS = {
    "size": {"S": ["wind from the S at 12 knots", "grade S steel"], "M": ["M6 × 20 bolts", "size M.2 SSD slot"], "L": ["a 2.5 L engine", "an L-shaped desk"], "XL": ["Super Bowl XL memorabilia", "chapter XL of the manual"]},
    "sS": {"S1": ["a stethoscope training card about the S1 heart sound", "Honda S1 pilot jet"], "S2": ["the S2 cell library", "an S2 Geometry spatial-index library upgrade"], "S3": ["an S3 bucket export", "Galaxy S3 test phone"], "S4": ["an SAP S4 licence renewal quote", "Galaxy S4 handset"]},
    "pcode": {"P0": ["P0 register in the microcontroller", "paper size P0"], "P1": ["P1 port on the smart meter", "Pixel P1 prototype"], "P2": ["P2 visa category", "a P2 plasterboard grade"], "P3": ["P3 respirator masks", "colour space Display P3"]},
}


def u_units(c, rng):
    s = rng.choice(UNITS[c.sch][c.lab])
    style = rng.randint(0, 1)
    if style == 0:
        return {"case": {"key": c.key, "subject": c.title, "body": c.body + f" (Unrelated aside from the same requester: they also asked about {s}.)"}}
    return f"Case {c.key}\nSubject: {c.title}\n\n{c.body}\n\nUnrelated aside in the thread: {s}.\n"


def u_ranges(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    lo, hi = labels[0], labels[-1]
    s = rng.choice([f"Valid values range from {lo} to {hi}.", f"Scale: {lo}–{hi}.", f"Accepts {lo} through {hi} inclusive.", f"sort order: {hi} → {lo}"])
    return {"form_help": s, "case": {"key": c.key, "subject": c.title, "body": c.body, c.field: ""}}


JARGON = {
    "sentiment": {"positive": ["the false positive rate of the spam filter went down after the rule change", "the regex uses a positive lookahead"],
                  "negative": ["the test uses a negative lookbehind in the tokenizer", "negative caching of DNS answers is set to 300s"],
                  "neutral": ["the neutral wire in the kiosk socket was checked by facilities", "we use a neutral density filter in the camera rig"]},
    "priority": {"High": ["the queue reached its high-water mark during the import", "high-DPI screenshots were attached"], "Low": ["the audio uses a low-pass filter", "low-level disk format was not needed"],
                 "Medium": ["the medium access control address was whitelisted", "the storage medium is an SD card"]},
    "risk": {"Critical": ["the mutex protects a critical section in the sync worker"], "Elevated": ["the installer asked for elevated privileges"], "Low": ["low-latency mode was enabled"], "Moderate": ["the linter runs at moderate strictness"]},
    "urgency": {"Urgent": ["the TCP urgent pointer was zero in every captured packet"], "Routine": ["the stored routine sp_refresh runs nightly"], "Emergency": ["the emergency-access break-glass account was reviewed in the yearly audit"]},
    "rag": {"Red": ["the index uses a red-black tree"], "Green": ["the runtime uses green threads"], "Amber": ["the LED driver spec lists amber, white and blue channels"]},
}


def u_jargon(c, rng):
    s = rng.choice(JARGON[c.sch][c.lab])
    style = rng.randint(0, 1)
    if style == 0:
        return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "engineering_note": f"FYI (unrelated to this case): {s}."}
    return {"case": {"key": c.key, "subject": c.title, "body": c.body, "comments": c.comments + [f"Side note from engineering: {s}."]}}


I18N = {
    "priority": {"de": ["Niedrig", "Mittel", "Hoch"], "fr": ["Basse", "Moyenne", "Haute"]},
    "sentiment": {"es": ["positivo", "negativo", "neutral"], "de": ["positiv", "negativ", "neutral"]},
    "category": {"de": ["Abrechnung", "Versand", "Technik", "Konto"], "fr": ["Facturation", "Expédition", "Technique", "Compte"]},
    "urgency": {"es": ["Rutina", "Urgente", "Emergencia"], "it": ["Ordinaria", "Urgente", "Emergenza"]},
    "rag": {"nl": ["Groen", "Oranje", "Rood"], "de": ["Grün", "Gelb", "Rot"]},
    "team": {"fr": ["Paiements", "Identité", "Plateforme", "Mobile"]},
}


def u_i18n(c, rng):
    labels = [str(x) for x in c.S["labels"]]
    langs = I18N[c.sch]
    style = rng.randint(0, 2)
    if style == 0:
        props = "\n".join(f"{c.tgt}.{l.lower()}={l}" for l in labels)
        for lg, tr in langs.items():
            props += f"\n\n# messages_{lg}.properties\n" + "\n".join(f"{c.tgt}.{l.lower()}={t}" for l, t in zip(labels, tr))
        bundle = "# messages_en.properties\n" + props
    elif style == 1:
        lg, tr = rng.choice(sorted(langs.items()))
        bundle = f'# {lg}.po\nmsgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n' + "\n\n".join(f'msgctxt "{c.tgt}"\nmsgid "{l}"\nmsgstr "{t}"' for l, t in zip(labels, tr))
    else:
        bundle = {"en": {c.tgt: {l.lower(): l for l in labels}}, **{lg: {c.tgt: {l.lower(): t for l, t in zip(labels, tr)}} for lg, tr in langs.items()}}
    return {"i18n": bundle, "case": {"key": c.key, "subject": c.title, "body": c.body}}


def u_mapping_doc(c, rng):
    m = CORR2[c.sch]
    style = rng.randint(0, 1)
    if style == 0:
        doc = f"| {c.disp} | Code |\n|---|---|\n" + "\n".join(f"| {l} | {code} |" for l, code in m.items())
    else:
        doc = {"mapping": [{"label": l, "code": code} for l, code in m.items()], "owner": "support-ops", "last_reviewed": "2024-01-15"}
    return ({"reference": doc, "case": {"key": c.key, "subject": c.title, "body": c.body, "comments": c.comments}}, [m[c.lab]])


ATTR = {
    "priority": {"High": ("print_quality", "High"), "Low": ("toner_level", "Low"), "Medium": ("speaker_volume", "Medium")},
    "risk": {"Low": ("battery", "Low"), "Moderate": ("wind", "Moderate"), "Elevated": ("seating", "Elevated"), "Critical": ("review_style", "Critical")},
    "sentiment": {"positive": ("blood_rh_factor", "positive"), "negative": ("battery_terminal", "negative"), "neutral": ("camera_tone_profile", "neutral")},
    "rag": {"Green": ("paint_colour", "Green"), "Amber": ("gemstone", "Amber"), "Red": ("wine_type", "Red")},
    "decision": {"Yes": ("newsletter_opt_in", "Yes"), "No": ("gift_wrap", "No")},
    "category": {"Billing": ("address_type", "Billing"), "Shipping": ("address_type", "Shipping"), "Technical": ("contact_role", "Technical"), "Account": ("statement_type", "Account")},
    "team": {"Mobile": ("preferred_phone", "Mobile"), "Platform": ("station_area", "Platform"), "Payments": ("ledger_section", "Payments"), "Identity": ("document_kind", "Identity")},
}


def u_other_attr(c, rng):
    k, v = ATTR[c.sch][c.lab]
    others = [ATTR[c.sch][l] for l in ATTR[c.sch] if l != c.lab]
    extra = dict([rng.choice(others)]) if rng.random() < 0.5 and others else {}
    profile = {k: v, **extra}
    return {"case": {"key": c.key, "subject": c.title, "body": c.body}, "related_record": {"type": rng.choice(["device", "profile", "order line"]), "attributes": profile}}


TRAP_FAMS = [
    ("scale_glossary_prose", u_glossary, list(GLOSS), "Wiki page defining what every level of the scale means, next to a case whose field is null."),
    ("per_label_counts_dashboard", u_counts, ALL, "Dashboard widget / summary line / CSV giving aggregate open-case counts for every label."),
    ("runbook_conditionals", u_runbook, list(RULES), "Routing runbook with conditional rules mentioning each label (If severity is Sev1, page...), not stating this case's value."),
    ("proper_nouns_with_label_words", u_proper, list(PROPER), "Place, brand, band or title names containing a label word (Mobile, Alabama; Red Hat; Medium blog; Positive Grid; the band Yes)."),
    ("short_token_units_models", u_units, list(UNITS), "Exact short label tokens used as units, model names or codes (2.5 L engine, M6 bolts, Super Bowl XL, Galaxy S3, P3 masks, Display P3)."),
    ("ranges_and_bounds", u_ranges, ALL, "Help text giving the range or sort order of the scale (Sev1–Sev4, 1 through 5, High → Low) while the field is empty."),
    ("technical_jargon_senses", u_jargon, list(JARGON), "Engineering jargon containing label words (false positive rate, low-pass filter, critical section, TCP urgent pointer, red-black tree)."),
    ("i18n_catalog_all_labels", u_i18n, list(I18N), "Localisation resource bundles (.properties, .po, JSON) translating every label into several languages."),
    ("correlated_mapping_reference", u_mapping_doc, list(CORR2), "Reference table mapping every label to its owner-known code (P1↔High, AG7731↔Payments...) with the expected code in correlated_values, but nothing ties a code to this case."),
    ("label_word_as_other_attribute", u_other_attr, list(ATTR), "Label word appears as the value of an unrelated attribute (toner_level: Low, gemstone: Amber, blood_rh_factor: positive, address_type: Billing)."),
]


def main():
    items = []
    for fi, (fam, fn, schemes, _d) in enumerate(LEAK_FAMS):
        for i in range(12):
            seed = f"b2|{fam}|{i}"
            r0 = random.Random(seed)
            sch = schemes[i % len(schemes)]
            label = r0.choice(SCHEMES[sch]["labels"])
            scn = pick_scn(sch, i, fi)
            give_target = r0.random() < 0.5
            extra_corr = r0.random() < 0.25
            pair = []
            for leak in (True, False):
                rng = random.Random(seed + "|body")
                lr = random.Random(seed + "|leak")
                c = Ctx(rng, scn, sch, label)
                proj = fn(c, leak, lr)
                item = {"expected": label, "label_set": SCHEMES[sch]["labels"]}
                if give_target:
                    item["target"] = SCHEMES[sch]["target"]
                if fam == "correlated_code_in_identifier":
                    item["correlated_values"] = [CORR2[sch][str(label)]]
                elif sch in CORR2 and extra_corr:
                    item["correlated_values"] = [CORR2[sch][str(label)]]
                item["projection"] = proj
                item["truth"] = {"leak": leak, "kind": "leak" if leak else "twin", "family": fam}
                pair.append(item)
            items.append(pair)
    for fi, (fam, fn, schemes, _d) in enumerate(TRAP_FAMS):
        for i in range(12):
            seed = f"b2|{fam}|{i}"
            r0 = random.Random(seed)
            sch = schemes[i % len(schemes)]
            labs = SCHEMES[sch]["labels"]
            pool = labs
            if fam == "proper_nouns_with_label_words":
                pool = [l for l in labs if l in PROPER[sch]]
            elif fam == "short_token_units_models":
                pool = [l for l in labs if l in UNITS[sch]]
            elif fam == "technical_jargon_senses":
                pool = [l for l in labs if l in JARGON[sch]]
            elif fam == "label_word_as_other_attribute":
                pool = [l for l in labs if l in ATTR[sch]]
            label = r0.choice(pool)
            scn = pick_scn(sch, i, fi + 40)
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
    random.Random("b2-shuffle").shuffle(items)
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
