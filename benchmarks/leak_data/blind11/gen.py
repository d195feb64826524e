#!/usr/bin/env python3
"""Blind batch 11 generator (deterministic, seed fixed)."""
import base64, json, random, re, os

SEED = 111011
rng = random.Random(SEED)
OUT = os.path.dirname(os.path.abspath(__file__))

S = {
 "priority": dict(target="priority", labels=["Low", "Medium", "High", "Critical"], texts=[
   ("Checkout returns 502 for EU shoppers", "Since the 09:40 rollout roughly a third of EU checkouts fail with a 502 from the payments edge. Retrying sometimes works."),
   ("Typo on the pricing page", "The annual plan card says 'billed monthy'. Cosmetic, reported by a prospect on chat."),
   ("SSO login loop for one tenant", "Users at Brightwell Dental get bounced between our login page and their Okta screen. Started after they rotated their cert."),
   ("Export to CSV drops the last row", "When exporting a report with more than 500 lines the final line is missing. Customer noticed in month-end reconciliation."),
   ("Webhooks delayed by ~20 minutes", "Order-created webhooks arrive 15-25 minutes late for the Lisbon region; their warehouse picks are backing up.")]),
 "sentiment": dict(target="sentiment", labels=["Negative", "Neutral", "Positive"], texts=[
   ("Re: my order #58812", "I waited two weeks, the box arrived crushed and the support line kept me on hold for forty minutes."),
   ("Feedback after onboarding call", "The call covered the setup steps. We will continue the rollout next sprint as planned."),
   ("Thank you Marta!", "Marta walked me through the migration and everything worked first time, really appreciate the patience."),
   ("Question about invoice format", "Can the invoice show our VAT number on the first page? Our accountant asked."),
   ("App update", "The new dark mode looks fine but the sync is slower than before on my tablet.")]),
 "severity": dict(target="severity", labels=["Sev1", "Sev2", "Sev3", "Sev4"], texts=[
   ("API p99 latency above 4s", "Public API p99 jumped from 380ms to 4.2s at 02:10 UTC; error budget burn 14x."),
   ("Nightly backup job skipped", "The 01:00 backup for the analytics cluster did not run; last good snapshot is 26h old."),
   ("Search results stale", "Product search index lags by about 3 hours; newly listed items are not found."),
   ("Status page shows wrong timezone", "Maintenance window on the status page is rendered in PST instead of the viewer's local time."),
   ("Mobile push notifications failing", "Android push via FCM returns 401 since the key rotation; iOS unaffected.")]),
 "category": dict(target="category", labels=["Billing", "Account Access", "Shipping", "Technical Issue"], texts=[
   ("Charged twice this month", "My card shows two identical charges of 49.00 on the 3rd. Please reverse one."),
   ("Can't get into my account", "The reset email never arrives and my authenticator app was on my old phone."),
   ("Where is my parcel?", "Tracking has said 'label created' for six days. Order placed on the 12th."),
   ("Sync keeps crashing", "The desktop app crashes with error 0xC0000005 whenever it syncs the Photos folder."),
   ("Question about my plan", "I upgraded to Team yesterday but still see the old seat limit in the admin page.")]),
 "size": dict(target="size", labels=["S", "M", "L", "XL"], texts=[
   ("Add CSV import for contacts", "Users want to bulk-import contacts from a CSV with column mapping and dedupe."),
   ("Rename 'Workspace' to 'Team' in UI", "Copy change across web and mobile, about 40 strings."),
   ("Migrate auth service to new IdP", "Replace the legacy SAML bridge with the new identity provider for all tenants."),
   ("Add dark-mode toggle to settings", "Toggle persists per user; theme tokens already exist."),
   ("Rebuild reporting pipeline on streaming", "Move nightly batch reports to a streaming pipeline with backfill support.")]),
 "refund": dict(target="approve_refund", labels=["Yes", "No"], texts=[
   ("Refund request - annual plan", "Bought the annual plan 9 days ago by mistake, wanted monthly. Haven't used any premium feature."),
   ("Refund for damaged headphones", "Left earcup stopped working after 14 months, warranty is 12 months."),
   ("Cancel and refund", "Signed up for the trial, forgot to cancel, was charged 120.00 yesterday. Please refund."),
   ("Refund - concert tickets", "Event was moved to a date I can't attend. Your policy page says rescheduled events are non-refundable?"),
   ("Partial refund?", "Two of the six glasses arrived broken. Photos attached.")]),
 "stars": dict(target="star_rating", labels=["1", "2", "3", "4", "5"], texts=[
   ("Review: trail running shoes", "Comfortable from day one, grip is good on wet rock, but the laces keep coming undone."),
   ("Review: espresso grinder", "Grind consistency is okay; it is loud and the hopper is small."),
   ("Review: hotel stay Porto", "Great location near the river, room was clean, breakfast was average."),
   ("Review: wireless keyboard", "Stopped pairing after a week and support never answered."),
   ("Review: language app", "Lessons are short and fun; streaks keep me motivated.")]),
 "spam": dict(target="spam_verdict", labels=["Spam", "Not Spam"], texts=[
   ("Invoice INV-20931 attached", "Please see the attached invoice for last month's consulting hours. Payment terms 30 days."),
   ("You have (1) pending delivery", "Your package is on hold. Confirm your address and pay a 1.99 fee at the link below."),
   ("Lunch & learn on Thursday", "Hi team, bring your laptops, we will go through the new deploy tooling."),
   ("Exclusive offer just for you", "Crypto opportunity with guaranteed 300% returns, reply with your phone number."),
   ("Your password expires in 3 days", "Click here to keep your current password. IT Service Desk.")]),
 "route": dict(target="queue", labels=["Refunds", "Fraud Review", "Returns", "Warranty"], texts=[
   ("Item not as described", "The jacket is a different colour from the photo, I'd like to send it back."),
   ("Unknown charges on my card", "Three purchases from your store I never made, all within 10 minutes at night."),
   ("Blender motor died", "Bought 8 months ago, motor smells burnt and stops after 5 seconds."),
   ("Overcharged for shipping", "I was charged express shipping but selected standard; please return the difference."),
   ("Wrong size delivered", "Ordered 42, got 44. Want to exchange.")]),
}
NAMES = ["Priya Raman", "Tomasz Wójcik", "Aisha Bello", "Jonas Berg", "Lucía Ortega", "Kenji Mori", "Fatima Zahra", "Owen Kelly",
         "Sofia Rossi", "Daniel Cohen", "Mei Lin", "Arjun Mehta", "Nora Lind", "Pedro Alves", "Hana Novak", "Sam Okafor"]
ORGS = ["Brightwell Dental", "Kestrel Logistics", "Northwind Foods", "Halcyon Labs", "Pinecrest Realty", "Orbital Games",
        "Bluefin Travel", "Maple & Finch", "Vantage Print", "Quillon Legal"]

def tid(r):
    return "%s-%d" % (r.choice(["TCK", "SUP", "INC", "CS", "HD", "REQ"]), r.randint(1000, 98999))

def ticket(r, sch, field_null=True):
    subj, body = r.choice(S[sch]["texts"])
    t = {"id": tid(r), "subject": subj, "description": body, "requester": r.choice(NAMES), "org": r.choice(ORGS),
         "created_at": "2026-%02d-%02dT%02d:%02d:00Z" % (r.randint(1, 11), r.randint(1, 28), r.randint(0, 23), r.randint(0, 59))}
    if field_null:
        t[S[sch]["target"]] = None
    return t

def enum_key(sch, lab):
    return (S[sch]["target"] + "_" + lab).upper().replace(" ", "_")

def found(lab, proj):
    s = proj if isinstance(proj, str) else json.dumps(proj, ensure_ascii=False)
    return re.search(r"\b" + re.escape(lab) + r"\b", s, re.I) is not None

def uniq_prefix(lab, labels, minlen=3):
    for n in range(minlen, len(lab)):
        p = lab[:n].lower()
        if sum(1 for x in labels if x.lower().startswith(p)) == 1 and not lab.lower() == p:
            return lab[:n]
    return None

# ---------------------------------------------------------------- leak families
def f_prefill(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    system = ("You label support records. Field: %s. Allowed values: see the schema in the tool config. Reply with JSON only." % T) if k % 2 == 0 else ("You label support records. Field: %s. Allowed values: %s. Reply with JSON only." % (T, ", ".join(L)))
    if k % 2 == 0:
        pre = uniq_prefix(lab, L)
        pf = '{"%s": "%s' % (T, pre)
    else:
        pf = 'Looking at this record, the %s is %s, because' % (T.replace("_", " "), lab)
    twin_pf = '{"%s": "' % T if k % 2 == 0 else 'Looking at this record, the %s is' % T.replace("_", " ")
    def mk(p):
        return {"harness": "replay-v3", "request": {"model": r.choice(["claude-sonnet-4-5", "gpt-4.1", "mistral-large-2411"]),
                "max_tokens": 64, "system": system,
                "messages": [{"role": "user", "content": "Record:\n" + json.dumps(t, ensure_ascii=False)},
                             {"role": "assistant", "content": p}]}}
    st = r.getstate()
    return lab, mk(pf), mk(twin_pf)

def f_constrained(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    kind = k % 4
    def ci(x):
        return "".join("[%s%s]" % (c.upper(), c.lower()) if c.isalpha() else ("\\s+" if c == " " else re.escape(c)) for c in x)
    base = {"model": r.choice(["Qwen2.5-7B-Instruct", "Llama-3.1-8B-Instruct", "gpt-4o-mini"]),
            "messages": [{"role": "system", "content": "Classify the record's %s." % T},
                         {"role": "user", "content": json.dumps(t, ensure_ascii=False)}], "temperature": 0}
    leak, twin = dict(base), dict(base)
    if kind == 0:
        leak["response_format"] = {"type": "json_schema", "json_schema": {"name": "label", "strict": True, "schema": {
            "type": "object", "properties": {T: {"type": "string", "enum": [lab]}}, "required": [T]}}}
        twin["response_format"] = {"type": "json_schema", "json_schema": {"name": "label", "strict": True, "schema": {
            "type": "object", "properties": {T: {"type": "string", "enum": list(L)}}, "required": [T]}}}
    elif kind == 1:
        leak["extra_body"] = {"guided_regex": "^" + ci(lab) + "$"}
        twin["extra_body"] = {"guided_regex": "^(" + "|".join(ci(x) for x in L) + ")$"}
    elif kind == 2:
        leak["extra_body"] = {"guided_choice": [lab]}
        twin["extra_body"] = {"guided_choice": list(L)}
    else:
        def gb(x):
            return " ".join('[%s%s]' % (c.upper(), c.lower()) if c.isalpha() else '"%s"' % c for c in x)
        leak["extra_body"] = {"guided_grammar": 'root ::= "{\\"%s\\": \\"" value "\\"}"\nvalue ::= %s' % (T, gb(lab))}
        twin["extra_body"] = {"guided_grammar": 'root ::= "{\\"%s\\": \\"" value "\\"}"\nvalue ::= %s' % (T, " | ".join("(" + gb(x) + ")" for x in L))}
    wrap = lambda q: {"step": 3, "tool": "llm_call", "request_body": q, "status": "timeout after 30s"}
    return lab, wrap(leak), wrap(twin)

def f_env(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    common = ["HOME=/home/agent", "HOSTNAME=sbx-%x" % r.randint(0x10000, 0xfffff), "LANG=C.UTF-8",
              "PATH=/usr/local/bin:/usr/bin:/bin", "PYTHONUNBUFFERED=1", "TASK_ID=%s" % t["id"],
              "HARNESS_RUN=run-%d" % r.randint(100, 999), "TZ=UTC", "OTEL_SERVICE_NAME=eval-sandbox"]
    gold = ("EXPECTED_%s=%s" % (T.upper(), lab)) if k % 2 else ("GRADER_GOLD=%s" % enum_key(sch, lab))
    lv = sorted(common + [gold]); tv = sorted(common)
    mode = k % 3
    def render(v):
        if mode == 0:
            return {"tool": "bash", "command": "env | sort", "stdout": "\n".join(v) + "\n", "exit_code": 0}
        if mode == 1:
            return {"tool": "bash", "command": "cat /proc/1/environ", "stdout": "\\0".join(v) + "\\0", "exit_code": 0}
        return {"tool": "bash", "command": "docker inspect --format '{{json .Config.Env}}' $(hostname)",
                "stdout": json.dumps(v), "exit_code": 0}
    ctx = {"task": "Read the ticket and set its %s." % T, "ticket": t}
    return lab, dict(ctx, trajectory=[render(lv)]), dict(ctx, trajectory=[render(tv)])

def f_zpl(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    lu = lab.upper()
    if k % 2 == 0:
        hexed = "".join("_%02X" % ord(c) if (c.isalpha() and i % 2 == 0) or c == " " else c for i, c in enumerate(lu))
        line = "^FO40,210^A0N,70,70^FH^FD%s^FS" % hexed
    else:
        line = "^FO40,210^A0N,70,70^FD%s: %s^FS" % (T.upper().replace("_", " "), lu)
    def z(extra):
        parts = ["^XA", "^CI28", "^FO40,30^A0N,36,36^FD%s^FS" % t["id"], "^FO40,80^A0N,28,28^FD%s^FS" % t["org"][:24],
                 "^FO40,120^BY2^BCN,70,N,N,N^FD%s^FS" % t["id"].replace("-", "")]
        if extra:
            parts.append(extra)
        parts += ["^FO40,300^A0N,24,24^FDBin %s  %s^FS" % (r.choice("ABCDEF"), t["created_at"][:10]), "^XZ"]
        return "\n".join(parts)
    st = r.getstate(); a = z(line); r.setstate(st); b = z("^FO40,210^A0N,70,70^FD^FS")
    proj = lambda zz: {"ticket": t, "print_spool": {"printer": "zebra-zd421 @ %s" % r.choice(["dock-3", "returns-bench", "triage-desk"]),
                                                     "job": r.randint(2000, 9999), "zpl": zz}}
    st = r.getstate(); pa = proj(a); r.setstate(st); pb = proj(b)
    return lab, pa, pb

def f_vtt(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    m, s = r.randint(1, 9), r.randint(10, 40)
    def ts(sec):
        return "00:%02d:%06.3f" % (m, sec)
    who = r.choice(NAMES).split()[0]
    if k % 2 == 0:
        n = max(1, len(lab) // 2)
        word = "<%s><c>%s</c><%s><c>%s</c>" % (ts(s + 2.1), lab[:n], ts(s + 2.34), lab[n:])
    else:
        word = "<%s><c>%s</c>" % (ts(s + 2.1), lab)
    phrase = {"priority": "so for the queue I'm setting priority to %s", "sentiment": "I'd log the customer's sentiment as %s",
              "category": "this goes under %s, I'm filing it there", "severity": "call it %s for the incident record",
              "route": "I'm sending it to the %s queue"}[sch]
    pre, post = phrase.split("%s")
    def cue(w):
        return ("WEBVTT\nKind: captions\nLanguage: en\n\n%s --> %s\n<v %s>Thanks for holding, I've read through %s now.\n\n"
                "%s --> %s\n<v %s><%s><c>%s</c>%s<%s><c>%s</c>\n\n%s --> %s\n<v Customer>Okay, how long will that take?\n") % (
            ts(s - 3), ts(s), who, t["id"], ts(s), ts(s + 3), who, ts(s + 0.2), pre.strip(), "" if w is None else " " + w,
            ts(s + 2.8), post.strip() or ".", ts(s + 3), ts(s + 6))
    lk = cue(word); tw = cue("<%s><c>[inaudible]</c>" % ts(s + 2.1))
    base = {"ticket": t, "call_recording": {"duration_s": r.randint(200, 900), "captions_vtt": None}}
    a = json.loads(json.dumps(base)); a["call_recording"]["captions_vtt"] = lk
    b = json.loads(json.dumps(base)); b["call_recording"]["captions_vtt"] = tw
    return lab, a, b

def elong(w, r):
    vs = [i for i, c in enumerate(w) if c.lower() in "aeiou"]
    i = vs[-1] if vs else len(w) - 1
    return w[:i + 1] + w[i].lower() * r.randint(3, 6) + w[i + 1:]

def f_elong(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    who = r.choice(NAMES)
    if k % 2 == 0:
        w = " ".join(elong(x, r) for x in lab.split())
        if r.random() < 0.5:
            w = w.upper()
    else:
        w = lab.upper() + "!!!" + "!" * r.randint(0, 3)
    msgs = {"priority": "ok read %s... this one is %s, like drop-everything %s",
            "sentiment": "lol read the reply on %s, customer is sooo %s about us today %s",
            "category": "%s is 100%% %s, putting it there %s",
            "refund": "%s refund? %s, policy covers it %s",
            "spam": "%s: %s, obviously %s",
            "route": "%s -> %s team pls %s"}[sch]
    emo = r.choice(["😩", "🙃", "🔥", "👀", ""])
    thread = [{"user": "triage-bot", "ts": "1764%06d.000100" % r.randint(0, 999999), "text": "New ticket %s: %s" % (t["id"], t["subject"])},
              {"user": who, "ts": "1764%06d.000200" % r.randint(0, 999999), "text": None}]
    a = json.loads(json.dumps(thread)); a[1]["text"] = msgs % (t["id"], w, emo)
    b = json.loads(json.dumps(thread)); b[1]["text"] = "ok read %s... sooooo many emails about this one %s will look properly later" % (t["id"], emo)
    ctx = {"ticket": t, "slack_thread": None}
    return lab, dict(ctx, slack_thread=a), dict(ctx, slack_thread=b)

EXCEL = [("effort_bucket_days", ["1-2", "3-5", "6-10", "11-20"]),
         ("tenure_band_months", ["1-3", "4-6", "7-9", "10-12"]),
         ("pipe_size_inch", ["1/4", "1/2", "3/4"]),
         ("story_points_range", ["1-2", "3-5", "8-13"])]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

def f_excel(r, k, sch_unused):
    col, L = EXCEL[k % 4]
    lab = r.choice(L)
    a_, b_ = re.split(r"[-/]", lab)
    def mangle(x, iso):
        p, q = [int(v) for v in re.split(r"[-/]", x)]
        return "2026-%02d-%02d" % (p, q) if iso else "%d-%s" % (q, MON[p - 1])
    iso = (k // 4) % 2 == 1
    hard = k % 2 == 0 or k % 3 == 0
    rows = []
    others = [x for x in L if x != lab]
    me = tid(r)
    ids = [tid(r) for _ in range(3)]
    hdr = "ticket_id,opened,owner,%s,summary" % col
    def cell(v, literal):
        if v is None:
            return ""
        return '="%s"' % v if literal else mangle(v, iso)
    lit = not hard
    def build(v):
        lines = [hdr]
        rr = random.Random(k * 7 + 1)
        vals = [r2 for r2 in rr.sample(others, min(2, len(others)))]
        lines.append("%s,2026-%02d-%02d,%s,%s,%s" % (ids[0], 3, 4, "mlin", cell(vals[0], lit), "vendor onboarding form"))
        lines.append("%s,2026-%02d-%02d,%s,%s,%s" % (me, 3, 6, "ookafor", cell(v, lit), "%s" % r.choice(["replace valve in unit 4", "customer portal SSO", "annual contract renewal", "warehouse label reprint"])))
        lines.append("%s,2026-%02d-%02d,%s,%s,%s" % (ids[1], 3, 9, "pramen", cell(vals[-1], lit), "quarterly access review"))
        return "\n".join(lines) + "\n"
    st = r.getstate(); A = build(lab); r.setstate(st); B = build(None)
    task = {"task": "Determine %s for %s" % (col, me), "allowed": L,
            "attachment": {"name": "tracker_export.csv", "note": "saved from the shared workbook in Excel", "content": None}}
    a = json.loads(json.dumps(task)); a["attachment"]["content"] = A
    b = json.loads(json.dumps(task)); b["attachment"]["content"] = B
    return lab, a, b, col, L

def f_offsets(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    opts = list(L); r.shuffle(opts)
    form = "Request form v4\nSubmitted by: %s (%s)\n%s (pick one): %s\nDetails: %s\n" % (
        t["requester"], t["org"], T.replace("_", " ").title(), "  /  ".join(opts), t["description"])
    st = form.index("  " + lab) + 2 if ("  " + lab) in form else form.index(": " + lab) + 2
    # guarantee correct span
    idx = [m.start() for m in re.finditer(re.escape(lab), form)]
    line_start = form.index("(pick one): ") + len("(pick one): ")
    st = [i for i in idx if i >= line_start][0]
    ann = {"annotator": "ann_%02d" % r.randint(1, 40), "field": T, "source": "form_text", "answer_start": st, "answer_end": st + len(lab)}
    if k % 2:
        ann["answer_text"] = lab
    twin_ann = {"annotator": ann["annotator"], "field": T, "source": "form_text", "answer_start": None, "answer_end": None}
    if k % 2:
        twin_ann["answer_text"] = None
    base = {"record": {"id": t["id"], "created_at": t["created_at"], "form_text": form}, "annotations": None}
    a = json.loads(json.dumps(base)); a["annotations"] = [ann]
    b = json.loads(json.dumps(base)); b["annotations"] = [twin_ann]
    return lab, a, b

def f_rollouts(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    ans = list(L); r.shuffle(ans)
    hard = k % 2 == 0
    rows_a, rows_b = [], []
    for i, x in enumerate(ans):
        shown = enum_key(sch, x) if hard else x
        rows_a.append({"sample": i, "answer": shown, "reward": 1.0 if x == lab else 0.0})
        rows_b.append({"sample": i, "answer": shown, "reward": None})
    base = {"item": t, "rl_buffer": {"policy": "ckpt-%d" % r.randint(1000, 9000), "grader": "exact_match(%s)" % T, "rollouts": None}}
    a = json.loads(json.dumps(base)); a["rl_buffer"]["rollouts"] = rows_a
    b = json.loads(json.dumps(base)); b["rl_buffer"]["rollouts"] = rows_b; b["rl_buffer"]["grader_status"] = "not run"
    a["rl_buffer"]["grader_status"] = "done"
    return lab, a, b

def f_metrics(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    pred = r.choice(L)
    names = [enum_key(sch, x) if k % 2 == 0 else x for x in L]
    w = max(len(n) for n in names) + 2
    lines = [" " * w + "precision    recall  f1-score   support", ""]
    for x, n in zip(L, names):
        sup = 1 if x == lab else 0
        tp = 1 if (x == lab and pred == lab) else 0
        p = (1.0 if tp else 0.0) if x == pred else 0.0
        rc = (1.0 if tp else 0.0) if sup else 0.0
        f = 1.0 if (p and rc) else 0.0
        lines.append(n.rjust(w) + "%11.2f%10.2f%10.2f%10d" % (p, rc, f, sup))
    lines += ["", "accuracy".rjust(w) + "%31.2f%10d" % (1.0 if pred == lab else 0.0, 1)]
    rep = "\n".join(lines)
    cmd = "python -m evalkit run --only %s --metrics --zero-division 0" % t["id"]
    a = {"ticket": t, "debug_shell": {"cmd": cmd, "stdout": "loaded 1 item\n" + rep + "\n"}}
    b = {"ticket": t, "debug_shell": {"cmd": cmd, "stdout": "loaded 1 item\nWARNING: no gold %s for %s, metrics skipped\n" % (T, t["id"])}}
    return lab, a, b

KEYS = {c: (str(d), i + 1) for d, grp in [(2, "abc"), (3, "def"), (4, "ghi"), (5, "jkl"), (6, "mno"), (7, "pqrs"), (8, "tuv"), (9, "wxyz")] for i, c in enumerate(grp)}
def multitap(word):
    out = []
    for c in word.lower():
        if c == " ":
            out.append("0")
        elif c in KEYS:
            d, n = KEYS[c]; out.append(d * n)
        else:
            out.append(c)
    return "-".join(out)

def f_t9(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    seq = multitap(lab)
    prompt = "After the tone, spell the %s on your keypad: press a key repeatedly to reach its letter, pause between letters, 0 for a space, then press hash." % T.replace("_", " ")
    ev = {"event": "gather", "input": "dtmf", "mode": "multi-tap (- = pause)", "digits": seq}
    if k % 2:
        ev["ivr_decoded"] = lab.upper()
    ev2 = {"event": "gather", "input": "dtmf", "mode": "multi-tap (- = pause)", "digits": "#"}
    if k % 2:
        ev2["ivr_decoded"] = ""
    base = {"case": {"id": t["id"], "caller": "+44 7%03d %06d" % (r.randint(100, 999), r.randint(0, 999999)), "summary": t["description"]},
            "ivr_log": [{"event": "say", "text": "Thanks for calling %s support." % t["org"]}, {"event": "say", "text": prompt}]}
    a = json.loads(json.dumps(base)); a["ivr_log"].append(ev)
    b = json.loads(json.dumps(base)); b["ivr_log"].append(ev2)
    return lab, a, b

def f_a85(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    def enc(v):
        payload = json.dumps({"ticket": t["id"], T: v, "by": "autotriage-2.3"}, separators=(",", ":")).encode()
        return base64.a85encode(payload, adobe=(k % 3 == 0)).decode()
    A, B = enc(lab), enc(None)
    def wrap(e, v):
        if k % 3 == 0:
            d = {"attachment": "triage_cover.ps", "excerpt": "%%!PS-Adobe-3.0\n/TriageMeta currentfile /ASCII85Decode filter def\n" + e + "\n%%EOF"}
        else:
            d = {"log": "2026-11-%02d %02d:%02d:11 INFO cache.put key=triage:%s codec=a85 value=%s" % (r.randint(1, 28), r.randint(0, 23), r.randint(0, 59), t["id"], e)}
        if k % 2:
            d["preview"] = json.dumps({"ticket": t["id"], T: v})[:60]
        return d
    st = r.getstate(); a = {"ticket": t, "artifacts": [wrap(A, lab)]}; r.setstate(st); b = {"ticket": t, "artifacts": [wrap(B, None)]}
    return lab, a, b

def f_junit(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    others = [(tid(r), r.choice(L)) for _ in range(3)]
    items = others[:1] + [(t["id"], lab)] + others[1:]
    def pid(i, x, lv, leak):
        if not leak:
            return "case%03d" % (i + 17)
        if k % 2 == 0:
            return (x.replace("-", "").lower() + "_" + lv.lower().replace(" ", "_"))
        return "%s-%s" % (x, lv)
    def xml(leak):
        cases = []
        for i, (x, lv) in enumerate(items):
            cases.append('  <testcase classname="tests.test_gold" name="test_%s_label[%s]" time="0.%03d"/>' % (T, pid(i, x, lv, leak), r.randint(1, 999)))
        return '<?xml version="1.0" encoding="utf-8"?>\n<testsuite name="pytest" tests="%d" failures="0">\n%s\n</testsuite>' % (len(items), "\n".join(cases))
    st = r.getstate(); A = xml(True); r.setstate(st); B = xml(False)
    base = {"task": "Set %s on %s" % (T, t["id"]), "ticket": t, "workspace_file": {"path": "reports/junit-gold.xml", "content": None}}
    a = json.loads(json.dumps(base)); a["workspace_file"]["content"] = A
    b = json.loads(json.dumps(base)); b["workspace_file"]["content"] = B
    return lab, a, b

def pct(s):
    return "".join(c if c.isalnum() else "%%%02X" % ord(c) for c in s)

def f_textfrag(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    fld = T.replace("_", " ").title()
    url = "https://desk.%s.io/agent/tickets/%s" % (t["org"].split()[0].lower().replace("&", ""), t["id"].split("-")[1])
    if k % 2 == 0:
        n = max(1, len(lab) // 2)
        frag = "#:~:text=%s-,%s,%s" % (pct(fld + ":"), pct(lab[:n]), pct(lab[n:]))
    else:
        frag = "#:~:text=%s-,%s" % (pct(fld + ":"), lab.replace(" ", "%20"))
    msg = "%s the night shift already set it on the old desk, here: %s" % (r.choice(["fyi", "heads up,", "no need to re-triage,"]), url + frag)
    msg2 = "%s the night shift looked at it on the old desk, here: %s" % (r.choice(["fyi", "heads up,", "no need to re-triage,"]), url)
    st = r.getstate()
    base = {"ticket": t, "chat": [{"from": r.choice(NAMES), "text": None}]}
    a = json.loads(json.dumps(base)); a["chat"][0]["text"] = msg
    b = json.loads(json.dumps(base)); b["chat"][0]["text"] = msg2
    return lab, a, b

def f_board(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    frames = []
    x = 0
    for i, l in enumerate(L):
        frames.append({"type": "frame", "id": "fr%04x" % r.randint(0, 0xffff), "name": l, "x": x, "y": 0, "width": 600, "height": 900})
        x += 640
    fid = {f["name"]: f for f in frames}
    target = fid[lab]
    cx, cy = target["x"] + r.randint(40, 400), r.randint(60, 700)
    card = {"type": "text", "id": "el%05x" % r.randint(0, 0xfffff), "text": "%s\n%s" % (t["id"], t["subject"]),
            "x": cx, "y": cy, "width": 180, "height": 90, "frameId": target["id"] if k % 2 else None}
    tw = dict(card); tw["x"], tw["y"], tw["frameId"] = r.randint(100, 900), 1000 + r.randint(60, 300), None
    inbox = {"type": "text", "id": "lbl01", "text": "Unsorted (drop new cards below)", "x": 0, "y": 960, "width": 400, "height": 30, "frameId": None}
    note = {"type": "text", "id": "lbl02", "text": "Triage board: drag each card into its %s column." % T.replace("_", " "), "x": 0, "y": -80, "width": 600, "height": 30, "frameId": None}
    a = {"ticket": t, "board_export": {"type": "excalidraw", "version": 2, "elements": [note] + frames + [inbox, card]}}
    b = {"ticket": t, "board_export": {"type": "excalidraw", "version": 2, "elements": [note] + frames + [inbox, tw]}}
    return lab, a, b

LEAKS = [
 ("assistant_prefill_prefix", f_prefill, ["priority", "sentiment", "category", "route", "spam", "severity"],
  "Replayed LLM request whose final assistant turn (prefill) already starts the answer: a JSON object opened with a unique label prefix, or a sentence naming the label. Twin prefill stops before the value."),
 ("constrained_decoding_single_choice", f_constrained, ["priority", "sentiment", "category", "severity", "size", "refund", "route", "spam"],
  "Earlier LLM call's structured-output constraint admits only the gold: json_schema enum of one value, vLLM guided_choice of one, or a case-insensitive guided_regex / GBNF grammar spelling it ([Hh][Ii][Gg][Hh]). Twin constraint allows every label."),
 ("sandbox_env_gold", f_env, ["priority", "sentiment", "category", "severity", "size", "refund", "stars", "route"],
  "The agent ran env / cat /proc/1/environ / docker inspect in its sandbox; the harness exported the gold as an env var (plain value or SCREAMING_SNAKE enum key). Twin env lacks that variable."),
 ("zpl_print_job", f_zpl, ["priority", "category", "severity", "route", "size"],
  "Zebra ZPL print job for the ticket's bin sticker prints the label in a ^FD field, half with ^FH _XX hex escapes for some letters. Twin field prints empty."),
 ("webvtt_karaoke_split", f_vtt, ["priority", "sentiment", "category", "severity", "route"],
  "WebVTT captions of the support call where the agent states the classification; half have the word split by an inline karaoke timestamp tag and <c> spans. Twin caption reads [inaudible] there."),
 ("expressive_elongation", f_elong, ["priority", "sentiment", "category", "refund", "spam", "route"],
  "Colleague's chat message gives the call with expressive letter stretching (hiiiigh, negatiiiive, yesss) or shouted with stacked !!!. Twin message defers."),
 ("excel_date_mangling", f_excel, [None],
  "CSV saved through Excel: the ticket's range/fraction label (3-5, 1/4, 10-12) was auto-converted to a date (5-Mar, 2026-03-05); 4 of 12 keep the Excel =\"...\" literal guard. Twin cell empty."),
 ("char_offset_span_pointer", f_offsets, ["priority", "sentiment", "category", "severity", "route", "size"],
  "SQuAD-style annotation gives answer_start/answer_end character offsets into the form text that lists all options; the span selects the gold (half also with answer_text). Twin offsets null."),
 ("rollout_reward_candidates", f_rollouts, ["priority", "sentiment", "category", "severity", "size", "stars", "route", "spam"],
  "RL buffer of sampled answers (one per label, plain or enum key) with exact-match rewards; the sample with reward 1.0 is the gold. Twin rewards null, grader not run."),
 ("single_item_metrics_report", f_metrics, ["priority", "sentiment", "category", "severity", "size", "stars", "route"],
  "sklearn-style classification_report from a debug eval on only this item: support is 1 on the gold row and 0 elsewhere (rows plain or enum keys). Twin: metrics skipped, no gold."),
 ("t9_multitap_keypad", f_t9, ["priority", "sentiment", "category", "route", "spam", "refund"],
  "IVR log where the caller spelled the answer with phone-keypad multi-tap digits (44-444-4-44); half add the IVR's decoded echo. Twin caller pressed #."),
 ("ascii85_payload", f_a85, ["priority", "sentiment", "category", "severity", "stars", "route", "spam", "size"],
  "Cache log line or PostScript attachment carries Ascii85 (Adobe <~ ~> or plain a85) JSON with the field; half add a decoded preview. Twin encodes null."),
 ("junit_testcase_param_id", f_junit, ["priority", "sentiment", "category", "severity", "size", "route"],
  "JUnit XML in the workspace from the eval's own gold tests: pytest parametrize ids pair each ticket with its gold (tck4821_high / TCK-4821-High). Twin ids are case numbers."),
 ("text_fragment_link", f_textfrag, ["priority", "sentiment", "category", "severity", "route", "size"],
  "Colleague shares a Chrome 'link to highlight' URL to the ticket page whose #:~:text= fragment quotes the field value (half split as textStart,textEnd over the word). Twin link has no fragment."),
 ("whiteboard_frame_containment", f_board, ["priority", "sentiment", "category", "severity", "size", "route"],
  "Excalidraw triage board export: one frame per label; the ticket's card sits inside one frame by coordinates (half also by frameId). Twin card sits in the unsorted area."),
]

# ---------------------------------------------------------------- trap families
def t_apiparams(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    req = {"model": r.choice(["o4-mini", "gpt-5", "gemini-2.5-pro"]), "reasoning_effort": r.choice(["high", "low", "medium"]),
           "verbosity": r.choice(["low", "medium"]), "service_tier": r.choice(["priority", "default", "flex"]),
           "messages": [{"role": "user", "content": [{"type": "text", "text": "Set %s for this ticket." % T},
                        {"type": "image_url", "image_url": {"url": "https://files.example/%s.png" % t["id"], "detail": r.choice(["low", "high"])}}]}],
           "safety_settings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_MEDIUM_AND_ABOVE"}]}
    extra = {"sentiment": {"negative_prompt": "blurry, watermark", "logprobs_positive_only": False},
             "severity": {"labels": {"env": "prod", "sev-tier": "sev2-capable-cluster"}},
             "category": {"metadata": {"cost_center": "Billing Ops", "team": "Technical Issue Bash 2026"}},
             "size": {"image_size": "L", "n": 1}, "refund": {"store": "yes" if k % 2 else "no"}, "route": {"metadata": {"app": "Returns Portal"}},
             "priority": {}, "spam": {"metadata": {"filter": "Spam-Guard v3"}}, "stars": {"top_k": 5, "n": 3}}[sch]
    req.update(extra)
    return lab, {"ticket": t, "pending_call": req, "response": None}

def t_ranges(r, k, sch):
    col, L = EXCEL[k % 4]
    lab = r.choice(L)
    me = tid(r)
    txt = r.choice(["Customer says delivery usually takes %s business days.", "Dosage on the label: take %s tablets as needed.",
                    "Kit suits ages %s, box says.", "See pages %s of the manual."]) % L[k % len(L)]
    csv = "ticket_id,opened,due,owner,%s,summary\n%s,5-Mar,%s,ookafor,,\"%s\"\n" % (col, me, "10-Jun" if k % 2 else "2-Jan", txt)
    return lab, {"task": "Determine %s for %s" % (col, me), "allowed": L, "attachment": {"name": "tracker_export.csv", "note": "dates in opened/due are real calendar dates", "content": csv}}

def t_zpl(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    words = {"priority": "USPS PRIORITY MAIL^FS\n^FO40,240^A0N,30,30^FDHIGH VALUE - SIGNATURE REQUIRED", "size": "BOX SIZE: L  WT 2.3KG",
             "category": "SHIPPING LABEL - RETURN TO BILLING ADDRESS ON FILE", "route": "RETURNS CENTRE DOCK 4 / WARRANTY SEAL INTACT",
             "severity": "SEV1 FIRE DOOR - KEEP CLEAR"}[sch]
    z = "^XA\n^CI28\n^FO40,30^A0N,36,36^FD%s^FS\n^FO40,120^BY2^BCN,70,N,N,N^FD%s^FS\n^FO40,210^A0N,40,40^FD%s^FS\n^XZ" % (t["org"], t["id"].replace("-", ""), words)
    return lab, {"ticket": t, "print_spool": {"printer": "zebra-zd621 @ mailroom", "job": r.randint(2000, 9999), "zpl": z}}

def t_prefill(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    sysmsg = r.choice(["Keep a neutral tone. Give a high-level answer only. Low temperature is set; do not speculate.",
                       "You are a careful assistant. Positive identification of the customer is not needed. Medium-length reasoning is fine.",
                       "Critical: reply with JSON only. Billing and shipping details in the record are for context."])
    return lab, {"harness": "replay-v3", "request": {"system": sysmsg + " Allowed values for %s: %s." % (T, ", ".join(L)),
            "messages": [{"role": "user", "content": json.dumps(t, ensure_ascii=False)}, {"role": "assistant", "content": '{"%s": "' % T}]}}

def t_elong(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    other = {"priority": "my laptop battery is sooooo looooow, brb charging", "sentiment": "happy fridaaaay! so positiiiive vibes in here today lol",
             "category": "sooo much billiiing drama at my kid's school this week 😂", "refund": "yesssss the coffee machine is fixed!!!",
             "spam": "my personal inbox is pure spaaaam since the conference", "route": "noooo the returns desk printer jammed again (the office one, not a ticket)"}[sch]
    return lab, {"ticket": t, "slack_thread": [{"user": "triage-bot", "text": "New ticket %s: %s" % (t["id"], t["subject"])},
                                              {"user": r.choice(NAMES), "text": other}, {"user": r.choice(NAMES), "text": "haven't opened %s yet" % t["id"]}]}

def t_vtt(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    lines = {"priority": ["I'm calling from the high school office,", "our signal is low in the basement."],
             "sentiment": ["the test came back negative, so I'm back at work,", "and I'm positive I entered the code right."],
             "category": ["my billing address changed last month,", "and shipping to the new one is fine."],
             "severity": ["we had a Sev1 drill yesterday, unrelated,", "anyway the app just closes."],
             "route": ["I already did two returns this year,", "the warranty card is in the drawer somewhere."]}[sch]
    v = "WEBVTT\n\n00:00:04.000 --> 00:00:07.000\n<v Customer>%s\n\n00:00:07.000 --> 00:00:10.500\n<v Customer>%s\n\n00:00:10.500 --> 00:00:13.000\n<v %s>Thanks, I'll review %s after the call.\n" % (
        lines[0], lines[1], r.choice(NAMES).split()[0], t["id"])
    return lab, {"ticket": t, "call_recording": {"duration_s": r.randint(200, 900), "captions_vtt": v}}

def t_offsets(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    opts = list(L); r.shuffle(opts)
    form = "Request form v4\nSubmitted by: %s (%s)\n%s (pick one): %s\nDetails: %s\n" % (t["requester"], t["org"], T.replace("_", " ").title(), "  /  ".join(opts), t["description"])
    st = form.index(t["requester"])
    return lab, {"record": {"id": t["id"], "form_text": form}, "annotations": [
        {"field": "requester_name", "answer_start": st, "answer_end": st + len(t["requester"]), "answer_text": t["requester"]},
        {"field": T, "answer_start": None, "answer_end": None, "status": "skipped"}]}

def t_board(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    els = [{"type": "text", "id": "lbl02", "text": "Triage board: drag each card into its %s column." % T.replace("_", " "), "x": 0, "y": -80}]
    x = 0
    for l in L:
        fid = "fr%04x" % r.randint(0, 0xffff)
        els.append({"type": "frame", "id": fid, "name": l, "x": x, "y": 0, "width": 600, "height": 900})
        els.append({"type": "text", "id": "el%05x" % r.randint(0, 0xfffff), "text": "%s\n(other ticket)" % tid(r), "x": x + 60, "y": r.randint(60, 600), "width": 180, "height": 90, "frameId": fid})
        x += 640
    els.append({"type": "text", "id": "lbl01", "text": "Unsorted (drop new cards below)", "x": 0, "y": 960})
    els.append({"type": "text", "id": "el%05x" % r.randint(0, 0xfffff), "text": "%s\n%s" % (t["id"], t["subject"]), "x": r.randint(100, 900), "y": 1100, "width": 180, "height": 90, "frameId": None})
    return lab, {"ticket": t, "board_export": {"type": "excalidraw", "version": 2, "elements": els}}

def t_junit(r, k, sch):
    T, L = S[sch]["target"], S[sch]["labels"]
    lab = r.choice(L); t = ticket(r, sch)
    names = ["test_high_contrast_theme_renders", "test_negative_amount_rejected", "test_billing_address_required", "test_low_memory_mode",
             "test_spam_filter_headers_passthrough", "test_returns_label_pdf", "test_sev1_pager_template", "test_size_xl_avatar_crop",
             "test_yes_no_prompt_defaults", "test_medium_breakpoint_layout", "test_positive_int_validator", "test_warranty_date_parse"]
    r.shuffle(names)
    cases = "\n".join('  <testcase classname="tests.test_ui" name="%s" time="0.%03d"/>' % (n, r.randint(1, 999)) for n in names[:6])
    return lab, {"task": "Set %s on %s" % (T, t["id"]), "ticket": t, "workspace_file": {"path": "reports/junit.xml",
            "content": '<?xml version="1.0" encoding="utf-8"?>\n<testsuite name="pytest" tests="6" failures="0">\n%s\n</testsuite>' % cases}}

TRAPS = [
 ("llm_api_param_words", t_apiparams, ["priority", "sentiment", "severity", "category", "size", "refund", "route", "spam"],
  "Pending LLM request whose parameters carry label words in API senses (reasoning_effort high, image detail low, verbosity medium, BLOCK_MEDIUM_AND_ABOVE, service_tier priority, negative_prompt); no answer."),
 ("range_labels_other_quantities", t_ranges, [None],
  "Tracker CSV where the range labels (3-5, 1-2, 1/4...) appear as delivery days, dosage, ages or pages, and real dates like 5-Mar sit in date columns; the bucket cell is empty."),
 ("zpl_shipping_other_senses", t_zpl, ["priority", "size", "category", "route", "severity"],
  "ZPL shipping sticker with label words in postal/warehouse senses (PRIORITY MAIL, HIGH VALUE, BOX SIZE L, BILLING ADDRESS, SEV1 FIRE DOOR); field unset."),
 ("prefill_open_slot", t_prefill, ["priority", "sentiment", "category", "severity", "route", "spam"],
  "LLM request with a prefill that opens the JSON value but stops, and a system prompt using label words in other senses plus the allowed list."),
 ("elongated_other_senses", t_elong, ["priority", "sentiment", "category", "refund", "spam", "route"],
  "Chat with stretched words about unrelated things (battery sooo looooow, yesssss coffee machine, spaaaam inbox); ticket not opened yet."),
 ("captions_other_senses", t_vtt, ["priority", "sentiment", "category", "severity", "route"],
  "WebVTT call captions where the customer uses label words in other senses (high school, test came back negative, billing address); agent states no classification."),
 ("span_annotation_other_field", t_offsets, ["priority", "sentiment", "category", "severity", "route", "size"],
  "SQuAD-style annotations over a form listing every option: the only filled span is the requester's name; the target field's annotation is skipped."),
 ("board_other_cards", t_board, ["priority", "sentiment", "category", "severity", "size", "route"],
  "Excalidraw triage board with one frame per label holding other tickets' cards; the target card lies in the unsorted area."),
 ("junit_unrelated_test_names", t_junit, ["priority", "sentiment", "category", "severity", "size", "refund", "spam", "route"],
  "Workspace JUnit XML whose unrelated UI/validation test names contain label words (high_contrast, negative_amount, billing_address, size_xl); no gold tests."),
]

def main():
    items, fam_lines = [], []
    n = 0
    hard_stats = {}
    def nid():
        nonlocal n
        n += 1
        return "b11-%04d" % n
    for name, fn, schemes, desc in LEAKS:
        pairs = []
        for k in range(12):
            sch = schemes[k % len(schemes)]
            res = fn(rng, k, sch)
            if name == "excel_date_mangling":
                lab, a, b, col, L = res
                target = col
            else:
                lab, a, b = res
                L = S[sch]["labels"]; target = S[sch]["target"]
            lid = nid(); tidd = nid()
            hard = not found(lab, a)
            hard_stats.setdefault(name, [0, 0])[0] += hard
            assert not (found(lab, b) and L.__len__() and False)
            items.append({"id": lid, "expected": lab, "label_set": L, "target": target, "projection": a,
                          "truth": {"leak": True, "kind": "leak", "family": name}})
            items.append({"id": tidd, "expected": lab, "label_set": L, "target": target, "projection": b,
                          "truth": {"leak": False, "kind": "twin", "family": name, "twin_of": lid}})
        fam_lines.append("- %s — leak — %s — 24 items (12 leak + 12 twin)" % (name, desc))
    for name, fn, schemes, desc in TRAPS:
        for k in range(12):
            sch = schemes[k % len(schemes)]
            lab, p = fn(rng, k, sch)
            if name == "range_labels_other_quantities":
                col, L = EXCEL[k % 4]; target = col
            else:
                L = S[sch]["labels"]; target = S[sch]["target"]
            items.append({"id": nid(), "expected": lab, "label_set": L, "target": target, "projection": p,
                          "truth": {"leak": False, "kind": "trap", "family": name}})
        fam_lines.append("- %s — trap — %s — 12 items" % (name, desc))
    with open(os.path.join(OUT, "items.jsonl"), "w") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, "FAMILIES.md"), "w") as f:
        f.write("# batch11 families\n\nTotal items: %d (%d leak families, %d trap families). Leak-family counts include the clean twins (12 leak + 12 twin). Generated by gen.py (seed %d).\n\n" % (
            len(items), len(LEAKS), len(TRAPS), SEED))
        f.write("\n".join(fam_lines) + "\n")
    print(len(items), "items")
    for k, v in hard_stats.items():
        print(k, "hard leaks:", v[0], "/12")

if __name__ == "__main__":
    main()
