#!/usr/bin/env python3
"""Batch 9 blind leakage-test generator (deterministic)."""
import json, random, base64, re

SEED = 99009
R = random.Random(SEED)

PRIO = ["High", "Medium", "Low"]
SENT = ["Positive", "Neutral", "Negative"]
CAT = ["Billing", "Account access", "Technical issue", "Shipping", "Returns"]
SEV = ["Sev1", "Sev2", "Sev3", "Sev4"]
SPAM = ["Spam", "Not spam"]
SCHEMES = {"priority": PRIO, "sentiment": SENT, "category": CAT, "severity": SEV, "spam_verdict": SPAM}
TEXTS = {
 "High": ["Checkout returns HTTP 500 for every EU customer since the 14:05 deploy.", "Payroll export job failed and salaries are due tomorrow morning.", "Card terminals in all 40 stores reject contactless payments."],
 "Medium": ["CSV export drops the last column when a cell contains a comma.", "Search results take about 8 seconds to load for some accounts.", "Scheduled report e-mails arrive twice for two customers."],
 "Low": ["Typo in the footer of the password-reset e-mail.", "Would be nice to sort the invoice list by vendor name.", "Tooltip on the settings icon is cut off on small screens."],
 "Positive": ["Your team sorted my order in ten minutes, thank you so much!", "Love the new dashboard, exactly what we needed for the board meeting.", "Courier was early and super friendly, great experience."],
 "Neutral": ["I'd like to know whether the annual plan renews automatically.", "Please update the delivery address on order 88123 to the new office.", "Can you send the invoice as PDF instead of HTML?"],
 "Negative": ["Third time the parcel is late. I'm done with this service.", "The app deleted my notes after the update and nobody replies to me.", "Absolutely unacceptable, I was on hold for two hours."],
 "Billing": ["I was charged twice for the March invoice.", "The VAT number is missing from my receipt.", "My card was debited after I cancelled the plan."],
 "Account access": ["I can't log in, the 2FA code never arrives.", "My profile got locked after I changed my e-mail address.", "Password reset link says it has expired immediately."],
 "Technical issue": ["The sync agent crashes on startup with error 0x80070005.", "Webhooks stopped firing after we rotated the API key.", "The mobile app freezes when I open the reports tab."],
 "Shipping": ["Tracking hasn't updated in 6 days for order 55102.", "Courier left the parcel at the wrong address.", "My package is stuck at the customs depot since Monday."],
 "Returns": ["I want to send back the jacket, it doesn't fit.", "How do I get a prepaid label to send back a damaged blender?", "The exchange for my shoes was never processed after I mailed them."],
 "Sev1": ["Primary database cluster unreachable, every region down.", "All API calls fail with 503, status page red."],
 "Sev2": ["Login latency five times normal for EU tenants, partial degradation.", "One of three payment providers timing out, retries succeed."],
 "Sev3": ["Report scheduler delays of about 20 minutes for a few customers.", "Thumbnails missing for newly uploaded images in one bucket."],
 "Sev4": ["Cosmetic misalignment in the admin settings page.", "Deprecated warning printed in the CLI on every run."],
 "Spam": ["Congratulations!! You won a $500 gift card, click here to claim within 24h.", "Cheap meds, no prescription needed, discreet delivery worldwide."],
 "Not spam": ["Hi, attaching the signed contract for Q3 as discussed on Tuesday.", "Reminder: the quarterly review has moved to room 4B at 10:30."],
}
NAMES = ["Dana Whitfield", "Ravi Menon", "Olga Sokolova", "Tomás Ibarra", "Mei Lin", "Kwame Asante", "Ines Carvalho", "Jonas Berg", "Aisha Rahman", "Luca Ferri", "Hana Sato", "Peter Novak"]

def pick_scheme(i, allowed=None):
    keys = allowed or list(SCHEMES)
    t = keys[i % len(keys)]
    labels = SCHEMES[t]
    return t, labels, labels[R.randrange(len(labels))]

def tid(): return "%s-%d" % (R.choice(["INC", "SUP", "CS", "HD", "TKT"]), R.randint(1000, 99999))
def text_for(lab): return R.choice(TEXTS[lab])
def ticket(t, lab, extra=None):
    d = {"id": tid(), "subject": text_for(lab).split(",")[0][:60], "description": text_for(lab), "requester": R.choice(NAMES), t: None}
    if extra: d.update(extra)
    return d
def slug(l): return re.sub(r"[^a-z0-9]+", "_", l.lower()).strip("_")

# ---------------- leak families: return (leak_proj, twin_proj, expected, labels, target, correlated)
def f_keystroke(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    base = [{"t": 0.0, "action": "navigate", "url": "https://desk.example.com/tickets/%s" % tk["id"]},
            {"t": 2.4, "action": "click", "selector": "#field-%s input[role=combobox]" % t}]
    if i % 2 == 0:
        ev = []
        for ch in lab:
            code = "Space" if ch == " " else ("Digit" + ch if ch.isdigit() else "Key" + ch.upper())
            ev.append({"method": "Input.dispatchKeyEvent", "params": {"type": "rawKeyDown", "code": code, "modifiers": 8 if ch.isupper() else 0}})
            ev.append({"method": "Input.dispatchKeyEvent", "params": {"type": "keyUp", "code": code}})
        typed = {"t": 3.1, "action": "cdp_batch", "events": ev}
    else:
        typed = {"t": 3.1, "action": "shell", "cmd": "xdotool type --delay 90 '%s'" % lab}
    tail = [{"t": 6.0, "action": "session_end", "reason": "step budget exhausted before Save"}]
    leakp = {"ticket": tk, "previous_attempt": {"agent": "browser-agent-v3", "trajectory": base + [typed] + tail}}
    twin = json.loads(json.dumps(leakp)); twin["previous_attempt"]["trajectory"] = base + [{"t": 3.1, "action": "key", "key": "Escape"}] + tail
    return leakp, twin, lab, labels, t, []

COND = ["'refund' in text", "ticket.channel == 'phone'", "len(text) > 400", "ticket.vip", "'crash' in text", "ticket.lang != 'en'"]
def cov_report(labels, lab, executed, hard):
    lines = ["def route(ticket):", "    text = ticket.body.lower()"]
    marks = [">", ">"] if executed else ["!", "!"]
    hit = False
    for k, l in enumerate(labels):
        cond = COND[k % len(COND)]
        ret = ("q_" + slug(l)) if hard else l
        lines.append(("    if %s:" if k == 0 else "    elif %s:") % cond)
        lines.append("        return %r" % ret)
        if not executed: marks += ["!", "!"]
        elif hit: marks += ["!", "!"]
        elif l == lab: marks += [">", ">"]; hit = True
        else: marks += [">", "!"]
    lines.append("    return None  # leave for a human")
    marks.append("!")
    return "\n".join("%s %s" % (m, s) for m, s in zip(marks, lines))
def f_coverage(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    hard = i % 2 == 0
    head = "# coverage.py annotate  router/rules.py  (run: replay of ticket %s)\n" % tk["id"]
    lp = {"ticket": tk, "ci_artifacts": {"router/rules.py,cover": head + cov_report(labels, lab, True, hard)}}
    tw = {"ticket": tk, "ci_artifacts": {"router/rules.py,cover": head + cov_report(labels, lab, False, hard)}}
    return lp, tw, lab, labels, t, []

CC = {"Bug fix": ("fix", "🐛", "handle empty header row in importer", ["src/importer.py"]),
      "Feature": ("feat", "✨", "add CSV export for invoices", ["src/export/csv.py", "src/routes.py"]),
      "Docs": ("docs", "📝", "describe retry settings", ["README.md"]),
      "Refactor": ("refactor", "♻️", "extract pricing helpers into module", ["src/pricing/helpers.py", "src/cart.py"]),
      "Performance": ("perf", "⚡️", "cache tenant lookups per request", ["src/tenancy.py"]),
      "Test": ("test", "✅", "cover timezone edge cases in scheduler", ["tests/test_scheduler.py"])}
def f_commit(i):
    labels = list(CC); lab = labels[i % len(labels)]
    typ, emo, subj, files = CC[lab]
    scope = R.choice(["core", "api", "billing-svc", "web"])
    if i % 2 == 0: msg = "%s(%s): %s" % (typ, scope, subj); corr = [typ + ":", "%s(%s):" % (typ, scope)]
    else: msg = "%s %s" % (emo, subj); corr = [emo]
    sha = "%07x" % R.getrandbits(28)
    pr = {"number": R.randint(100, 4000), "title": "PR from %s" % R.choice(["dana/wip", "ravi/patch-3", "mei/branch-7"]), "author": R.choice(NAMES),
          "change_type": None, "files_changed": files, "commits": [{"sha": sha, "message": msg}]}
    tw = json.loads(json.dumps(pr)); tw["commits"][0]["message"] = subj[0].upper() + subj[1:]
    return {"pull_request": pr}, {"pull_request": tw}, lab, labels, "change_type", corr

MCC = {"Meals": ("5812", "Eating Places, Restaurants"), "Lodging": ("7011", "Lodging - Hotels, Motels, Resorts"),
       "Airfare": ("4511", "Airlines, Air Carriers"), "Ground transport": ("4121", "Taxicabs and Limousines"),
       "Groceries": ("5411", "Grocery Stores, Supermarkets"), "Fuel": ("5542", "Automated Fuel Dispensers"),
       "Office supplies": ("5943", "Stationery, Office and School Supply Stores")}
def f_mcc(i):
    labels = list(MCC); lab = labels[i % len(labels)]
    code, desc = MCC[lab]
    line = {"report": "ER-%05d" % R.randint(1, 99999), "employee": R.choice(NAMES), "date": "2026-%02d-%02d" % (R.randint(1, 10), R.randint(1, 28)),
            "amount": round(R.uniform(4, 900), 2), "currency": R.choice(["EUR", "USD", "GBP"]),
            "merchant_descriptor": R.choice(["SQ *KV114 LLC", "PAYPAL *MRKTPL 4029357733", "TST* 0417 HOLDINGS", "SP * NORTHWIND CO", "SUMUP *ALPHA GMBH", "ZTL*7781 PARTNERS"]),
            "card_last4": "%04d" % R.randint(0, 9999), "network_data": {"mcc": code}, "expense_category": None}
    if i % 2 == 1: line["network_data"]["mcc_description"] = desc
    tw = json.loads(json.dumps(line)); tw["network_data"] = {"mcc": None}
    if i % 2 == 1: tw["network_data"]["mcc_description"] = None
    return {"expense_line": line}, {"expense_line": tw}, lab, labels, "expense_category", [code]

SCOPE = {"Billing": "invoices, double charges, VAT receipts, card debits", "Account access": "logins, 2FA, lockouts, password resets",
         "Technical issue": "crashes, API errors, webhooks, integrations", "Shipping": "courier tracking, delivery delays, lost parcels",
         "Returns": "RMA labels, send-backs, exchanges"}
def f_roster(i):
    labels = CAT; lab = labels[i % len(labels)]
    hard = i % 2 == 0
    desks = []; users = []
    ids = R.sample(range(1, 40), len(labels))
    for k, l in enumerate(labels):
        did = "DSK-%02d" % ids[k]
        desks.append({"id": did, "name": did if hard else l + " desk", "scope": SCOPE[l] if hard else ""})
        users.append({"id": "u_%04d" % R.randint(1000, 9999), "name": NAMES[(i + k) % len(NAMES)], "desk_id": did})
    me = users[labels.index(lab)]["id"]
    tk = ticket("category", lab, {"assignee_id": me})
    R.shuffle(users)
    lp = {"ticket": tk, "sideloads": {"users": users, "desks": desks}, "policy": "Each agent is dedicated to exactly one desk; tickets are assigned to a desk agent once categorised."}
    tw = json.loads(json.dumps(lp)); tw["ticket"]["assignee_id"] = None
    return lp, tw, lab, labels, "category", []

def f_assert(i):
    t, labels, lab = pick_scheme(i)
    txt = text_for(lab)
    hard = i % 2 == 0
    if hard:
        if i % 4 == 0:
            if any(c.isdigit() for c in lab):
                rx = re.sub(r"(\d)", r"\\s*\1", lab.lower()) + "$"
            else:
                rx = re.escape(lab[:max(3, len(lab) - 3)].lower()).replace("\\ ", "\\s+")
            a = "      - type: regex\n        value: '^(?i)\\s*%s'" % rx
        else:
            a = "      - type: javascript\n        value: \"output.trim().toLowerCase().startsWith('%s')\"" % lab.lower()[:4]
    else:
        a = "      - type: equals\n        value: %s" % lab
    head = "description: triage-%s eval\nprompts: [file://prompts/triage.txt]\nproviders: [openai:gpt-4.1-mini]\ntests:\n  - vars:\n      ticket: %s\n    assert:\n      - type: not-contains\n        value: 'As an AI'\n" % (t, json.dumps(txt))
    lp = {"task": "Return the %s of the ticket." % t, "workspace_files": {"promptfooconfig.yaml": head + a + "\n"}}
    tw = {"task": lp["task"], "workspace_files": {"promptfooconfig.yaml": head + "      - type: latency\n        threshold: 4000\n"}}
    return lp, tw, lab, labels, t, []

IMAP = [(["Spam", "Not spam"], {"Spam": "$Junk", "Not spam": "$NotJunk"}),
        (["Important", "Work", "Personal", "To Do", "Later"], {"Important": "$label1", "Work": "$label2", "Personal": "$label3", "To Do": "$label4", "Later": "$label5"}),
        (["Junk", "Not junk"], {"Junk": "Junk", "Not junk": "NonJunk"})]
IMAP_MSG = [("promo@deals-4u.biz", "You won! Claim your reward", "Spam"), ("cfo@acme.example", "Q3 forecast v4 attached", "Work"),
            ("mum@example.net", "Sunday lunch?", "Personal"), ("it-security@acme.example", "Action required: rotate VPN token by Friday", "Important"),
            ("newsletter@readlater.example", "10 long reads for the weekend", "Later"), ("jira@acme.example", "[OPS-771] assigned to you", "To Do")]
def f_imap(i):
    labels, m = IMAP[i % 3]
    lab = labels[R.randrange(len(labels))]
    frm, subj, _ = IMAP_MSG[i % len(IMAP_MSG)]
    uid = R.randint(1000, 90000); seq = R.randint(1, 400)
    def sess(flags):
        return ("a1 SELECT INBOX\r\n* %d EXISTS\r\na1 OK [READ-WRITE] SELECT completed\r\n"
                "a2 UID FETCH %d (FLAGS INTERNALDATE BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)])\r\n"
                "* %d FETCH (UID %d FLAGS (%s) INTERNALDATE \"0%d-Nov-2026 09:%02d:11 +0000\" BODY[HEADER.FIELDS (FROM SUBJECT)] {%d}\r\n"
                "From: %s\r\nSubject: %s\r\n\r\n)\r\na2 OK Fetch completed\r\n") % (seq + 3, uid, seq, uid, flags, R.randint(1, 9), R.randint(0, 59), 40 + len(frm) + len(subj), frm, subj)
    st = R.getstate()
    lp = {"mailbox_capture": sess("\\Seen %s" % m[lab]), "task": "Decide the folder/verdict for UID %d." % uid}
    R.setstate(st)
    tw = {"mailbox_capture": sess("\\Seen"), "task": lp["task"]}
    return lp, tw, lab, labels, "verdict", [m[lab]]

def toks(l):
    sp = {"Negative": ["Neg", "ative"], "Positive": ["Pos", "itive"], "Neutral": ["Neut", "ral"], "Billing": ["Bill", "ing"],
          "Account access": ["Account", " access"], "Technical issue": ["Techn", "ical", " issue"], "Shipping": ["Ship", "ping"],
          "Returns": ["Ret", "urns"], "Sev1": ["Sev", "1"], "Sev2": ["Sev", "2"], "Sev3": ["Sev", "3"], "Sev4": ["Sev", "4"],
          "Spam": ["Sp", "am"], "Not spam": ["Not", " spam"]}
    return sp.get(l, [l])
def f_logprobs(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    tl = toks(lab); content = []
    for k, tok in enumerate(tl):
        alts = []
        for o in labels:
            ot = toks(o)
            if o != lab and len(ot) > k and ot[:k] == tl[:k] and ot[k] not in alts and ot[k] != tok: alts.append(ot[k])
        tops = [{"token": tok, "logprob": round(-R.uniform(0.001, 0.05), 4)}] + [{"token": a, "logprob": round(-R.uniform(3.5, 9), 4)} for a in alts[:3]]
        content.append({"token": tok, "logprob": tops[0]["logprob"], "top_logprobs": tops})
    call = {"model": "gpt-4o-mini-2024-07-18", "request": {"max_tokens": 3, "logprobs": True, "top_logprobs": 4,
            "messages": [{"role": "system", "content": "Reply with the %s label only." % t}, {"role": "user", "content": tk["description"]}]},
            "response": {"choices": [{"message": {"role": "assistant", "content": "[removed by dataset sanitizer]"}, "logprobs": {"content": content}, "finish_reason": "stop"}]}}
    lp = {"ticket": tk, "upstream_llm_calls": [call]}
    tw = json.loads(json.dumps(lp)); tw["upstream_llm_calls"][0]["response"]["choices"][0]["logprobs"] = None
    return lp, tw, lab, labels, t, []

def f_base32(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    conv = "c_%08x" % R.getrandbits(32); conf = round(R.uniform(0.8, 0.99), 2)
    def tok(v):
        return base64.b32encode(json.dumps({"v": 2, "conv": conv, "bot_" + t: v, "conf": conf if v else None, "lang": "en"}, separators=(",", ":")).encode()).decode().rstrip("=")
    chat = [{"from": "customer", "text": tk["description"]}, {"from": "bot", "text": "Thanks, I'm handing you over to a colleague."}]
    lp = {"ticket": tk, "chat": chat, "handoff": {"queue": "human", "context_token": tok(lab), "encoding": "base32 (RFC 4648, unpadded)"}}
    tw = json.loads(json.dumps(lp)); tw["handoff"]["context_token"] = tok(None)
    return lp, tw, lab, labels, t, []

def piglatin(s):
    out = []
    for w in s.split(" "):
        m = re.match(r"^([^aeiouAEIOU0-9]*)(.*)$", w)
        pre, rest = m.group(1), m.group(2)
        out.append((w + "-way") if not pre else (rest + "-" + pre.lower() + "ay") if rest else w)
    return " ".join(out)
def f_pig(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    who = R.sample(NAMES, 2)
    msgs = [{"user": who[0], "ts": "09:%02d" % R.randint(0, 59), "text": "anyone looked at %s yet? %s" % (tk["id"], t + " is still empty")},
            {"user": who[1], "ts": "09:%02d" % R.randint(0, 59), "text": "my call on the %s: %s. (pig latin so the auto-labeller doesn't scrape it 😄)" % (t, piglatin(lab.lower()))}]
    lp = {"ticket": tk, "slack_thread": msgs}
    tw = json.loads(json.dumps(lp)); tw["slack_thread"][1]["text"] = "my call on the %s: %s. (pig latin so the auto-labeller doesn't scrape it 😄)" % (t, piglatin("not sure yet"))
    return lp, tw, lab, labels, t, []

STARS = ["Reject", "1 star", "2 stars", "3 stars", "4 stars", "5 stars"]
COLORS = ["Red", "Yellow", "Green", "Blue", "Purple"]
def xmp(attr):
    return ('<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000">\n <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
            '  <rdf:Description rdf:about=""\n    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n    xmlns:tiff="http://ns.adobe.com/tiff/1.0/"\n    xmlns:exif="http://ns.adobe.com/exif/1.0/"\n'
            '    xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"\n    tiff:Make="NIKON CORPORATION" tiff:Model="NIKON Z 6_2"\n    exif:DateTimeOriginal="2026-06-%02dT18:%02d:07"\n    exif:FNumber="28/10" exif:ISOSpeedRatings="400"\n'
            '    xmp:CreatorTool="Adobe Photoshop Lightroom Classic 14.1"%s\n    crs:Exposure2012="+0.35" crs:WhiteBalance="As Shot">\n  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n') % (R.randint(1, 28), R.randint(0, 59), attr)
def f_xmp(i):
    st = R.getstate()
    if i % 2 == 0:
        labels = STARS; lab = R.choice(STARS); val = -1 if lab == "Reject" else int(lab[0]); attr = '\n    xmp:Rating="%d"' % val; tgt = "cull_rating"
    else:
        labels = COLORS; lab = R.choice(COLORS); attr = '\n    xmp:Label="%s"' % lab; tgt = "color_label"
    fn = "DSC_%04d.NEF" % R.randint(1, 9999)
    st = R.getstate(); side = xmp(attr); R.setstate(st); side0 = xmp("")
    task = "Photo-culling eval: look at the shot and give its %s (the photographer's own value is the gold)." % tgt.replace("_", " ")
    lp = {"task": task, "asset": {"file": fn, "preview": "%s_1024.jpg" % fn[:-4], "sidecar": {"name": fn[:-4] + ".xmp", "content": side}}}
    tw = {"task": task, "asset": {"file": fn, "preview": "%s_1024.jpg" % fn[:-4], "sidecar": {"name": fn[:-4] + ".xmp", "content": side0}}}
    return lp, tw, lab, labels, tgt, []

def f_toolerr(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    if i % 2 == 1: err = {"status": 409, "error": "Conflict: %s is already '%s'; nothing to update" % (t, lab)}
    else: err = {"status": 409, "error": "FIELD_VALUE_UNCHANGED", "detail": {"field": "cf_%d" % R.randint(10000, 10999), "current": "%s_%s" % (t.upper(), slug(lab).upper())}}
    step = {"tool": "update_ticket", "args": {"id": tk["id"], "tags_add": ["triaged-by-agent"], t: "<redacted>"}, "result": err}
    lp = {"ticket": tk, "earlier_tool_calls": [{"tool": "get_ticket", "args": {"id": tk["id"]}, "result": "ok"}, step]}
    tw = json.loads(json.dumps(lp)); tw["earlier_tool_calls"][1]["result"] = {"status": 429, "error": "Too Many Requests", "retry_after_s": 30}
    return lp, tw, lab, labels, t, []

def f_transposed(i):
    t, labels, lab = pick_scheme(i)
    others = [l for l in labels if l != lab]
    n = 4; pos = R.randrange(n)
    ids = [tid() for _ in range(n)]
    vals = [R.choice(others) for _ in range(n)]; vals[pos] = lab
    rows = [["field"] + ids, ["opened", ] + ["2026-11-%02d" % R.randint(1, 28) for _ in range(n)],
            ["owner"] + [R.choice(NAMES).split()[0] for _ in range(n)], [t] + vals]
    def csv(rows): return "\n".join(",".join(r) for r in rows) + "\n"
    task = "Determine the %s of ticket %s." % (t, ids[pos])
    desc = {"id": ids[pos], "description": text_for(lab)}
    lp = {"task": task, "ticket": desc, "weekly_export_transposed.csv": csv(rows)}
    rows2 = json.loads(json.dumps(rows)); rows2[3][pos + 1] = ""
    tw = {"task": task, "ticket": desc, "weekly_export_transposed.csv": csv(rows2)}
    return lp, tw, lab, labels, t, []

def f_sentry(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    pv = repr(lab) if i % 2 == 1 else repr(t + "_" + slug(lab))
    key = "pred" if i % 2 == 1 else "pred_slug"
    def ev(v):
        return {"event_id": "%032x" % R.getrandbits(128), "level": "error", "platform": "python", "tags": {"ticket": tk["id"], "step": "classify"},
                "exception": {"values": [{"type": "KeyError", "value": "'tenant_tz'", "stacktrace": {"frames": [
                    {"filename": "pipeline/classify.py", "function": "run", "lineno": 88, "context_line": "    out = post_process(pred, ticket)",
                     "vars": {"ticket_id": repr(tk["id"]), key: v, "latency_ms": str(R.randint(200, 900))}},
                    {"filename": "pipeline/post.py", "function": "post_process", "lineno": 17, "context_line": "    tz = ticket.meta['tenant_tz']", "vars": {"ticket": "<Ticket %s>" % tk["id"]}}]}}]}}
    st = R.getstate(); e1 = ev(pv); R.setstate(st); e0 = ev("'[Filtered]'")
    return {"ticket": tk, "sentry_event": e1}, {"ticket": tk, "sentry_event": e0}, lab, labels, t, []

def f_ot(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    head = "Triage notes %s\n%s: " % (tk["id"], t.capitalize())
    snap = head + "\nOwner: \nNext step: call customer\n"
    p = len(head)
    n = len(lab)
    if n >= 4:
        a, b = n // 3, 2 * n // 3
        chunks = [(lab[b:], p), (lab[:a], p), (lab[a:b], p + a)]
    else:
        chunks = [(lab[1:], p), (lab[:1], p)]
    ops = [{"v": k + 4, "src": "u_%d" % R.randint(10, 99), "op": [{"p": ["body", pp], "si": s}]} for k, (s, pp) in enumerate(chunks)]
    lp = {"ticket": tk, "collab_doc": {"type": "json0", "snapshot_v": 3, "snapshot": {"body": snap}, "ops_since_snapshot": ops}}
    tw = json.loads(json.dumps(lp))
    q = len(head) + len("\nOwner: ")
    tw["collab_doc"]["ops_since_snapshot"] = [{"v": 4, "src": ops[0]["src"], "op": [{"p": ["body", q], "si": "Mei"}]}]
    return lp, tw, lab, labels, t, []

LEAK = [("keystroke_event_replay", f_keystroke), ("coverage_branch_hit", f_coverage), ("commit_convention_marker", f_commit),
        ("merchant_category_code", f_mcc), ("assignee_desk_roster", f_roster), ("eval_assertion_config", f_assert),
        ("imap_keyword_flags", f_imap), ("llm_logprob_tokens", f_logprobs), ("base32_handoff_token", f_base32),
        ("pig_latin_banter", f_pig), ("xmp_sidecar_rating", f_xmp), ("tool_error_current_value", f_toolerr),
        ("transposed_table_column", f_transposed), ("crash_report_locals", f_sentry), ("collab_ot_ops", f_ot)]

OTHER = {"High": "high cpu usage after deploy", "Medium": "Medium article about export tips", "Low": "low disk space warning on laptops",
         "Positive": "false positive fraud flag", "Neutral": "gender neutral salutation macro", "Negative": "negative balance display bug",
         "Billing": "top billing partner logo guidelines", "Account access": "quarterly account access review checklist for auditors",
         "Technical issue": "technical issue no. 42 of the partner newsletter", "Shipping": "Shipping Forecast radio jingle for hold music",
         "Returns": "tax returns deadline holiday schedule", "Sev1": "Sev1 postmortem template", "Sev2": "Sev2 postmortem template",
         "Sev3": "Sev3 postmortem template", "Sev4": "Sev4 postmortem template", "Spam": "spam filter appliance firmware notes",
         "Not spam": "Outlook Not spam button missing for shared mailboxes"}

# ---------------- trap families: return (proj, expected, labels, target)
def t_keystroke(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    q = OTHER[lab]
    traj = [{"t": 0.0, "action": "click", "selector": "#kb-search"}, {"t": 0.8, "action": "shell", "cmd": "xdotool type --delay 90 '%s'" % q},
            {"t": 3.0, "action": "click", "selector": "#field-%s input[role=combobox]" % t}, {"t": 3.4, "action": "key", "key": "Escape"},
            {"t": 4.0, "action": "session_end", "reason": "step budget exhausted"}]
    return {"ticket": tk, "previous_attempt": {"trajectory": traj}}, lab, labels, t
def t_coverage(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    rep = cov_report(labels, lab, False, False).split("\n")
    rep[0] = ">" + rep[0][1:]; rep[1] = ">" + rep[1][1:]
    rep = [(">" + l[1:]) if (k >= 2 and k % 2 == 0 and k < len(rep) - 1) else l for k, l in enumerate(rep)]
    rep[-1] = ">" + rep[-1][1:]
    return {"ticket": tk, "ci_artifacts": {"router/rules.py,cover": "# coverage.py annotate  (replay of ticket %s)\n" % tk["id"] + "\n".join(rep)}}, lab, labels, t
def t_commit(i):
    t, labels, lab = pick_scheme(i, ["priority", "sentiment", "severity"])
    tk = ticket(t, lab)
    msgs = {"priority": ["feat(ui): high-contrast theme toggle", "perf: low-memory mode for exports", "fix: medium breakpoint overflow in nav"],
            "sentiment": ["fix(css): negative margin on mobile header", "feat: positive/negative number formatting in tables", "refactor: neutral colour tokens"],
            "severity": ["docs: explain Sev1 paging in runbook template", "test: fixtures for sev2 incidents", "chore: bump sev3 auto-close timer config"]}[t]
    return {"ticket": tk, "linked_pr": {"title": "UI and tooling grab-bag", "commits": [{"sha": "%07x" % R.getrandbits(28), "message": m} for m in msgs]}}, lab, labels, t
def t_imap(i):
    labels, m = IMAP[i % 3]; lab = R.choice(labels)
    frm, subj, _ = IMAP_MSG[i % len(IMAP_MSG)]
    boxes = "".join('* LIST (\\HasNoChildren%s) "/" "%s"\r\n' % (" \\Junk" if l in ("Spam", "Junk") else "", l) for l in labels)
    s = ('a1 LIST "" "*"\r\n* LIST (\\HasNoChildren) "/" "INBOX"\r\n%sa1 OK LIST completed\r\na2 SELECT INBOX\r\na2 OK\r\n'
         'a3 UID FETCH %d (FLAGS BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)])\r\n* 5 FETCH (UID %d FLAGS (\\Recent) BODY[HEADER.FIELDS (FROM SUBJECT)] {60}\r\nFrom: %s\r\nSubject: %s\r\n\r\n)\r\na3 OK\r\n') % (boxes, 4410 + i, 4410 + i, frm, subj)
    return {"mailbox_capture": s, "task": "Decide the folder/verdict for UID %d." % (4410 + i)}, lab, labels, "verdict"
def t_assert(i):
    t, labels, lab = pick_scheme(i)
    y = "tests:\n  - vars:\n      ticket: %s\n    assert:\n      - type: contains-any\n        value: [%s]\n      - type: llm-rubric\n        value: 'Answer is exactly one of: %s'\n" % (json.dumps(text_for(lab)), ", ".join(labels), " / ".join(labels))
    return {"task": "Return the %s of the ticket." % t, "workspace_files": {"promptfooconfig.yaml": y}}, lab, labels, t
def t_xmp(i):
    if i % 2 == 0: labels, tgt = STARS, "cull_rating"
    else: labels, tgt = COLORS, "color_label"
    lab = R.choice(labels)
    attr = '\n    xmp:Rating="0"\n    photoshop:Urgency="%d"\n    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"\n    photoshop:City="%s"' % (R.randint(1, 5), R.choice(["Red Rock", "Green Bay", "Blue Mountains", "Yellowknife"]))
    fn = "DSC_%04d.NEF" % R.randint(1, 9999)
    return {"task": "Photo-culling eval: give the %s." % tgt.replace("_", " "), "asset": {"file": fn, "sidecar": {"name": fn[:-4] + ".xmp", "content": xmp(attr)}},
            "note": "xmp:Rating 0 = unrated; the keep/colour decision is still open. Labels available in the catalogue: %s" % ", ".join(labels)}, lab, labels, tgt
def t_pig(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    o = [l for l in labels]
    chat = [{"user": NAMES[i % 12], "text": "%s, %s! coffee run?" % (piglatin("good morning"), piglatin("team"))},
            {"user": NAMES[(i + 3) % 12], "text": "%s. btw did anyone find the '%s' doc? search is useless" % (piglatin("thank you"), OTHER[lab])},
            {"user": NAMES[(i + 5) % 12], "text": "%s — haven't opened %s yet" % (piglatin("no idea"), tk["id"])}]
    return {"ticket": tk, "slack_thread": chat}, lab, labels, t
def t_sentry(i):
    t, labels, lab = pick_scheme(i)
    tk = ticket(t, lab)
    ev = {"level": "error", "tags": {"ticket": tk["id"], "step": "classify"}, "exception": {"values": [{"type": "UnicodeDecodeError", "value": "'utf-8' codec can't decode byte 0xa3", "stacktrace": {"frames": [
        {"filename": "pipeline/classify.py", "function": "run", "lineno": 41, "context_line": "    text = raw.decode('utf-8')", "vars": {"LABELS": repr(labels), "pred": "None", "ticket_id": repr(tk["id"])}}]}}]}}
    return {"ticket": tk, "sentry_event": ev}, lab, labels, t

TRAP = [("typed_into_other_input", t_keystroke), ("coverage_fallback_only", t_coverage), ("commit_prefix_other_senses", t_commit),
        ("imap_folder_listing", t_imap), ("assertion_allowed_set", t_assert), ("xmp_unrated_other_tags", t_xmp),
        ("pig_latin_unrelated", t_pig), ("crash_before_prediction", t_sentry)]

def main():
    items = []; n = [0]
    def nid():
        n[0] += 1; return "b9-%04d" % n[0]
    counts = {}
    for fam, fn in LEAK:
        for i in range(12):
            lp, tw, lab, labels, tgt, corr = fn(i)
            assert lab in labels
            a = nid(); b = nid()
            base = {"expected": lab, "label_set": labels, "target": tgt}
            if corr: base["correlated_values"] = corr
            items.append(dict(id=a, **base, projection=lp, truth={"leak": True, "kind": "leak", "family": fam}))
            items.append(dict(id=b, **base, projection=tw, truth={"leak": False, "kind": "twin", "family": fam, "twin_of": a}))
        counts[fam] = ("leak", 24)
    for fam, fn in TRAP:
        for i in range(12):
            p, lab, labels, tgt = fn(i)
            items.append(dict(id=nid(), expected=lab, label_set=labels, target=tgt, projection=p, truth={"leak": False, "kind": "trap", "family": fam}))
        counts[fam] = ("trap", 12)
    with open("/root/sealed/batch9/items.jsonl", "w") as f:
        for it in items: f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(len(items), counts)

if __name__ == "__main__":
    main()
