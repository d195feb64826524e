#!/usr/bin/env python3
"""batch15 blind leakage-test generator (deterministic, seed fixed)."""
import json, random, re

SEED = 151515
R = random.Random(SEED)

SCH = {
    'priority': ('priority', ['Low', 'Medium', 'High', 'Critical']),
    'sentiment': ('sentiment', ['Negative', 'Neutral', 'Positive']),
    'category': ('category', ['Billing', 'Shipping', 'Technical', 'Account Access']),
    'decision': ('decision', ['Approve', 'Reject']),
    'spam': ('verdict', ['Spam', 'Ham']),
    'severity': ('severity', ['Sev1', 'Sev2', 'Sev3', 'Sev4']),
    'stars': ('rating', ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']),
    'size': ('size', ['S', 'M', 'L', 'XL']),
    'yesno': ('refund_eligible', ['Yes', 'No']),
    'plevel': ('priority', ['P1', 'P2', 'P3', 'P4']),
    'digits': ('rating', ['1', '2', '3', '4', '5']),
    'points': ('story_points', ['1', '2', '3', '5', '8']),
}
DOMAIN = {'priority': 'support', 'severity': 'support', 'category': 'support', 'plevel': 'support',
          'sentiment': 'review', 'stars': 'review', 'digits': 'review', 'spam': 'mail',
          'decision': 'request', 'yesno': 'request', 'size': 'feature', 'points': 'feature'}
BODIES = {
    'support': [
        ("Invoices PDF export times out", "Since Monday the monthly invoice export spins for ~2 min and then shows 504. Affects our finance team of 6."),
        ("SSO loop after password reset", "After resetting my password I get bounced between the IdP and your login page forever. Tried incognito."),
        ("Parcel shows delivered, nothing arrived", "Tracking 1Z88A0 says delivered to front desk on the 14th but reception has nothing logged."),
        ("Webhook retries hammering our endpoint", "We get the same order.created event 40+ times per minute; our side returns 200 within 300 ms."),
        ("Charged twice for annual plan", "Card statement shows two charges of 1,188.00 on the same day, only one subscription in the portal."),
        ("Mobile app crashes on photo upload", "Android 14, Pixel 7. App closes as soon as I pick a photo larger than ~8 MB."),
        ("Cannot add second admin", "The invite button for the Admin role is greyed out although we are on the Business tier."),
        ("Dashboard numbers differ from CSV", "Revenue widget says 48.2k for March, the CSV export for the same filter sums to 45.9k."),
        ("Address change not applied to order", "Changed shipping address an hour after ordering, confirmation mail still shows the old one."),
        ("API key rotated itself?", "Our integration started failing with 401 this morning, nobody on our side touched the key."),
        ("Search returns archived projects", "Global search lists projects we archived last year, and clicking them gives a blank page."),
        ("Two-factor codes arriving late", "SMS codes take 5-10 minutes, by then they have expired. Located in Chile."),
    ],
    'review': [
        ("Blender BX-400", "Crushes ice fine but the lid started leaking after three weeks. Customer service replied quickly though."),
        ("Hotel Arcadia, Porto", "Room was smaller than the photos, breakfast excellent, staff friendly, street noise until 2 am."),
        ("Noise-cancelling headphones", "Battery lasts the whole flight, ANC is decent, ear cups get warm after an hour."),
        ("Meal-kit subscription", "Recipes are creative, portions a bit small, one box arrived with a broken egg."),
        ("Trail running shoes", "Great grip on wet rock, sizing runs half a size small, laces keep coming undone."),
        ("Coworking day pass", "Fast wifi, coffee included, but phone booths were always taken."),
        ("Robot vacuum R7", "Maps the flat well, gets stuck under the sofa every single day."),
        ("Language app yearly plan", "Lessons are fun, speech recognition rejects my accent constantly."),
        ("Airport shuttle", "Driver was on time and helpful, van smelled of smoke."),
        ("Desk lamp", "Warm light setting is lovely, the clamp scratched my desk."),
    ],
    'mail': [
        ("Your parcel is on hold", "We tried to deliver your package. Confirm your address and pay the 1.99 fee at the link below."),
        ("Re: Q3 offsite agenda", "Attached the updated agenda, can you check the Thursday slot before I send it out?"),
        ("Exclusive crypto opportunity", "Dear friend, I am contacting you regarding a confidential investment with guaranteed returns."),
        ("Invoice 2026-0419", "Hi, please find our invoice for the March retainer attached. Payment terms 30 days."),
        ("Password expires today", "Your mailbox password expires today. Keep your current password by verifying here."),
        ("Lunch on Friday?", "Are you around Friday? The new ramen place opened next to the office."),
        ("You have won a gift card", "Congratulations! You were selected to receive a 500 gift card. Claim within 24 hours."),
        ("Minutes from board call", "Sharing the minutes from yesterday; action items are at the bottom."),
    ],
    'request': [
        ("Refund request order 55120", "Jacket arrived with a torn seam, customer sent photos, order is 19 days old, item unworn."),
        ("Expense claim: client dinner", "Dinner for 4 with Acme procurement, 312.40, receipt attached, no pre-approval on file."),
        ("Refund request order 55872", "Customer changed their mind about the colour, order delivered 45 days ago, tags removed."),
        ("Access request: prod database", "Contractor asks for read access to prod replica for a 2-week data migration."),
        ("Discount exception", "Sales asks for 35% discount on a 3-year deal, policy ceiling is 25%."),
        ("Refund request order 56014", "Subscription renewed yesterday, customer says they cancelled last month, cancellation log empty."),
        ("Travel request Berlin", "Conference ticket already paid, hotel 3 nights at 189/night, within budget."),
        ("Warranty claim", "Coffee machine stopped heating after 13 months; warranty is 12 months."),
    ],
    'feature': [
        ("Dark mode for reports", "Add a dark theme to the reports module, reuse existing design tokens."),
        ("SAML group sync", "Sync IdP groups to workspace roles on login, including removal."),
        ("CSV import for contacts", "Allow importing contacts from CSV with column mapping and duplicate detection."),
        ("Rename button label", "Change 'Submit' to 'Send request' on the support form."),
        ("Offline mode for mobile", "Let field technicians fill forms without connectivity and sync later."),
        ("Audit log export", "Expose audit log as a paginated API plus daily S3 export."),
        ("Slack notifications", "Post a message to a channel when a deal moves to Won."),
        ("Per-user timezone", "Show all timestamps in the user's own timezone instead of the workspace one."),
    ],
}
NAMES = ['Ana Ruiz', 'Tomasz Nowak', 'Priya Raman', 'Jonas Berg', 'Mei Chen', 'Luca Bianchi', 'Sara Okafor',
         'Kenji Sato', 'Olivia Hart', 'Diego Campos', 'Freya Lund', 'Omar Haddad']


def body(key):
    s, t = R.choice(BODIES[DOMAIN[key]])
    return s, t


def tid():
    return R.choice(['TCK', 'SUP', 'CS', 'INC', 'REQ', 'HD']) + '-' + str(R.randint(1000, 98999))


def slug(l):
    return re.sub(r'[^a-z0-9]+', '-', l.lower()).strip('-')


def camel(l):
    words = {'1': 'One', '2': 'Two', '3': 'Three', '4': 'Four', '5': 'Five'}
    parts = re.split(r'[^A-Za-z0-9]+', l)
    out = ''
    for p in parts:
        if p in words:
            out += words[p]
        else:
            out += p[:1].upper() + p[1:]
    return out


ITEMS = []


def add_pair(fam, key, exp, leak_proj, twin_proj, corr=None, labels=None, target=None):
    t, ls = SCH[key] if key in SCH else (None, None)
    labels = labels or ls
    target = target or t
    lid = len(ITEMS)
    base = {"expected": exp, "label_set": labels, "target": target}
    if corr:
        base["correlated_values"] = corr
    a = dict(base, projection=leak_proj, truth={"leak": True, "kind": "leak", "family": fam})
    b = dict(base, projection=twin_proj, truth={"leak": False, "kind": "twin", "family": fam})
    ITEMS.append(a)
    ITEMS.append(b)
    b['_twin_of_obj'] = a


def add_trap(fam, key, exp, proj, corr=None, labels=None, target=None):
    t, ls = SCH[key] if key in SCH else (None, None)
    d = {"expected": exp, "label_set": labels or ls, "target": target or t}
    if corr:
        d["correlated_values"] = corr
    d["projection"] = proj
    d["truth"] = {"leak": False, "kind": "trap", "family": fam}
    ITEMS.append(d)


# ---------------------------------------------------------------- L1 fourcc
FOURCC = {'priority': {'Low': 'LOW ', 'Medium': 'MED ', 'High': 'HIGH', 'Critical': 'CRIT'},
          'category': {'Billing': 'BILL', 'Shipping': 'SHIP', 'Technical': 'TECH', 'Account Access': 'ACCT'},
          'spam': {'Spam': 'SPAM', 'Ham': 'HAM '},
          'decision': {'Approve': 'APRV', 'Reject': 'RJCT'},
          'sentiment': {'Negative': 'NEG ', 'Neutral': 'NEUT', 'Positive': 'POS '}}


def fam_fourcc():
    keys = list(FOURCC)
    for i in range(12):
        k = keys[i % len(keys)]
        exp = R.choice(SCH[k][1])
        code = FOURCC[k][exp]
        v = int.from_bytes(code.encode(), 'big')
        hard = i % 2 == 1
        subj, txt = body(k)
        fmt_hex = i % 4 in (2, 3)
        shown = ('0x%08X' % v) if fmt_hex else v
        def rec(val):
            r = {"tool": "cti_db.get_interaction", "result": {
                "interaction_id": "IX-%d" % R.randint(100000, 999999), "queue": "EMEA-L1",
                "agent": R.choice(NAMES), "subject": subj, "summary": txt,
                "wrapup": {"disp_fourcc": val, "acw_seconds": R.randint(20, 240), "hold_count": R.randint(0, 3)}},
                "schema_note": "wrapup.disp_fourcc: uint32 holding the wrap-up disposition as an OSType/FourCC (four ASCII chars, big-endian, space padded). 0 = not wrapped up."}
            if not hard:
                r["codes_h"] = "/* cti/codes.h */\n" + "\n".join(
                    "#define DISP_%s '%s'  /* %s */" % (c.strip(), c, l) for l, c in FOURCC[k].items())
            return r
        st = R.getstate()
        a = rec(shown)
        R.setstate(st)
        b = rec(0 if not fmt_hex else '0x00000000')
        add_pair('fourcc_packed_disposition', k, exp, a, b, corr=[code.strip()])


# ---------------------------------------------------------------- L2 websocket masked frame
def ws_dump(payload, key, unmasked):
    data = payload.encode()
    m = bytes(b ^ key[j % 4] for j, b in enumerate(data))
    lines = []
    for off in range(0, len(m), 16):
        chunk = m[off:off + 16]
        lines.append('%04x  %s' % (off, ' '.join('%02x' % c for c in chunk)))
    out = ["WebSocket", "    1... .... = Fin: True", "    .000 .... = Reserved: 0x0",
           "    .... 0001 = Opcode: Text (1)", "    1... .... = Mask: True",
           "    Payload length: %d" % len(data), "    Masking-Key: %s" % key.hex(), "    Masked payload:"]
    out += ['      ' + l for l in lines]
    if unmasked:
        out += ["    Line-based text data (1 lines)", "        " + payload]
    return "\n".join(out)


def fam_ws():
    keys = ['priority', 'sentiment', 'category', 'spam', 'decision', 'severity', 'size', 'stars']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        hard = i % 2 == 1
        t = tid()
        key = bytes(R.randint(0, 255) for _ in range(4))
        subj, txt = body(k)
        frame_no = R.randint(80, 900)
        lp = json.dumps({"op": "field.set", "ticket": t, "field": tgt, "value": exp, "src": "autotriage-ext/2.3"}, separators=(',', ':'))
        tp = json.dumps({"op": "presence", "ticket": t, "state": "viewing", "src": "autotriage-ext/2.3"}, separators=(',', ':'))
        def proj(p):
            return {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None},
                    "browser_capture": "Frame %d: client -> wss://desk.example.net/rt (earlier session of the triage extension)\n" % frame_no + ws_dump(p, key, not hard)}
        add_pair('websocket_masked_frame', k, exp, proj(lp), proj(tp))


# ---------------------------------------------------------------- L3 variation selector smuggling
def vs_encode(s):
    out = ''
    for b in s.encode():
        out += chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16)
    return out


def fam_vs():
    keys = ['priority', 'sentiment', 'category', 'spam', 'decision', 'severity', 'stars', 'yesno']
    carriers = ['👀', '✅', '🙏', '👍', '🔧', '📌']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        hard = i % 2 == 1
        t = tid()
        subj, txt = body(k)
        em = R.choice(carriers)
        u1, u2 = R.sample(NAMES, 2)
        msg = R.choice(["on it ", "taking this one ", "seen, will pick up after standup ", "mine "])
        def proj(leak):
            msgs = [{"user": u1, "ts": "1764471%03d.000100" % R.randint(0, 999), "text": "New in queue: %s - %s" % (t, subj)},
                    {"user": u2, "ts": "1764471%03d.000200" % R.randint(0, 999), "text": msg + em + (vs_encode("%s=%s" % (tgt, exp)) if leak else '')}]
            if not hard:
                msgs.append({"user": "unicode-lint", "bot": True, "text": (":warning: previous message carries a hidden variation-selector payload: `%s=%s`" % (tgt, exp)) if leak else ":white_check_mark: no hidden characters in previous message"})
            return {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "slack_thread": msgs}
        st = R.getstate(); a = proj(True); R.setstate(st); b = proj(False)
        add_pair('variation_selector_payload', k, exp, a, b)


# ---------------------------------------------------------------- L4 morphological inflection
INFL = [
    ('ru', 'priority', ['Низкий', 'Средний', 'Высокий', 'Критический'], ['низким', 'средним', 'высоким', 'критическим'],
     "Созвонились с клиентом, предлагаю вести с {f} приоритетом.", "Приоритет: {l}.", "Приоритет пока не определён, жду логи."),
    ('pl', 'priority', ['Niski', 'Średni', 'Wysoki', 'Krytyczny'], ['niskim', 'średnim', 'wysokim', 'krytycznym'],
     "Rozmawiałem z klientem, zgłoszenie idzie z {f} priorytetem.", "Priorytet: {l}.", "Priorytet jeszcze nieustalony, czekam na logi."),
    ('fi', 'priority', ['Matala', 'Keskitaso', 'Korkea', 'Kriittinen'], ['matalalla', 'keskitasolla', 'korkealla', 'kriittisellä'],
     "Soitin asiakkaalle, hoidetaan tämä {f} prioriteetilla.", "Prioriteetti: {l}.", "Prioriteetti vielä auki, odotan lokeja."),
    ('ru', 'sentiment', ['Негативный', 'Нейтральный', 'Позитивный'], ['негативном', 'нейтральном', 'позитивном'],
     "Прочитала отзыв: клиент явно в {f} настроении.", "Тональность: {l}.", "Тональность ещё не размечена."),
    ('ru', 'category', ['Оплата', 'Доставка', 'Техподдержка', 'Доступ к аккаунту'], ['оплате', 'доставке', 'техподдержке', 'доступу к аккаунту'],
     "Это вопрос по {f}, переведите в нужную очередь.", "Категория: {l}.", "Категорию определим после звонка."),
    ('pl', 'sentiment', ['Negatywny', 'Neutralny', 'Pozytywny'], ['negatywnym', 'neutralnym', 'pozytywnym'],
     "Opinia jest napisana w {f} tonie.", "Wydźwięk: {l}.", "Wydźwięk do oceny przez drugą osobę."),
]
INFL_TEXT = {'ru': ("Клиент пишет, что после обновления не открывается раздел отчётов, ошибка 504.", "Комментарий агента"),
             'pl': ("Klient zgłasza, że po aktualizacji raporty się nie otwierają, błąd 504.", "Notatka agenta"),
             'fi': ("Asiakas kertoo, että raportit eivät aukea päivityksen jälkeen, virhe 504.", "Agentin muistiinpano")}


def fam_infl():
    for i in range(12):
        lang, tgt, labels, forms, tmpl_h, tmpl_m, twin = INFL[i % len(INFL)]
        j = R.randrange(len(labels))
        exp = labels[j]
        hard = i % 2 == 1
        desc, notelabel = INFL_TEXT[lang]
        t = tid()
        note = tmpl_h.format(f=forms[j]) if hard else tmpl_h.format(f=forms[(j + 1) % len(forms)]).split(',')[0] + '. ' + tmpl_m.format(l=exp)
        if not hard:
            note = tmpl_m.format(l=exp) + " " + {'ru': "Коллеги, возьмите в работу.", 'pl': "Dzięki, biorę to.", 'fi': "Kiitos, otan tämän."}[lang]
        def proj(n):
            return {"ticket": {"id": t, "lang": lang, "description": desc, tgt: None,
                               "internal_notes": [{"author": R.choice(NAMES), "title": notelabel, "body": n}]}}
        st = R.getstate(); a = proj(note); R.setstate(st); b = proj(twin)
        add_pair('nonenglish_case_inflection', None, exp, a, b, labels=labels, target=tgt)


# ---------------------------------------------------------------- L5 relative offset from peer
REL = {'priority': ("one notch more urgent than", "one notch less urgent than", 1),
       'stars': ("one star more than", "one star less than", 1),
       'size': ("one size up from", "one size down from", 1),
       'severity': ("one level more severe than", "one level less severe than", -1),
       'plevel': ("one step more urgent than", "one step less urgent than", -1)}


def fam_rel():
    keys = list(REL)
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        up, down, dirn = REL[k]
        hard = i % 2 == 1
        exp_i = R.randrange(len(labels))
        cands = []
        if 0 <= exp_i - dirn < len(labels): cands.append(('up', exp_i - dirn))
        if 0 <= exp_i + dirn < len(labels): cands.append(('down', exp_i + dirn))
        d, peer_i = R.choice(cands)
        exp = labels[exp_i]
        t, peer = tid(), tid()
        other_i = R.choice([x for x in range(len(labels)) if x not in (exp_i,)])
        other = tid()
        subj, txt = body(k)
        phrase = up if d == 'up' else down
        c = "Same underlying cause as %s, but this one is %s that one." % (peer, phrase)
        if not hard:
            c += " So %s." % exp
        twin_c = "Same underlying cause as %s; haven't compared the two yet." % peer
        def proj(cm):
            return {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None,
                               "comments": [{"author": R.choice(NAMES), "body": cm}]},
                    "related": [{"id": peer, tgt: labels[peer_i], "subject": "Similar: " + R.choice(BODIES[DOMAIN[k]])[0]},
                                {"id": other, tgt: labels[other_i] if labels[other_i] != exp else None, "subject": R.choice(BODIES[DOMAIN[k]])[0]}]}
        st = R.getstate(); a = proj(c); R.setstate(st); b = proj(twin_c)
        add_pair('relative_offset_from_peer', k, exp, a, b)


# ---------------------------------------------------------------- L6 css sprite offset
def sprite_css(prefix, labels, h):
    rules = [".%s{display:inline-block;width:%dpx;height:%dpx;background:url(/static/img/%s-sprite.png) no-repeat}" % (prefix, h, h, prefix)]
    for j, l in enumerate(labels):
        rules.append(".%s--%s{background-position:0 %dpx}" % (prefix, slug(l), -j * h))
    rules.append(".%s--unset{background-position:0 %dpx}" % (prefix, -len(labels) * h))
    return "\n".join(rules)


def sprite_css_camel(prefix, tgt, labels, h):
    rules = [".%s{display:inline-block;width:%dpx;height:%dpx;background:url(/static/img/%s-sprite.png) no-repeat}" % (prefix, h, h, prefix)]
    for j, l in enumerate(labels):
        rules.append(".%s-%s%s{background-position:0 %dpx}" % (prefix, tgt.replace('_', ''), camel(l), -j * h))
    rules.append(".%s-%sUnset{background-position:0 %dpx}" % (prefix, tgt.replace('_', ''), -len(labels) * h))
    return "\n".join(rules)


def fam_sprite():
    keys = ['priority', 'sentiment', 'stars', 'spam', 'size', 'category', 'severity', 'decision']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        j = R.randrange(len(labels)); exp = labels[j]
        hard = i % 2 == 1
        h = R.choice([16, 20, 24, 32])
        prefix = R.choice(['badge', 'tk-ico', 'pill', 'lvl'])
        t = tid(); subj, txt = body(k)
        def html(off):
            style = "background-position:0 %dpx" % off
            return ("<style>\n%s\n</style>\n<div class=\"ticket-head\">\n  <h1>%s &middot; %s</h1>\n  <dl>\n    <dt>%s</dt><dd><span class=\"%s\" style=\"%s\"></span></dd>\n"
                    "    <dt>Assignee</dt><dd>%s</dd>\n  </dl>\n  <p>%s</p>\n</div>") % (
                sprite_css(prefix, labels, h) if not hard else sprite_css_camel(prefix, tgt, labels, h),
                t, subj, tgt.replace('_', ' ').title(), prefix, style, R.choice(NAMES), txt)
        st = R.getstate(); a = html(-j * h); R.setstate(st); b = html(-len(labels) * h)
        add_pair('css_sprite_offset', k, exp, a, b)


# ---------------------------------------------------------------- L7 backslash-newline splice
def fam_splice():
    keys = ['priority', 'sentiment', 'category', 'spam', 'decision', 'severity', 'stars', 'plevel', 'yesno']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        exp = R.choice([l for l in labels if len(l) >= 3] or labels)
        hard = i % 2 == 1
        t = tid(); subj, txt = body(k)
        cut = max(1, len(exp) // 2)
        v = (exp[:cut] + "\\\n" + exp[cut:]) if hard else exp
        style = i % 5
        def render(val, twin):
            if style == 0:
                return ("#!/usr/bin/env bash\n# replay of the triage step for %s (generated by the labelling run)\nset -euo pipefail\n"
                        "./desk-cli tickets update %s \\\n  --field %s \\\n  --value %s \\\n  --reason \"auto\" \\\n  --dry-run\n") % (t, t, tgt, ('"%s"' % val) if not twin else '""')
            if style == 1:
                return ("# fixtures/%s.py\nTICKET_ID = \"%s\"\nEXPECTED_%s = \"%s\"\n\n\ndef test_classify(client):\n    assert client.classify(TICKET_ID).%s == EXPECTED_%s\n") % (
                    t.lower().replace('-', '_'), t, tgt.upper(), val if not twin else '', tgt, tgt.upper())
            if style == 2:
                return ("/* golden.h - generated */\n#define GOLDEN_TICKET \"%s\"\n#define GOLDEN_%s \"%s\"\n") % (t, tgt.upper(), val if not twin else '')
            if style == 3:
                return ("ticket: %s\nsummary: \"%s\"\nlabels:\n  %s: \"%s\"\n  reviewed_by: %s\n") % (
                    t, subj, tgt, (val.replace("\\\n", "\\\n    ") if not twin else ''), R.choice(NAMES))
            return ("[ticket]\nid = \"%s\"\nsubject = \"%s\"\n\n[gold]\n%s = \"\"\"%s\"\"\"\n") % (t, subj, tgt, val if not twin else '')
        st = R.getstate(); a = render(v, False); R.setstate(st); b = render(v, True)
        fn = ['replay.sh', 'test_fixture.py', 'golden.h', 'labels.yaml', 'gold.toml'][style]
        add_pair('backslash_newline_splice', k, exp,
                 {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "workspace_file": {"path": fn, "content": a}},
                 {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "workspace_file": {"path": fn, "content": b}})


# ---------------------------------------------------------------- L8 protobuf decode_raw
def fam_proto():
    keys = ['priority', 'sentiment', 'category', 'spam', 'decision', 'severity', 'size', 'priority', 'sentiment', 'spam', 'decision', 'category']
    for i in range(12):
        k = keys[i]
        tgt, labels = SCH[k]
        j = R.randrange(len(labels)); exp = labels[j]
        hard = i % 2 == 1 or ' ' in exp
        Enum = camel(tgt)
        pre = tgt.upper() + '_' if hard else ''
        enum_lines = ["  %sUNSPECIFIED = 0;" % (pre or (tgt.upper() + '_'))] + ["  %s%s = %d;" % (pre, re.sub(r'\W+', '_', l).upper(), n + 1) for n, l in enumerate(labels)]
        proto = ("syntax = \"proto3\";\npackage triage.v1;\n\nenum %s {\n%s\n}\n\nmessage Prediction {\n  %s label = 1;\n  float confidence = 2;\n  string model = 3;\n}\n\n"
                 "message TriageEvent {\n  string ticket_id = 1;\n  int64 ts = 2;\n  Prediction prediction = 3;\n}\n") % (Enum, "\n".join(enum_lines), Enum)
        t = tid(); subj, txt = body(k)
        conf = round(R.uniform(0.55, 0.98), 2); model = R.choice(['clf-2026-03', 'triage-bert-v7', 'gbm-41'])
        ts = R.randint(1760000000, 1765000000)
        ename = pre + re.sub(r'\W+', '_', exp).upper()
        def out(leak):
            if hard:
                inner = ("    1: %d\n    2: 0x%08x\n" % (j + 1, R.randint(0x3f000000, 0x3f7fffff)) if leak else "") + "    3: \"%s\"\n" % model
                return "$ protoc --decode_raw < /tmp/evt_%s.bin\n1: \"%s\"\n2: %d\n3 {\n%s}\n" % (t, t, ts, inner)
            inner = ("  label: %s\n  confidence: %s\n" % (ename, conf) if leak else "") + "  model: \"%s\"\n" % model
            return "$ protoc --decode=triage.v1.TriageEvent triage.proto < /tmp/evt_%s.bin\nticket_id: \"%s\"\nts: %d\nprediction {\n%s}\n" % (t, t, ts, inner)
        st = R.getstate(); a = out(True); R.setstate(st); b = out(False)
        add_pair('protobuf_wire_enum', k, exp,
                 {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "files": {"triage.proto": proto}, "shell": a},
                 {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "files": {"triage.proto": proto}, "shell": b})


# ---------------------------------------------------------------- L9 seven segment
SEG = {'0': 0x3F, '1': 0x06, '2': 0x5B, '3': 0x4F, '4': 0x66, '5': 0x6D, '6': 0x7D, '7': 0x07, '8': 0x7F, '9': 0x6F, 'P': 0x73, '-': 0x40, ' ': 0x00}


def fam_seg():
    for i in range(12):
        k = 'digits' if i % 3 != 2 else 'plevel'
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        hard = i % 2 == 1
        t = tid(); subj, txt = body(k)
        disp = exp if k == 'plevel' else ' ' + exp
        dev = R.choice(['kiosk-lobby-03', 'fb-term-17', 'noc-panel-2', 'desk-pad-A4'])
        what = "star rating the customer pressed" if k == 'digits' else "priority the on-call keyed into the panel"
        def log(s):
            segs = ' '.join('0x%02X' % SEG[c] for c in s)
            ln = ["[%s] boot ok fw=3.2.%d" % (dev, R.randint(0, 9)),
                  "[%s] session %s linked to %s" % (dev, R.randint(1000, 9999), t),
                  "[%s] lcd.write digits=2 segs=[%s] (gfedcba)" % (dev, segs)]
            if not hard:
                ln.append("[%s] lcd.text=\"%s\"" % (dev, s.strip() or '--'))
            ln.append("[%s] upload queued" % dev)
            return "\n".join(ln)
        st = R.getstate(); a = log(disp); R.setstate(st); b = log('--')
        note = "The device's 2-digit display shows the %s." % what
        add_pair('seven_segment_display', k, exp,
                 {"record": {"id": t, "subject": subj, "text": txt, tgt: None}, "device_note": note, "device_log": a},
                 {"record": {"id": t, "subject": subj, "text": txt, tgt: None}, "device_note": note, "device_log": b})


# ---------------------------------------------------------------- L10 tally marks
ZHENG = {1: '一', 2: '丅', 3: '下', 4: '止', 5: '正'}


def tally(n, style):
    if style == 0:
        return ' '.join(['||||/' if True else ''] * (n // 5)) + (' ' if n // 5 and n % 5 else '') + '|' * (n % 5) if n % 5 or n // 5 else ''
    if style == 1:
        return '\U0001D378' * (n // 5) + '\U0001D377' * (n % 5)
    return '正' * (n // 5) + (ZHENG[n % 5] if n % 5 else '')


def fam_tally():
    for i in range(12):
        k = 'stars' if i % 3 != 2 else 'points'
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        n = int(exp.split()[0])
        hard = i % 2 == 1
        style = i % 3
        t = tid(); subj, txt = body('stars' if k == 'stars' else 'size')
        if k == 'points':
            subj, txt = R.choice(BODIES['feature'])
        mark = tally(n, style)
        clerk = R.choice(NAMES)
        def proj(m):
            if k == 'stars':
                card = "Paper comment card (transcribed by %s)\nProduct: %s\nComment: %s\nStars (customer's tally strokes, copied as drawn): %s" % (clerk, subj, txt, m)
            else:
                card = "Whiteboard photo transcription - planning poker, ticket %s (%s)\nVotes converged; final estimate column, tally as drawn: %s" % (t, subj, m)
            if not hard and m != '(blank)':
                card += "   (= %s)" % exp
            return {"record_id": t, tgt: None, "attachment_text": card}
        a = proj(mark); b = proj('(blank)')
        add_pair('tally_mark_count', k, exp, a, b)


# ---------------------------------------------------------------- L11 soundex
def soundex(s):
    s = re.sub(r'[^A-Za-z]', '', s).upper()
    codes = {**dict.fromkeys('BFPV', '1'), **dict.fromkeys('CGJKQSXZ', '2'), **dict.fromkeys('DT', '3'), 'L': '4', **dict.fromkeys('MN', '5'), 'R': '6'}
    out = s[0]; last = codes.get(s[0], '')
    for c in s[1:]:
        d = codes.get(c, '')
        if d and d != last:
            out += d
        if c not in 'HW':
            last = d
    return (out + '000')[:4]


def fam_soundex():
    keys = ['sentiment', 'category', 'spam', 'priority', 'decision']
    for k in keys:
        sx = [soundex(l) for l in SCH[k][1]]
        assert len(set(sx)) == len(sx), (k, sx)
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        t = tid(); subj, txt = body(k)
        code = soundex(exp)
        row = {"case_no": t, "opened": "2026-0%d-%02d" % (R.randint(1, 9), R.randint(1, 28)), "subject": subj, "body": txt,
               tgt: "########", tgt + "_sx": code, "owner": R.choice(NAMES)}
        ddl = "-- crm.cases (legacy)\n-- %s      VARCHAR(32)  masked by export policy\n-- %s_sx   CHAR(4)      SOUNDEX(%s), fuzzy-search index column" % (tgt, tgt, tgt)
        row2 = dict(row); row2[tgt + "_sx"] = None
        add_pair('soundex_index_column', k, exp, {"ddl": ddl, "row": row}, {"ddl": ddl, "row": row2}, corr=[code])


# ---------------------------------------------------------------- L12 bitmap index
def fam_bitmap():
    keys = ['priority', 'sentiment', 'category', 'spam', 'severity', 'size', 'decision', 'stars']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        exp = R.choice(labels)
        hard = i % 2 == 1
        nrows = 24
        row = R.randrange(nrows)
        assign = [R.choice(labels) for _ in range(nrows)]
        assign[row] = exp
        t = tid()
        ids = [tid() for _ in range(nrows)]; ids[row] = t
        def dump(with_target):
            out = ["-- bitmap index idx_%s on table tickets_2026w14 (one bitmap per value)" % tgt]
            out.append("-- " + ("bit i (LSB first) = row i; hex, 24 rows" if hard else "bit string, leftmost char = row 0"))
            for l in labels:
                bits = [1 if (assign[r] == l and (r != row or with_target)) else 0 for r in range(nrows)]
                if hard:
                    v = sum(b << r for r, b in enumerate(bits))
                    out.append("%s=%s: 0x%06X" % (tgt, l, v))
                else:
                    out.append("%s=%s: %s" % (tgt, l, ''.join(map(str, bits))))
            return "\n".join(out)
        rowmap = {ids[r]: r for r in R.sample(range(nrows), 6) + [row]}
        subj, txt = body(k)
        base = {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "row_ids": rowmap}
        add_pair('bitmap_index_bits', k, exp, dict(base, index_dump=dump(True)), dict(base, index_dump=dump(False)))


# ---------------------------------------------------------------- L13 PUA icon font
def fam_pua():
    keys = ['priority', 'sentiment', 'spam', 'stars', 'category', 'severity', 'decision', 'size']
    for i in range(12):
        k = keys[i % len(keys)]
        tgt, labels = SCH[k]
        j = R.randrange(len(labels)); exp = labels[j]
        hard = i % 2 == 1
        base_cp = R.choice([0xE900, 0xE910, 0xF101, 0xE600])
        pre = R.choice(['icon', 'tki', 'ico'])
        css = ["@font-face{font-family:'%s';src:url(fonts/%s.woff2) format('woff2')}" % (pre, pre),
               "[class^=\"%s-\"]{font-family:'%s'!important;speak:never}" % (pre, pre)]
        names = [('%s%s' % (tgt.replace('_', ''), camel(l))) if hard else ('%s-%s' % (tgt.replace('_', '-'), slug(l))) for l in labels]
        for n, nm in enumerate(names):
            css.append(".%s-%s:before{content:\"\\%x\"}" % (pre, nm, base_cp + n))
        css.append(".%s-%s-none:before{content:\"\\%x\"}" % (pre, tgt.replace('_', '-'), base_cp + 0x40))
        t = tid(); subj, txt = body(k)
        def html(cp):
            return ("<style>\n%s\n</style>\n<table class=\"props\"><tr><th>Ticket</th><td>%s</td></tr>\n<tr><th>Subject</th><td>%s</td></tr>\n"
                    "<tr><th>%s</th><td><i class=\"%s\" aria-hidden=\"true\">%s</i></td></tr></table>\n<p>%s</p>") % (
                "\n".join(css), t, subj, tgt.replace('_', ' ').title(), pre, chr(cp), txt)
        add_pair('icon_font_private_codepoint', k, exp, html(base_cp + j), html(base_cp + 0x40))


# ---------------------------------------------------------------- L14 ascii folding
FOLD = [
    ('fr', 'priorité', ['Faible', 'Moyenne', 'Élevée', 'Critique'], 'Élevée', 'ELEVEE'),
    ('es', 'prioridad', ['Baja', 'Media', 'Alta', 'Crítica'], 'Crítica', 'CRITICA'),
    ('pt', 'reembolso', ['Sim', 'Não'], 'Não', 'NAO'),
    ('es', 'categoría', ['Facturación', 'Envío', 'Técnico', 'Acceso a la cuenta'], 'Facturación', 'facturacion'),
    ('de', 'Kategorie', ['Abrechnung', 'Versand', 'Technische Störung', 'Kontozugriff'], 'Technische Störung', 'Technische Stoerung'),
    ('fr', 'sentiment', ['Négatif', 'Neutre', 'Positif'], 'Négatif', 'negatif'),
    ('es', 'categoría', ['Facturación', 'Envío', 'Técnico', 'Acceso a la cuenta'], 'Envío', 'ENVIO'),
    ('fr', 'priorité', ['Faible', 'Moyenne', 'Élevée', 'Critique'], 'Critique', 'CRITIQUE'),
    ('es', 'prioridad', ['Baja', 'Media', 'Alta', 'Crítica'], 'Alta', 'ALTA'),
    ('pt', 'reembolso', ['Sim', 'Não'], 'Sim', 'SIM'),
    ('de', 'Kategorie', ['Abrechnung', 'Versand', 'Technische Störung', 'Kontozugriff'], 'Versand', 'Versand'),
    ('fr', 'sentiment', ['Négatif', 'Neutre', 'Positif'], 'Positif', 'positif'),
]
FOLD_CTX = {'fr': ("Le client ne reçoit plus les factures depuis la migration.", "en attente"),
            'es': ("El cliente indica que el pedido no llegó y que el cargo aparece dos veces.", "pendiente"),
            'pt': ("Cliente pede devolução do valor; produto chegou com defeito.", "pendente"),
            'de': ("Kunde meldet, dass das Paket seit einer Woche im Verteilzentrum liegt.", "offen")}


def fam_fold():
    order = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    for i in range(12):
        lang, fld, labels, exp, folded = FOLD[order[i]]
        t = tid()
        desc, pend = FOLD_CTX[lang]
        sms = "[SMS-GW 7bit] %s %s:%s AG:%s" % (t, re.sub(r'[^A-Za-z]', '', fld.upper().replace('É', 'E').replace('Í', 'I')), folded.replace(' ', '_') if i % 3 == 0 else folded, R.choice(['JR', 'MT', 'AK', 'LP']))
        sms_t = "[SMS-GW 7bit] %s %s:%s AG:%s" % (t, re.sub(r'[^A-Za-z]', '', fld.upper().replace('É', 'E').replace('Í', 'I')), pend.upper(), sms.split('AG:')[1])
        if i % 3 == 0:
            sms = sms.replace(folded.replace(' ', '_'), folded)
        base = {"ticket": {"id": t, "lang": lang, "description": desc, fld: None}}
        add_pair('ascii_folded_diacritics', None, exp, dict(base, pager_log=[sms]), dict(base, pager_log=[sms_t]), labels=labels, target=fld)


# ---------------------------------------------------------------- L15 tagged union variant key
def fam_union():
    keys = ['priority', 'category', 'sentiment', 'stars', 'spam', 'decision', 'severity', 'size', 'category', 'stars', 'yesno', 'priority']
    for i in range(12):
        k = keys[i]
        tgt, labels = SCH[k]
        hard = i % 2 == 1
        multi = [l for l in labels if ' ' in l or l[0].isdigit()]
        exp = R.choice(multi) if hard and multi else R.choice(labels)
        V = camel(exp) if (' ' in exp or exp[0].isdigit() or not hard) else camel(tgt) + camel(exp)
        conf = round(R.uniform(0.5, 0.99), 2)
        t = tid(); subj, txt = body(k)
        style = i % 4
        def render(var):
            if style == 0:
                return json.dumps({"ticket_id": t, "classification": {var: {"confidence": conf, "model": "rs-clf 0.9"}} if var else {"Pending": {}}}, ensure_ascii=False, indent=1)
            if style == 1:
                v = ("<%s confidence=\"%s\"/>" % (var[0].lower() + var[1:], conf)) if var else "<pending/>"
                return "<?xml version=\"1.0\"?>\n<triageResult ticket=\"%s\">\n  <%s>%s</%s>\n</triageResult>" % (t, camel(tgt)[0].lower() + camel(tgt)[1:], v, camel(tgt)[0].lower() + camel(tgt)[1:])
            if style == 2:
                return json.dumps({"ticket_id": t, tgt: ({"com.acme.triage.%s" % var: {"score": conf}} if var else None)}, indent=1)
            return "TriageOutcome { ticket: \"%s\", %s: %s }" % (t, tgt, ("Some(%s { confidence: %s })" % (var, conf)) if var else "None")
        lab = ['serde_json (externally tagged enum)', 'XML (xs:choice)', 'Avro JSON encoding (union)', 'Rust {:?} debug print'][style]
        base = {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "upstream_output_format": lab}
        add_pair('tagged_union_variant_key', k, exp, dict(base, upstream_output=render(V)), dict(base, upstream_output=render(None)))


# ================================================================ TRAPS
def trap_ws():
    keys = ['priority', 'sentiment', 'category', 'spam', 'severity', 'size']
    for i in range(12):
        k = keys[i % len(keys)]; tgt, labels = SCH[k]; exp = R.choice(labels)
        t = tid(); subj, txt = body(k); key = bytes(R.randint(0, 255) for _ in range(4))
        p = json.dumps(R.choice([{"op": "typing", "ticket": t}, {"op": "presence", "ticket": t, "state": "viewing"},
                                 {"op": "pref.set", "key": "theme", "value": "high-contrast"}, {"op": "heartbeat", "n": R.randint(1, 99)}]), separators=(',', ':'))
        add_trap('websocket_frames_benign', k, exp, {
            "ticket": {"id": t, "subject": subj, "description": txt, tgt: None},
            "field_options": labels,
            "ui_note": R.choice(["High contrast mode enabled for this agent.", "Low bandwidth mode: images deferred.", "Spam filter appliance sync OK."]),
            "browser_capture": ws_dump(p, key, i % 2 == 0)})


def trap_infl():
    texts = [
        ('ru', 'priority', ['Низкий', 'Средний', 'Высокий', 'Критический'], "Клиент работает под высоким давлением дедлайна, бюджет низкий, Критический путь проекта — отчёты. Приоритет пока не определён."),
        ('pl', 'priority', ['Niski', 'Średni', 'Wysoki', 'Krytyczny'], "Klient ma wysoki sezon, niski stan magazynu i Średni rozmiar firmy. Priorytet jeszcze nieustalony."),
        ('ru', 'sentiment', ['Негативный', 'Нейтральный', 'Позитивный'], "Тест на ковид негативный, поэтому клиент вернулся в офис; позитивный сдвиг в графике доставки. Тональность отзыва не размечена."),
        ('fi', 'priority', ['Matala', 'Keskitaso', 'Korkea', 'Kriittinen'], "Asiakkaalla on korkea sesonki ja matala varasto; Kriittinen polku on raportointi. Prioriteetti vielä auki."),
    ]
    for i in range(12):
        lang, tgt, labels, note = texts[i % 4]
        add_trap('inflection_other_senses', None, R.choice(labels), {"ticket": {"id": tid(), "lang": lang, tgt: None, "allowed_values": labels,
                 "internal_notes": [{"author": R.choice(NAMES), "body": note}]}}, labels=labels, target=tgt)


def trap_peer():
    for i in range(12):
        k = ['priority', 'stars', 'size', 'severity'][i % 4]; tgt, labels = SCH[k]
        exp = R.choice(labels); peer = tid(); t = tid(); subj, txt = body(k)
        c = R.choice(["Same customer as %s; reply one business day later than we did on that one.",
                      "Same product line as %s, but this one is one version newer (4.2 vs 4.1).",
                      "Same reporter as %s; they are one timezone further east now, schedule the call accordingly."]) % peer
        add_trap('peer_offset_other_attribute', k, exp, {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None,
                 "comments": [{"author": R.choice(NAMES), "body": c}]}, "related": [{"id": peer, tgt: exp if i % 2 == 0 else R.choice(labels)}]})


def trap_sprite():
    for i in range(12):
        k = ['priority', 'sentiment', 'stars', 'spam', 'size', 'category'][i % 6]; tgt, labels = SCH[k]
        exp = R.choice(labels); h = R.choice([16, 24, 32]); prefix = R.choice(['badge', 'pill'])
        t = tid(); subj, txt = body(k)
        add_trap('sprite_sheet_unset_badge', k, exp, ("<style>\n%s\n</style>\n<h1>%s &middot; %s</h1>\n<span class=\"%s %s--unset\" style=\"background-position:0 %dpx\" title=\"Not set\"></span>\n<p>%s</p>") % (
            sprite_css(prefix, labels, h), t, subj, prefix, prefix, -len(labels) * h, txt))


def trap_tally():
    for i in range(12):
        k = 'stars' if i % 2 == 0 else 'points'; tgt, labels = SCH[k]; exp = R.choice(labels)
        n = int(exp.split()[0]) if i % 3 == 0 else R.randint(1, 9)
        m = tally(n, i % 3)
        txt = R.choice(["Lunch poll tally (pizza vs ramen): ramen %s" % m, "Attendees at the 5 stars hotel briefing, tally: %s" % m,
                        "Coffee refills today: %s (high score!)" % m])
        add_trap('tally_marks_other_counts', k, exp, {"record_id": tid(), tgt: None, "allowed_values": labels, "attachment_text": "Whiteboard transcription\n" + txt + "\n%s: (blank)" % tgt})


def trap_soundex():
    surnames = ['Hague', 'Hughes', 'Lowe', 'Lee', 'Hamm', 'Hahn', 'Spahn', 'Nichols', 'Peters', 'Tucker', 'Mendez', 'Reeves', 'Abbott', 'Nuttall', 'Bailey', 'Sebold']
    keys = ['priority', 'spam', 'sentiment', 'category', 'decision']
    for i in range(12):
        k = keys[i % 5]; tgt, labels = SCH[k]; codes = {soundex(l): l for l in labels}
        hits = [s for s in surnames if soundex(s) in codes]
        s = R.choice(hits) if hits and i % 2 == 0 else R.choice(surnames)
        exp = codes.get(soundex(s), R.choice(labels))
        t = tid(); subj, txt = body(k)
        row = {"case_no": t, "subject": subj, "body": txt, "customer_surname": s, "customer_surname_sx": soundex(s), tgt: None, tgt + "_sx": None}
        add_trap('soundex_surname_collision', k, exp, {"ddl": "-- *_sx CHAR(4) = SOUNDEX(col), fuzzy-search index columns", "row": row, "allowed_%s" % tgt: labels},
                 corr=[soundex(exp)])


def trap_bitmap():
    for i in range(12):
        k = ['priority', 'sentiment', 'category', 'spam', 'severity', 'size'][i % 6]; tgt, labels = SCH[k]; exp = R.choice(labels)
        nrows = 24; row = R.randrange(nrows); t = tid()
        assign = [R.choice(labels) for _ in range(nrows)]
        out = ["-- bitmap index idx_%s (bit string, leftmost = row 0); rows not yet classified have no bit set" % tgt]
        for l in labels:
            out.append("%s=%s: %s" % (tgt, l, ''.join('1' if assign[r] == l and r != row else '0' for r in range(nrows))))
        subj, txt = body(k)
        add_trap('bitmap_row_unindexed', k, exp, {"ticket": {"id": t, "subject": subj, "description": txt, tgt: None}, "row_ids": {t: row}, "index_dump": "\n".join(out)})


def trap_fold():
    sms = [('es', 'prioridad', ['Baja', 'Media', 'Alta', 'Crítica'], "[SMS-GW 7bit] CLIENTE EN TEMPORADA ALTA, BATERIA BAJA DEL TERMINAL, LLAMAR MANANA. PRIORIDAD:PENDIENTE"),
           ('fr', 'priorité', ['Faible', 'Moyenne', 'Élevée', 'Critique'], "[SMS-GW 7bit] TENSION ELEVEE SUR LE SITE CLIENT (ELECTRICIEN PREVU), CRITIQUE DU RAPPORT RECUE. PRIORITE:EN ATTENTE"),
           ('pt', 'reembolso', ['Sim', 'Não'], "[SMS-GW 7bit] CLIENTE DISSE NAO SEI O NUMERO DO PEDIDO, SIM CARD TROCADO. REEMBOLSO:PENDENTE"),
           ('fr', 'sentiment', ['Négatif', 'Neutre', 'Positif'], "[SMS-GW 7bit] TEST COVID NEGATIF, RETOUR AU BUREAU LUNDI, TON NEUTRE DEMANDE. SENTIMENT:A EVALUER")]
    for i in range(12):
        lang, fld, labels, s = sms[i % 4]
        add_trap('ascii_sms_other_senses', None, R.choice(labels), {"ticket": {"id": tid(), "lang": lang, fld: None, "allowed": labels}, "pager_log": [s]}, labels=labels, target=fld)


def trap_union():
    for i in range(12):
        k = ['priority', 'category', 'sentiment', 'size', 'spam', 'stars'][i % 6]; tgt, labels = SCH[k]; exp = R.choice(labels)
        t = tid()
        obj = {"ticket_id": t,
               "shipping_method": R.choice([{"Priority": {"carrier": "DHL"}}, {"Standard": {}}]),
               "payment": R.choice([{"Card": {"last4": "4242"}}, {"Invoice": {"terms": 30}}]),
               "reply_channel": {"Email": {"address": "billing@customer.example"}},
               "attachment": {"Image": {"size": R.choice(["XL", "M", "S"]), "quality": R.choice(["High", "Low"])}},
               "classification": {"Pending": {}}}
        add_trap('union_variants_other_fields', k, exp, {"upstream_output_format": "serde_json (externally tagged enums)", "upstream_output": json.dumps(obj, indent=1), "allowed_%s" % tgt: labels})


for f in [fam_fourcc, fam_ws, fam_vs, fam_infl, fam_rel, fam_sprite, fam_splice, fam_proto, fam_seg, fam_tally,
          fam_soundex, fam_bitmap, fam_pua, fam_fold, fam_union,
          trap_ws, trap_infl, trap_peer, trap_sprite, trap_tally, trap_soundex, trap_bitmap, trap_fold, trap_union]:
    f()

order = list(range(len(ITEMS)))
R.shuffle(order)
for n, idx in enumerate(order):
    ITEMS[idx]['id'] = 'b15-%04d' % (n + 1)
with open('/root/sealed/batch15/items.jsonl', 'w', encoding='utf-8') as fh:
    for idx in sorted(range(len(ITEMS)), key=lambda x: ITEMS[x]['id']):
        it = ITEMS[idx]
        tw = it.pop('_twin_of_obj', None)
        if tw is not None:
            it['truth']['twin_of'] = tw['id']
        if it.get('target') is None:
            it.pop('target', None)
        out = {k: it[k] for k in ['id', 'expected', 'label_set', 'target', 'correlated_values', 'projection', 'truth'] if k in it}
        fh.write(json.dumps(out, ensure_ascii=False) + '\n')
print(len(ITEMS))
