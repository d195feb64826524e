from common import *
NAME = "film_festival_submission_screening"
LABELS = ["advance", "maybe", "decline"]
POS = ["The final ten minutes are genuinely devastating; I was still thinking about it the next day.",
  "Confident, controlled direction - every shot feels chosen.", "Lead performance is extraordinary, completely lived-in.",
  "Sound design does a lot of storytelling; mix is festival-ready.", "Fresh angle on a familiar subject, nothing like it in this year's pool.",
  "Would programme this in a heartbeat; audiences will talk about it."]
MID = ["Strong premise but the middle act sags and the pacing drifts.", "Some lovely images, though the script leans on voiceover.",
  "Performances uneven - the lead is good, supporting cast less so.", "Could work in a themed block if we have one; not a standout on its own.",
  "Technically competent, emotionally a little flat for me.", "I'd want a second screener's opinion; I'm genuinely on the fence."]
NEG = ["Audio is muddy throughout and dialogue is hard to follow.", "Feels like a calling-card reel rather than a film.",
  "Overlong for what it has to say; I checked out halfway.", "Derivative of a dozen films we've seen this cycle.",
  "Acting is stiff and the jokes don't land.", "Framing and colour grade look unfinished; not at the level of the pool."]
NEUTRAL = ["Watched on the Vimeo screener link, password worked.", "Subtitles burned in.", "Director's statement is heartfelt.",
  "Opening credits run almost two minutes.", "Shot in Lisbon and the Azores.", "Watched at 1x, no skipping.",
  "Cast includes a couple of recognisable faces from TV.", "Music is original score."]
SYN = ["As the army's advance reaches her village, a young nurse must choose between her patients and her family.",
  "A retired ferryman agrees to one last crossing and is forced to decline a bribe that could save his home.",
  "Two sisters clearing out their late mother's flat find letters that change everything they believed.",
  "A night-shift security guard starts receiving calls from an empty office on the 14th floor.",
  "In a drought-stricken town, a teenage swimmer trains in a pool with no water.",
  "A documentary portrait of the last typewriter repair shop in Buenos Aires.",
  "A stand-up comic with stage fright tries to get through one open-mic set.",
  "A climate scientist watches the decline of a glacier she has measured for thirty years.",
  "An animated fable about a fox who borrows the moon.",
  "A delivery rider in Lagos tries to deliver one package before the curfew.",
  "After years apart, a father and son drive a rented van across the border to scatter ashes; maybe this time they'll talk."]
CATS = ["Narrative Short", "Documentary Short", "Animation", "Narrative Feature", "Documentary Feature", "Experimental"]
COUNTRIES = ["Portugal", "Nigeria", "Argentina", "United States", "Canada", "Iran", "South Korea", "France", "Mexico", "UK", "Norway", "Philippines"]

def build():
    r = random.Random(1304)
    n = 150
    labels = balanced_labels(r, LABELS, n, [1, 1.3, 1.6])
    recs = []
    for i, lab in enumerate(labels):
        if lab == "advance": parts = sents(r, POS, 3) + sents(r, MID, r.choice([0, 1]))
        elif lab == "maybe": parts = sents(r, MID, 2) + sents(r, POS, 1) + sents(r, NEG, r.choice([0, 1]))
        else: parts = sents(r, NEG, 3) + sents(r, MID, r.choice([0, 1]))
        parts += sents(r, NEUTRAL, r.randint(1, 3))
        notes = join_text(r, parts)
        cat = r.choice(CATS)
        runtime = r.randint(4, 29) if "Short" in cat or cat in ("Animation", "Experimental") else r.randint(72, 128)
        sub = rand_date(r, dt.datetime(2024, 5, 1), 130)
        proj = {
          "instruction": "You are a first-round screener assistant. Based on the screener's notes, recommend advance, maybe or decline for this submission. Labels: advance = send to programming committee; maybe = hold for second screen; decline = do not advance.",
          "glossary": {"advance": "send to the programming committee", "maybe": "hold for a second screener", "decline": "not selected at first round",
                       "Undecided / In Consideration": "FilmFreeway workflow states, set by the intake team when screeners are assigned"},
          "submission": {"tracking": f"FF-{r.choice('ABCDEFGHJK')}{r.randint(10000,99999)}-{r.randint(100,999)}", "title": r.choice(["Low Tide", "The Ferryman's Last Crossing", "Dry Season", "Floor 14", "Borrowed Moon", "Curfew", "Lettres", "Open Mic", "Ice Ledger", "Ashes, Westbound", "Typewriter Man", "The Quiet Room"]),
                         "category": cat, "runtime_min": runtime, "country": r.choice(COUNTRIES), "premiere_status": r.choice(["World Premiere", "International Premiere", "North American Premiere", "None"]),
                         "submitted_at": ts(sub), "synopsis": r.choice(SYN), "fee_waiver": r.random() < 0.2,
                         "judging_status": r.choice(["Undecided", "In Consideration"]), "flag": r.choice(["none", "red", "yellow", "green", "blue"])},
          "screener": {"name": name(r), "watched_at": ts(sub + dt.timedelta(days=r.randint(5, 40))), "notes": notes},
        }
        if r.random() < 0.3:
            proj["submission"]["previous_festivals"] = r.sample(["Clermont-Ferrand 2024 (declined)", "SXSW 2024", "Local Sightings", "Hot Docs", "Palm Springs ShortFest", "Sundance 2024 (not selected)"], r.randint(1, 2))
        recs.append(rec(NAME, i, lab, LABELS, proj, False))
    n_, nl = write(NAME, recs, ["/screener/notes"],
        "Recommendation comes from the screener's free-text notes. judging_status and flag are intake-team workflow fields assigned before screening.")
    return NAME, "clean", "trap: label words in synopses ('the army's advance', 'decline a bribe', 'maybe this time'), glossary listing labels, FilmFreeway judging_status (Undecided/In Consideration) and colour flag random, previous-festival field on some records mentions 'declined'/'not selected' independently", n_, nl
