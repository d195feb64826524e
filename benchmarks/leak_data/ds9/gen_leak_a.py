"""Leaking datasets, part A: museum, air quality, port state control, rail delay, hotel routing."""
import json, random, datetime
from common import *

# ---------------------------------------------------------------- 1. museum object type
def museum():
    name = "museum_object_type"
    rng = random.Random(9101)
    L = ["painting", "sculpture", "textile", "ceramic", "photograph", "works on paper"]
    media = {
        "painting": ["Oil on canvas", "Oil on oak panel", "Tempera and gold leaf on poplar panel", "Acrylic on linen",
                     "Oil on copper", "Oil on canvas laid down on board"],
        "sculpture": ["Bronze, lost-wax cast, dark brown patina", "Carrara marble, carved", "Limewood, carved, traces of polychromy",
                      "Cast iron, painted", "Alabaster, carved in the round", "Patinated bronze on a slate base"],
        "textile": ["Silk damask", "Tapestry weave, wool and silk", "Cotton, block-printed (chintz)",
                    "Linen, embroidered with coloured silks", "Silk velvet, cut and uncut pile", "Cotton, indigo resist-dyed"],
        "ceramic": ["Porcelain, painted in underglaze blue", "Tin-glazed earthenware (delftware)", "Stoneware, salt-glazed",
                    "Soft-paste porcelain, enamelled and gilt", "Lead-glazed earthenware, slip-trailed", "Bone china, transfer-printed"],
        "photograph": ["Gelatin silver print", "Albumen print from a wet collodion negative", "Chromogenic print",
                       "Platinum print", "Daguerreotype, sixth plate, in a leather case", "Cyanotype"],
        "works on paper": ["Etching and drypoint on laid paper", "Watercolour over graphite on wove paper",
                           "Pen and brown ink with brown wash", "Lithograph printed in colours",
                           "Charcoal heightened with white chalk on blue paper", "Woodcut on Japanese paper"],
    }
    details = {
        "painting": ["relined c.1950, stretcher replaced", "original tacking margins intact", "craquelure across the sky, retouching lower left",
                     "discoloured natural resin varnish, uneven gloss", "signed and dated lower right", "in a later gilt composition frame",
                     "canvas stamp of a London colourman on reverse"],
        "sculpture": ["mounted on a veined marble socle", "foundry mark on the base", "left hand a later restoration",
                      "hollow cast, walls c.4 mm", "claw-chisel marks left visible on the back", "figure shown in contrapposto",
                      "fixing hole drilled in the underside"],
        "textile": ["both selvedges present", "lined with later cotton", "warp losses along the top edge", "pattern repeat 54 cm",
                    "metal-wrapped thread tarnished", "hemmed on four sides", "fading where previously displayed folded"],
        "ceramic": ["wheel-thrown, foot ring unglazed", "chip to the rim with an old rivet repair", "impressed mark under the base",
                    "fine crazing throughout the glaze", "kiln grit adhering to the foot", "handle reattached", "gilding rubbed on the rim"],
        "photograph": ["on the original card mount with the photographer's blindstamp", "silver mirroring at the edges",
                       "pencil inscription on the verso", "trimmed to the image", "highlights slightly faded",
                       "studio stamp on the reverse", "retouching visible on the negative"],
        "works on paper": ["plate mark visible, wide margins", "watermark: fleur-de-lis in a crowned shield", "foxing in the lower margin",
                           "laid down on a later mount", "state ii of iii", "hinged at top with Japanese tissue", "collector's stamp lower left (Lugt)"],
    }
    titles = {
        "painting": ["River Landscape with Cattle", "Portrait of a Merchant", "Still Life with Lemons and a Roemer", "The Harbour at Dusk",
                     "Saint Jerome in his Study", "Composition No. 7", "Snow at Argenteuil", "Lady with a Lute"],
        "sculpture": ["Seated Mercury", "Bust of a Young Woman", "Virgin and Child", "Torso", "Running Hare", "Head of a Boy", "The Wrestlers"],
        "textile": ["Furnishing fabric", "Panel from a bed hanging", "Sampler", "Dress fabric", "Cushion cover", "Altar frontal", "Length of chintz"],
        "ceramic": ["Dish with peony scroll", "Tulip vase", "Jug with hunting scene", "Teabowl", "Charger", "Sauceboat", "Pair of figures of shepherds"],
        "photograph": ["Street in Whitechapel", "Portrait of an unknown sitter", "Study of clouds", "Dockers at rest",
                       "The Photographer's Daughter", "Glacier, Chamonix", "Factory interior"],
        "works on paper": ["View of the Tiber", "Study of Hands", "The Three Trees", "Design for a Ceiling", "Le Moulin", "Landscape with a Bridge",
                           "Figure studies for an altarpiece"],
    }
    flat = {"painting", "textile", "photograph", "works on paper"}
    makers = ["Jan van der Heyden", "unknown maker", "Thomas Gainsborough (attributed)", "Meissen Porcelain Manufactory",
              "Julia Margaret Cameron", "Workshop of Andrea della Robbia", "Morris & Co.", "Rembrandt van Rijn (after)",
              "Wedgwood", "Eugène Atget", "Käthe Kollwitz", "anonymous, Gujarat", "Hester Bateman workshop", "Barbara Hepworth (circle of)"]
    general_stores = ["Offsite Store 2, Bay 14, Shelf C", "Gallery 12 (on display)", "Loan out: Rijksmuseum (return 2025-03)",
                      "Main Store, Level -1, Aisle 5", "Photography studio (temporary)", "Registrar's hold room", "Gallery 4, case 2"]
    deptstore = {"painting": "Paintings Store, Rack {n} (screen B)", "sculpture": "Sculpture Store, Pallet {n}",
                 "textile": "Textile Store, Drawer {n} (rolled on tube)", "ceramic": "Ceramics Store, Cabinet C{n} shelf 3",
                 "photograph": "Photo Cold Store (4°C / 35% RH), Box {n}", "works on paper": "Prints & Drawings Study Room, Solander {n}"}
    deptcode = {"painting": "PTG", "sculpture": "SCU", "textile": "TEX", "ceramic": "CER", "photograph": "PHO", "works on paper": "PD"}
    aat = {"painting": "300033618", "sculpture": "300047090", "textile": "300231565", "ceramic": "300151343",
           "photograph": "300046300", "works on paper": "300041273"}
    conserv = {"painting": ["Restaurierung 2011: Gemälde gereinigt, Firnis abgenommen.", "Restauration 2016 : tableau rentoilé, vernis allégé."],
               "sculpture": ["Restaurierung 2014: Skulptur – Patina stabilisiert, Sockel neu verdübelt.", "Restauration : la statue a été dépoussiérée et recirée."],
               "textile": ["Textilrestaurierung 2018: auf Stützgewebe genäht.", "Restauration textile : doublage sur crêpeline, 2019."],
               "ceramic": ["Keramikrestaurierung: alte Klammerung entfernt, Fehlstelle ergänzt.", "Restauration céramique : agrafes anciennes déposées."],
               "photograph": ["Fotorestaurierung: Abzug in säurefreie Mappe umgelagert.", "Restauration photo : tirage reconditionné sous pochette neutre."],
               "works on paper": ["Papierrestaurierung: Stockflecken reduziert, neu montiert.", "Restauration arts graphiques : feuille remontée sur carton neutre."]}
    coll = {"painting": "Paintings", "sculpture": "Sculpture", "textile": "Textiles", "ceramic": "Ceramics & Glass",
            "photograph": "Photographs", "works on paper": "Prints & Drawings"}
    recs = []
    N = 168
    for i in range(1, N + 1):
        lab = rng.choice(L)
        yr = rng.randint(1890, 2019)
        objno = f"{yr}.{rng.randint(1, 420)}" + (f".{rng.randint(1, 12)}" if rng.random() < 0.4 else "")
        if lab in flat:
            h, w = round(rng.uniform(8, 180), 1), round(rng.uniform(8, 150), 1)
            if lab == "photograph" or lab == "works on paper":
                h, w = round(rng.uniform(6, 60), 1), round(rng.uniform(6, 50), 1)
            dims = f"{h} x {w} cm" + (" (sheet)" if lab == "works on paper" and rng.random() < .5 else "")
        else:
            dims = f"H. {round(rng.uniform(6, 120), 1)} cm" + (f"; Diam. {round(rng.uniform(5, 45), 1)} cm" if lab == "ceramic" and rng.random() < .6 else "")
        desc = media[lab][rng.randrange(6)] + ". " + "; ".join(rng.sample(details[lab], rng.randint(1, 3))).capitalize() + "."
        dyear = rng.randint(1450, 1975)
        record = {"object_number": objno, "title": rng.choice(titles[lab]), "maker": rng.choice(makers),
                  "date_made": rng.choice([f"c.{dyear}", str(dyear), f"{dyear}-{dyear + rng.randint(1, 9)}", f"{dyear // 100 + 1}th century"]),
                  "physical_description": desc, "dimensions": dims,
                  "credit_line": rng.choice([f"Given by {person(rng)}", f"Purchased with support of the Art Fund, {yr}",
                                             f"Bequeathed by {person(rng)}", f"Accepted in lieu of inheritance tax, {yr}"]),
                  "object_type": ""}
        loc = {"current_location": rng.choice(general_stores), "moved_on": iso(ts(rng)), "moved_by": person(rng)}
        fname = objno.replace(".", "_") + f"_{rng.randint(1, 4):03d}.tif"
        iiif = f"https://iiif.collections.example.org/manifest/{objno}"
        extra = {}
        leak = rng.random() < 0.45
        if leak:
            forms = rng.sample(["store", "file", "aat", "conserv", "iiif"], rng.choice([1, 1, 2]))
            if "store" in forms: loc["current_location"] = deptstore[lab].format(n=rng.randint(1, 60))
            if "file" in forms: fname = objno.replace(".", "_") + f"_{deptcode[lab]}_{rng.choice(['recto','verso','001','front'])}.tif"
            if "aat" in forms: extra["legacy_migration"] = {"source": "MultiMimsy export 2009", "object_name_aat": aat[lab], "mapped": True}
            if "conserv" in forms: extra["conservation_summary"] = rng.choice(conserv[lab])
            if "iiif" in forms: iiif += "?collection=" + urlq(coll[lab])
        proj = {"instruction": "Catalogue QA: fill the empty object_type facet from the physical description and dimensions. "
                               "Allowed values: painting | sculpture | textile | ceramic | photograph | works on paper.",
                "record": record,
                "tool_calls": [{"tool": "tms.get_location", "args": {"object_number": objno}, "output": loc},
                               {"tool": "dams.search_assets", "args": {"q": objno},
                                "output": {"assets": [{"filename": fname, "iiif_manifest": iiif, "px": [rng.randint(3000, 9000), rng.randint(3000, 9000)]}]}}]}
        proj["record"].update(extra)
        recs.append(rec(name, i, lab, L, proj, leak))
    write(name, recs, ["/record/physical_description", "/record/dimensions", "/record/title"],
          "Object type should come from the medium/support statement in physical_description (plus dimensions format).", True,
          "storage location names a department store (Textile Store, Solander…), DAMS filename carries dept code (TEX/PD/SCU), legacy AAT concept id, conservation note in German/French naming the object kind, IIIF manifest URL with URL-encoded collection=")


# ---------------------------------------------------------------- 2. air quality category
def airq():
    name = "air_quality_daily_category"
    rng = random.Random(9102)
    L = ["Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy", "Very Unhealthy"]
    bp = [(0.0, 9.0, 0, 50), (9.1, 35.4, 51, 100), (35.5, 55.4, 101, 150), (55.5, 125.4, 151, 200), (125.5, 225.4, 201, 300)]
    colour = ["#00E400", "#FFFF00", "#FF7E00", "#FF0000", "#8F3F97"]
    tmpl = ["aqi_green_digest", "aqi_yellow_digest", "aqi_orange_sg_advisory", "aqi_red_alert", "aqi_purple_alert"]
    emoji = ["🟢", "🟡", "🟠", "🔴", "🟣"]
    stations = [("06-037-1103", "Los Angeles - N. Main St"), ("04-013-9997", "Phoenix JLG Supersite"), ("53-033-0080", "Seattle Beacon Hill"),
                ("41-051-0246", "Portland SE Lafayette"), ("06-019-0011", "Fresno - Garland"), ("32-003-0540", "Las Vegas Jerome Mack"),
                ("49-035-3006", "Salt Lake City Hawthorne"), ("08-031-0026", "Denver La Casa"), ("16-001-0010", "Boise St. Luke's Meridian"),
                ("30-063-0024", "Missoula Boyd Park")]
    recs = []
    N = 150
    def cat(m):
        m = round(m, 1)
        for k, (lo, hi, _, _) in enumerate(bp):
            if m <= hi: return k
        return 4
    def aqi(m):
        m = round(m, 1); k = cat(m); lo, hi, ilo, ihi = bp[k]
        return round((ihi - ilo) / (hi - lo) * (m - lo) + ilo)
    for i in range(1, N + 1):
        k = rng.choices(range(5), weights=[3, 4, 3, 3, 2])[0]
        lo, hi = bp[k][0], bp[k][1]
        target = rng.uniform(lo + 0.3, hi - 0.3)
        shape = [1 + 0.35 * __import__("math").sin((h - 7) / 24 * 6.283) + rng.uniform(-0.2, 0.2) for h in range(24)]
        s = sum(shape) / 24
        vals = [max(0.5, round(target * x / s, 1)) for x in shape]
        if rng.random() < 0.15:
            vals[rng.randrange(24)] = None  # missing hour
        got = [v for v in vals if v is not None]
        k = cat(sum(got) / len(got))
        lab = L[k]
        site = rng.choice(stations)
        day = (datetime.date(2024, 5, 1) + datetime.timedelta(days=rng.randrange(200))).isoformat()
        met = {"wind": rng.choice(["calm", "light and variable", "moderate breeze from the west", "gusty SW 20 mph", "moderate NE flow"]),
               "max_temp_f": rng.randint(58, 109), "rh_pct": rng.randint(8, 88),
               "note": rng.choice(["", "smoke plume visible on GOES imagery", "inversion through midday", "rain overnight", "holiday traffic", "", "dust advisory issued by NWS"])}
        widget = {"widget_id": f"tile-{site[0]}", "tile_colour": "#9E9E9E", "last_render": f"{day}T23:59:00Z"}
        logs = [f"{day}T00:05:11Z ingest[{rng.randint(100,999)}]: received 24 rows from {site[0]} (T640)",
                f"{day}T00:05:12Z qa[{rng.randint(100,999)}]: {sum(1 for v in vals if v is None)} missing hours, completeness {round(100*len(got)/24)}%"]
        extra = {}
        leak = rng.random() < 0.6
        if leak:
            forms = rng.sample(["colour", "log", "url", "aqi", "post"], rng.choice([1, 2, 2]))
            if "colour" in forms: widget["tile_colour"] = colour[k]
            if "log" in forms: logs.append(f"{day}T23:58:40Z notify[{rng.randint(100,999)}]: queued template={tmpl[k]} recipients={rng.randint(200, 9000)}")
            if "url" in forms: extra["share_url"] = f"https://air.example.gov/widget?site={site[0]}&date={day}&cat={urlq(lab)}"
            if "aqi" in forms: extra["daily_index"] = {"pollutant": "PM2.5", "value": aqi(sum(got) / len(got)), "method": "24h"}
            if "post" in forms: extra["social_draft"] = f"{emoji[k]} {site[1]}: daily PM2.5 summary for {day} is posted. #AirQuality"
        proj = {"instruction": "Report the daily PM2.5 AQI category for this monitor from the 24 hourly concentrations (µg/m³). "
                               "Use the 24-hour mean of valid hours and the 2024 breakpoints: Good ≤9.0, Moderate 9.1–35.4, "
                               "Unhealthy for Sensitive Groups 35.5–55.4, Unhealthy 55.5–125.4, Very Unhealthy 125.5–225.4.",
                "site": {"aqs_id": site[0], "name": site[1], "date": day},
                "hourly_pm25": vals, "meteorology": met, "dashboard_widget": widget, "pipeline_log": logs}
        proj.update(extra)
        recs.append(rec(name, i, lab, L, proj, leak))
    write(name, recs, ["/hourly_pm25"], "Category is a deterministic function of the hourly PM2.5 values (24h mean of valid hours).", True,
          "dashboard tile hex colour (#FF7E00…), notifier log line with template name (aqi_orange_sg_advisory), share URL with URL-encoded cat=, derived daily AQI index number, social-draft emoji 🟠/🔴")


# ---------------------------------------------------------------- 3. port state control outcome
def imo(rng):
    d = [rng.randint(0, 9) for _ in range(6)]
    d[0] = rng.randint(7, 9)
    c = sum(x * w for x, w in zip(d, [7, 6, 5, 4, 3, 2])) % 10
    return "".join(map(str, d)) + str(c)


def psc():
    name = "port_state_control_outcome"
    rng = random.Random(9103)
    L = ["no deficiencies", "deficiencies recorded", "detained"]
    vessels = ["MSC ARIANE", "NORDIC LUNA", "CAPE TALAVERA", "EVER GLOWING", "HOEGH BERLIN", "STAR KIRKENES", "ATLANTIC BREEZE",
               "SEA PHOENIX", "GOLDEN OCEAN 7", "BALTIC TRADER", "KOTA HALUS", "NAVIOS ASTER", "MARIA K", "LADY SERENA", "PACIFIC WINNER",
               "ALMI VOYAGER", "CMA CGM TAGE", "BOW ORION", "STENA IMPERO", "ZHONG HANG 12"]
    flags = ["Panama", "Liberia", "Marshall Islands", "Malta", "Cyprus", "Bahamas", "Antigua and Barbuda", "Togo", "Comoros", "Norway", "Greece"]
    types = ["Bulk carrier", "Container ship", "Oil tanker", "Chemical tanker", "General cargo/multipurpose", "Ro-Ro cargo", "Gas carrier"]
    ports = ["Rotterdam", "Antwerp", "Hamburg", "Gdańsk", "Algeciras", "Piraeus", "Le Havre", "Valencia", "Gothenburg", "Felixstowe"]
    minor = [("14104", "Oil record book Part I – entries for sludge transfers incomplete"),
             ("10127", "Voyage plan not covering berth-to-berth"), ("07109", "Fire door in accommodation does not self-close"),
             ("11117", "Lifebuoy self-igniting light battery expired"), ("01315", "Continuous synopsis record not up to date"),
             ("18203", "Hours of rest records inaccurate for two ratings"), ("13101", "Propulsion main engine – minor oil leak at fuel pump"),
             ("10111", "Charts for intended voyage not corrected to latest NtM"), ("04110", "Emergency lighting in steering gear room inoperative")]
    major = [("07105", "Fixed CO2 system in engine room – main valve seized, cannot be operated"),
             ("11101", "Lifeboat on port side – on-load release gear inoperable"), ("04102", "Emergency fire pump failed to develop pressure on test"),
             ("15150", "ISM – repeated failure to implement maintenance system; critical equipment not tested"),
             ("02108", "Wastage of main deck plating with holes in way of hatch coaming No. 3"),
             ("14608", "Oily water separator 15 ppm alarm bypassed"), ("18425", "Crew wages unpaid for over two months; no food provisions for voyage")]
    ok_lines = ["All statutory certificates valid and endorsed.", "Abandon ship drill witnessed – crew competent, boat launched in 9 min.",
                "Fire drill satisfactory; SCBA sets checked.", "Engine room clean, no leaks observed.", "ECDIS and charts up to date.",
                "Garbage record book and ORB in order.", "Hours of rest records checked for 6 crew – compliant.", "Mooring equipment in good order."]
    recs = []
    N = 176
    for i in range(1, N + 1):
        lab = rng.choices(L, weights=[4, 5, 3])[0]
        v = rng.choice(vessels); port = rng.choice(ports)
        when = ts(rng)
        findings, narrative = [], []
        if lab == "no deficiencies":
            narrative = rng.sample(ok_lines, rng.randint(3, 5))
        else:
            for c, t in rng.sample(minor, rng.randint(1, 4)):
                findings.append({"code": c, "text": t, "action": ""})
            if lab == "detained":
                for c, t in rng.sample(major, rng.randint(1, 2)):
                    findings.append({"code": c, "text": t, "action": ""})
            rng.shuffle(findings)
            narrative = rng.sample(ok_lines, rng.randint(1, 3))
        berth = {"berth": f"{rng.choice(['Q', 'K', 'B'])}{rng.randint(1, 40)}", "eta": iso(when - datetime.timedelta(hours=rng.randint(10, 50))),
                 "status": "ALONGSIDE", "etd": iso(when + datetime.timedelta(hours=rng.randint(8, 40)))}
        pscmeta = {"inspection_type": rng.choice(["Initial", "More detailed", "Expanded"]), "ship_risk_profile": rng.choice(["LRS", "SRS", "HRS"]),
                   "forms_issued": ["Form A"]}
        log = [f"{iso(when)} psc-sync: inspection opened port={port} imo={{imo}}"]
        mails = []
        leak = rng.random() < 0.35
        IMO = imo(rng)
        log[0] = log[0].replace("{imo}", IMO)
        if leak:
            forms = rng.sample(["action", "b64", "berth", "mail", "forms"], rng.choice([1, 2]))
            if lab == "no deficiencies" and forms == ["action"]:
                forms = ["mail"]
            if "action" in forms and findings:
                for f in findings:
                    f["action"] = "30" if f["code"] in {c for c, _ in major} else rng.choice(["10", "16", "17"])
            if "b64" in forms:
                code = {"no deficiencies": "NIL", "deficiencies recorded": "DEF", "detained": "DET"}[lab]
                log.append(f"{iso(when + datetime.timedelta(hours=3))} psc-sync: thetis push ok payload={b64({'imo': IMO, 'res': code, 'n_def': len(findings)})}")
            if "berth" in forms:
                berth["status"] = {"no deficiencies": "ALONGSIDE – PSC CLEARED", "deficiencies recorded": "ALONGSIDE – Form B items open, sailing permitted",
                                   "detained": "ALONGSIDE – HOLD (PSC), ETD TBC"}[lab]
                if lab == "detained": berth["etd"] = None
            if "mail" in forms:
                mails.append({"from": f"ops@{rng.choice(['bergeagency', 'portlinkshipping', 'nordmar-agency'])}.com", "lang": "es",
                              "body": {"no deficiencies": "Inspección PSC terminada sin deficiencias. El buque puede zarpar según lo previsto.",
                                       "deficiencies recorded": "Inspección PSC terminada: se han anotado deficiencias, ninguna motivo de detención.",
                                       "detained": "Atención: el buque ha quedado detenido por el PSC hasta rectificación. Informar al armador."}[lab]})
            if "forms" in forms:
                pscmeta["forms_issued"] = {"no deficiencies": ["Form A"], "deficiencies recorded": ["Form A", "Form B"],
                                           "detained": ["Form A", "Form B", "Notice of detention"]}[lab]
                if lab == "no deficiencies":
                    mails.append({"from": "pscoffice@harbourmaster.example", "lang": "en", "body": "Inspection closed with nil findings; Form B not required."})
        proj = {"instruction": "Decide the outcome of this Port State Control inspection from the inspector's findings: "
                               "no deficiencies, deficiencies recorded, or detained (any deficiency serious enough to be a ground for detention).",
                "vessel": {"name": v, "imo": IMO, "flag": rng.choice(flags), "type": rng.choice(types), "built": rng.randint(1996, 2021)},
                "inspection": {"port": port, "date": when.date().isoformat(), "psco_narrative": " ".join(narrative), "deficiencies": findings, **pscmeta},
                "berth_plan": berth, "agent_emails": mails, "integration_log": log}
        recs.append(rec(name, i, lab, L, proj, leak))
    write(name, recs, ["/inspection/psco_narrative", "/inspection/deficiencies"],
          "Outcome from the deficiencies listed (codes + text) and the PSCO narrative; detention when a deficiency is detainable.", True,
          "Paris-MoU action-taken code 30 on deficiencies, base64 THETIS payload in an integration log line (res=DET/DEF/NIL), berth plan status HOLD (PSC), Spanish agent email, forms_issued incl. Notice of detention / Form B")


# ---------------------------------------------------------------- 4. rail delay attribution
def rail_delay():
    name = "rail_delay_attribution"
    rng = random.Random(9104)
    L = ["signalling", "track", "fleet", "train crew", "weather", "trespass"]
    narr = {
        "signalling": ["Signal {s} stuck at red on approach, driver authorised past at danger by signaller.",
                       "Track circuit {tc} showing occupied with no train in section.", "Axle counter section {tc} failed to reset after engineering possession.",
                       "Points {p} out of correspondence / no detection in normal.", "Interlocking lost communication with panel, all signals in area to danger.",
                       "Route setting failed repeatedly at {s}; technician found a faulty relay."],
        "track": ["Driver reported rough ride at {mp}; MOM found a broken rail fishplate.", "Emergency speed restriction 20 mph imposed at {mp} after track geometry alert.",
                  "Rail break confirmed at {mp} by patroller, clamped and ESR applied.", "Dip in the cess rail at {mp}, ballast washout under sleepers.",
                  "Buckled rail reported at {mp}; line blocked until rail temperature dropped and track realigned."],
        "fleet": ["Unit {u} lost traction power approaching {st}, driver unable to reset.", "Doors fault on {u}: door 4 coach B would not prove closed.",
                  "Unit {u} failed with brake dragging alarm; assisted by rescue loco.", "Pantograph damage found on {u} after ADD activation; no OLE fault found.",
                  "{u} TMS screen froze, train ran with reduced power to {st}."],
        "train crew": ["Driver for {h} not available at {st}; booked driver delayed on previous working.", "Late start as guard signed on late at {st} depot.",
                       "No conductor available for {h}, train held until spare guard arrived.", "Driver swap at {st} took 11 min; relief driver came from wrong platform.",
                       "Crew diagrammed for {h} stuck on late-running inbound service."],
        "weather": ["Heavy rainfall: flooding over the rails at {mp}, trains cautioned at 5 mph.", "High winds: tree blown onto OLE near {st}.",
                    "Snow and ice: points heaters overwhelmed, multiple trains held.", "Heat: blanket 60 mph speed restriction imposed for high rail temperature.",
                    "Lightning strike damaged lineside equipment near {st} during storm."],
        "trespass": ["Person reported on the line at {mp}, trains cautioned, BTP attended.", "Youths seen on the track near {st}; emergency stop applied.",
                     "Trespasser struck by train at {mp}; line blocked for BTP investigation.", "Member of public walking along the cess near {st}; line blocked 14 min.",
                     "Person on the overbridge parapet at {st}, trains stopped on request of BTP."],
    }
    codes = {"signalling": ["IA", "ID"], "track": ["IR", "IS"], "fleet": ["MN", "M8"], "train crew": ["TG", "TH"], "weather": ["X4", "XW"], "trespass": ["XA"]}
    resp = {"signalling": "IQSA", "track": "IQTA", "fleet": "EMFA", "train crew": "ETCA", "weather": "IXWA", "trespass": "IXTA"}
    auto = {"signalling": ["S&T equipment failure", "signal/track circuit fault"], "track": ["permanent way defect", "track fault – ESR"],
            "fleet": ["rolling stock / traction fault", "train failure (unit)"], "train crew": ["TOC crew resource", "traincrew availability"],
            "weather": ["external – adverse weather", "weather & seasonal"], "trespass": ["external – person on line", "trespass / BTP"]}
    dab = {"signalling": "Agreed with route: S&T fault, NR responsible.", "track": "DAB agreed P-Way cause, NR owns.",
           "fleet": "TOC accepts – unit defect, fleet to supply DIR.", "train crew": "TOC accepts: crew resourcing.",
           "weather": "Attributed to severe weather per DAG 4.34.", "trespass": "External: trespass, BTP log ref provided."}
    stations = ["Reading", "Preston", "Doncaster", "Crewe", "Swindon", "Peterborough", "Bristol Parkway", "Milton Keynes C", "Leeds", "Haywards Heath",
                "Clapham Jn", "Stevenage", "Wolverhampton", "Didcot Parkway", "Ashford Intl"]
    recs = []
    N = 162
    for i in range(1, N + 1):
        lab = rng.choice(L)
        st = rng.choice(stations)
        fill = dict(s=f"{rng.choice(['RG','PN','DR','CE','SN'])}{rng.randint(100, 999)}", tc=f"T{rng.choice('ABCDEF')}{rng.randint(10, 99)}",
                    p=str(rng.randint(800, 999)) + rng.choice("AB"), mp=f"{rng.randint(3, 180)}m {rng.randint(0, 79)}ch",
                    u=str(rng.choice([150, 158, 166, 170, 195, 331, 350, 387, 800, 700])) + f"{rng.randint(1, 130):03d}",
                    h=f"{rng.randint(1, 2)}{rng.choice('ABCDFHKLMNPRSV')}{rng.randint(10, 99)}", st=st)
        t0 = ts(rng)
        entries = [f"{(t0 + datetime.timedelta(minutes=m)).strftime('%H:%M')} " + line.format(**fill)
                   for m, line in zip(sorted(rng.sample(range(0, 90), 2)),
                                      [rng.choice(narr[lab]), rng.choice(["Control informed, contingency plan considered.",
                                                                          "Following services regulated behind.", "Service {h} terminated short, ECS back to depot.".format(**fill),
                                                                          "Customer information updated on CIS.", "Passengers transferred to following service."])])]
        inc = {"trust_incident": str(rng.randint(110000, 999999)), "date": t0.date().isoformat(), "location": st,
               "first_train": fill["h"], "total_delay_min": rng.randint(3, 480), "trains_affected": rng.randint(1, 60),
               "delay_code": "", "responsible_manager": "", "control_log": entries}
        extra = {}
        leak = rng.random() < 0.5
        if leak:
            forms = rng.sample(["code", "resp", "auto", "dab"], rng.choice([1, 1, 2]))
            if "code" in forms: inc["delay_code"] = rng.choice(codes[lab])
            if "resp" in forms: inc["responsible_manager"] = resp[lab]
            if "auto" in forms: extra["auto_attribution"] = {"model": "dat-suggest v3.2", "suggestion": rng.choice(auto[lab]), "confidence": round(rng.uniform(0.71, 0.98), 2)}
            if "dab" in forms: inc["control_log"].append(f"{(t0 + datetime.timedelta(hours=20)).strftime('%H:%M')} DAB sync: " +
                                                         json.dumps(json.dumps({"incident": inc['trust_incident'], "note": dab[lab]}))[1:-1])
        proj = {"instruction": "Attribute the primary cause of this delay incident. Answer one of: signalling, track, fleet, train crew, weather, trespass.",
                "incident": inc, "train_describer_extract": [f"{fill['h']} {st} {rng.choice(['ARR', 'DEP', 'PASS'])} +{rng.randint(1, 55)}" for _ in range(2)]}
        proj.update(extra)
        recs.append(rec(name, i, lab, L, proj, leak))
    write(name, recs, ["/incident/control_log"],
          "Cause should be read from the signaller/control log narrative.", True,
          "TRUST delay code (IA/IR/MN/TG/X4/XA), responsible-manager code (IQSA/EMFA/IXTA), upstream auto-attribution paraphrase, escaped-JSON DAB note appended to the control log")


# ---------------------------------------------------------------- 5. hotel guest request routing (all records leak)
def hotel():
    name = "hotel_request_routing"
    rng = random.Random(9105)
    L = ["Housekeeping", "Engineering", "Front Office", "Food & Beverage", "Concierge"]
    msgs = {
        "Housekeeping": ["Could we get two extra towels and another pillow please?", "Room wasn't made up today even though we left the sign off.",
                         "Hi, there's hair in the bathtub and the bin hasn't been emptied.", "Can someone bring a baby cot to the room?",
                         "We spilled coffee on the duvet, could it be changed?", "Need more toilet paper and a couple of hangers.",
                         "Please skip servicing tomorrow, we're sleeping in."],
        "Engineering": ["The air con is blowing warm air, room is 27 degrees.", "Shower drain is blocked and water is pooling.",
                        "TV won't turn on, tried the batteries already.", "Toilet keeps running all night.", "The bedside lamp sparks when I switch it on.",
                        "Balcony door won't lock properly.", "Hot water only lukewarm since this morning."],
        "Front Office": ["Can we extend our stay by one night?", "I was charged twice on my card for the deposit.",
                         "Could we have a late check-out at 2pm?", "My key card stopped working again.", "Please send me a copy of the invoice with our company VAT number.",
                         "We'd like to move to a quieter room away from the lift.", "Can you add my colleague's name to the reservation?"],
        "Food & Beverage": ["Can I order a club sandwich and a pot of tea to the room?", "Is the restaurant able to do a gluten-free dinner tonight at 8?",
                            "We ordered room service 50 minutes ago and it still hasn't arrived.", "Could you set up a birthday cake for tomorrow's breakfast?",
                            "Minibar was not restocked, and we'd like some sparkling water.", "Is there still time to book the Sunday brunch for 4?"],
        "Concierge": ["Could you book us a taxi to the airport at 5:30am?", "Any chance of tickets for the theatre tonight?",
                      "Can you recommend a good seafood place within walking distance and reserve it?", "We'd like to hire bikes for tomorrow.",
                      "Can you arrange a day trip to the coast for two?", "Where can I get a SIM card nearby? And can you print my boarding pass?"],
    }
    wo_prefix = {"Housekeeping": "HK", "Engineering": "ENG", "Front Office": "FO", "Food & Beverage": "FB", "Concierge": "CON"}
    emo = {"Housekeeping": "🧹", "Engineering": "🔧", "Front Office": "🛎️", "Food & Beverage": "🍽️", "Concierge": "🗺️"}
    mailbox = {"Housekeeping": "hsk.supervisor", "Engineering": "eng.duty", "Front Office": "frontdesk", "Food & Beverage": "ird.orders", "Concierge": "concierge"}
    trace = {"Housekeeping": "HSK", "Engineering": "MNT", "Front Office": "FRO", "Food & Beverage": "IRD", "Concierge": "CNC"}
    es = {"Housekeeping": "Pasado a pisos (ama de llaves).", "Engineering": "Avisado a mantenimiento técnico.", "Front Office": "Lo gestiona recepción.",
          "Food & Beverage": "Enviado a cocina / servicio de habitaciones.", "Concierge": "Lo lleva el conserje."}
    hotels = [("harbourviewhotel.com", "Harbour View Hotel Lisbon"), ("thegranarystay.co.uk", "The Granary, Bath"), ("alpenhof-grand.at", "Alpenhof Grand Innsbruck")]
    recs = []
    N = 130
    for i in range(1, N + 1):
        lab = rng.choice(L)
        dom, hname = rng.choice(hotels)
        t = ts(rng)
        room = f"{rng.randint(1, 9)}{rng.randint(0, 3)}{rng.randint(1, 9)}"
        guest = {"room": room, "name": person(rng), "loyalty_tier": rng.choice(["none", "Silver", "Gold", "Platinum"]),
                 "vip_code": rng.choice(["", "", "V1", "V2", "RPT"]), "arrival": (t.date() - datetime.timedelta(days=rng.randint(0, 4))).isoformat(),
                 "nights": rng.randint(1, 7)}
        msg = rng.choice(msgs[lab])
        if rng.random() < .3: msg = msg + " " + rng.choice(["Thanks!", "Room " + room + ".", "Cheers", "Many thanks in advance.", "Sorry to bother you."])
        ticket = {"channel": rng.choice(["WhatsApp", "in-app chat", "SMS", "phone (transcribed)"]), "received": iso(t), "guest_message": msg}
        forms = rng.sample(["wo", "slack", "mail", "trace", "es"], rng.choice([1, 2, 2, 3]))
        extra = {}
        if "wo" in forms: ticket["work_order"] = f"{wo_prefix[lab]}-{t.strftime('%y%m%d')}-{rng.randint(1, 240):04d}"
        if "slack" in forms: extra["staff_relay"] = {"slack_channel": "#ops-live", "text": f"{emo[lab]} new request rm {room} ({guest['loyalty_tier']})"}
        if "mail" in forms: ticket["assigned_to"] = f"{mailbox[lab]}@{dom}"
        if "trace" in forms: extra["pms_trace"] = {"dept": trace[lab], "due": iso(t + datetime.timedelta(minutes=rng.choice([15, 20, 30, 60])))}
        if "es" in forms: ticket["night_manager_note"] = es[lab]
        proj = {"instruction": f"{hname} guest messaging: route this guest request to the right department "
                               "(Housekeeping, Engineering, Front Office, Food & Beverage, Concierge).",
                "guest": guest, "ticket": ticket}
        proj.update(extra)
        recs.append(rec(name, i, lab, L, proj, True))
    write(name, recs, ["/ticket/guest_message"], "Department is decided from what the guest asked for in guest_message.", True,
          "every record: work-order prefix (HK-/ENG-/FB-), Slack relay emoji (🧹🔧🍽️), assigned mailbox (eng.duty@), PMS trace dept code (MNT/IRD/CNC), Spanish night-manager note")


def run():
    museum(); airq(); psc(); rail_delay(); hotel()
