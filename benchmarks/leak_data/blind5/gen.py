#!/usr/bin/env python3
"""Blind batch 5 generator (deterministic, seed 55055)."""
import base64, json, random, re, os

R = random.Random(55055)
OUT = os.path.dirname(os.path.abspath(__file__))

S = {
 "priority": ("priority", ["Low", "Medium", "High", "Urgent"], [
   ("VPN drops every 20 minutes", "Since this morning the corporate VPN disconnects roughly every 20 minutes for the Leeds office; people reconnect and carry on."),
   ("Invoice PDF shows wrong VAT number", "Customer Halvorsen AS says the PDF invoice lists our old VAT number. They need a corrected copy before month end."),
   ("Checkout returns 502 for EU shoppers", "Since the 14:10 deploy about a third of EU checkout attempts return 502. Revenue dashboard is dipping.")]),
 "severity": ("severity", ["Sev1", "Sev2", "Sev3", "Sev4"], [
   ("Replication lag on orders-db-3", "Replica lag climbed to 40 min on orders-db-3; reads are being served from the primary as a fallback."),
   ("Search results stale in APAC", "Search index for APAC has not refreshed since 02:00 UTC; users see yesterday's stock levels."),
   ("Status page certificate expires in 9 days", "The TLS cert on status.example.net expires on the 8th. Auto-renew failed silently.")]),
 "sentiment": ("sentiment", ["Positive", "Neutral", "Negative"], [
   ("Review of the Nimbus 2 kettle", "Boils fast, the handle gets warm though, and the lid hinge creaks after two weeks of use."),
   ("Feedback after onboarding call", "The call ran 40 minutes over and we covered half the agenda. Slides were sent afterwards."),
   ("Hotel stay, room 412", "Check-in took five minutes, the room faced the car park, breakfast had the usual options.")]),
 "category": ("category", ["Billing", "Account Access", "Shipping", "Technical Issue"], [
   ("Charged twice? also can't log in", "I see two pending charges on my card from Tuesday and the app keeps asking for a code I never receive."),
   ("Where is order 88-1420?", "Tracking has said 'label created' for six days. I paid for express."),
   ("Export button does nothing", "Clicking Export to CSV in the reports tab spins and then nothing downloads. Chrome 128, Windows 11.")]),
 "size": ("size", ["XS", "S", "M", "L", "XL"], [
   ("Add dark mode toggle to settings", "Persist preference per user, respect OS setting on first load, update 14 screens."),
   ("Migrate cron jobs to the scheduler service", "Nine jobs, two with shared locks, need idempotency keys and alerting."),
   ("Fix typo in password reset email", "'recieve' should read 'receive' in the EN template only.")]),
 "refund": ("refund_approved", ["Yes", "No"], [
   ("Refund request: unopened blender", "Returned within 12 days, unopened, receipt attached. Customer asks for refund to original card."),
   ("Refund request: annual plan, month 7", "Customer wants the remaining five months refunded after switching providers."),
   ("Refund request: concert tickets", "Event was rescheduled to a date the customer cannot attend; tickets were bought via a reseller.")]),
 "stars": ("rating", ["1", "2", "3", "4", "5"], [
   ("Trail running shoes, size 43", "Grip is great on wet rock, toe box a bit narrow, laces came undone twice on a 20 km run."),
   ("Bluetooth speaker BX-40", "Battery lasts the weekend, pairing with two phones is fiddly, bass is fine for the size."),
   ("Pizza delivery, Friday", "Arrived 25 minutes late, pizza lukewarm but toppings were right and the driver apologised.")]),
 "pcode": ("priority_code", ["P0", "P1", "P2", "P3"], [
   ("Payroll export missing overtime column", "The July payroll export dropped the overtime column for contractors; payroll runs Thursday."),
   ("Mobile app crash on Android 15 launch", "Crash-free sessions fell from 99.6% to 97.1% on Android 15 after release 8.4.0."),
   ("Sandbox API keys rotate without notice", "Two partners report sandbox keys stopped working overnight.")]),
 "tier": ("support_tier", ["Tier 1", "Tier 2", "Tier 3"], [
   ("Password reset link expired", "User clicked the reset link a day later and gets 'token expired'."),
   ("SAML assertion rejected for one IdP", "Okta tenant gets 'InResponseTo mismatch' since their metadata refresh."),
   ("Kernel panic on appliance v7.2", "Customer's on-prem appliance panics under load; they sent a vmcore.")]),
 "risk": ("risk_level", ["Low Risk", "Moderate Risk", "High Risk"], [
   ("Vendor onboarding: Kestrel Analytics", "Processes pseudonymised usage data, EU hosting, SOC 2 Type II report from last year."),
   ("Change request CR-5521: firewall rule", "Open port 5432 from the analytics VPC to prod-db during the migration window."),
   ("New payee added to treasury account", "Payee added at 23:41 from a new device, first transfer scheduled for the next morning.")]),
 "moderation": ("verdict", ["Spam", "Harassment", "Safe"], [
   ("Comment on 'Sourdough for beginners'", "Tried this with rye flour and it came out dense. Any tips on hydration?"),
   ("Reply in thread #4471", "Everyone in this thread should check out my profile for crypto signals, 10x guaranteed."),
   ("DM report from user 88213", "User keeps messaging after being asked to stop, tone escalating over three days.")]),
 "team": ("owning_team", ["Payments", "Identity", "Logistics", "Platform"], [
   ("3DS challenge loops on iOS", "Customers on iOS 18 get the 3-D Secure challenge twice and then the payment times out."),
   ("MFA enrolment emails not sent", "New hires do not get the MFA enrolment mail; SES shows no bounces."),
   ("Node pool autoscaler stuck", "The eu-west node pool will not scale past 12 nodes; pending pods pile up.")]),
 "intent": ("intent", ["Cancel Subscription", "Upgrade Plan", "Request Refund", "Update Address"], [
   ("Chat from visitor 5512", "hi, we moved offices last week and the next box should go to the new place, not Baker Road"),
   ("Email from j.okafor", "Our team grew to 40 seats and we keep hitting the project limit. What are the options?"),
   ("Chat from visitor 7730", "I don't use the service anymore and don't want to be billed in September.")]),
 "sensitivity": ("sensitivity", ["Public", "Internal", "Confidential", "Restricted"], [
   ("Draft: Q3 board pack", "Contains revenue by customer and the proposed acquisition shortlist."),
   ("Office move FAQ", "Where to park, which floor, when desks are ready."),
   ("Incident postmortem INC-3390", "Root cause, timeline and the customer accounts affected.")]),
}
ORDINAL = ["priority", "severity", "pcode", "tier", "risk", "size", "stars"]
ALPHA = ["priority", "sentiment", "category", "moderation", "team", "intent", "refund", "risk", "sensitivity"]
NUMERIC = ["stars", "severity", "pcode", "tier"]
ALL = list(S)
NAMES = ["Dana Whitfield", "Ravi Menon", "Ines Carvalho", "Tomasz Nowak", "Aiko Sato", "Lerato Dube", "Marek Horvat",
         "Sofia Lindqvist", "Kwame Mensah", "Hannah Brauer", "Diego Ruiz", "Priya Nair", "Olu Adeyemi", "Chen Wei"]


def tid():
    return "%s-%d" % (R.choice(["TCK", "SUP", "INC", "CS", "OPS", "REQ"]), R.randint(1000, 99999))


def pick(schemes, i):
    k = schemes[i % len(schemes)]
    tgt, labels, snips = S[k]
    exp = R.choice(labels)
    title, body = R.choice(snips)
    return k, tgt, labels, exp, title, body


def pair(build):
    st = R.getstate()
    a = build(True)
    R.setstate(st)
    b = build(False)
    return a, b


def ww(label, text):
    return re.search(r"(?<!\w)" + re.escape(label) + r"(?!\w)", text, re.I) is not None


def b64u(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode() if not isinstance(obj, bytes) else obj
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ts(h=None, m=None):
    return "2026-%02d-%02dT%02d:%02d:%02dZ" % (R.randint(1, 11), R.randint(1, 28), h if h is not None else R.randint(6, 20),
                                             m if m is not None else R.randint(0, 59), R.randint(0, 59))


def slug(label):
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


# ---------------------------------------------------------------- LEAK FAMILIES
def f_tag_smuggling(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    tag = lambda s: "\U000E0001" + "".join(chr(0xE0000 + ord(c)) for c in s) + "\U000E007F"
    payload = R.choice(["%s=%s" % (tgt, exp), "label:%s" % exp, "[%s]" % exp, "%s: %s" % (tgt, exp)])
    who = R.choice(NAMES)
    variant = i % 4
    def build(hidden):
        h = tag(payload) if hidden else ""
        if variant == 0:
            return {"channel": "#support-triage", "messages": [
                {"user": who, "ts": "17%08d.000%d00" % (R.randint(10**7, 10**8 - 1), i), "text": "New one: *%s* — %s%s" % (title, body, h)},
                {"user": "ops-bot", "text": "Ticket created, waiting for classification."}]}
        if variant == 1:
            return {"number": R.randint(100, 9000), "title": title + h, "body": body, "state": "open", "labels": [],
                    "user": {"login": who.split()[0].lower()}}
        if variant == 2:
            return {"ticket": {"id": R.randint(10000, 99999), "subject": title, "comments": [
                {"author": who, "public": False, "body": "Forwarded from the partner portal." + h},
                {"author": "requester", "public": True, "body": body}], tgt: None}}
        return "From: %s <%s@example.org>\nSubject: %s\nDate: Tue, 3 Nov 2026 09:%02d:11 +0000\n\n%s\n%s\n-- \nSent from my phone\n" % (
            who, who.split()[0].lower(), title, R.randint(10, 59), body, h)
    return k, tgt, labels, exp, *pair(build), None


def f_bidi_reversed(i):
    sch = [s for s in ALL if s not in ("size", "stars")]
    k, tgt, labels, exp, title, body = pick(sch, i)
    rev = exp[::-1]
    v = i % 4
    forms = ["\u202e%s\u202c" % rev, "\u2067\u202e%s\u202c\u2069" % rev, "<bdo dir=\"rtl\">%s</bdo>" % rev, "\u202e%s\u202c" % rev]
    form = forms[v]
    who = R.choice(NAMES)
    def build(leak):
        val = form if leak else R.choice(["(not set)", "—", "pending"])
        if v == 2:
            return "<div class=\"ticket\">\n  <h2>%s</h2>\n  <p>%s</p>\n  <p class=\"note\">Triage (%s): %s</p>\n</div>" % (title, body, who, val)
        if v == 1:
            return {"conversation": [{"from": "customer", "text": body}, {"from": who, "internal": True,
                    "text": "Marked %s as %s, handing over." % (tgt.replace("_", " "), val)}], "subject": title}
        if v == 3:
            return {"attachments": [{"filename": "%s_%s.txt" % (slug(title)[:18], val if leak else "draft"), "size": R.randint(900, 9000)}],
                    "subject": title, "description": body, tgt: None}
        return {"id": tid(), "title": title, "body": body, "custom_fields": [{"id": 360011 + i, "value": val}]}
    return k, tgt, labels, exp, *pair(build), None


def f_jwt(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    t = tid()
    hdr = b64u({"alg": "HS256", "typ": "JWT", "kid": "k%d" % R.randint(1, 9)})
    sig = base64.urlsafe_b64encode(bytes(R.randrange(256) for _ in range(32))).decode().rstrip("=")
    base = {"iss": "https://triage.internal", "sub": t, "iat": 1790000000 + R.randint(0, 10**6), "exp": 1790090000 + R.randint(0, 10**6)}
    claim = R.choice([tgt, "cls", "triage_" + tgt, "pred"])
    v = i % 3
    def build(leak):
        p = dict(base)
        if leak:
            p[claim] = exp
        tok = "%s.%s.%s" % (hdr, b64u(p), sig)
        if v == 0:
            return {"log": {"entries": [{"request": {"method": "GET", "url": "https://desk.example.com/api/v2/tickets/%s" % t,
                    "headers": [{"name": "Authorization", "value": "Bearer " + tok}, {"name": "Accept", "value": "application/json"}]},
                    "response": {"status": 200, "content": {"mimeType": "application/json",
                    "text": json.dumps({"id": t, "subject": title, "description": body, tgt: None})}}}]}}
        if v == 1:
            return {"ticket": {"id": t, "subject": title, "description": body}, "handoff": {"url": "https://agent.example.com/resume?ctx=" + tok}}
        lines = ["%s INFO  gateway: POST /v1/route ticket=%s" % (ts(), t),
                 "%s DEBUG auth: verified context token %s" % (ts(), tok)]
        if leak:
            lines.append("%s DEBUG auth: claims=%s" % (ts(), json.dumps(p)))
        else:
            lines.append("%s DEBUG auth: claims=%s" % (ts(), json.dumps(p)))
        return {"ticket": {"id": t, "subject": title, "description": body}, "service_log": "\n".join(lines)}
    return k, tgt, labels, exp, *pair(build), None


def f_macro(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    cut = max(1, len(exp) // 2)
    a, b = exp[:cut], exp[cut:]
    split = i % 2 == 1
    v = (i // 2) % 5
    t = tid()
    def build(leak):
        if v == 0:
            defs = ('<!ENTITY pa "%s">\n  <!ENTITY pb "%s">' % (a, b) if split else '<!ENTITY val "%s">' % exp) if leak else '<!ENTITY val "">'
            ref = ("&pa;&pb;" if split else "&val;") if leak else "&val;"
            return '<?xml version="1.0"?>\n<!DOCTYPE ticket [\n  %s\n]>\n<ticket id="%s">\n  <summary>%s</summary>\n  <detail>%s</detail>\n  <%s>%s</%s>\n</ticket>' % (
                defs, t, title, body, tgt, ref, tgt)
        if v == 1:
            defs = ("\\def\\pa{%s}\\def\\pb{%s}" % (a, b) if split else "\\newcommand{\\triageval}{%s}" % exp) if leak else "\\newcommand{\\triageval}{}"
            ref = ("\\pa\\pb" if split else "\\triageval") if leak else "\\triageval"
            return "\\documentclass{article}\n%s\n\\begin{document}\n\\section*{%s (%s)}\n%s\n\n\\textbf{%s:} %s\n\\end{document}" % (
                defs, title, t, body, tgt.replace("_", " ").title(), ref)
        if v == 2:
            defs = ('#define VAL_A "%s"\n#define VAL_B "%s"' % (a, b) if split else '#define TRIAGE_VALUE "%s"' % exp) if leak else '#define TRIAGE_VALUE ""'
            ref = ("VAL_A VAL_B" if split else "TRIAGE_VALUE") if leak else "TRIAGE_VALUE"
            return '/* fixture generated for %s */\n%s\n\nstatic const struct ticket_fixture fx = {\n    .id = "%s",\n    .summary = "%s",\n    .%s = %s,\n};\n' % (
                t, defs, t, title, tgt, ref)
        if v == 3:
            defs = ("P1='%s'\nP2='%s'\nVALUE=\"${P1}${P2}\"" % (a, b) if split else "VALUE='%s'" % exp) if leak else "VALUE=''"
            return "#!/usr/bin/env bash\n# replay %s into staging\nset -euo pipefail\n%s\ncurl -sS -X PUT \"$DESK/tickets/%s\" \\\n  -d \"summary=%s\" \\\n  -d \"%s=${VALUE}\"\n" % (
                t, defs, t, title, tgt)
        defs = ('{%% set p1 = "%s" %%}{%% set p2 = "%s" %%}{%% set v = p1 ~ p2 %%}' % (a, b) if split else '{%% set v = "%s" %%}' % exp) if leak else '{% set v = "" %}'
        return "%s\nSubject: Update on %s\n\nHi,\n\nWe reviewed \"%s\". %s\nCurrent %s: {{ v }}\n\nThanks,\nSupport" % (defs, t, title, body, tgt.replace("_", " "))
    return k, tgt, labels, exp, *pair(build), None


SYL = {"Negative": "neg·a·tive", "Positive": "pos·i·tive", "Neutral": "neu·tral", "Medium": "me·di·um", "Urgent": "ur·gent",
       "Billing": "bill·ing", "Shipping": "ship·ping", "Harassment": "ha·rass·ment", "Payments": "pay·ments", "Identity": "i·den·ti·ty",
       "Logistics": "lo·gis·tics", "Platform": "plat·form", "Confidential": "con·fi·den·tial", "Restricted": "re·strict·ed", "Internal": "in·ter·nal"}


def f_spelled(i):
    sch = [s for s in ALL if s not in ("size", "stars")]
    k, tgt, labels, exp, title, body = pick(sch, i)
    v = i % 4
    if v == 3 and exp not in SYL:
        v = 0
    letters = [c for c in exp.upper() if c != " "]
    words = exp.upper().split()
    if v == 0:
        sp = " / ".join("-".join(w) for w in words)
    elif v == 1:
        sp = " ".join(".".join(w) + "." for w in words)
    elif v == 2:
        sp = "   ".join(" ".join(w) for w in words)
    else:
        sp = SYL[exp]
    who = R.choice(NAMES)
    t = tid()
    if i % 3 == 0:
        def build(leak):
            turns = [{"speaker": "caller", "text": body},
                     {"speaker": "agent", "text": "Okay, I've logged that under %s." % t},
                     {"speaker": "supervisor", "text": ("For the %s field put — I'll spell it — %s." % (tgt.replace("_", " "), sp)) if leak else
                      "Leave the %s field, I'll fill it in after the call." % tgt.replace("_", " ")},
                     {"speaker": "agent", "text": "Got it."}]
            return {"call_id": "c-%d" % R.randint(10**5, 10**6), "summary": title, "transcript": turns}
    elif v == 2 and i % 2 == 0:
        def build(leak):
            msgs = [{"user": who, "text": "re %s: %s" % (t, title)}]
            if leak:
                msgs += [{"user": who, "text": c} for c in letters]
            else:
                msgs += [{"user": who, "text": "will classify after standup"}]
            msgs.append({"user": "bot", "text": "Reminder: %s field still empty on %s" % (tgt, t)})
            return {"channel": "#triage", "messages": msgs}
    else:
        def build(leak):
            note = ("Per %s on the bridge: %s." % (who, sp)) if leak else ("Per %s on the bridge: see later note." % who)
            return {"key": t, "fields": {"summary": title, "description": body, tgt: None}, "worklog": [{"author": who, "comment": note}]}
    return k, tgt, labels, exp, *pair(build), None


DIG = {"arab": "٠١٢٣٤٥٦٧٨٩", "pers": "۰۱۲۳۴۵۶۷۸۹", "deva": "०१२३४५६७८९", "beng": "০১২৩৪৫৬৭৮৯", "thai": "๐๑๒๓๔๕๖๗๘๙",
       "cjk": "〇一二三四五六七八九", "circ": "⓪①②③④⑤⑥⑦⑧⑨"}


def f_numeral(i):
    k, tgt, labels, exp, title, body = pick(NUMERIC, i)
    d = re.search(r"\d", exp).group()
    sys_ = ["arab", "deva", "cjk", "thai", "pers", "beng", "circ", "key"][i % 8]
    conv = (d + "\ufe0f\u20e3") if sys_ == "key" else DIG[sys_][int(d)]
    val = exp.replace(d, conv) if k != "stars" else conv
    t = tid()
    who = R.choice(NAMES)
    def build(leak):
        if sys_ in ("arab", "pers"):
            line = ("التقييم: %s من ٥" % val) if (leak and k == "stars") else (("الأولوية/المستوى: %s" % val) if leak else "التقييم: لم يحدد بعد")
            return {"ticket": t, "locale": "ar-EG" if sys_ == "arab" else "fa-IR", "subject": title, "body": body, "agent_note_ar": line}
        if sys_ in ("deva", "beng"):
            if sys_ == "deva":
                line = ("स्तर: %s" % val) if leak else "स्तर: अभी तय नहीं"
            else:
                line = ("স্তর: %s" % val) if leak else "স্তর: এখনও ঠিক হয়নি"
            return {"id": t, "summary": title, "details": body, "regional_desk_note": {"author": who, "text": line, "lang": "hi" if sys_ == "deva" else "bn"}}
        if sys_ == "cjk":
            line = ("评分：%s星" % val if k == "stars" else "级别：%s" % val) if leak else "评分：待定"
            return {"id": t, "title": title, "content": body, "cn_team_comment": line}
        if sys_ == "thai":
            line = ("ระดับ: %s" % val) if leak else "ระดับ: ยังไม่ระบุ"
            return {"ticket_id": t, "subject": title, "description": body, "bkk_shift_note": line}
        if sys_ == "circ":
            return {"id": t, "title": title, "body": body, "checklist": ["① reproduce", "② collect logs",
                    ("%s: %s" % (tgt, val)) if leak else ("%s: (blank)" % tgt)]}
        return {"channel": "#reviews", "messages": [{"user": who, "text": body},
                {"user": "triage-lead", "text": ("%s → %s" % (tgt, val)) if leak else "%s → 🤷" % tgt}]}
    return k, tgt, labels, exp, *pair(build), None


LIG = [("outcome", ["Affirmed", "Reversed", "Remanded", "Dismissed"], "Affirmed", "Aﬃrmed", "Appeal No. 24-%d, Hollis v. Meridian Freight. Review of the district court's summary judgment on the indemnity clause."),
       ("sensitivity", ["Public", "Internal", "Confidential", "Restricted"], "Confidential", "Conﬁdential", "Memo %d: proposed restructuring of the EMEA sales regions and affected headcount."),
       ("sensitivity", ["Public", "Internal", "Confidential", "Restricted"], "Restricted", "Reﬆricted", "Memo %d: encryption key escrow procedure for the HSM cluster."),
       ("kyc_status", ["Verified", "Unverified", "Flagged"], "Verified", "Veriﬁed", "Customer file %d: passport scan, utility bill from March, selfie liveness check."),
       ("kyc_status", ["Verified", "Unverified", "Flagged"], "Flagged", "ﬂagged", "Customer file %d: name partially matches a sanctions list entry; DOB differs."),
       ("moderation", ["Offensive", "Benign", "Spam"], "Offensive", "Oﬀensive", "Report %d: comment under the match highlights video, flagged by 3 users."),
       ("department", ["Fulfillment", "Staffing", "Finance", "Legal"], "Fulfillment", "Fulﬁllment", "Request %d: pallets for the Rotterdam DC were picked but never loaded."),
       ("department", ["Fulfillment", "Staffing", "Finance", "Legal"], "Staffing", "Staﬃng", "Request %d: night shift needs four extra pickers from 12 Nov."),
       ("difficulty", ["Easy", "Moderate", "Difficult"], "Difficult", "Diﬃcult", "Exercise %d: prove the loop invariant for the two-pointer merge."),
       ("evidence", ["Sufficient", "Insufficient"], "Sufficient", "Suﬃcient", "Claim %d: water damage to ceiling, photos, plumber invoice and timeline provided."),
       ("evidence", ["Sufficient", "Insufficient"], "Insufficient", "Insuﬃcient", "Claim %d: stolen bicycle, no receipt, no police report number yet."),
       ("profitability", ["Profitable", "Break-even", "Loss-making"], "Profitable", "Proﬁtable", "Store %d quarterly review: footfall up, rent renegotiated in June."),
       ("link_state", ["Online", "Offline", "Degraded"], "Offline", "Oﬄine", "Site %d: branch router last heartbeat 03:12, LTE backup not configured.")]


def f_ligature(i):
    tgt, labels, exp, lig, txt = LIG[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12][i]]
    n = R.randint(100, 9999)
    rev = R.choice(NAMES)
    day = R.randint(1, 9)
    def build(leak):
        val = lig if leak else "_______________"
        return ("$ pdftotext -layout scan_%d.pdf -\n" % n +
                "                     INTAKE / REVIEW FORM                    page 1 of 2\n\n" +
                "Reference:   %d\n" % n +
                "Summary:     %s\n\n" % (txt % n) +
                "Reviewer:    %s\n" % rev +
                "%-13s%s\n" % (tgt.replace("_", " ").title() + ":", val) +
                "Signed:      ____________          Date: 0%d/11/2026\n\x0c" % day)
    return "lig", tgt, labels, exp, *pair(build), None


def f_utf16(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    t = tid()
    w = lambda s: "".join(c + "\x00" for c in s)
    v = i % 3
    def build(leak):
        val = exp if leak else ""
        if v == 0:
            text = "**********************\r\nWindows PowerShell transcript start\r\nStart time: 20261103091455\r\n**********************\r\nPS> Get-TicketTriage -Id %s\r\n\r\nId        : %s\r\nSummary   : %s\r\n%-10s: %s\r\n" % (t, t, title, tgt, val)
        elif v == 1:
            text = "Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\DeskAgent\\Cache\\%s]\r\n\"Summary\"=\"%s\"\r\n\"%s\"=\"%s\"\r\n" % (t, title, tgt, val)
        else:
            text = "id\tsummary\t%s\r\n%s\t%s\t%s\r\n" % (tgt, t, title, val)
        raw = "\u00ff\u00fe" + w(text)
        return {"ticket": {"id": t, "subject": title, "description": body, tgt: None},
                "attachment": {"filename": ["transcript.txt", "cache.reg", "export.txt"][v], "decoded_as": "latin-1", "content": raw}}
    return k, tgt, labels, exp, *pair(build), None


def f_formula(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    idx = labels.index(exp) + 1
    v = i % 5
    t = tid()
    cut = max(1, len(exp) // 2)
    if v == 0:
        f = "=CHOOSE(%d,%s)" % (idx, ",".join('"%s"' % l for l in labels))
    elif v == 1:
        f = "=INDEX(Lists!$A$2:$A$%d,%d)" % (len(labels) + 1, idx)
    elif v == 2:
        f = '="%s"&"%s"' % (exp[:cut], exp[cut:])
    elif v == 3:
        f = '=PROPER("%s")' % exp.lower() if not exp.isdigit() else "=VALUE(\"%s\")" % exp
    else:
        f = '=CONCATENATE(LEFT("%sxx",%d),MID("zz%s",3,%d))' % (exp[:cut], cut, exp[cut:], len(exp) - cut)
    def build(leak):
        sheet = {"spreadsheet": "triage_backlog.xlsx", "note": "exported with formulas, values not recalculated",
                 "sheets": [{"name": "Backlog", "cells": {"A1": {"v": "id"}, "B1": {"v": "summary"}, "C1": {"v": tgt},
                             "A2": {"v": t}, "B2": {"v": title}, "C2": {"f": f if leak else None, "v": None}}}]}
        if v == 1:
            sheet["sheets"].append({"name": "Lists", "cells": dict([("A1", {"v": tgt})] + [("A%d" % (j + 2), {"v": l}) for j, l in enumerate(labels)])})
        return sheet
    return k, tgt, labels, exp, *pair(build), None


def f_sorted(i):
    k, tgt, labels, exp, title, body = pick(ORDINAL, i)
    desc = k in ("priority", "risk", "size", "stars")
    order = labels[::-1] if desc else labels
    titles = [s_[0] for sk in S.values() for s_ in sk[2] if s_[0] != title]
    rows = []
    for lab in order:
        for _ in range(4 if lab == exp else 3):
            rows.append({"id": tid(), "title": R.choice(titles), tgt: lab})
    target = {"id": tid(), "title": title, tgt: "[hidden]"}
    first = [n_ for n_, r in enumerate(rows) if r[tgt] == exp][0]
    pos = first + 2
    leak_rows = rows[:pos] + [target] + rows[pos:]
    tw = list(rows)
    for _ in range(200):
        R.shuffle(tw)
        if tw[pos - 1][tgt] != tw[pos][tgt]:
            break
    twin_rows = tw[:pos] + [target] + tw[pos:]
    view = "Open work — %s" % R.choice(["team queue", "my unit", "backlog", "escalations"])
    def fmt(rs, sort):
        return {"view": view, "sorted_by": sort, "rows": [dict(r) for r in rs],
                "note": "%s of %s is hidden in this export" % (tgt, target["id"])}
    leak = fmt(leak_rows, "%s (%s), then created" % (tgt, "highest first" if desc else "ascending"))
    twin = fmt(twin_rows, "last updated (newest first)")
    return k, tgt, labels, exp, leak, twin, None


def f_delta(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    t = tid()
    before = {l: R.randint(3, 40) for l in labels}
    before["untriaged"] = R.randint(5, 30)
    after = dict(before)
    after[exp] += 1
    after["untriaged"] -= 1
    h, m = R.randint(7, 18), R.randint(10, 50)
    def build(leak):
        return {"ticket": {"id": t, "subject": title, "description": body, tgt: None},
                "events": [{"at": "%02d:%02d:03" % (h, m), "event": "ticket.classified", "ticket": t, "by": "auto-router"}],
                "queue_counts": [{"taken_at": "%02d:%02d:01" % (h, m), "counts": before},
                                 {"taken_at": "%02d:%02d:06" % (h, m) if leak else "%02d:%02d:02" % (h, m), "counts": after if leak else dict(before)}]}
    return k, tgt, labels, exp, *pair(build), None


def bencode(o):
    if isinstance(o, int):
        return "i%de" % o
    if isinstance(o, str):
        return "%d:%s" % (len(o.encode()), o)
    if isinstance(o, dict):
        return "d" + "".join(bencode(kk) + bencode(o[kk]) for kk in sorted(o)) + "e"
    if isinstance(o, list):
        return "l" + "".join(bencode(x) for x in o) + "e"


def phpser(o):
    if isinstance(o, int):
        return "i:%d;" % o
    if o is None:
        return "N;"
    if isinstance(o, str):
        return 's:%d:"%s";' % (len(o.encode()), o)
    return "a:%d:{%s}" % (len(o), "".join(phpser(kk) + phpser(vv) for kk, vv in o.items()))


def f_lenprefix(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    n = R.randint(1000, 99999)
    v = i % 4
    def build(leak):
        val = exp if leak else ""
        if v == 0:
            rec = {"id": n, "summary": title, tgt: val, "z_updated": 1790000000 + n}
            return {"ipc_capture": "worker<-queue: " + bencode(rec)}
        if v == 1:
            rec = {"id": n, "subject": title, tgt: val if leak else None, "agent": R.choice(NAMES)}
            return {"php_session_file": "sess_%032x" % R.getrandbits(128), "data": "user_id|i:%d;last_ticket|%s" % (R.randint(10, 999), phpser(rec))}
        if v == 2:
            parts = ["HSET", "ticket:%d" % n, "subject", title, tgt, val]
            resp = "*%d\r\n" % len(parts) + "".join("$%d\r\n%s\r\n" % (len(p.encode()), p) for p in parts)
            return {"tcpdump_follow": "--> redis:6379\n" + resp + "<-- +OK\r\n"}
        parts = ["id", str(n), "title", title, tgt, val, "source", "web"]
        return {"netstring_frame": "".join("%d:%s," % (len(p.encode()), p) for p in parts)}
    return k, tgt, labels, exp, *pair(build), None


def f_diagram(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    t = tid()
    v = i % 3
    feats = ["mentions_money", "auth_error", "has_tracking_no", "exception_trace", "customer_tier>=gold", "words>120"]
    R.shuffle(feats)
    nl = len(labels)
    # chain tree: q0 -> L0 | q1 -> L1 | q2 ... last q -> L(n-2) | L(n-1)
    def build(leak):
        pos = labels.index(exp)
        if v == 0:
            out = ["digraph routing_%s {" % slug(t), '  label="decision path for %s";' % t]
            for q in range(nl - 1):
                out.append('  q%d [shape=diamond label="%s?"];' % (q, feats[q]))
            for j, l in enumerate(labels):
                out.append('  n%d [shape=box label="%s"];' % (j, l))
            for q in range(nl - 1):
                for (dst, yes) in (("n%d" % q, "yes"), ("q%d" % (q + 1) if q < nl - 2 else "n%d" % (nl - 1), "no")):
                    taken = leak and ((dst == "n%d" % pos) or (yes == "no" and q < pos))
                    sty = ' color=red penwidth=3' if taken else ''
                    out.append('  q%d -> %s [label="%s"%s];' % (q, dst, yes, sty))
            out.append("}")
            return {"ticket": {"id": t, "title": title, tgt: None}, "upstream_trace_dot": "\n".join(out)}
        if v == 1:
            out = ["flowchart TD"]
            links = []
            for q in range(nl - 1):
                out.append("  Q%d{%s?}" % (q, feats[q]))
            for q in range(nl - 1):
                out.append("  Q%d -- yes --> L%d[\"%s\"]" % (q, q, labels[q])); links.append(("y", q))
                if q < nl - 2:
                    out.append("  Q%d -- no --> Q%d" % (q, q + 1))
                else:
                    out.append("  Q%d -- no --> L%d[\"%s\"]" % (q, nl - 1, labels[nl - 1]))
                links.append(("n", q))
            if leak:
                taken = [ix for ix, (kind, q) in enumerate(links) if (kind == "n" and q < pos) or (kind == "y" and q == pos) or (kind == "n" and q == nl - 2 and pos == nl - 1)]
                out.append("  linkStyle %s stroke:#d00,stroke-width:4px" % ",".join(map(str, sorted(set(taken)))))
            out.append("  classDef visited fill:#fdd")
            if leak:
                out.append("  class L%d visited" % pos)
            return {"ticket": {"id": t, "title": title}, "classifier_explain.mmd": "\n".join(out)}
        out = ["@startuml", "title routing for %s" % t, "start"]
        for q in range(nl - 1):
            out.append("if (%s?) then (yes)" % feats[q])
            col = "#pink" if (leak and q == pos) else ""
            out.append("  %s:%s;" % (col, labels[q]))
            out.append("else (no)")
        col = "#pink" if (leak and pos == nl - 1) else ""
        out.append("  %s:%s;" % (col, labels[-1]))
        out += ["endif"] * (nl - 1)
        out += ["stop", "legend right", "  #pink = branch taken at inference", "endlegend", "@enduml"]
        return {"ticket": {"id": t, "title": title}, "explain_puml": "\n".join(out)}
    return k, tgt, labels, exp, *pair(build), None


LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7", "g": "9", "l": "1"}


def leet(s, r):
    out = []
    for c in s:
        lc = c.lower()
        if lc in LEET and r.random() < 0.8:
            out.append(LEET[lc] if not (lc == "a" and r.random() < 0.3) else "@")
        else:
            out.append(c if r.random() < 0.5 else c.swapcase())
    res = "".join(out)
    return res if res.lower() != s.lower() else res.replace(res[0], "|" + res[0], 1)


def f_leet(i):
    k, tgt, labels, exp, title, body = pick(ALPHA, i)
    l = leet(exp, R)
    who = R.choice(["xXmodXx", "ban_hammer", "n1ghtshift", "queue_goblin", "tr1age_t0m", "pixelpush"])
    def build(leak):
        return {"server": R.choice(["guild-4471", "support-discord", "ops-crew"]), "thread": title, "messages": [
            {"author": "reporter", "content": body},
            {"author": who, "content": ("ez. %s. next" % l) if leak else "ez. next"},
            {"author": "triage-bot", "content": "%s not recorded yet for this thread" % tgt}]}
    return k, tgt, labels, exp, *pair(build), None


def f_i18n(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    v = i % 4
    t = tid()
    def key(val, style):
        if style == 0:
            return "en.tickets.%s.%s" % (tgt, slug(val))
        if style == 1:
            return "TICKET.%s.%s" % (tgt.upper(), slug(val).upper())
        if style == 2:
            return "%s_%s" % (tgt, slug(val))
        return "%s.%s" % (tgt, re.sub(r"[^A-Za-z0-9]", "", val[0].lower() + val[1:]))
    def build(leak):
        kk = key(exp if leak else "unset", v)
        if v == 0:
            return "<dl class=\"ticket\">\n  <dt>Subject</dt><dd>%s</dd>\n  <dt>Description</dt><dd>%s</dd>\n  <dt>%s</dt><dd><span class=\"translation_missing\" title=\"translation missing: %s\">%s</span></dd>\n</dl>" % (
                title, body, tgt, kk, "Unset" if not leak else kk.split(".")[-1].replace("_", " ").capitalize())
        if v == 1:
            return {"screen": "ticket-detail", "rendered_text": ["%s" % t, title, body, "%s:" % tgt.upper(), kk], "console": ["[ngx-translate] missing key: %s" % kk]}
        if v == 2:
            return {"android_dump": "TextView id/tv_subject text=\"%s\"\nTextView id/tv_%s text=\"@string/%s\"\nButton id/btn_save text=\"Save\"" % (title, tgt, kk), "ticket_id": t}
        return {"ticket": {"id": t, "subject": title}, "browser_console": ["[vue-i18n] Not found '%s' key in 'en' locale messages." % kk, "[vue-i18n] Fall back to translate the keypath '%s' with root locale." % kk]}
    return k, tgt, labels, exp, *pair(build), None


def f_mimeword(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    v = i % 3
    who = R.choice(NAMES)
    def ew(s, mode):
        if mode == "B":
            return "=?UTF-8?B?%s?=" % base64.b64encode(s.encode()).decode()
        q = "".join(c if (c.isalnum() and c not in "=?_") else ("_" if c == " " else "=%02X" % ord(c)) for c in s)
        return "=?utf-8?Q?%s?=" % q
    def build(leak):
        if v == 0:
            subj = ("[%s] " % exp if leak else "") + title
            hdrs = "Subject: %s" % ew(subj, "B")
        elif v == 1:
            subj = (("%s: %s – " % (tgt.replace("_", " ").title(), exp)) if leak else "") + title
            hdrs = "Subject: %s" % ew(subj, "Q")
        else:
            hdrs = "Subject: %s\nKeywords: %s" % (ew(title, "B"), ew(("triage, %s" % exp) if leak else "triage", "B"))
        return ("Return-Path: <noreply@desk.example.com>\nFrom: =?UTF-8?Q?%s?= <%s@desk.example.com>\nTo: queue@example.com\n%s\nDate: Wed, 4 Nov 2026 1%d:%02d:00 +0100\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%s\n" % (
            who.replace(" ", "_"), who.split()[0].lower(), hdrs, R.randint(0, 9), R.randint(0, 59), body))
    return k, tgt, labels, exp, *pair(build), None


# ---------------------------------------------------------------- TRAP FAMILIES
def t_jwt_claims(i):
    k, tgt, labels, exp, title, body = pick(["priority", "team", "category", "size", "risk", "tier"], i)
    t = tid()
    claims = {"iss": "https://login.example.eu", "sub": "u-%d" % R.randint(1000, 9999), "acr": "http://eidas.europa.eu/LoA/high",
              "loa": "high", "scope": "tickets:read billing:read shipping:write", "plan_tier": R.choice(["medium", "small", "large"]),
              "amr": ["pwd", "otp"], "risk_engine": {"login_risk": R.choice(["low", "medium"])}, "team_ids": ["payments-ro", "identity-admins"],
              "iat": 1790000000 + i}
    tok = "%s.%s.%s" % (b64u({"alg": "RS256", "typ": "JWT"}), b64u(claims), b64u(bytes(R.randrange(256) for _ in range(24))))
    return k, tgt, labels, exp, {"ticket": {"id": t, "subject": title, "description": body, tgt: None},
                                 "auth_debug": {"access_token": tok, "decoded_claims": claims,
                                                "note": "claims describe the agent's own login session (assurance level, OAuth scopes, subscription plan)"}}


SPELL_CASES = [
    ("priority", "Sam Lowe", "L-O-W-E — 'low' with an E on the end"),
    ("priority", "Highsmith", "H-I-G-H-S-M-I-T-H, 'high' and then 'smith'"),
    ("category", "14 Billingham Road", "B-I-L-L-I-N-G-H-A-M, so billing plus ham"),
    ("category", "Shippingport Avenue", "S-H-I-P-P-I-N-G-P-O-R-T, shipping then port, one word"),
    ("sentiment", "neutralgrey at fastmail", "N-E-U-T-R-A-L-G-R-E-Y, neutral like the paint colour"),
    ("sentiment", "Positano Street", "P-O-S-I-T-A-N-O — people always write positive, it's not positive"),
    ("team", "Paymentsoft Ltd", "P-A-Y-M-E-N-T-S-O-F-T, payments and soft stuck together"),
    ("team", "Platformos GmbH", "P-L-A-T-F-O-R-M-O-S, platform plus OS"),
    ("priority", "Maria Urgell", "U-R-G-E-L-L — no, not urgent, Urgell, it's Catalan"),
    ("moderation", "Safehaven Lettings", "S-A-F-E-H-A-V-E-N, safe and haven"),
    ("refund", "Yesenia Ortiz", "Y-E-S-E-N-I-A, yes plus nia"),
    ("moderation", "Spamalot tickets booking", "S-P-A-M-A-L-O-T, like the musical, spam-a-lot")]


def t_spelled_names(i):
    sk, name, sp = SPELL_CASES[i]
    tgt, labels, snips = S[sk]
    exp = R.choice(labels)
    title, body = R.choice(snips)
    return sk, tgt, labels, exp, {"call_id": "c-%d" % R.randint(10**5, 10**6), "summary": title, "transcript": [
        {"speaker": "caller", "text": body}, {"speaker": "agent", "text": "Can I take the name or address on the account?"},
        {"speaker": "caller", "text": "%s — that's %s." % (name, sp)},
        {"speaker": "agent", "text": "Thanks. I'll leave the %s for the triage team; they set it, not us." % tgt.replace("_", " ")}],
        tgt: None}


CJK = [("我用的是三星手机，App 每次打开都闪退。", "三星 = Samsung (lit. '3 stars')"), ("四川分公司的同事也遇到同样的问题。", "四川 = Sichuan (lit. '4 rivers')"),
       ("整体感觉一般，物流还行。", "一般 = so-so, ordinary (lit. '1 kind')"), ("买的是三菱空调的遥控器，配对不上。", "三菱 = Mitsubishi (lit. '3 diamonds')"),
       ("九州出差期间订的，酒店在博多站旁边。", "九州 = Kyushu island"), ("这是二手平台上买的，卖家说七成新。", "二手 = second-hand (lit. '2 hands'); 七成新 = about 70% new"),
       ("万一明天还不到，我就取消订单。", "万一 = just in case (lit. '1 in 10,000')"), ("送的三明治凉了，但是饮料是七喜，没问题。", "三明治 = sandwich (phonetic); 七喜 = 7 Up"),
       ("四季酒店的活动页面打不开。", "四季酒店 = Four Seasons hotel (lit. '4 seasons')"), ("五金店老板推荐的型号，说一定耐用。", "五金店 = hardware store (lit. '5 metals shop')"),
       ("一流的包装，可惜说明书只有日文。", "一流 = first-rate (lit. '1st stream')"), ("六本木店のスタッフは親切でした。三越で買った方が早かったかも。", "六本木 = Roppongi (lit. '6 trees'); 三越 = Mitsukoshi dept. store")]


def t_cjk_numerals(i):
    k, tgt, labels, exp, title, body = pick(["stars", "stars", "stars", "tier"], i)
    zh, gloss = CJK[i]
    return k, tgt, labels, exp, {"id": tid(), "title": title, "content_zh": zh, "glossary": gloss, "content_en_mt": body, tgt: None,
                                 "note": "%s to be assigned by reviewer" % tgt}


def t_ligature_precedent(i):
    tgt, labels, exp, lig, txt = LIG[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12][(i * 5) % 12]]
    n = R.randint(100, 9999)
    ctx = {"Affirmed": "cf. Doe v. Roe, 412 F.3d 88 (the panel aﬃrmed; distinguishable on the facts).",
           "Confidential": "Footer template: 'Conﬁdential until filed' — applies to drafts of all forms, see policy 4.2.",
           "Restricted": "Building note: car park level -1 is reﬆricted to permit holders.",
           "Verified": "Email address veriﬁed at sign-up (automatic, not part of KYC).",
           "Flagged": "Spellchecker ﬂagged 3 words in the free-text box.",
           "Offensive": "Reporter's previous report (#%d) was closed as oﬀensive; this one is unreviewed." % (n - 7),
           "Fulfillment": "Letterhead: Northgate Fulﬁllment Park, Unit 4 (landlord address).",
           "Staffing": "Sent via the staﬃng agency's shared mailbox.",
           "Difficult": "Previous exercise in the set was rated Diﬃcult by 60% of students.",
           "Sufficient": "Form help text: 'Attach suﬃcient evidence; Insuﬃcient claims are returned.'",
           "Profitable": "Comparable store #%d was Proﬁtable in Q2 (benchmark only)." % (n + 3),
           "Offline": "Reminder: the oﬄine backup tape rotation happens on Fridays."}[exp]
    if i % 2 == 0:
        for a_, b_ in (("ﬃ", "ffi"), ("ﬄ", "ffl"), ("ﬀ", "ff"), ("ﬁ", "fi"), ("ﬂ", "fl"), ("ﬆ", "st")):
            ctx = ctx.replace(a_, b_)
    return "lig", tgt, labels, exp, ("$ pdftotext -layout scan_%d.pdf -\n                     INTAKE / REVIEW FORM                    page 1 of 2\n\n"
            "Reference:   %d\nSummary:     %s\n\nNotes:       %s\n%-13s_______________\n\x0c" % (n, n, txt % n, ctx, tgt.replace("_", " ").title() + ":"))


def t_coincidental_neighbours(i):
    k, tgt, labels, exp, title, body = pick(ORDINAL, i)
    titles = [s_[0] for sk in S.values() for s_ in sk[2] if s_[0] != title]
    rows = [{"id": tid(), "title": R.choice(titles), tgt: R.choice(labels), "updated": "%d min ago" % m}
            for m in sorted(R.sample(range(2, 300), 9))]
    same = exp if i % 2 == 0 else R.choice(labels)
    rows[3][tgt] = same; rows[4][tgt] = same
    target = {"id": tid(), "title": title, tgt: None, "updated": "%d min ago" % ((int(rows[3]["updated"].split()[0]) + int(rows[4]["updated"].split()[0])) // 2)}
    rows = rows[:4] + [target] + rows[4:]
    return k, tgt, labels, exp, {"view": "Recently updated", "sorted_by": "updated (newest first)", "rows": rows}


def t_delta_elsewhere(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    t, other = tid(), tid()
    before = {l: R.randint(3, 40) for l in labels}
    before["untriaged"] = R.randint(5, 30)
    after = dict(before)
    bump = exp if i % 2 == 0 else R.choice(labels)
    after[bump] += 1; after["untriaged"] -= 1
    h, m = R.randint(7, 18), R.randint(10, 50)
    return k, tgt, labels, exp, {"ticket": {"id": t, "subject": title, "description": body, tgt: None, "status": "new"},
            "events": [{"at": "%02d:%02d:03" % (h, m), "event": "ticket.classified", "ticket": other, "by": "auto-router"},
                       {"at": "%02d:%02d:04" % (h, m), "event": "ticket.viewed", "ticket": t, "by": "agent"}],
            "queue_counts": [{"taken_at": "%02d:%02d:01" % (h, m), "counts": before}, {"taken_at": "%02d:%02d:06" % (h, m), "counts": after}]}


def t_diagram_styled(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    cols = ["#2e7d32", "#f9a825", "#ef6c00", "#c62828", "#6a1b9a"]
    out = ["flowchart LR", "  START([ticket text]) --> M{{classifier}}"]
    for j, l in enumerate(labels):
        out.append("  M --> L%d[\"%s\"]" % (j, l))
        out.append("  style L%d fill:%s,color:#fff" % (j, cols[j % 5]))
    return k, tgt, labels, exp, {"ticket": {"id": tid(), "title": title, "description": body, tgt: None},
            "docs_diagram.mmd": "\n".join(out), "caption": "Legend of the %s colours used on the board (documentation figure, not a trace)" % tgt}


HANDLES = {"priority": ["LowKey.Larry", "high.voltage.77", "Urgent-Pizza", "medium.rare.steve"],
           "sentiment": ["negative.space", "neutral.milk.hotel.fan", "Positive-Vibes-Only"],
           "moderation": ["spam.a.lot.monty", "safe.haven.99", "harassment-is-not-ok-mod"],
           "category": ["billing.bob", "shipping.up.to.boston", "n3gative_space"]}


def t_gamer_handles(i):
    k, tgt, labels, exp, title, body = pick(["moderation", "sentiment", "priority", "category"], i)
    h, h2 = R.sample(HANDLES[k], 2)
    return k, tgt, labels, exp, {"server": "community-%d" % R.randint(10, 99), "thread": title, "messages": [
        {"author": h, "content": body}, {"author": h2, "content": R.choice(["same here tbh", "any update on this?", "+1", "gg, thanks for posting"])},
        {"author": "triage-bot", "content": "%s pending human review" % tgt}], tgt: None}


CHROME = {"priority": ["settings.accessibility.high-contrast", "player.quality.low", "banner.urgent.maintenance", "toolbar.font.medium"],
          "sentiment": ["chart.legend.negative-values", "onboarding.positive.reinforcement-tip", "theme.palette.neutral"],
          "category": ["nav.billing.portal", "footer.shipping.policy", "help.contact.technical-team"],
          "size": ["image.variant.xl", "grid.breakpoint.m", "avatar.size.s"],
          "team": ["menu.platform.status", "errors.identity.provider-timeout", "footer.payments.methods", "nav.logistics.partners"],
          "moderation": ["prefs.safe.search", "footer.report.spam", "policy.harassment.link"]}


def t_ui_chrome_keys(i):
    k, tgt, labels, exp, title, body = pick(list(CHROME), i)
    ks = R.sample(CHROME[k], 2) + [R.choice(["nav.home", "user.menu.logout", "search.placeholder"])]
    return k, tgt, labels, exp, {"screen": "ticket-detail", "rendered_text": [title, body, "%s:" % tgt.upper(), "TICKET.%s.UNSET" % tgt.upper()] + ks,
            "console": ["[ngx-translate] missing key: %s" % x for x in ks + ["TICKET.%s.UNSET" % tgt.upper()]]}


def t_macro_catalogue(i):
    k, tgt, labels, exp, title, body = pick(ALL, i)
    if i % 2 == 0:
        defs = "\n".join('  <!ENTITY v%d "%s">' % (j, l) for j, l in enumerate(labels)) + '\n  <!ENTITY tbd "TBD">'
        proj = '<?xml version="1.0"?>\n<!DOCTYPE ticket [\n%s\n]>\n<ticket id="%s">\n  <summary>%s</summary>\n  <detail>%s</detail>\n  <%s>&tbd;</%s>\n</ticket>' % (defs, tid(), title, body, tgt, tgt)
    else:
        defs = "\n".join("\\newcommand{\\lvl%s}{%s}" % ("ABCDE"[j], l) for j, l in enumerate(labels)) + "\n\\newcommand{\\lvlNone}{---}"
        proj = "\\documentclass{article}\n%% shared preamble for all triage reports\n%s\n\\begin{document}\n\\section*{%s}\n%s\n\n\\textbf{%s:} \\lvlNone\n\\end{document}" % (defs, title, body, tgt.replace("_", " ").title())
    return k, tgt, labels, exp, proj


LEAKS = [("unicode_tag_smuggling", f_tag_smuggling, "Label hidden as invisible Unicode TAG characters (U+E0000 block, 'ASCII smuggling') appended to a chat message, issue title, private comment or mail body."),
         ("bidi_override_reversed", f_bidi_reversed, "Label stored reversed inside a U+202E RIGHT-TO-LEFT OVERRIDE (or RLI+RLO, or HTML <bdo dir=rtl>) so it renders forwards but is stored backwards."),
         ("jwt_claim_payload", f_jwt, "Label carried as a claim inside a JWT's base64url payload (HAR Authorization header, resume-link ctx param, or a service log that also prints the claims)."),
         ("entity_macro_expansion", f_macro, "Field holds a reference (XML DTD entity, LaTeX macro, C #define with literal concatenation, shell variable, Jinja set) defined elsewhere in the same file, sometimes split into two parts."),
         ("spelled_letters_syllables", f_spelled, "Label spelled out letter by letter (H-I-G-H, N.E.G., spaced letters, one letter per chat message) or syllabified with middle dots, in a call transcript, chat or worklog."),
         ("numeral_system_digits", f_numeral, "Digit of a numeric label written in another numeral system: Arabic-Indic, Persian, Devanagari, Bengali, Thai, CJK numerals, circled digits or keycap emoji."),
         ("typographic_ligature_extraction", f_ligature, "pdftotext output of a form where the label contains a typographic ligature codepoint (ﬁ ﬂ ﬀ ﬃ ﬄ ﬆ), e.g. Aﬃrmed, Conﬁdential, Oﬄine."),
         ("utf16_bytes_as_latin1", f_utf16, "Attached UTF-16LE file (PowerShell transcript, .reg export, Unicode-text export) decoded as latin-1, so every label letter is followed by a NUL and a ÿþ BOM leads."),
         ("formula_evaluates_to_label", f_formula, "Spreadsheet cell has only an unevaluated formula whose result is the label: CHOOSE/INDEX by position, string concatenation, PROPER(), LEFT/MID pieces."),
         ("sorted_list_sandwich", f_sorted, "Saved view sorted by the target field; the item's own value is hidden but it sits inside a block of rows that all carry the same label."),
         ("aggregate_delta_differencing", f_delta, "Per-label queue counts taken just before and just after the item was auto-classified; exactly one label bucket gained one."),
         ("length_prefixed_serialisation", f_lenprefix, "Record in a length-prefixed wire format: bencode (label glued to the next length), PHP serialize/session, Redis RESP capture, netstrings."),
         ("diagram_highlighted_path", f_diagram, "Upstream classifier's decision tree as Graphviz DOT / Mermaid / PlantUML with the taken path highlighted (red edges, linkStyle indices, class, #pink) ending at the label leaf."),
         ("leetspeak_substitution", f_leet, "A moderator/agent states the label in leetspeak (n3g471v3, H1gh, 5p4m) in a community chat thread."),
         ("unresolved_i18n_key", f_i18n, "Rendered UI shows an untranslated i18n key for the field's current value (Rails translation_missing, ngx-translate, Android @string/, vue-i18n warnings)."),
         ("mime_header_encoded_word", f_mimeword, "Raw mail whose RFC 2047 encoded-word Subject or Keywords header (B or Q encoding) carries a bot-added label tag.")]
TRAPS = [("jwt_session_assurance_claims", t_jwt_claims, "JWT plus decoded claims of the agent's own session with label-like words in other roles (eIDAS LoA high, billing:read scope, plan tier medium, login risk low); field null."),
         ("spelled_names_near_labels", t_spelled_names, "Caller spells a surname, street, company or e-mail containing a label word (L-O-W-E, H-I-G-H-S-M-I-T-H, B-I-L-L-I-N-G-H-A-M); field null."),
         ("cjk_numeral_words", t_cjk_numerals, "Chinese/Japanese text with numeral characters inside ordinary words (三星 Samsung, 四川, 一般, 三菱, 九州, 二手) for a numeric-label task; field null."),
         ("ligature_other_sense", t_ligature_precedent, "pdftotext form with ligatured label words about other records or boilerplate (a cited precedent aﬃrmed, oﬄine backup tapes, staﬃng agency mailbox); decision field blank."),
         ("coincidental_neighbours", t_coincidental_neighbours, "List sorted by update time where the unlabelled item happens to sit between two rows sharing a label."),
         ("delta_attributed_elsewhere", t_delta_elsewhere, "Before/after per-label counts with one bucket +1, but the event log shows a different ticket was classified; this one is still new."),
         ("diagram_all_leaves_styled", t_diagram_styled, "Documentation Mermaid figure styling every label leaf with its colour; no path taken, field null."),
         ("gamer_handles_label_words", t_gamer_handles, "Community chat whose usernames contain label words (LowKeyLarry, HighVoltage_77, Sp4mAlot_Monty, SafeHaven99); verdict pending."),
         ("ui_chrome_i18n_keys", t_ui_chrome_keys, "Missing-translation keys for UI chrome containing label words (high_contrast, billing_portal, quality.low) while the field's key is ...UNSET."),
         ("macro_catalogue_unused", t_macro_catalogue, "Shared XML DTD / LaTeX preamble defining one entity or macro per label, while the field references the TBD/None macro.")]


def main():
    items = []
    fam_counts = {}
    hard = {}
    for name, fn, desc in LEAKS:
        for i in range(12):
            k, tgt, labels, exp, leak, twin, corr = fn(i)
            txt = leak if isinstance(leak, str) else json.dumps(leak, ensure_ascii=False)
            hard.setdefault(name, []).append(not ww(exp, txt))
            items.append(({"expected": exp, "label_set": labels, "target": tgt, "projection": leak,
                           "truth": {"leak": True, "kind": "leak", "family": name}},
                          {"expected": exp, "label_set": labels, "target": tgt, "projection": twin,
                           "truth": {"leak": False, "kind": "twin", "family": name}}))
        fam_counts[name] = 24
    for name, fn, desc in TRAPS:
        for i in range(12):
            k, tgt, labels, exp, proj = fn(i)
            txt = proj if isinstance(proj, str) else json.dumps(proj, ensure_ascii=False)
            hard.setdefault(name, []).append(not ww(exp, txt))
            items.append(({"expected": exp, "label_set": labels, "target": tgt, "projection": proj,
                           "truth": {"leak": False, "kind": "trap", "family": name}},))
        fam_counts[name] = 12
    R.shuffle(items)
    out = []
    for grp in items:
        for it in grp:
            it["id"] = "b5-%04d" % (len(out) + 1)
            out.append(it)
        if len(grp) == 2:
            grp[1]["truth"]["twin_of"] = grp[0]["id"]
    with open(os.path.join(OUT, "items.jsonl"), "w", encoding="utf-8") as f:
        for it in out:
            o = {"id": it["id"], "expected": it["expected"], "label_set": it["label_set"], "target": it["target"],
                 "projection": it["projection"], "truth": it["truth"]}
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    nl, nt = len(LEAKS), len(TRAPS)
    with open(os.path.join(OUT, "FAMILIES.md"), "w", encoding="utf-8") as f:
        f.write("# batch5 families\n\nTotal items: %d (%d leak families, %d trap families). Leak-family counts include the clean twins (12 leak + 12 twin). Generated by gen.py (seed 55055).\n\n" % (len(out), nl, nt))
        for name, fn, desc in LEAKS:
            f.write("- %s — leak — %s — 24 items (12 leak + 12 twin)\n" % (name, desc))
        for name, fn, desc in TRAPS:
            f.write("- %s — trap — %s — 12 items\n" % (name, desc))
    for name in hard:
        print("%-34s hard(not whole-word found)=%d/12" % (name, sum(hard[name])))
    print("total", len(out))


if __name__ == "__main__":
    main()
