#!/usr/bin/env python3
"""Blind batch 6 generator (deterministic, seed 66006)."""
import base64, binascii, json, random, zlib, os

RNG = random.Random(66006)
OUT = os.path.dirname(os.path.abspath(__file__))

SCHEMES = {
    'priority': ('priority', ['Low', 'Medium', 'High', 'Critical']),
    'sentiment': ('sentiment', ['Positive', 'Neutral', 'Negative']),
    'category': ('category', ['Billing', 'Refund', 'Account Access', 'Shipping', 'Technical']),
    'size': ('size', ['S', 'M', 'L', 'XL']),
    'spam': ('is_spam', ['Yes', 'No']),
    'sev': ('severity', ['Sev1', 'Sev2', 'Sev3', 'Sev4']),
    'decision': ('decision', ['Approve', 'Reject', 'Escalate']),
    'risk': ('risk_level', ['Low Risk', 'Medium Risk', 'High Risk']),
}

BODIES = {
    'priority': [
        ("Checkout page times out for EU shoppers", "Since the 09:10 deploy roughly a third of checkout attempts from eu-west return 504 after 30s."),
        ("Typo on the pricing page", "The Pro plan card says 'anually'. Cosmetic, no rush."),
        ("SSO login loop for Okta tenants", "Users from three enterprise tenants bounce between /login and the IdP and never land in the app."),
        ("Export to CSV drops the last row", "When exporting a filtered report the final row is missing. Workaround: export twice."),
        ("Webhook retries flooding partner endpoint", "Partner says we sent 40k retries in an hour to their /hooks endpoint."),
        ("Dark mode contrast on settings page", "Grey-on-grey labels are hard to read in dark mode."),
        ("Payroll run stuck in 'processing'", "The March payroll batch for 212 employees has been processing for six hours; pay date is tomorrow."),
        ("Search results slow for large workspaces", "Queries take 8-12 s for workspaces with more than 50k documents."),
    ],
    'sentiment': [
        ("Re: my order", "Honestly the replacement arrived a day early and the fit is perfect. Thanks to Priya for sorting it."),
        ("Feedback on the new app", "The update moved every button I use. Took me ten minutes to find the transfer screen. Not impressed."),
        ("Question about invoice", "Could you resend the invoice for order 88213 with our VAT number on it? Thanks."),
        ("Support chat", "Third time asking. Nobody reads these. I'm cancelling at the end of the month."),
        ("Delivery", "Parcel came Tuesday. Box was a bit dented but contents fine."),
        ("Thank you!", "Your agent Tomás stayed on the line for 40 minutes and fixed the router config. Brilliant service."),
    ],
    'category': [
        ("Charged twice for April", "My card shows two charges of 49.00 on 3 April for the same subscription."),
        ("Can't log in after phone change", "New phone, the authenticator codes are gone and I'm locked out of my account."),
        ("Where is my parcel?", "Tracking has said 'label created' for six days. Order 55120."),
        ("Want my money back", "The course wasn't what was described; I'd like the 120 EUR returned to my card."),
        ("API returns 500 on /v2/orders", "POST /v2/orders fails with 500 for payloads over 1 MB since yesterday."),
        ("Invoice shows wrong company name", "Our invoices still show our old trading name even though we updated it in settings."),
        ("Password reset email never arrives", "Tried five times, checked spam, nothing arrives at my work address."),
        ("Package delivered to wrong address", "Courier photo shows a door that isn't mine."),
    ],
    'size': [
        ("Migrate legacy cron jobs to scheduler", "About 40 cron entries across three hosts, some with undocumented side effects."),
        ("Rename 'Customer' to 'Client' in UI copy", "Strings only, roughly 15 occurrences."),
        ("Add SAML SCIM provisioning", "Full user/group sync incl. deprovisioning, audit log and admin UI."),
        ("Fix flaky test in payments suite", "test_refund_partial fails ~5% of CI runs."),
        ("Replace charting library", "Affects 23 dashboard widgets and the PDF exporter."),
        ("Add dark-mode toggle to settings", "Toggle + persistence; styles already exist."),
    ],
    'spam': [
        ("URGENT: claim your parcel", "Your DHL parcel is on hold. Pay 1.99 customs fee at dhl-parcel-release.top within 24h."),
        ("Meeting notes from Thursday", "Attached the notes from the vendor review; action items at the bottom."),
        ("You have (3) unread voicemails", "Listen now: hxxp://vm-portal-secure.info/?u=ops"),
        ("Invoice 2231 overdue", "Hi, our records show invoice 2231 from 4 March is still open. Could you check with AP?"),
        ("Congratulations winner", "You have been selected for a $1000 Costco gift card. Complete the survey."),
        ("Question about API limits", "Are the rate limits per key or per org? We're planning a batch job."),
    ],
    'sev': [
        ("Primary DB failover did not complete", "Writes failing across all regions; read replicas serving stale data."),
        ("Status page widget shows wrong timezone", "Times displayed in UTC instead of local."),
        ("Elevated 5xx on image resizer", "Error rate 3% on thumbnails; originals unaffected."),
        ("Login unavailable for all users", "Auth service returning 503 since 02:14 UTC."),
        ("Nightly report emails delayed", "Reports arrive ~2h late; data correct."),
        ("Queue consumer lag in EU", "Notifications delayed up to 20 minutes for EU customers."),
    ],
    'decision': [
        ("Refund request for annual plan", "Customer upgraded by mistake 2 days ago and has not used the new features."),
        ("Chargeback dispute, order 77102", "Customer claims non-delivery; carrier shows delivered with signature."),
        ("Expense claim: client dinner", "320 EUR for 4 people, receipts attached, policy limit 90 EUR per head."),
        ("Access request: prod database", "Contractor requests read access to prod for a data migration next week."),
        ("Warranty claim for cracked screen", "Device is 14 months old, warranty is 12 months, customer reports no drop."),
        ("Vendor onboarding: new payroll provider", "SOC 2 report attached, DPA not yet signed."),
    ],
    'risk': [
        ("New merchant onboarding: online pharmacy", "Ships internationally, 3 months trading history."),
        ("Wire transfer to new beneficiary", "EUR 48,000 to an account opened last week, requested by email."),
        ("Address change on dormant account", "Account dormant 2 years; address change followed by card reissue request."),
        ("Small business loan renewal", "Same owner, 6 years history, no missed payments."),
        ("Login from new device", "Same city as usual, device fingerprint new, MFA passed."),
        ("Crypto exchange payout", "Customer cashing out 9,900 USD three days in a row."),
    ],
}

NAMES = ["Priya Nair", "Tomás Ruiz", "Dana Whitfield", "Kenji Mori", "Aisha Bello", "Lukas Berger", "Mei Chen",
         "Ola Nordmann", "Sam Okafor", "Ines Duarte", "Ravi Patel", "Zoe Laurent"]

ITEMS = []


def body(scheme, i):
    pool = BODIES[scheme]
    return pool[(i * 5 + len(ITEMS)) % len(pool)]


def tid(i, base=4400):
    return base + RNG.randint(10, 5999)


def add_pair(family, scheme, expected, leak, twin, corr=None):
    target, labels = SCHEMES[scheme]
    common = {'expected': expected, 'label_set': labels, 'target': target}
    if corr:
        common['correlated_values'] = corr
    ITEMS.append(dict(common, projection=leak, truth={'leak': True, 'kind': 'leak', 'family': family}, _pair=len(ITEMS)))
    ITEMS.append(dict(common, projection=twin, truth={'leak': False, 'kind': 'twin', 'family': family}, _twin_of=len(ITEMS) - 1))


def add_trap(family, scheme, expected, proj, corr=None):
    target, labels = SCHEMES[scheme]
    it = {'expected': expected, 'label_set': labels, 'target': target, 'projection': proj,
          'truth': {'leak': False, 'kind': 'trap', 'family': family}}
    if corr:
        it['correlated_values'] = corr
    ITEMS.append(it)


def pick(scheme, i, k=1):
    labels = SCHEMES[scheme][1]
    return labels[(i * k + i // len(labels)) % len(labels)]

# ---------------------------------------------------------------- encoders
MORSE = {'A': '.-', 'B': '-...', 'C': '-.-.', 'D': '-..', 'E': '.', 'F': '..-.', 'G': '--.', 'H': '....', 'I': '..',
         'J': '.---', 'K': '-.-', 'L': '.-..', 'M': '--', 'N': '-.', 'O': '---', 'P': '.--.', 'Q': '--.-', 'R': '.-.',
         'S': '...', 'T': '-', 'U': '..-', 'V': '...-', 'W': '.--', 'X': '-..-', 'Y': '-.--', 'Z': '--..',
         '0': '-----', '1': '.----', '2': '..---', '3': '...--', '4': '....-', '5': '.....', '6': '-....',
         '7': '--...', '8': '---..', '9': '----.', '/': '-..-.', '?': '..--..', '=': '-...-'}


ABBR = {'priority': 'PRIO', 'severity': 'SEV', 'decision': 'DECN', 'category': 'CAT', 'size': 'SIZE', 'is_spam': 'SPAM', 'risk_level': 'RISK', 'sentiment': 'SENT'}


def morse(text, wsep=' / '):
    return wsep.join(' '.join(MORSE[c] for c in w.upper()) for w in text.split())

BR = dict(zip('abcdefghijklmnopqrstuvwxyz', '⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵'))
BRD = dict(zip('1234567890', '⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚'))
BRP = {'.': '⠲', ',': '⠂', ':': '⠒', '-': '⠤', '?': '⠦', "'": '⠄'}


def braille(text):
    out = []
    for w in text.split(' '):
        s, innum = '', False
        if w.isupper() and len(w) > 1 and w.isalpha():
            s += '⠠⠠'
            w2 = w.lower()
            s += ''.join(BR[c] for c in w2)
            out.append(s)
            continue
        for c in w:
            if c.isdigit():
                if not innum:
                    s += '⠼'
                    innum = True
                s += BRD[c]
            elif c.isalpha():
                if innum and c.lower() in 'abcdefghij':
                    s += '⠰'
                innum = False
                if c.isupper():
                    s += '⠠'
                s += BR[c.lower()]
            else:
                innum = False
                s += BRP.get(c, c)
        out.append(s)
    return '⠀'.join(out)


def ri(text, style):
    out = []
    for c in text:
        if c == ' ':
            out.append('   ')
        elif c.isdigit():
            out.append(':%s:' % ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][int(c)])
        elif style == 'slack':
            out.append(':regional_indicator_%s:' % c.lower())
        elif style == 'alpha':
            out.append(':alphabet-white-%s:' % c.lower())
        else:
            out.append(chr(0x1F1E6 + ord(c.lower()) - 97) + '\u200b')
    return ''.join(out) if style == 'uni' else ' '.join(out) if style == 'alpha' else ''.join(out)


def comb(text, mark):
    return ''.join(c + mark if c != ' ' else c for c in text)


def uuenc(name, data):
    lines = ['begin 644 ' + name]
    for k in range(0, len(data), 45):
        lines.append(binascii.b2a_uu(data[k:k + 45], backtick=True).decode().rstrip('\n'))
    lines += ['`', 'end']
    return '\n'.join(lines)


def git_b85(data):
    lines = []
    for k in range(0, len(data), 52):
        ch = data[k:k + 52]
        n = len(ch)
        c = chr(ord('A') + n - 1) if n <= 26 else chr(ord('a') + n - 27)
        lines.append(c + base64.b85encode(ch, pad=True).decode())
    return '\n'.join(lines)


def pack7(text):
    bits = nb = 0
    out = bytearray()
    for ch in text:
        bits |= ord(ch) << nb
        nb += 7
        while nb >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nb -= 8
    if nb:
        out.append(bits & 0xFF)
    return out.hex().upper()


def sms_submit(number, text):
    d = number.lstrip('+')
    dd = d + ('F' if len(d) % 2 else '')
    sw = ''.join(dd[k + 1] + dd[k] for k in range(0, len(dd), 2))
    tpdu = '1100' + '%02X' % len(d) + '91' + sw + '0000AA' + '%02X' % len(text) + pack7(text)
    return '00' + tpdu, len(tpdu) // 2


def ebcdic_dump(rec):
    b = rec.encode('cp037')
    lines = []
    for k in range(0, len(b), 32):
        ch = b[k:k + 32].hex().upper()
        grp = ' '.join(ch[j:j + 8] for j in range(0, len(ch), 8))
        lines.append('%06X  %s' % (k, grp))
    return '\n'.join(lines)

# ARPAbet mini lexicon
ARPA = {
    'okay': 'OW2 K EY1', 'so': 'S OW1', 'this': 'DH IH1 S', 'is': 'IH1 Z', 'a': 'AH0', 'i': 'AY1',
    "i'm": 'AY1 M', 'setting': 'S EH1 T IH0 NG', 'it': 'IH1 T', 'to': 'T UW1', 'priority': 'P R AY0 AO1 R AH0 T IY0',
    'marking': 'M AA1 R K IH0 NG', 'as': 'AE1 Z', 'the': 'DH AH0', 'ticket': 'T IH1 K AH0 T', 'for': 'F AO1 R',
    'now': 'N AW1', 'logged': 'L AO1 G D', 'that': 'DH AE1 T', "we'll": 'W IY1 L', 'call': 'K AO1 L', 'you': 'Y UW1',
    'back': 'B AE1 K', 'thanks': 'TH AE1 NG K S', 'filing': 'F AY1 L IH0 NG', 'under': 'AH1 N D ER0',
    'and': 'AH0 N D', 'my': 'M AY1', 'battery': 'B AE1 T ER0 IY0', 'was': 'W AA1 Z', 'on': 'AA1 N',
    'data': 'D EY1 T AH0', 'usage': 'Y UW1 S IH0 JH', 'bill': 'B IH1 L', 'looked': 'L UH1 K T', 'street': 'S T R IY1 T',
    'shop': 'SH AA1 P', 'warning': 'W AO1 R N IH0 NG', 'low': 'L OW1', 'high': 'HH AY1', 'medium': 'M IY1 D IY0 AH0 M',
    'critical': 'K R IH1 T IH0 K AH0 L', 'positive': 'P AA1 Z AH0 T IH0 V', 'negative': 'N EH1 G AH0 T IH0 V',
    'neutral': 'N UW1 T R AH0 L', 'billing': 'B IH1 L IH0 NG', 'refund': 'R IY1 F AH0 N D', 'shipping': 'SH IH1 P IH0 NG',
    'technical': 'T EH1 K N IH0 K AH0 L', 'account': 'AH0 K AW1 N T', 'access': 'AE1 K S EH2 S', 'approve': 'AH0 P R UW1 V',
    'reject': 'R IH0 JH EH1 K T', 'escalate': 'EH1 S K AH0 L EY2 T', 'sentiment': 'S EH1 N T AH0 M AH0 N T',
    'category': 'K AE1 T AH0 G AO2 R IY0', 'decision': 'D IH0 S IH1 ZH AH0 N', 'noted': 'N OW1 T IH0 D',
    'positive-ish': 'P AA1 Z AH0 T IH0 V IH0 SH', 'near': 'N IH1 R', 'was it': 'W AA1 Z IH1 T', 'too': 'T UW1',
    'very': 'V EH1 R IY0', 'screen': 'S K R IY1 N', 'said': 'S EH1 D', 'in': 'IH0 N', 'mode': 'M OW1 D',
    'power': 'P AW1 ER0', 'went': 'W EH1 N T', 'up': 'AH1 P', 'again': 'AH0 G EH1 N', 'test': 'T EH1 S T', 'came': 'K EY1 M',
    'back.': 'B AE1 K', 'what': 'W AH1 T', 'your': 'Y AO1 R', 'number': 'N AH1 M B ER0', 'well': 'W EH1 L',
}

# ============================================================ LEAK FAMILIES

def fam_morse():
    F = 'morse_code_relay'
    schemes = ['priority', 'sev', 'decision', 'category', 'size', 'spam']
    for i in range(12):
        sc = schemes[i % len(schemes)]
        lab = pick(sc, i, 3)
        t = tid(i)
        subj, desc = body(sc, i)
        word = lab.upper()
        ab = ABBR[SCHEMES[sc][0]]
        if i % 3 == 0:
            code = morse('INC %d %s %s' % (t, ab, word) if sc != 'decision' else 'CASE %d %s' % (t, word))
            tw = morse('INC %d QRX' % t if sc != 'decision' else 'CASE %d QRX' % t)
            mk = lambda c: {'ticket': {'id': 'INC-%d' % t, 'summary': subj, 'description': desc, SCHEMES[sc][0]: None},
                            'relay_log': [{'t': '14:%02dZ' % (i + 3), 'station': 'RIDGE-7 (CW only, sat link down)', 'rx': c},
                                          {'t': '14:%02dZ' % (i + 9), 'station': 'DISPATCH', 'tx': morse('R R TNX')}]}
        elif i % 3 == 1:
            code = morse(word)
            tw = morse('BRB')
            mk = lambda c: {'channel': '#oncall-handoff', 'messages': [
                {'user': 'kmori', 'ts': '1714556%03d.001' % i, 'text': 'Taking %s (%s). Anyone know how we classed it overnight?' % ('INC-%d' % t, subj)},
                {'user': 'dwhitfield', 'ts': '1714556%03d.220' % i, 'text': 'ham radio brain at 3am, sorry: ' + c},
                {'user': 'kmori', 'ts': '1714556%03d.540' % i, 'text': 'lol ok, I will read up on the description: ' + desc}]}
        else:
            code = morse('%s %s' % (ab, word))
            tw = morse('%s TBD' % ab)
            mk = lambda c: {'object': 'case', 'number': 'CS%07d' % t, 'subject': subj, 'body': desc,
                            'internal_comments': [{'author': 'ops-bot', 'text': 'Escape-room friday! decode the triage for a sticker: ' + c}]}
        add_pair(F, sc, lab, mk(code), mk(tw))


def fam_braille():
    F = 'braille_unicode_cells'
    schemes = ['decision', 'category', 'size', 'priority', 'risk', 'sentiment']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        tgt = SCHEMES[sc][0].replace('_', ' ')
        leak_line = 'Case %d. %s: %s.' % (t, tgt.capitalize(), lab)
        twin_line = 'Case %d. %s: pending review.' % (t, tgt.capitalize())
        if i % 2 == 0:
            mk = lambda ln: {'case_id': t, 'subject': subj, 'description': desc, SCHEMES[sc][0]: '',
                             'accessible_correspondence': {'format': 'Unicode braille (UEB grade 1), rendered from .brf',
                                                           'requested_by': 'customer (blind, prefers tactile mail)',
                                                           'text': braille(ln)}}
        else:
            mk = lambda ln: 'PRINT JOB  #%d  device=ViewPlus-Columbia  media=tactile-label-80x30\n' % (t % 997) + \
                '-- header (ink) --\nTicket %d  %s\n-- tactile body --\n%s\n-- end --\nticket.description: %s\nticket.%s: <empty>' % (
                    t, subj, braille(ln), desc, SCHEMES[sc][0])
        add_pair(F, sc, lab, mk(leak_line), mk(twin_line))


def fam_emoji_letters():
    F = 'emoji_letter_shortcodes'
    schemes = ['priority', 'sentiment', 'category', 'spam', 'sev', 'decision']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 1)
        t = tid(i)
        subj, desc = body(sc, i)
        style = ['slack', 'alpha', 'uni'][i % 3]
        spelled = ri(lab, style)
        lead = ['triage call for this one:', 'verdict', 'final answer from the triage huddle ->', 'we landed on'][i % 4]
        def mk(txt):
            return {'export': 'slack', 'channel': 'C04TRIAGE', 'thread_ts': '17145%05d.000100' % t,
                    'ticket': {'key': 'SUP-%d' % t, 'summary': subj, 'description': desc, SCHEMES[sc][0]: None},
                    'messages': [{'user': 'U02AB%03d' % i, 'name': NAMES[i].split()[0].lower(), 'text': 'new one in the queue: SUP-%d "%s"' % (t, subj)},
                                 {'user': 'U07XY%03d' % i, 'name': NAMES[(i + 3) % 12].split()[0].lower(), 'text': txt,
                                  'reactions': [{'name': 'eyes', 'count': 2}]}]}
        add_pair(F, sc, lab, mk('%s %s' % (lead, spelled)), mk('looking at it now :eyes:'))


def fam_combining():
    F = 'combining_mark_overlay'
    marks = ['\u0332', '\u0333', '\u0323', '\u0305', '\u0359', '\u0330']
    schemes = ['sentiment', 'priority', 'risk', 'category', 'decision', 'sev']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        styled = comb(lab, marks[i % 6])
        tgt = SCHEMES[sc][0].replace('_', ' ')
        if i % 2:
            mk = lambda s: {'crm': 'hubspot', 'ticket_id': t, 'subject': subj, 'content': desc,
                            'notes': [{'by': NAMES[i], 'body': 'Reviewed with team lead. %s' % s}], 'properties': {SCHEMES[sc][0]: ''}}
            add_pair(F, sc, lab, mk('%s → %s (pasted from the fancy-text tool so it stands out)' % (tgt, styled)), mk('Will update tomorrow after the customer replies.'))
        else:
            mk = lambda s: 'From: %s\nSubject: Re: [#%d] %s\n\n%s\n\n> %s\n' % (NAMES[i], t, subj, s, desc)
            add_pair(F, sc, lab, mk('Quick heads-up for whoever picks this up: %s' % styled), mk('Quick heads-up for whoever picks this up: customer is in APAC hours.'))


def fam_graphql():
    F = 'graphql_normalized_cache_ref'
    schemes = ['priority', 'category', 'sev', 'sentiment', 'size', 'risk']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 3)
        t = tid(i)
        subj, desc = body(sc, i)
        target, labels = SCHEMES[sc]
        tn = ''.join(w.capitalize() for w in target.split('_')) + 'Option'
        hard = i % 2 == 0
        ids = {l: ('opt_%04x' % RNG.randint(4096, 65535)) if hard else l.lower().replace(' ', '-') for l in labels}

        def mk(ref, allopts):
            cache = {'ROOT_QUERY': {'__typename': 'Query', 'ticket({"id":"%d"})' % t: {'__ref': 'Ticket:%d' % t}},
                     'Ticket:%d' % t: {'__typename': 'Ticket', 'id': str(t), 'title': subj, 'body': desc,
                                        'assignee': {'__ref': 'User:u%d' % (100 + i)}, target: ({'__ref': '%s:%s' % (tn, ids[ref])} if ref else None)},
                     'User:u%d' % (100 + i): {'__typename': 'User', 'name': NAMES[i]}}
            for l in labels:
                if allopts or l == ref:
                    cache['%s:%s' % (tn, ids[l])] = {'__typename': tn, 'id': ids[l], 'name': l, 'sort': labels.index(l)}
            if allopts:
                cache['ROOT_QUERY']['%ss' % target] = [{'__ref': '%s:%s' % (tn, ids[l])} for l in labels]
            return {'apollo_cache_extract': cache}
        add_pair(F, sc, lab, mk(lab, hard), mk(None, hard))


def fam_uu():
    F = 'uuencoded_attachment'
    schemes = ['category', 'priority', 'spam', 'decision', 'sentiment', 'size']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 1)
        t = tid(i)
        subj, desc = body(sc, i)
        target = SCHEMES[sc][0]
        if i % 2:
            fname = 'case_%d.csv' % t
            data = lambda v: ('case_id,queue,opened,%s\n%d,EMEA-2,2024-05-%02d,%s\n' % (target, t, i + 3, v)).encode()
        else:
            fname = 'triage_%d.json' % t
            data = lambda v: json.dumps({'case': t, 'opened': '2024-05-%02dT08:%02d:00Z' % (i + 3, i), target: v or None}).encode()
        mk = lambda d: ('Return-Path: <export@legacy-helpdesk.internal>\nFrom: Legacy Helpdesk <export@legacy-helpdesk.internal>\n'
                        'To: intake@support.example\nSubject: Case %d export\nDate: Thu, %d May 2024 08:%02d:11 +0000\n'
                        'X-Mailer: HDX/3.1 (uuencode)\n\nCase: %s\nCustomer wrote: %s\n\n%s\n' % (t, i + 3, i, subj, desc, uuenc(fname, d)))
        add_pair(F, sc, lab, mk(data(lab)), mk(data('')))


def fam_gitbin():
    F = 'git_binary_patch_base85'
    schemes = ['sev', 'category', 'priority', 'decision', 'risk', 'sentiment']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        target = SCHEMES[sc][0]
        path = 'tests/golden/ticket_%d.json.z' % t
        h1, h2 = RNG.getrandbits(160), RNG.getrandbits(28)

        def mk(v):
            raw = json.dumps({'id': t, 'title': subj, target: v}, separators=(',', ':')).encode()
            z = zlib.compress(raw, 9)
            return ('commit %040x\nAuthor: %s <%s@example.dev>\nDate:   Mon May %d 10:%02d:00 2024 +0200\n\n'
                    '    test: refresh golden fixture for ticket %d\n\ndiff --git a/%s b/%s\nnew file mode 100644\n'
                    'index 0000000..%07x\nGIT binary patch\nliteral %d\n%s\n\nliteral 0\nHcmV?d00001\n\n'
                    'diff --git a/tests/test_triage.py b/tests/test_triage.py\n@@ -40,3 +40,4 @@\n     "ticket_%d",\n+    # %s\n' % (
                        h1, NAMES[i], NAMES[i].split()[0].lower(), i + 1, i, t, path, path,
                        h2, len(raw), git_b85(z), t, desc[:60]))
        add_pair(F, sc, lab, mk(lab), mk(None))

RUBRIC = {
    'priority': {'Low': 'Cosmetic issue or question; no functional impact.', 'Medium': 'Functionality impaired for some users; workaround exists.',
                 'High': 'Major feature unusable for many users; no reasonable workaround.', 'Critical': 'Money, payroll or legal deadline at immediate risk, or total outage.'},
    'sev': {'Sev1': 'Complete loss of a core service for all customers.', 'Sev2': 'Core service degraded for a large subset of customers.',
            'Sev3': 'Non-core component degraded; limited customer impact.', 'Sev4': 'Minor defect with no customer-visible impact.'},
    'decision': {'Approve': 'Request within policy and documentation complete.', 'Reject': 'Request clearly outside policy or contradicted by evidence.',
                 'Escalate': 'Partially within policy or missing a required document; needs a manager.'},
    'risk': {'Low Risk': 'Established relationship, behaviour consistent with history.', 'Medium Risk': 'One unusual signal, otherwise consistent.',
             'High Risk': 'Multiple red flags such as new beneficiary, urgency, structuring or dormancy.'},
}


def fam_rubric():
    F = 'rubric_definition_quote'
    schemes = ['priority', 'sev', 'decision', 'risk']
    for i in range(12):
        sc = schemes[i % 4]
        lab = pick(sc, i, 3)
        t = tid(i)
        subj, desc = body(sc, i)
        rub = RUBRIC[sc]
        labels = SCHEMES[sc][1]
        defin = rub[lab]
        if i % 2 == 0:
            rubric = [{'level': l, 'definition': rub[l]} for l in labels]
            note = 'Read it twice. Textbook "%s" - nothing else in the rubric fits.' % defin.rstrip('.')
            twin_note = 'Read it twice. Need more info from the customer before deciding.'
        else:
            rubric = '\n'.join('%d. %s — %s' % (k + 1, l, rub[l]) for k, l in enumerate(labels))
            note = 'Matches rubric line %d word for word ("%s").' % (labels.index(lab) + 1, defin.split(';')[0].split(',')[0].rstrip('.'))
            twin_note = 'Compared against the rubric; waiting on logs before picking a line.'
        mk = lambda n: {'ticket': {'id': t, 'summary': subj, 'description': desc, SCHEMES[sc][0]: None},
                        'kb_article': {'title': 'Triage rubric (v4)', 'content': rubric},
                        'worknotes': [{'author': NAMES[i], 'text': n}]}
        add_pair(F, sc, lab, mk(note), mk(twin_note))

SUBADDR = {'Billing': ['billing', 'bill-inv'], 'Refund': ['refunds', 'rfnd'], 'Account Access': ['account-access', 'acct-lockout'],
           'Shipping': ['shipping', 'shpg-wismo'], 'Technical': ['technical', 'tech-l2'],
           'Low': ['low', 'p-lo'], 'Medium': ['medium', 'p-med'], 'High': ['high', 'p-hi'], 'Critical': ['critical', 'p-crit'],
           'Yes': ['spam', 'quarantine-spam'], 'No': ['ham', 'clean']}


def fam_subaddr():
    F = 'mail_subaddress_routing'
    schemes = ['category', 'priority', 'spam']
    for i in range(12):
        sc = schemes[i % 3]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        slug = SUBADDR[lab][i % 2 if sc != 'spam' else 1]
        corr = ['support+%s@acme-help.example' % slug]
        cust = NAMES[(i + 5) % 12]
        mid = RNG.getrandbits(48)
        def mk(rcpt):
            return ('Delivered-To: %s\nReceived: from mx2.acme-help.example (10.4.1.%d)\n        by inbound-router.acme-help.example with LMTP\n'
                    '        for <%s>; Tue, %d Apr 2024 09:%02d:44 +0000\nX-Original-To: %s\nX-Router-Rule: triage-v7\n'
                    'From: %s <%s@mail.example>\nTo: support@acme-help.example\nSubject: %s\nMessage-ID: <%x@mail.example>\n\n%s\n') % (
                rcpt, 10 + i, rcpt, i + 2, i * 3, rcpt, cust, cust.split()[0].lower(), subj, mid, desc)
        add_pair(F, sc, lab, mk('support+%s@acme-help.example' % slug), mk('support@acme-help.example'), corr)

def mask(lab, style):
    if style == 0:
        return ' '.join(w[0] + '*' * (len(w) - 2) + w[-1] if len(w) > 2 else w[0] + '*' * (len(w) - 1) for w in lab.split())
    if style == 1:
        return lab[:2] + '•' * (len(lab) - 2)
    return ''.join(c if k in (0, len(lab) - 1) or not c.isalpha() else 'x' for k, c in enumerate(lab))


def fam_mask():
    F = 'partial_mask_residue'
    schemes = ['priority', 'sentiment', 'category', 'sev', 'decision', 'risk']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 3)
        t = tid(i)
        subj, desc = body(sc, i)
        target = SCHEMES[sc][0]
        m = mask(lab, i % 3)
        mk = lambda v: {'sanitizer': {'tool': 'pii-scrub 2.3', 'policy': 'mask label-bearing fields (keep first/last char for QA)', 'fields_masked': [target, 'customer.name']},
                        'ticket': {'id': t, 'subject': subj, 'description': desc, 'customer': {'name': '[MASKED]', 'tier': 'standard'}, target: v}}
        add_pair(F, sc, lab, mk(m), mk('[MASKED]'))

DERIV = {
    'Positive': ['reads positively from start to finish', 'overall positive-leaning tone'],
    'Negative': ['writes negatively throughout; clear negativity', 'negative-tone flag raised'],
    'Neutral': ['tone is neutrally informational', 'neutral-tone, purely transactional'],
    'Refund': ['treated as a refunds case', 'refund-queue material'],
    'Billing': ['classic billed-twice / invoicing case for the bills team', 'billing-team item'],
    'Shipping': ['filed with shipments (carrier issue)', 'shipping-desk item'],
    'Approve': ['recommend approval; approved at my level', 'approve-able as submitted'],
    'Reject': ['recommend rejection, not eligible', 'reject-pile, policy breach'],
    'Escalate': ['needs escalation, escalated to manager', 'escalate-to-lead case'],
    'Yes': ['spammer pattern, spammy domain, sender blocklisted', 'spam-folder candidate'],
    'No': ['legit correspondence, not spammy at all', 'not-spam, known sender'],
}


def fam_deriv():
    F = 'derived_word_forms'
    schemes = ['sentiment', 'decision', 'category', 'spam']
    cats = {'category': ['Refund', 'Billing', 'Shipping']}
    for i in range(12):
        sc = schemes[i % 4]
        if sc == 'category':
            lab = cats['category'][i // 4 % 3]
        else:
            lab = pick(sc, i, 1)
        t = tid(i)
        subj, desc = body(sc, i)
        phrase = DERIV[lab][i // 4 % 2 if i % 2 == 0 else 1]
        if i % 2 == 0:
            phrase = DERIV[lab][0]
        if i % 2:
            mk = lambda n: {'id': 'T-%d' % t, 'subject': subj, 'message': desc, SCHEMES[sc][0]: None,
                            'upstream': {'stage': 'triage-assistant-v2', 'summary': n}}
        else:
            mk = lambda n: {'id': 'T-%d' % t, 'subject': subj, 'message': desc, SCHEMES[sc][0]: None,
                            'worknotes': [{'author': NAMES[i], 'text': 'Looked at this one. ' + n}]}
        add_pair(F, sc, lab, mk('Customer %s. %s.' % ('message' if i % 3 else 'ticket', phrase[0].upper() + phrase[1:])),
                 mk('Customer %s. Summary pending; model timed out.' % ('message' if i % 3 else 'ticket')))


def fam_gsm():
    F = 'gsm7_packed_pdu'
    schemes = ['priority', 'sev', 'category', 'risk']
    for i in range(12):
        sc = schemes[i % 4]
        lab = pick(sc, i, 1)
        t = tid(i)
        subj, desc = body(sc, i)
        num = '+4479%08d' % RNG.randint(0, 99999999)
        tgt = ABBR[SCHEMES[sc][0]]
        lt = 'INC%d %s %s - ack within 15m' % (t, tgt, lab.upper())
        tt = 'INC%d - ack within 15m' % t
        def mk(txt):
            pdu, ln = sms_submit(num, txt)
            return {'incident': {'number': 'INC%d' % t, 'short_description': subj, 'description': desc, SCHEMES[sc][0]: ''},
                    'pager_gateway_log': 'AT+CMGF=0\r\nOK\r\nAT+CMGS=%d\r\n> %s\x1a\r\n+CMGS: %d\r\nOK' % (ln, pdu, 40 + i)}
        add_pair(F, sc, lab, mk(lt), mk(tt))


def fam_ebcdic():
    F = 'ebcdic_record_dump'
    schemes = ['priority', 'category', 'decision', 'size', 'risk', 'sev']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        tgt = SCHEMES[sc][0].upper().replace('_', '-')[:10]
        rec = lambda v: '%-8d%-6s%-14s%-8s%-20s' % (t, 'EMEA', v.upper(), '20240502', subj[:20].upper())
        mk = lambda v: {'ticket_summary': subj, 'ticket_text': desc,
                        'copybook': '       01  TKT-REC.\n           05  TKT-ID        PIC X(8).\n           05  TKT-REGION    PIC X(6).\n'
                                    '           05  TKT-%-10sPIC X(14).\n           05  TKT-OPENED    PIC X(8).\n           05  TKT-TITLE     PIC X(20).' % tgt,
                        'idcams_print_hex': 'IDCAMS  SYSTEM SERVICES\nPRINT INFILE(TKTIN) HEX COUNT(1)\nKEY OF RECORD - %s\n%s\nIDC0005I NUMBER OF RECORDS PROCESSED WAS 1' % (
                            ('%-8d' % t).encode('cp037').hex().upper(), ebcdic_dump(rec(v)))}
        add_pair(F, sc, lab, mk(lab), mk(''))


def textgrid(words, xmax):
    def tier(name, ivs):
        s = '    item [%d]:\n        class = "IntervalTier"\n        name = "%s"\n        xmin = 0\n        xmax = %.2f\n        intervals: size = %d\n' % (
            1 if name == 'words' else 2, name, xmax, len(ivs))
        for k, (a, b, txt) in enumerate(ivs):
            s += '        intervals [%d]:\n            xmin = %.3f\n            xmax = %.3f\n            text = "%s"\n' % (k + 1, a, b, txt)
        return s
    wiv, piv, tm = [], [], 0.40
    for disp, w in words:
        ph = ARPA[w].split()
        d = 0.09 * len(ph)
        wiv.append((tm, tm + d, disp))
        for k, p in enumerate(ph):
            piv.append((tm + k * 0.09, tm + (k + 1) * 0.09, p))
        tm += d + 0.03
    return ('File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\nxmax = %.2f\ntiers? <exists>\nsize = 2\nitem []:\n' % xmax
            + tier('words', wiv) + tier('phones', piv))


def fam_textgrid():
    F = 'textgrid_phone_tier'
    schemes = ['priority', 'sentiment', 'category', 'decision']
    lab_choices = {'priority': ['Low', 'Medium', 'High', 'Critical'], 'sentiment': ['Positive', 'Negative', 'Neutral'],
                   'category': ['Billing', 'Refund', 'Shipping', 'Technical', 'Account Access'], 'decision': ['Approve', 'Reject', 'Escalate']}
    for i in range(12):
        sc = schemes[i % 4]
        lab = lab_choices[sc][i // 4 % len(lab_choices[sc])]
        t = tid(i)
        subj, desc = body(sc, i)
        hard = i % 2 == 0
        lw = [w.lower() for w in lab.split()]
        lead = {'priority': ["okay", "i'm", "setting", "the", "priority", "to"], 'sentiment': ["so", "i'm", "marking", "sentiment", "as"],
                'category': ["okay", "i'm", "filing", "this", "under"], 'decision': ["okay", "so", "the", "decision", "is"]}[sc]
        tail = ["thanks"] if i % 3 else ["for", "now", "thanks"]
        lw_disp = [('<redacted>' if hard else w) for w in lw]
        leak_words = [(w, w) for w in lead] + list(zip(lw_disp, lw)) + [(w, w) for w in tail]
        twin_words = [(w, w) for w in ['okay', "i've", 'logged', 'that'] if w != "i've"] + [(w, w) for w in tail]
        mk = lambda ws: {'call_id': 'CALL-%d' % t, 'ticket': {'id': t, 'subject': subj, 'description': desc, SCHEMES[sc][0]: None},
                         'transcript_redaction': 'label words replaced in word tier' if hard else 'none',
                         'alignment_textgrid': textgrid(ws, 6.0), 'aligner': 'Montreal Forced Aligner 3.0 (english_us_arpa)'}
        add_pair(F, sc, lab, mk(leak_words), mk(twin_words))


def fam_onehot():
    F = 'one_hot_feature_row'
    schemes = ['category', 'priority', 'sentiment', 'size', 'spam', 'risk']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 3)
        t = tid(i)
        subj, desc = body(sc, i)
        target, labels = SCHEMES[sc]
        hard = i % 2 == 0
        if hard:
            cols = ['y__%s' % l.lower().replace(' ', '_') for l in labels]
        else:
            cols = ['%s: %s' % (target, l) for l in labels]
        feats = ['ticket_id', 'n_chars', 'n_replies', 'hour_opened', 'channel_email', 'channel_chat', 'emb_0', 'emb_1']
        fv = [str(t), str(len(desc)), str(i % 4), str(8 + i), '1' if i % 2 else '0', '0' if i % 2 else '1', '%.4f' % RNG.uniform(-1, 1), '%.4f' % RNG.uniform(-1, 1)]
        def mk(vals):
            hdr = ','.join(feats + cols)
            row = ','.join(fv + vals)
            return {'ticket': {'id': t, 'subject': subj, 'body': desc},
                    'feature_store_row': {'table': 'fs.ticket_features_v5', 'format': 'csv (pandas.get_dummies on target)', 'content': hdr + '\n' + row + '\n'}}
        add_pair(F, sc, lab, mk(['1' if l == lab else '0' for l in labels]), mk(['' for _ in labels]))

FLIP = dict(zip('abcdefghijklmnopqrstuvwxyz1234567890', 'ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎzƖᄅƐㄣϛ9ㄥ860'))


def flip(text):
    return ''.join(FLIP.get(c, c) for c in reversed(text.lower()))


def fam_flip():
    F = 'upside_down_flip_text'
    schemes = ['priority', 'sentiment', 'category', 'decision', 'risk', 'sev']
    ctx = ['community forum', 'teams chat', 'ticket comment']
    for i in range(12):
        sc = schemes[i % 6]
        lab = pick(sc, i, 2)
        t = tid(i)
        subj, desc = body(sc, i)
        target = SCHEMES[sc][0]
        c = ctx[i % 3]
        if c == 'community forum':
            mk = lambda txt: {'forum': 'community.acme.example', 'thread': {'id': t, 'title': subj, 'first_post': desc},
                              'replies': [{'user': 'mod_%s' % NAMES[i].split()[0].lower(), 'role': 'moderator', 'body': txt}],
                              'linked_case': {'id': 'C-%d' % t, target: None}}
        elif c == 'teams chat':
            mk = lambda txt: {'source': 'msteams', 'conversation': [{'from': NAMES[i], 'text': 'Case %d: %s' % (t, subj)},
                                                                     {'from': NAMES[(i + 2) % 12], 'text': txt}],
                              'case': {'id': t, 'description': desc, target: ''}}
        else:
            mk = lambda txt: 'Ticket #%d\nSubject: %s\n%s: (unset)\n\n%s\n\n-- internal comment (%s) --\n%s\n' % (t, subj, target, desc, NAMES[i], txt)
        lead = ['flipping my %s call so the customer can\'t skim it on the shared screen: ' % target.replace('_', ' '),
                'spoiler-ish, %s (upside down): ' % target.replace('_', ' '), 'my vote ↓ (turn your head)  ']
        add_pair(F, sc, lab, mk(lead[i % 3] + flip(lab)), mk(lead[i % 3].split(':')[0].split('(')[0].split('↓')[0].rstrip() + ' - not decided yet'))

# ============================================================ TRAP FAMILIES

def trap_morse():
    F = 'morse_unrelated_traffic'
    schemes = ['priority', 'sev', 'size', 'risk']
    msgs = ['CQ CQ DE K1ABC K', 'TNX FER QSO 73', 'QRM HR', 'SOS TEST ONLY', 'QTH BOSTON', 'UR RST 599']
    prose = {'priority': 'High SWR on the backup antenna again, low band noise is bad today.',
             'sev': 'Operator logged Sev1 drills last quarter; today is routine.',
             'size': 'Ordered the XL coax reel and a size M jacket for field day.',
             'risk': 'Low Risk of storms per forecast; High Risk fire zone map attached for reference only.'}
    for i in range(12):
        sc = schemes[i % 4]
        t = tid(i)
        subj, desc = body(sc, i)
        add_trap(F, sc, pick(sc, i, 1), {'ticket': {'id': t, 'summary': subj, 'description': desc, SCHEMES[sc][0]: None},
                                         'radio_club_channel': [{'user': NAMES[i], 'text': prose[sc]}, {'user': NAMES[(i + 1) % 12], 'text': morse(msgs[i % 6])}]})


def trap_emoji():
    F = 'letter_emoji_other_words'
    schemes = ['priority', 'sentiment', 'category', 'decision']
    words = ['LGTM', 'TY', 'WOW', 'BRB', 'GG', 'FYI']
    prose = {'priority': 'heads-up: the High Street office wifi is down, low battery on my laptop too',
             'sentiment': 'the release notes got a lot of positive press; neutral colours for the banner please',
             'category': 'reminder: Billing team offsite Friday, Shipping dock closed for repaint',
             'decision': 'who can approve my PTO? also escalate the coffee machine issue to facilities lol'}
    for i in range(12):
        sc = schemes[i % 4]
        t = tid(i)
        subj, desc = body(sc, i)
        add_trap(F, sc, pick(sc, i, 2), {'export': 'slack', 'channel': 'C04TRIAGE',
                                         'ticket': {'key': 'SUP-%d' % t, 'summary': subj, 'description': desc, SCHEMES[sc][0]: None},
                                         'messages': [{'name': NAMES[i].split()[0].lower(), 'text': prose[sc]},
                                                      {'name': NAMES[(i + 4) % 12].split()[0].lower(), 'text': ri(words[i % 6], ['slack', 'alpha', 'uni'][i % 3])}]})


def trap_mask():
    F = 'mask_shape_coincidence'
    cases = [('priority', 'High', 'Hugh', 'H**h'), ('sentiment', 'Negative', 'Nathalie', 'N******e'), ('priority', 'Low', 'Lew', 'L*w'),
             ('sentiment', 'Neutral', 'Nathiel', 'N*****l'), ('category', 'Billing', 'Bowling', 'B*****g'), ('category', 'Refund', 'Rebeca', 'Re••••'),
             ('decision', 'Reject', 'Renata', 'Re••••'), ('priority', 'Medium', 'Miriam', 'M****m'), ('sentiment', 'Positive', 'Prudence', 'P******e'),
             ('category', 'Shipping', 'Sterling', 'S******g'), ('decision', 'Approve', 'Antoine', 'A*****e'), ('risk', 'High Risk', 'Hugh Rusk', 'H**h R**k')]
    for i, (sc, exp, real, m) in enumerate(cases):
        t = tid(i)
        subj, desc = body(sc, i)
        target, labels = SCHEMES[sc]
        add_trap(F, sc, exp, {'sanitizer': {'tool': 'pii-scrub 2.3', 'policy': 'names keep first/last char; %s is a label field and is never masked' % target,
                                            'allowed_%s_values' % target: labels},
                              'ticket': {'id': t, 'subject': subj, 'description': desc, 'customer': {'name': m, 'city': 'L****n', 'masked_from_len': len(real)}, target: None}})


def trap_cache():
    F = 'normalized_cache_levels_only'
    schemes = ['priority', 'category', 'sev', 'sentiment', 'size', 'risk']
    for i in range(12):
        sc = schemes[i % 6]
        t = tid(i)
        subj, desc = body(sc, i)
        target, labels = SCHEMES[sc]
        tn = ''.join(w.capitalize() for w in target.split('_')) + 'Option'
        cache = {'ROOT_QUERY': {'ticket({"id":"%d"})' % t: {'__ref': 'Ticket:%d' % t}, '%ss' % target: [{'__ref': '%s:%s' % (tn, l.lower().replace(' ', '-'))} for l in labels]},
                 'Ticket:%d' % t: {'__typename': 'Ticket', 'id': str(t), 'title': subj, 'body': desc, target: None if i % 2 else {'__ref': '%s:unset' % tn}}}
        for l in labels:
            cache['%s:%s' % (tn, l.lower().replace(' ', '-'))] = {'__typename': tn, 'name': l}
        if not i % 2:
            cache['%s:unset' % tn] = {'__typename': tn, 'name': 'Not set'}
        add_trap(F, sc, pick(sc, i, 1), {'apollo_cache_extract': cache})


def trap_mail():
    F = 'mailing_list_addresses'
    cases = [('priority', 'Marcus High <marcus.high@northwind.example>', 'low-latency-wg@lists.example'),
             ('category', 'billing-ops-digest@acme-help.example (weekly digest, all tickets)', 'shipping-news@carrier.example'),
             ('sentiment', 'positive-pay-alerts@bank.example', 'Nina Neutral <n.neutral@studio.example>'),
             ('spam', 'spam-reports@abuse.example (auto-BCC on every inbound mail)', 'yes-we-can@events.example'),
             ('priority', 'critical-infra-newsletter@gov.example', 'Lena Low <lena.low@partner.example>'),
             ('category', 'refund-policy-updates@acme-help.example (auto-CC on all inbound)', 'technical-writers@acme.example'),
             ('risk', 'high-risk-merchants-wg@visa.example (industry list)', 'Omar Medium <omar@mediumlabs.example>'),
             ('sentiment', 'negative-keyword-sync@ads.example', 'Paula Positive <paula@positive-grid.example>'),
             ('priority', 'Bianca Medium <bianca.medium@acme.example>', 'high-school-outreach@acme.example'),
             ('category', 'account-access-audit@acme.example (SOX copy, all mail)', 'technical-debt-guild@acme.example (engineering list, auto-CC)'),
             ('spam', 'no-reply@calendar.example', 'spam-filter-team@acme.example'),
             ('risk', 'low-risk-fastlane@acme.example (program newsletter)', 'compliance@acme.example')]
    for i, (sc, cc1, cc2) in enumerate(cases):
        t = tid(i)
        subj, desc = body(sc, i)
        add_trap(F, sc, pick(sc, i, 1), 'Delivered-To: support@acme-help.example\nX-Original-To: support@acme-help.example\nX-Router-Rule: none (unclassified)\n'
                 'From: %s <%s@mail.example>\nTo: support@acme-help.example\nCc: %s,\n    %s\nSubject: %s\n\n%s\n' % (
                     NAMES[i], NAMES[i].split()[0].lower(), cc1, cc2, subj, desc))


def trap_deriv():
    F = 'derived_forms_other_sense'
    texts = {'sentiment': ['I positively must have the adapter by Friday, the old one charges negatively slow (that is the engineer\'s joke, not mine). Neutral wire is fine.',
                           'Our QA noticed negativity bias in the survey wording (the Positive/Negative answer buttons were swapped) - unrelated, just FYI. Can you check order 8812?'],
             'decision': ['Our approvals workflow at work needs two sign-offs (Approve, then Approve again - annoying); this request is about the invoice PDF layout.',
                          'The escalator in your store was broken - somebody should escalate that to the landlord; anyway, my question is about warranty length.'],
             'category': ['We shipped our own product update last week and billed partners for it (Billing is our busiest team, ha); unrelated - how do I add a seat?',
                          'The refunded-deposit scheme at our co-op is confusing (Refund Day is a local holiday joke); separate topic: the app crashes on launch.'],
             'spam': ['We use Spamhaus lists in our own MTA; the spammy-looking subject is our marketing team\'s style, sorry! Yes, that is really us.',
                      'Yes, I confirmed my email. No idea why the export is empty.']}
    schemes = ['sentiment', 'decision', 'category', 'spam']
    for i in range(12):
        sc = schemes[i % 4]
        t = tid(i)
        subj, _ = body(sc, i)
        add_trap(F, sc, pick(sc, i, 1), {'id': 'T-%d' % t, 'subject': subj, 'message': texts[sc][i // 4 % 2], SCHEMES[sc][0]: None,
                                         'upstream': {'stage': 'triage-assistant-v2', 'summary': None, 'error': 'timeout'}})


def trap_onehot():
    F = 'one_hot_other_features'
    schemes = ['priority', 'sentiment', 'category', 'size', 'risk', 'spam']
    other = {'priority': ['screen_dpi=low', 'screen_dpi=medium', 'screen_dpi=high'],
             'sentiment': ['faulty_lead=positive', 'faulty_lead=neutral', 'faulty_lead=negative'],
             'category': ['payment_method=billing_account', 'payment_method=card', 'delivery=shipping', 'delivery=pickup'],
             'size': ['ui_text_size=S', 'ui_text_size=M', 'ui_text_size=L', 'ui_text_size=XL'],
             'risk': ['selfie_image_quality=low', 'selfie_image_quality=medium', 'selfie_image_quality=high'],
             'spam': ['has_attachment=yes', 'has_attachment=no']}
    for i in range(12):
        sc = schemes[i % 6]
        t = tid(i)
        subj, desc = body(sc, i)
        target = SCHEMES[sc][0]
        cols = other[sc]
        hot = (i * 7) % len(cols)
        hdr = ['ticket_id', 'n_chars'] + cols + [target]
        row = [str(t), str(len(desc))] + ['1' if k == hot else '0' for k in range(len(cols))] + ['']
        add_trap(F, sc, pick(sc, i, 2), {'ticket': {'id': t, 'subject': subj, 'body': desc},
                                         'feature_store_row': {'table': 'fs.ticket_features_v5', 'note': 'target column unlabeled (NaN) for inference rows',
                                                               'content': ','.join(hdr) + '\n' + ','.join(row) + '\n'}})


def trap_textgrid():
    F = 'textgrid_other_senses'
    utts = {'priority': ['my', 'battery', 'warning', 'said', 'low', 'and', 'the', 'data', 'usage', 'was', 'high'],
            'category': ['my', 'bill', 'looked', 'well', 'the', 'shipping', 'was', 'a', 'test'],
            'sentiment': ['the', 'test', 'came', 'back', 'negative', 'and', 'the', 'power', 'went', 'up', 'again'],
            'decision': ['the', 'screen', 'said', 'approve', 'in', 'test', 'mode', 'thanks']}
    schemes = ['priority', 'category', 'sentiment', 'decision']
    for i in range(12):
        sc = schemes[i % 4]
        t = tid(i)
        subj, desc = body(sc, i)
        ws = [(w, w) for w in utts[sc]]
        add_trap(F, sc, pick(sc, i, 3), {'call_id': 'CALL-%d' % t, 'ticket': {'id': t, 'subject': subj, 'description': desc, SCHEMES[sc][0]: None},
                                         'speaker': 'customer', 'alignment_textgrid': textgrid(ws, 6.0),
                                         'aligner': 'Montreal Forced Aligner 3.0 (english_us_arpa)'})


def main():
    for f in [fam_morse, fam_braille, fam_emoji_letters, fam_combining, fam_graphql, fam_uu, fam_gitbin, fam_rubric,
              fam_subaddr, fam_mask, fam_deriv, fam_gsm, fam_ebcdic, fam_textgrid, fam_onehot, fam_flip,
              trap_morse, trap_emoji, trap_mask, trap_cache, trap_mail, trap_deriv, trap_onehot, trap_textgrid]:
        f()
    order = list(range(len(ITEMS)))
    RNG.shuffle(order)
    newid = {old: 'b6-%04d' % (k + 1) for k, old in enumerate(order)}
    with open(os.path.join(OUT, 'items.jsonl'), 'w') as fh:
        for k, old in enumerate(order):
            it = dict(ITEMS[old])
            it.pop('_pair', None)
            tw = it.pop('_twin_of', None)
            truth = dict(it['truth'])
            if tw is not None:
                truth['twin_of'] = newid[tw]
            out = {'id': newid[old], 'expected': it['expected'], 'label_set': it['label_set'], 'target': it['target']}
            if it.get('correlated_values'):
                out['correlated_values'] = it['correlated_values']
            out['projection'] = it['projection']
            out['truth'] = truth
            fh.write(json.dumps(out, ensure_ascii=False) + '\n')
    print(len(ITEMS))


if __name__ == '__main__':
    main()
