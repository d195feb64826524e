from common import *
NAME = "dog_show_ring_judging"
LABELS = ["awarded", "excused", "disqualified", "ribbon withheld"]
BREEDS = {
 "Boxer": ["White markings cover well over a third of the entire coat - flank, chest, most of the hindquarters."],
 "Dalmatian": ["Tri-colour: distinct tan spots over the eyebrows and on the cheeks alongside the black spotting.",
               "Large solid patch of black covering the left ear and part of the skull, present since birth per the owner."],
 "Cocker Spaniel": ["Measured with the wicket at the steward's table: 16 in at the withers on a dog."],
 "Siberian Husky": ["Wicket measurement 24 1/4 in at the withers on a dog; measured twice."],
 "Standard Poodle": ["Parti-colour coat - clear white and apricot patches, not a solid colour."],
 "Dachshund": ["Knuckling over on both fronts, visible standing and on the move."],
}
GOOD = ["Good reach and drive, holds a level topline on the go-round.", "Correct head planes and a lovely dark eye, expression just right for the breed.",
  "Well-angulated rear that matches the front; moves true coming and going.", "Coat in excellent condition and of correct texture.",
  "Strong, well-laid shoulder and good depth of chest.", "Shown with confidence, stood four-square for the exam.",
  "Balanced outline, nothing overdone; typey and sound."]
LAME = ["Head-bobbing on the down-and-back, clearly favouring the right fore; re-checked twice with the same result.",
  "Moved unsound behind - short, uneven stride on the left rear on two separate go-rounds.",
  "Visible blood from a torn dewclaw; dog reluctant to bear weight on the left fore.",
  "Would not allow the mouth exam after three attempts, backing away and tucking up."]
POOR = ["Lacks breed type: soft open coat, dipping topline, plain head.", "Unsound and out of condition; ribs showing, coat dull.",
  "Class of one and the entry is well below the standard in head, movement and body.", "Narrow front, toes out, no reach; shown in poor coat.",
  "Nothing in the entry merits first place: weak rear, sloping croup, untypical expression."]
CLASSES = ["6-9 Month Puppy Dog", "9-12 Month Puppy Bitch", "12-18 Month Dog", "Bred-By-Exhibitor Bitch", "American-Bred Dog", "Open Dog", "Open Bitch"]
CLUBS = ["Westchester Kennel Club", "Lake Minnetonka Kennel Club", "Kennel Club of Palm Springs", "Greater Naples Dog Club", "Sahuaro State Kennel Club", "Montgomery County Kennel Club"]
BOOK = {"awarded": lambda r: str(r.randint(1,4)), "excused": lambda r: "Ex", "disqualified": lambda r: "DQ", "ribbon withheld": lambda r: "W/H"}
API = {"awarded": 1, "excused": 2, "disqualified": 3, "ribbon withheld": 4}
STEW = {"awarded": "ribbon handed, armband {a} out of ring", "excused": "armband {a} EXC by judge - lameness noted in book, dog leaves ring",
  "disqualified": "armband {a} removed; judge filling form for AKC Event Ops, dog ineligible for further competition",
  "ribbon withheld": "no ribbons handed to armband {a} - judge declined to award"}
EMAIL = {"awarded": "Congratulations on your placement today - ribbons and rosettes can be collected from the super's desk.",
  "excused": "Per the judge your dog was asked to leave the ring today; the Lameness Notice is attached. Your dog may be shown at the next event.",
  "disqualified": "A Disqualification Report has been filed with AKC for your dog; you may apply for reinstatement once eligible.",
  "ribbon withheld": "The judge elected not to award the ribbon in your class due to lack of merit. No points were recorded."}
HTMLCELL = {"awarded": "Placed {p}", "excused": "Excused", "disqualified": "Disqualified", "ribbon withheld": "Withheld - lack of merit"}

def build():
    r = random.Random(1302)
    n = 140
    labels = balanced_labels(r, LABELS, n, [4, 2, 2, 2])
    recs = []
    for i, lab in enumerate(labels):
        breed = r.choice(list(BREEDS))
        arm = r.randint(5, 96)
        d = rand_date(r, dt.datetime(2024, 2, 1), 300)
        if lab == "awarded": parts = sents(r, GOOD, 3)
        elif lab == "excused": parts = sents(r, LAME, 1) + sents(r, GOOD, 2)
        elif lab == "disqualified": parts = [r.choice(BREEDS[breed])] + sents(r, GOOD, 2)
        else: parts = sents(r, POOR, 2)
        notes = join_text(r, parts)
        proj = {
          "instruction": "Using the judge's ring notes, decide the ring outcome for this entry: awarded, excused, disqualified or ribbon withheld.",
          "show": {"club": r.choice(CLUBS), "date": d.strftime("%Y-%m-%d"), "ring": r.randint(1, 14), "judge": ("Mrs. " if r.random()<0.5 else "Mr. ") + name(r), "breed": breed, "class": r.choice(CLASSES)},
          "entry": {"armband": arm, "akc_reg": f"{r.choice(['WS','WP','HP','DN','SS'])}{r.randint(10000000,99999999)}", "call_name": r.choice(["Bodie","Juniper","Ace","Maple","Rocco","Nova","Tilly","Fitz","Pippa","Duke","Ziggy","Willow"]),
                    "dob": (d - dt.timedelta(days=r.randint(200, 2200))).strftime("%Y-%m-%d"), "handler": name(r)},
          "judges_notes": notes,
        }
        forms = r.sample(["book", "api", "steward", "email", "html"], r.choice([1, 1, 2]))
        for fm in forms:
            if fm == "book":
                proj["judges_book"] = {"class": proj["show"]["class"], "armbands_in_class": sorted(set([arm] + [r.randint(5, 96) for _ in range(r.randint(0, 4))])), "mark_for_entry": BOOK[lab](r)}
            elif fm == "api":
                proj["superintendent_feed"] = {"provider": "InfoDog-export", "armband": arm, "result_code": API[lab], "points": (r.randint(0, 3) if lab == "awarded" else 0)}
            elif fm == "steward":
                proj["steward_log"] = [f"{d.strftime('%H')}:{r.randint(10,59)} class called, {r.randint(1,5)} entries present",
                                       f"{d.strftime('%H')}:{r.randint(10,59)} " + STEW[lab].format(a=arm)]
            elif fm == "email":
                proj["exhibitor_email"] = {"from": "superintendent@onofrio.example", "subject": f"{proj['show']['club']} - armband {arm}", "body": EMAIL[lab]}
            elif fm == "html":
                proj["results_page_fragment"] = html.escape(f"<tr><td>{arm}</td><td>{proj['entry']['call_name']}</td><td>{HTMLCELL[lab].format(p=r.randint(1,4))}</td></tr>")
        recs.append(rec(NAME, i, lab, LABELS, proj, True))
    n_, nl = write(NAME, recs, ["/judges_notes", "/show/breed"],
        "Outcome should follow from the judge's notes on the dog (soundness, breed-standard disqualifying faults given the breed, merit).")
    return NAME, "leaking", "ALL records: judge's-book mark (1-4/Ex/DQ/W/H), superintendent result_code int, steward log line paraphrase, exhibitor email paraphrase, HTML-escaped results table cell", n_, nl
