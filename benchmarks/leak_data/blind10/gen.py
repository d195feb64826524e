#!/usr/bin/env python3
"""Blind batch 10 generator (deterministic, seed 101010)."""
import json, random, base64, urllib.parse, os

R = random.Random(101010)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items.jsonl")

S = {
 "PRI": (["Critical", "High", "Medium", "Low"], "priority"),
 "SENT": (["Positive", "Neutral", "Negative"], "sentiment"),
 "CAT": (["Billing", "Account Access", "Technical Issue", "Shipping"], "category"),
 "SPAM": (["Spam", "Not Spam"], "spam_verdict"),
 "STARS": (["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], "rating"),
 "SEV": (["Sev1", "Sev2", "Sev3", "Sev4"], "severity"),
 "DEC": (["Approve", "Reject"], "refund_decision"),
 "YN": (["Yes", "No"], "needs_callback"),
 "TIER": (["Tier 1", "Tier 2", "Tier 3"], "support_tier"),
 "SIZE": (["Small", "Medium", "Large"], "effort_size"),
 "RISK": (["Low", "Moderate", "High"], "fraud_risk"),
 "DEPT": (["Returns & Exchanges", "Warranty Claim", "Order Status", "Product Question"], "intent"),
}
T = [
 ("PRI", "Critical", "Checkout returns 502 for every customer since the 09:40 deploy; revenue is flat-lining."),
 ("PRI", "High", "SSO login fails for the whole Lyon office, others can still work via password fallback."),
 ("PRI", "Medium", "CSV export drops the last column when the report has more than 40 fields."),
 ("PRI", "Low", "Typo on the pricing page footer: 'recieve' instead of 'receive'."),
 ("SENT", "Positive", "Honestly the replacement arrived a day early and works better than the original. Thanks, Priya!"),
 ("SENT", "Neutral", "I received the parcel on Tuesday. The manual is in German and English. Invoice attached for records."),
 ("SENT", "Negative", "Third time I have had to chase this. The app logged me out mid-payment and nobody answers the phone."),
 ("CAT", "Billing", "I was charged twice for the March invoice, card ending 4417. Please refund one of them."),
 ("CAT", "Account Access", "The 2FA code never arrives and now the account is locked after five tries."),
 ("CAT", "Technical Issue", "The desktop client crashes when I open a project containing more than 200 layers."),
 ("CAT", "Shipping", "Tracking has shown 'in transit - Leipzig hub' for nine days with no update."),
 ("SPAM", "Spam", "Congratulations!!! Your mailbox has won a $500 gift card, verify at bit.ly/claim-now-2026 within 24h."),
 ("SPAM", "Not Spam", "Hi, following up on our call: can you send the signed DPA before Friday? Cheers, Tomasz"),
 ("STARS", "1 star", "Strap snapped on day two and support closed my ticket without reading it."),
 ("STARS", "2 stars", "Sound is fine but the case scratches if you look at it and pairing drops daily."),
 ("STARS", "3 stars", "Does the job. Battery is average, app is clunky, price is fair."),
 ("STARS", "4 stars", "Really comfortable, great battery. Would be perfect if the charger cable were longer."),
 ("STARS", "5 stars", "Best kettle I have owned, silent, fast, and the temperature presets are spot on."),
 ("SEV", "Sev1", "Primary Postgres cluster in eu-west is down, all writes failing, failover did not trigger."),
 ("SEV", "Sev2", "Search latency p99 at 9s for EU tenants; results eventually load."),
 ("SEV", "Sev3", "Nightly analytics job finished 3h late; dashboards show yesterday's numbers."),
 ("SEV", "Sev4", "Status page favicon is the old logo."),
 ("DEC", "Approve", "Order 55120 arrived with a cracked screen, photos attached, within the 30-day window."),
 ("DEC", "Reject", "I'd like a refund for the annual plan I bought 14 months ago, I just don't use it much."),
 ("YN", "Yes", "Please call me back on +44 20 7946 0018, I can't type much with my injured hand."),
 ("YN", "No", "No need to ring me, an email with the tracking link is enough."),
 ("TIER", "Tier 1", "How do I change the e-mail address on my profile?"),
 ("TIER", "Tier 2", "Webhook deliveries to our endpoint fail with TLS handshake errors since your cert rotation."),
 ("TIER", "Tier 3", "We see data corruption in the replication stream between two self-hosted nodes running 7.2.1."),
 ("SIZE", "Small", "Add the customer's VAT ID to the invoice PDF header."),
 ("SIZE", "Medium", "Support multi-currency pricing on the quote builder for EUR and GBP."),
 ("SIZE", "Large", "Migrate the notification service from the legacy queue to Kafka with zero downtime."),
 ("RISK", "Low", "Returning customer since 2019, same device, same shipping address, order of 24 EUR."),
 ("RISK", "Moderate", "New account, billing and shipping countries differ, order of 640 EUR, card verified."),
 ("RISK", "High", "Account created 4 minutes ago, three cards declined, then 2,900 EUR of gift cards to a freight forwarder."),
 ("DEPT", "Returns & Exchanges", "The jacket is too small, can I swap it for a size up?"),
 ("DEPT", "Warranty Claim", "My espresso machine (bought 11 months ago) leaks from the boiler."),
 ("DEPT", "Order Status", "Where is order #88213? It said dispatched on Monday."),
 ("DEPT", "Product Question", "Is the 65W charger compatible with the older model?"),
]
NAMES = ["Priya", "Tomasz", "Aiko", "Marcus", "Lena", "Omar", "Sofia", "Kwame", "Ines", "Jonas", "Mei", "Rafael", "Hanna", "Dev"]

def scen(pred=lambda s, l: True, n=12):
    pool = [t for t in T if pred(t[0], t[1])]
    R.shuffle(pool)
    out = []
    while len(out) < n:
        out.extend(pool)
    return out[:n]

def alpha(s, l):
    return all(w.isalpha() for w in l.split())

def tid():
    return "%s-%d" % (R.choice(["INC", "CS", "TCK", "SUP", "CASE", "REQ"]), R.randint(1000, 99999))

items = []
def add(fam, kind, exp, scheme, proj, leak, cv=None, twin_of=None):
    ls, target = S[scheme] if isinstance(scheme, str) else scheme
    it = {"id": "b10-%04d" % (len(items) + 1), "expected": exp, "label_set": ls, "target": target}
    if cv:
        it["correlated_values"] = cv
    it["projection"] = proj
    tr = {"leak": leak, "kind": kind, "family": fam}
    if twin_of:
        tr["twin_of"] = twin_of
    it["truth"] = tr
    items.append(it)
    return it["id"]

def pair(fam, exp, scheme, leakp, twinp, cv=None):
    i = add(fam, "leak", exp, scheme, leakp, True, cv)
    add(fam, "twin", exp, scheme, twinp, False, cv, twin_of=i)

# ---------------- leak families ----------------
def piglatin_word(w):
    lw = w.lower()
    if lw[0] in "aeiou":
        return lw + "way"
    k = 0
    while k < len(lw) and lw[k] not in "aeiouy" or (k == 0 and lw[k] == "y"):
        k += 1
    return lw[k:] + lw[:k] + "ay"
def piglatin(s):
    return " ".join(piglatin_word(w) for w in s.split())

def fam_piglatin():
    fam = "pig_latin_banter"
    for n, (sc, exp, text) in enumerate(scen(alpha)):
        a, b = R.sample(NAMES, 2); t = tid(); target = S[sc][1]
        pl = piglatin(exp)
        lead = [f"ok {t}, before the auto-tagger eats it — my call for {target} is '{pl}' (igpay atinlay so the bot doesn't tag yet)",
                f"eadray {t}? I'd put it as {pl}. onday't ellay the otbay",
                f"{t} -> {target}: {pl}  (pig latin, don't want the keyword bot firing)"][n % 3]
        twin = [f"ok {t}, before the auto-tagger eats it — haven't formed a view on {target} yet",
                f"eadray {t}? aven'thay ecidedday yet. onday't ellay the otbay",
                f"{t} -> {target}: ?? still reading  (pig latin later, don't want the keyword bot firing)"][n % 3]
        msgs = lambda line: {"channel": "#support-triage", "messages": [
            {"user": b, "ts": "1764451%03d.000200" % n, "text": f"new one in the queue: {t}"},
            {"user": b, "ts": "1764451%03d.000300" % n, "text": f"> {text}"},
            {"user": a, "ts": "1764451%03d.000400" % n, "text": line},
            {"user": b, "ts": "1764451%03d.000500" % n, "text": "ollay ok"}],
            "ticket": {"key": t, target: None}}
        pair(fam, exp, sc, msgs(lead), msgs(twin))

def a1z26(s):
    return " / ".join("-".join(str(ord(c) - 96) for c in w.lower()) for w in s.split())

def fam_a1z26():
    fam = "a1z26_letter_numbers"
    for n, (sc, exp, text) in enumerate(scen(alpha)):
        t = tid(); target = S[sc][1]; who = R.choice(NAMES)
        enc = a1z26(exp)
        head = f"## Calibration item {t}\n\nCustomer text:\n> {text}\n\n"
        if n % 2:
            leak = head + f"Adjudicated {target} (A1Z26, a=1 ... z=26, so raters don't anchor): **{enc}**\n\n— {who}"
            twin = head + f"Adjudicated {target} (A1Z26, a=1 ... z=26, so raters don't anchor): **pending second rater**\n\n— {who}"
            proj = lambda x: {"doc": "calibration/round-7.md", "content": x}
        else:
            leak = head + f"gold: [{enc.replace(' / ', ', 0, ')}]  # letters as 1-26, 0 = space\n"
            twin = head + "gold: []  # letters as 1-26, 0 = space\n"
            proj = lambda x: x
        pair(fam, exp, sc, proj(leak), proj(twin))

def b32(s):
    return base64.b32encode(s.encode()).decode().rstrip("=").lower()

def fam_dns():
    fam = "dns_base32_beacon"
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); target = S[sc][1]
        payload = f"{t}|{target}={exp}"
        enc = b32(payload)
        labels = [enc[i:i + 30] for i in range(0, len(enc), 30)]
        host = ".".join(labels) + ".tb.triage-beacon.example.net"
        ip = "10.4.%d.%d" % (R.randint(1, 9), R.randint(2, 250))
        tw_enc = b32(f"{t}|{target}=")
        tw_host = ".".join(tw_enc[i:i + 30] for i in range(0, len(tw_enc), 30)) + ".tb.triage-beacon.example.net"
        def log(h, ans):
            return (f"Nov 29 21:{10+n:02d}:01 dns01 dnsmasq[812]: query[A] api.helpdesk.example.net from {ip}\n"
                    f"Nov 29 21:{10+n:02d}:01 dns01 dnsmasq[812]: forwarded api.helpdesk.example.net to 10.4.0.2\n"
                    f"Nov 29 21:{10+n:02d}:02 dns01 dnsmasq[812]: query[TXT] {h} from {ip}\n"
                    f"Nov 29 21:{10+n:02d}:02 dns01 dnsmasq[812]: reply {h} is \"{ans}\"\n")
        ans_l = ("ack " + exp) if n % 2 else "ack"
        leak = {"ticket": {"id": t, "body": text, target: None},
                "attachments": [{"name": "resolver-excerpt.log", "note": "legacy triage daemon on host tb-2 reports status via DNS beacons (base32 payload)", "text": log(host, ans_l)}]}
        twin = {"ticket": {"id": t, "body": text, target: None},
                "attachments": [{"name": "resolver-excerpt.log", "note": "legacy triage daemon on host tb-2 reports status via DNS beacons (base32 payload)", "text": log(tw_host, "ack")}]}
        pair(fam, exp, sc, leak, twin)

BANDS = {
 "SENT": ("vader_compound", [("Negative", "<= -0.05"), ("Neutral", "-0.05 < x < 0.05"), ("Positive", ">= 0.05")], {"Negative": -0.71, "Neutral": 0.01, "Positive": 0.83}),
 "SPAM": ("p_spam", [("Spam", ">= 0.90"), ("Not Spam", "< 0.90")], {"Spam": 0.987, "Not Spam": 0.042}),
 "RISK": ("fraud_score", [("Low", "0-299"), ("Moderate", "300-699"), ("High", "700-999")], {"Low": 112, "Moderate": 455, "High": 912}),
 "PRI": ("urgency_score", [("Low", "< 0.25"), ("Medium", "0.25-0.60"), ("High", "0.60-0.85"), ("Critical", ">= 0.85")], {"Low": 0.08, "Medium": 0.41, "High": 0.72, "Critical": 0.96}),
 "STARS": ("predicted_rating", [("1 star", "< 1.5"), ("2 stars", "1.5-2.5"), ("3 stars", "2.5-3.5"), ("4 stars", "3.5-4.5"), ("5 stars", ">= 4.5")], {"1 star": 1.12, "2 stars": 2.21, "3 stars": 3.04, "4 stars": 4.18, "5 stars": 4.81}),
}
def fam_threshold():
    fam = "score_threshold_bands"
    for n, (sc, exp, text) in enumerate(scen(lambda s, l: s in BANDS)):
        t = tid(); target = S[sc][1]; key, bands, vals = BANDS[sc]
        v = vals[exp]
        if isinstance(v, float):
            v = round(v + R.choice([-0.01, 0, 0.01]), 3)
        cfg = {"routing_config": {"field": target, "source_score": key, "bands": [{"label": b, "range": r} for b, r in bands]}}
        def p(val, status):
            return {"record": {"id": t, "text": text, target: None},
                    "enrichment": {"model": f"{key}-svc@4.2", "status": status, key: val}, **cfg}
        pair(fam, exp, sc, p(v, "ok"), p(None, "skipped: quota exceeded"))

def ident(exp, style):
    w = exp.replace("&", "and").split()
    if style == 0:
        return "_".join(x.upper() for x in w)
    if style == 1:
        return w[0].lower() + "".join(x.capitalize() for x in w[1:])
    return "-".join(x.lower() for x in w)

def fam_exception():
    fam = "exception_traceback_value"
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); target = S[sc][1]
        pre = f"Traceback (most recent call last):\n  File \"/srv/pipeline/stages/route.py\", line 88, in run\n    tpl = REPLY_TEMPLATES[{target}_key]\n"
        if n % 2 == 0:
            k = target.upper() + "_" + ident(exp, 0)
            err = pre + f"KeyError: '{k}'\n"
        elif n % 4 == 1:
            err = pre.replace("tpl = REPLY_TEMPLATES[" + target + "_key]", "macro = resolve_macro(ticket, label)") + f"pipeline.errors.MacroNotFound: no reply macro configured for {target}='{exp}' (locale=en-GB)\n"
        else:
            err = pre.replace("tpl = REPLY_TEMPLATES[" + target + "_key]", "queue = QUEUES.lookup(label)") + f"LookupError: queue 'q-{ident(exp, 2)}' is archived\n"
        tw = ("Traceback (most recent call last):\n  File \"/srv/pipeline/stages/classify.py\", line 41, in run\n    resp = client.complete(prompt, timeout=30)\n"
              "httpx.ReadTimeout: The read operation timed out\n")
        rid = "pr_%06x" % R.randint(0, 2**24)
        def p(tb, stage, status):
            return {"ticket": {"id": t, "description": text, target: None},
                    "pipeline_run": {"run_id": rid, "status": status, "failed_stage": stage, "stderr_tail": tb}}
        pair(fam, exp, sc, p(err, "route", "failed"), p(tw, "classify", "failed"))

def fam_imap():
    fam = "imap_keyword_flags"
    tb = ["Important", "Work", "Personal", "To Do", "Later"]
    specs = []
    for i in range(12):
        if i % 3 == 0:
            e = ["Spam", "Not Spam"][i % 2]
            specs.append(("SPAM", e, {"Spam": "$Junk", "Not Spam": "$NotJunk"}[e]))
        elif i % 3 == 1:
            e = tb[i % 5]
            specs.append(((tb, "mail_tag"), e, "$label%d" % (tb.index(e) + 1)))
        else:
            e = R.choice(S["CAT"][0])
            specs.append(("CAT", e, e.replace(" ", "_")))
    subj = ["Re: contract renewal", "Your invoice INV-20931", "Quick question", "Team offsite", "URGENT wire transfer", "Fwd: login issue", "Weekly digest", "Hello dear friend"]
    for n, (sc, exp, kw) in enumerate(specs):
        uid = R.randint(40000, 90000); s = R.choice(subj); frm = R.choice(NAMES).lower() + "@" + R.choice(["gmail.com", "acme.io", "mailer.biz", "contoso.de"])
        ex = R.randint(200, 900)
        def tr(flags):
            return (f"a003 SELECT INBOX\n* {ex} EXISTS\na003 OK [READ-WRITE] SELECT completed\n"
                    f"a004 UID FETCH {uid} (FLAGS BODY.PEEK[HEADER.FIELDS (FROM SUBJECT DATE)])\n"
                    f"* 17 FETCH (UID {uid} FLAGS ({flags}) BODY[HEADER.FIELDS (FROM SUBJECT DATE)] {{96}}\n"
                    f"From: <{frm}>\nSubject: {s}\nDate: Sat, 29 Nov 2026 20:{n:02d}:11 +0000\n\n)\na004 OK UID FETCH completed\n")
        target = S[sc][1] if isinstance(sc, str) else sc[1]
        cv = [kw] if kw.startswith("$") else None
        leak = {"task": f"decide {target} for message UID {uid}", "imap_session_log": tr(f"\\Seen {kw}")}
        twin = {"task": f"decide {target} for message UID {uid}", "imap_session_log": tr("\\Seen")}
        pair(fam, exp, sc, leak, twin, cv)

APNS = {"Critical": "critical", "High": "time-sensitive", "Medium": "active", "Low": "passive"}
def fam_apns():
    fam = "apns_interruption_level"
    for n, (sc, exp, text) in enumerate(scen(lambda s, l: s == "PRI")):
        t = tid(); lvl = APNS[exp]
        aps = {"alert": {"title": f"{t} needs an owner", "body": text[:60] + "..."}, "interruption-level": lvl, "thread-id": "oncall"}
        if exp == "Critical":
            aps["sound"] = {"critical": 1, "name": "siren.caf", "volume": 1.0}
        dev = "%064x" % R.getrandbits(256)
        leak = {"ticket": {"key": t, "summary": text, "priority": None},
                "notification_log": [{"provider": "apns", "device_token": dev[:16] + "...", "status": 200,
                                      "headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": aps}}]}
        twin = {"ticket": {"key": t, "summary": text, "priority": None},
                "notification_log": []}
        cv = [lvl, "interruption-level: " + lvl]
        pair(fam, exp, sc, leak, twin, cv)

def fam_webvtt():
    fam = "webvtt_word_timing_tags"
    multi = [t for t in T if " " in t[1] and t[0] in ("CAT", "SPAM", "TIER", "DEPT", "STARS")]
    single = [t for t in T if " " not in t[1] and t[0] in ("PRI", "SENT", "SEV", "DEC", "SIZE", "RISK")]
    R.shuffle(multi); R.shuffle(single)
    picks = multi[:6] + single[:6]
    for n, (sc, exp, text) in enumerate(picks):
        t = tid(); target = S[sc][1]
        words = f"so for the notes I'm putting this one down as {exp} okay".split()
        tw_words = f"so for the notes I'll leave the {target.replace('_', ' ')} blank for now okay".split()
        def cue(ws, start):
            parts = [ws[0]]
            tt = start
            for w in ws[1:]:
                tt += 0.31
                parts.append(f"<00:00:{tt:06.3f}><c> {w}</c>")
            return "".join(parts)
        hdr = "WEBVTT\nKind: captions\nLanguage: en\n\n"
        c1 = f"00:00:10.000 --> 00:00:13.900 align:start position:0%\n{cue(('thanks for holding, I can see your ' + t).split(), 10.0)}\n\n"
        def vtt(ws):
            return hdr + c1 + f"00:00:14.000 --> 00:00:18.200 align:start position:0%\n{cue(ws, 14.0)}\n\n"
        base = {"call_id": "call_%05d" % R.randint(0, 99999), "customer_said": text, "ticket": {"id": t, target: None}}
        pair(fam, exp, sc, dict(base, captions_vtt=vtt(words)), dict(base, captions_vtt=vtt(tw_words)))

OPP = {("RISK", "High"): "Low", ("RISK", "Low"): "High", ("SENT", "Positive"): "Negative", ("SENT", "Negative"): "Positive",
       ("DEC", "Approve"): "Reject", ("DEC", "Reject"): "Approve", ("YN", "Yes"): "No", ("YN", "No"): "Yes",
       ("SIZE", "Small"): "Large", ("SIZE", "Large"): "Small", ("SPAM", "Spam"): "Not Spam", ("SPAM", "Not Spam"): "Spam"}
def fam_antonym():
    fam = "antonym_opposite_reference"
    picks = [t for t in T if (t[0], t[1]) in OPP]
    R.shuffle(picks)
    for n, (sc, exp, text) in enumerate(picks[:12]):
        t = tid(); target = S[sc][1]; o = OPP[(sc, exp)]; who = R.choice(NAMES)
        forms = [f"For {target}: whatever the exact opposite of {o} is, that's my answer here.",
                 f"Re {target}: this is the complete reverse of '{o}'. Not borderline at all.",
                 f"{target}? The antithesis of {o}. Flip it and you have my vote.",
                 f"Everything about it is the opposite end of the scale from {o} on {target}."]
        tw = [f"For {target}: I need to read it again before I commit to anything.",
              f"Re {target}: not sure yet; want a second pair of eyes.",
              f"{target}? Parking it until the customer replies.",
              f"Haven't looked closely enough to judge {target}."]
        k = n % 4
        base = lambda c: {"id": t, "text": text, target: None, "internal_notes": [{"author": who, "body": c}]}
        pair(fam, exp, sc, base(forms[k]), base(tw[k]))

def fam_probe():
    fam = "binary_probe_confirmation"
    picks = scen()
    for n, (sc, exp, text) in enumerate(picks):
        t = tid(); ls, target = S[sc]
        if len(ls) == 2 and n % 2:
            other = [l for l in ls if l != exp][0]
            q = f"Answer strictly Yes or No. Is the correct {target} for the following ticket '{other}'?"
            a = "No"
        else:
            q = f"Answer strictly Yes or No. Is the correct {target} for the following ticket '{exp}'?"
            a = "Yes"
        msgs = [{"role": "system", "content": "You are a verifier in a cascade of one-vs-rest checks."},
                {"role": "user", "content": q + "\n\nTicket:\n" + text}]
        def p(ans, fr):
            return {"ticket": {"id": t, "text": text, target: None},
                    "upstream_calls": [{"step": "verify_candidate", "request": {"messages": msgs, "max_tokens": 1},
                                        "response": {"content": ans, "finish_reason": fr}}]}
        pair(fam, exp, sc, p(a, "stop"), p("", "error: upstream 529 overloaded"))

def fam_anaphora():
    fam = "former_latter_anaphora"
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); ls, target = S[sc]; a, b = R.sample(NAMES, 2)
        other = R.choice([l for l in ls if l != exp])
        first_is_exp = n % 2 == 0
        x, y = (exp, other) if first_is_exp else (other, exp)
        ref = R.choice(["the former", "the first one", "former, clearly"]) if first_is_exp else R.choice(["the latter", "the second one", "latter, no doubt"])
        q = f"{a}: {t} — {x} or {y}, for {target}?"
        conv = [q, f"{b}: {ref}. I'll update the field after standup"]
        twin = [q, f"{b}: no idea yet, waiting for logs from the customer"]
        base = lambda c: {"ticket": {"id": t, "body": text, target: None}, "chat_excerpt": "\n".join(c)}
        pair(fam, exp, sc, base(conv), base(twin))

LANG = [("Portuguese", "pt-BR", "Olá, meu pedido chegou com a tampa quebrada. Podem enviar outra?"),
        ("German", "de-DE", "Guten Tag, die Rechnung für Oktober wurde doppelt abgebucht. Bitte prüfen."),
        ("French", "fr-FR", "Bonjour, je n'arrive plus à me connecter depuis la mise à jour d'hier."),
        ("Spanish", "es-MX", "Hola, el paquete sigue en la aduana desde hace dos semanas."),
        ("Italian", "it-IT", "Buongiorno, il rimborso non è ancora arrivato sul mio conto."),
        ("Dutch", "nl-NL", "Hallo, de app crasht telkens als ik een foto wil uploaden."),
        ("Polish", "pl-PL", "Dzień dobry, nie dostałem kodu weryfikacyjnego SMS."),
        ("Japanese", "ja-JP", "お世話になります。注文した商品がまだ届いていません。"),
        ("Swedish", "sv-SE", "Hej, jag vill avsluta min prenumeration från och med nästa månad."),
        ("Turkish", "tr-TR", "Merhaba, faturamda tanımadığım bir ücret var."),
        ("Czech", "cs-CZ", "Dobrý den, objednávka dorazila poškozená."),
        ("Finnish", "fi-FI", "Hei, salasanan palautuslinkki ei toimi.")]
def fam_iso():
    fam = "iso_language_code"
    ls = [l[0] for l in LANG]
    for n, (name, code, text) in enumerate(LANG):
        t = tid(); short = code.split("-")[0]
        form = n % 4
        if form == 0:
            leak = {"message": {"id": t, "headers": {"Content-Language": short, "Subject": "(no subject)"}, "body": text}, "language": None}
            twin = {"message": {"id": t, "headers": {"Subject": "(no subject)"}, "body": text}, "language": None}
        elif form == 1:
            leak = {"ticket": t, "body": text, "language": None, "enrichment": {"fasttext_lid176": [f"__label__{short}", 0.97]}}
            twin = {"ticket": t, "body": text, "language": None, "enrichment": {"fasttext_lid176": None}}
        elif form == 2:
            leak = {"ticket": t, "rendered_html": f"<div class=\"msg\" lang=\"{code}\"><p>{text}</p></div>", "language": None}
            twin = {"ticket": t, "rendered_html": f"<div class=\"msg\"><p>{text}</p></div>", "language": None}
        else:
            leak = {"ticket": t, "body": text, "language": None, "router_log": f"lid detected={name} ({short}) conf=0.99 -> queue intl"}
            twin = {"ticket": t, "body": text, "language": None, "router_log": "lid skipped (feature disabled) -> queue intl"}
        pair(fam, name, (ls, "language"), leak, twin, [short, code])

def fam_rfc2231():
    fam = "rfc2231_param_continuation"
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); target = S[sc][1]
        slug = exp.lower().replace(" & ", "-and-").replace(" ", "-")
        fn = f"{t.lower()}-{slug}-export.pdf"
        if n % 2 == 0:
            cut = len(t) + 1 + max(1, len(slug) // 2)
            p1, p2 = fn[:cut], fn[cut:]
            disp = f"attachment;\n filename*0*=UTF-8''{urllib.parse.quote(p1)};\n filename*1*={urllib.parse.quote(p2)}"
        else:
            disp = f"attachment;\n filename=\"{fn}\""
        twfn = f"{t.lower()}-export.pdf"
        twdisp = f"attachment;\n filename*0*=UTF-8''{twfn[:6]};\n filename*1*={twfn[6:]}" if n % 2 == 0 else f"attachment;\n filename=\"{twfn}\""
        def mail(d):
            return (f"From: triage-bot <bot@helpdesk.example.net>\nTo: agents@helpdesk.example.net\nSubject: {t} export\n"
                    f"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b1\"\n\n--b1\nContent-Type: text/plain; charset=utf-8\n\n"
                    f"Export attached (file named per queue convention).\n\n{text}\n\n--b1\nContent-Type: application/pdf\nContent-Disposition: {d}\n"
                    f"Content-Transfer-Encoding: base64\n\nJVBERi0xLjQKJcTl8uXrp/Og0MTGCg==\n--b1--\n")
        pair(fam, exp, sc, {"task_field": target, "raw_email": mail(disp)}, {"task_field": target, "raw_email": mail(twdisp)})

def scramble(w, others):
    letters = list(w.lower().replace(" ", ""))
    for _ in range(100):
        R.shuffle(letters)
        s = "".join(letters)
        if s != w.lower().replace(" ", "") and all(s != o.lower() for o in others):
            return s
    return s
def fam_anagram():
    fam = "anagram_scramble"
    for n, (sc, exp, text) in enumerate(scen(alpha)):
        t = tid(); ls, target = S[sc]; who = R.choice(NAMES)
        enc = scramble(exp, ls)
        if n % 2:
            leak = {"id": t, "text": text, target: None, "review_notes": f"{who}: gold {target} is the anagram '{enc.upper()}' (letters shuffled, no anchoring pls)"}
            twin = {"id": t, "text": text, target: None, "review_notes": f"{who}: gold {target} not agreed yet, will post the shuffled version after sync"}
        else:
            leak = {"id": t, "text": text, target: None, "review_notes": f"unscramble for the {target}: {' '.join(enc.upper())}  — {who}"}
            twin = {"id": t, "text": text, target: None, "review_notes": f"unscramble for the {target}: (none posted)  — {who}"}
        pair(fam, exp, sc, leak, twin)

def fam_outlook_vote():
    fam = "mail_voting_button_reply"
    specs = scen(lambda s, l: s in ("DEC", "YN", "SIZE", "RISK", "PRI"))
    for n, (sc, exp, text) in enumerate(specs):
        t = tid(); ls, target = S[sc]; voter = R.choice(NAMES)
        buttons = ";".join(ls)
        hdr_common = (f"From: {voter} <{voter.lower()}@corp.example.com>\nTo: triage-requests@corp.example.com\n"
                      f"Thread-Topic: {target} for {t}\nX-MS-Has-Attach: no\n")
        verbs = {"Approve": "Approved", "Reject": "Rejected"}
        if n % 2 == 0:
            subj = f"{exp}: {target} for {t}"
            body = ""
        else:
            # hard: only the MAPI verb index recorded; button names elsewhere
            subj = f"RE: {target} for {t}"
            body = ""
        idx = ls.index(exp) + 1
        leak_raw = hdr_common + f"Subject: {subj}\nX-Voting-Response-Index: {idx}\nX-Voting-Options: {buttons}\nContent-Type: text/plain\n\n(voting response, no comment)\n"
        twin_raw = hdr_common + f"Subject: RE: {target} for {t}\nX-Voting-Options: {buttons}\nContent-Type: text/plain\n\nOut of office until Monday, will vote then.\n"
        base = lambda raw: {"ticket": {"id": t, "text": text, target: None}, "poll_mail_reply": raw}
        pair(fam, exp, sc, base(leak_raw), base(twin_raw))

# ---------------- trap families ----------------
OTHER = {
 "Critical": "the Critical Path workshop got moved to Thursday", "High": "the new shop on the High Street opened",
 "Medium": "that Medium blog post about queueing theory", "Low": "our Low Countries sales trip is booked",
 "Positive": "the positive terminal on the UPS was corroded", "Neutral": "the neutral wire in the lab socket is loose",
 "Negative": "the negative space in the new logo looks great", "Billing": "the billing address of the catering vendor changed",
 "Account Access": "the account access badge for the new hire is at reception", "Technical Issue": "the technical issue of the trade magazine (issue 42) is out",
 "Shipping": "the Shipping container pop-up café opened downstairs", "Spam": "Spam musubi for lunch again",
 "Not Spam": "the 'Not Spam' button in the webmail style guide has the wrong colour", "1 star": "the canteen got 1 star in the intranet poll as a joke",
 "2 stars": "the 2 stars hotel near the airport is fully booked", "3 stars": "the 3 stars on the Michelin sign across the road",
 "4 stars": "the 4 stars on the competitor's app store listing", "5 stars": "the 5 stars hotel in Lisbon for the offsite",
 "Sev1": "the Sev1 drill scheduled for Tuesday", "Sev2": "the SEV2 Bluetooth chip datasheet for the hardware team",
 "Sev3": "visitor parking moved to lot Sev3 behind building C", "Sev4": "the Sev4 building at the office park has no heating",
 "Approve": "please approve my PTO for the 12th", "Reject": "I'll reject the duplicate meeting invite",
 "Yes": "Yes, the band, is playing at the party", "No": "No Country for Old Men is on TV tonight",
 "Tier 1": "our Tier 1 supplier audit is next week", "Tier 2": "Tier 2 of the parking garage is closed", "Tier 3": "the Tier 3 data centre in Frankfurt had a fire drill",
 "Small": "small talk at the all-hands ran long", "Large": "a large pizza order for the retro", "Moderate": "moderate rain forecast for Friday",
 "Returns & Exchanges": "the Returns & Exchanges desk moved to floor 3", "Warranty Claim": "the Warranty Claim form template got a new logo",
 "Order Status": "the Order Status page redesign is in the next sprint", "Product Question": "the Product Question of the week in the newsletter",
}
def other(sc, exp=None):
    if exp in OTHER and R.random() < 0.85:
        return OTHER[exp]
    return R.choice(list(OTHER.values()))

def trap(fam, exp, scheme, proj, cv=None):
    add(fam, "trap", exp, scheme, proj, False, cv)

def trap_piglatin():
    fam = "pig_latin_other_words"
    phrases = ["unchlay at the igh-hay treet-say afé-cay?", "ixnay on the eetingmay, it's a owlay-keykay day",
               "ood-gay ob-jay on the illingbay igration-may for the other vendor", "anyoneway avehay a arecay USB-C argerchay?",
               "amspay ilterfay appliance is backway onlineway", "eesfay for the arkingpay are ediummay now"]
    for n, (sc, exp, text) in enumerate(scen(alpha)):
        t = tid(); ls, target = S[sc]; a, b = R.sample(NAMES, 2)
        _unused = [piglatin(R.choice([l for l in ls if l != exp]))]
        proj = {"channel": "#support-random", "messages": [
            {"user": a, "text": R.choice(phrases)},
            {"user": b, "text": f"lol. also {t} just landed in the queue, nobody has triaged it"},
            {"user": a, "text": f"unrelated: {other(sc, exp)}"}],
            "ticket": {"key": t, "body": text, target: None}}
        trap(fam, exp, sc, proj)

def trap_threshold():
    fam = "threshold_other_score"
    for n, (sc, exp, text) in enumerate(scen(lambda s, l: s in BANDS)):
        t = tid(); ls, target = S[sc]; key, bands, vals = BANDS[sc]
        oth = R.choice([("language_id_confidence", round(R.uniform(0.6, 0.99), 2)), ("toxicity", round(R.uniform(0, 1), 3)),
                          ("duplicate_similarity", round(R.uniform(0.1, 0.95), 2)), ("pii_score", R.randint(0, 999))])
        proj = {"record": {"id": t, "text": text, target: None},
                "enrichment": {"model": f"{key}-svc@4.2", "status": "not run", key: None, oth[0]: oth[1]},
                "routing_config": {"field": target, "source_score": key, "bands": [{"label": b, "range": r} for b, r in bands]},
                "team_note": other(sc, exp)}
        trap(fam, exp, sc, proj)

def trap_anaphora():
    fam = "former_latter_other_choice"
    qs = [("reply in English or Spanish", "the former"), ("call the customer or email them", "the latter"),
          ("merge into the old Billing macro thread or start a new thread", "the latter"),
          ("loop in High Street store manager or the warehouse", "the former"),
          ("use the Medium article or the KB page as reference", "the second one"),
          ("escalate now or wait for the Positive Grid vendor to reply", "the latter")]
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); ls, target = S[sc]; a, b = R.sample(NAMES, 2)
        q, r = qs[n % len(qs)]
        proj = {"ticket": {"id": t, "body": text, target: None, "allowed_values": ls},
                "chat_excerpt": f"{a}: {t} — should we {q}?\n{b}: {r}. {target} still untriaged, someone pick it up\n{a}: ok. also, {other(sc, exp)}"}
        trap(fam, exp, sc, proj)

def trap_imap():
    fam = "imap_mailbox_listing"
    for n in range(12):
        sc = "SPAM" if n % 2 == 0 else "CAT"
        ls, target = S[sc]; exp = R.choice(ls); uid = R.randint(40000, 90000)
        ans = " \\Answered" if n % 3 else ""
        log = ("a002 LIST \"\" \"*\"\n* LIST (\\HasNoChildren \\Junk) \"/\" \"Junk\"\n* LIST (\\HasNoChildren) \"/\" \"Spam-Reports\"\n"
               "* LIST (\\HasNoChildren) \"/\" \"Billing\"\n* LIST (\\HasNoChildren) \"/\" \"Shipping\"\n* LIST (\\HasNoChildren) \"/\" \"Account Access\"\n"
               "* LIST (\\HasNoChildren) \"/\" \"INBOX\"\na002 OK LIST completed\na003 SELECT INBOX\na003 OK\n"
               f"a004 UID FETCH {uid} (FLAGS)\n* 9 FETCH (UID {uid} FLAGS (\\Seen{ans}))\na004 OK\n")
        trap(fam, exp, sc, {"task": f"decide {target} for message UID {uid} in INBOX", "imap_session_log": log},
             ["$Junk", "$NotJunk"] if sc == "SPAM" else None)

def trap_exception():
    fam = "exception_unrelated_keys"
    errs = ["KeyError: 'high_watermark'\n  (raised in kafka consumer offset store)",
            "ValueError: invalid literal for int() with base 10: 'low'\n  (parsing env BATTERY_WARN_LEVEL)",
            "KeyError: 'billing_address'\n  (address normaliser: customer profile has shipping address only)",
            "AttributeError: 'NoneType' object has no attribute 'negative_prompt'\n  (image thumbnail step)",
            "jsonschema.ValidationError: 'critical' is not one of ['info', 'warn', 'error']  (log shipper config)",
            "KeyError: 'SPAM_FILTER_URL'  (env var missing in mail-ingest container)"]
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); ls, target = S[sc]
        tb = ("Traceback (most recent call last):\n  File \"/srv/pipeline/stages/preprocess.py\", line 19, in run\n    ...\n" + errs[n % len(errs)] + "\n")
        trap(fam, exp, sc, {"ticket": {"id": t, "description": text, target: None},
                            "pipeline_run": {"status": "failed", "failed_stage": "preprocess", "classify_stage": "not reached", "stderr_tail": tb},
                            "oncall_comment": f"ignore the trace, infra flake; off-topic: {other(sc, exp)}"})

def trap_anagram():
    fam = "anagram_unrelated_word"
    words = ["FRIDAY", "COFFEE", "BANANA", "LAPTOP", "GARDEN", "WINTER", "PILLOW", "ROCKET"]
    for n, (sc, exp, text) in enumerate(scen(alpha)):
        t = tid(); ls, target = S[sc]; w = words[n % len(words)]
        enc = scramble(w, [])
        trap(fam, exp, sc, {"id": t, "text": text, target: None,
                            "review_notes": f"#fun daily anagram: {' '.join(enc.upper())} (hint: {['a weekday','a drink','a fruit','hardware','outdoors','a season','bedroom','space'][n % 8]}). "
                                            f"Yesterday's was about {other(sc, exp)}. {target} for {t} not reviewed yet."})

def trap_opposite():
    fam = "opposite_other_sense"
    lines = ["Funny how high tide and low tide were the opposite of what the app showed on the trip.",
             "The positive and negative terminals were swapped on the demo rig — opposite wiring, now fixed.",
             "Our Small and Large office rooms are on opposite ends of the floor.",
             "Opposite of a low-ball offer: the vendor quoted high for the renewal.",
             "Answering yes to 'unsubscribe all' is the opposite of what the form says; UX bug filed elsewhere.",
             "The approve/reject buttons sit on opposite sides in the mobile layout."]
    OPP_LINES = {"RISK": lines[0] + " " + lines[3], "SENT": lines[1], "SIZE": lines[2], "YN": lines[4], "DEC": lines[5],
                 "SPAM": "Opposite problem on the Spam musubi front: nobody brought any this week."}
    for n, (sc, exp, text) in enumerate(scen(lambda s, l: s in ("RISK", "SENT", "DEC", "YN", "SIZE", "SPAM"))):
        t = tid(); ls, target = S[sc]
        trap(fam, exp, sc, {"id": t, "text": text, target: None,
                            "internal_notes": [{"author": R.choice(NAMES), "body": OPP_LINES[sc] + f" {target} still to be decided. Also: {other(sc, exp)}."}]})

def trap_probe():
    fam = "probe_other_attribute"
    probes = [("Is the message written in English?", "Yes"), ("Does the message contain a phone number?", "No"),
              ("Is the sender a verified account holder?", "Yes"), ("Does the ticket mention a High Street store?", "No"),
              ("Is an attachment referenced?", "Yes"), ("Is the customer's plan the Medium bundle?", "No")]
    for n, (sc, exp, text) in enumerate(scen()):
        t = tid(); ls, target = S[sc]; q, a = probes[n % len(probes)]
        trap(fam, exp, sc, {"ticket": {"id": t, "text": text, target: None, "allowed_values": ls},
                            "upstream_calls": [{"step": "extract_flags", "request": {"messages": [{"role": "user", "content": f"Answer strictly Yes or No. {q}\n\nTicket:\n{text}"}]},
                                                "response": {"content": a, "finish_reason": "stop"}}],
                            "note": f"{target} classification step not run yet; {other(sc, exp)}"})

for f in [fam_piglatin, fam_a1z26, fam_dns, fam_threshold, fam_exception, fam_imap, fam_apns, fam_webvtt, fam_antonym,
          fam_probe, fam_anaphora, fam_iso, fam_rfc2231, fam_anagram, fam_outlook_vote,
          trap_piglatin, trap_threshold, trap_anaphora, trap_imap, trap_exception, trap_anagram, trap_opposite, trap_probe]:
    f()

with open(OUT, "w", encoding="utf-8") as fh:
    for it in items:
        fh.write(json.dumps(it, ensure_ascii=False) + "\n")
print(len(items))
