"""ds11 part B: content_advisory_rating, nursery_plant_health, ticket_resale_review (all leaking)."""
import json
import random

from common import (b64, balanced_labels, choose_leaks, digits, ent, hexid, name, rec, urlq, when, write)

# ---------------------------------------------------------------- content advisory
CR = ["TV-Y", "TV-G", "TV-PG", "TV-14", "TV-MA"]
LINES = {
    "TV-Y": ["Hi friends! Today Pip the penguin is learning to count to ten, can you count with him?",
             "Let's sing the tidy-up song together, clap clap clap!",
             "What colour is the big balloon? That's right, it's red!",
             "Mila the bunny shares her carrots with all her friends in the meadow.",
             "Time to wash our hands, scrub scrub scrub, bubbles everywhere!",
             "Can you find the triangle hiding in the picture? Great job!"],
    "TV-G": ["So today we're re-potting the monstera, you want a pot about two inches wider than the root ball.",
             "This little bakery in Porto has been making pastel de nata since 1837.",
             "Welcome back to the channel, this week we're reviewing three budget mechanical keyboards.",
             "Our guest today spent twenty years restoring vintage sailboats on the Chesapeake.",
             "Fold the egg whites in gently, you don't want to knock all the air out.",
             "The trail climbs about 400 metres over the first two miles, so pace yourself."],
    "TV-PG": ["Oh, damn, I forgot to preheat the oven again.",
              "The battle of Gettysburg left thousands dead over three days, and we'll talk about why it mattered.",
              "He was kind of a jerk about it, honestly, and what the hell was that haircut.",
              "The storm knocked the climber off the ledge and he broke his ankle, it was scary.",
              "There's some light flirting at the wedding reception, nothing more.",
              "My dad had a couple of beers and started singing karaoke, mortifying."],
    "TV-14": ["He got absolutely shitfaced at the afterparty and started a fight in the parking lot.",
              "The detective finds the body in the trunk, the victim had been stabbed several times.",
              "We talk pretty frankly about hookup culture and sex on campus in this episode.",
              "She admitted she'd been popping Adderall to get through finals week.",
              "That's bullshit and you know it, the referee totally blew that call.",
              "The cartel shootout scene is intense, people get shot on screen but it's not lingered on."],
    "TV-MA": ["What the fuck were you thinking, you absolute fucking idiot.",
              "The camera doesn't cut away, you see him get beaten until his face is unrecognisable, blood everywhere.",
              "They snort lines off the bathroom counter and then we get a pretty explicit sex scene.",
              "Our guest describes in graphic detail how she cooked meth in her garage.",
              "This episode includes a detailed first-person account of a sexual assault, please take care.",
              "Fuck this, fuck him, I'm fucking done with all of it."],
}
FILLER = ["Before we start, thanks to everyone who left a comment last week.", "Anyway, let's get into it.",
          "Don't forget to subscribe if you haven't already.", "Let's take a quick look at the numbers.",
          "That's it for this part, back after the break.", "I've had a lot of questions about this so here goes."]
SHOWS = ["The Weekly Drop", "Late Shift", "Open Mic Hour", "Side Quest", "Kitchen Table Talk", "Out Loud", "The Long Way Round",
         "Small Screen Club", "Third Act", "Good Question", "Offline", "The Back Room"]
MINAGE = {"TV-Y": 0, "TV-G": 7, "TV-PG": 10, "TV-14": 14, "TV-MA": 17}
EMOJI = {"TV-Y": "🧸", "TV-G": "✅", "TV-PG": "👪", "TV-14": "⚠️", "TV-MA": "🔞"}
GARM = {"TV-Y": "made_for_kids", "TV-G": "low", "TV-PG": "medium", "TV-14": "high", "TV-MA": "floor_excluded"}
EDNOTE = {"TV-Y": "preschool block only, no ads targeting", "TV-G": "fine for the all-ages shelf, nothing to flag",
          "TV-PG": "couple of mild words, keep it on the family tier with parental guidance",
          "TV-14": "bleeped the worst of it in act 2, so it lands in the teens bucket instead of adults-only",
          "TV-MA": "no way to cut this down, adults-only with the mature interstitial"}


def content():
    rng = random.Random(1104)
    n = 190
    labs = balanced_labels(rng, CR, n)
    leaks = choose_leaks(rng, n, 0.7)
    out = []
    for i, lab in enumerate(labs):
        show = rng.choice(SHOWS)
        lines = rng.sample(LINES[lab], rng.randint(2, 3))
        lower = CR[max(0, CR.index(lab) - 1)]
        if lab != "TV-Y" and rng.random() < .5:
            lines.append(rng.choice(LINES[lower]))
        lines += rng.sample(FILLER, 2)
        rng.shuffle(lines)
        ep = f"S{rng.randint(1, 6):02d}E{rng.randint(1, 24):02d}"
        desc = rng.choice([f"New episode of {show}!", f"{show} {ep}.", f"This week on {show}."]) + " " + rng.choice(
            ["Grab a snack and join us.", "Links and sources below.", "Thanks to our Patreon supporters.", "Timestamps in the comments."])
        p = {
            "task": "Assign a TV Parental Guidelines rating (TV-Y, TV-G, TV-PG, TV-14, TV-MA) to this episode based on its content.",
            "episode": {"guid": f"{hexid(rng, 8)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 12)}", "show": show, "episode": ep,
                        "title": rng.choice(["Part one", "The long road", "Q&A special", "Live from the studio", "Behind the scenes", "Finale"]),
                        "duration_sec": rng.randint(420, 4200), "published": when(rng),
                        "description": desc, "description_html": f"<p>{ent(desc)}</p>",
                        "transcript_excerpt": " ".join(lines)},
            "upload": {"filename": f"{show.lower().replace(' ', '_').replace('&', 'and')}_{ep}_master_v{rng.randint(1, 4)}.mov",
                       "uploader": name(rng), "codec": rng.choice(["ProRes 422", "H.264", "H.265"])},
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["filename", "minage", "html", "emoji", "garm", "note"], rng.choice([1, 2, 2])):
                code = lab.replace("-", "")
                if f == "filename":
                    p["upload"]["filename"] = f"{show.lower().replace(' ', '_').replace('&', 'and')}_{ep}_{rng.choice([code, code.lower()])}_master_v{rng.randint(1, 4)}.mov"
                elif f == "minage":
                    p["platform_moderation"] = {"classifier": "safety-mm-v5", "audience_min_age": MINAGE[lab], "reviewed": False}
                elif f == "html":
                    p["episode"]["description_html"] = f"<p>{ent(desc)}</p>" + ent(f'<span class="rating-badge">{lab}</span>')
                elif f == "emoji":
                    p["thumbnail"] = {"overlay": EMOJI[lab], "template": "ep-card-2024"}
                elif f == "garm":
                    p["ad_sales"] = {"brand_safety_tier": GARM[lab], "cpm_floor_usd": round(rng.uniform(4, 22), 2)}
                else:
                    p["editor_notes"] = [{"by": name(rng), "text": EDNOTE[lab]}]
        else:
            if rng.random() < .4:
                p["ad_sales"] = {"brand_safety_tier": "pending", "cpm_floor_usd": round(rng.uniform(4, 22), 2)}
            if rng.random() < .3:
                p["editor_notes"] = [{"by": name(rng), "text": rng.choice(["audio levels fixed in the second half", "swap thumbnail before publish", "captions uploaded"])}]
        out.append(rec("content_advisory_rating", i, lab, CR, p, leak))
    meta = {"derive_from": ["/episode/transcript_excerpt", "/episode/description"],
            "note": "Rating must come from what is said/shown in the transcript excerpt (language, violence, sex, drugs)."}
    return "content_advisory_rating", out, meta


# ---------------------------------------------------------------- nursery health (Dutch labels)
NL = ["gezond", "verdacht", "aangetast", "quarantaine"]
CROPS = [("Olea europaea", "'Arbequina'"), ("Lavandula angustifolia", "'Hidcote'"), ("Solanum lycopersicum", "'Merlice' (young plants)"),
         ("Rhododendron", "'Cunningham's White'"), ("Viburnum tinus", "'Eve Price'"), ("Rosa", "'Bonica'"), ("Buxus sempervirens", ""),
         ("Hydrangea macrophylla", "'Bela'"), ("Capsicum annuum", "'Mavras' (young plants)"), ("Polygala myrtifolia", ""), ("Acer palmatum", "'Bloodgood'")]
QPEST = {"Olea europaea": "leaf scorch from the tips inward, marginal browning with a yellow halo, several branches dying back (Xylella-like)",
         "Lavandula angustifolia": "sudden desiccation of shoots with scorched leaf margins, dieback in patches (Xylella-like)",
         "Polygala myrtifolia": "leaf scorch and dieback on multiple plants, typical Xylella host",
         "Solanum lycopersicum": "mosaic and leaf narrowing, some plants with brown rugose patches on first trusses (ToBRFV-like)",
         "Capsicum annuum": "mosaic mottling, leaf deformation, necrotic spots on stems (ToBRFV-like)",
         "Rhododendron": "dark brown leaf lesions running down the petiole into the shoot, shoot tip wilting (P. ramorum-like)",
         "Viburnum tinus": "stem base lesions and leaf blackening spreading from the petiole (P. ramorum-like)",
         "Rosa": "metallic green beetles with white tufts on the abdomen found feeding on flowers (Popillia japonica?)",
         "Buxus sempervirens": "adult beetles with white hair tufts found in the block, skeletonised leaves (Popillia japonica?)",
         "Hydrangea macrophylla": "metallic green-bronze beetles with white lateral tufts skeletonising leaves (Popillia japonica?)",
         "Acer palmatum": "exit holes ~10 mm round in the trunk base, frass at the collar (Anoplophora-like)"}
COMMON = ["powdery mildew covering upper leaf surfaces", "aphid colonies on shoot tips with honeydew and sooty mould",
          "Botrytis grey mould on lower leaves and stems", "thrips silvering and black frass on leaves",
          "spider mite webbing and stippling", "vine weevil notching on leaf margins and larvae in the root ball",
          "downy mildew lesions on leaf undersides", "bacterial leaf spot with angular water-soaked lesions"]
MILD = ["slight interveinal yellowing on a handful of plants, possibly nutrient related", "a few leaves with small brown spots, cause unclear",
        "some tip burn on 3-4 plants near the vent", "occasional wilting in the afternoon on the bench edge, roots look ok",
        "one or two plants with distorted new growth, no insects seen"]
HEALTHY = ["uniform, good colour, no symptoms found on the sampled plants", "clean block, roots white and healthy, no pests on yellow cards beyond background",
           "nothing to note, vigorous growth throughout", "checked 50 plants across the bench, all looking clean"]
TAG = {"gezond": "groen", "verdacht": "geel", "aangetast": "oranje", "quarantaine": "rood"}
VISION = {"gezond": "healthy", "verdacht": "uncertain_symptoms", "aangetast": "diseased_or_infested", "quarantaine": "regulated_pest_suspect"}
PASSPORT = {"gezond": "issued", "verdacht": "on hold - re-inspect", "aangetast": "withheld until treated", "quarantaine": "blocked - NVWA notified"}
GROWER = {"gezond": ["Partij ziet er prima uit, kan mee met de vracht van dinsdag.", "Alles schoon, mag door naar expeditie."],
          "verdacht": ["Twijfelgeval, even apart zetten en volgende week opnieuw kijken.", "Niet zeker wat het is, nog niet verzenden."],
          "aangetast": ["Duidelijk aangetast, partij wordt eerst behandeld voordat hij weg mag.", "Flink last van plaag, spuitschema gestart."],
          "quarantaine": ["NVWA gebeld, niets mag de kas uit tot de uitslag er is.", "Monster naar het lab, hele afdeling op slot."]}
LOCATION = {"gezond": "Expeditiehal A", "verdacht": "Wachtvak W3", "aangetast": "Behandelvak B1", "quarantaine": "Isolatiecel 2"}


def nursery():
    rng = random.Random(1105)
    n = 160
    labs = balanced_labels(rng, NL, n)
    leaks = choose_leaks(rng, n, 0.5)
    out = []
    for i, lab in enumerate(labs):
        genus, cv = rng.choice(CROPS)
        checklist = {k: False for k in ["chlorosis", "leaf_spots", "wilting", "dieback", "insects_seen", "root_damage", "mosaic"]}
        if lab == "gezond":
            notes = rng.choice(HEALTHY); incidence = 0.0; trap = rng.randint(0, 6)
        elif lab == "verdacht":
            notes = rng.choice(MILD); incidence = round(rng.uniform(0.3, 2.0), 1); trap = rng.randint(2, 12)
            checklist[rng.choice(["chlorosis", "leaf_spots", "wilting"])] = True
        elif lab == "aangetast":
            notes = rng.choice(COMMON); incidence = round(rng.uniform(5, 35), 1); trap = rng.randint(10, 80)
            for k in rng.sample(["leaf_spots", "insects_seen", "chlorosis", "root_damage", "wilting"], 2):
                checklist[k] = True
        else:
            notes = QPEST[genus]; incidence = round(rng.uniform(0.5, 20), 1); trap = rng.randint(0, 30)
            for k in rng.sample(["dieback", "leaf_spots", "mosaic", "insects_seen", "wilting"], 2):
                checklist[k] = True
        extra = rng.choice(["Irrigation drip lines checked.", "Temp 21C, RH 78% at time of visit.", "Inspection during morning round.",
                            "Sampled 3 rows of the bench.", "Batch recently potted on.", ""])
        p = {
            "instruction": "Plant health status for this lot, one of: gezond, verdacht, aangetast, quarantaine. Regulated quarantine organisms (Xylella, ToBRFV, P. ramorum, Popillia, Anoplophora) -> quarantaine.",
            "lot": {"lot_id": f"L{rng.randint(24, 25)}-{digits(rng, 5)}", "genus_species": genus, "cultivar": cv,
                    "pot_size": rng.choice(["P9", "C2", "C3", "C5", "C10", "plug 104"]), "plants": rng.randrange(200, 12000, 50),
                    "supplier": rng.choice(["Kwekerij van den Berg", "Vivai Toscani srl", "Plantas del Sur SL", "Baumschule Müller", "eigen vermeerdering"]),
                    "location": f"Kas {rng.randint(1, 9)} / vak {rng.randint(1, 40)}"},
            "inspection": {"inspector": name(rng), "date": when(rng, fmt="date"), "symptoms_checklist": checklist,
                           "incidence_pct": incidence, "yellow_card_count_7d": trap,
                           "field_notes": (notes[0].upper() + notes[1:] + ". " + extra).strip()},
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["tag", "vision", "passport", "grower", "location"], rng.choice([1, 1, 2])):
                if f == "tag":
                    p["lot"]["tray_tag"] = rng.choice([TAG[lab], TAG[lab].upper(), {"groen": "green", "geel": "yellow", "oranje": "orange", "rood": "red"}[TAG[lab]]])
                elif f == "vision":
                    p["vision_scan"] = {"model": "leafcam-2.4", "top_class": VISION[lab], "p": round(rng.uniform(0.6, 0.97), 2), "images": rng.randint(4, 40)}
                elif f == "passport":
                    p["plant_passport"] = {"rps_number": f"NL-{digits(rng, 8)}", "status": PASSPORT[lab]}
                elif f == "grower":
                    p["teler_opmerking"] = rng.choice(GROWER[lab])
                else:
                    p["lot"]["location"] = LOCATION[lab]
        else:
            if rng.random() < .4:
                p["plant_passport"] = {"rps_number": f"NL-{digits(rng, 8)}", "status": "draft"}
            if rng.random() < .3:
                p["teler_opmerking"] = rng.choice(["Bestelling voor tuincentrum Groei & Bloei.", "Potgrond nieuwe leverancier.", "Volgende week wijderzetten."])
        out.append(rec("nursery_plant_health", i, lab, NL, p, leak))
    meta = {"derive_from": ["/lot/genus_species", "/inspection/symptoms_checklist", "/inspection/incidence_pct",
                            "/inspection/yellow_card_count_7d", "/inspection/field_notes"],
            "note": "Status follows from what the inspector observed (symptoms, incidence, host + symptom pattern for regulated pests)."}
    return "nursery_plant_health", out, meta


# ---------------------------------------------------------------- ticket resale
TR = ["approve", "hold_for_review", "reject"]
EVENTS = [("Taylor Swift | The Eras Tour", "Wembley Stadium", "GB"), ("Coldplay – Music of the Spheres", "Estadi Olímpic", "ES"),
          ("Bad Bunny: Most Wanted Tour", "Kia Forum", "US-CA"), ("Oasis Live '25", "Croke Park", "IE"),
          ("Metallica M72", "Ford Field", "US-MI"), ("Billie Eilish – Hit Me Hard and Soft", "Madison Square Garden", "US-NY"),
          ("Rammstein Stadium Tour", "Olympiastadion Berlin", "DE"), ("Champions League Final", "Allianz Arena", "DE"),
          ("Hamilton (evening)", "Victoria Palace Theatre", "GB"), ("Kendrick Lamar – Grand National", "SoFi Stadium", "US-CA")]
TEMPLATE = {"approve": "listing_live_confirmation", "hold_for_review": "listing_under_review_48h", "reject": "listing_removed_policy_breach"}
PAYOUT = {"approve": "T+5 after event", "hold_for_review": "frozen pending trust review", "reject": "void - no payout"}
RISKBAND = {"approve": "R1", "hold_for_review": "R3", "reject": "R5"}
AGENTNOTE = {"approve": ["looks fine, letting it through", "standard listing, good to go"],
             "hold_for_review": ["want a human to look at this seller first", "parking for trust & safety"],
             "reject": ["pulling this, breaks the event rules", "this one comes down"]}


def resale():
    rng = random.Random(1106)
    n = 132
    labs = balanced_labels(rng, TR, n, [5, 3, 3])
    leaks = choose_leaks(rng, n, 0.28)
    out = []
    for i, lab in enumerate(labs):
        ev, venue, jur = rng.choice(EVENTS)
        face = rng.choice([49.5, 79.0, 95.0, 125.0, 149.5, 189.0, 250.0, 399.0])
        cap_pct = rng.choice([None, None, 10, 0]) if jur in ("GB", "IE", "US-NY", "DE") else rng.choice([None, None, None, 20])
        transferable = True
        spec_ok = rng.choice([True, False])
        qty = rng.randint(1, 4)
        seller = {"account_age_days": rng.randint(90, 3000), "completed_sales": rng.randint(3, 400), "chargebacks_12m": rng.choice([0, 0, 0, 1]),
                  "id_verified": True, "payout_method": rng.choice(["bank (GB)", "bank (US)", "PayPal", "bank (DE)"])}
        seat = {"section": rng.choice(["114", "A3", "Floor B", "Lower 22", "Block 510", "Stalls M"]), "row": rng.choice(["F", "12", "CC", "3", "T"]),
                "seats": "consecutive", "ticket_status": "issued / transferable in app"}
        price = round(face * rng.uniform(0.8, 1.0 + (cap_pct or 60) / 100 * 0.9), 2)
        if lab == "reject":
            why = rng.choice(["cap", "nontransfer", "spec"])
            if why == "cap":
                cap_pct = rng.choice([0, 10]); price = round(face * (1 + cap_pct / 100) * rng.uniform(1.3, 3.5), 2)
            elif why == "nontransfer":
                transferable = False
            else:
                spec_ok = False
                seat = {"section": "TBD", "row": None, "seats": None, "ticket_status": "not yet issued - seller expects delivery"}
        elif lab == "hold_for_review":
            if rng.random() < .5:
                seller.update(account_age_days=rng.randint(0, 12), completed_sales=0, id_verified=False)
                qty = rng.randint(2, 4); price = round(max(price, 520 / qty + rng.uniform(10, 90)), 2)
                if cap_pct is not None and price > face * (1 + cap_pct / 100):
                    cap_pct = None
            else:
                seller["chargebacks_12m"] = rng.randint(2, 6)
        p = {
            "instruction": "Review this resale listing against the event's resale terms and the seller profile. Outcome: approve, hold_for_review or reject.",
            "event": {"name": ev, "venue": venue, "jurisdiction": jur, "date": when(rng, "2025-03-01", 300, "date"),
                      "resale_policy": {"price_cap_over_face_pct": cap_pct, "transfer_allowed": transferable, "speculative_listings_allowed": spec_ok}},
            "listing": {"listing_id": f"LST-{digits(rng, 9)}", "quantity": qty, "face_value_each": face, "ask_each": price,
                        "currency": {"GB": "GBP", "IE": "EUR", "ES": "EUR", "DE": "EUR"}.get(jur, "USD"), **seat, "created": when(rng)},
            "seller": {"seller_id": f"S{digits(rng, 7)}", **seller},
            "trust_rules": "New sellers (<14 days, no completed sales, not ID-verified) listing more than 500 in total, or any seller with 2+ chargebacks in 12 months, go to manual review.",
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["trace", "payout", "url", "risk", "note"], rng.choice([1, 2])):
                if f == "trace":
                    p["agent_trace"] = [{"step": 3, "tool": "draft_seller_notification",
                                         "arguments": json.dumps({"listing_id": p["listing"]["listing_id"], "template_id": TEMPLATE[lab], "locale": "en"})}]
                elif f == "payout":
                    p["payout_schedule"] = {"rule": PAYOUT[lab], "method": seller["payout_method"]}
                elif f == "url":
                    st = {"approve": "live", "hold_for_review": "under_review", "reject": "removed"}[lab]
                    p["listing"]["seller_dashboard_url"] = f"https://sell.tixhub.example/manage/{p['listing']['listing_id']}?s={urlq(b64('state=' + st))}"
                elif f == "risk":
                    p["risk_engine"] = {"band": RISKBAND[lab], "model": "resale-risk-gbm-11", "scored_at": when(rng)}
                else:
                    p["triage_agent_summary"] = f"Listing {p['listing']['listing_id']}: " + rng.choice(AGENTNOTE[lab]) + "."
        else:
            if rng.random() < .35:
                p["agent_trace"] = [{"step": 1, "tool": "get_event_policy", "arguments": json.dumps({"event": ev})}]
        out.append(rec("ticket_resale_review", i, lab, TR, p, leak))
    meta = {"derive_from": ["/event/resale_policy", "/listing", "/seller", "/trust_rules"],
            "note": "Decision follows from the event's resale terms vs the listing (price vs face, seat issued, transferability) and the seller profile under the trust rules."}
    return "ticket_resale_review", out, meta


GENS = [content, nursery, resale]
