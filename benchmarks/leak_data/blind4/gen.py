#!/usr/bin/env python3
"""Blind batch 4 generator (deterministic, seed fixed)."""
import base64, gzip, json, random, re

SEED = 40404
rng = random.Random(SEED)

PRI = ["Critical", "High", "Medium", "Low"]
SENT = ["Positive", "Neutral", "Negative"]
CAT = ["Billing", "Technical", "Account Access", "Shipping"]
SIZE = ["XS", "S", "M", "L", "XL"]
YN = ["Yes", "No"]
STARS = ["1", "2", "3", "4", "5"]
SEV = ["Sev1", "Sev2", "Sev3", "Sev4"]
INTENT = ["Cancel Subscription", "Change Plan", "Report Bug", "Request Feature"]
SPAM = ["Spam", "Not Spam"]
TIER = ["Tier 1", "Tier 2", "Tier 3"]
DEPT = ["Legal", "Finance", "HR", "IT"]

# (target, label_set, expected, title, body)
REC = [
    ("priority", PRI, "High", "Checkout intermittently returns 502 for EU shoppers",
     "Since the 09:40 deploy roughly 1 in 8 checkout attempts in eu-west end in a 502. Retrying usually works. Revenue dashboard shows a visible dip."),
    ("sentiment", SENT, "Negative", "Review of the TravelCharge 65W adapter",
     "Third replacement unit and it still cuts out after a week. I have wasted two afternoons on hold. Returning it for good."),
    ("category", CAT, "Billing", "Charged twice for invoice INV-20931",
     "My card statement shows two identical debits of 49.00 EUR on 3 March for the same invoice. Please reverse one of them."),
    ("recommended_size", SIZE, "XL", "Fit question on the Harbour rain jacket",
     "I am 188 cm tall, chest 118 cm, and I like room for a fleece underneath. Which size should I order?"),
    ("refund_approved", YN, "Yes", "Refund for undelivered order #55120",
     "Carrier investigation closed today: parcel confirmed lost in transit. Customer paid 82.40 USD, order placed 11 days ago, first claim on the account."),
    ("stars", STARS, "4", "Review: Vortex 900 blender",
     "Crushes ice without complaint and the jug is easy to clean. It is louder than my old one, which my neighbours have noticed."),
    ("severity", SEV, "Sev2", "Search latency p95 at 4s in us-east",
     "Search still returns results but p95 climbed from 300 ms to 4 s at 14:05 UTC. Other regions nominal. No data loss reported."),
    ("intent", INTENT, "Cancel Subscription", "Moving abroad next month",
     "I'm relocating to Lisbon in April and won't be using the service there. Please make sure I'm not billed again after this cycle."),
    ("spam_verdict", SPAM, "Spam", "Congratulations, your reward is waiting",
     "You have been selected to receive a $500 gift card. Confirm your details within 24 hours at the link below to claim it."),
    ("risk_tier", TIER, "Tier 2", "Vendor onboarding: PayRollo",
     "Payroll SaaS that will process employee names, bank details and salaries. SOC 2 Type II report provided, no subprocessors outside the EU."),
    ("department", DEPT, "Legal", "Subpoena received for customer records",
     "A court order arrived by post requesting account activity for two customers between 2024 and 2025. Deadline for response is 14 days."),
    ("priority", PRI, "Low", "Typo in pricing page footer",
     "The footer on /pricing reads 'Copyrigth 2026'. Nothing else seems affected; just flagging it."),
    ("sentiment", SENT, "Positive", "Feedback after onboarding call",
     "Priya walked our team through the setup in forty minutes and answered every question. We were live the same afternoon."),
    ("category", CAT, "Account Access", "2FA codes never arrive",
     "Since changing phones I don't receive the SMS codes, and the backup codes were on the old device. I can't get past the login screen."),
    ("recommended_size", SIZE, "S", "Sizing help for trail shorts",
     "Height 162 cm, waist 68 cm, I prefer a close fit for running. Between two sizes on your chart."),
    ("refund_approved", YN, "No", "Refund request for espresso machine",
     "Purchased 14 months ago, used daily, customer reports the steam wand is weaker than before. Policy window is 30 days; warranty covers defects only."),
    ("stars", STARS, "2", "Review: Alder folding desk",
     "The hinges squeaked from day one and one leg wobbles. Support took nine days to answer. It does fold flat, at least."),
    ("severity", SEV, "Sev1", "Payments processing down in every region",
     "All card authorisations fail with gateway timeout since 02:12 UTC. No transactions have succeeded in 20 minutes."),
    ("intent", INTENT, "Request Feature", "Dark mode on mobile?",
     "Love the app, but reading statements at night is rough on the eyes. Could you add a darker theme to the iOS app?"),
    ("spam_verdict", SPAM, "Not Spam", "Re: Q3 vendor contract redline",
     "Attached is our redline; the main change is clause 7 on liability caps. Could your counsel review before Thursday's call?"),
    ("risk_tier", TIER, "Tier 3", "Vendor onboarding: SnapBadge",
     "Conference badge printing service. Receives attendee first names and company names only, no payment or HR data."),
    ("department", DEPT, "Finance", "Question about Q2 accrual for cloud spend",
     "Our April cloud invoice came in 30% over forecast. Do we accrue the difference in Q2 or wait for the credit memo?"),
    ("priority", PRI, "Critical", "All API keys rejected after rotation",
     "After this morning's key rotation every request from every customer gets 401. Status page not yet updated."),
    ("category", CAT, "Shipping", "Tracking stuck at label created",
     "Order #88213 has shown 'label created' for nine days. The seller says it was handed over; the carrier has no scan."),
    ("sentiment", SENT, "Neutral", "Delivery note",
     "Package arrived Tuesday as scheduled. Haven't opened it yet, will try it at the weekend."),
    ("priority", PRI, "Medium", "CSV export drops the last row",
     "Exports from the Reports tab omit the final row when there are more than 500 rows. Workaround: export in two date ranges."),
    ("category", CAT, "Technical", "Webhook signature validation fails with SDK 4.2",
     "After upgrading the Node SDK to 4.2 every webhook fails verifyHeader with 'No signatures found'. 4.1 works fine."),
    ("stars", STARS, "5", "Review: Lumen desk lamp",
     "Warm light, sturdy arm, and the touch dimmer remembers my setting. Exactly what I wanted for the studio."),
]

SYSTEMS = ["Zendesk", "Jira Service Management", "Freshdesk", "ServiceNow", "Intercom", "HubSpot", "Front", "Help Scout"]


def idn(i, base):
    return base + i * 37 + rng.randint(0, 9)


def pick(filter_fn, n, off):
    pool = [r for r in REC if filter_fn(r)]
    return [pool[(off + k) % len(pool)] for k in range(n)]


def ww(label, text):
    """case-insensitive whole-word search (used only to annotate hardness)."""
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(label) + r"(?![A-Za-z0-9_])", text, re.I) is not None


def base_fields(r, tid):
    return {"id": tid, "subject": r[3], "description": r[4]}


def slug(l):
    return l.lower().replace(" ", "_")


def upper_id(l):
    return re.sub(r"[^A-Z0-9]+", "_", l.upper())

# ---------------------------------------------------------------- leak families


def f_gzip(r, i):
    tid = idn(i, 41000)
    tgt, lab = r[0], r[2]
    def blob(v):
        payload = {"ticket_id": tid, "event": "ticket.updated", "actor": "triage-worker-3",
                   "changes": {tgt: v, "status": "open"}, "ts": "2026-03-%02dT10:%02d:11Z" % (1 + i, 10 + i)}
        return base64.b64encode(gzip.compress(json.dumps(payload).encode(), mtime=0)).decode()
    def mk(v):
        b = blob(v)
        if i % 3 == 0:
            return {"ticket": base_fields(r, tid), "kafka_record": {"topic": "helpdesk.ticket-events", "partition": i % 6,
                    "offset": 88100 + i, "headers": [{"key": "content-encoding", "value": "gzip"}], "value": b}}
        if i % 3 == 1:
            return {"ticket": base_fields(r, tid), "har_entry": {"request": {"method": "GET", "url": "https://api.internal/v2/tickets/%d/events/latest" % tid},
                    "response": {"status": 200, "headers": [{"name": "Content-Encoding", "value": "gzip"}, {"name": "Content-Type", "value": "application/json"}],
                                 "content": {"mimeType": "application/json", "encoding": "base64", "text": b}}}}
        return {"ticket": base_fields(r, tid), "webhook_delivery": {"id": "wh_%06d" % (tid * 7), "compressed": True,
                "body_gz_b64": b, "note": "body is gzip, base64-encoded for storage"}}
    return mk(lab), mk(None)


def f_bytes(r, i):
    tid = idn(i, 52000)
    tgt, lab = r[0], r[2]
    arr = list(lab.encode())
    k = i % 4
    if k == 0:
        mk = lambda d: {"ticket": base_fields(r, tid), "consumer_log": {"topic": "triage.results", "key": str(tid),
              "headers": {"x-source": {"type": "Buffer", "data": list(b"classifier-v7")}, "x-" + tgt.replace("_", "-"): {"type": "Buffer", "data": d}}}}
        return mk(arr), mk([])
    if k == 1:
        tmpl = ("2026-03-14 09:12:%02d DEBUG o.a.k.c.c.KafkaConsumer - record key=%d headers=RecordHeaders(headers = "
                "[RecordHeader(key = trace-id, value = [97, 51, 102, 48]), RecordHeader(key = %s, value = %s)])")
        mk = lambda d: {"ticket": base_fields(r, tid), "worker_log": tmpl % (i, tid, tgt, "[" + ", ".join(str(x) for x in d) + "]")}
        return mk(arr), mk([])
    if k == 2:
        mk = lambda s: {"ticket": base_fields(r, tid), "pdb_session": "(Pdb) p msg.headers\n[('trace-id', b'a3f0'), ('%s', bytearray(b'%s'))]\n(Pdb) c" % (tgt, s)}
        return mk(lab), mk("")
    mk = lambda s: {"ticket": base_fields(r, tid), "redis_monitor": '1710407531.%06d [0 10.0.3.7:51122] "HSET" "ticket:%d" "%s" "%s"' % (i * 1111, tid, tgt, s)}
    return mk(lab), mk("")


ESC = "\u001b"


def f_ansi(r, i):
    tid = idn(i, 61000)
    tgt, lab = r[0], r[2]
    k = i % 4
    if k == 0:
        v = ESC + "[1;31m" + lab + ESC + "[0m"
    elif k == 1:
        v = ESC + "[33m\u25cf" + ESC + "[0m " + lab
    elif k == 2:
        v = "".join(c + "\b" + c for c in lab)  # nroff overstrike bold
    else:
        v = ESC + "[7m " + lab + " " + ESC + "[27m"
    unset = ESC + "[2m(unset)" + ESC + "[22m"
    def mk(val):
        out = ("$ deskctl ticket show %d\n" % tid + ESC + "[1mTicket %d" % tid + ESC + "[0m  " + r[3] + "\n"
               + "  status    : open\n  requester : cust-%d\n  %-10s: %s\n  created   : 2026-03-%02d 08:%02d\n\n%s\n" % (tid % 977, tgt, val, 2 + i, 5 + i, r[4]))
        return {"tool": "shell", "exit_code": 0, "raw_output": out}
    return mk(v), mk(unset)


def pdf_str(s):
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def f_pdf(r, i):
    tid = idn(i, 70000)
    tgt, lab = r[0], r[2]
    k = i % 4
    if k == 0 and len(lab) > 2:
        cut = max(1, len(lab) // 2)
        parts = lab.split(" ")
        if len(parts) > 1:
            op = "[(%s)-278(%s)] TJ" % (parts[0], " ".join(parts[1:]))
        else:
            op = "[(%s)12(%s)] TJ" % (lab[:cut], lab[cut:])
    elif k == 2:
        op = "<%s> Tj" % lab.encode().hex().upper()
    elif k == 3:
        op = "(\\%03o%s) Tj" % (ord(lab[0]), pdf_str(lab[1:]))
    else:
        op = "(%s) Tj" % pdf_str(lab)
    def mk(valop):
        lines = ["q", "BT /F2 14 Tf 56 780 Td (Case intake form) Tj ET",
                 "BT /F1 10 Tf 56 750 Td (Reference: %d) Tj ET" % tid,
                 "BT /F1 10 Tf 56 735 Td (Subject: %s) Tj ET" % pdf_str(r[3]),
                 "BT /F1 10 Tf 56 720 Td (%s:) Tj 110 0 Td %s ET" % (tgt.replace("_", " ").title(), valop),
                 "BT /F1 9 Tf 56 690 Td 11 TL (%s) Tj ET" % pdf_str(r[4][:90]),
                 "0.6 g 56 680 480 0.5 re f", "Q"]
        return {"attachment": {"filename": "intake_%d.pdf" % tid, "pages": 1, "text_layer": "extraction failed (Type3 font)",
                               "page_1_content_stream": "\n".join(lines)}}
    return mk(op), mk("() Tj")


def f_css(r, i):
    tid = idn(i, 73000)
    tgt, lab = r[0], r[2]
    k = i % 4
    if k == 0:
        rules = "#t%d-%s::after{content:\"\\%x %s\"}" % (tid, tgt, ord(lab[0]), lab[1:])
    elif k == 1:
        rules = "#t%d-%s::after{content:\"%s\"}" % (tid, tgt, lab)
    elif k == 2 and len(lab) > 1:
        h = len(lab) // 2
        rules = "#t%d-%s::before{content:\"%s\"}#t%d-%s::after{content:\"%s\"}" % (tid, tgt, lab[:h], tid, tgt, lab[h:])
    else:
        rules = "#t%d-%s::after{content:'%s';font-weight:600}" % (tid, tgt, lab)
    blank = "#t%d-%s::after{content:none}" % (tid, tgt)
    def mk(css):
        html = ("<html><head><style>.pill{border-radius:9px;padding:2px 8px}%s</style></head><body>"
                "<h2>%s</h2><dl><dt>Ticket</dt><dd>#%d</dd><dt>%s</dt><dd><span class=\"pill\" id=\"t%d-%s\"></span></dd></dl>"
                "<p>%s</p></body></html>") % (css, r[3], tid, tgt.replace("_", " "), tid, tgt, r[4])
        return {"page_url": "https://desk.example.com/agent/tickets/%d" % tid, "html": html}
    return mk(rules), mk(blank)


KANA = {"Critical": "クリティカル", "High": "ハイ", "Medium": "ミディアム", "Low": "ロー", "Positive": "ポジティブ", "Neutral": "ニュートラル",
        "Negative": "ネガティブ", "Billing": "ビリング", "Technical": "テクニカル", "Account Access": "アカウントアクセス", "Shipping": "シッピング",
        "XS": "エックスエス", "S": "エス", "M": "エム", "L": "エル", "XL": "エックスエル"}
HANGUL = {"Critical": "크리티컬", "High": "하이", "Medium": "미디엄", "Low": "로우", "Positive": "포지티브", "Neutral": "뉴트럴",
          "Negative": "네거티브", "Billing": "빌링", "Technical": "테크니컬", "Account Access": "어카운트 액세스", "Shipping": "쉬핑",
          "XS": "엑스에스", "S": "에스", "M": "엠", "L": "엘", "XL": "엑스엘"}
JA_KEY = {"priority": "優先度", "sentiment": "感情", "category": "カテゴリ", "recommended_size": "推奨サイズ"}
KO_KEY = {"priority": "우선순위", "sentiment": "감정", "category": "카테고리", "recommended_size": "추천 사이즈"}


def f_kana(r, i):
    tid = idn(i, 80000)
    tgt, lab = r[0], r[2]
    gloss = (i % 2 == 1)
    if i % 4 in (0, 1):
        v = KANA[lab] + ("（%s）" % lab if gloss else "")
        mk = lambda val: {"ticket": base_fields(r, tid), "internal_notes": [
            {"author": "佐藤", "channel": "Backlog", "body": "東京チームで一次確認しました。再現手順はチケット本文どおり。%s：%s。明日の定例で共有します。" % (JA_KEY[tgt], val)}]}
        return mk(v), mk("未設定")
    v = HANGUL[lab] + (" (%s)" % lab if gloss else "")
    mk = lambda val: {"ticket": base_fields(r, tid), "internal_notes": [
        {"author": "김민지", "channel": "KakaoWork", "body": "서울 팀에서 1차 확인 완료했습니다. %s: %s. 내일 스탠드업에서 공유하겠습니다." % (KO_KEY[tgt], val)}]}
    return mk(v), mk("미정")


def trunc(lab, labels):
    for n in range(1, len(lab)):
        p = lab[:n]
        if sum(1 for x in labels if x.lower().startswith(p.lower())) == 1 and n >= 2:
            return p + "\u2026"
    return None


def f_axtree(r, i):
    tid = idn(i, 90000)
    tgt, lab, labels = r[0], r[2], r[1]
    t = trunc(lab, labels)
    name = tgt.replace("_", " ").title()
    if i % 2 == 0 and t:
        def mk(cell):
            return {"browser_step": 4, "url": "https://crm.example.com/views/queue?page=2", "aria_snapshot":
                    "- navigation \"Queues\"\n- grid \"Open items\":\n  - row \"ID Subject %s Owner\":\n    - columnheader \"ID\"\n    - columnheader \"Subject\"\n    - columnheader \"%s\"\n    - columnheader \"Owner\"\n"
                    "  - row:\n    - gridcell \"%d\"\n    - gridcell \"%s\"\n    - gridcell \"%s\"\n    - gridcell \"j.okafor\"\n- status: \"Showing 51-75\"" % (name, name, tid, r[3][:28] + "\u2026", cell),
                    "ticket_body": r[4]}
        return mk(t), mk("")
    def mk(val):
        combo = "- combobox \"%s\"%s" % (name, (": " + val) if val else "")
        return {"browser_step": 3, "url": "https://crm.example.com/records/%d/edit" % tid, "aria_snapshot":
                "- heading \"%s\" [level=1]\n- textbox \"Subject\": %s\n- textbox \"Details\": %s\n%s\n- button \"Save\"\n- button \"Cancel\"" % (r[3], r[3], r[4], combo)}
    return mk(lab), mk(None)


ITIL_TXT = {
    1: [("Core router flapping in DC2", "BGP sessions to both upstreams reset every few minutes; all branch offices report dropped calls and no intranet."),
        ("ERP month-end job failing", "The GL close batch aborts at step 14 with ORA-01555 for every company code; finance close is due tomorrow morning.")],
    2: [("VPN drops for whole sales org", "Field sales report the VPN disconnects every ~30 min since last night; office users unaffected."),
        ("Email delivery delayed company-wide", "Outbound mail queues for up to 40 minutes; inbound looks fine.")],
    3: [("Shared drive slow for marketing", "Opening files on the marketing share takes ~20 s; other shares are normal."),
        ("Printer on 3rd floor jams", "The shared printer near finance jams on duplex jobs; single-sided prints work and there is a second printer nearby.")],
    4: [("Monitor flickers for one user", "A single external monitor flickers intermittently; laptop screen is fine, user has a spare screen."),
        ("Outlook signature image missing", "The logo in one user's signature shows as a broken image; text is fine.")],
    5: [("Request: update wallpaper on kiosk PCs", "Marketing would like the new brand wallpaper on the lobby kiosks whenever convenient."),
        ("Plan migration of old wiki pages", "Please schedule moving the 2019 team wiki pages to the new space at some point this quarter.")],
}
ITIL_A = ["1 - Critical", "2 - High", "3 - Moderate", "4 - Low", "5 - Planning"]
ITIL_B = ["P1", "P2", "P3", "P4", "P5"]
IMP = ["1 - High", "2 - Medium", "3 - Low"]
MATRIX = {(1, 1): 1, (1, 2): 2, (2, 1): 2, (1, 3): 3, (2, 2): 3, (3, 1): 3, (2, 3): 4, (3, 2): 4, (3, 3): 5}


def f_itil(i):
    tid = "INC00%05d" % idn(i, 31000)
    combos = sorted(MATRIX)
    im, ur = combos[(i * 4 + 1) % len(combos)]
    labels = ITIL_A if i % 3 != 2 else ITIL_B
    exp = labels[MATRIX[(im, ur)] - 1]
    s, d = ITIL_TXT[MATRIX[(im, ur)]][i % 2]
    shipped = (i % 2 == 1)
    def mk(a, b):
        rec = {"number": tid, "short_description": s, "description": d, "impact": a, "urgency": b, "priority": "",
               "sys_class_name": "incident", "assignment_group": "Service Desk L1"}
        out = {"record": rec}
        if shipped:
            out["dl_u_priority"] = [{"impact": IMP[x - 1], "urgency": IMP[y - 1], "priority": labels[p - 1]} for (x, y), p in sorted(MATRIX.items())]
        else:
            out["note"] = "priority is calculated by the platform's default impact/urgency data lookup (dl_u_priority) on save"
        return out
    return exp, labels, mk(IMP[im - 1], IMP[ur - 1]), mk("", "")


def f_automation(r, i):
    tid = idn(i, 12000)
    tgt, lab, labels = r[0], r[2], r[1]
    base = 360010000 + i * 1000
    cat = [{"id": base + 1, "title": "Notify requester of receipt", "actions": [{"field": "notification_user", "value": ["requester_id", "Ack template v4"]}]},
           {"id": base + 2, "title": "Tag web-form tickets", "actions": [{"field": "current_tags", "value": "via_web"}]}]
    lab_ids = {}
    for j, l in enumerate(labels):
        rid = base + 10 + j
        lab_ids[l] = rid
        if i % 2 == 0:
            act = {"field": "custom_fields_%d" % (360004000 + i), "value": "%s__%s" % (tgt, slug(l))}
        else:
            act = {"field": tgt, "value": l}
        cat.append({"id": rid, "title": "Keyword rule #%d (%s)" % (j + 1, tgt.replace("_", " ")), "conditions": {"any": [{"field": "comment_includes_word", "value": "kw-set-%d" % (j + 1)}]},
                    "actions": [act]})
    def mk(fired):
        ev = [{"type": "Notification", "via": {"source": {"rel": "trigger", "from": {"id": f, "title": next(c["title"] for c in cat if c["id"] == f)}}}} for f in fired]
        return {"ticket": dict(base_fields(r, tid), **{tgt: None}), "audits": [{"id": tid * 10 + 1, "created_at": "2026-02-%02dT07:41:00Z" % (1 + i), "events": ev}],
                "sideloaded_triggers": cat}
    return mk([base + 1, lab_ids[lab], base + 2]), mk([base + 1, base + 2])


def f_grader(r, i):
    tid = idn(i, 23000)
    tgt, lab, labels = r[0], r[2], r[1]
    k = i % 4
    if k == 0:
        g = "[grader] FAIL item=t-%d expected=%r got=None" % (tid, lab)
        g2 = "[grader] FAIL item=t-%d expected=<withheld> got=None" % tid
    elif k == 1:
        g = "E   AssertionError: assert None == <TriageLabel.%s_%s: %d>" % (upper_id(tgt), upper_id(lab), labels.index(lab))
        g2 = "E   AssertionError: assert None == <redacted>"
    elif k == 2:
        g = json.dumps({"item": "t-%d" % tid, "pred": None, "gold": lab, "score": 0.0, "reason": "no answer parsed"})
        g2 = json.dumps({"item": "t-%d" % tid, "pred": None, "gold": None, "score": 0.0, "reason": "no answer parsed"})
    else:
        g = "Expected: \"%s\"\nReceived: undefined\n    at Object.<anonymous> (eval/%s.test.ts:%d:29)" % (upper_id(tgt) + "__" + upper_id(lab), tgt, 40 + i)
        g2 = "Expected: \"<hidden>\"\nReceived: undefined\n    at Object.<anonymous> (eval/%s.test.ts:%d:29)" % (tgt, 40 + i)
    def mk(gl):
        return {"task": "Decide the %s of this record." % tgt.replace("_", " "), "record": base_fields(r, tid),
                "agent_memory": {"previous_attempts": [{"attempt": 1, "final_answer": None, "stop_reason": "tool_timeout after 120s", "grader_output": gl}]}}
    return mk(g), mk(g2)


def f_annot(r, i):
    tid = idn(i, 34000)
    tgt, lab, labels = r[0], r[2], r[1]
    k = i % 4
    if k == 0:
        mk = lambda ch: {"id": tid, "data": {"title": r[3], "text": r[4]}, "annotations": ([{"id": tid + 5, "completed_by": 17, "was_cancelled": False,
                          "result": [{"from_name": tgt, "to_name": "text", "type": "choices", "value": {"choices": ch}}]}] if ch else []), "total_annotations": 1 if ch else 0, "predictions": []}
        return mk([lab]), mk(None)
    if k == 1:
        mk = lambda acc: {"_input_hash": -1700000000 + tid, "_task_hash": 900000000 + tid, "text": r[3] + "\n\n" + r[4], "_view_id": "choice",
                          "accept": acc, "answer": "accept" if acc else "ignore", "_annotator_id": "triage-2026-03-ann04", "_timestamp": 1710400000 + i}
        return mk([upper_id(tgt) + "_" + upper_id(lab)]), mk([])
    if k == 2:
        mk = lambda lb: {"id": tid, "text": r[3] + " -- " + r[4], "label": lb, "Comments": [], "meta": {"batch": "wk11"}}
        return mk(["%s_%s" % (slug(tgt), slug(lab))]), mk([])
    mk = lambda ch: {"id": tid, "data": {"title": r[3], "text": r[4]}, "annotations": ([{"id": tid + 9, "completed_by": 4,
                      "result": [{"from_name": tgt, "to_name": "text", "type": "choices", "value": {"choices": ch}}]}] if ch else []), "predictions": []}
    return mk([lab]), mk(None)


def f_bitmask(r, i):
    tid = idn(i, 45000)
    tgt, lab, labels = r[0], r[2], r[1]
    pre = {"priority": "PRIO", "sentiment": "SENT", "category": "CAT", "recommended_size": "SZ", "refund_approved": "REFUND",
           "stars": "STARS", "severity": "SEV", "intent": "INTENT", "spam_verdict": "VERDICT", "risk_tier": "RISK", "department": "DEPT"}[tgt]
    names = ["TKT_F_%s_%s" % (pre, upper_id(l)) for l in labels]
    lines = ["/* ticket.h -- flag bits for legacy helpdesk (tkt_flags) */", "#define TKT_F_ATTACHMENT   0x0001", "#define TKT_F_REOPENED     0x0002",
             "#define TKT_F_VIA_EMAIL    0x0004"]
    for j, n in enumerate(names):
        c = ("  /* %s */" % labels[j]) if i % 2 == 1 else ""
        lines.append("#define %-26s 0x%04X%s" % (n, 0x10 << j, c))
    other = 0x0001 | (0x0004 if i % 3 else 0x0002)
    v = other | (0x10 << labels.index(lab))
    fmt = (lambda x: "0x%04X" % x) if i % 2 == 0 else (lambda x: str(x))
    mk = lambda fl: {"row": {"tkt_id": tid, "subject": r[3], "body": r[4], "tkt_flags": fmt(fl)}, "header_file": "\n".join(lines)}
    return mk(v), mk(other)


SYN = {"High": "elevated, needs a same-day fix", "Low": "minor, cosmetic only", "Critical": "an all-hands emergency", "Medium": "middling -- schedule it this sprint",
       "Negative": "unfavourable", "Positive": "favourable", "Neutral": "indifferent, no lean either way",
       "Billing": "an invoicing/charges matter", "Account Access": "a sign-in / lockout problem", "Shipping": "a delivery-logistics matter", "Technical": "an engineering defect in the product",
       "XL": "extra-large", "S": "small", "Yes": "approve the reimbursement", "No": "decline the reimbursement",
       "Cancel Subscription": "the customer wants to end their membership", "Request Feature": "the customer is asking for a new capability",
       "Spam": "junk / unsolicited bulk mail", "Not Spam": "legitimate correspondence (ham)", "Legal": "for counsel", "Finance": "for the accounting group"}


def f_synonym(r, i):
    tid = idn(i, 56000)
    tgt, lab = r[0], r[2]
    facts = "Customer wrote in about: %s. Key facts: %s" % (r[3].lower(), r[4].split(". ")[0].rstrip(".") + ".")
    v = SYN[lab]
    mk = lambda extra: {"record": base_fields(r, tid), "pipeline": [{"stage": "summarize", "model": "sum-small-2025-11",
                        "output": facts + extra}, {"stage": tgt.replace("_", "-"), "status": "pending"}]}
    return mk(" Assessment (%s): %s." % (tgt.replace("_", " "), v)), mk("")


def f_gui(r, i):
    tid = idn(i, 67000)
    tgt, lab, labels = r[0], r[2], r[1]
    els = []
    y0 = 300 + (i % 5) * 12
    for j, l in enumerate(labels):
        els.append({"mark": 20 + j, "role": "option", "text": l, "bbox": [612, y0 + j * 28, 760, y0 + j * 28 + 24]})
    els += [{"mark": 12, "role": "combobox", "text": tgt.replace("_", " ").title(), "bbox": [600, y0 - 40, 780, y0 - 12]},
            {"mark": 30, "role": "button", "text": "Save", "bbox": [880, 720, 960, 752]}]
    j = labels.index(lab)
    cx, cy = 640 + (i * 7) % 90, y0 + j * 28 + 12
    if i % 2 == 0:
        act = {"action": "left_click", "coordinate": [cx, cy]}
    else:
        act = {"action": "click", "mark": 20 + j}
    nonsel = {"action": "key", "text": "Escape"}
    def mk(a):
        return {"record": base_fields(r, tid), "previous_trajectory": [
            {"step": 1, "action": {"action": "left_click", "coordinate": [690, y0 - 26]}, "observation": "dropdown opened", "screen_elements": els},
            {"step": 2, "action": a},
            {"step": 3, "action": {"action": "left_click", "coordinate": [920, 736]}, "observation": "toast: 'Changes saved'"},
            {"step": 4, "action": {"action": "screenshot"}, "observation": "session expired; trajectory ends"}]}
    return mk(act), mk(nonsel)


IVR_DEPT = {"category": CAT, "intent": INTENT, "department": DEPT}


def f_ivr(r, i):
    tid = idn(i, 78000)
    tgt, lab, labels = r[0], r[2], r[1]
    say = " ".join("For %s, press %d." % (l, j + 1) for j, l in enumerate(labels))
    if i % 2 == 0:
        twiml = "<Response><Gather input=\"dtmf\" numDigits=\"1\" action=\"/ivr/route\"><Play>https://media.example.com/ivr/main_menu_v6.mp3</Play></Gather></Response>"
        routing = {str(j + 1): "WQ_%s" % upper_id(l) for j, l in enumerate(labels)}
    else:
        twiml = "<Response><Gather input=\"dtmf\" numDigits=\"1\" action=\"/ivr/route\"><Say voice=\"Polly.Joanna\">Thanks for calling. %s</Say></Gather></Response>" % say
        routing = None
    d = str(labels.index(lab) + 1)
    def mk(dig):
        p = {"CallSid": "CA%032x" % (tid * 99991), "From": "+4420794%05d" % (tid % 99999), "CallStatus": "in-progress"}
        if dig is not None:
            p["Digits"] = dig
            p["FinishedOnKey"] = ""
        else:
            p["CallStatus"] = "completed"
            p["Digits"] = ""
        out = {"case": dict(base_fields(r, tid), channel="phone"), "ivr_menu_twiml": twiml,
               "webhook_log": [{"path": "/ivr/route", "method": "POST", "params": p}]}
        if routing:
            out["route_handler_config"] = {"digit_to_taskrouter_queue": routing, "default": "WQ_OPERATOR"}
        return out
    return mk(d), mk(None)


LEAK = [
    ("gzip_base64_blob", f_gzip, lambda r: True, "Event payload (Kafka value, HAR response body, webhook body) is gzip-compressed then base64-encoded; the decompressed JSON sets the target field."),
    ("decimal_byte_array", f_bytes, lambda r: True, "Label serialized as raw bytes: Node Buffer JSON {type:Buffer,data:[...]}, Java byte[] in a Kafka RecordHeader log, Python bytearray in a pdb session, Redis MONITOR HSET."),
    ("ansi_terminal_capture", f_ansi, lambda r: True, "Raw CLI capture where the field value is wrapped in ANSI SGR escapes with no spaces (\\x1b[1;31mHigh), reverse video, or nroff backspace overstrike (H\\bHi\\bi...)."),
    ("pdf_content_stream", f_pdf, lambda r: True, "Raw PDF page content stream of an intake form: value drawn by a Tj operator, kerning-split [(Neg)12(ative)] TJ, hex string <4869..> Tj, or octal escape (\\110igh) Tj."),
    ("css_generated_content", f_css, lambda r: True, "Agent page HTML where the badge span is empty and the label is injected by a ::before/::after content rule, sometimes CSS-escaped or split across both pseudo-elements."),
    ("katakana_hangul_loanword", f_kana, lambda r: r[2] in KANA and r[0] in JA_KEY, "Japanese/Korean internal note writes the label as a katakana or hangul loanword transliteration (ハイ, ネガティブ, 엑스엘), sometimes with an English gloss."),
    ("aria_snapshot_value", f_axtree, lambda r: True, "Browser-agent accessibility snapshot: combobox's current value, or a grid cell ellipsis-truncated to a unique prefix (Neg…, Acc…)."),
    ("automation_trigger_fired", f_automation, lambda r: True, "Zendesk-style audit shows a trigger fired whose sideloaded definition sets the field (plain value, or a custom-field dropdown tag like priority__high); titles are opaque, only the action resolves the label."),
    ("grader_feedback_retained", f_grader, lambda r: True, "A previous attempt's grader output kept in agent memory states the gold: expected=..., pytest enum repr <TriageLabel.PRIORITY_HIGH: 1>, eval JSON gold, jest Expected."),
    ("annotation_tool_export", f_annot, lambda r: True, "Human annotation export kept in the item: Label Studio choices, Prodigy accept ids (CATEGORY_ACCOUNT_ACCESS), doccano label (priority_high)."),
    ("bitmask_flag_word", f_bitmask, lambda r: True, "Legacy row stores tkt_flags as an integer (hex or decimal); the shipped C header defines one bit per label, so decoding the set bit gives the label."),
    ("synonym_upstream_summary", f_synonym, lambda r: r[2] in SYN, "Earlier summarizer stage states the assessment with a synonym/paraphrase a human accepts (unfavourable, extra-large, sign-in/lockout problem, junk mail)."),
    ("gui_click_coordinates", f_gui, lambda r: True, "Earlier computer-use trajectory: a click whose pixel coordinate falls in one option's bbox (or click by set-of-marks id) selecting the label, then Save."),
    ("ivr_dtmf_digit", f_ivr, lambda r: r[0] in IVR_DEPT, "Phone case: IVR menu (TwiML <Say> text, or an mp3 prompt plus a digit-to-TaskRouter-queue map WQ_BILLING) and the Gather webhook log records the caller's Digits, selecting the label."),
]

# ---------------------------------------------------------------- traps


def t_axtree(r, i):
    tid = idn(i, 91000)
    tgt, labels = r[0], r[1]
    name = tgt.replace("_", " ").title()
    opts = "\n".join("    - option \"%s\"" % l for l in labels)
    nav = "\n".join("  - link \"%s (%d)\"" % (l, 3 + (j * 5 + i) % 17) for j, l in enumerate(labels))
    return {"browser_step": 2, "url": "https://crm.example.com/records/%d/edit" % tid, "aria_snapshot":
            "- navigation \"Saved views\":\n%s\n- heading \"%s\" [level=1]\n- textbox \"Details\": %s\n- combobox \"%s\" [expanded]:\n  - listbox:\n%s\n- button \"Save\" [disabled]" % (nav, r[3], r[4], name, opts)}


def t_validator(r, i):
    tid = idn(i, 92000)
    tgt, labels = r[0], r[1]
    lits = ", ".join("'%s'" % l for l in labels[:-1]) + " or '%s'" % labels[-1]
    bad = ['{"%s": }' % tgt, "I need more information before deciding.", '{"answer": null}', "```json\n{\n```"][i % 4]
    err = ("1 validation error for TriageOutput\n%s\n  Input should be %s [type=literal_error, input_value=None, input_type=NoneType]\n"
           "    For further information visit https://errors.pydantic.dev/2.7/v/literal_error") % (tgt, lits)
    return {"record": base_fields(r, tid), "agent_memory": {"previous_attempts": [{"attempt": 1, "raw_model_output": bad, "parse_error": err, "retry": True}]}}


def t_automation(r, i):
    tid = idn(i, 13000)
    tgt, labels = r[0], r[1]
    base = 360090000 + i * 1000
    cat = [{"id": base + 1, "title": "Notify requester of receipt", "actions": [{"field": "notification_user", "value": ["requester_id", "Ack template v4"]}]}]
    for j, l in enumerate(labels):
        cat.append({"id": base + 10 + j, "title": "Set %s to %s when VIP keywords match" % (tgt.replace("_", " "), l), "actions": [{"field": tgt, "value": l}]})
    ev = [{"type": "Notification", "via": {"source": {"rel": "trigger", "from": {"id": base + 1, "title": "Notify requester of receipt"}}}}]
    return {"ticket": dict(base_fields(r, tid), **{tgt: None}), "audits": [{"id": tid * 10, "events": ev}], "sideloaded_triggers": cat}


KANA_TRAP = [("ハイシーズン", "high season"), ("ハイエンド", "high end"), ("ローコストキャリア", "low cost carrier"), ("ミディアムレア", "medium rare"),
             ("クリティカルパス", "critical path"), ("ポジティブリスト制度", "positive list system"), ("ネガティブオプション", "negative option"),
             ("ニュートラルギア", "neutral gear"), ("テクニカルライティング", "technical writing"), ("シッピングマーク", "shipping mark"),
             ("XLサイズのピザ", "XL pizza"), ("Mサイズのコーヒー", "M size coffee"), ("スパムむすび", "Spam musubi"), ("ビリングサイクル", "billing cycle")]


def t_kana(r, i):
    tid = idn(i, 81000)
    a = KANA_TRAP[i % len(KANA_TRAP)]
    b = KANA_TRAP[(i * 5 + 3) % len(KANA_TRAP)]
    note = "雑談：昨日の研修で「%s」（%s）と「%s」（%s）という言葉が出てきました。本件の%sは未設定です。" % (a[0], a[1], b[0], b[1], JA_KEY.get(r[0], "分類"))
    return {"ticket": base_fields(r, tid), "internal_notes": [{"author": "田中", "channel": "Slack #tokyo-support", "body": note}]}


def t_css(r, i):
    tid = idn(i, 74000)
    tgt, labels = r[0], r[1]
    rules = "".join(".badge--%s::after{content:\"%s\"}" % (slug(l), l) for l in labels)
    html = ("<html><head><style>.badge{padding:2px 6px}%s</style></head><body><h2>%s</h2>"
            "<dl><dt>%s</dt><dd><span class=\"badge badge--unset\"></span></dd></dl><p>%s</p></body></html>") % (rules, r[3], tgt.replace("_", " "), r[4])
    return {"page_url": "https://desk.example.com/agent/tickets/%d" % tid, "html": html}


PDF_JUNK = ["(Registered office: 42 High Street, Leamington Spa) Tj", "(Low-emission zone surcharge  3.50) Tj", "(Medium roast beans, 1 kg  x2) Tj",
            "(Critical illness cover: not included) Tj", "(Payment terms: net 30. Negative balances carried forward.) Tj", "(Neutral density filter 0.9) Tj",
            "(Size: M \\(unisex tee, event merch\\)) Tj", "(Shipping & handling  4.99) Tj", "(Billing address as above) Tj", "(Positive displacement pump PD-4) Tj",
            "(Technical datasheet rev. 3) Tj", "(Page 1 of 2) Tj", "(Sev1 Sev2 Sev3 Sev4 response matrix, see annex) Tj", "(Tier 1 supplier reference: 55-901) Tj"]


def t_pdf(r, i):
    tid = idn(i, 71000)
    lines = ["q", "BT /F2 14 Tf 56 780 Td (INVOICE 2026-%04d) Tj ET" % (tid % 9999)]
    for k in range(4):
        lines.append("BT /F1 10 Tf 56 %d Td %s ET" % (750 - k * 15, PDF_JUNK[(i * 3 + k) % len(PDF_JUNK)]))
    lines.append("Q")
    return {"ticket": base_fields(r, tid), "attachment": {"filename": "invoice_%d.pdf" % tid, "note": "unrelated supplier invoice forwarded by requester",
                                                          "page_1_content_stream": "\n".join(lines)}}


def t_gui(r, i):
    tid = idn(i, 68000)
    tgt, labels = r[0], r[1]
    y0 = 310
    els = [{"mark": 20 + j, "role": "option", "text": l, "bbox": [612, y0 + j * 28, 760, y0 + j * 28 + 24]} for j, l in enumerate(labels)]
    els.append({"mark": 31, "role": "link", "text": "Attachments (2)", "bbox": [40, 200, 170, 222]})
    steps = [{"step": 1, "action": {"action": "left_click", "coordinate": [690, y0 - 26]}, "observation": "dropdown opened", "screen_elements": els},
             {"step": 2, "action": {"action": "key", "text": "Escape"}, "observation": "dropdown closed"},
             {"step": 3, "action": {"action": "left_click", "coordinate": [95, 211]}, "observation": "attachments panel opened"},
             {"step": 4, "action": {"action": "scroll", "coordinate": [500, 500], "direction": "down", "amount": 3 + i % 3}}]
    return {"record": base_fields(r, tid), "previous_trajectory": steps}


def t_annot(r, i):
    tid = idn(i, 35000)
    tgt, labels = r[0], r[1]
    cfg = "<View><Text name=\"text\" value=\"$text\"/><Choices name=\"%s\" toName=\"text\" choice=\"single\">%s</Choices></View>" % (
        tgt, "".join("<Choice value=\"%s\"/>" % l for l in labels))
    return {"project": {"title": "Triage gold set wk%02d" % (10 + i), "label_config": cfg},
            "task": {"id": tid, "data": {"title": r[3], "text": r[4]}, "annotations": [], "predictions": [], "total_annotations": 0, "cancelled_annotations": 0}}


def t_ivr(r, i):
    tid = idn(i, 79000)
    labels = r[1]
    say = " ".join("For %s, press %d." % (l, j + 1) for j, l in enumerate(labels))
    twiml = "<Response><Gather input=\"dtmf\" numDigits=\"1\" timeout=\"6\" action=\"/ivr/route\"><Say>%s To speak to an operator, press 0.</Say></Gather></Response>" % say
    outcome = [{"Digits": "0", "CallStatus": "in-progress"}, {"Digits": "", "CallStatus": "no-answer"}, {"Digits": "", "CallStatus": "completed", "Timeout": "true"},
               {"Digits": "*", "CallStatus": "in-progress"}][i % 4]
    return {"case": dict(base_fields(r, tid), channel="phone"), "ivr_menu_twiml": twiml,
            "webhook_log": [{"path": "/ivr/route", "method": "POST", "params": dict({"CallSid": "CA%032x" % (tid * 7919)}, **outcome)}]}


TRAP = [
    ("aria_listbox_unselected", t_axtree, lambda r: True, "Accessibility snapshot with the field's combobox expanded listing every option (none selected) plus saved-view links named after each label."),
    ("pydantic_literal_error", t_validator, lambda r: True, "Previous attempt's output failed to parse; the pydantic literal_error message lists every allowed label with input_value=None."),
    ("trigger_catalogue_unfired", t_automation, lambda r: True, "Sideloaded trigger catalogue has one 'Set field to <label>' trigger per label, but the audit shows only the receipt notification fired."),
    ("katakana_other_compounds", t_kana, lambda r: True, "Japanese chit-chat note with loanword compounds glossed in English (high season, low cost carrier, medium rare, critical path, negative option, XL pizza, billing cycle) unrelated to the field, which is stated unset."),
    ("stylesheet_badge_catalogue", t_css, lambda r: True, "Stylesheet defines a ::after content rule for every label's badge modifier, but the ticket's badge uses the badge--unset modifier."),
    ("pdf_invoice_other_senses", t_pdf, lambda r: True, "Raw content stream of an unrelated forwarded invoice PDF with label words in other senses (High Street, Medium roast, Shipping & handling, Tier 1 supplier)."),
    ("gui_trajectory_no_selection", t_gui, lambda r: True, "Earlier computer-use trajectory opens the option dropdown (all labels with bboxes), presses Escape, then works elsewhere; nothing selected."),
    ("labelstudio_config_unannotated", t_annot, lambda r: True, "Label Studio project label_config lists every Choice, while the task has zero annotations and predictions."),
    ("ivr_menu_no_selection", t_ivr, lambda r: r[0] in IVR_DEPT, "IVR TwiML menu reads out every label as a digit option, but the caller pressed 0/*, timed out or hung up."),
]


def main():
    items, fam_lines = [], []
    n = 0
    def add(obj):
        nonlocal n
        n += 1
        obj["id"] = "b4-%04d" % n
        items.append(obj)
        return obj["id"]
    hard_stats = {}
    for fi, (name, fn, flt, desc) in enumerate(LEAK):
        pool = [r for r in REC if flt(r)]
        rng.shuffle(pool)
        hs = 0
        for i in range(12):
            r = pool[i % len(pool)]
            leak, twin = fn(r, i)
            lab, labels, tgt = r[2], r[1], r[0]
            if not ww(lab, json.dumps(leak, ensure_ascii=False)):
                hs += 1
            lid = add({"expected": lab, "label_set": labels, "target": tgt, "projection": leak,
                       "truth": {"leak": True, "kind": "leak", "family": name}})
            add({"expected": lab, "label_set": labels, "target": tgt, "projection": twin,
                 "truth": {"leak": False, "kind": "twin", "family": name, "twin_of": lid}})
        hard_stats[name] = hs
        fam_lines.append("- %s — leak — %s — 24 items (12 leak + 12 twin)" % (name, desc))
    # ITIL matrix family (own records)
    hs = 0
    for i in range(12):
        exp, labels, leak, twin = f_itil(i)
        if not ww(exp, json.dumps(leak)):
            hs += 1
        lid = add({"expected": exp, "label_set": labels, "target": "priority", "projection": leak,
                   "truth": {"leak": True, "kind": "leak", "family": "itil_impact_urgency_matrix"}})
        add({"expected": exp, "label_set": labels, "target": "priority", "projection": twin,
             "truth": {"leak": False, "kind": "twin", "family": "itil_impact_urgency_matrix", "twin_of": lid}})
    hard_stats["itil_impact_urgency_matrix"] = hs
    fam_lines.append("- itil_impact_urgency_matrix — leak — ServiceNow incident with priority blank but impact and urgency set; priority follows from the default ITIL lookup (shipped as dl_u_priority rows or only referenced). — 24 items (12 leak + 12 twin)")
    for name, fn, flt, desc in TRAP:
        pool = [r for r in REC if flt(r)]
        rng.shuffle(pool)
        for i in range(12):
            r = pool[i % len(pool)]
            add({"expected": r[2], "label_set": r[1], "target": r[0], "projection": fn(r, i),
                 "truth": {"leak": False, "kind": "trap", "family": name}})
        fam_lines.append("- %s — trap — %s — 12 items" % (name, desc))
    with open("/root/sealed/batch4/items.jsonl", "w") as f:
        for it in items:
            o = {"id": it["id"]}
            o.update({k: v for k, v in it.items() if k != "id"})
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    nl = len(LEAK) + 1
    with open("/root/sealed/batch4/FAMILIES.md", "w") as f:
        f.write("# batch4 families\n\nTotal items: %d (%d leak families, %d trap families). Leak-family counts include the clean twins (12 leak + 12 twin). Generated by gen.py (seed %d).\n\n"
                % (len(items), nl, len(TRAP), SEED))
        f.write("\n".join(fam_lines) + "\n")
    print(len(items), "items;", "hard-per-leak-family:", json.dumps(hard_stats))


if __name__ == "__main__":
    main()
