#!/usr/bin/env python3
"""batch7 blind leakage-test generator (deterministic, seed 77007)."""
import csv, io, json, random, re, textwrap, os

SEED = 77007
R = random.Random(SEED)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items.jsonl")

S = {
 "PRI": (["Low", "Medium", "High", "Critical"], "priority"),
 "PRI3": (["Low", "Medium", "High"], "priority"),
 "SEV": (["Sev1", "Sev2", "Sev3", "Sev4"], "severity"),
 "SENT": (["Negative", "Neutral", "Positive"], "sentiment"),
 "CAT": (["Billing", "Technical", "Account Access", "Shipping"], "category"),
 "DEC": (["Approve", "Decline"], "refund_decision"),
 "SPAM": (["Spam", "Not spam"], "verdict"),
 "STARS": (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "star_rating"),
 "PL": (["P1", "P2", "P3", "P4"], "priority"),
 "FREE": (["Password Reset", "Network Outage", "Hardware Failure", "Feature Request"], "issue_type"),
 "SEMVER": (["major", "minor", "patch"], "semver_bump"),
 "YN": (["Yes", "No"], "warranty_eligible"),
 "PSIZE": (["Small", "Medium", "Large"], "parcel_size"),
}

DESCS = [
 "Export to CSV stalls at 99% when the report spans more than one quarter.",
 "Customer says the mobile app signs them out every time it updates.",
 "Parcel tracking page has shown 'label created' for nine days.",
 "Invoice PDF shows the old VAT number after the company moved to Lyon.",
 "Two agents cannot open the dashboard since the proxy certificate rotated.",
 "Requester wants a dark theme for the reporting module.",
 "Warehouse scanner freezes after scanning roughly forty pallets.",
 "Card was charged twice for the same order on 14 November.",
 "Reset e-mails arrive after the link has already expired.",
 "VPN drops every few minutes on the Rotterdam office wifi.",
 "Review text: the blender arrived quickly but the lid cracked on day two.",
 "Review text: does what it says, nothing more, nothing less.",
 "Review text: honestly the best headphones I've owned for the price.",
 "Newsletter sign-up form accepts addresses without a domain.",
 "Laptop fan runs constantly and the chassis gets hot to the touch.",
 "Customer asks why the annual plan renewal date moved by a week.",
 "SAML login loops back to the portal landing page.",
 "The courier left the box at a neighbour's address without a photo.",
 "Printer on floor 3 prints blank pages since the driver push.",
 "Message from an unknown sender offering a prize claim link.",
]
NAMES = ["Marta Kowalczyk", "Dmitri Volkov", "Aisha Bello", "Tomás Ruiz", "Hana Sato", "Lena Fischer",
         "Omar Haddad", "Priya Nair", "Jonas Berg", "Chloé Martin", "Sven Olsen", "Grace Mensah"]

def pick(seq):
    return R.choice(seq)

def tid(prefix=None):
    return "%s-%d" % (prefix or pick(["SUP", "HD", "OPS", "CS", "INC", "ZD", "ITSM"]), R.randint(1000, 99999))

def lab(scheme, i):
    labels, target = S[scheme]
    return labels[i % len(labels)] if R.random() < 0.5 else R.choice(labels), labels, target

# ---------------------------------------------------------------- figlet font
FONT = {
 "A": [" ### ", "#   #", "#####", "#   #", "#   #"], "B": ["#### ", "#   #", "#### ", "#   #", "#### "],
 "C": [" ####", "#    ", "#    ", "#    ", " ####"], "D": ["#### ", "#   #", "#   #", "#   #", "#### "],
 "E": ["#####", "#    ", "#### ", "#    ", "#####"], "F": ["#####", "#    ", "#### ", "#    ", "#    "],
 "G": [" ####", "#    ", "#  ##", "#   #", " ####"], "H": ["#   #", "#   #", "#####", "#   #", "#   #"],
 "I": ["#####", "  #  ", "  #  ", "  #  ", "#####"], "J": ["#####", "   # ", "   # ", "#  # ", " ##  "],
 "K": ["#   #", "#  # ", "###  ", "#  # ", "#   #"], "L": ["#    ", "#    ", "#    ", "#    ", "#####"],
 "M": ["#   #", "## ##", "# # #", "#   #", "#   #"], "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
 "O": [" ### ", "#   #", "#   #", "#   #", " ### "], "P": ["#### ", "#   #", "#### ", "#    ", "#    "],
 "R": ["#### ", "#   #", "#### ", "#  # ", "#   #"], "S": [" ####", "#    ", " ### ", "    #", "#### "],
 "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "], "U": ["#   #", "#   #", "#   #", "#   #", " ### "],
 "V": ["#   #", "#   #", "#   #", " # # ", "  #  "], "W": ["#   #", "#   #", "# # #", "## ##", "#   #"],
 "X": ["#   #", " # # ", "  #  ", " # # ", "#   #"], "Y": ["#   #", " # # ", "  #  ", "  #  ", "  #  "],
 "Z": ["#####", "   # ", "  #  ", " #   ", "#####"],
 "0": [" ### ", "#  ##", "# # #", "##  #", " ### "], "1": ["  #  ", " ##  ", "  #  ", "  #  ", " ### "],
 "2": [" ### ", "#   #", "  ## ", " #   ", "#####"], "3": ["#### ", "    #", " ### ", "    #", "#### "],
 "4": ["#   #", "#   #", "#####", "    #", "    #"], "5": ["#####", "#    ", "#### ", "    #", "#### "],
 "6": [" ### ", "#    ", "#### ", "#   #", " ### "], "7": ["#####", "    #", "   # ", "  #  ", "  #  "],
 "8": [" ### ", "#   #", " ### ", "#   #", " ### "], "9": [" ### ", "#   #", " ####", "    #", " ### "],
 " ": ["   ", "   ", "   ", "   ", "   "], "-": ["     ", "     ", "#####", "     ", "     "],
 "!": ["#", "#", "#", " ", "#"], ".": [" ", " ", " ", " ", "#"], "/": ["    #", "   # ", "  #  ", " #   ", "#    "],
}
def banner(text, ch="#"):
    rows = ["", "", "", "", ""]
    for c in text.upper():
        g = FONT[c]
        for k in range(5):
            rows[k] += g[k].replace("#", ch) + "  "
    return "\n".join(r.rstrip() for r in rows)

# ---------------------------------------------------------------- RU layout
EN = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
RU = "йцукенгшщзхъфывапролджэячсмитьбю"
def ru_layout(s):
    out = []
    for c in s:
        lo = c.lower()
        if lo in EN:
            r = RU[EN.index(lo)]
            out.append(r.upper() if c.isupper() else r)
        else:
            out.append(c)
    return "".join(out)

def fixed(fn):
    """Replay the same random stream on every call so a leak and its twin share all incidental content."""
    st = R.getstate()
    def w(*a, **k):
        R.setstate(st)
        return fn(*a, **k)
    return w

ITEMS = []
def add(fam, kind, expected, labels, target, proj, leak, corr=None, twin_of=None):
    n = len(ITEMS) + 1
    it = {"id": "b7-%04d" % n, "expected": expected, "label_set": labels, "target": target}
    if corr:
        it["correlated_values"] = corr
    it["projection"] = proj
    tr = {"leak": leak, "kind": kind, "family": fam}
    if twin_of:
        tr["twin_of"] = twin_of
    it["truth"] = tr
    ITEMS.append(it)
    return it["id"]

def leak_family(name, fn):
    for i in range(12):
        r = fn(i)
        lid = add(name, "leak", r["exp"], r["labels"], r["target"], r["leak"], True, r.get("corr"))
        add(name, "twin", r["exp"], r["labels"], r["target"], r["twin"], False, r.get("corr"), twin_of=lid)

def walk_text(p):
    if isinstance(p, str):
        return p
    if isinstance(p, dict):
        return "\n".join(str(k) + "\n" + walk_text(v) for k, v in p.items())
    if isinstance(p, list):
        return "\n".join(walk_text(v) for v in p)
    return json.dumps(p)

def _found(lbl, text):
    return re.search(r"(?<![A-Za-z0-9])" + re.escape(lbl) + r"(?![A-Za-z0-9])", text, re.I) is not None

def trap_family(name, fn):
    for i in range(12):
        r = fn(i)
        txt = walk_text(r["proj"])
        present = [x for x in r["labels"] if _found(x, txt)]
        if present and R.random() < 0.85:
            r["exp"] = R.choice(present)
        add(name, "trap", r["exp"], r["labels"], r["target"], r["proj"], False, r.get("corr"))

# ================================================================ LEAK FAMILIES
def f_figlet(i):
    scheme = ["PRI", "SEV", "SPAM", "DEC", "PL", "SEV"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); ch = pick(["#", "@", "*", "█"]); d = pick(DESCS)
    moderate = i % 2 == 1
    @fixed
    def mk(word, showcmd):
        b = banner(word, ch)
        ctx = i % 4
        if ctx == 0:
            cmd = ("$ figlet -f block %s\n" % word.lower()) if showcmd else "$ figlet -f block \"$RESULT\"\n"
            return {"job": "triage-bot/classify", "ticket": t, "summary": d,
                    "log": "+ python classify.py --ticket %s > result.txt\n+ RESULT=$(cat result.txt)\n%s%s\n+ exit 0" % (t, cmd, b)}
        if ctx == 1:
            head = ("ok making it official (`banner %s`):" % word.lower()) if showcmd else "ok making it official:"
            return {"channel": "#inc-bridge", "messages": [
                {"user": pick(NAMES), "ts": "1764410%03d.001" % R.randint(0, 999), "text": "anyone looked at %s yet? %s" % (t, d)},
                {"user": pick(NAMES), "ts": "1764410%03d.002" % R.randint(0, 999), "text": head + "\n```\n" + b + "\n```"}]}
        if ctx == 2:
            return {"host": "jump-01.corp", "motd": "Current open item: %s\n%s\n%s" % (t, d, b) +
                    (("\n(generated: toilet -f mono9 '%s')" % word) if showcmd else ""), "last_login": "Sat Nov 28 21:14"}
        return {"ticket": t, "description": d, "fields": {target: None},
                "attachments": [{"name": "triage_console.txt", "content": "== triage console ==\n" + b + "\n" +
                                 ("printed via `figlet %s`" % word if showcmd else "printed via figlet") + "\n== end =="}]}
    word = exp.upper()
    twin_word = pick(["TRIAGE", "DONE", "LGTM", "ON IT"])
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(word, moderate), "twin": mk(twin_word, moderate)}

def f_layout(i):
    scheme = ["PRI", "SENT", "CAT", "SPAM", "DEC", "FREE"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); d = pick(DESCS); who = pick(["Dmitri Volkov", "Anya Petrova", "Oleg Sidorov", "Katya Ivanova"])
    garb = ru_layout(pick(["I'd put it as %s", "my vote: %s", "%s imo", "feels like %s to me"]) % exp.lower())
    twin_garb = ru_layout(pick(["let me check again", "reading logs now", "one sec, on a call", "will look after lunch"]))
    fmt = i % 3
    @fixed
    def mk(g, corr):
        msgs = [{"from": pick(NAMES), "text": "%s — %s Thoughts on %s?" % (t, d, target)},
                {"from": who, "text": g},
                {"from": who, "text": pick(["блин, раскладка 🙃", "argh, wrong keyboard layout again", "ой, раскладка", "sorry, RU layout was on"])}]
        if corr:
            msgs.append({"from": who, "text": "*" + exp.lower()})
        if fmt == 0:
            return {"source": "telegram_export", "chat": "support-triage", "messages": msgs}
        if fmt == 1:
            return {"ticket": {"id": t, "description": d, target: None}, "slack_thread": [{"user": m["from"], "text": m["text"]} for m in msgs]}
        return "\n".join("[%s] %s: %s" % ("09:%02d" % (10 + k), m["from"], m["text"]) for k, m in enumerate(msgs))
    moderate = i % 2 == 1
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(garb, moderate), "twin": mk(twin_garb, False)}

def f_todo(i):
    labels, target = S["PRI3"]
    exp = labels[i % 3] if i < 6 else pick(labels)
    k = labels.index(exp)  # 0 low 1 med 2 high
    fmt = i % 4
    task = pick(["Renew TLS cert for the customer portal", "Call back Marta about the stuck export",
                 "Replace toner in the floor 3 printer", "Check why reset links expire early",
                 "Move warehouse scanner to new firmware", "Answer Lyon VAT question on invoices"])
    if fmt == 0:
        cookie = ["(C) ", "(B) ", "(A) "][k]
        @fixed
        def mk(c):
            return {"file": "todo.txt", "content": "# team todo.txt (priorities: A=high B=medium C=low)\n"
                    "x 2026-11-20 Close out Rotterdam VPN ticket +netops\n%s2026-11-24 %s +support @phone\n2026-11-25 Order spare scanner batteries +warehouse" % (c, task),
                    "question": "Which priority does the task '%s' have?" % task}
        return {"exp": exp, "labels": labels, "target": target, "leak": mk(cookie), "twin": mk(""), "corr": [cookie.strip()]}
    if fmt == 1:
        p = [R.choice([7, 8, 9]), 5, R.choice([1, 2])][k]
        @fixed
        def mk(pline):
            return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//Reminders//EN\r\nBEGIN:VTODO\r\n"
                    "UID:%s\r\nDTSTAMP:20261124T081500Z\r\nSUMMARY:%s\r\n%sSTATUS:NEEDS-ACTION\r\nDUE;VALUE=DATE:20261127\r\n"
                    "END:VTODO\r\nEND:VCALENDAR\r\n") % ("%08X-2C1E-4F0B-9A51-%012X" % (R.getrandbits(32), R.getrandbits(48)), task, pline)
        return {"exp": exp, "labels": labels, "target": target, "leak": mk("PRIORITY:%d\r\n" % p), "twin": mk(""), "corr": ["PRIORITY:%d" % p]}
    if fmt == 2:
        code = "LMH"[k]
        @fixed
        def mk(with_p):
            o = {"id": R.randint(10, 90), "description": task, "entry": "20261123T101500Z", "modified": "20261124T090000Z",
                 "project": "support", "status": "pending", "uuid": "%08x-1b2c-4d5e-8f90-%012x" % (R.getrandbits(32), R.getrandbits(48)),
                 "tags": ["customer"], "urgency": 4.1}
            if with_p:
                o["priority"] = code
            return {"tool": "task export", "output": json.dumps([o])}
        return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False), "corr": ["priority:" + code]}
    marks = ["! ", "!! ", "!!! "][k]
    @fixed
    def mk(m):
        return {"app": "Reminders", "list": "Support follow-ups", "items": [
            "☐ Ask legal about retention wording", "☐ %s%s" % (m, task), "☑ Send Rotterdam wifi survey"],
            "note": "screenshot transcribed by the assistant in step 2"}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(marks), "twin": mk(""), "corr": [marks.strip()]}

def f_numfmt(i):
    scheme = ["PRI3", "SENT", "DEC", "SPAM"][i % 4]
    labels, target = S[scheme]
    exp = pick(labels)
    if scheme == "PRI3":
        order = R.sample([1, 2, 3], 3)
        vals = dict(zip(labels, order))
        a, b = sorted(labels, key=lambda x: vals[x])[:2]
        c = [x for x in labels if x not in (a, b)][0]
        code = '[=%d]"%s";[=%d]"%s";"%s"' % (vals[a], a, vals[b], b, c)
        v = vals[exp]
    elif scheme == "SENT":
        code = '"Positive";"Negative";"Neutral"'
        v = {"Positive": R.choice([1, 2]), "Negative": -R.choice([1, 2]), "Neutral": 0}[exp]
    elif scheme == "DEC":
        code = '[=1]"Approve";[=0]"Decline";"?"'
        v = {"Approve": 1, "Decline": 0}[exp]
    else:
        code = '[=1]"Spam";[=0]"Not spam";General'
        v = {"Spam": 1, "Not spam": 0}[exp]
    t = tid(); d = pick(DESCS)
    styles = ('<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2">'
              '<numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="165" formatCode="%s"/></numFmts>'
              '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="49"/>'
              '<xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>') % code.replace('"', "&quot;")
    def sheet(val):
        dcell = '<c r="D2" s="3"><v>%d</v></c>' % val if val is not None else '<c r="D2" s="3"/>'
        return ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                '<row r="1"><c r="A1" t="inlineStr"><is><t>Ticket</t></is></c><c r="B1" t="inlineStr"><is><t>Opened</t></is></c>'
                '<c r="C1" t="inlineStr"><is><t>Summary</t></is></c><c r="D1" t="inlineStr"><is><t>Triage</t></is></c></row>'
                '<row r="2"><c r="A2" t="inlineStr"><is><t>%s</t></is></c><c r="B2" s="1"><v>46349.%d</v></c>'
                '<c r="C2" t="inlineStr"><is><t>%s</t></is></c>%s</row></sheetData></worksheet>') % (t, R.randint(1000, 9999), d.replace("'", "&apos;"), dcell)
    @fixed
    def mk(val):
        return {"attachment": "triage_%s.xlsx (unzipped)" % t.lower(), "xl/worksheets/sheet1.xml": sheet(val), "xl/styles.xml": styles}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(v), "twin": mk(None)}

def f_poll(i):
    scheme = ["PRI", "SEV", "SENT", "CAT", "STARS", "FREE"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); fmt = i % 4
    voters = R.sample(NAMES, 6)
    win = R.randint(4, 6)
    other = [x for x in labels if x != exp]
    stray = R.choice(other) if R.random() < 0.5 else None
    def counts(empty):
        c = {x: 0 for x in labels}
        if not empty:
            c[exp] = win
            if stray:
                c[stray] = 1
        return c
    @fixed
    def mk(empty):
        c = counts(empty)
        if fmt == 0:
            lines = ["*%s for %s?* (poll by Simple Poll)" % (target.replace("_", " ").title(), t)]
            vi = 0
            for n, x in enumerate(labels):
                names = ", ".join("@" + voters[(vi + k) % 6].split()[0] for k in range(c[x]))
                vi += c[x]
                lines.append("%d️⃣ %s  `%d`  %s" % (n + 1, x, c[x], names))
            lines.append("Poll closed by @%s" % voters[0].split()[0] if not empty else "Poll closed by @%s — 0 responses" % voters[0].split()[0])
            return {"channel": "#triage", "message": "\n".join(lines)}
        if fmt == 1:
            return {"type": 0, "content": "vote on %s please" % t, "poll": {
                "question": {"text": "%s of %s" % (target, t)},
                "answers": [{"answer_id": n + 1, "poll_media": {"text": x}} for n, x in enumerate(labels)],
                "expiry": "2026-11-28T18:00:00Z", "allow_multiselect": False,
                "results": {"is_finalized": True, "answer_counts": [{"id": n + 1, "count": c[x], "me_voted": False} for n, x in enumerate(labels) if c[x] or empty]}}}
        if fmt == 2:
            return {"discussion": {"title": "Triage vote: %s" % t, "body": pick(DESCS), "poll": {
                "question": "What %s should this get?" % target, "totalVoteCount": sum(c.values()),
                "options": {"nodes": [{"option": x, "totalVoteCount": c[x]} for x in labels]}}}}
        csv = "Option,Responses,Percent\n" + "\n".join("%s,%d,%s" % (x, c[x], ("%.0f%%" % (100.0 * c[x] / max(1, sum(c.values()))))) for x in labels)
        return {"forms_export": "Triage %s — responses" % t, "summary_csv": csv, "ticket": {"id": t, target: None}}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(False), "twin": mk(True)}

FOLLOW = {
 "CAT": {"Billing": ("Which invoice number is affected?", "INV-2026-%05d" % 48211),
         "Technical": ("Device model and OS version?", "ThinkPad T14 Gen 3, Windows 11 23H2"),
         "Account Access": ("Which e-mail address do you sign in with?", "m.kowalczyk@example.pl"),
         "Shipping": ("Courier tracking number?", "JJD0002249517733")},
 "SENT": {"Negative": ("What went wrong?", "the lid cracked on day two and support never replied"),
          "Neutral": ("What would have made it better?", "clearer instructions in the box"),
          "Positive": ("What did you enjoy most?", "the sound, and the case is great")},
 "YN": {"Yes": ("Preferred replacement delivery date", "2026-12-03"),
        "No": ("Would you like a paid repair quote?", "sure, send it over")},
 "PRI": {"Critical": ("Bridge call dial-in for the incident", "+44 20 3481 0090 pin 5521"),
         "High": ("How many customers are affected right now?", "around 40"),
         "Medium": ("Is there a workaround in place?", "they export by week instead"),
         "Low": ("When would a fix be convenient?", "whenever, next sprint is fine")},
}
def f_branch(i):
    scheme = ["CAT", "SENT", "YN", "PRI"][i % 4]
    exp, labels, target = lab(scheme, i)
    fu = FOLLOW[scheme]
    fmt = i % 3
    qs = [{"id": "q1", "title": "Select the %s" % target.replace("_", " "), "type": "choice", "choices": labels}]
    for n, x in enumerate(labels):
        qs.append({"id": "q%d" % (n + 2), "title": fu[x][0], "type": "text",
                   "display_logic": {"if": "q1", "equals": x} if fmt != 1 else "${q://QID1/ChoiceGroup/SelectedChoices} = '%s'" % x})
    @fixed
    def mk(leak):
        ans = {"q1": "[withheld for evaluation]"}
        for n, x in enumerate(labels):
            qid = "q%d" % (n + 2)
            if leak and x == exp:
                ans[qid] = fu[x][1]
            else:
                ans[qid] = {"displayed": False}
        st = "completed" if leak else "partial — respondent closed the form after q1"
        body = {"form": {"name": pick(["Warranty intake", "Support wizard v3", "Post-delivery survey", "Case routing form"]), "questions": qs},
                "response": {"response_id": "R_%x" % R.getrandbits(40), "status": st, "answers": ans}}
        if fmt == 2:
            return json.dumps(body, ensure_ascii=False, indent=1)
        return body
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

def split_word(w):
    if " " in w:
        a, b = w.split(" ", 1)
        return a + " " + b[:2], b[2:]
    k = max(1, min(len(w) - 1, len(w) // 2 + R.choice([-1, 0, 0, 1])))
    return w[:k], w[k:]

def f_cdata(i):
    scheme = ["SENT", "CAT", "PRI", "FREE", "SPAM", "SEV"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); d = pick(DESCS)
    a, b = split_word(exp)
    var = i % 4
    if var == 0: val = "<![CDATA[%s]]><![CDATA[%s]]>" % (a, b)
    elif var == 1: val = "%s<![CDATA[%s]]>" % (a, b)
    elif var == 2: val = "<![CDATA[<span class=\"tok\">%s</span><span class=\"tok\">%s</span>]]>" % (a, b)
    else: val = "<![CDATA[%s]]>" % exp
    sysn = i % 3
    @fixed
    def mk(v):
        if sysn == 0:
            return ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="0.92"><channel><title>Jira export</title><item>\n'
                    '<key id="%d">%s</key><summary>%s</summary>\n<customfields><customfield id="customfield_1%04d" key="com.acme:select">\n'
                    '<customfieldname>Triage outcome</customfieldname><customfieldvalues><customfieldvalue>%s</customfieldvalue>'
                    '</customfieldvalues></customfield></customfields>\n</item></channel></rss>') % (R.randint(10000, 99999), t, d, R.randint(0, 9999), v)
        if sysn == 1:
            return ('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>'
                    '<getCaseResponse><case><number>%s</number><subject><![CDATA[%s]]></subject>'
                    '<assessment>%s</assessment></case></getCaseResponse></soapenv:Body></soapenv:Envelope>') % (t, d, v)
        return ('<export generator="helpdesk-xml 2.4"><ticket ref="%s"><body><![CDATA[%s]]></body><annotations>'
                '<annotation by="triage-stage-1">%s</annotation></annotations></ticket></export>') % (t, d, v)
    return {"exp": exp, "labels": labels, "target": target, "leak": {"tool": "fetch_record", "raw_xml": mk(val)}, "twin": {"tool": "fetch_record", "raw_xml": mk("<![CDATA[]]>")}}

def f_rtf(i):
    scheme = ["PRI", "SENT", "CAT", "DEC", "SEV", "SPAM"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); d = pick(DESCS); who = pick(NAMES)
    a, b = split_word(exp)
    var = i % 4
    if var == 0: tok = "{\\b\\insrsid%d %s}{\\b\\insrsid%d %s}" % (R.randint(10**6, 10**7), a, R.randint(10**6, 10**7), b)
    elif var == 1: tok = "\\'%02x%s" % (ord(exp[0]), exp[1:])
    elif var == 2: tok = "{\\i %s}\\cf2 %s\\cf0 " % (a, b)
    else: tok = "{\\b %s}" % exp
    verb = pick(["our review rated this", "the triage desk set the %s to" % target.replace("_", " "), "after the call we landed on"])
    @fixed
    def mk(sent):
        return ("{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat{\\fonttbl{\\f0\\fswiss\\fcharset0 Calibri;}}\n"
                "{\\colortbl ;\\red0\\green0\\blue0;\\red192\\green0\\blue0;}\n{\\*\\generator Riched20 10.0.19041}\\viewkind4\\uc1\n"
                "\\pard\\sa200\\sl276\\slmult1\\f0\\fs22 Hi team,\\par\nRe %s: %s\\par\n%s\\par\nThanks, %s\\par\n}") % (t, d.replace("'", "\\'27"), sent, who)
    return {"exp": exp, "labels": labels, "target": target,
            "leak": {"message": {"subject": "Re: %s" % t, "body_format": "rtf", "body": mk("Quick update: %s %s." % (verb, tok))}},
            "twin": {"message": {"subject": "Re: %s" % t, "body_format": "rtf", "body": mk("Quick update: we will follow up after the call on Thursday.")}}}

HYPH = {"Negative": ("Neg", "ative"), "Positive": ("Posi", "tive"), "Neutral": ("Neu", "tral"), "Billing": ("Bill", "ing"),
        "Technical": ("Tech", "nical"), "Shipping": ("Ship", "ping"), "Critical": ("Crit", "ical"), "Medium": ("Me", "dium"),
        "Approve": ("Ap", "prove"), "Decline": ("De", "cline"), "Hardware Failure": ("Hardware Fail", "ure"),
        "Network Outage": ("Network Out", "age"), "Password Reset": ("Pass", "word Reset"), "Feature Request": ("Feature Re", "quest"),
        "Account Access": ("Account Ac", "cess")}
def f_hyph(i):
    scheme = ["SENT", "CAT", "DEC", "FREE", "SENT", "CAT"][i % 6]
    labels, target = S[scheme]
    cands = [x for x in labels if x in HYPH]
    exp = pick(cands)
    t = tid(); d = pick(DESCS)
    pres = [("Further to your correspondence of 19 November concerning reference %s, the review panel has examined the file, the call recordings and the courier statement, and has classified the matter as" % t,
             "Further to your correspondence of 19 November concerning reference %s, the review panel has examined the file, the call recordings and the courier statement. A classification will be recorded"% t),
            ("This fax confirms that case %s (%s) was reviewed by the second-line desk this morning; after checking the logs attached to the case the reviewer recorded the outcome as" % (t, d.rstrip('.')),
             "This fax confirms that case %s (%s) was reviewed by the second-line desk this morning; after checking the logs attached to the case the reviewer will record an outcome" % (t, d.rstrip('.'))),
            ("Summary of the quality call for %s. The customer described the issue in detail and the panel, having listened to both recordings twice, agreed the case should be filed as" % t,
             "Summary of the quality call for %s. The customer described the issue in detail and the panel, having listened to both recordings twice, will decide how the case is filed" % t)]
    pre, pre_twin = pick(pres)
    posts = [("and no further action is required from you at this stage. Should you wish to provide additional information please quote the reference above in all correspondence.",
              "No further action is required from you at this stage. Should you wish to provide additional information please quote the reference above in all correspondence."),
             ("for reporting purposes. Copies of this notice have been placed on file and a summary will be included in the monthly statement sent to your registered address.",
              "Copies of this notice have been placed on file and a summary will be included in the monthly statement sent to your registered address."),
             ("which will be reflected in the next reporting cycle. Please retain this letter for your records; it was produced automatically from the case system.",
              "Please retain this letter for your records; it was produced automatically from the case system.")]
    post, post_twin = pick(posts)
    hard = i % 2 == 0
    def justify(pre, word_a, word_b, post, width):
        pl = textwrap.wrap(pre, width)
        last = (pl[-1] + " " + word_a + ("-" if word_b else "")).rstrip()
        if len(last) > width + 6:
            pl.append(word_a + ("-" if word_b else ""))
        else:
            pl[-1] = last
        rest = textwrap.wrap((word_b + " " + post) if word_b else post, width)
        return "\n".join(pl + rest)
    width = R.choice([58, 62, 66])
    a, b = HYPH[exp]
    leak_txt = justify(pre, a, b, post, width) if hard else justify(pre, exp, "", post, width)
    twin_txt = textwrap.fill(pre_twin + ". " + post_twin, width)
    @fixed
    def mk(txt):
        return {"attachment": pick(["notice_%s.pdf" % t.lower(), "fax_%s.tif" % t.lower()]), "extracted_text": txt,
                "extractor": pick(["pdftotext -layout", "tesseract 5.3 (hocr→txt)", "nroff -man | col -b"])}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(leak_txt), "twin": mk(twin_txt)}

def f_query(i):
    scheme = ["PRI", "CAT", "SENT", "SEV", "FREE", "PRI"][i % 6]
    exp, labels, target = lab(scheme, i)
    proj_key = pick(["SUP", "HD", "OPS", "CS"])
    me = "%s-%d" % (proj_key, R.randint(2000, 9000))
    others = ["%s-%d" % (proj_key, R.randint(2000, 9000)) for _ in range(5)]
    hard = i % 2 == 0
    pref = exp[:3].lower() if " " not in exp else exp.split()[0][:4].lower()
    sysn = i % 4
    if sysn == 0:
        q = {"jql": ("project = %s AND %s = \"%s\" AND statusCategory != Done ORDER BY created DESC" % (proj_key, target, exp)) if not hard
             else ("project = %s AND %s ~ \"%s*\" AND statusCategory != Done ORDER BY created DESC" % (proj_key, target, pref))}
    elif sysn == 1:
        q = {"soql": ("SELECT Id, CaseNumber, Subject FROM Case WHERE %s__c = '%s' AND IsClosed = false" % (target.title(), exp)) if not hard
             else ("SELECT Id, CaseNumber, Subject FROM Case WHERE %s__c LIKE '%s%%' AND IsClosed = false" % (target.title(), exp[:3]))}
    elif sysn == 2:
        q = {"es_query": {"bool": {"filter": [({"term": {target + ".keyword": exp}} if not hard else {"prefix": {target: pref}}),
                                              {"term": {"status": "open"}}]}}}
    else:
        q = {"zendesk_search": ("type:ticket status<solved %s:%s" % (target, exp.lower().replace(" ", "_"))) if not hard
             else ("type:ticket status<solved tags:%s_%s*" % (target[:4], pref))}
    my_sum = pick(DESCS)
    sums = {k: pick(DESCS) for k in others}
    sums[me] = my_sum
    @fixed
    def mk(include):
        res = others[:3] + ([me] if include else []) + others[3:4]
        return {"step": "earlier agent step: run_saved_filter('my open queue slice')", "query": q,
                "result": {"total": 37, "returned": len(res), "note": "first page only",
                           "items": [{"key": k, "summary": sums[k]} for k in res]},
                "current_ticket": {"key": me, "summary": my_sum, target: None}}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

def pdfname(s):
    return "/" + "".join(c if c.isalnum() else "#%02X" % ord(c) for c in s)
def f_acro(i):
    scheme = ["CAT", "SENT", "PRI", "DEC", "FREE", "CAT"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); var = i % 3
    if var == 0 and " " not in exp:
        var = 2 if i % 2 == 0 else 1
    head = "%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 6 0 R] /NeedAppearances true >> >> endobj\n"
    f5 = "5 0 obj << /FT /Tx /T (CaseRef) /V (%s) /Rect [72 700 300 716] >> endobj\n" % t
    if var in (0, 1):
        @fixed
        def mk(v):
            kids = []
            for n, x in enumerate(labels):
                st = pdfname(x) if (v and x == exp) else "/Off"
                kids.append("%d 0 obj << /Parent 6 0 R /Rect [72 %d 84 %d] /AS %s /AP << /N << %s 30 0 R /Off 31 0 R >> >> >> endobj"
                            % (10 + n, 640 - 18 * n, 652 - 18 * n, st, pdfname(x)))
            vv = pdfname(exp) if v else "/Off"
            return head + f5 + "6 0 obj << /FT /Btn /Ff 49152 /T (%s) /V %s /Kids [%s] >> endobj\n" % (target, vv, " ".join("%d 0 R" % (10 + n) for n in range(len(labels)))) + "\n".join(kids) + "\ntrailer << /Root 1 0 R >>\n%EOF"
        return {"exp": exp, "labels": labels, "target": target, "leak": {"file": "intake_%s.pdf (qpdf --qdf, uncompressed)" % t, "text": mk(True)}, "twin": {"file": "intake_%s.pdf (qpdf --qdf, uncompressed)" % t, "text": mk(False)}}
    @fixed
    def mk(v):
        vs = "/V <FEFF%s>" % "".join("%04X" % ord(c) for c in exp) if v else "/V <FEFF>"
        return head + f5 + "6 0 obj << /FT /Ch /Ff 131072 /T (%s) /Opt [%s] %s /DA (/Helv 10 Tf 0 g) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF" % (target, " ".join("<FEFF%s>" % "".join("%04X" % ord(c) for c in x) for x in labels), vs)
    return {"exp": exp, "labels": labels, "target": target, "leak": {"file": "intake_%s.pdf (qpdf --qdf, uncompressed)" % t, "text": mk(True)}, "twin": {"file": "intake_%s.pdf (qpdf --qdf, uncompressed)" % t, "text": mk(False)}}

TYPO = {"High": "hgih", "Low": "lwo", "Medium": "mediun", "Critical": "crtical", "Negative": "negaitve", "Neutral": "nuetral",
        "Positive": "postive", "Billing": "billign", "Technical": "techincal", "Shipping": "shippign", "Account Access": "acount acess",
        "Spam": "spma", "Not spam": "not sapm", "Sev1": "sve1", "Sev2": "sve2", "Sev3": "sve3", "Sev4": "sve4",
        "Password Reset": "pasword rest", "Network Outage": "netwrok outage", "Hardware Failure": "hardwre failure", "Feature Request": "feature reqeust"}
def f_typo(i):
    scheme = ["SENT", "PRI", "CAT", "SPAM", "SEV", "FREE"][i % 6]
    exp, labels, target = lab(scheme, i)
    t = tid(); d = pick(DESCS); who = pick(NAMES)
    tpl = pick(["fwiw i'd call this one %s", "tagging as %s, ping me if u disagree", "def %s tbh", "%s — moving on to the next one", "quick look: %s"])
    moderate = i % 2 == 1
    fmt = i % 3
    @fixed
    def mk(leak):
        msgs = [{"u": pick(NAMES), "t": "%s: %s" % (t, d)}]
        if leak:
            msgs.append({"u": who, "t": tpl % TYPO[exp]})
            if moderate:
                msgs.append({"u": who, "t": "*%s (typing on phone)" % exp.lower()})
        else:
            msgs.append({"u": who, "t": "haven't opened it yet, will after standup"})
        if fmt == 0:
            return {"ticket": {"id": t, target: None}, "chat": msgs}
        if fmt == 1:
            return {"worklog": [{"author": m["u"], "comment": m["t"], "timeSpent": "%dm" % R.randint(2, 20)} for m in msgs]}
        return "\n".join("<%s> %s" % (m["u"].split()[0].lower(), m["t"]) for m in msgs)
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

def f_strike(i):
    scheme = ["PRI", "SEV", "SENT", "CAT", "STARS", "PL"][i % 6]
    exp, labels, target = lab(scheme, i)
    prev = R.sample([x for x in labels if x != exp], min(2, len(labels) - 1))
    t = tid(); fmt = i % 5
    reason = pick(["after the second report from the same customer", "once the logs came back", "per the bridge call", "after re-reading the thread"])
    @fixed
    def mk(leak):
        finals = exp
        if fmt == 0:
            s = " ".join("~~%s~~" % p for p in prev) + (" **%s** (%s)" % (finals, reason) if leak else " ~~%s~~ — re-triage Monday" % finals)
            return {"github_issue_comment": {"user": "triage-rota", "body": "**%s:** %s\n\n%s" % (target.title(), s, pick(DESCS))}}
        if fmt == 1:
            s = " ".join("<del>%s</del>" % p for p in prev) + (" <strong>%s</strong> (%s)" % (finals, reason) if leak else " <del>%s</del> &mdash; re-triage Monday" % finals)
            return {"zendesk_comment": {"public": False, "html_body": "<p>%s: %s</p><p>%s</p>" % (target, s, pick(DESCS))}}
        if fmt == 2:
            s = " ".join("~%s~" % p for p in prev) + (" *%s* (%s)" % (finals, reason) if leak else " ~%s~ re-triage Monday" % finals)
            return {"slack": {"channel": "#triage", "text": "%s %s: %s" % (t, target, s)}}
        if fmt == 3:
            s = " ".join("-%s-" % p for p in prev) + (" *%s* (%s)" % (finals, reason) if leak else " -%s- re-triage Monday" % finals)
            return {"jira_comment_wiki": "h4. Triage notes\n%s: %s\n%s" % (target, s, pick(DESCS))}
        s = " ".join('<span style="text-decoration: line-through;">%s</span>' % p for p in prev) + \
            (" <strong>%s</strong> (%s)" % (finals, reason) if leak else ' <span style="text-decoration: line-through;">%s</span> re-triage Monday' % finals)
        return {"confluence_storage": "<p>%s &mdash; %s: %s</p>" % (t, target, s)}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

def f_semver(i):
    labels, target = S["SEMVER"]
    exp = labels[i % 3]
    ma, mi, pa = R.randint(0, 7) + 1, R.randint(0, 14), R.randint(0, 9)
    new = {"major": (ma + 1, 0, 0), "minor": (ma, mi + 1, 0), "patch": (ma, mi, pa + 1)}[exp]
    old_s = "%d.%d.%d" % (ma, mi, pa); new_s = "%d.%d.%d" % new
    pkg = pick(["@acme/billing-sdk", "ledger-core", "acme-cli", "orbit-ui", "pyrelay", "tilemap-rs"])
    pr = {"number": R.randint(300, 4000), "title": pick(["Rework retry loop in uploader", "Drop Node 16 support and change export names",
          "Add dark theme tokens", "Fix off-by-one in pagination cursor", "Accept ISO week dates in the report filter"]),
          "body": "Closes #%d. See discussion in the RFC thread." % R.randint(100, 999)}
    var = i % 6
    hard = var < 3
    files_code = [{"filename": "src/%s" % pick(["uploader.ts", "cursor.py", "theme/tokens.ts", "lib.rs", "filters.go"]), "status": "modified", "additions": R.randint(4, 80), "deletions": R.randint(1, 40)}]
    if var == 0:
        extra = {"filename": "package.json", "diff": "@@ -2,3 +2,3 @@\n   \"name\": \"%s\",\n-  \"version\": \"%s\",\n+  \"version\": \"%s\",\n   \"license\": \"MIT\"," % (pkg, old_s, new_s)}
    elif var == 1:
        extra = {"filename": "CHANGELOG.md", "diff": "@@ -1,4 +1,9 @@\n # Changelog\n+\n+## [%s](https://github.com/acme/%s/compare/v%s...v%s) (2026-11-27)\n+\n+* %s\n+\n ## [%s] (2026-10-02)" % (new_s, pkg.split('/')[-1], old_s, new_s, pr["title"], old_s)}
    elif var == 2:
        extra = {"filename": "Cargo.toml", "diff": "@@ -1,4 +1,4 @@\n [package]\n name = \"%s\"\n-version = \"%s\"\n+version = \"%s\"\n edition = \"2021\"" % (pkg.strip('@').replace('/', '-'), old_s, new_s)}
    elif var == 3:
        extra = {"filename": ".changeset/%s.md" % pick(["brave-cats-sing", "quiet-owls-run", "tidy-foxes-jump"]), "diff": "@@ -0,0 +1,5 @@\n+---\n+\"%s\": %s\n+---\n+\n+%s" % (pkg, exp, pr["title"])}
    elif var == 4:
        extra = {"filename": "ci/release.log", "diff": "@@ -0,0 +1,3 @@\n+$ npm version %s -m \"release %%s\"\n+v%s\n+$ git push --follow-tags" % (exp, new_s)}
    else:
        extra = {"filename": "ci/release.log", "diff": "@@ -0,0 +1,3 @@\n+$ poetry version %s\n+Bumping version from %s to %s\n+$ poetry build" % (exp, old_s, new_s)}
    @fixed
    def mk(leak):
        return {"pull_request": pr, "files": files_code + ([extra] if leak else []), "current_version_on_registry": old_s if var < 3 else None}
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

def f_ditto(i):
    scheme = ["PRI", "SEV", "SENT", "CAT", "PL", "FREE"][i % 6]
    exp, labels, target = lab(scheme, i)
    others = [x for x in labels if x != exp]
    below = R.choice(others); top = R.choice(labels)
    mark = ['"', "〃", "do.", "ditto", "''", "〃"][i % 6]
    pre = pick(["HD", "OPS", "CS"])
    base = R.randint(4100, 8800)
    steps = [R.randint(1, 9) for _ in range(4)]
    ids = ["%s-%d" % (pre, base + sum(steps[:k + 1])) for k in range(4)]
    me = ids[2]
    fmt = i % 3
    def rows(leak):
        return [(ids[0], top, pick(DESCS)), (ids[1], exp, pick(DESCS)), (me, mark if leak else "", pick(DESCS)), (ids[3], below, pick(DESCS))]
    state = R.getstate()
    @fixed
    def mk(leak):
        R.setstate(state)
        rs = rows(leak)
        if fmt == 0:
            return {"sheet": "night-shift log (transcribed from paper)", "csv": "ticket,%s,notes\n" % target + "\n".join('%s,"%s",%s' % (a, b.replace('"', '""'), c.replace(",", ";")) for a, b, c in rs), "current_ticket": me}
        if fmt == 1:
            return {"page": "Triage handover 28 Nov", "markdown": "| Ticket | %s | Notes |\n|---|---|---|\n" % target.title() + "\n".join("| %s | %s | %s |" % r for r in rs), "ask": "Determine %s for %s" % (target, me)}
        return "HANDOVER LOG  28-NOV  (typed from the paper book)\n" + "\n".join("%-9s %-18s %s" % r for r in rs) + "\n-- item under review: %s" % me
    return {"exp": exp, "labels": labels, "target": target, "leak": mk(True), "twin": mk(False)}

# ================================================================ TRAPS
def nolab(scheme):
    labels, target = S[scheme]
    return pick(labels), labels, target

def t_figlet(i):
    scheme = ["PRI", "SEV", "SPAM", "DEC"][i % 4]
    exp, labels, target = nolab(scheme)
    word = pick(["DEPLOY OK", "V4.2.0", "FRIDAY", "ON CALL", "WELCOME", "BUILD 812"])
    chatter = pick({"PRI": ["high availability pair is back in sync", "low disk warning on build-07 is known, ignore", "Critical path for the release is the docs site"],
                    "SEV": ["Sev1 drill is scheduled for next Tuesday, not related", "the Sev2 postmortem template moved to the wiki"],
                    "SPAM": ["the spam filter appliance got a firmware update too", "not spam: the newsletter goes out at 10:00"],
                    "DEC": ["finance will approve the new runners next week", "they may decline the vendor quote, we'll see"]}[scheme])
    return {"exp": exp, "labels": labels, "target": target, "proj": {"ticket": {"id": tid(), "summary": pick(DESCS), target: None},
            "ci_log": "$ figlet '%s'\n%s\n# note: %s" % (word, banner(word, pick(["#", "@", "*"])), chatter)}}

def t_poll(i):
    scheme = ["SIZE_ALT", "YN", "PRI", "SENT"][i % 4]
    if scheme == "SIZE_ALT":
        labels, target = S["PSIZE"]; exp = pick(labels)
        q, opts = "Team lunch: pizza size for Friday?", ["Large", "Medium", "Small"]
    elif scheme == "YN":
        labels, target = S["YN"]; exp = pick(labels)
        q, opts = "Offsite in Lisbon in March — are you in?", ["Yes", "No", "Maybe"]
    elif scheme == "PRI":
        labels, target = S["PRI"]; exp = pick(labels)
        q, opts = "Which item should the guild tackle next quarter? (High = most wanted)", ["High: flaky e2e tests", "Medium: docs search", "Low: emoji picker"]
    else:
        labels, target = S["SENT"]; exp = pick(labels)
        q, opts = "How did the retro format feel?", ["Positive", "Neutral", "Negative"]
    counts = [R.randint(0, 6) for _ in opts]
    return {"exp": exp, "labels": labels, "target": target, "proj": {"ticket": {"id": tid(), "description": pick(DESCS), target: None},
            "recent_channel_messages": [{"user": pick(NAMES), "text": "ticket above still needs triage"},
                                        {"user": "Simple Poll", "text": "*%s*\n" % q + "\n".join("%s `%d`" % (o, c) for o, c in zip(opts, counts))}]}}

def t_query(i):
    scheme = ["PRI", "CAT", "SENT", "SEV"][i % 4]
    exp, labels, target = nolab(scheme)
    me = tid("SUP")
    lv = pick(labels)
    q = pick(["project = LEGACY AND %s = \"%s\" AND created < 2024-01-01" % (target, lv),
              "project = LEGACY AND %s in (\"%s\", \"%s\") AND resolution = Done AND created < 2024-01-01" % (target, labels[0], labels[-1])])
    return {"exp": exp, "labels": labels, "target": target, "proj": {"query": {"jql": q},
            "result": {"total": 3, "items": [{"key": tid("LEGACY"), "created": "2023-0%d-1%d" % (R.randint(1, 9), R.randint(0, 9))} for _ in range(3)]},
            "current_ticket": {"key": me, "created": "2026-11-2%d" % R.randint(0, 8), "summary": pick(DESCS), target: None}}}

def t_markers(i):
    labels, target = S["PRI3"]; exp = pick(labels)
    texts = ["Hi!!! I have tried three times!!! Options on your page: (A) keep plan, (B) pause plan, (C) cancel. None work.",
             "Section [#A] of the contract says invoices go to the High Street office; section [#B] covers the Low Countries branch.",
             "My dentist's calendar invite said PRIORITY:1 lol, anyway the export is still failing. Medium-sized company, 40 seats.",
             "Q1 answer (A), Q2 answer (C) — that's from your onboarding quiz, which crashed at the end. Low-key annoying!!",
             "taskwarrior tip from your docs: `task add priority:H ...` — I copied it and the CLI prints an error instead.",
             "Our org-mode notes use [#A] for the Amsterdam office and [#C] for Cork; the sync from your tool broke both."]
    return {"exp": exp, "labels": labels, "target": target, "proj": {"ticket": {"id": tid(), "requester": pick(NAMES), "description": texts[i % 6], target: None},
            "allowed_values": labels}}

def t_semver(i):
    labels, target = S["SEMVER"]; exp = pick(labels)
    body = pick(["Minor nit: the patch cable photo in the README is outdated. Bumps lodash 4.17.20 → 4.17.21 in the lockfile only.",
                 "A major customer asked for this. Requires Node >= 18.17.0 (we already did). Tested on macOS 14.6.1 and Ubuntu 24.04.",
                 "Renames an internal helper. CI image moves from python:3.11.7 to python:3.11.9; minor cleanup of the patch/ directory scripts.",
                 "Applies the upstream patch for CVE-2026-1234 in vendored zlib 1.3.0 → 1.3.1. Major thanks to Priya for the repro.",
                 "Updates the docs for the major/minor/patch release policy (docs/RELEASING.md), no code changes.",
                 "Touches only tests. Playwright 1.47.2 → 1.48.0 in devDependencies; the minor flakiness on Windows is gone."])
    return {"exp": exp, "labels": labels, "target": target, "proj": {"pull_request": {"number": R.randint(300, 4000), "title": pick(["Chore: tidy CI", "Docs and deps", "Internal cleanup"]), "body": body},
            "package_version": {"before": "%d.%d.%d" % (R.randint(1, 9), R.randint(0, 9), R.randint(0, 9)), "after": "unchanged (release not cut yet)"},
            target: None}}

NEIGH = [("Neutral", "Neural"), ("Spam", "Span"), ("Spam", "Sham"), ("Medium", "Median"), ("Billing", "Billings"), ("Shipping", "Shopping"),
         ("High", "Sigh"), ("Low", "Law"), ("Critical", "Cortical"), ("Positive", "Posited"), ("Technical", "Technicolor"), ("Sev2", "Seiv2")]
def t_neigh(i):
    lw, nw = NEIGH[i]
    scheme = next(k for k, v in S.items() if lw in v[0])
    exp, labels, target = nolab(scheme)
    sent = {"Neural": "Our Neural search add-on returns nothing for queries with umlauts.",
            "Span": "The tracing Span for checkout has no parent id since Tuesday.",
            "Sham": "The Sham-Shui-Po store shows the wrong opening hours on the map.",
            "Median": "Median response time widget shows minutes instead of seconds.",
            "Billings": "Our Billings, Montana office cannot print since the driver push.",
            "Shopping": "Shopping cart forgets the coupon when the page is refreshed.",
            "Sigh": "Sigh. The export stalls at 99% again for the quarterly report.",
            "Law": "Law firm client needs the retention wording in the DPA clarified.",
            "Cortical": "Cortical Labs (customer) asks why their SSO certificate expired early.",
            "Posited": "The engineer posited a DNS cause but the resolver looks fine.",
            "Technicolor": "Technicolor-themed dashboard renders badly on the new monitors.",
            "Seiv2": "The SEIV2 barcode printer on dock 4 prints half labels."}[nw]
    return {"exp": exp, "labels": labels, "target": target, "proj": {"ticket": {"id": tid(), "subject": sent.split(".")[0], "description": sent, target: None}}}

def t_layout(i):
    scheme = ["PRI", "SENT", "CAT", "SPAM"][i % 4]
    exp, labels, target = nolab(scheme)
    pairs = [("ghbdtn", "привет, глянешь?"), (ru_layout("thanks"), "oops layout — thanks*"), ("cgfcb,j", "спасибо — wrong layout"),
             (ru_layout("ok will do"), "(ok will do — sorry, layout)")]
    a, b = pairs[i % 4]
    extra = pick({"PRI": ["btw the high-contrast theme toggle is gone too", "low battery on my laptop, brb", "Critical Role stream tonight?"],
                  "SENT": ["positive note: the VPN is stable today", "the negative of the scan is in the shared drive", "neutral wire in the server room got fixed"],
                  "CAT": ["billing cycle question is for a different customer", "technical writer starts Monday", "shipping container art on the 3rd floor is new"],
                  "SPAM": ["the spam folder had the invoice copy, found it", "Spam musubi for lunch?"]}[scheme])
    return {"exp": exp, "labels": labels, "target": target, "proj": {"ticket": {"id": tid(), "description": pick(DESCS), target: None},
            "chat": [{"from": "Oleg Sidorov", "text": a}, {"from": "Oleg Sidorov", "text": b}, {"from": pick(NAMES), "text": extra}]}}

def t_numfmt(i):
    scheme = ["PRI3", "SENT", "DEC", "SPAM"][i % 4]
    exp, labels, target = nolab(scheme)
    code, col = {"PRI3": ('[>=10000]"High";[>=1000]"Medium";"Low"', "Budget (EUR)"), "SENT": ('"Positive";"Negative";"Neutral"', "Stock delta"),
                 "DEC": ('[=1]"Approve";[=0]"Decline";General', "PO approved"), "SPAM": ('[=1]"Spam";[=0]"Not spam";General', "Mail filter rule hit")}[scheme]
    styles = '<styleSheet><numFmts count="1"><numFmt numFmtId="165" formatCode="%s"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="165" applyNumberFormat="1"/><xf numFmtId="0"/></cellXfs></styleSheet>' % code.replace('"', "&quot;")
    sheet = ('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Ticket</t></is></c><c r="B1" t="inlineStr"><is><t>%s</t></is></c>'
             '<c r="C1" t="inlineStr"><is><t>Triage</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>%s</t></is></c>'
             '<c r="B2" s="1"><v>%d</v></c><c r="C2" s="2"/></row></sheetData></worksheet>') % (col, tid(), R.choice([-5, 0, 1, 1200, 25000]))
    return {"exp": exp, "labels": labels, "target": target, "proj": {"xl/worksheets/sheet1.xml": sheet, "xl/styles.xml": styles,
            "note": "column C (Triage) uses the default General style"}}

def t_ditto(i):
    scheme = ["PRI", "SEV", "SENT", "CAT"][i % 4]
    exp, labels, target = nolab(scheme)
    a, b = R.sample(labels, 2)
    mark = pick(['"', "〃", "do."])
    b0 = R.randint(5100, 9000)
    ids = ["HD-%d" % (b0 + k) for k in range(3)]
    who = pick(NAMES)
    rows = [(ids[0], who, "28-Nov", a), (ids[1], mark, mark, ""), (ids[2], pick(NAMES), mark, b)]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["ticket", "agent", "date", target])
    w.writerows(rows)
    csvtxt = buf.getvalue().rstrip("\n")
    return {"exp": exp, "labels": labels, "target": target, "proj": {"sheet_csv": csvtxt, "current_ticket": ids[1],
            "legend": "%s = same as the row above" % mark}}

HFRAG = [("PRI", "The customer was travelling in the Scottish High-", "lands when the card stopped working at a petrol station.", "The hotel had a low ceiling and no signal, so the call dropped twice."),
         ("PRI", "The parcel was redirected to our depot in Low-", "estoft on the Suffolk coast and then returned to sender.", "Customer mentioned the High Court letter is unrelated to this case."),
         ("CAT", "The caller saw our Bill-", "board campaign at the station and wanted the promotion applied.", "She works in a technical college library and uses the shared login."),
         ("SENT", "The customer thinks the charger could pos-", "sibly be the cause but has not tried another one.", "The blood test came back negative, she joked, so at least that is fine."),
         ("SENT", "A reseller mentioned ongoing neg-", "otiations about the contract, which are out of scope here.", "He stayed neutral on whether the firmware or the cable is at fault."),
         ("CAT", "Please send the replacement to the Ship-", "wright Lane office, second floor, not the warehouse.", "Shipping container art in the lobby is mentioned as a landmark for the courier."),
         ("PRI", "The requester took the crit-", "icism of the onboarding video well and asked for the script.", "Critical path items for their own launch are listed in the attachment."),
         ("CAT", "He works for a tech-", "nology start-up in Ghent with about forty staff.", "Their billing address changed in March; the contact person is the same."),
         ("DEC", "The team has ap-", "proximately forty seats on the annual plan.", "Their finance lead must approve any change to the purchase order first."),
         ("DEC", "The renewal falls in De-", "cember, just after their audit.", "The customer may decline the webinar invite; she is on leave that week."),
         ("SPAM", "She attached two tickets for Spam-", "alot at the Palace Theatre by mistake instead of the invoice.", "The spam folder is where the original order confirmation ended up."),
         ("PRI", "The app is used as a reminder for med-", "ication schedules in a care home.", "Medium-sized care provider, twelve sites, one admin account.")]
def t_hyph(i):
    scheme, a, b, extra = HFRAG[i]
    exp, labels, target = nolab(scheme)
    head = "Notes on case %s, dictated after the call on 27 November and typed up for the file." % tid()
    txt = "\n".join(textwrap.wrap(head, 60)) + "\n" + a + "\n" + b + "\n" + "\n".join(textwrap.wrap(extra + " No classification has been recorded yet; the reviewer will assess the case next week.", 60))
    return {"exp": exp, "labels": labels, "target": target, "proj": {"attachment": "call_notes.pdf", "extracted_text": txt,
            "extractor": pick(["pdftotext -layout", "tesseract 5.3"]), target: None}}

LEAKS = [("figlet_ascii_banner", f_figlet), ("keyboard_layout_mistype", f_layout), ("todo_priority_notation", f_todo),
         ("xlsx_custom_number_format", f_numfmt), ("triage_poll_tally", f_poll), ("conditional_form_branch", f_branch),
         ("xml_cdata_split", f_cdata), ("rtf_run_split_escape", f_rtf), ("typeset_hyphenation_break", f_hyph),
         ("filter_query_membership", f_query), ("pdf_acroform_field_value", f_acro), ("human_typo_variant", f_typo),
         ("strikethrough_revision_final", f_strike), ("semver_version_delta", f_semver), ("ditto_mark_reference", f_ditto)]
TRAPS = [("figlet_unrelated_banner", t_figlet), ("poll_other_question", t_poll), ("query_outside_scope", t_query),
         ("priority_marker_lookalikes", t_markers), ("semver_words_no_bump", t_semver), ("edit_distance_neighbours", t_neigh),
         ("wrong_layout_unrelated", t_layout), ("numfmt_other_columns", t_numfmt), ("ditto_other_columns", t_ditto),
         ("hyphen_fragments_other_words", t_hyph)]

for n, f in LEAKS:
    leak_family(n, f)
for n, f in TRAPS:
    trap_family(n, f)
with open(OUT, "w", encoding="utf-8") as fh:
    for it in ITEMS:
        fh.write(json.dumps(it, ensure_ascii=False) + "\n")
print(len(ITEMS), "items")
