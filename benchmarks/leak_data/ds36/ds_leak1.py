import json, random, urllib.parse, datetime as dt
from common import name, rec, Info, pick_leak_plan, balanced_labels, FIRST, LAST
import solvers as S

# ============================================================== skate_jumps
SK_LABELS = ["Axel", "Lutz", "Flip", "Loop", "Salchow", "Toe loop"]
SK_CODE = {v: k for k, v in S.SK_CODES.items()}
SK_TAKEOFF = {  # for counter-clockwise skater
    "Axel": ("forward", "left", "outside", False), "Lutz": ("backward", "left", "outside", True),
    "Flip": ("backward", "left", "inside", True), "Toe loop": ("backward", "right", "outside", True),
    "Loop": ("backward", "right", "outside", False), "Salchow": ("backward", "left", "inside", False)}
NATIONS = ["JPN", "USA", "KOR", "ITA", "FRA", "CAN", "GEO", "EST", "SUI", "GER", "BEL", "FIN", "AUS", "POL", "CZE"]
COMPS = [("ISU Junior Grand Prix Ljubljana 2026", "JGP-LJU"), ("ISU Junior Grand Prix Riga 2026", "JGP-RIG"),
         ("Nebelhorn Trophy 2026", "NEB26"), ("Lombardia Trophy 2026", "LOM26"), ("Finlandia Trophy 2026", "FIN26")]
ENTRIES = ["from back crossovers", "after a long glide", "out of a spread eagle", "from a three turn",
           "from a mohawk", "after footwork", "from a counter", "straight out of the corner"]

def gen_skate(seed=3601, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, SK_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.45, ["clip file name ISU code", "base value in scoring echo", "planned program content by element order"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        direction = "counter-clockwise" if rng.random() < 0.85 else "clockwise"
        d, foot, edge, toe = SK_TAKEOFF[lab]
        if direction == "clockwise":
            foot = {"left": "right", "right": "left"}[foot]
        rot = rng.choice([2, 3, 3, 3, 4])
        comp, cc = rng.choice(COMPS)
        cat = rng.choice(["Junior Women", "Junior Men", "Senior Women", "Senior Men"])
        seg = rng.choice(["Short Program", "Free Skating"])
        order = rng.randint(1, 7)
        sk_no = rng.randint(1, 30)
        clip = f"https://replay.techpanel.example/{cc}/{cat.replace(' ', '')}_{'SP' if seg[0]=='S' else 'FS'}/sk{sk_no:02d}_el{order:02d}"
        ent = rng.choice(ENTRIES)
        notes = f"Entry {ent}; " + rng.choice(["good height", "average height", "quick rotation", "slightly tight in the air", "big distance"]) + "; " + rng.choice(["landing held", "flow out ok", "hand near ice on landing", "step-out avoided"])
        proj = {
            "instruction": ("You support the technical specialist. From the take-off description of the element, identify the jump. "
                            "Rules: a forward take-off is an Axel. For a counter-clockwise rotating skater: back outside edge of the left foot with toe-pick assist = Lutz; "
                            "back inside edge of the left foot with toe-pick assist = Flip; back outside edge of the right foot with toe-pick assist = Toe loop; "
                            "back outside edge of the right foot without toe pick = Loop; back inside edge of the left foot without toe pick = Salchow. "
                            "For clockwise skaters mirror left and right. Answer with exactly one of: Axel, Lutz, Flip, Loop, Salchow, Toe loop."),
            "event": {"competition": comp, "category": cat, "segment": seg},
            "skater": {"start_number": sk_no, "name": name(rng), "nation": rng.choice(NATIONS), "rotation_direction": direction},
            "element": {"order": order, "rotations": rot, "in_combination": False,
                        "takeoff": {"direction": d, "foot": foot, "edge": edge, "toe_pick_assist": toe},
                        "landing": {"foot": "right" if direction == "counter-clockwise" else "left", "edge": "back outside",
                                    "clean": rng.random() < 0.8}},
            "ts_notes": notes,
            "replay": {"clip": clip + ".mp4", "duration_s": round(rng.uniform(4.5, 8.5), 1), "angles": rng.choice([2, 3, 4])},
        }
        info.trap("label set listed in instruction", "Answer with exactly one of: Axel, Lutz, Flip, Loop, Salchow, Toe loop")
        # traps
        if rng.random() < 0.35:
            other = rng.choice(list(S.SK_CODES))
            prev = f"{rng.randint(2,3)}{other}" + rng.choice(["", "<", "q", "e", "<<"])
            proj["previous_skater_line"] = f"Prev skater #{sk_no-1 if sk_no>1 else 2}: el{order} {prev} called, review closed"
            info.trap("labels of other records/events", proj["previous_skater_line"])
        if rng.random() < 0.3:
            proj["music"] = {"title": rng.choice(["Loop of Dreams", "Salchow Street Blues", "Flip Side", "Nocturne op. 9"]),
                             "note": "music file loops once at 2:40 if the skater falls behind"}
            info.trap("label word in another sense", proj["music"]["note"] + " / " + proj["music"]["title"])
        for fam in plan[i]:
            info.leak(fam)
            code = SK_CODE[lab]
            if fam == "clip file name ISU code":
                proj["replay"]["clip"] = clip + f"_{rot}{code}.mp4"
            elif fam == "base value in scoring echo":
                bv = S.SK_BV[rot][code]; goe = round(rng.choice([-1, 0, 1, 2, 3]) * bv / 10, 2)
                proj["scoring_echo"] = f"El {order}  BV {bv:.2f}  GOE {goe:+.2f}  pending TS confirmation"
            else:
                ppc = []
                for k in range(7):
                    if k == order - 1:
                        ppc.append(f"{rot}{code}")
                    else:
                        ppc.append(rng.choice(["3Lz+3T", "2A", "FCSp4", "StSq3", "3F+2T", "CCoSp4", "3Lo", "3S", "LSp4", "ChSq1"]))
                proj["planned_program_content"] = ppc
        out.append((rec("skate_jumps", i + 1, lab, SK_LABELS, proj, bool(plan[i])), info))
    meta = {"derive_from": ["/skater/rotation_direction", "/element/takeoff"],
            "note": "Jump type follows from take-off direction, foot, edge and toe-pick assist, mirrored for clockwise skaters."}
    return out, meta

# ============================================================== bridge_opening
BR_LABELS = ["Pass", "1 Club", "1 Diamond", "1 Heart", "1 Spade", "1 No Trump"]
RANKS = "AKQJT98765432"
SUITS = ["spades", "hearts", "diamonds", "clubs"]
LIN_OF = {v: k for k, v in S.LIN_BID.items()}
PBN_OF = {v: k for k, v in S.PBN_BID.items()}
CLUBS = [("Darwin Bridge Club", "Darwin NT"), ("Eastside Duplicate Club", "Leeds"), ("Bridge Club Zürich-Enge", "Zürich"),
         ("Club de Bridge de Lyon", "Lyon"), ("Harbour City Bridge", "Wellington"), ("Pass Christian Bridge Group", "Pass Christian MS")]

def deal(rng):
    deck = [(s, r) for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = []
    for h in range(4):
        cards = deck[h * 13:(h + 1) * 13]
        hands.append({s: "".join(r for r in RANKS if (s, r) in cards) for s in SUITS})
    return hands

def pbn_hand(h):
    return ".".join(h[s] for s in SUITS)

def gen_bridge(seed=3602, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, BR_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.5, ["BBO LIN auction in URL-encoded handviewer link", "PBN file Auction section"])
    out = []
    seats = ["N", "E", "S", "W"]
    for i in range(n):
        lab = labels[i]; info = Info()
        while True:
            hands = deal(rng)
            hcp, _ = S.bridge_eval(hands[0])
            if hcp <= 19 and S.solve_bridge({"/dealer_hand": hands[0]}) == lab:
                break
        board = rng.randint(1, 32)
        dealer = seats[(board - 1) % 4]
        vul = ["None", "NS", "EW", "Both"][(board - 1 + (board - 1) // 4) % 4]
        club, town = rng.choice(CLUBS)
        di = seats.index(dealer)
        byseat = {seats[(di + k) % 4]: hands[k] for k in range(4)}
        proj = {
            "instruction": ("Decide the dealer's opening call under the club's simplified Standard American card: "
                            "fewer than 12 HCP: Pass; 15-17 HCP balanced (no void or singleton, at most one doubleton): 1 No Trump; "
                            "otherwise with a five-card or longer major open the longer major (1 Spade with equal length); "
                            "otherwise open the longer minor, 1 Club with 3-3 and 1 Diamond with 4-4. Count A=4 K=3 Q=2 J=1. "
                            "Answer with one of: Pass, 1 Club, 1 Diamond, 1 Heart, 1 Spade, 1 No Trump."),
            "session": {"club": club, "location": town, "event": rng.choice(["Tuesday Pairs", "Swiss Teams", "Novice Pairs", "Club Championship"]),
                        "date": f"2026-{rng.randint(1,11):02d}-{rng.randint(1,28):02d}"},
            "board": {"number": board, "dealer": dealer, "vulnerability": vul},
            "dealer_hand": hands[0],
            "director_note": rng.choice(["Please pass the traveller to table 3 after play.", "Boards 13-16 were duplimated twice.",
                                         "Slow play warning issued at table 5.", "", "Mitchell movement, 9 tables."]),
        }
        info.trap("label set listed in instruction", "Answer with one of: Pass, 1 Club, 1 Diamond, 1 Heart, 1 Spade, 1 No Trump")
        if "pass" in proj["director_note"].lower():
            info.trap("label word in another sense", proj["director_note"])
        if town.endswith(" NT") or town.startswith("Pass"):
            info.trap("label token inside entity names", f"{club}, {town}")
        if rng.random() < 0.3:
            proj["previous_board"] = {"number": board - 1 if board > 1 else 32,
                                      "result": rng.choice(["1NT by S, made 2", "4S by N, down 1", "3NT by E, made 3", "Passed out", "2H by W, made 2", "1 Club-1 Spade-2 Clubs-Pass"])}
            info.trap("labels of other records/events", proj["previous_board"]["result"])
        lin_deal = "".join(["S" + h["spades"] + "H" + h["hearts"] + "D" + h["diamonds"] + "C" + h["clubs"] + ","
                             for h in [byseat["S"], byseat["W"], byseat["N"], byseat["E"]]])[:-1]
        md = f"md|{ {'S':1,'W':2,'N':3,'E':4}[dealer] }{lin_deal}|".replace(" ", "")
        svmap = {"None": "o", "NS": "n", "EW": "e", "Both": "b"}
        base_lin = f"pn|{rng.choice(LAST)},{rng.choice(LAST)},{rng.choice(LAST)},{rng.choice(LAST)}|st||{md}sv|{svmap[vul]}|ah|Board {board}|"
        pbn_deal = f"{dealer}:" + " ".join(pbn_hand(byseat[seats[(di + k) % 4]]) for k in range(4))
        pbn_base = (f'[Event "{proj["session"]["event"]}"]\n[Site "{club}"]\n[Date "{proj["session"]["date"].replace("-", ".")}"]\n'
                    f'[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{pbn_deal}"]\n')
        fams = plan[i]
        if "BBO LIN auction in URL-encoded handviewer link" in fams:
            rest = rng.choice(["p|mb|p|mb|p", "p|mb|2C|mb|p|mb|p|mb|p", "1S|mb|p|mb|2S|mb|p|mb|p|mb|p", "d|mb|p|mb|p|mb|p"])
            lin = base_lin + f"mb|{LIN_OF[lab]}|mb|{rest}|pg||"
            proj["handviewer_url"] = "https://www.bridgebase.com/tools/handviewer.html?lin=" + urllib.parse.quote(lin, safe="")
            info.leak("BBO LIN auction in URL-encoded handviewer link")
        elif rng.random() < 0.35:
            oh = deal(rng); pb = board - 1 if board > 1 else 32
            od = "".join("S" + h["spades"] + "H" + h["hearts"] + "D" + h["diamonds"] + "C" + h["clubs"] + "," for h in oh)[:-1]
            proj["previous_board_viewer"] = "https://www.bridgebase.com/tools/handviewer.html?lin=" + urllib.parse.quote(
                f"pn|{rng.choice(LAST)},{rng.choice(LAST)},{rng.choice(LAST)},{rng.choice(LAST)}|st||md|{(pb-1)%4+1}{od}|ah|Board {pb}|mb|{rng.choice(list(S.LIN_BID))}|mb|p|pg||", safe="")
            info.trap("labels of other records/events", "BBO handviewer link of the previous board, with that board's auction")
        if "PBN file Auction section" in fams:
            rest = rng.choice(["Pass Pass Pass", "Pass 2C Pass Pass Pass", "1S Pass 2S AP", "X Pass Pass Pass"])
            proj["attachments"] = [{"name": f"board{board:02d}.pbn", "mime": "text/plain",
                                    "content": pbn_base + f'[Auction "{dealer}"]\n{PBN_OF[lab]} {rest}\n'}]
            info.leak("PBN file Auction section")
        elif rng.random() < 0.35:
            proj["attachments"] = [{"name": f"board{board:02d}.pbn", "mime": "text/plain",
                                    "content": f'[Event "{proj["session"]["event"]}"]\n[Site "{club}"]\n[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "?"]\n'}]
            info.trap("leak-format carrier with neutral content", "PBN attachment header only, no Deal/Auction")
        out.append((rec("bridge_opening", i + 1, lab, BR_LABELS, proj, bool(fams)), info))
    meta = {"derive_from": ["/dealer_hand"],
            "note": "Opening call follows from the dealer's 13 cards (HCP and suit lengths) under the stated card."}
    return out, meta

# ============================================================== horse_coat
HO_LABELS = ["bay", "black", "chestnut", "grey"]
HO_HEX = {v: k for k, v in S.HORSE_HEX.items()}
HO_ABBR = {v: k for k, v in S.HORSE_ABBR.items()}
HORSE_NAMES_A = ["Midnight", "Silver", "Black", "Bay", "Grey", "Copper", "Storm", "Lucky", "Celtic", "Northern", "Golden", "Quiet"]
HORSE_NAMES_B = ["Dancer", "Legend", "Lad", "Lass", "Arrow", "Bay", "Mist", "Spirit", "Echo", "Warrior", "Whisper", "Prince"]
PLACES = ["12 Bay Road, Howth", "Blackrock, Co. Dublin", "Greystones, Co. Wicklow", "Kildare Town", "3 Mill Lane, Naas",
          "Chestnut Grove Farm, Fethard", "Newbridge", "Bunclody", "Black Lion Stud, Kells", "Ballymore Eustace"]

def genos(rng, lab):
    while True:
        e = rng.choice(["E/E", "E/e", "e/e"]); a = rng.choice(["A/A", "A/a", "a/a"]); g = rng.choice(["G/g", "g/g", "g/g", "G/G"])
        res = [{"locus": "E", "test": "Extension (Red factor, MC1R)", "genotype": e},
               {"locus": "A", "test": "Agouti (ASIP)", "genotype": a},
               {"locus": "G", "test": "Grey (STX17 duplication)", "genotype": g}]
        if S.solve_horse({"/lab_report/results": res}) == lab:
            return res

def gen_horse(seed=3603, n=140):
    rng = random.Random(seed)
    labels = balanced_labels(rng, HO_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.4, ["colour abbreviation on vet identification", "pedigree chart node colour (CSS hex)"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        fname = rng.choice(HORSE_NAMES_A) + " " + rng.choice(HORSE_NAMES_B)
        sire = rng.choice(HORSE_NAMES_A) + " " + rng.choice(HORSE_NAMES_B)
        dam = rng.choice(HORSE_NAMES_A) + " " + rng.choice(HORSE_NAMES_B)
        place = rng.choice(PLACES)
        proj = {
            "instruction": ("Registry desk: record the foal's base coat colour from the DNA colour panel. Any G allele = grey; "
                            "otherwise e/e = chestnut; otherwise at least one A allele = bay; otherwise black. "
                            "Answer with one of: bay, black, chestnut, grey."),
            "foal": {"proposed_name": fname, "sex": rng.choice(["colt", "filly"]), "foaled": f"2026-{rng.randint(2,6):02d}-{rng.randint(1,28):02d}",
                     "breed": rng.choice(["Thoroughbred", "Irish Sport Horse", "Connemara Pony", "Warmblood"]), "sire": sire, "dam": dam},
            "owner": {"name": name(rng), "address": place},
            "lab_report": {"lab": rng.choice(["Weatherbys Scientific", "Equine Genetics Lab UCD", "Animal DNA Diagnostics"]),
                           "case_no": f"EQ{rng.randint(100000, 999999)}", "sample": rng.choice(["mane hair", "tail hair"]),
                           "results": genos(rng, lab),
                           "interpretation_key": "E/_ a/a = black; E/_ A/_ = bay; e/e = chestnut (red); G/_ = grey (progressive greying masks base colour)."},
        }
        info.trap("label set listed in instruction", "interpretation_key lists bay/black/chestnut/grey")
        info.trap("label words inside legitimate input", "test name 'Grey (STX17 duplication)' in every genotype panel")
        if any(w in (fname + sire + dam).split() for w in ["Black", "Bay", "Grey"]):
            info.trap("label token inside entity names", f"{fname} (sire {sire}, dam {dam})")
        if any(w in place for w in ["Bay", "Black", "Grey", "Chestnut"]):
            info.trap("label word in another sense", place)
        marks = rng.choice(["star, snip", "blaze, LH sock", "no white", "star, RF coronet", "stripe, both hind white"])
        vet = {"vet": "MVB " + name(rng), "date": proj["foal"]["foaled"][:8] + f"{rng.randint(1,28):02d}", "markings": marks,
               "colour_abbr": None, "remark": "colour to be confirmed by DNA"}
        proj["vet_identification"] = vet
        sire_c, dam_c = rng.choice(HO_LABELS), rng.choice(HO_LABELS)
        foal_hex = "#f4f4f4"
        for fam in plan[i]:
            info.leak(fam)
            if fam == "colour abbreviation on vet identification":
                vet["colour_abbr"] = HO_ABBR[lab]; vet["remark"] = "identified at foot of dam"
            else:
                foal_hex = HO_HEX[lab]
        if rng.random() < 0.5 or foal_hex != "#f4f4f4":
            proj["pedigree_html"] = (f"<table class='pedigree'><tr><td rowspan='2' class='foal' style='background:{foal_hex}'>{fname}</td>"
                                     f"<td class='sire' style='background:{HO_HEX[sire_c]}'>{sire}</td></tr>"
                                     f"<tr><td class='dam' style='background:{HO_HEX[dam_c]}'>{dam}</td></tr></table>")
            info.trap("labels of other records/events", f"sire/dam nodes coloured {sire_c}/{dam_c} (random)")
        out.append((rec("horse_coat", i + 1, lab, HO_LABELS, proj, bool(plan[i])), info))
    meta = {"derive_from": ["/lab_report/results"], "note": "Coat colour from E, A and G locus genotypes (epistasis order G > E > A)."}
    return out, meta

# ============================================================== backup_tiers
BK_LABELS = ["daily", "weekly", "monthly", "yearly", "expire"]

def gen_backup(seed=3604, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, BK_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.45, ["retention tier in snapshot name", "hold-until timestamp set by pruner"])
    out = []
    hosts = ["nas01.lab", "fs-prod-2", "backup-vault", "pve-node3", "archive-01"]
    dsets = ["tank/projects", "tank/home", "pool0/vm-101-disk-0", "data/postgres", "tank/media"]
    for i in range(n):
        lab = labels[i]; info = Info()
        asof = dt.datetime(2026, rng.randint(1, 11), rng.randint(1, 28), rng.randint(1, 6), 0, 0)
        while True:
            if lab == "yearly":
                c = dt.date(asof.year - rng.randint(0, 6), 1, 1)
            elif lab == "monthly":
                c = (asof.date() - dt.timedelta(days=rng.randint(0, 366))).replace(day=1)
            elif lab == "weekly":
                c = asof.date() - dt.timedelta(days=rng.randint(0, 35))
            elif lab == "daily":
                c = asof.date() - dt.timedelta(days=rng.randint(0, 7))
            else:
                c = asof.date() - dt.timedelta(days=rng.randint(8, 900))
            created = dt.datetime(c.year, c.month, c.day, 0, 0, rng.randint(1, 59))
            if created > asof:
                continue
            v = {"/snapshot/created": created.strftime("%Y-%m-%dT%H:%M:%SZ"), "/as_of": asof.strftime("%Y-%m-%dT%H:%M:%SZ")}
            if S.solve_backup(v) == lab:
                break
        ds = rng.choice(dsets)
        proj = {
            "instruction": ("Audit the retention tier of this snapshot as of the audit time under policy keep-daily=7, keep-weekly=5, "
                            "keep-monthly=12, keep-yearly=7: age in days = audit date minus snapshot UTC date. Jan 1 snapshot with age <= 2555 = yearly; "
                            "else 1st-of-month with age <= 366 = monthly; else Sunday with age <= 35 = weekly; else age <= 7 = daily; else expire. "
                            "Answer with one of: daily, weekly, monthly, yearly, expire."),
            "as_of": v["/as_of"],
            "host": rng.choice(hosts),
            "cron_job": "daily-backup.timer (systemd), triggers at 00:00 UTC",
            "snapshot": {"name": f"{ds}@bk-{rng.getrandbits(28):07x}", "created": v["/snapshot/created"],
                         "used": f"{rng.uniform(0.1, 40):.1f}G", "referenced": f"{rng.randint(50, 900)}G"},
        }
        info.trap("label token inside entity names", "cron_job daily-backup.timer")
        info.trap("label set listed in instruction", "keep-daily=7, keep-weekly=5, keep-monthly=12, keep-yearly=7")
        if rng.random() < 0.35:
            od = created - dt.timedelta(days=rng.randint(1, 40))
            proj["neighbour_in_listing"] = f"{ds}@autosnap_{od.strftime('%Y-%m-%d_%H:%M:%S')}_{rng.choice(BK_LABELS[:4])}  USED 0B"
            info.trap("labels of other records/events", proj["neighbour_in_listing"])
        if rng.random() < 0.3:
            proj["zpool_status"] = "scan: scrub repaired 0B in 03:12:44 with 0 errors (weekly scrub, sun 02:00)"
            info.trap("label word in another sense", proj["zpool_status"])
        if lab == "expire" and plan[i] == ["retention tier in snapshot name"]:
            plan[i] = ["hold-until timestamp set by pruner"]  # sanoid names carry no 'expire' suffix
        elif lab == "expire" and "retention tier in snapshot name" in plan[i]:
            plan[i] = ["hold-until timestamp set by pruner"]
        for fam in plan[i]:
            info.leak(fam)
            if fam == "retention tier in snapshot name":
                proj["snapshot"]["name"] = f"{ds}@autosnap_{created.strftime('%Y-%m-%d_%H:%M:%S')}_{lab}"
            else:
                if lab in ("daily", "expire"):
                    h = created + dt.timedelta(days=7)
                elif lab == "weekly":
                    h = created + dt.timedelta(days=35)
                elif lab == "monthly":
                    h = created.replace(year=created.year + 1)
                else:
                    h = created.replace(year=created.year + 7)
                proj["pruner_state"] = {"last_run": asof.strftime("%Y-%m-%dT%H:%M:%SZ"), "hold_until": h.strftime("%Y-%m-%dT%H:%M:%SZ")}
        if "pruner_state" not in proj and rng.random() < 0.4:
            proj["pruner_state"] = {"last_run": asof.strftime("%Y-%m-%dT%H:%M:%SZ"), "hold_until": None}
            info.trap("leak-format carrier with neutral content", "pruner_state with hold_until null")
        out.append((rec("backup_tiers", i + 1, lab, BK_LABELS, proj, bool(plan[i])), info))
    meta = {"derive_from": ["/snapshot/created", "/as_of"], "note": "Tier from snapshot date vs audit date under the stated GFS policy."}
    return out, meta

# ============================================================== pd_rights
PD_LABELS = ["public domain", "in copyright", "undetermined"]
PD_URI_OF = {v: k for k, v in S.PD_URI.items()}
PD_MARC_OF = {v: k for k, v in S.PD_MARC.items()}
TITLES = ["The Public Domain: A History of Federal Land Policy", "Songs of the Western Isles", "A Treatise on Tidal Mills",
          "Copyright and the Printing Trade", "Annals of the Parish of Kilmore", "Field Notes on Mosses", "The Harbour Pilot's Guide",
          "Letters from Trieste", "Elementary Lessons in Telegraphy", "Recipes of the Alsace Kitchen", "On the Drainage of Fens",
          "Poems in Two Voices", "The Weaver's Almanac", "Rights of Way in Rural England"]

def gen_pd(seed=3605, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, PD_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.5, ["rights URI in IIIF manifest", "MARC 542 copyright status subfield"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        while True:
            t = rng.choice(["person", "person", "person", "anonymous", "unknown"])
            py = rng.choice([None] + list(range(1860, 1995)))
            dy = rng.choice([None] + list(range(1880, 2024))) if t == "person" else None
            if t == "person" and py is not None and dy is not None and dy < py - 5:
                continue
            cr = {"type": t, "name": name(rng) if t == "person" else ("Anonymous" if t == "anonymous" else "[unidentified]"),
                  "birth_year": (dy - rng.randint(30, 90)) if dy else None, "death_year": dy}
            v = {"/item/creator": cr, "/item/publication_year": py, "/rights_as_of": "2026-01-01"}
            if S.solve_pd(v) == lab:
                break
        title = rng.choice(TITLES)
        lid = f"DH-{rng.randint(2019, 2026)}-{rng.randint(10000, 99999)}"
        proj = {
            "instruction": ("Rights clearance for digitisation. As of rights_as_of, term = life + 70 years (counted to end of year): "
                            "a named person who died in or before (as_of year - 71) -> public domain, later -> in copyright, death unknown -> undetermined. "
                            "Anonymous works: by publication year, same cut-off; no year -> undetermined. Unidentified creator -> undetermined. "
                            "Answer with one of: public domain, in copyright, undetermined."),
            "rights_as_of": "2026-01-01",
            "item": {"local_id": lid, "title": title, "format": rng.choice(["book", "pamphlet", "score", "map", "photograph"]),
                     "language": rng.choice(["en", "de", "fr", "ga", "it"]), "publication_year": py, "creator": cr},
            "digitisation": {"batch": f"B{rng.randint(100, 999)}", "pages": rng.randint(4, 600), "platform_footer": "© 2026 Digitisation Hub. Metadata CC0; images as marked."},
        }
        info.trap("label set listed in instruction", "public domain, in copyright, undetermined")
        if "Public Domain" in title or "Copyright" in title:
            info.trap("label word in another sense", title)
        if rng.random() < 0.3:
            proj["collection_note"] = f"Collection of {rng.randint(40, 900)} items; mixed status (in copyright and public domain)."
            info.trap("label set listed in instruction", proj["collection_note"])
        if rng.random() < 0.25:
            proj["review_history"] = [{"date": f"201{rng.randint(2,9)}-0{rng.randint(1,9)}-1{rng.randint(0,9)}", "status": rng.choice(PD_LABELS),
                                       "note": "pre-2020 rules, superseded"}]
            info.trap("historical mention", f"review_history status {proj['review_history'][0]['status']} (superseded, random)")
        man = {"@context": "http://iiif.io/api/presentation/3/context.json", "id": f"https://iiif.dh.example/{lid}/manifest",
               "type": "Manifest", "label": {"en": [title]},
               "requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["Digitisation Hub"]}}}
        marc = [f"=LDR  00000nam a2200000 i 4500", f"=001  {lid}", f"=245  10$a{title}",
                f"=300  \\\\$a{rng.randint(4, 600)} p."]
        for fam in plan[i]:
            info.leak(fam)
            if fam == "rights URI in IIIF manifest":
                man["rights"] = PD_URI_OF[lab]
            else:
                marc.append(f"=542  1\\$l{PD_MARC_OF[lab]}$gDigitisation Hub rights review")
        if plan[i] or rng.random() < 0.6:
            proj["iiif_manifest"] = json.dumps(man)
            if "rights URI in IIIF manifest" not in plan[i]:
                info.trap("leak-format carrier with neutral content", "IIIF manifest without rights property")
        if plan[i] or rng.random() < 0.6:
            proj["marc_record"] = "\n".join(marc)
        out.append((rec("pd_rights", i + 1, lab, PD_LABELS, proj, bool(plan[i])), info))
    meta = {"derive_from": ["/item/creator", "/item/publication_year", "/rights_as_of"],
            "note": "Status from creator type, death year, publication year and the as-of date (life+70)."}
    return out, meta
