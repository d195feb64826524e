from common import *
NAME = "beekeeping_hive_inspections"
LABELS = ["queenright", "queenless", "laying worker", "preparing to swarm", "failing queen"]
SIG = {
 "queenright": ["Eggs present, one per cell and sitting upright at the base.",
   "Spotted her (blue dot) on frame 5, moving steadily across the comb.",
   "Solid capped worker brood across frames 4-7, very few gaps.",
   "Larvae of every age swimming in jelly, nice arc of pollen above.",
   "Calm on the comb, no roar when the crownboard came off.",
   "Fresh eggs on both faces of frame 6, pattern tight to the edges."],
 "queenless": ["No eggs or young larvae anywhere; last sealed brood is emerging.",
   "Colony roared as soon as the crownboard came off.",
   "Two emergency cells drawn out from worker cells in the middle of frame 4.",
   "Cells in the centre of the nest polished and empty, no queen after two full passes.",
   "Bees running and testy, fanning at the top bars.",
   "Brood nest shrinking to nothing - only a patch of capped brood left on frame 7."],
 "laying worker": ["Several eggs in one cell, some stuck on the cell walls rather than at the base.",
   "Drone brood in worker cells - raised bullet-shaped cappings over the brood frames.",
   "Eggs scattered 3-4 to a cell in places, no order to it.",
   "No queen found; all the sealed brood is domed drone cappings in worker comb.",
   "Introduced test frame from hive 3 last week - bees did NOT draw any queen cells on it."],
 "preparing to swarm": ["Charged queen cells along the bottom bars of frames 3 and 6.",
   "Brood nest backfilled with nectar, queen has almost nowhere to lay.",
   "Queen looks slimmed down and skittish, ran off the frame.",
   "Very congested, bees bearding at the entrance at 11am despite mild temps.",
   "Counted 9 sealed/charged cells on the frame edges, larvae floating in royal jelly.",
   "Play cups everywhere and several now have eggs in them."],
 "failing queen": ["Spotty brood pattern, lots of skipped cells on every brood frame.",
   "Two supersedure cells on the face of frame 5, well away from the edges.",
   "Queen seen - white-marked 2021 queen, now well into her third season.",
   "Brood area much smaller than last inspection despite a strong flow.",
   "Queen present but a few drone cells dotted among worker brood.",
   "Laying is patchy; eggs present but far fewer than a colony this size should have."],
}
FILL = ["Three frames of capped stores, added a super with drawn comb.", "Sugar roll: {m} mites/300 bees.",
  "Checked for small hive beetle under the lid - none.", "Ants under the roof again, moved the stand.",
  "Swapped the entrance reducer to the wide setting.", "Fondant finished, removed the eke.",
  "Pollen coming in: orange and pale yellow loads.", "Wax moth traces in the spare brood box, frozen the frames.",
  "Propolis heavy on the crownboard, scraped and saved.", "Hive scale reads {kg} kg.",
  "Drone brood on the outer frames, normal for the time of year.", "Gentle temperament overall, two stings through the glove.",
  "Feeder refilled 1:1 syrup.", "Varroa board count {v} over 3 days."]
APIARIES = ["Allotment Rd", "Hollybush Farm", "St Anne's Churchyard", "Mill Lane", "Orchard Out-Apiary", "Rooftop - Dock St"]
CODE = {"queenright":"QR","queenless":"QL","laying worker":"LW","preparing to swarm":"SW","failing queen":"FQ"}
COLOR = {"queenright":"#2e7d32","queenless":"#c62828","laying worker":"#ef6c00","preparing to swarm":"#6a1b9a","failing queen":"#f9a825"}
TODO = {"queenright":"Nothing urgent - she's laying well, add super next visit",
  "queenless":"Combine with nuc #4 or order a mated Carniolan from the supplier",
  "laying worker":"Shake all bees out 50 m from the yard, then unite with hive 2",
  "preparing to swarm":"Do a Pagden artificial split on Saturday - bring spare floor and brood box",
  "failing queen":"Requeen: order Buckfast queen, dispatch the old girl on arrival"}
ES = {"queenright":"Nota de Marta: reina vista, puesta perfecta.", "queenless":"Nota de Marta: colmena huérfana, sin puesta.",
  "laying worker":"Nota de Marta: obreras ponedoras, varios huevos por celda.", "preparing to swarm":"Nota de Marta: se están preparando para enjambrar.",
  "failing queen":"Nota de Marta: la reina está fallando, habrá que cambiarla."}
TODO_NEUTRAL = ["Mite wash next visit", "Refill feeder", "Swap reducer for mouse guard", "Bring spare frames", "Weigh hive", "Clear the weeds in front of the entrance"]

def build():
    r = random.Random(1301)
    n = 168
    labels = balanced_labels(r, LABELS, n)
    mask = leak_mask(r, n, 0.45)
    recs = []
    for i, lab in enumerate(labels):
        d = rand_date(r, dt.datetime(2024, 4, 1), 150)
        parts = sents(r, SIG[lab], r.randint(2, 3))
        for f in sents(r, FILL, r.randint(2, 4)):
            parts.append(f.format(m=r.randint(0, 9), kg=round(r.uniform(28, 61), 1), v=r.randint(2, 60)))
        notes = join_text(r, parts)
        hive = f"H-{r.randint(1,24):02d}"
        proj = {
          "instruction": "From the inspection, classify the colony's queen status as one of: " + ", ".join(LABELS) + ".",
          "inspection": {"hive_id": hive, "apiary": r.choice(APIARIES), "inspected_at": ts(d),
            "inspector": name(r), "weather": {"temp_c": r.randint(13, 29), "conditions": r.choice(["sunny", "overcast", "light wind", "humid, thundery"])},
            "frames_of_bees": r.randint(4, 18), "brood_boxes": r.choice([1, 1, 2]), "notes": notes},
          "hive_record": {"queen_source": r.choice(["local swarm", "supplier (Buckfast)", "split from H-03", "unknown"]),
            "last_treatment": r.choice(["oxalic dribble Dec", "Apivar Aug-Oct", "MAQS Sept", "none recorded"])},
          "sensors": {"device": "BroodMinder-T", "brood_temp_c": round(r.uniform(31.5, 35.4), 1), "humidity_pct": r.randint(45, 72)},
          "app_sync": {"app": "HiveTracks", "status_color": None, "last_sync": ts(d + dt.timedelta(hours=r.randint(1, 40)))},
          "followups": r.sample(TODO_NEUTRAL, 2),
          "attachments": [f"IMG_{r.randint(1000,9999)}.jpg"],
        }
        if mask[i]:
            forms = r.sample(["acoustic", "color", "todo", "photo", "es"], r.choice([1, 1, 2]))
            for fm in forms:
                if fm == "acoustic":
                    proj["sensors"] = {"device": "BuzzBox Mini", "model": "colony-state-v2", "colony_state": CODE[lab], "confidence": round(r.uniform(0.81, 0.98), 2)}
                elif fm == "color":
                    proj["app_sync"]["status_color"] = COLOR[lab]
                elif fm == "todo":
                    proj["followups"] = [TODO[lab]] + proj["followups"][:1]
                elif fm == "photo":
                    proj["attachments"].append("https://hivetracks-uploads.s3.amazonaws.com/u/8812/" + urllib.parse.quote(f"{hive} {lab} check frame{r.randint(2,9)}.jpg"))
                elif fm == "es":
                    proj["inspection"]["co_inspector_note"] = ES[lab]
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/inspection/notes"],
        "Queen status should be read from the inspector's free-text notes (eggs, brood pattern, queen cells, queen sighting).")
    return NAME, "leaking", "upstream acoustic-monitor state code (QR/QL/LW/SW/FQ), HiveTracks status colour hex, label-specific follow-up task paraphrase, URL-encoded photo filename with the label, Spanish co-inspector note", n_, nl
