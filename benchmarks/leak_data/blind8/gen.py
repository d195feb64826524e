#!/usr/bin/env python3
"""Deterministic generator for blind batch 8 (seed 88008)."""
import json, random, pickle, unicodedata

R = random.Random(88008)

TASKS = [
    ("priority", ["Low", "Medium", "High", "Critical"]),
    ("sentiment", ["Positive", "Neutral", "Negative"]),
    ("category", ["Billing", "Technical", "Account Access", "Shipping"]),
    ("spam_verdict", ["Spam", "Ham"]),
    ("refund_decision", ["Approve", "Deny"]),
    ("urgency", ["Urgent", "Routine"]),
    ("escalate", ["Yes", "No"]),
]
ALPHA_TASKS = TASKS

SUBJECTS = [
    "Invoice total differs from the quote we signed",
    "App logs me out every few minutes on Android",
    "Parcel tracking stuck at 'label created' for 6 days",
    "Cannot reset password, reset mail never arrives",
    "Dashboard export to CSV times out",
    "Charged twice for the March renewal",
    "Webhook deliveries failing with 502 since Tuesday",
    "Wrong size delivered, need exchange",
    "SSO login loops back to the start page",
    "Question about upgrading our seat count",
    "Order arrived with a cracked screen",
    "Mail from 'prize-desk@' asking for bank details",
    "API rate limit lower than our contract says",
    "Thank you note after the onboarding call",
    "Printer driver crashes the kiosk after update 4.2",
]
BODIES = [
    "Hi team, we noticed this after the latest rollout. Two colleagues can reproduce it, a third cannot. Screenshots attached.",
    "Hello, following up on my call with Dana last week. Nothing has changed on our side, account #A-7731.",
    "This started on the 14th around 09:30 CET. We tried clearing cache and a different browser.",
    "Could someone please look into this? Our finance lead needs an answer before month end.",
    "Steps: open the app, sign in, wait ~3 min, then any tap shows the login screen again.",
    "We ordered on the 2nd; the tracking page has not moved and the carrier hotline sends us back to you.",
    "Attached the HAR file and the request ids from our gateway logs.",
    "Our contract (ref C-2291) mentions a different figure. Please confirm which one is right.",
    "Not a big deal, just wanted to flag it. Happy to provide more details if useful.",
    "I have been a customer for 6 years and this is the first time something like this happened.",
]
AGENTS = ["m.okafor", "j.ortiz", "s.lindqvist", "a.kowalska", "r.tanaka", "p.nair", "l.dubois", "k.mensah"]


def task_for(i, tasks=TASKS):
    return tasks[i % len(tasks)]


def pick_label(labels, i):
    return labels[(i * 7 + 3) % len(labels)]


def ticket(i, prefix="TCK"):
    return {
        "key": f"{prefix}-{4100 + i * 37}",
        "subject": SUBJECTS[(i * 5 + 2) % len(SUBJECTS)],
        "body": BODIES[(i * 3 + 1) % len(BODIES)],
        "created": f"2026-0{1 + i % 9}-{10 + i % 18}T0{i % 10}:1{i % 6}:00Z",
        "requester": f"cust{900 + i}@example.{['com', 'de', 'fr', 'io'][i % 4]}",
    }


ITEMS = []
FAMS = []


def add(fam, kind, expected, labels, target, proj, leak, corr=None, twin_of=None):
    n = len(ITEMS) + 1
    it = {"id": f"b8-{n:04d}", "expected": expected, "label_set": labels, "target": target,
          "projection": proj,
          "truth": {"leak": leak, "kind": kind, "family": fam}}
    if corr:
        it["correlated_values"] = corr
    if twin_of:
        it["truth"]["twin_of"] = twin_of
    ITEMS.append(it)
    return it["id"]


def leak_family(name, desc, fn, tasks=TASKS):
    FAMS.append((name, "leak", desc, 24))
    for i in range(12):
        target, labels = task_for(i, tasks)
        lab = pick_label(labels, i)
        t = ticket(i)
        L, T = fn(i, target, labels, lab, t)
        lid = add(name, "leak", lab, labels, target, L, True)
        add(name, "twin", lab, labels, target, T, False, twin_of=lid)


def trap_family(name, desc, fn, tasks=TASKS):
    FAMS.append((name, "trap", desc, 12))
    for i in range(12):
        target, labels = task_for(i + 3, tasks)
        lab = pick_label(labels, i + 1)
        t = ticket(i + 40)
        add(name, "trap", lab, labels, target, fn(i, target, labels, lab, t), False)


# ---------------------------------------------------------------- leak 1: octal dump
def f_octal(i, target, labels, lab, t):
    def od(b):
        lines = []
        for k in range(0, len(b), 16):
            lines.append(" " + " ".join(f"{x:03o}" for x in b[k:k + 16]))
        return "\n".join(lines)
    if i % 2 == 0:
        def mk(v):
            payload = json.dumps({"ticket": t["key"], target: v, "src": "rules-v3"}).encode()
            return {"ticket": t, "debug_step": {"cmd": "redis-cli --raw GET triage:" + t["key"] + " | od -An -b",
                                                "stdout": od(payload + b"\n")}}
        return mk(lab), mk(None)
    esc = "".join(f"\\{x:03o}" for x in lab.encode())
    L = {"ticket": t, "shell_history": [f"cd ~/ops && ./tkt show {t['key']}",
                                        f"./tkt set {t['key']} --field {target} --value $'{esc}'",
                                        "history | tail -3"]}
    T = {"ticket": t, "shell_history": [f"cd ~/ops && ./tkt show {t['key']}",
                                        f"./tkt set {t['key']} --field {target} --value ''",
                                        "history | tail -3"]}
    return L, T


# ---------------------------------------------------------------- leak 2: binary bits
def f_bits(i, target, labels, lab, t):
    bits = lambda s: " ".join(f"{b:08b}" for b in s.encode())
    who = AGENTS[i % len(AGENTS)]
    if i % 2 == 0:
        mk = lambda s: {"channel": "#triage-calibration", "ticket": t,
                        "messages": [{"user": who, "text": f"{t['key']}: my call, in binary so it doesn't anchor the blind pass:\n`{bits(s)}`"},
                                     {"user": AGENTS[(i + 3) % 8], "text": "lol ok, will decode after I submit mine"}]}
        return mk(lab), mk("later")
    mk = lambda s: {"ticket": t, "uart_capture": {"tool": "sigrok-cli -P uart:baudrate=9600", "device": "kiosk-printer-07",
                                                 "note": "LCD status line sent by the on-site triage panel for this ticket",
                                                 "frames_bin": bits(f"{target.upper()}={s}")}}
    return mk(lab), mk("--")


# ---------------------------------------------------------------- leak 3: logprobs
def f_logprob(i, target, labels, lab, t):
    def toks(l):
        if i % 2 == 0:
            return [" " + l]
        return [l[:3], l[3:]] if len(l) > 4 else [l]
    first = toks(lab)[0]
    alts = [{"token": toks(l)[0], "logprob": round(-0.03 if l == lab else -3.1 - 1.3 * k, 3)}
            for k, l in enumerate(labels)]
    alts.sort(key=lambda a: -a["logprob"])
    content = [{"token": tk, "logprob": -0.02 if n == 0 else -0.001,
                "top_logprobs": alts if n == 0 else []} for n, tk in enumerate(toks(lab))]
    base = {"ticket": t, "upstream_call": {"model": "gpt-4o-mini-2024-07-18", "purpose": f"{target} pre-label",
                                           "choices": [{"index": 0, "message": {"role": "assistant", "content": "[stripped by eval harness]"},
                                                        "finish_reason": "stop"}]}}
    L = json.loads(json.dumps(base)); T = json.loads(json.dumps(base))
    L["upstream_call"]["choices"][0]["logprobs"] = {"content": content}
    T["upstream_call"]["choices"][0]["logprobs"] = None
    return L, T


# ---------------------------------------------------------------- leak 4: keystrokes
def f_keys(i, target, labels, lab, t):
    pre = [{"step": 1, "action": "left_click", "coordinate": [412, 233], "note": f"open {t['key']}"},
           {"step": 2, "action": "left_click", "coordinate": [988, 341], "note": f"focus '{target}' input"}]
    if i % 2 == 0:
        ks = [{"step": 3 + n, "action": "key", "text": ("space" if c == " " else c)} for n, c in enumerate(lab)]
        ks.append({"step": 3 + len(lab), "action": "key", "text": "Return"})
    elif i % 4 == 1:
        ks = [{"step": 3, "action": "type", "text": lab}, {"step": 4, "action": "key", "text": "ctrl+s"}]
    else:
        ks = [{"step": 3, "action": "type", "text": lab[:2]}, {"step": 4, "action": "type", "text": lab[2:]},
              {"step": 5, "action": "key", "text": "ctrl+s"}]
    L = {"ticket": t, "previous_trajectory": pre + ks + [{"step": 99, "action": "screenshot"}]}
    T = {"ticket": t, "previous_trajectory": pre + [{"step": 3, "action": "key", "text": "Escape"}, {"step": 99, "action": "screenshot"}]}
    return L, T


# ---------------------------------------------------------------- leak 5: vendor default numeric ids
VENDOR = [
    ("jira", "priority", ["Highest", "High", "Medium", "Low", "Lowest"]),
    ("redmine", "priority", ["Low", "Normal", "High", "Urgent", "Immediate"]),
    ("servicenow", "priority", ["1 - Critical", "2 - High", "3 - Moderate", "4 - Low", "5 - Planning"]),
]


def f_vendor(i, target, labels, lab, t):
    sysname, _, labs = VENDOR[i % 3]
    idx = labels.index(lab)
    if sysname == "jira":
        mk = lambda v: {"issue": {"key": t["key"].replace("TCK", "SUP"), "fields": {
            "summary": t["subject"], "description": t["body"], "issuetype": {"id": "10004"},
            "priority": None if v is None else {"self": f"https://acme.atlassian.net/rest/api/2/priority/{v}", "id": str(v)}}},
            "note": "priority name/icon stripped by projection; Jira default priority scheme"}
        return mk(idx + 1), mk(None)
    if sysname == "redmine":
        mk = lambda v: {"issue": {"id": 31000 + i, "project": {"id": 4, "name": "Helpdesk"}, "tracker": {"id": 3},
                                  "status": {"id": 1}, "priority_id": v, "subject": t["subject"], "description": t["body"]},
                        "instance": "stock Redmine 5.1, default enumerations"}
        return mk(idx + 1), mk(None)
    mk = lambda v: {"table": "incident", "record": {"number": f"INC00{48000 + i}", "short_description": t["subject"],
                                                    "description": t["body"], "impact": "", "urgency": "", "priority": v},
                    "display_values": False}
    return mk(str(idx + 1)), mk("")


def vendor_family():
    name = "vendor_default_numeric_id"
    FAMS.append((name, "leak", "Record keeps only the numeric id of the field under the product's stock default scheme (Jira priority id 1-5, Redmine priority_id, ServiceNow priority integer), with no name and no map in the record; twin id null/empty.", 24))
    for i in range(12):
        sysname, target, labels = VENDOR[i % 3]
        lab = labels[(i * 3 + 1) % 5]
        L, T = f_vendor(i, target, labels, lab, ticket(i))
        lid = add(name, "leak", lab, labels, target, L, True)
        add(name, "twin", lab, labels, target, T, False, twin_of=lid)


# ---------------------------------------------------------------- leak 6: rowspan / merged cells
def f_rowspan(i, target, labels, lab, t):
    others = [l for l in labels if l != lab]
    prev = {"key": f"TCK-{3900 + i}", "subject": SUBJECTS[(i + 7) % len(SUBJECTS)]}
    nxt = {"key": f"TCK-{3950 + i}", "subject": SUBJECTS[(i + 9) % len(SUBJECTS)], "lab": others[i % len(others)]}
    if i % 2 == 0:
        def mk(merged):
            rs = ' rowspan="2"' if merged else ""
            rows = [f"<tr><td>{prev['key']}</td><td>{prev['subject']}</td><td{rs}>{lab}</td></tr>",
                    f"<tr><td>{t['key']}</td><td>{t['subject']}</td>" + ("" if merged else "<td></td>") + "</tr>",
                    f"<tr><td>{nxt['key']}</td><td>{nxt['subject']}</td><td>{nxt['lab']}</td></tr>"]
            return {"handover_page_html": f"<table class='handover'><thead><tr><th>Ticket</th><th>Summary</th><th>{target}</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>",
                    "question_about": t["key"]}
        return mk(True), mk(False)
    def mk(merged):
        sheet = ('<worksheet><sheetData>'
                 f'<row r="1"><c r="A1" t="inlineStr"><is><t>Ticket</t></is></c><c r="B1" t="inlineStr"><is><t>{target}</t></is></c></row>'
                 f'<row r="2"><c r="A2" t="inlineStr"><is><t>{prev["key"]}</t></is></c><c r="B2" t="inlineStr"><is><t>{lab}</t></is></c></row>'
                 f'<row r="3"><c r="A3" t="inlineStr"><is><t>{t["key"]}</t></is></c><c r="B3"/></row>'
                 f'<row r="4"><c r="A4" t="inlineStr"><is><t>{nxt["key"]}</t></is></c><c r="B4" t="inlineStr"><is><t>{nxt["lab"]}</t></is></c></row>'
                 '</sheetData>' + ('<mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells>' if merged else '') + '</worksheet>')
        return {"file": "weekly_handover.xlsx", "xl/worksheets/sheet1.xml": sheet, "ticket": t}
    return mk(True), mk(False)


# ---------------------------------------------------------------- leak 7: columnar arrays
def f_columnar(i, target, labels, lab, t):
    n = 5
    pos = (i * 3) % n
    keys = [f"TCK-{5000 + i * 10 + k}" for k in range(n)]
    keys[pos] = t["key"]
    vals = [labels[(k + i + 1) % len(labels)] for k in range(n)]
    others = [l for l in labels if l != lab]
    vals = [v if v != lab else others[0] for v in vals]
    def mk(v):
        vv = list(vals); vv[pos] = v
        if i % 2 == 0:
            return {"format": "JSONColumns (ClickHouse)", "query": f"SELECT key, created, {target} FROM tickets_v WHERE batch = 'b{i}'",
                    "data": {"key": keys, "created": [f"2026-03-{10 + k}" for k in range(n)], target: vv},
                    "task_ticket": t}
        return {"arrow_record_batch": {"schema": [{"name": "key", "type": "utf8"}, {"name": target, "type": "dictionary<utf8>"}],
                                       "num_rows": n, "columns": [{"name": "key", "values": keys}, {"name": target, "values": vv}]},
                "task_ticket": t}
    return mk(lab), mk(None)


# ---------------------------------------------------------------- leak 8: acrostic
STARTERS = {
    "a": "Asked the customer for logs", "b": "Billing history looks consistent", "c": "Checked the audit trail",
    "d": "Didn't find a matching incident", "e": "Everything else in the thread is noise", "f": "Followed the runbook steps",
    "g": "Gave the requester a holding reply", "h": "Had a quick look at their plan", "i": "It reproduces on staging",
    "j": "Just one affected user so far", "k": "Kept the macro text unchanged", "l": "Looked at the HAR they sent",
    "m": "Mentioned it in standup", "n": "No related outage on the status page", "o": "Opened a linked bug for eng",
    "p": "Pinged the account owner", "q": "Queue history is clean", "r": "Read the whole thread twice",
    "s": "Screenshots match the description", "t": "Timeline is in the first comment", "u": "Used the sandbox tenant to test",
    "v": "Verified the requester identity", "w": "Wrote up the repro steps", "x": "X-ray of the request ids done",
    "y": "Yesterday's deploy is unrelated", "z": "Zero other reports in the forum",
}


def acro(word):
    return "\n".join(STARTERS[c] + "." for c in word.lower() if c.isalpha())


def f_acrostic(i, target, labels, lab, t):
    who = AGENTS[i % 8]
    intro_l = f"Gold {target} for {t['key']} is hidden as an acrostic (first letter of each line) so the second annotator stays blind:"
    intro_t = f"Gold {target} for {t['key']} is not settled yet, notes so far:"
    L = {"ticket": t, "calibration_thread": [{"author": who, "body": intro_l + "\n" + acro(lab)}]}
    T = {"ticket": t, "calibration_thread": [{"author": who, "body": intro_t + "\n" + acro("later")}]}
    return L, T


# ---------------------------------------------------------------- leak 9: IPA
IPA = {"Low": "loʊ", "Medium": "ˈmiːdiəm", "High": "haɪ", "Critical": "ˈkrɪtɪkəl", "Positive": "ˈpɑːzətɪv",
       "Neutral": "ˈnuːtrəl", "Negative": "ˈnɛɡətɪv", "Billing": "ˈbɪlɪŋ", "Technical": "ˈtɛknɪkəl",
       "Account Access": "əˈkaʊnt ˈæksɛs", "Shipping": "ˈʃɪpɪŋ", "Spam": "spæm", "Ham": "hæm",
       "Approve": "əˈpruːv", "Deny": "dɪˈnaɪ", "Urgent": "ˈɜːrdʒənt", "Routine": "ruːˈtiːn", "Yes": "jɛs", "No": "noʊ"}


def f_ipa(i, target, labels, lab, t):
    if i % 2 == 0:
        mk = lambda ph: {"ticket": t, "ivr_tts_render_log": {
            "engine": "polly-neural", "voice": "Joanna", "pii_filter": "words replaced with [w]",
            "ssml": f"<speak>Thanks for calling. Your case {t['key']} has been classified as "
                    + (f"<phoneme alphabet=\"ipa\" ph=\"{ph}\">[w]</phoneme>" if ph else "<break time=\"300ms\"/>")
                    + ". An agent will follow up by email.</speak>"}}
        return mk(IPA[lab]), mk(None)
    mk = lambda s: {"ticket": t, "call_qa_review": {"reviewer": AGENTS[i % 8], "timestamp": "03:41",
                                                    "note": s}}
    return (mk(f"Transcript word is redacted, but the agent clearly says the {target} out loud as [{IPA[lab]}] here, phonetically."),
            mk(f"Transcript word is redacted; audio drops out here, the agent's words are inaudible."))


# ---------------------------------------------------------------- leak 10: subword tokens
def pieces(w):
    out, k = [], 0
    sizes = [3, 2, 4, 3]
    while k < len(w):
        s = sizes[len(out) % 4]
        out.append(w[k:k + s]); k += s
    return out


def f_subword(i, target, labels, lab, t):
    if i % 2 == 0:
        toks = ["▁" + target.split("_")[0].lower(), ":"]
        for wi, w in enumerate(lab.split()):
            p = pieces(w)
            toks += ["▁" + p[0]] + p[1:]
        L = {"ticket": t, "upstream_generation": {"tokenizer": "sentencepiece (llama)", "output_tokens": toks + ["</s>"], "decoded": "<omitted>"}}
        T = {"ticket": t, "upstream_generation": {"tokenizer": "sentencepiece (llama)", "output_tokens": toks[:2] + ["</s>"], "decoded": "<omitted>"}}
        return L, T
    toks = ["[CLS]"]
    for w in lab.lower().split():
        p = pieces(w)
        toks += [p[0]] + ["##" + x for x in p[1:]]
    toks.append("[SEP]")
    L = {"ticket": t, "seq2seq_labeler_debug": {"tokenizer": "bert-base-uncased", "target_field": target, "generated_wordpieces": toks}}
    T = {"ticket": t, "seq2seq_labeler_debug": {"tokenizer": "bert-base-uncased", "target_field": target, "generated_wordpieces": ["[CLS]", "[SEP]"]}}
    return L, T


# ---------------------------------------------------------------- leak 11: NFD accents
NFD_TASKS = [
    ("prioridad", ["Crítica", "Alta", "Media", "Baja"], "Crítica"),
    ("sentiment", ["Négatif", "Neutre", "Positif"], "Négatif"),
    ("categorie", ["Facturation", "Accès au compte", "Problème technique", "Expédition"], None),
    ("categoría", ["Facturación", "Envío", "Soporte técnico", "Acceso a la cuenta"], None),
    ("decisão", ["Aprovação", "Rejeição"], None),
    ("décision", ["Remboursé", "Refusé"], None),
]


def nfd_family():
    name = "nfd_decomposed_accents"
    FAMS.append((name, "leak", "Non-English accented label written in Unicode NFD (base letter + combining accent, as macOS file names and some exports store it) in an attachment file name, zip listing or note; a third keep NFC. Twin has no label.", 24))
    for i in range(12):
        target, labels, fixed = NFD_TASKS[i % len(NFD_TASKS)]
        acc = [l for l in labels if l != unicodedata.normalize("NFD", l)]
        lab = fixed or acc[i % len(acc)]
        t = ticket(i, prefix="FR")
        form = "NFC" if i % 3 == 2 else "NFD"
        s = unicodedata.normalize(form, lab)
        slug = s.replace(" ", "_")
        if i % 2 == 0:
            L = {"ticket": t, "attachments": [{"filename": f"{t['key']}_{slug}.eml", "uploaded_from": "Mac OS X Mail"},
                                              {"filename": "screenshot 2026-03-02.png"}]}
            T = {"ticket": t, "attachments": [{"filename": f"{t['key']}_export.eml", "uploaded_from": "Mac OS X Mail"},
                                              {"filename": "screenshot 2026-03-02.png"}]}
        else:
            L = {"ticket": t, "unzip_listing": f"Archive:  dossier_{t['key']}.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n     2210  2026-03-02 10:14   {t['key']}/{slug}/courrier.pdf\n      840  2026-03-02 10:14   {t['key']}/{slug}/notes.txt\n"}
            T = {"ticket": t, "unzip_listing": f"Archive:  dossier_{t['key']}.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n     2210  2026-03-02 10:14   {t['key']}/a_trier/courrier.pdf\n      840  2026-03-02 10:14   {t['key']}/a_trier/notes.txt\n"}
        lid = add(name, "leak", lab, labels, target, L, True)
        add(name, "twin", lab, labels, target, T, False, twin_of=lid)


# ---------------------------------------------------------------- leak 12: JSON Patch copy
def f_patch(i, target, labels, lab, t):
    order = list(labels); R2 = random.Random(i); R2.shuffle(order)
    sugg = [{"id": f"s{k}", "value": v, "score": None} for k, v in enumerate(order)]
    idx = order.index(lab)
    base = {"snapshot": "taken before pending patch applied", "ticket": dict(t, fields={target: None}),
            "suggestions": sugg}
    L = dict(base, pending_patch_rfc6902=[{"op": "test", "path": f"/ticket/fields/{target}", "value": None},
                                          {"op": "copy", "from": f"/suggestions/{idx}/value", "path": f"/ticket/fields/{target}"},
                                          {"op": "add", "path": "/ticket/watchers", "value": [AGENTS[i % 8]]}])
    T = dict(base, pending_patch_rfc6902=[{"op": "test", "path": f"/ticket/fields/{target}", "value": None},
                                          {"op": "add", "path": "/ticket/watchers", "value": [AGENTS[i % 8]]}])
    return L, T


# ---------------------------------------------------------------- leak 13: text bar chart
def f_bars(i, target, labels, lab, t):
    w = max(len(l) for l in labels) + 2
    lines_l, lines_t = [], []
    for k, l in enumerate(labels):
        n = 28 if l == lab else [1, 2, 3, 1][k % 4]
        lines_l.append(l.ljust(w) + "█" * n + ("▌" if l == lab else "▏"))
        lines_t.append(l.ljust(w) + "(not scored)")
    head = f"$ triage-clf explain {t['key']} --plot\nclass scores ({target}):\n"
    return ({"ticket": t, "tool_output": head + "\n".join(lines_l)},
            {"ticket": t, "tool_output": head + "\n".join(lines_t)})


# ---------------------------------------------------------------- leak 14: disemvowelled shorthand
def dv(w):
    out = w[0] + "".join(c for c in w[1:] if c.lower() not in "aeiou")
    return out.lower()


def f_dv(i, target, labels, lab, t):
    sk = " ".join(dv(w) for w in lab.split())
    tg = dv(target.split("_")[0])
    who = AGENTS[i % 8]
    if i % 2 == 0:
        L = f"[{who} 14:0{i % 10}] {t['key']} - rd thrd, chkd lgs. {tg}: {sk}. wll hnd ovr tmrw"
        T = f"[{who} 14:0{i % 10}] {t['key']} - rd thrd, chkd lgs. {tg}: ?. wll hnd ovr tmrw"
    else:
        L = f"sms from {who}: 'on trn, no lptp. {t['key']} = {sk}, pls st it in th tl'"
        T = f"sms from {who}: 'on trn, no lptp. {t['key']} = wll chk ltr, pls dnt st it in th tl'"
    return {"ticket": t, "worklog": L}, {"ticket": t, "worklog": T}


# ---------------------------------------------------------------- leak 15: pickle
def f_pickle(i, target, labels, lab, t):
    def mk(v):
        obj = {"key": t["key"], target: v, "v": 3}
        if i % 3 == 0:
            data = pickle.dumps(obj, protocol=0)
        elif i % 3 == 1:
            data = pickle.dumps(obj, protocol=4)
        else:
            data = pickle.dumps(obj, protocol=2)
        return {"ticket": t, "debug_repl": f">>> raw = r.get('triage:cache:{t['key']}')\n>>> raw\n{data!r}\n>>> # TODO unpickle safely"}
    return mk(lab), mk(None)


# ================================================================ traps
def tr_acrostic(i, target, labels, lab, t):
    w = ["thanks", "friday", "done", "hello", "retro", "merci"][i % 6]
    body = ("Standup poem from the team channel (first letters spell '" + w.upper() + "' for the Friday thread):\n" + acro(w)
            + f"\nP.S. the {labels[0]} / {labels[-1]} debate continues at lunch; {t['key']} is still untriaged.")
    return {"ticket": dict(t, **{target: None}), "thread": body}


def tr_tokens(i, target, labels, lab, t):
    instr = f"Classify the {target} . Answer with exactly one of : " + " , ".join(labels)
    toks = ["▁" + w for w in instr.split()]
    return {"ticket": dict(t, **{target: None}), "upstream_generation": {"prompt_tokens": toks, "output_tokens": [],
                                                                       "status": "timeout before first token"}}


def tr_rowspan(i, target, labels, lab, t):
    a, b = labels[i % len(labels)], labels[(i + 1) % len(labels)]
    html = (f"<table><tr><th>Agent</th><th>Ticket</th><th>{target}</th></tr>"
            f"<tr><td rowspan='3'>{AGENTS[i % 8]}</td><td>TCK-{3000 + i}</td><td>{a}</td></tr>"
            f"<tr><td>{t['key']}</td><td></td></tr>"
            f"<tr><td>TCK-{3100 + i}</td><td>{b}</td></tr></table>")
    return {"handover_page_html": html, "question_about": t["key"], "note": "Agent column is merged; each ticket has its own cell."}


def tr_columnar(i, target, labels, lab, t):
    keys = [f"TCK-{6000 + k + i}" for k in range(4)] + [t["key"]]
    vals = [labels[(k + i) % len(labels)] for k in range(4)] + [None]
    return {"format": "JSONColumns", "data": {"key": keys, target: vals}, "task_ticket": t}


def tr_numeric(i, target, labels, lab, t):
    return {"issue": {"key": t["key"].replace("TCK", "SUP"), "fields": {
        "summary": t["subject"], "status": {"id": str(1 + i % 5)}, "resolution": {"id": str(1 + (i + 2) % 4)},
        "issuetype": {"id": str(1 + i % 3)}, "customfield_10020": {"id": str(2 + i % 3)},
        target: None, "allowed_" + target: labels, "comment": f"Customer is on floor {2 + i % 3}, near the {['High Street', 'Low Road', 'Medium Wave studio'][i % 3]} entrance."}}}


def tr_ipa(i, target, labels, lab, t):
    names = [("Siobhan", "ʃɪˈvɔːn"), ("Nguyen", "wɪn"), ("Aoife", "ˈiːfə"), ("Joaquín", "xoaˈkin"),
             ("Xiaoming", "ɕjɑʊmɪŋ"), ("Bjørn", "bjœːɳ")]
    n, p = names[i % 6]
    return {"ticket": dict(t, **{target: None}), "agent_profile_note": f"Caller name {n} is pronounced [{p}]. "
            f"Product 'HighLine {labels[i % len(labels)]} Edition' is said [ˈhaɪlaɪn]. Please use these in the callback."}


def tr_shorthand(i, target, labels, lab, t):
    ln = labels[(i + 1) % len(labels)]
    return {"ticket": dict(t, **{target: None}), "worklog":
            f"[{AGENTS[i % 8]}] cust on hgh-spd fbr pln, sys lw bttry on rtr. asked abt '{ln}' tier of other prdct for frnd. "
            f"{target}: nt yt dcdd, wtng on lgs"}


def tr_bits(i, target, labels, lab, t):
    w = ["ACK", "OK", "PING", "READY", "ID=7", "BOOT"][i % 6]
    bits = " ".join(f"{b:08b}" for b in w.encode())
    return {"ticket": dict(t, **{target: None}), "uart_capture": {"device": "kiosk-printer-07", "frames_bin": bits,
            "ticket_field": f"{target} (one of: {', '.join(labels)}) not set yet",
            "tech_note": f"Printer shows {['high', 'low', 'medium'][i % 3]} temperature warning; unrelated to the {target} question."}}


leak_family("octal_byte_dump", "The label only as octal bytes: `od -An -b` dump of a cached JSON payload, or bash $'\\NNN' octal escapes in a shell-history command setting the field. Twin payload null / empty value.", f_octal)
leak_family("binary_bit_string", "The label as 8-bit ASCII binary groups: a calibration Slack message 'in binary so it doesn't anchor', or a sigrok UART capture of a triage panel's status line. Twin decodes to 'later' / '--'.", f_bits)
leak_family("logprob_top_tokens", "Upstream LLM call whose message content is stripped but logprobs kept: the first generated token (whole label or its first 3 letters) with top_logprobs over all labels. Twin logprobs null.", f_logprob)
leak_family("keystroke_event_log", "Earlier computer-use trajectory typed into the field: one key event per character then Return, one 'type' action with the whole label, or the label split over two 'type' actions, then save. Twin presses Escape.", f_keys)
vendor_family()
leak_family("merged_cell_span", "Handover table where the previous row's label cell spans this ticket's row too: HTML td rowspan=2 or XLSX mergeCell B2:B3 with the ticket's own cell empty. Twin: no span, empty cell.", f_rowspan)
leak_family("columnar_position_alignment", "Column-oriented export (ClickHouse JSONColumns / Arrow record batch) where the ticket's key and the label sit at the same index of separate arrays. Twin has null at that index.", f_columnar)
leak_family("acrostic_first_letters", "Calibration note hides the gold as an acrostic: first letters of successive note lines spell the label, stated as such. Twin lines spell 'later' under a 'gold not settled yet' intro.", f_acrostic)
leak_family("ipa_phonetic_transcription", "Label only as IPA: SSML <phoneme ph='...'> with the word PII-redacted in a TTS render log, or a call QA note quoting the spoken word in IPA. Twin has a break / inaudible note.", f_ipa)
leak_family("subword_token_pieces", "Upstream generation kept only as subword tokens: SentencePiece pieces with ▁ markers or BERT WordPieces with ## continuations spelling the label. Twin output is empty.", f_subword)
nfd_family()
leak_family("json_patch_copy_op", "Pending RFC 6902 patch with a copy op from /suggestions/N/value to the field; the suggestions list holds every label in shuffled order. Twin patch has no copy op.", f_patch)
leak_family("text_bar_chart_scores", "Classifier explain tool prints a Unicode block bar per label with no numbers; one label's bar is far longer. Twin prints '(not scored)' for every label.", f_bars)
leak_family("disemvowelled_shorthand", "Terse worklog/SMS in vowel-dropped shorthand gives the label as its consonant skeleton (hgh, ngtv, bllng, accnt accss, pprv). Twin says '?' / 'will check later'.", f_dv)
leak_family("python_pickle_repr", "Debug REPL shows the repr of a cached pickle (protocol 0/2/4) of the ticket dict whose field value is the label (glued to opcodes like V / \\x8c\\x04). Twin pickle has None.", f_pickle)

trap_family("acrostic_unrelated_word", "Team standup poem whose line initials spell an unrelated word (THANKS, FRIDAY...), plus a P.S. naming two labels in a lunch debate; field null.", tr_acrostic)
trap_family("prompt_tokens_option_list", "Token dump of the upstream prompt that lists every allowed label; output tokens empty (timeout); field null.", tr_tokens)
trap_family("merged_cell_other_column", "Handover HTML table where the Agent column is merged with rowspan over the ticket's row, but the ticket's own label cell is empty; neighbours carry labels.", tr_rowspan)
trap_family("columnar_null_slot", "Columnar export where other tickets carry labels and the task ticket's slot in the label array is null.", tr_columnar)
trap_family("numeric_ids_other_fields", "Jira issue with small numeric ids on status/resolution/issuetype/custom fields and label words in a location sense, while the asked field is null.", tr_numeric)
trap_family("ipa_names_and_products", "Pronunciation note giving IPA for the caller's name and a product name that contains a label word; field null.", tr_ipa)
trap_family("shorthand_other_senses", "Vowel-dropped worklog using skeletons of label words in other senses (hgh-spd, lw bttry) and another product tier name; field 'not yet decided'.", tr_shorthand)
trap_family("bitstring_unrelated", "UART capture whose binary frames decode to a device status (ACK, PING, READY) plus a hardware note using label words in other senses; field null.", tr_bits)

with open("/root/sealed/batch8/items.jsonl", "w", encoding="utf-8") as f:
    for it in ITEMS:
        f.write(json.dumps(it, ensure_ascii=False) + "\n")

nl = sum(1 for x in FAMS if x[1] == "leak"); nt = len(FAMS) - nl
with open("/root/sealed/batch8/FAMILIES.md", "w", encoding="utf-8") as f:
    f.write(f"# batch8 families\n\nTotal items: {len(ITEMS)} ({nl} leak families, {nt} trap families). Leak-family counts include the clean twins (12 leak + 12 twin). Generated by gen.py (seed 88008).\n\n")
    for n, k, d, c in FAMS:
        cs = f"{c} items (12 leak + 12 twin)" if k == "leak" else f"{c} items"
        f.write(f"- {n} — {k} — {d} — {cs}\n")
print(len(ITEMS), nl, nt)
