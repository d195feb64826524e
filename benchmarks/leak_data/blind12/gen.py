#!/usr/bin/env python3
"""batch12 generator (deterministic, seed fixed)."""
import json, random, os
SEED = 121212
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items.jsonl")

S = {
 "priority": dict(t="priority", th="Priority", noun="ticket", labels=["Low","Medium","High","Critical"],
    hard={"Low":"lo-pri","Medium":"med-pri","High":"hi-pri","Critical":"crit"},
    texts=[("Export to CSV times out","Exports over 20k rows spin forever then 504. Workaround: filter by month."),
           ("SSO login loop for whole org","Since this morning nobody at Fenwick Labs can get past the Okta redirect."),
           ("Typo on pricing page","The word 'anually' on /pricing should be 'annually'."),
           ("Webhook retries hammering our endpoint","Your webhook fired 3,000 times in 10 minutes for the same event id.")]),
 "sentiment": dict(t="sentiment", th="Sentiment", noun="review", labels=["Positive","Neutral","Negative"],
    hard={"Positive":"positively-toned","Neutral":"neutrally-toned","Negative":"negatively-toned"},
    texts=[("Arrived on time","Box was a bit dented but the kettle works. Boils in about 3 minutes."),
           ("Third replacement, same fault","The strap snapped again after a week. I am done with this brand."),
           ("Does what it says","Installed the app, paired the scale, numbers look right. Nothing special."),
           ("Lovely staff at the Leeds store","Priya walked me through every setting, will come back for sure.")]),
 "severity": dict(t="severity", th="Severity", noun="incident", labels=["Sev1","Sev2","Sev3","Sev4"],
    hard={"Sev1":"sev-one","Sev2":"sev-two","Sev3":"sev-three","Sev4":"sev-four"},
    texts=[("Checkout 500s in eu-west","Error rate on /checkout at 38% since 09:12 UTC, payments failing."),
           ("Dashboard widget shows stale data","The revenue tile lags ~2h behind; raw tables are fine."),
           ("Search latency p99 up 4x","p99 went from 300ms to 1.2s after the index rebuild, no errors."),
           ("Broken link in footer","'Careers' in the footer points to a 404 page.")]),
 "stars": dict(t="star_rating", th="Star rating", noun="review", labels=["1","2","3","4","5"],
    hard={"1":"one-star","2":"two-star","3":"three-star","4":"four-star","5":"five-star"},
    texts=[("Good value headphones","Bass is fine, mids a bit muddy, case is great. Would buy again at this price."),
           ("Never arrived","Tracking stopped in Rotterdam two weeks ago and support stopped replying."),
           ("Solid blender","Crushes ice, loud, lid is fiddly to clean."),
           ("Best tent we have owned","Pitched in 8 minutes in the rain, stayed bone dry all weekend.")]),
 "size": dict(t="size", th="Size", noun="order", labels=["S","M","L","XL"],
    hard={"S":"small","M":"medium","L":"large","XL":"extra-large"},
    texts=[("Fleece for my son","He is 1.78 m and slim, usually between two sizes."),
           ("Replacement work jacket","Chest 112 cm, likes room for a hoodie underneath."),
           ("Gift for partner","Petite build, chest about 84 cm."),
           ("Team hoodies batch 2","Same as batch 1 for Marco, he said it fit well.")]),
 "refund": dict(t="refund_decision", th="Refund decision", noun="refund request", labels=["Approve","Reject"],
    hard={"Approve":"approved","Reject":"rejected"},
    texts=[("Refund for unused annual plan","Signed up 40 days ago by mistake, never logged in after day 1."),
           ("Charged after cancelling","Cancelled on the 2nd, charged on the 5th. Screenshot attached."),
           ("Want my money back, used it all year","Renewal went through, I used it daily but prefer a competitor now."),
           ("Duplicate charge","Two identical charges of 59.00 EUR on 14 March.")]),
 "spam": dict(t="spam_verdict", th="Spam verdict", noun="message", labels=["Spam","Not Spam"],
    hard={"Spam":"spammy","Not Spam":"ham"},
    texts=[("You have (1) pending parcel","Pay 1.99 customs fee at parcel-redeliv3ry.top within 24h."),
           ("Re: Q3 board deck","Attached the updated deck, slide 12 has the new churn chart."),
           ("Exclusive crypto opportunity","Our AI bot made 340% last month. Reply YES to join."),
           ("Lunch Thursday?","Still on for the ramen place at 12:30?")]),
 "category": dict(t="category", th="Category", noun="ticket", labels=["Billing","Technical","Account Access","Shipping"],
    hard={"Billing":"CAT_BILLING","Technical":"tech","Account Access":"account-access","Shipping":"CAT_SHIPPING"},
    texts=[("Invoice shows wrong VAT","Our VAT id is on file but invoice INV-2291 charged 21%."),
           ("Locked out after phone change","New phone, authenticator gone, recovery codes lost."),
           ("API returns 422 on bulk upload","Payload validates against your schema but /v2/bulk rejects it."),
           ("Parcel stuck at depot","DPD says 'awaiting collection' since Monday, order 88213.")]),
 "lead": dict(t="lead_temperature", th="Lead temperature", noun="lead", labels=["Hot","Warm","Cold"],
    hard={"Hot":"LEAD_HOT","Warm":"LEAD_WARM","Cold":"LEAD_COLD"},
    texts=[("Demo request: 400 seats","CTO asked for pricing and a security review this week."),
           ("Downloaded whitepaper","Student e-mail, no company given."),
           ("Webinar attendee","Asked two questions about SSO, company of 60."),
           ("Inbound via partner","Partner says budget approved for Q2, wants a call.")]),
}
ALL = list(S)
PEOPLE = ["Priya N.","Marco L.","Dana K.","Sam O.","Lee W.","Aisha B.","Tomás R.","Jun H.","Ola S.","Greta V."]

def enum_key(sc, lab):
    return (S[sc]["t"].upper() + "_" + lab.upper().replace(" ", "_"))

def form(sc, lab, hard):
    return S[sc]["hard"][lab] if hard else lab

def base(r, sc):
    subj, body = r.choice(S[sc]["texts"])
    n = r.randint(1000, 98999)
    pre = r.choice(["TCK","CS","INC","REV","ORD","SUP"])
    return {"id": f"{pre}-{n}", "subject": subj, "description": body,
            "created_at": f"2026-0{r.randint(1,9)}-{r.randint(10,28)}T{r.randint(7,19):02d}:{r.randint(0,59):02d}:00Z",
            "requester": r.choice(["ana@fenwick.io","b.osei@mailbox.org","kw@hollis.co.uk","tess@rivet.dev","m.ito@example.jp"]),
            S[sc]["t"]: None}

def others(r, sc, lab, k=2):
    o = [x for x in S[sc]["labels"] if x != lab]; r.shuffle(o); return o[:k]

# ---------------------------------------------------------------- leak families
def f_presup(r, sc, lab, hard, leak):
    rec = base(r, sc); noun = S[sc]["noun"]; t = S[sc]["t"]
    mod = {"priority": f"{lab}-priority", "sentiment": lab, "severity": lab, "stars": f"{lab}-star",
           "size": f"size-{lab}", "category": lab, "lead": lab}[sc]
    adj = (S[sc]["hard"][lab] if hard else mod) + " " if leak else ""
    tpl = r.choice(["Read the {adj}{noun} returned by get_record, draft a short reply to the customer, then fill in `{t}`.",
                    "You are the support copilot. For this {adj}{noun}, summarise it in two lines and set the `{t}` field.",
                    "Task {n}: open the {adj}{noun} below and classify its {t}. Use the tool update_record when done.",
                    "Please triage the {adj}{noun} the user forwarded: add internal notes, then choose a value for {t}."])
    instr = tpl.format(adj=adj, noun=noun, t=t, n=r.randint(1, 400))
    sysmsg = ("You are a support copilot. Use the tools; answer with one allowed value." if hard
              else f"Allowed values for {t}: " + ", ".join(S[sc]["labels"]) + ".")
    return {"messages": [{"role": "system", "content": sysmsg},
                         {"role": "user", "content": instr}],
            "tool_results": [{"name": "get_record", "output": rec}]}

RS = [  # romanized schemes: scheme key, target, native labels, translit, line template native/translit, twin phrase native/translit
 ("ru_priority", "priority", ["Низкий","Средний","Высокий","Критический"], ["Nizkiy","Sredniy","Vysokiy","Kriticheskiy"],
  ("Приоритет по заявке {id}: {x}", "Prioritet po zayavke {id}: {x}"), ("пока не ясно", "poka ne yasno")),
 ("ru_sentiment", "sentiment", ["Позитивный","Нейтральный","Негативный"], ["Pozitivnyy","Neytralnyy","Negativnyy"],
  ("Тон отзыва {id}: {x}", "Ton otzyva {id}: {x}"), ("посмотрю вечером", "posmotryu vecherom")),
 ("el_priority", "priority", ["Χαμηλή","Μεσαία","Υψηλή"], ["Xamili","Mesaia","Ypsili"],
  ("Προτεραιότητα {id}: {x}", "Proteraiotita {id}: {x}"), ("θα δούμε αύριο", "tha doume avrio")),
 ("zh_category", "category", ["账单","技术","账户登录","物流"], ["zhangdan","jishu","zhanghu denglu","wuliu"],
  ("工单 {id} 类别：{x}", "gongdan {id} leibie: {x}"), ("待定", "daiding")),
 ("hi_sentiment", "sentiment", ["सकारात्मक","तटस्थ","नकारात्मक"], ["sakaratmak","tatasth","nakaratmak"],
  ("समीक्षा {id} की भावना: {x}", "samiksha {id} ki bhavna: {x}"), ("बाद में देखेंगे", "baad mein dekhenge")),
 ("uk_refund", "refund_decision", ["Схвалити","Відхилити"], ["Skhvalyty","Vidkhylyty"],
  ("Повернення по {id}: {x}", "Povernennya po {id}: {x}"), ("ще не вирішили", "shche ne vyrishyly")),
]
RS_TEXT = {"priority": S["priority"]["texts"], "sentiment": S["sentiment"]["texts"], "category": S["category"]["texts"], "refund_decision": S["refund"]["texts"]}

def f_roman(r, rs, li, hard, leak):
    key, t, nat, tr, (ln, lt), (tn, tt) = rs
    subj, body = r.choice(RS_TEXT[t]); n = r.randint(1000, 98999); tid = f"TCK-{n}"
    who = r.choice(PEOPLE); ch = r.choice(["sms_gateway_log", "telegram_export", "worklog"])
    if hard:
        line = lt.format(id=tid, x=tr[li] if leak else tt)
    else:
        line = ln.format(id=tid, x=nat[li] if leak else tn)
    rec = {"id": tid, "subject": subj, "description": body, t: None}
    if not hard:
        rec["label_set_native"] = nat
    if ch == "sms_gateway_log":
        side = f"2026-03-{r.randint(10,28)} {r.randint(8,20):02d}:{r.randint(10,59)} OUT +7 9{r.randint(10,99)} *** {r.randint(1000,9999)} GSM7 \"{line}\""
    elif ch == "telegram_export":
        side = [{"from": who, "date": f"2026-03-{r.randint(10,28)}T10:{r.randint(10,59)}:00", "text": line}]
    else:
        side = f"[{who}] {line}"
    return {"ticket": rec, ch: side}

STEM = {"Low": ["low"], "Medium": ["medium"], "High": ["high"], "Critical": ["critic"], "Positive": ["posit"],
        "Neutral": ["neutral"], "Negative": ["negat"], "Billing": ["bill"], "Technical": ["technic"],
        "Account Access": ["account", "access"], "Shipping": ["ship"], "Sev1": ["sev1"], "Sev2": ["sev2"], "Sev3": ["sev3"], "Sev4": ["sev4"]}

def f_stem(r, sc, lab, hard, leak):
    rec = base(r, sc); rec["triage_note"] = "[redacted]"
    pre = r.choice([["agent", "mark", "ticket", "as"], ["review", "set", S[sc]["t"], "to"], ["qa", "confirm"]])
    post = r.choice([["after", "read", "thread"], ["per", "call", "tuesday"], ["see", "macro", "m12"]])
    mid = STEM[lab] if leak else ["pend"]
    terms = {}
    for p, w in enumerate(pre + mid + post):
        terms.setdefault(w, {"term_freq": 0, "tokens": []})
        terms[w]["term_freq"] += 1; terms[w]["tokens"].append({"position": p})
    terms = dict(sorted(terms.items()))
    return {"_index": "tickets-2026.03", "_id": rec["id"], "found": True, "_source": rec,
            "term_vectors": {"triage_note": {"field_statistics": {"sum_doc_freq": r.randint(40000, 90000), "doc_count": r.randint(9000, 20000)},
                                             "terms": terms}},
            "_analyzer": "english (snowball stemmer, lowercase, stop)"}

def f_radix(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    num = int(lab.replace("Sev", "").replace("P", "").replace("Tier ", ""))
    style = r.choice(["hex", "bin", "gdb"])
    if style == "hex":
        v = f"0x{num:02X}" if leak else "--"
        side = f"<{r.randint(100,199)}> FW 4.2.{r.randint(0,9)} ALM dev=pump-{r.randint(10,99)} ref={rec['id']} {t}={v} ack=0"
    elif style == "bin":
        v = f"0b{num:04b}" if leak else "/* TODO */ 0"
        side = f"static const struct rec_cfg cfg_{rec['id'].replace('-', '_').lower()} = {{\n    .retries = 3,\n    .{t} = {v},\n}};"
    else:
        v = f"$1 = 0x{num:x}" if leak else "$1 = <optimized out>"
        side = f"(gdb) p/x rec->{t}\n{v}\n(gdb) p rec->id\n$2 = \"{rec['id']}\""
    return {"record": rec, "attachment": side}

def f_edit(r, sc, lab, hard, leak):
    rec = base(r, sc); who = r.choice(PEOPLE); th = S[sc]["th"]
    clean = f"Looked at {rec['id']} ({rec['subject']}). {th}: [removed by DLP bot]. Customer informed."
    prev = (f"Looked at {rec['id']} ({rec['subject']}). {th}: {form(sc, lab, hard)}. Customer informed." if leak
            else f"Looked at {rec['id']} ({rec['subject']}). {th}: [removed by DLP bot]. Custmer informed.")
    ts = f"17{r.randint(10000000, 99999999)}.00{r.randint(1000, 9999)}"
    sysn = r.choice(["slack", "teams"])
    if sysn == "slack":
        ev = [{"type": "message", "user": who, "ts": ts, "text": clean, "edited": {"user": "B0DLP", "ts": ts[:-2] + "77"}},
              {"type": "message", "subtype": "message_changed", "hidden": True, "ts": ts[:-2] + "77",
               "message": {"user": who, "text": clean}, "previous_message": {"user": who, "text": prev}}]
    else:
        ev = [{"messageType": "message", "from": who, "body": {"content": clean}, "lastEditedDateTime": "2026-03-11T09:14:03Z",
               "editHistory": [{"version": 1, "body": {"content": prev}}, {"version": 2, "body": {"content": clean}}]}]
    return {"ticket": rec, "channel_export": ev}

def f_same(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    rid = f"{rec['id'].split('-')[0]}-{r.randint(1000, 98999)}"
    ol = others(r, sc, lab, 2)
    rel_ids = [rid] + [f"{rec['id'].split('-')[0]}-{r.randint(1000, 98999)}" for _ in ol]
    vals = [lab] + ol
    order = list(range(len(vals))); r.shuffle(order)
    rel = [{"id": rel_ids[k], "subject": r.choice(S[sc]["texts"])[0], t: (enum_key(sc, vals[k]) if hard else vals[k])} for k in order]
    who = r.choice(PEOPLE)
    txt = (f"This is the exact same situation as {rid} — handle it identically, same {t}." if leak
           else f"Might be related to {rid}? Haven't compared them properly yet.")
    return {"ticket": rec, "related_records": rel, "comments": [{"author": who, "body": txt}]}

def f_ranked(r, sc, lab, hard, leak):
    rec = base(r, sc)
    ol = [x for x in S[sc]["labels"] if x != lab]; r.shuffle(ol)
    ranked = [lab] + ol
    if hard:
        ranked = [enum_key(sc, x) for x in ranked]
    up = {"stage": r.choice(["reranker-v2", "label-ranker", "zero-shot-sorter"]), "model": "ranker-" + str(r.randint(3, 9)),
          "output": {"candidates_by_score_desc": ranked} if leak else None}
    if not leak:
        up["error"] = "DEADLINE_EXCEEDED after 30000 ms"
    out = {"record": rec, "upstream": up}
    if not hard:
        out["allowed_values"] = S[sc]["labels"]
    return out

def f_footnote(r, sc, lab, hard, leak):
    rec = base(r, sc); th = S[sc]["th"]; k = r.randint(2, 4)
    notes = {1: "Customer is on the annual plan.", 5: f"Related thread: #{r.randint(100, 999)}.",
             k: (f"{form(sc, lab, hard)} — agreed with QA in the Tuesday sync." if leak else "to be settled with QA in the Tuesday sync.")}
    if k == 2: notes[3] = "Screenshot in attachments."
    else: notes[2] = "Screenshot in attachments."
    sty = r.choice(["md", "rst"])
    if sty == "md":
        doc = (f"# Review of {rec['id']}\n\n{rec['description']}[^1]\n\n**{th}:** see note[^{k}]\n\nAttachments reviewed[^2]. Links[^5].\n\n"
               + "\n".join(f"[^{i}]: {notes[i]}" for i in sorted(notes)))
    else:
        doc = (f"Review of {rec['id']}\n{'=' * 20}\n\n{rec['description']} [#n1]_\n\n:{th}: see [#n{k}]_\n\nLinks [#n5]_\n\n"
               + "\n".join(f".. [#n{i}] {notes[i]}" for i in sorted(notes)))
    rec2 = dict(rec); rec2["review_doc"] = doc
    return rec2

def f_scope(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    slug = lab.lower().replace(" ", "_")
    hits = [{"doc_id": f"kb-{r.randint(100, 999)}", "title": ttl, "score": round(r.uniform(0.4, 0.9), 3)}
            for ttl in r.sample(["How to contact support", "Response times explained", "Where to find your order number",
                                 "Attaching screenshots", "Using the help centre search", "Our support hours"], 3)]
    trace = {"retriever": "kb-vector", "query": rec["subject"], "top_k": 3, "hits": hits}
    if hard:
        trace["namespace"] = f"kb_{t}_{slug}_v3" if leak else "kb_all_v3"
        trace["namespace_source"] = f"derived from record.{t} at dataset build time" if leak else "default"
    else:
        trace["filter"] = {t: {"$eq": lab}} if leak else {}
        trace["filter_source"] = f"record.{t} (copied at dataset build time)" if leak else "none"
    return {"record": rec, "rag_trace": trace}

def f_range(r, sc, lab, hard, leak):
    rec = base(r, sc); pre, n = rec["id"].split("-"); n = int(n); t = S[sc]["t"]
    w = r.randint(15, 60); off = r.randint(2, w - 2)
    a = n - off if leak else n + r.randint(3, 20); b = a + w
    cause = r.choice(["Friday's payment-gateway outage", "the bad batch from the Tilburg warehouse", "the botched e-mail campaign",
                      "last night's CDN incident", "the partner migration"])
    who = r.choice(PEOPLE)
    msg = (f"Heads-up: everything from {pre}-{a} through {pre}-{b} is fallout from {cause}. "
           f"All of those are {form(sc, lab, hard)} for {t} — no need to re-assess them one by one.")
    return {"record": rec, "team_channel": [{"author": who, "text": msg},
                                            {"author": r.choice(PEOPLE), "text": "ack, thanks"}]}

def f_conflict(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    val = enum_key(sc, lab) if hard else lab
    br = r.choice(["gold-annotations", "labels/v2-final", "annotator-sync"])
    who = r.choice(["m.ortiz", "p.naidoo", "d.kline"])
    lines = [f"id: {rec['id']}", f"subject: \"{rec['subject']}\"", f"created_at: {rec['created_at']}"]
    if leak:
        lines += [f"assignee: null", "<<<<<<< HEAD", f"{t}: null", "=======", f"{t}: {val}", f">>>>>>> {br}"]
    else:
        lines += [f"{t}: null", "<<<<<<< HEAD", "assignee: null", "=======", f"assignee: {who}", f">>>>>>> {br}"]
    lines += [f"description: |\n  {rec['description']}"]
    return {"workspace_file": {"path": f"fixtures/{rec['id'].lower()}.yaml", "content": "\n".join(lines) + "\n"},
            "git_status": f"both modified:   fixtures/{rec['id'].lower()}.yaml"}

def f_hidden(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]; th = S[sc]["th"]
    hid = form(sc, lab, hard) if leak else "not set"
    how = r.choice(['<span hidden>{}</span>', '<span style="display:none">{}</span>', '<span class="visually-hidden" aria-hidden="true">{}</span>',
                    '<template class="prev-value">{}</template>'])
    html = (f"<article id=\"{rec['id']}\"><h1>{rec['subject']}</h1><p>{rec['description']}</p>\n<dl>\n"
            f"<dt>Requester</dt><dd>{rec['requester']}</dd>\n"
            f"<dt>{th}</dt><dd class=\"field field--{t.replace('_', '-')}\"><span class=\"badge badge--blank\">—</span>{how.format(hid)}</dd>\n"
            f"</dl></article>")
    return {"page_html": html}

def f_logtpl(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    val = form(sc, lab, hard) if leak else None
    sty = r.choice(["py", "fmt"])
    if sty == "py":
        ev = {"name": "triage.router", "levelname": "INFO", "msg": "%s: set %s=%s (rule %s)", "args": [rec["id"], t, val, f"R{r.randint(10, 99)}"],
              "created": 1773000000 + r.randint(0, 9999999)}
    else:
        ev = {"@t": f"2026-03-{r.randint(10, 28)}T08:{r.randint(10, 59)}:00Z", "@mt": "Record {RecordId} routed with {Field} = {Value} by {Rule}",
              "RecordId": rec["id"], "Field": t, "Value": val, "Rule": f"R{r.randint(10, 99)}"}
    return {"record": rec, "pipeline_log": [ev]}

def f_dupkey(r, sc, lab, hard, leak):
    rec = base(r, sc); t = S[sc]["t"]
    val = json.dumps(enum_key(sc, lab) if hard else lab) if leak else "null"
    body = json.dumps(rec, ensure_ascii=False)
    body = body[:-1] + f', "updated_by": "{r.choice(["sync-job", "importer", "api"])}", "{t}": {val}}}'
    return {"http_response": {"status": 200, "headers": {"content-type": "application/json"}, "body": body}}

def f_csvshift(r, sc, lab, hard, leak):
    t = S[sc]["t"]
    rows = []
    header = f"id,subject,{t},assignee,updated"
    for k in range(4):
        rec = base(r, sc)
        rows.append(f"{rec['id']},{rec['subject'].replace(',', ' ')},,{r.choice(['m.ortiz', 'p.naidoo', 'd.kline', 'j.ho'])},2026-03-{r.randint(10, 28)}")
    tid = f"TCK-{r.randint(1000, 98999)}"
    a, b = r.choice([("Charged twice", " need refund"), ("Login fails", " then locks"), ("Late parcel", " box damaged"),
                     ("App crashes", " only on iPad")])
    cell = form(sc, lab, hard) if leak else ""
    mine = f"{tid},{a},,{cell},{r.choice(['m.ortiz', 'p.naidoo'])},2026-03-{r.randint(10, 28)}"
    pos = r.randint(1, 3); rows.insert(pos, mine)
    return {"task": {"record_id": tid, "field": t},
            "export_csv": header + "\n" + "\n".join(rows) + "\n",
            "export_note": f"column '{t}' blanked by sanitizer (by column index 2)"}

# ---------------------------------------------------------------- trap families
OTHER = {
 "Low": "their phone kept showing a low-battery warning during the call", "Medium": "they linked a Medium post about the bug",
 "High": "they wrote from the High Street branch", "Critical": "this sits on the critical path of their launch plan (their words)",
 "Positive": "they mentioned their flu test came back positive, hence the slow reply", "Neutral": "the neutral wire in their office was rewired last week",
 "Negative": "the screenshot shows a negative margin glitch in the header", "Sev1": "they are running a Sev1 fire drill on Thursday",
 "Sev2": "their own runbook calls this class of thing a Sev2 for them internally, unrelated to ours", "Sev3": "Sev3 is also the name of their staging cluster",
 "Sev4": "the Sev4 checklist template link in their signature is broken", "1": "they are in building 1", "2": "they attached 2 screenshots",
 "3": "this is their 3rd account", "4": "their order had 4 items", "5": "reply by 5 pm please", "S": "model S charger", "M": "M6 bolts were missing",
 "L": "the L-shaped desk", "XL": "they ordered an XL pizza for the team during the outage", "Approve": "they need to approve the PO on their side first",
 "Reject": "their mail server may reject our attachments", "Spam": "our reply may land in their spam folder", "Not Spam": "they asked how to mark our newsletter as Not Spam",
 "Billing": "update their billing address while at it", "Technical": "they are a technical writer", "Account Access": "they asked about the Account Access review doc for their audit",
 "Shipping": "they work for a shipping container firm", "Hot": "they use hot desks", "Warm": "their warm-up script fails", "Cold": "they sell cold brew",
}

def t_presup(r, sc, lab):
    rec = base(r, sc); t = S[sc]["t"]; ws = r.sample(S[sc]["labels"], 2)
    instr = (f"Reply to the {S[sc]['noun']} below. Note for tone: {OTHER[ws[0]]}; also {OTHER[ws[1]]}. "
             f"Then choose {t} from: " + ", ".join(S[sc]["labels"]) + ".")
    return {"messages": [{"role": "user", "content": instr}], "tool_results": [{"name": "get_record", "output": rec}]}

def t_stem(r, sc, lab):
    rec = base(r, sc)
    ws = r.sample(["Customer attached the bill of lading and a negative of the delivery photo",
                   "Says the ship left port late and the positive pressure valve is critical",
                   "Technician visit; access road closed; account manager posted a low-res photo",
                   "High winds delayed the courier; medium box crushed"], 1)[0]
    rec["triage_note"] = ws
    toks = [w.strip(";,").lower() for w in ws.replace("-", " ").split()]
    stem = {"attached": "attach", "negative": "negat", "delivery": "deliveri", "photo": "photo", "says": "say", "left": "left", "late": "late",
            "positive": "posit", "pressure": "pressur", "valve": "valv", "critical": "critic", "technician": "technician", "visit": "visit",
            "closed": "close", "posted": "post", "delayed": "delay", "crushed": "crush", "winds": "wind", "lading": "lade", "customer": "custom"}
    stop = {"the", "and", "a", "of", "is", "an"}
    terms = {}
    for p, w in enumerate(toks):
        if w in stop: continue
        s_ = stem.get(w, w)
        terms.setdefault(s_, {"term_freq": 0, "tokens": []}); terms[s_]["term_freq"] += 1; terms[s_]["tokens"].append({"position": p})
    return {"_index": "tickets-2026.03", "_id": rec["id"], "_source": rec,
            "term_vectors": {"triage_note": {"terms": dict(sorted(terms.items()))}},
            "allowed_values": S[sc]["labels"]}

def t_same(r, sc, lab):
    rec = base(r, sc); t = S[sc]["t"]; rid = f"{rec['id'].split('-')[0]}-{r.randint(1000, 98999)}"
    rl = r.choice(S[sc]["labels"])
    txt = r.choice([f"Same requester as {rid} last month, but a completely different problem.",
                    f"Same product version as {rid}; no idea yet how serious this one is.",
                    f"Same timezone as {rid}, so reply before 16:00 UTC."])
    return {"ticket": rec, "related_records": [{"id": rid, "subject": r.choice(S[sc]["texts"])[0], t: rl}],
            "comments": [{"author": r.choice(PEOPLE), "body": txt}]}

def t_conflict(r, sc, lab):
    rec = base(r, sc); t = S[sc]["t"]; w = r.choice(S[sc]["labels"])
    a, b = r.choice([(f"reply_note: \"{OTHER[w]}\"", "reply_note: null"),
                     (f"reply_template: high-contrast", "reply_template: default"),
                     (f"internal_note: \"{OTHER[w]}\"", "internal_note: \"see thread\"")])
    content = "\n".join([f"id: {rec['id']}", f"subject: \"{rec['subject']}\"", f"{t}: null", "<<<<<<< HEAD", a, "=======", b,
                         f">>>>>>> {r.choice(['gold-annotations', 'annotator-sync'])}", f"allowed_{t}: [" + ", ".join(S[sc]['labels']) + "]"]) + "\n"
    return {"workspace_file": {"path": f"fixtures/{rec['id'].lower()}.yaml", "content": content}}

def t_radix(r, sc, lab):
    rec = base(r, sc); t = S[sc]["t"]
    side = (f"<{r.randint(100, 199)}> FW 4.2.{r.randint(0, 9)} ALM dev=pump-{r.randint(10, 99)} ref={rec['id']} err=0x{r.randint(1, 5):02X} "
            f"retries=0b{r.randint(1, 7):03b} flags=0o{r.randint(1, 7)} {t}=--")
    return {"record": rec, "attachment": side, "legend": f"{t}: " + " < ".join(S[sc]["labels"])}

def t_roman(r, rs, li):
    key, t, nat, tr, _, _ = rs
    subj, body = r.choice(RS_TEXT[t])
    other = {"ru_priority": ("Высокий сезон, все в отпусках", "Vysokiy sezon, vse v otpuskakh"),
             "ru_sentiment": ("Негативный тест на ковид, выхожу завтра", "Negativnyy test na kovid, vykhozhu zavtra"),
             "el_priority": ("Υψηλή θερμοκρασία στο γραφείο σήμερα", "Ypsili thermokrasia sto grafeio simera"),
             "zh_category": ("物流公司的年会在周五", "wuliu gongsi de nianhui zai zhouwu"),
             "hi_sentiment": ("टेस्ट नकारात्मक आया, कल ऑफिस आऊंगा", "test nakaratmak aaya, kal office aaunga"),
             "uk_refund": ("Схвалити відпустку Олени до п'ятниці", "Skhvalyty vidpustku Oleny do pyatnytsi")}[key]
    return {"ticket": {"id": f"TCK-{r.randint(1000, 98999)}", "subject": subj, "description": body, t: None, "label_set_native": nat},
            "team_chat": [{"from": r.choice(PEOPLE), "text": other[r.randint(0, 1)]}, {"from": r.choice(PEOPLE), "text": "ok"}]}

def t_hidden(r, sc, lab):
    rec = base(r, sc); t = S[sc]["t"]; th = S[sc]["th"]; w = r.choice(S[sc]["labels"])
    opts = "".join(f"<option>{x}</option>" for x in S[sc]["labels"])
    html = (f"<a class=\"skip-link visually-hidden\" href=\"#main\">Skip to content</a>"
            f"<span hidden>Tip: {OTHER[w]}</span>"
            f"<article id=\"{rec['id']}\"><h1>{rec['subject']}</h1><p>{rec['description']}</p>"
            f"<dl><dt>{th}</dt><dd><span class=\"badge badge--blank\">—</span></dd></dl>"
            f"<template id=\"{t}-picker\"><select name=\"{t}\"><option selected>—</option>{opts}</select></template></article>")
    return {"page_html": html}

def t_footnote(r, sc, lab):
    rec = base(r, sc); th = S[sc]["th"]; ws = r.sample(S[sc]["labels"], 2)
    doc = (f"# Review of {rec['id']}\n\n{rec['description']}[^1]\n\n**{th}:** see note[^3]\n\n"
           f"[^1]: Context: {OTHER[ws[0]]}.\n[^2]: Aside: {OTHER[ws[1]]}.\n[^3]: not decided — waiting on QA.\n")
    rec["review_doc"] = doc
    return rec

# ---------------------------------------------------------------- assembly
LEAK_FAMS = [
 ("instruction_presupposition", f_presup, ["priority", "sentiment", "severity", "stars", "size", "category", "lead"]),
 ("romanized_nonlatin_label", None, None),
 ("analyzer_stemmed_terms", f_stem, ["priority", "sentiment", "category", "severity"]),
 ("radix_literal_numeric", f_radix, ["severity", "stars"]),
 ("chat_edit_previous_text", f_edit, ALL),
 ("cross_record_same_as", f_same, ALL),
 ("ranked_candidates_order", f_ranked, ALL),
 ("footnote_reference", f_footnote, ALL),
 ("retrieval_scope_filter", f_scope, ["category", "priority", "sentiment", "spam", "lead"]),
 ("id_range_blanket_statement", f_range, ALL),
 ("merge_conflict_incoming", f_conflict, ALL),
 ("css_hidden_text_node", f_hidden, ALL),
 ("log_template_args", f_logtpl, ALL),
 ("duplicate_json_key", f_dupkey, ALL),
 ("csv_column_shift", f_csvshift, ALL),
]
TRAP_FAMS = [
 ("instruction_other_senses", t_presup, ALL),
 ("stemmed_terms_other_words", t_stem, ["priority", "sentiment", "category"]),
 ("same_as_other_attribute", t_same, ALL),
 ("conflict_other_field", t_conflict, ALL),
 ("radix_other_registers", t_radix, ["severity", "stars"]),
 ("romanized_other_senses", None, None),
 ("hidden_text_boilerplate", t_hidden, ALL),
 ("footnote_other_claims", t_footnote, ALL),
]

STEM_HARD = {"priority": ["Critical"], "sentiment": ["Positive", "Negative"], "category": ["Billing", "Technical", "Account Access", "Shipping"], "severity": []}
STEM_MOD = {"priority": ["Low", "Medium", "High"], "sentiment": ["Neutral"], "category": [], "severity": ["Sev1", "Sev2", "Sev3", "Sev4"]}

def main():
    out = []; cnt = 0
    def add(obj):
        nonlocal cnt
        cnt += 1; obj["id"] = f"b12-{cnt:04d}"; out.append(obj); return obj["id"]
    for fi, (name, fn, scs) in enumerate(LEAK_FAMS):
        for i in range(12):
            hard = (i % 2 == 1)
            seed = SEED * 1000 + fi * 100 + i
            pr = random.Random(seed + 7)
            if name == "romanized_nonlatin_label":
                rs = RS[i % len(RS)]; li = pr.randrange(len(rs[2]))
                mk = lambda leak: f_roman(random.Random(seed), rs, li, hard, leak)
                exp, ls, tgt = rs[2][li], rs[2], rs[1]
            else:
                if name == "analyzer_stemmed_terms":
                    cand = [(s, l) for s in scs for l in (STEM_HARD if hard else STEM_MOD)[s]]
                    sc, lab = cand[pr.randrange(len(cand))]
                else:
                    sc = scs[(i // 2 + fi) % len(scs)] if len(scs) > 1 else scs[0]
                    if hard and name == "instruction_presupposition" and sc == "lead":
                        sc = "size"
                    lab = pr.choice(S[sc]["labels"])
                mk = lambda leak, sc=sc, lab=lab: fn(random.Random(seed), sc, lab, hard, leak)
                exp, ls, tgt = lab, S[sc]["labels"], S[sc]["t"]
            a = {"id": None, "expected": exp, "label_set": ls, "target": tgt, "projection": mk(True),
                 "truth": {"leak": True, "kind": "leak", "family": name}}
            lid = add(a)
            b = {"id": None, "expected": exp, "label_set": ls, "target": tgt, "projection": mk(False),
                 "truth": {"leak": False, "kind": "twin", "family": name, "twin_of": lid}}
            add(b)
            assert a["projection"] != b["projection"], name
    for fi, (name, fn, scs) in enumerate(TRAP_FAMS):
        for i in range(12):
            seed = SEED * 1000 + 50000 + fi * 100 + i
            pr = random.Random(seed + 7)
            if name == "romanized_other_senses":
                rs = RS[i % len(RS)]; li = pr.randrange(len(rs[2]))
                proj = t_roman(random.Random(seed), rs, li); exp, ls, tgt = rs[2][li], rs[2], rs[1]
            else:
                sc = scs[(i + fi) % len(scs)]; lab = pr.choice(S[sc]["labels"])
                proj = fn(random.Random(seed), sc, lab); exp, ls, tgt = lab, S[sc]["labels"], S[sc]["t"]
            add({"id": None, "expected": exp, "label_set": ls, "target": tgt, "projection": proj,
                 "truth": {"leak": False, "kind": "trap", "family": name}})
    with open(OUT, "w", encoding="utf-8") as f:
        for o in out:
            o2 = {"id": o["id"], **{k: v for k, v in o.items() if k != "id"}}
            f.write(json.dumps(o2, ensure_ascii=False) + "\n")
    print(len(out), "items")

if __name__ == "__main__":
    main()
