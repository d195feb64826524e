#!/usr/bin/env python3
"""Batch 13 blind leakage-test generator. Deterministic (seed fixed)."""
import json, random, difflib, unicodedata

SEED = 131313
OUT = "/root/sealed/batch13/items.jsonl"

NAMES = ["Priya Raman", "Tomasz Wojcik", "Aisha Bello", "Lena Fischer", "Marco Bianchi", "Hana Sato",
         "Diego Alvarez", "Chloe Martin", "Omar Haddad", "Sofia Lindqvist", "Kwame Mensah", "Yuki Tanaka",
         "Ravi Patel", "Elena Popescu", "Jonas Berg", "Fatima Zahra"]

SCHEMES = {
    "priority": ("priority", ["Low", "Medium", "High", "Critical"]),
    "sentiment": ("sentiment", ["Negative", "Neutral", "Positive"]),
    "category": ("category", ["Billing", "Shipping", "Technical Issue", "Account Access"]),
    "severity": ("severity", ["Sev1", "Sev2", "Sev3", "Sev4"]),
    "spam": ("verdict", ["Spam", "Not Spam"]),
    "decision": ("refund_decision", ["Approve", "Reject"]),
    "yesno": ("escalate_to_engineering", ["Yes", "No"]),
    "stars": ("rating", ["1", "2", "3", "4", "5"]),
}
TEXTS = {
    "Critical": ["Checkout returns HTTP 500 for every customer since the 09:10 deploy; orders have stopped.",
                 "Production database primary is down, all regions are read-only and the status page is red."],
    "High": ["SSO login fails for the whole Lyon office since this morning; the VPN workaround is painfully slow.",
             "Invoice PDF export is broken for enterprise accounts two days before month-end close."],
    "Medium": ["Dashboard charts take 8-10 seconds to load for some users on Firefox.",
               "CSV import skips rows that contain semicolons; the customer can split files meanwhile."],
    "Low": ["Typo in the footer of the password reset e-mail ('recieve').",
            "Customer asks whether the dark theme could use a slightly softer grey."],
    "Negative": ["Third time my order arrived damaged. I'm done with this shop.",
                 "Support never called back, I waited a whole week for nothing."],
    "Neutral": ["Can you tell me which plan includes API access?",
                "I changed my delivery address last week, just confirming it went through."],
    "Positive": ["The replacement arrived a day early, thank you so much!",
                 "Your agent sorted it out in five minutes, brilliant service."],
    "Billing": ["I was charged twice for the March invoice, card ending 4417.",
                "Please re-issue the invoice with our company VAT number on it."],
    "Shipping": ["Tracking hasn't moved since the parcel left the Leipzig hub six days ago.",
                 "The courier left the box at number 14 instead of 41."],
    "Technical Issue": ["The app crashes whenever I attach a photo larger than 10 MB.",
                        "Sync stopped working after updating to version 8.2 on Android."],
    "Account Access": ["Two-factor codes never arrive so I cannot log in.",
                       "My account got locked after three password reset attempts."],
    "Sev1": ["Complete outage of the payments API in eu-west, no failover available.",
             "All tenants see 503 on login; incident bridge opened."],
    "Sev2": ["Search is degraded: about 30% of queries time out for EU tenants.",
             "Webhooks delayed by two hours for half of the customers."],
    "Sev3": ["A single customer's webhook deliveries are delayed by about 20 minutes.",
             "Report scheduler skips one weekly job for one workspace."],
    "Sev4": ["Admin page shows the wrong tooltip text on the export button.",
             "Audit log timestamps are shown in UTC instead of local time in one view."],
    "Spam": ["CONGRATULATIONS!! You were selected for a $500 gift card, click here to claim now.",
             "Cheap meds, no prescription needed, visit our pharmacy site today."],
    "Not Spam": ["Hi, attaching the signed contract for next quarter, let me know if anything is missing.",
                 "Reminder: the supplier call moved to Thursday 10:00, same dial-in."],
    "Approve": ["Item arrived broken, photos attached, request made within the 14-day window.",
                "Charged after cancelling the subscription; cancellation confirmation attached."],
    "Reject": ["Wants a refund for a digital download that has been used for nine months.",
               "Asks for a refund four months after the 30-day window because they changed their mind."],
    "Yes": ["Reproducible data loss when two users edit the same record at once.",
            "Export job corrupts every file above 2 GB since v5.1."],
    "No": ["Customer asks how to change the e-mail address invoices are sent to.",
           "Question about where to find the keyboard shortcuts list."],
    "1": ["Broke on day two and the refund took a month.", "Does not charge at all. Waste of money."],
    "2": ["Stopped pairing after a week; support was helpful though.", "Flimsy build, sound is tinny."],
    "3": ["It's okay. Does the job but the app is clunky.", "Decent for the price, nothing special."],
    "4": ["Great sound, only wish the case were a bit smaller.", "Very good, setup had one hiccup."],
    "5": ["Absolutely love it, battery lasts forever and setup took two minutes.",
          "Perfect in every way, already bought a second one."],
}

ITEMS = []
COUNTER = [0]


def nid():
    COUNTER[0] += 1
    return "b13-%04d" % COUNTER[0]


def tid(r):
    return "%s-%d" % (r.choice(["TCK", "SUP", "CS", "INC", "HD"]), r.randint(1000, 99999))


def base_ticket(r, scheme, label):
    target, labels = SCHEMES[scheme]
    return {"id": tid(r), "requester": r.choice(NAMES), "created_at": "2026-%02d-%02dT%02d:%02d:00Z" % (
        r.randint(1, 11), r.randint(1, 28), r.randint(0, 23), r.randint(0, 59)),
        "description": r.choice(TEXTS[label]), target: None}


def emit_leak_family(name, n, maker):
    """maker(r, i, leak) -> dict(expected,label_set,target?,correlated?,projection)"""
    for i in range(n):
        seed = hash((SEED, name, i)) if False else (SEED * 1000 + sum(map(ord, name)) * 31 + i)
        a = maker(random.Random(seed), i, True)
        b = maker(random.Random(seed), i, False)
        lid = nid()
        tidd = nid()
        for obj, iid, leak in ((a, lid, True), (b, tidd, False)):
            rec = {"id": iid, "expected": obj["expected"], "label_set": obj["label_set"]}
            if obj.get("target"):
                rec["target"] = obj["target"]
            if obj.get("correlated"):
                rec["correlated_values"] = obj["correlated"]
            rec["projection"] = obj["projection"]
            rec["truth"] = {"leak": leak, "kind": "leak" if leak else "twin", "family": name}
            if not leak:
                rec["truth"]["twin_of"] = lid
            ITEMS.append(rec)


def emit_trap_family(name, n, maker):
    for i in range(n):
        r = random.Random(SEED * 7 + sum(map(ord, name)) * 13 + i)
        obj = maker(r, i)
        rec = {"id": nid(), "expected": obj["expected"], "label_set": obj["label_set"]}
        if obj.get("target"):
            rec["target"] = obj["target"]
        if obj.get("correlated"):
            rec["correlated_values"] = obj["correlated"]
        rec["projection"] = obj["projection"]
        rec["truth"] = {"leak": False, "kind": "trap", "family": name}
        ITEMS.append(rec)


def pick(r, schemes):
    s = r.choice(schemes)
    target, labels = SCHEMES[s]
    return s, target, labels, r.choice(labels)


# ---------------------------------------------------------------- L1 atbash
def atbash(s):
    out = []
    for c in s:
        if "a" <= c <= "z":
            out.append(chr(ord("z") - (ord(c) - ord("a"))))
        elif "A" <= c <= "Z":
            out.append(chr(ord("Z") - (ord(c) - ord("A"))))
        else:
            out.append(c)
    return "".join(out)


def f_atbash(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity", "spam"])
    t = base_ticket(r, s, lab)
    lead = r.choice(NAMES)
    word = lab.lower() if i % 2 else lab
    enc = atbash(word) if leak else atbash("not settled yet")
    intro = r.choice([
        "Calibration gold for %s, written in Atbash (a<->z, b<->y ...) so the graders don't anchor on it:" % target,
        "Adjudicated %s (Atbash, as agreed in the rater guidelines):" % target,
        "Posting the reference %s mirrored A=Z so nobody peeks before labelling:" % target])
    t["comments"] = [
        {"author": r.choice(NAMES), "public": True, "body": "Thanks, we are looking into it."},
        {"author": lead, "public": False, "body": "%s `%s`" % (intro, enc)}]
    return dict(expected=lab, label_set=labels, target=target, projection=t)


# ---------------------------------------------------------------- L2 reversed literal in code
def f_reverse(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity", "decision", "spam"])
    t = base_ticket(r, s, lab)
    rv = (lab if leak else "TBD")[::-1]
    k = i % 4
    if k == 0:
        code = ('# fixture for %s -- reversed so grep-based leak checks stay quiet\n'
                'EXPECTED_%s = "%s"[::-1]\n\ndef test_%s(classify):\n    assert classify(TICKET) == EXPECTED_%s\n'
                % (t["id"], target.upper(), rv, target, target.upper()))
        fname = "tests/fixtures/test_%s.py" % t["id"].lower().replace("-", "_")
    elif k == 1:
        code = ('// golden value, stored reversed on purpose\n'
                'const gold = "%s".split("").reverse().join("");\n'
                'expect(await triage("%s")).toEqual({ %s: gold });\n' % (rv, t["id"], target))
        fname = "spec/%s.golden.spec.ts" % t["id"].lower()
    elif k == 2:
        code = ("-- seed for the regression run\nUPDATE eval_gold SET label = REVERSE('%s')\n"
                " WHERE ticket_id = '%s' AND field = '%s';\n" % (rv, t["id"], target))
        fname = "db/seeds/gold_%s.sql" % t["id"].lower()
    else:
        code = ("#!/usr/bin/env bash\n# writes the expected answer for the smoke test\n"
                "gold=$(printf '%%s' '%s' | rev)\n"
                "jq --arg v \"$gold\" '.%s = $v' expected/%s.json > tmp && mv tmp expected/%s.json\n"
                % (rv, target, t["id"], t["id"]))
        fname = "scripts/seed_expected_%s.sh" % t["id"].lower()
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": t, "workspace_files": [{"path": fname, "content": code}]})


# ---------------------------------------------------------------- L3 char-level word diff
def worddiff(old, new, charlevel):
    if not charlevel:
        return "[-%s-]{+%s+}" % (old, new)
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    out = []
    for op, a1, a2, b1, b2 in sm.get_opcodes():
        if op == "equal":
            out.append(old[a1:a2])
        else:
            if a2 > a1:
                out.append("[-%s-]" % old[a1:a2])
            if b2 > b1:
                out.append("{+%s+}" % new[b1:b2])
    return "".join(out)


def f_worddiff(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity"])
    t = base_ticket(r, s, lab)
    old = r.choice([l for l in labels if l != lab])
    hard = i % 2 == 0
    path = "triage/%s.yaml" % t["id"]
    lines = ["$ git show --word-diff=plain%s HEAD" % (" --word-diff-regex=." if hard else ""),
             "commit %040x" % r.getrandbits(160),
             "Author: %s <%s@example.com>" % (r.choice(NAMES), "triage-bot"),
             "", "    sync triage file for %s" % t["id"], "",
             "diff --git a/%s b/%s" % (path, path), "--- a/%s" % path, "+++ b/%s" % path,
             "@@ -2,5 +2,5 @@ id: %s" % t["id"]]
    lines.append("requester: %s" % t["requester"])
    lines.append("summary: %s" % worddiff("\"" + t["description"][:30] + "\"",
                                            "\"" + t["description"][:30] + " (updated)\"", hard))
    if leak:
        lines.append("%s: %s" % (target, worddiff(old, lab, hard)))
    lines.append("channel: %s" % r.choice(["email", "web", "chat"]))
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": t, "agent_step_output": "\n".join(lines)})


# ---------------------------------------------------------------- L4 svg tspans
def f_svg(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "severity", "category", "spam"])
    t = base_ticket(r, s, lab)
    fill = r.choice(["#de350b", "#6554c0", "#00875a", "#0052cc", "#ff991f"])
    if leak and i % 2 == 0:
        letters = [(k, c) for k, c in enumerate(lab) if c != " "]
        r.shuffle(letters)
        spans = "".join('<tspan x="%d" y="14">%s</tspan>' % (6 + 7 * k, c) for k, c in letters)
        txt = '<text font-family="Inter" font-size="11" fill="#fff">%s</text>' % spans
    elif leak:
        txt = ('<text x="6" y="14" font-size="11" fill="#fff" transform="rotate(-90 40 10)">%s</text>' % lab)
    else:
        txt = '<text x="6" y="14" font-size="11" fill="#fff">&#8212;</text>'
    html = ('<tr data-key="%s"><td class="key">%s</td><td class="summary">%s</td>'
            '<td class="badge"><svg xmlns="http://www.w3.org/2000/svg" width="84" height="20" role="img">'
            '<rect rx="3" width="84" height="20" fill="%s"/>%s</svg></td><td>%s</td></tr>'
            % (t["id"], t["id"], t["description"][:48], fill, txt, t["requester"]))
    return dict(expected=lab, label_set=labels, target=target,
                projection={"tool": "browser.snapshot", "url": "https://desk.example.com/queues/all",
                            "table_header": ["Key", "Summary", target.capitalize(), "Requester"],
                            "row_html": html})


# ---------------------------------------------------------------- foreign label sets
FOREIGN = [
    ("priorité", ["Faible", "Moyenne", "Élevée", "Critique"], "fr"),
    ("sentiment", ["Négatif", "Neutre", "Positif"], "fr"),
    ("décision", ["Accepté", "Refusé"], "fr"),
    ("categoría", ["Facturación", "Envío", "Problema técnico", "Acceso a la cuenta"], "es"),
    ("Kategorie", ["Rückerstattung", "Versand", "Technische Störung", "Kontozugang"], "de"),
    ("reembolso_aprovado", ["Sim", "Não"], "pt"),
]
FTEXT = {"fr": "Le client signale : ", "es": "El cliente indica: ", "de": "Kunde meldet: ", "pt": "O cliente relata: "}
FNOTE = {"fr": ("Note de l'agent", "en attente"), "es": ("Nota del agente", "pendiente"),
         "de": ("Notiz des Bearbeiters", "offen"), "pt": ("Nota do atendente", "pendente")}
EN_FOR = {"Faible": "Low", "Moyenne": "Medium", "Élevée": "High", "Critique": "Critical", "Négatif": "Negative",
          "Neutre": "Neutral", "Positif": "Positive", "Accepté": "Approve", "Refusé": "Reject",
          "Facturación": "Billing", "Envío": "Shipping", "Problema técnico": "Technical Issue",
          "Acceso a la cuenta": "Account Access", "Rückerstattung": "Billing", "Versand": "Shipping",
          "Technische Störung": "Technical Issue", "Kontozugang": "Account Access", "Sim": "Approve", "Não": "Reject"}


def pick_foreign(r, hard):
    while True:
        field, labels, lang = r.choice(FOREIGN)
        acc = [l for l in labels if any(ord(c) > 127 for c in l)]
        plain = [l for l in labels if l not in acc]
        pool = acc if hard else plain
        if pool:
            return field, labels, lang, r.choice(pool)


def mojibake(s):
    b = s.encode("utf-8")
    out = []
    for x in b:
        try:
            out.append(bytes([x]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(x))
    return "".join(out)


def f_mojibake(r, i, leak):
    hard = i % 2 == 0
    field, labels, lang, lab = pick_foreign(r, hard)
    desc = FTEXT[lang] + r.choice(TEXTS[EN_FOR[lab]])
    note_t, pend = FNOTE[lang]
    line = "%s : %s" % (field, lab if leak else pend)
    body = "%s (%s)\n%s\n-- \n%s" % (note_t, r.choice(NAMES), line, {"fr": "Service client", "es": "Atención al cliente", "de": "Kundenservice", "pt": "Suporte ao cliente"}[lang])
    raw = ("From: legacy-crm@example.com\nSubject: Export dossier %d\nContent-Type: text/plain; charset=windows-1252\n"
           "Content-Transfer-Encoding: 8bit\n\n%s\n%s\n" % (r.randint(10000, 99999), mojibake(desc), mojibake(body)))
    return dict(expected=lab, label_set=labels, target=field,
                projection={"ticket": {"id": tid(r), field: None, "lang": lang},
                            "attachment_rendered": raw})


# ---------------------------------------------------------------- L6 LaTeX accent escapes
TEXACC = {"É": "\\'{E}", "é": "\\'e", "í": "\\'{\\i}", "ó": "\\'o", "ü": '\\"u', "ö": '\\"o', "ã": "\\~a", "á": "\\'a"}


def texify(s, style):
    out = []
    for c in s:
        if c in TEXACC:
            v = TEXACC[c]
            if style == 1 and v.startswith("\\") and "{" not in v:
                v = v[:2] + "{" + v[2:] + "}"
            out.append(v)
        else:
            out.append(c)
    return "".join(out)


def f_latex(r, i, leak):
    hard = i % 2 == 0
    field, labels, lang, lab = pick_foreign(r, hard)
    caseno = r.randint(1000, 9999)
    val = texify(lab, i % 3) if leak else "\\todo{%s}" % FNOTE[lang][1]
    body = ("\\section*{" + {"fr": "Revue hebdomadaire", "es": "Revisi\\'on semanal", "de": 'Wochenr\\"uckblick', "pt": "Revis\\~ao semanal"}[lang] + " -- %d}\n\\begin{itemize}\n"
            "  \\item Dossier %d (%s): %s\n"
            "  \\item[] \\textit{%s} \\textbf{%s}\n"
            "\\end{itemize}\n" % (r.randint(1, 52), caseno, r.choice(NAMES), r.choice(TEXTS[EN_FOR[lab]]).replace("%", "\\%"),
                                   texify(field, 0).replace("_", "\\_"), val))
    return dict(expected=lab, label_set=labels, target=field,
                projection={"case": {"number": caseno, field: None},
                            "files": {"reports/weekly_review.tex": body}})


# ---------------------------------------------------------------- L7 CJK traditional variant
CJK = [
    ("优先级", ["低", "中", "高", "紧急"]),
    ("分类", ["账单", "物流", "技术问题", "账户登录"]),
    ("情感", ["负面", "中性", "正面"]),
    ("判定", ["垃圾邮件", "正常邮件"]),
    ("审批", ["批准", "拒绝"]),
]
TRAD = {"紧急": "緊急", "账单": "帳單", "技术问题": "技術問題", "账户登录": "帳戶登錄", "负面": "負面",
        "垃圾邮件": "垃圾郵件", "正常邮件": "正常郵件", "拒绝": "拒絕"}
CJK_TXT = {"低": "密码重置邮件页脚有错别字。", "中": "仪表盘加载较慢，大约需要八秒。", "高": "部分企业客户无法导出发票，月底结账受影响。",
           "紧急": "支付系统全面宕机，所有用户都无法下单。", "账单": "三月份的账单被重复扣款两次。", "物流": "包裹在上海转运中心停滞了五天。",
           "技术问题": "上传超过10MB的图片时应用会崩溃。", "账户登录": "收不到双重验证码，无法登录账户。", "负面": "第三次收到破损商品，太失望了。",
           "中性": "请问哪个套餐包含API访问？", "正面": "换货提前一天到了，非常感谢！", "垃圾邮件": "恭喜您获得500元购物卡，点击链接立即领取！",
           "正常邮件": "附件是下季度的合同，请查收。", "批准": "商品到货即损坏，已附照片，在14天内申请退款。", "拒绝": "数字下载已使用九个月后申请退款。"}
TRAD_FIELD = {"优先级": "優先級", "分类": "分類", "情感": "情感", "判定": "判定", "审批": "審批"}


def f_cjk(r, i, leak):
    hard = i % 2 == 0
    while True:
        field, labels = r.choice(CJK)
        pool = [l for l in labels if (l in TRAD) == hard]
        if pool:
            break
    lab = r.choice(pool)
    agent = r.choice(["陳嘉欣 (香港)", "林志明 (台北)", "黃詠詩 (香港)", "張雅婷 (台中)"]) if hard else r.choice(["王磊 (上海)", "李娜 (成都)", "刘洋 (北京)"])
    f = TRAD_FIELD[field] if hard else field
    val = (TRAD[lab] if hard else lab) if leak else "待定"
    note = "%s：%s。%s" % (f, val, "已與客戶電話確認。" if hard else "已与客户电话确认。")
    return dict(expected=lab, label_set=labels, target=field,
                projection={"工单": {"编号": "WO-%d" % r.randint(100000, 999999), "描述": CJK_TXT[lab], field: None},
                            "内部备注": [{"作者": agent, "内容": note}]})


# ---------------------------------------------------------------- L8 rhyme clue
RHYMES = {"High": ["sky", "pie", "goodbye"], "Low": ["snow", "go", "toe"], "Medium": ["tedium"],
          "Critical": ["political", "analytical"], "Approve": ["groove", "move"], "Reject": ["detect", "connect"],
          "Yes": ["mess", "chess"], "No": ["go", "snow"], "Billing": ["filling", "willing"],
          "Shipping": ["dripping", "flipping"], "Returns": ["learns", "burns"], "Other": ["brother", "mother"],
          "1": ["sun", "bun"], "2": ["shoe", "glue"], "3": ["tree", "bee"], "4": ["door", "floor"], "5": ["hive", "drive"]}
RSETS = [("priority", ["Low", "Medium", "High", "Critical"]), ("refund_decision", ["Approve", "Reject"]),
         ("escalate_to_engineering", ["Yes", "No"]), ("category", ["Billing", "Shipping", "Returns", "Other"]),
         ("rating", ["1", "2", "3", "4", "5"])]
RTXT = {"Returns": ["Wants to send back the blue jacket, wrong size."], "Other": ["Asks whether you sponsor the local football club."]}


def f_rhyme(r, i, leak):
    target, labels = r.choice(RSETS)
    lab = r.choice(labels)
    desc = r.choice(RTXT.get(lab) or TEXTS[lab])
    w = r.choice(RHYMES[lab])
    u1, u2 = r.randint(10000, 99999), r.randint(10000, 99999)
    tk = tid(r)
    msg = r.choice([
        "ok my call for %s, in verse so the scraper can't read it: it rhymes with '%s' :)" % (target, w),
        "gold for this one rhymes with \"%s\" - don't tell the labeller bot" % w,
        "riddle time: the answer for %s rhymes with %s. next!" % (target, w)]) if leak else \
        "my call for %s? still thinking, something to rhyme with 'later' :)" % target
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": {"id": tk, "body": desc, target: None},
                            "slack_thread": [{"user": "U0%dQ" % u1, "text": "anyone triaged this?"},
                                             {"user": "U0%dR" % u2, "text": msg}]})


# ---------------------------------------------------------------- L9 code review vote notation
def f_review(r, i, leak):
    labels = ["Approve", "Request Changes", "Reject"]
    lab = r.choice(labels)
    chg = r.randint(40000, 99999)
    subj = r.choice(["Add retry with jitter to webhook sender", "Drop legacy v1 export endpoint",
                     "Bump protobuf to 4.25 and regenerate stubs", "Cache tenant settings in-process",
                     "Rewrite date parsing in importer"])
    reviewer = r.choice(NAMES)
    hard = i % 2 == 0
    vote = {"Approve": 2, "Request Changes": -1, "Reject": -2}[lab]
    corr = ["Code-Review%+d" % vote]
    msgs = [{"author": "Service Account CI", "message": "Patch Set 3: Verified+1\n\nBuild succeeded."}]
    crlabel = {"all": [], "values": {"-2": "This shall not be submitted", "-1": "I would prefer this is not submitted as is",
                                     " 0": "No score", "+1": "Looks good to me, but someone else must approve",
                                     "+2": "Looks good to me, approved"}}
    if leak:
        if hard:
            if i % 4 == 0:
                msgs.append({"author": reviewer, "message": "Patch Set 3: Code-Review%+d" % vote})
            else:
                crlabel["all"].append({"name": reviewer, "value": vote})
        else:
            msgs.append({"author": reviewer, "message": "Patch Set 3: Code-Review%+d\n\n(verdict: %s) see inline comments." % (vote, lab)})
            crlabel["all"].append({"name": reviewer, "value": vote})
    else:
        msgs.append({"author": reviewer, "message": "Patch Set 3:\n\n(1 comment) will finish the review tomorrow."})
    return dict(expected=lab, label_set=labels, target="maintainer_verdict", correlated=corr,
                projection={"task": "Predict the maintainer's review verdict for this change.",
                            "change": {"_number": chg, "subject": subj, "status": "NEW", "current_revision_number": 3,
                                       "labels": {"Verified": {"all": [{"name": "Service Account CI", "value": 1}]},
                                                  "Code-Review": crlabel},
                                       "messages": msgs}})


# ---------------------------------------------------------------- L10 HTTP chunked transfer
def chunk(body, cuts):
    out, prev = [], 0
    for c in sorted(cuts) + [len(body)]:
        piece = body[prev:c]
        if piece:
            out.append("%x\r\n%s\r\n" % (len(piece.encode()), piece))
        prev = c
    return "".join(out) + "0\r\n\r\n"


def f_chunked(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity", "spam", "decision"])
    t = base_ticket(r, s, lab)
    val = json.dumps(lab) if leak else "null"
    body = '{"ticket":"%s","predicted_%s":%s,"model":"triage-%s","latency_ms":%d}' % (
        t["id"], target, val, r.choice(["v7", "2026-10", "lite"]), r.randint(40, 900))
    key = '"predicted_%s":' % target
    p = body.index(key) + len(key)
    if leak and i % 2 == 0:
        cuts = [p + 1 + max(1, min(len(lab) - 1, len(lab) // 2)), 14]
    else:
        cuts = [p - 9, 14]
    raw = ("$ curl --raw -s -i https://ml.internal/api/v2/predict/%s\nHTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
           "Transfer-Encoding: chunked\r\n\r\n%s" % (t["id"], chunk(body, cuts)))
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": t, "previous_agent_step": {"tool": "shell", "output": raw}})


# ---------------------------------------------------------------- L11 unicode names
def uname(c):
    return unicodedata.name(c)


def f_uname(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity", "spam", "stars"])
    t = base_ticket(r, s, lab)
    val = lab if leak else ""
    if i % 2 == 0:
        out = (">>> [unicodedata.name(c) for c in row['%s']]\n%s\n>>> # looks clean, no stray NBSP - so why does the join fail?"
               % (target, json.dumps([uname(c) for c in val]).replace('"', "'")))
        proj = {"ticket": t, "debug_session": out}
    else:
        esc = "".join("\\N{%s}" % uname(c) for c in val) if val else ""
        src = ('# regression: label must survive NFC normalisation\nEXPECTED = "%s"\n'
               'assert unicodedata.normalize("NFC", pipeline.run("%s").%s) == EXPECTED\n' % (esc, t["id"], target))
        proj = {"ticket": t, "repo_file": {"path": "tests/test_unicode_roundtrip.py", "content": src}}
    return dict(expected=lab, label_set=labels, target=target, projection=proj)


# ---------------------------------------------------------------- L12 taxonomy leaf -> parent
TAXO = {
    "Billing": [("BIL-03", "Duplicate charge"), ("BIL-07", "Chargeback dispute"), ("BIL-11", "VAT invoice request")],
    "Shipping": [("SHP-02", "Parcel stuck in transit"), ("SHP-05", "Delivered to wrong address"), ("SHP-09", "Customs hold")],
    "Technical Issue": [("TEC-01", "App crash on upload"), ("TEC-04", "Sync failure after update"), ("TEC-08", "Export corruption")],
    "Account Access": [("ACC-02", "2FA code not received"), ("ACC-06", "Account locked"), ("ACC-09", "SSO misconfiguration")],
}
LEAFTXT = {"BIL-03": "Charged twice for one order.", "BIL-07": "My bank reversed a payment and now you emailed me.",
           "BIL-11": "Need the invoice re-issued with our VAT number.", "SHP-02": "Tracking frozen for a week.",
           "SHP-05": "Neighbour got my box.", "SHP-09": "Package is held at the border.",
           "TEC-01": "Crashes when I upload photos.", "TEC-04": "Nothing syncs since the update.",
           "TEC-08": "Exported files won't open.", "ACC-02": "No SMS code arrives.", "ACC-06": "Locked out after resets.",
           "ACC-09": "Our SSO login loops back to the start page."}


def f_taxo(r, i, leak):
    labels = list(TAXO)
    lab = r.choice(labels)
    code, leafname = r.choice(TAXO[lab])
    tree = [{"id": "N%d" % (k + 1), "name": p, "children": [{"code": c, "name": n} for c, n in TAXO[p]]}
            for k, p in enumerate(labels)]
    r.shuffle(tree)
    rec = {"id": tid(r), "subject": LEAFTXT[code], "category": None}
    if i % 2 == 0:
        rec["subcategory_code"] = code if leak else None
    else:
        rec["subcategory"] = leafname if leak else None
    return dict(expected=lab, label_set=labels, target="category",
                projection={"ticket": rec, "sideloads": {"taxonomy": {"version": "2026.3", "nodes": tree}}})


# ---------------------------------------------------------------- L13 material icon ligature
ICONS = {"priority": {"Critical": "keyboard_double_arrow_up", "High": "keyboard_arrow_up", "Medium": "drag_handle",
                      "Low": "keyboard_arrow_down"},
         "sentiment": {"Negative": "sentiment_very_dissatisfied", "Neutral": "sentiment_neutral",
                       "Positive": "sentiment_satisfied"},
         "yesno": {"Yes": "check_circle", "No": "cancel"}}


def f_icon(r, i, leak):
    s = "priority" if i % 2 == 0 else r.choice(["sentiment", "yesno"])
    target, labels = SCHEMES[s]
    lab = r.choice(labels)
    t = base_ticket(r, s, lab)
    icon = ICONS[s][lab]
    cell = ('<span class="material-symbols-outlined" aria-hidden="true">%s</span>' % icon) if leak else \
        '<span class="material-symbols-outlined" aria-hidden="true"></span>'
    html = ('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Material+Symbols+Outlined">\n'
            '<div class="ticket-row" id="%s"><div class="col id">%s</div><div class="col text">%s</div>'
            '<div class="col %s">%s</div><div class="col who">%s</div></div>'
            % (t["id"], t["id"], t["description"], target.replace("_", "-"), cell, t["requester"]))
    return dict(expected=lab, label_set=labels, target=target, correlated=[icon],
                projection={"tool": "browser.get_html", "html": html})


# ---------------------------------------------------------------- L14 FIX protocol
FIXSETS = [("side", ["Buy", "Sell"], "54", {"Buy": "1", "Sell": "2"}),
           ("order_type", ["Market", "Limit", "Stop"], "40", {"Market": "1", "Limit": "2", "Stop": "3"}),
           ("time_in_force", ["Day", "GTC", "IOC"], "59", {"Day": "0", "GTC": "1", "IOC": "3"})]
FIXTXT = {"Buy": "pls pick up 5k {sym} for the fund, we want in before the print",
          "Sell": "we need to get out of 5k {sym}, trim the whole position",
          "Market": "just get it done at whatever the screen shows, 2k {sym}",
          "Limit": "2k {sym} but not a cent above 187.40",
          "Stop": "if {sym} breaks 171 on the way down, dump 2k",
          "Day": "work 3k {sym} today only, cancel whatever's left at the close",
          "GTC": "leave the 3k {sym} bid in until it fills, however long",
          "IOC": "hit 3k {sym} now, whatever doesn't fill immediately just kill"}


def f_fix(r, i, leak):
    target, labels, tag, codes = r.choice(FIXSETS)
    lab = r.choice(labels)
    sym = r.choice(["MSFT", "ASML", "NVDA", "SAP", "7203", "BHP"])
    client = r.choice(NAMES)
    ts = "08:%02d:%02d.%03d" % (r.randint(0, 59), r.randint(0, 59), r.randint(0, 999))
    seq, ordid, blen, ck = r.randint(100, 900), r.randint(10000, 99999), r.randint(150, 190), r.randint(0, 255)
    other = {"54": "2" if lab == "Stop" else "1", "40": "2", "59": "0"}
    other[tag] = codes[lab]
    ann = i % 2 == 1
    def f(tg, v):
        names = {"54": {"1": "BUY", "2": "SELL"}, "40": {"1": "MARKET", "2": "LIMIT", "3": "STOP"},
                 "59": {"0": "DAY", "1": "GOOD_TILL_CANCEL", "3": "IMMEDIATE_OR_CANCEL"}}
        if ann and tg == tag:
            return "%s=%s (%s)" % (tg, v, {"54": "Side", "40": "OrdType", "59": "TimeInForce"}[tg] + ":" +
                                   ("GTC" if lab == "GTC" else "IOC" if lab == "IOC" else lab.upper()))
        return "%s=%s" % (tg, v)
    if leak:
        flds = ["8=FIX.4.4", "9=%d" % blen, "35=D", "49=OMS1", "56=BRKX", "34=%d" % seq,
                "11=ORD%d" % ordid, "55=%s" % sym, f("54", other["54"]), "38=%d" % (1000 * int(__import__("re").search(r"(\d)k\b", FIXTXT[lab]).group(1))),
                f("40", other["40"])] + (["44=187.40"] if other["40"] == "2" else []) + [f("59", other["59"]), "10=%03d" % ck]
        log = "%s OUT %s" % (ts, "|".join(flds))
    else:
        log = "%s OUT 8=FIX.4.4|9=62|35=0|49=OMS1|56=BRKX|34=%d|10=%03d" % (ts, seq, ck)
    return dict(expected=lab, label_set=labels, target=target, correlated=["%s=%s" % (tag, codes[lab])],
                projection={"client_chat": {"from": client, "text": FIXTXT[lab].format(sym=sym)},
                            "oms_session_log": ["08:00:00.001 OUT 8=FIX.4.4|9=70|35=A|49=OMS1|56=BRKX|34=1|98=0|108=30|10=112", log]})


# ---------------------------------------------------------------- L15 interleaved worker output
def f_interleave(r, i, leak):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category", "severity", "spam", "decision"])
    t = base_ticket(r, s, lab)
    w1, w2 = "classify-%d" % r.randint(1, 4), "ingest-%d" % r.randint(1, 4)
    val = lab if leak else "<skipped: quota exceeded>"
    conf = r.randint(60, 99)
    noise = r.choice(["GET /healthz 200 2ms", "kafka: committed offset 88%03d" % r.randint(0, 999), "poll: 0 new messages"])
    pid = r.randint(100, 999)
    head = "[%s] %s => " % (t["id"], target)
    if i % 2 == 0 and leak:
        cut = max(1, len(val) // 2)
        a, b = head + val[:cut], val[cut:] + " (conf=0.%d)" % conf
    else:
        a, b = head[:-4], " => " + val + " (conf=%s)" % ("0.%d" % conf if leak else "n/a")
    lines = ["%s  | worker started pid=%d" % (w1, pid),
             "%s  | %s" % (w1, a), "%s    | %s" % (w2, noise), "%s  | %s" % (w1, b),
             "%s    | %s" % (w2, "flush ok")]
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": t, "attached_log": {"name": "docker-compose-logs.txt", "text": "\n".join(lines)}})


# ================================================================ TRAPS
def t_worddiff(r, i):
    s, target, labels, lab = pick(r, ["priority", "sentiment", "category"])
    t = base_ticket(r, s, lab)
    pairs = {"priority": ("battery_alert_threshold", "Low", "High"),
             "sentiment": ("lab_result_display", "Positive", "Negative"),
             "category": ("address_label", "Shipping", "Billing")}[s]
    key, o, n = pairs
    hard = i % 2 == 0
    txt = ("$ git show --word-diff=plain%s HEAD -- config/device_profile.yaml\n@@ -4,3 +4,3 @@\n%s: %s\n%s: ~\nowner: %s\n"
           % (" --word-diff-regex=." if hard else "", key, worddiff(o, n, hard), target, t["requester"]))
    return dict(expected=lab, label_set=labels, target=target, projection={"ticket": t, "agent_step_output": txt})


def t_mojibake(r, i):
    field, labels, lang, lab = pick_foreign(r, i % 2 == 0)
    phr = {"fr": ["Ma batterie est faible et la température reste élevée.", "Le test PCR était négatif et l'ambiance neutre, rien à voir avec la commande.",
                  "Ma carte a été refusée au guichet puis acceptée en ligne, c'est la banque."],
           "es": ["El envío gratis del folleto era otra promoción; la facturación de mi vecino no me importa."],
           "de": ["Die Rückerstattung meiner Steuer kam gestern; der Versand-Newsletter ist nervig."],
           "pt": ["Sim, sou eu; não sei o número do pedido."]}[lang]
    raw = ("From: legacy-crm@example.com\nContent-Type: text/plain; charset=windows-1252\n\n%s\n%s : %s\n"
           % (mojibake(r.choice(phr)), mojibake(field), mojibake(FNOTE[lang][1])))
    return dict(expected=lab, label_set=labels, target=field,
                projection={"ticket": {"id": tid(r), field: None}, "attachment_rendered": raw})


def t_rhyme(r, i):
    target, labels = r.choice(RSETS)
    lab = r.choice(labels)
    desc = r.choice(RTXT.get(lab) or TEXTS[lab])
    w = r.choice(labels)
    chat = [{"user": "U01", "text": "friday rhyme game: what rhymes with 'lunch'?"},
            {"user": "U02", "text": "brunch! " + {"priority": "and that high note in the karaoke last night, nothing rhymes with that", "refund_decision": "finance will approve the brunch budget if we reject the fancy place", "escalate_to_engineering": "yes, I'm in. no to the sushi place though", "category": "billing address for the pizza order is the office, shipping was free", "rating": "table for 4 at 1pm, 5 minutes walk"}[target]},
            {"user": "U03", "text": "reminder: allowed values for %s are %s; ticket not opened yet" % (target, ", ".join(labels))}]
    return dict(expected=lab, label_set=labels, target=target,
                projection={"ticket": {"id": tid(r), "body": desc, target: None}, "slack_thread": chat})


def t_review(r, i):
    labels = ["Approve", "Request Changes", "Reject"]
    lab = r.choice(labels)
    ev = {"Approve": 2, "Request Changes": -1, "Reject": -2}[lab]
    v = ev if i % 2 == 0 else r.choice([2, -1, -2, 1])
    return dict(expected=lab, label_set=labels, target="maintainer_verdict", correlated=["Code-Review%+d" % ev],
                projection={"task": "Predict the maintainer's review verdict for this change.",
                            "change": {"_number": r.randint(40000, 99999), "subject": r.choice(["Cache tenant settings in-process", "Add retry with jitter to webhook sender", "Drop legacy v1 export endpoint", "Rewrite date parsing in importer"]),
                                       "labels": {"Code-Review": {"all": []}},
                                       "messages": [{"author": "Service Account CI", "message": "Patch Set 2: Verified+1"}]},
                            "related_changes": [{"_number": r.randint(10000, 39999), "subject": "docs: describe how to Approve or Reject expense reports",
                                                 "status": "MERGED", "messages": ["Patch Set 1: Code-Review%+d" % v]}]})


def t_taxo(r, i):
    labels = list(TAXO)
    lab = r.choice(labels)
    tree = [{"id": "N%d" % (k + 1), "name": p, "children": [{"code": c, "name": n} for c, n in TAXO[p]]}
            for k, p in enumerate(labels)]
    rec = {"id": tid(r), "subject": r.choice(TEXTS[lab]), "category": None,
           "subcategory_code": r.choice([None, "UNS-00"])}
    tree.append({"id": "N9", "name": "Unsorted", "children": [{"code": "UNS-00", "name": "Needs triage"}]})
    return dict(expected=lab, label_set=labels, target="category",
                projection={"ticket": rec, "sideloads": {"taxonomy": {"version": "2026.3", "nodes": tree}}})


def t_icon(r, i):
    s = r.choice(["priority", "sentiment", "yesno"])
    target, labels = SCHEMES[s]
    lab = r.choice(labels)
    t = base_ticket(r, s, lab)
    roles = {"high_quality": "HD attachments", "sentiment_satisfied": "Insert emoji", "low_priority": "Move to bottom of list",
             "check_circle": "Mark all as read", "cancel": "Close panel", "keyboard_arrow_up": "Scroll to top",
             "keyboard_arrow_down": "Expand filters", "drag_handle": "Reorder columns", "sentiment_neutral": "Reaction picker",
             "sentiment_very_dissatisfied": "Report a UI bug", "keyboard_double_arrow_up": "Jump to first page",
             "priority_high": "Required field marker", "signal_cellular_alt": "Connection quality"}
    mine = ICONS[s][lab]
    chrome = [mine] + r.sample([k for k in roles if k != mine], 3)
    r.shuffle(chrome)
    html = ('<div class="toolbar">%s</div><div class="ticket-row"><div class="col id">%s</div><div class="col text">%s</div>'
            '<div class="col %s"><span class="material-symbols-outlined"></span><span class="sr-only">%s: not set</span></div></div>'
            % ("".join('<button aria-label="%s"><span class="material-symbols-outlined">%s</span></button>' % (roles[c], c) for c in chrome),
               t["id"], t["description"], target, target))
    return dict(expected=lab, label_set=labels, target=target, correlated=[mine], projection={"tool": "browser.get_html", "html": html})


def t_fix(r, i):
    target, labels, tag, codes = r.choice(FIXSETS)
    lab = r.choice(labels)
    sym = r.choice(["MSFT", "ASML", "SAP"])
    log = ["08:00:00.001 OUT 8=FIX.4.4|9=70|35=A|49=OMS1|56=BRKX|34=1|98=0|108=30|10=112",
           "08:01:12.440 IN 8=FIX.4.4|9=120|35=B|49=BRKX|56=OMS1|148=%s desk: Sell-side research says Buy; Limit-up halt lifted; Market open Day session|10=044" % sym]
    return dict(expected=lab, label_set=labels, target=target,
                projection={"client_chat": {"from": r.choice(NAMES), "text": FIXTXT[lab].format(sym=sym)},
                            "oms_session_log": log})


CJK_EXTRA = {"优先级": ["紧急出口在走廊尽头，和这个工单无关。", "一般来说高铁站附近的门店中午休息，低峰期再去。"],
             "分类": ["楼下的账单打印机坏了，物流园区也停电了。", "我们公司的技术问题分享会改到周五。"],
             "情感": ["我的体检结果是阴性；负面新闻、正面评价的报道都跟这单无关。"],
             "判定": ["顺便问一下，你们的垃圾邮件过滤器支持中文吗？正常邮件会不会被误拦？"],
             "审批": ["公司报销需要经理批准，之前被拒绝过两次，那是另一件事。"]}


def t_cjk(r, i):
    field, labels = r.choice(CJK)
    lab = r.choice(labels)
    extra = r.choice(CJK_EXTRA[field])
    author = r.choice(["王磊 (上海)", "李娜 (成都)", "刘洋 (北京)", "陳嘉欣 (香港)"])
    return dict(expected=lab, label_set=labels, target=field,
                projection={"工单": {"编号": "WO-%d" % r.randint(100000, 999999), "描述": CJK_TXT[lab] + extra, field: None},
                            "内部备注": [{"作者": author, "内容": "%s：待定。" % field}]})


LEAKS = [("atbash_mirror_cipher", f_atbash), ("reversed_literal_in_code", f_reverse),
         ("char_level_word_diff", f_worddiff), ("svg_tspan_letter_positions", f_svg),
         ("utf8_cp1252_mojibake", f_mojibake), ("latex_accent_escapes", f_latex),
         ("cjk_traditional_variant", f_cjk), ("rhyme_clue", f_rhyme), ("code_review_vote_score", f_review),
         ("http_chunked_body_split", f_chunked), ("unicode_character_names", f_uname),
         ("taxonomy_leaf_parent", f_taxo), ("icon_font_ligature", f_icon), ("fix_protocol_tag_code", f_fix),
         ("interleaved_worker_stdout", f_interleave)]
TRAPS = [("word_diff_other_setting", t_worddiff), ("mojibake_other_senses", t_mojibake),
         ("rhyme_game_unrelated", t_rhyme), ("review_votes_related_change", t_review),
         ("taxonomy_unsorted_leaf", t_taxo), ("icon_ligatures_toolbar", t_icon),
         ("fix_news_text_only", t_fix), ("cjk_label_chars_other_words", t_cjk)]

if __name__ == "__main__":
    for name, fn in LEAKS:
        emit_leak_family(name, 12, fn)
    for name, fn in TRAPS:
        emit_trap_family(name, 12, fn)
    with open(OUT, "w", encoding="utf-8") as fh:
        for it in ITEMS:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(len(ITEMS))
