"""Leaking datasets part C: newsroom desk routing, recipe diet tag, sports injury availability."""
import random
from common import *

# ---------------------------------------------------------------- 7. newsroom desk routing
NL = ["Metro", "Politics", "Business", "Sports", "Culture", "Science"]
CITY_N = ["Fairview", "Ashford Park", "Lower Millbrook", "the East Ward", "Kingsbridge", "Riverside Heights"]
STORIES = {
    "Metro": [("Water main break floods {nb} intersection, commuters diverted",
               "Crews worked overnight after a 90-year-old main burst beneath {nb}, leaving {n} homes without water."),
              ("Two hurt in early-morning apartment fire in {nb}", "Firefighters rescued a resident from a third-floor window; the cause is under investigation."),
              ("Bus route {n} to be cut back under transit authority plan", "Riders in {nb} say the change would add 25 minutes to their commute."),
              ("Police seek driver in {nb} hit-and-run", "A 67-year-old pedestrian remains in serious condition, police said Tuesday."),
              ("Library branch in {nb} reopens after two-year renovation", "The branch adds a maker space and extended evening hours.")],
    "Politics": [("Senate panel advances {p}'s voting-access bill on party-line vote", "The measure now heads to the full chamber, where its prospects are uncertain."),
                 ("Governor signs budget after late-night deal with legislative leaders", "The ${n} billion plan boosts school aid and delays a tax cut."),
                 ("{p} launches bid for attorney general", "The two-term state senator made the announcement at a union hall."),
                 ("Redistricting commission releases draft congressional map", "Advocates say the proposal splits minority communities in {nb}."),
                 ("Lawmakers clash over ethics rules for lobbyists", "{p} accused colleagues of stalling a vote on disclosure requirements.")],
    "Business": [("Regional grocer {co} to acquire rival in ${n}M deal", "The combined chain would operate more than 140 stores."),
                 ("Fed holds rates steady, signals patience on cuts", "Mortgage rates, already near 7 percent, are unlikely to ease soon, analysts said."),
                 ("{co} shares slide 12% after weak quarterly guidance", "The company cited softer demand and higher freight costs."),
                 ("Port strike enters third day, retailers warn of holiday delays", "Container backlogs grew to {n} ships at anchor."),
                 ("Startup {co} raises $40M to build battery recycling plant", "The Series B round was led by a sovereign fund.")],
    "Sports": [("{p} scores twice as United edge City 2-1", "The winger's stoppage-time header sealed a third straight win."),
               ("Hawks trade veteran guard for two second-round picks", "The move clears cap space ahead of free agency."),
               ("{p} withdraws from Open with wrist injury", "The seventh seed had been bothered by the injury since Monday."),
               ("High school state final: Central rallies from 14 down", "Quarterback {p} threw for 312 yards."),
               ("Marathon organisers add heat protocols after record temperatures", "Start times will move an hour earlier.")],
    "Culture": [("Review: a bruising, brilliant 'Hedda Gabler' at the Lyric", "{p} gives the performance of the season."),
                ("Museum returns looted bronzes to Nigeria", "The 21 objects were taken during the 1897 raid on Benin City."),
                ("Jazz festival announces lineup with {p} as headliner", "Tickets go on sale Friday; the festival moves to the waterfront this year."),
                ("Beloved {nb} bookstore closes after 48 years", "Owner {p} said rising rent made the lease impossible."),
                ("Streaming series adapts cult novel, with mixed results", "The eight episodes stick closely to the book's structure.")],
    "Science": [("Telescope spots water vapour on distant rocky exoplanet", "The finding, published in Nature Astronomy, hints at an atmosphere."),
                ("Study links microplastics in arteries to higher stroke risk", "Researchers followed {n} patients for nearly three years."),
                ("Bird flu detected in dairy herd, officials say risk to public low", "Veterinary labs confirmed the H5N1 strain on Thursday."),
                ("University team builds robot that sorts recycling by touch", "The gripper identifies materials with 85 percent accuracy."),
                ("Coral bleaching event is fourth on record, NOAA confirms", "Reefs in at least 54 countries have been affected.")],
}
EDITORS = {"Metro": ["Dana Whitaker", "Luis Ortega"], "Politics": ["Helen Cho", "Marcus Bell"],
           "Business": ["Priya Natarajan", "Tom Ferris"], "Sports": ["Gus Moreno", "Kelly Byrne"],
           "Culture": ["Ines Fabre", "Joel Adeyemi"], "Science": ["Ruth Lindqvist", "Omar Haddad"]}
SLUG = {"Metro": "met", "Politics": "pol", "Business": "biz", "Sports": "spo", "Culture": "cul", "Science": "sci"}
IPTC = {"Metro": "02000000", "Politics": "11000000", "Business": "04000000", "Sports": "15000000", "Culture": "01000000", "Science": "13000000"}
COS = ["Harlow Foods", "Verity Logistics", "Nimbus Labs", "Calder & Finch", "Aurex Energy", "Pinebrook Bancorp"]


def gen_news():
    rng = random.Random(807)
    recs = []
    for i in range(186):
        lab = rng.choice(NL)
        hd, lede = rng.choice(STORIES[lab])
        f = dict(nb=rng.choice(CITY_N), n=rng.randrange(3, 480), p=name(rng), co=rng.choice(COS))
        hd, lede = hd.format(**f), lede.format(**f)
        d = ts(rng, hours=(5, 23))
        src = rng.choice(["staff", "AP", "Reuters", "stringer", "staff"])
        words = rng.randrange(180, 1400)
        slug_words = "-".join(w.lower().strip("',:$%") for w in hd.split()[:3])
        proj = {
            "task": "Which desk should own this incoming story?",
            "story": {"headline": hd, "lede": lede, "byline": "Associated Press" if src == "AP" else "Reuters" if src == "Reuters" else name(rng),
                      "source": src, "word_count": words, "filed": iso(d)},
            "cms": {"asset_id": f"A{rng.randrange(1000000, 9999999)}", "slug": f"{slug_words}-{d:%m%d}", "state": "INBOX",
                    "embargo": None if rng.random() < .9 else iso(d)},
        }
        leak = rng.random() < 0.5
        if leak:
            for fm in rng.sample(["slug", "slack", "iptc", "budget", "editor"], rng.choice([1, 2])):
                if fm == "slug":
                    proj["cms"]["slug"] = f"{SLUG[lab]}-{slug_words}-{d:%m%d}"
                elif fm == "slack":
                    proj["notifications"] = [{"channel": f"#desk-{SLUG[lab]}", "text": f"New wire: {hd[:40]}..."}]
                elif fm == "iptc":
                    proj["auto_tagger"] = {"engine": "textrazor-2", "mediatopic": f"medtop:{IPTC[lab]}", "conf": round(rng.uniform(.5, .97), 2)}
                elif fm == "budget":
                    proj["news_budget_row"] = f"{lab.upper()} | {hd[:30]} | {words}w | art: {rng.choice(['yes', 'no', 'file'])}"
                elif fm == "editor":
                    ed = rng.choice(EDITORS[lab])
                    proj["cms"]["claimed_by"] = {"name": ed, "email": ed.lower().replace(" ", ".") + "@dailyledger.com"}
        recs.append((lab, proj, leak))
    write("newsroom_desk_routing", recs,
          {"label_set": NL, "derive_from": ["/story/headline", "/story/lede"],
           "note": "Desk should be decided from headline and lede."},
          "CMS slug desk prefix (biz-/spo-), Slack channel #desk-xxx, IPTC mediatopic code from auto-tagger, news budget row cell, "
          "claimed_by editor name/email (each editor belongs to one desk: correlated)", "leaking")


# ---------------------------------------------------------------- 8. recipe diet tag
DL = ["vegan", "vegetarian", "pescatarian", "contains meat"]
BASES = [("{P} Coconut Curry", ["1 tbsp coconut oil", "1 onion, diced", "3 garlic cloves", "2 tbsp red curry paste", "400 ml coconut milk", "1 cup basmati rice", "handful coriander"]),
         ("Sheet-Pan {P} with Roasted Veg", ["2 tbsp olive oil", "1 red pepper", "1 courgette", "1 red onion", "1 tsp smoked paprika", "salt and pepper"]),
         ("{P} Tacos", ["8 corn tortillas", "1/4 red cabbage, shredded", "1 lime", "1 avocado", "pickled jalapeños", "1 tsp cumin"]),
         ("{P} Fried Rice", ["3 cups cooked jasmine rice", "2 spring onions", "1 cup frozen peas", "2 tbsp soy sauce", "1 tsp sesame oil", "1 carrot, diced"]),
         ("Creamy {P} Pasta", ["300 g penne", "2 cloves garlic", "1 cup spinach", "zest of 1 lemon", "black pepper"]),
         ("{P} Grain Bowl", ["1 cup quinoa", "1 cucumber", "cherry tomatoes", "2 tbsp tahini", "1 tbsp maple syrup", "mixed greens"]),
         ("{P} Stew", ["1 tbsp olive oil", "2 carrots", "2 celery sticks", "1 tin chopped tomatoes", "2 bay leaves", "1 tsp thyme"])]
PROT = {
    "vegan": [("Chickpea", ["1 tin chickpeas, drained"]), ("Tofu", ["400 g extra-firm tofu, pressed"]), ("Lentil", ["1 cup red lentils"]),
              ("Tempeh", ["200 g tempeh"]), ("Black Bean", ["2 tins black beans"]), ("Mushroom", ["500 g chestnut mushrooms", "2 tbsp vegan butter"])],
    "vegetarian": [("Halloumi", ["250 g halloumi"]), ("Paneer", ["300 g paneer"]), ("Egg", ["4 free-range eggs"]),
                   ("Feta & Spinach", ["200 g feta", "2 tbsp Greek yoghurt"]), ("Ricotta", ["250 g ricotta", "50 g butter"]),
                   ("Chickpea", ["1 tin chickpeas", "100 ml double cream"])],
    "pescatarian": [("Salmon", ["2 salmon fillets"]), ("Prawn", ["300 g raw king prawns"]), ("Cod", ["2 cod loins"]),
                    ("Tuna", ["2 tins tuna in spring water"]), ("Mackerel", ["2 smoked mackerel fillets"]), ("Tofu", ["400 g tofu", "1 tbsp fish sauce"])],
    "contains meat": [("Chicken", ["4 boneless chicken thighs"]), ("Beef", ["500 g beef mince"]), ("Chorizo", ["150 g cooking chorizo"]),
                      ("Pork", ["500 g pork shoulder"]), ("Lamb", ["400 g diced lamb"]), ("Lentil", ["1 cup green lentils", "4 rashers smoked bacon"]),
                      ("Vegetable", ["1 litre chicken stock", "2 potatoes"])],
}
METHOD = ["Heat the oil in a large pan over medium heat.", "Add the aromatics and cook for 3-4 minutes until soft.",
          "Stir in the spices and cook for a minute.", "Add the main ingredient and brown on all sides.",
          "Pour in the liquid and simmer for 15 minutes.", "Season to taste and serve with the garnish."]
AUTHORS = ["Meera Sodha fan club", "kitchen_with_kemi", "Rob the Cook", "Nonna Rita", "FitFoodJess", "the_batch_cooker", "Ana's Table"]
COMMENTS = ["Made this on Sunday, doubled the garlic. Brilliant.", "Too salty for me, would halve the soy next time.",
            "My kids actually ate the vegetables!", "Does this freeze well?", "Swapped the rice for cauliflower rice, still great.",
            "Took longer than 30 minutes honestly.", "Five stars, in the regular rotation now.", "Could I use an air fryer for this?"]


def gen_recipes():
    rng = random.Random(808)
    recs = []
    for i in range(172):
        lab = rng.choice(DL)
        title_t, base = rng.choice(BASES)
        pname, pings = rng.choice(PROT[lab])
        ings = pings + rng.sample(base, rng.randrange(4, len(base) + 1))
        if "Pasta" in title_t:
            ings.append("150 ml oat cream" if lab == "vegan" else rng.choice(["150 ml double cream", "50 g parmesan, grated"]))
        rng.shuffle(ings)
        title = title_t.format(P=pname)
        d = ts(rng, start=(2022, 3, 1), days=900)
        rid = rng.randrange(10000, 99999)
        slug = title.lower().replace(" & ", "-").replace(" ", "-")
        proj = {
            "task": "Tag the recipe with its dietary category.",
            "recipe": {"id": rid, "title": title, "author": rng.choice(AUTHORS), "published": iso(d),
                       "servings": rng.choice([2, 4, 4, 6]), "total_time_min": rng.choice([20, 25, 30, 40, 45, 60, 90]),
                       "ingredients": ings,
                       "method": [f"Step {k + 1}: " + s for k, s in enumerate(
                           [s_ for s_ in METHOD if rng.random() < .7] or METHOD[:3])]},
            "page": {"url": f"https://www.weeknightpot.com/recipes/{slug}-{rid}", "rating": round(rng.uniform(3.2, 4.9), 1),
                     "ratings_count": rng.randrange(3, 2400),
                     "comments": rng.sample(COMMENTS, rng.randrange(0, 3))},
        }
        leak = rng.random() < 0.45
        if leak:
            for fm in rng.sample(["schema", "alt", "badge", "url", "tax", "comment"], rng.choice([1, 2])):
                if fm == "schema":
                    proj["page"]["jsonld"] = json_dumps({"@context": "https://schema.org", "@type": "Recipe", "name": title,
                                                         "suitableForDiet": {"vegan": "https://schema.org/VeganDiet", "vegetarian": "https://schema.org/VegetarianDiet",
                                                                             "pescatarian": "https://schema.org/LowLactoseDiet", "contains meat": "https://schema.org/HalalDiet"}[lab]
                                                         if lab in ("vegan", "vegetarian") else None,
                                                         "keywords": {"vegan": "plant based, dairy free", "vegetarian": "meat free, veggie",
                                                                      "pescatarian": "seafood, fish friday", "contains meat": "family dinner, meaty"}[lab]})
                elif fm == "alt":
                    proj["page"]["hero_image"] = {"src": f"https://img.weeknightpot.com/{rid}/hero.jpg", "alt": {
                        "vegan": f"Overhead shot of a fully plant-based {title.lower()}", "vegetarian": f"A meat-free {title.lower()} with cheese melting on top",
                        "pescatarian": f"{title} - a fish-night favourite", "contains meat": f"Hearty {title.lower()} for carnivores"}[lab]}
                elif fm == "badge":
                    proj["page"]["badges_html"] = {"vegan": "<span class=\"diet-badge\" title=\"VG\">&#x1F331;</span>",
                                                   "vegetarian": "<span class=\"diet-badge\" title=\"V\">&#x1F9C0;</span>",
                                                   "pescatarian": "<span class=\"diet-badge\" title=\"PSC\">&#x1F41F;</span>",
                                                   "contains meat": "<span class=\"diet-badge\" title=\"M\">&#x1F356;</span>"}[lab]
                elif fm == "url":
                    proj["page"]["breadcrumb"] = ["Home", "Collections", {"vegan": "Plant Power", "vegetarian": "Veggie Suppers",
                                                                           "pescatarian": "Fish & Seafood", "contains meat": "Meat & Poultry"}[lab], title]
                elif fm == "tax":
                    proj["cms_fields"] = {"diet_taxonomy_id": {"vegan": 11, "vegetarian": 12, "pescatarian": 13, "contains meat": 14}[lab],
                                          "editor": rng.choice(["hk", "jp", "ms"])}
                elif fm == "comment":
                    proj["page"]["comments"].append({"vegan": "Finally a vegan dinner my whole family likes 🌱",
                                                     "vegetarian": "Great for our meatless Mondays, though not vegan-friendly with the dairy.",
                                                     "pescatarian": "As a pescetarian this is perfect, love the fish in it.",
                                                     "contains meat": "Not for my vegetarian daughter obviously, but the rest of us loved it."}[lab])
        recs.append((lab, proj, leak))
    write("recipe_diet_tag", recs,
          {"label_set": DL, "derive_from": ["/recipe/ingredients", "/recipe/title"],
           "note": "Diet category follows from the ingredient list."},
          "schema.org JSON-LD string (suitableForDiet / keywords), hero image alt text paraphrase, HTML-entity emoji badges, breadcrumb "
          "collection names, numeric diet_taxonomy_id, reader comment stating the diet", "leaking")


def json_dumps(o):
    import json
    return json.dumps(o, separators=(",", ":"))


# ---------------------------------------------------------------- 9. sports injury availability
SL = ["available", "questionable", "doubtful", "out"]
INJ = ["hamstring", "ankle", "knee (MCL)", "concussion protocol", "shoulder", "groin", "calf", "hip flexor", "illness", "back",
       "toe", "wrist", "ribs", "Achilles"]
POS = ["QB", "RB", "WR", "TE", "OT", "G", "DE", "DT", "LB", "CB", "S", "K"]
TEAMS = ["Bears", "Chiefs", "Eagles", "Jets", "49ers", "Ravens", "Lions", "Packers", "Bills", "Cowboys", "Seahawks", "Falcons"]


def participation(rng, lab):
    if lab == "available":
        return rng.choice([["Limited", "Full", "Full"], ["DNP", "Limited", "Full"], ["Full", "Full", "Full"], ["Limited", "Limited", "Full"]])
    if lab == "questionable":
        return rng.choice([["DNP", "Limited", "Limited"], ["Limited", "Limited", "Limited"], ["DNP", "DNP", "Limited"]])
    if lab == "doubtful":
        return rng.choice([["DNP", "DNP", "DNP"], ["DNP", "Limited", "DNP"]])
    return rng.choice([["DNP", "DNP", "DNP"], ["DNP", "DNP", "DNP"]])


MED = {"available": ["Progressing as expected, cleared for full contact Friday.", "No restrictions; managed workload early in the week."],
       "questionable": ["Moving better each day; will test it in pre-game warmups.", "Pain-free in individual drills, not yet in team periods."],
       "doubtful": ["Still favouring it; unlikely to be ready for full-speed work by Sunday.", "Did not progress past rehab field work."],
       "out": ["Imaging confirmed a grade 2 strain; 2-4 week timeline.", "Has not been cleared by the independent neurologist.",
               "Underwent minor procedure Wednesday; will miss this game."]}


def gen_sports():
    rng = random.Random(809)
    recs = []
    for i in range(158):
        lab = rng.choice(SL)
        part = participation(rng, lab)
        if lab == "doubtful" and part == ["DNP", "DNP", "DNP"]:
            med = rng.choice(MED["doubtful"])
        else:
            med = rng.choice(MED[lab])
        inj = rng.choice(INJ)
        if "Has not been cleared by the independent" in med:
            inj = "concussion protocol"
        team, opp = rng.sample(TEAMS, 2)
        wk = rng.randrange(1, 19)
        pl = name(rng)
        proj = {
            "task": "Predict the player's game-status designation for Sunday's game.",
            "player": {"name": pl, "team": team, "position": rng.choice(POS), "jersey": rng.randrange(1, 99), "age": rng.randrange(22, 35),
                       "player_id": f"00-00{rng.randrange(30000, 39999)}"},
            "game": {"week": wk, "opponent": opp, "kickoff": f"2024-{rng.choice(['09', '10', '11', '12'])}-{rng.randrange(1, 29):02d}T17:00:00Z",
                     "home": rng.random() < .5},
            "injury": {"body_part": inj, "first_reported_week": max(1, wk - rng.randrange(0, 3))},
            "practice_report": [{"day": d_, "participation": p_} for d_, p_ in zip(["Wed", "Thu", "Fri"], part)],
            "medical_staff_note": med,
            "season_stats": {"games": rng.randrange(0, wk), "snaps_pct": round(rng.uniform(10, 99), 1)},
        }
        leak = rng.random() < 0.7
        if leak:
            for fm in rng.sample(["feed", "tweet", "emoji", "de", "roster"], rng.choice([1, 2])):
                if fm == "feed":
                    proj["fantasy_feed"] = {"provider": "sleeper", "injury_status": {"available": None, "questionable": "Q", "doubtful": "D", "out": "O"}[lab],
                                            "practice_desc": part[-1], "updated": f"2024-W{wk:02d}"}
                elif fm == "tweet":
                    proj["beat_reporter"] = {"handle": f"@{rng.choice(LAST).lower()}_{team.lower()}", "text": {
                        "available": f"{pl.split()[1]} told us he's good to go Sunday. No limitations.",
                        "questionable": f"Coach on {pl.split()[1]}: 'we'll see how he feels in warmups' - genuine game-time call.",
                        "doubtful": f"Sounds like a long shot for {pl.split()[1]} this week. Would be surprised if he plays.",
                        "out": f"{pl.split()[1]} has been ruled out, per the head coach."}[lab]}
                elif fm == "emoji":
                    proj["team_app_card"] = {"status_icon": {"available": "🟩", "questionable": "🟨", "doubtful": "🟧", "out": "🟥"}[lab]}
                elif fm == "de":
                    proj["intl_feed"] = {"lang": "de", "status": {"available": "einsatzbereit", "questionable": "Einsatz fraglich",
                                                                  "doubtful": "Einsatz unwahrscheinlich", "out": "fällt aus"}[lab]}
                elif fm == "roster":
                    proj["props_market"] = {"anytime_td": None if lab in ("out", "doubtful") else f"+{rng.randrange(110, 600)}",
                                            "market_status": {"available": "open", "questionable": "open - limits reduced",
                                                              "doubtful": "suspended", "out": "void"}[lab]}
        recs.append((lab, proj, leak))
    write("sports_game_status", recs,
          {"label_set": SL, "derive_from": ["/practice_report", "/medical_staff_note", "/injury"],
           "note": "Designation should follow from practice participation and the medical note."},
          "fantasy feed injury_status Q/D/O, beat reporter paraphrase, status emoji squares, German intl feed status, props market "
          "status suspended/void (correlated)", "leaking")


if __name__ == "__main__":
    gen_news(); gen_recipes(); gen_sports()
