"""ds11 part A: customs_hs_classify, mortgage_uw_conditions, oss_licence_review (all leaking)."""
import json
import random

from common import (b64, balanced_labels, choose_leaks, digits, hexid, name, rec, urlq, when, write)

# ---------------------------------------------------------------- customs
HS = ["8471.30", "8517.13", "6109.10", "9403.60", "3304.99", "8516.60"]
PRODUCTS = {
    "8471.30": [
        ("14\" notebook computer, Core i5-1335U, 16GB RAM, 512GB SSD, Win 11 Pro", "aluminium housing, Li-ion battery 54Wh", "office productivity, sold to corporate resellers"),
        ("Rugged 10.1in tablet PC with detachable keyboard, IP65", "magnesium alloy / polycarbonate", "field data collection for utilities crews"),
        ("Chromebook 11.6\" education model, 4GB/32GB eMMC", "ABS plastic shell", "K-12 classroom devices, district tender"),
        ("Ultrabook 13.3in OLED, 1.1 kg, USB-C charging", "CNC aluminium unibody", "retail consumer sale"),
        ("Convertible 2-in-1 laptop 15.6\" touch, stylus included", "plastic and aluminium", "consumer retail / e-commerce"),
    ],
    "8517.13": [
        ("5G smartphone 6.7in AMOLED, 256GB, dual SIM", "glass front/back, aluminium frame", "consumer retail handsets"),
        ("Android mobile handset 6.5\", 4G LTE, 128GB", "polycarbonate back", "prepaid carrier channel"),
        ("Refurbished cellular telephones, grade A, mixed models, with chargers", "various", "resale through marketplace"),
        ("Rugged push-to-talk LTE handset with SOS key", "TPU-overmoulded polycarbonate", "sold to logistics fleets for drivers"),
        ("Foldable smartphone 7.6in inner display, 512GB", "titanium hinge, ultra-thin glass", "flagship retail launch stock"),
    ],
    "6109.10": [
        ("Men's crew neck tee, 180gsm single jersey knit", "100% combed cotton", "retail apparel"),
        ("Women's V-neck T-shirt, short sleeve, knitted", "95% cotton / 5% elastane", "fashion retail"),
        ("Unisex blank tees for screen printing, sizes S-3XL", "100% ringspun cotton jersey", "promotional merchandise printers"),
        ("Kids' graphic print T-shirts, knitted, assorted colours", "100% organic cotton", "children's wear retail"),
        ("Oversized garment-dyed tee, drop shoulder, knit", "100% cotton 220gsm", "streetwear brand stores"),
    ],
    "9403.60": [
        ("Solid oak dining table 180x90cm, oiled finish", "European oak", "household furniture retail"),
        ("5-tier bookshelf, flat-packed, with hardware kit", "pine wood, lacquered", "home furniture e-commerce"),
        ("Acacia wood side table, round, 45cm", "acacia hardwood", "home decor stores"),
        ("Teak garden bench 3-seater, not upholstered", "plantation teak", "garden centre retail"),
        ("Walnut veneer sideboard with 3 drawers", "MDF core, walnut veneer, wood frame", "furniture showroom"),
    ],
    "3304.99": [
        ("Moisturizing face cream 50ml jar", "aqua, glycerin, shea butter, niacinamide", "skin care retail"),
        ("Tinted moisturizer SPF 30, 40ml tube", "zinc oxide, iron oxides, squalane", "beauty retail / drugstores"),
        ("Hyaluronic acid serum 30ml dropper", "aqua, sodium hyaluronate, panthenol", "professional salons and online"),
        ("Night repair cream with retinol 0.3%, 50ml", "retinol, ceramides, caprylic triglyceride", "dermocosmetics channel"),
        ("Body lotion 400ml pump bottle, unscented", "aqua, paraffinum liquidum, glycerin", "supermarket private label"),
    ],
    "8516.60": [
        ("Electric induction hob, 2 cooking zones, 3500W", "glass-ceramic top, steel housing", "household appliance retail"),
        ("Countertop convection oven 25L with rotisserie", "stainless steel", "kitchen appliance retail"),
        ("Electric rice cooker 1.8L, keep-warm function", "aluminium inner pot, PP housing", "Asian grocery chain"),
        ("Air fryer 5.5L digital, 1700W", "PP/PTFE basket, steel heating element", "home appliance e-commerce"),
        ("Electric hot plate single burner 1500W", "cast iron plate, steel body", "catering supply distributors"),
    ],
}
RATE = {"8471.30": "Free / no 301", "8517.13": "Free / 9903.88.69 excl.", "6109.10": "16.5% + 7.5% (9903.88.15)",
        "9403.60": "Free + 25% (9903.88.03)", "3304.99": "Free + 7.5% (9903.88.15)", "8516.60": "2.7% + 25% (9903.88.03)"}
HTS10 = {"8471.30": "8471300100", "8517.13": "8517130000", "6109.10": "6109100012", "9403.60": "9403608081",
         "3304.99": "3304995000", "8516.60": "8516604060"}
CHAPTER_PROSE = {
    "8471.30": "same as the Dell-type notebooks on the March entry, heading 8471 portable ADP machines",
    "8517.13": "these go in with the handsets like always, 85.17 subheading for smartphones",
    "6109.10": "cotton knit tees, chapter 61 -- we used 6109.10 on the last three POs",
    "9403.60": "wooden furniture heading 94.03, other wooden furniture like the previous oak tables",
    "3304.99": "beauty/skin-care preps under 33.04, 'other' subheading as before",
    "8516.60": "cooking appliances, 8516.60 ovens/cookers/hot plates same as the air fryers last fall",
}
IMPORTERS = ["Northwind Distribution LLC", "Bayside Retail Group Inc.", "Granite Peak Trading Co.", "Lumen Home Goods LLC",
             "Pacific Rim Imports Corp.", "Harborline Consumer Brands", "Meridian Apparel USA", "Keystone Tech Supply"]
SUPPLIERS = ["Shenzhen Hengtai Electronics Co., Ltd.", "Dongguan Meiyi Furniture Co.", "Tiruppur Knit Exports Pvt Ltd",
             "Ningbo Yuanda Appliance Co.", "Guangzhou Bella Cosmetics Ltd.", "Binh Duong Woodcraft JSC",
             "Penang Precision Devices Sdn Bhd", "Izmir Tekstil A.S.", "Hanoi Smart Devices JSC"]
ORIGINS = ["CN", "VN", "IN", "MY", "TR", "TW", "TH", "MX"]
PORTS = ["2704 Los Angeles", "1001 New York/Newark", "5301 Houston", "3002 Seattle", "1601 Charleston", "2709 Long Beach"]


def customs():
    rng = random.Random(1101)
    n = 168
    labs = balanced_labels(rng, HS, n)
    leaks = choose_leaks(rng, n, 0.45)
    forms = ["auto", "invoice_remark", "rate", "email", "ruling_url", "prior_entry"]
    out = []
    for i, lab in enumerate(labs):
        desc, mat, use = rng.choice(PRODUCTS[lab])
        qty = rng.choice([24, 48, 120, 250, 400, 600, 1200, 3000, 5000])
        unit = round(rng.uniform(2.5, 40) if lab in ("6109.10", "3304.99") else rng.uniform(18, 720), 2)
        inv = f"INV-{rng.choice(['HT', 'MY', 'TK', 'YD', 'BC'])}{digits(rng, 6)}"
        p = {
            "instruction": "Assign the 6-digit HS subheading (format NNNN.NN) for the commercial invoice line below. Use GRI 1-6 and the product description, material and intended use.",
            "entry_draft": {"entry_no": f"{rng.choice(['ABC', 'K7Q', '9MX'])}-{digits(rng, 7)}-{digits(rng, 1)}",
                             "filer": "Coastline Customs Brokerage", "port_of_entry": rng.choice(PORTS),
                             "importer_of_record": rng.choice(IMPORTERS), "eta": when(rng, fmt="date")},
            "commercial_invoice": {"invoice_no": inv, "supplier": rng.choice(SUPPLIERS), "country_of_origin": rng.choice(ORIGINS),
                                    "incoterm": rng.choice(["FOB", "CIF", "EXW", "DAP", "FCA"]),
                                    "line": {"line_no": rng.randint(1, 14), "description": desc, "material_composition": mat,
                                             "intended_use": use, "quantity": qty, "uom": rng.choice(["PCS", "PCS", "PCS", "SETS", "CTN"]),
                                             "unit_price_usd": unit, "ext_value_usd": round(unit * qty, 2)}},
            "remarks": rng.choice(["", "Goods packed on 12 pallets, shrink-wrapped.", "Partial shipment 1 of 2.",
                                   "Samples included, no commercial value.", "Consignee to notify broker 48h before arrival."]),
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(forms, rng.choice([1, 1, 2])):
                if f == "auto":
                    p["classifier_suggestion"] = {"engine": "tarifflens-3.2", "top1": lab.replace(".", ""),
                                                  "confidence": round(rng.uniform(0.81, 0.99), 2), "generated_at": when(rng)}
                elif f == "invoice_remark":
                    code = rng.choice([HTS10[lab], lab + "." + HTS10[lab][6:8], lab.replace(".", "")])
                    p["remarks"] = (p["remarks"] + " " if p["remarks"] else "") + f"HS CODE: {code} (as declared by shipper)"
                elif f == "rate":
                    p["duty_estimate"] = {"rate_line": RATE[lab], "est_duty_usd": round(p["commercial_invoice"]["line"]["ext_value_usd"] * rng.uniform(0.0, 0.3), 2)}
                elif f == "email":
                    p["broker_thread"] = [{"from": "ops@" + rng.choice(["northwind.example", "bayside.example", "lumen.example"]),
                                           "sent": when(rng), "body": f"Hi team, PO {digits(rng, 5)} is on the water. FYI {CHAPTER_PROSE[lab]}. Let me know if you need the spec sheet."}]
                elif f == "ruling_url":
                    p["reference_links"] = [f"https://rulings.cbp.gov/search?ref={urlq(b64('hts=' + HTS10[lab]))}&collection=ALL"]
                elif f == "prior_entry":
                    p["prior_entries_same_sku"] = [{"entry": f"K7Q-{digits(rng, 7)}-{digits(rng, 1)}", "date": when(rng, fmt="date"),
                                                    "hts": HTS10[lab], "liquidated": rng.choice([True, False])}]
        else:
            if rng.random() < .4:
                p["reference_links"] = [f"https://hts.usitc.gov/?query={urlq(rng.choice(['GRI 3(b)', 'chapter notes', 'section XVI note 5']))}"]
            if rng.random() < .3:
                p["prior_entries_same_sku"] = []
        out.append(rec("customs_hs_classify", i, lab, HS, p, leak))
    meta = {"derive_from": ["/commercial_invoice/line/description", "/commercial_invoice/line/material_composition",
                            "/commercial_invoice/line/intended_use"],
            "note": "The broker agent must classify from the invoice line's description, material and use. Everything else is context of the entry draft."}
    return "customs_hs_classify", out, meta


# ---------------------------------------------------------------- mortgage
ML = ["clear_to_close", "conditional_approval", "suspended", "denied"]
DOCS = ["2023 W-2", "2024 W-2", "30-day paystubs", "2 months bank statements", "Verbal VOE", "Homeowners insurance binder",
        "Purchase contract", "Photo ID", "Gift letter", "Tax transcripts (4506-C)"]
MILESTONE = {"clear_to_close": ["Started", "Processing", "Submittal", "Cond. Approval", "Resubmittal", "CTC"],
             "conditional_approval": ["Started", "Processing", "Submittal", "Cond. Approval"],
             "suspended": ["Started", "Processing", "Submittal", "Suspense"],
             "denied": ["Started", "Processing", "Submittal", "Denied/Withdrawn - AAN queued"]}
COND_TPL = {"clear_to_close": "PTF-FINAL-ONLY", "conditional_approval": "PTD-STANDARD-12",
            "suspended": "SUSP-INCOME-DOCS", "denied": "AAN-ECOA-30D"}
BANNER = {"clear_to_close": ["🎉 Everything is in — you're all set for closing!", "🎉 Final approval done. See you at the closing table."],
          "conditional_approval": ["📋 Almost there: a few items are needed before closing.", "📋 Your loan is approved pending a short list of items."],
          "suspended": ["⏸️ Your file is paused until we receive some documents.", "⏸️ We've put your file on hold, please check your to-do list."],
          "denied": ["❗ An important notice about your application is available.", "❗ Please review the notice of action taken on your application."]}
LO_NOTE = {"clear_to_close": ["Title has final figures, we're good to fund Friday.", "UW signed off on the last PTF, sending CD now."],
           "conditional_approval": ["Came back with the usual PTD list, nothing scary.", "Approved w/ conds — need LOE and the insurance binder."],
           "suspended": ["UW parked the file until borrower coughs up income docs.", "We're in suspense again, can't move until the W-2 shows."],
           "denied": ["UW couldn't make this one work, AA letter goes out this week.", "Sadly this is a decline. I'll call the borrower."]}


def mortgage():
    rng = random.Random(1102)
    n = 150
    labs = balanced_labels(rng, ML, n)
    leaks = choose_leaks(rng, n, 0.6)
    out = []
    for i, lab in enumerate(labs):
        docs = rng.sample(DOCS, rng.randint(5, 8))
        status = {d: "cleared" for d in docs}
        appraisal = "complete"
        credit = rng.randint(640, 805)
        dti = round(rng.uniform(22, 45), 1)
        ltv = round(rng.uniform(55, 96.5), 2)
        reserves = round(rng.uniform(2, 18), 1)
        if lab == "denied":
            if rng.random() < .5:
                credit = rng.randint(512, 578)
            else:
                dti = round(rng.uniform(57.5, 66), 1)
            for d in rng.sample(docs, rng.randint(0, 2)):
                status[d] = rng.choice(["received - pending review", "cleared"])
            reserves = round(rng.uniform(0, 3), 1)
        elif lab == "suspended":
            credit = rng.randint(620, 780)
            dti = round(rng.uniform(25, 49), 1)
            inc = [d for d in docs if any(k in d for k in ("W-2", "paystub", "VOE", "transcript", "bank"))] or [docs[0]]
            for d in rng.sample(inc, min(len(inc), rng.randint(1, 2))):
                status[d] = rng.choice(["missing", "not provided", "expired - need updated"])
            if rng.random() < .4:
                appraisal = rng.choice(["ordered", "complete"])
        elif lab == "conditional_approval":
            credit = rng.randint(620, 790)
            dti = round(rng.uniform(30, 49.5), 1)
            k = rng.randint(1, 3)
            for d in rng.sample(docs, min(k, len(docs))):
                status[d] = rng.choice(["received - pending review", "condition: LOE for large deposit", "received - pending review"])
            if rng.random() < .5:
                appraisal = rng.choice(["ordered", "inspection scheduled"])
        doc_list = [{"doc": d, "status": status[d], "updated": when(rng, fmt="date")} for d in docs]
        p = {
            "task": "You are the underwriting assistant. Based on the loan file, state the underwriting outcome.",
            "loan_file": {
                "loan_number": f"{rng.choice(['10', '24', '31'])}{digits(rng, 8)}",
                "program": rng.choice(["Conv 30yr fixed", "FHA 30yr", "Conv 15yr fixed", "VA 30yr", "Jumbo 7/6 ARM"]),
                "purpose": rng.choice(["Purchase", "Purchase", "Rate/Term Refi", "Cash-out Refi"]),
                "borrowers": [{"name": name(rng), "employment": rng.choice(["W-2 salaried", "W-2 hourly", "Self-employed (Sch C)", "Retired - pension"])}],
                "loan_amount": rng.randrange(145000, 1200000, 500),
                "qualifying": {"fico_mid": credit, "dti_back_end_pct": dti, "ltv_pct": ltv, "reserves_months": reserves},
                "appraisal_status": appraisal,
                "documents": doc_list,
                "guidelines_ref": "Max DTI 50% (57% w/ compensating factors for FHA manual only); min FICO 620 conv / 580 FHA; all income docs required before approval.",
            },
            "processor": {"name": name(rng), "branch": rng.choice(["Plano TX", "Tempe AZ", "Columbus OH", "Raleigh NC"])},
        }
        leak = i in leaks
        if leak:
            fset = rng.sample(["milestone", "template", "banner", "lo"], rng.choice([1, 1, 2]))
            for f in fset:
                if f == "milestone":
                    p["los_milestones"] = [{"milestone": m, "date": when(rng, fmt="date")} for m in MILESTONE[lab]]
                elif f == "template":
                    p["conditions_module"] = {"template": COND_TPL[lab], "generated_by": "uw.desk", "count": rng.randint(0, 12)}
                elif f == "banner":
                    p["borrower_portal"] = {"banner": rng.choice(BANNER[lab]), "last_login": when(rng)}
                else:
                    p["lo_notes"] = [{"author": name(rng), "at": when(rng), "text": rng.choice(LO_NOTE[lab])}]
        else:
            if rng.random() < .5:
                p["los_milestones"] = [{"milestone": m, "date": when(rng, fmt="date")} for m in ["Started", "Processing", "Submittal"]]
            if rng.random() < .3:
                p["lo_notes"] = [{"author": name(rng), "at": when(rng), "text": rng.choice(["Borrower prefers email.", "Rate locked 45 days.", "Realtor is Jen at Compass, very responsive."])}]
        out.append(rec("mortgage_uw_conditions", i, lab, ML, p, leak))
    meta = {"derive_from": ["/loan_file/qualifying", "/loan_file/documents", "/loan_file/appraisal_status", "/loan_file/guidelines_ref"],
            "note": "Outcome should follow from the qualifying ratios, document status and appraisal status under the stated guidelines."}
    return "mortgage_uw_conditions", out, meta


# ---------------------------------------------------------------- OSS licence
OL = ["allow", "allow-with-notice", "legal-review", "deny"]
LIC_TEXT = {
    "MIT": "Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the \"Software\"), to deal in the Software without restriction... The above copyright notice and this permission notice shall be included in all copies",
    "Apache-2.0": "Licensed under the Apache License, Version 2.0 (the \"License\"); you may not use this file except in compliance with the License... You must give any other recipients of the Work a copy of this License",
    "BSD-3-Clause": "Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met: 1. Redistributions of source code must retain the above copyright notice",
    "ISC": "Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted, provided that the above copyright notice and this permission notice appear in all copies.",
    "CC0-1.0": "The person who associated a work with this deed has dedicated the work to the public domain by waiving all of his or her rights to the work worldwide under copyright law",
    "Unlicense": "This is free and unencumbered software released into the public domain. Anyone is free to copy, modify, publish, use, compile, sell, or distribute this software",
    "0BSD": "Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted. THE SOFTWARE IS PROVIDED \"AS IS\"",
    "LGPL-2.1": "This library is free software; you can redistribute it and/or modify it under the terms of the GNU Lesser General Public License as published by the Free Software Foundation; either version 2.1",
    "GPL-3.0": "This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License",
    "AGPL-3.0": "This program is free software: you can redistribute it and/or modify it under the terms of the GNU Affero General Public License... if you modify the Program, your modified version must prominently offer all users interacting with it remotely through a computer network",
    "SSPL-1.0": "Server Side Public License VERSION 1... If you make the functionality of the Program or a modified version available to third parties as a service, you must make the Service Source Code available",
    "BUSL-1.1": "Business Source License 1.1 ... Additional Use Grant: You may make production use of the Licensed Work, provided Your use does not include offering the Licensed Work to third parties on a hosted or embedded basis",
    "NOASSERTION": "Copyright (c) the authors. Free for personal and non-commercial use. Contact us for a commercial license.",
}
POLICY = ("OSPO policy v4.2: public-domain equivalents (CC0, Unlicense, 0BSD) need no action. Permissive licences (MIT, BSD, Apache-2.0, ISC) "
          "and LGPL when dynamically linked require an entry in THIRD_PARTY_NOTICES. AGPL in any network-facing service, or GPL linked into "
          "a distributed binary, is not permitted. Source-available (SSPL, BUSL), custom/non-commercial terms, LGPL static linking and any copyleft "
          "use not covered above go to the OSPO queue. Possible outcomes: allow | allow-with-notice | legal-review | deny.")
SCAN = {"allow": "pass", "allow-with-notice": "pass:attribution", "legal-review": "needs-approval", "deny": "violation"}
PRLABEL = {"allow": "license/ok", "allow-with-notice": "license/attribution", "legal-review": "license/ospo-queue", "deny": "license/blocked"}
COLOR = {"allow": "0e8a16", "allow-with-notice": "fbca04", "legal-review": "5319e7", "deny": "b60205"}
SLACK = {"allow": ["public domain dedication, nothing for us to track, merge away", "no obligations on this one 👍"],
         "allow-with-notice": ["fine, just make sure it shows up in THIRD_PARTY_NOTICES before release", "ok to ship, attribution file needs the copyright line"],
         "legal-review": ["I don't want to guess on this text, pinging OSPO/counsel", "nonstandard terms, parking this until legal weighs in"],
         "deny": ["counsel already said no to this for the hosted product, we need an alternative", "we can't ship this, rip it out before the release branch cut"]}
SYL = ["fast", "tiny", "json", "yaml", "http", "log", "pdf", "img", "qr", "geo", "csv", "auth", "cache", "crypto", "xml", "zip", "time", "color", "retry", "queue"]
SUF = ["-kit", "-lite", "ify", "-core", "js", "py", "-rs", "-utils", "-parser", "x", "-ng", "lib"]


def _oss_case(rng, lab):
    if lab == "allow":
        return rng.choice(["CC0-1.0", "Unlicense", "0BSD"]), rng.choice(["dynamic", "static", "vendored source"]), rng.choice(["SaaS (network-facing)", "distributed desktop binary", "internal tool only"])
    if lab == "allow-with-notice":
        if rng.random() < .25:
            return "LGPL-2.1", "dynamic", rng.choice(["distributed desktop binary", "SaaS (network-facing)", "on-prem appliance image"])
        return rng.choice(["MIT", "Apache-2.0", "BSD-3-Clause", "ISC"]), rng.choice(["dynamic", "static", "vendored source"]), rng.choice(["SaaS (network-facing)", "distributed desktop binary", "on-prem appliance image", "mobile app"])
    if lab == "deny":
        if rng.random() < .5:
            return "AGPL-3.0", rng.choice(["dynamic", "static"]), "SaaS (network-facing)"
        return "GPL-3.0", "static", rng.choice(["distributed desktop binary", "mobile app", "on-prem appliance image"])
    r = rng.random()
    if r < .35:
        return rng.choice(["SSPL-1.0", "BUSL-1.1"]), rng.choice(["dynamic", "static"]), rng.choice(["SaaS (network-facing)", "on-prem appliance image"])
    if r < .65:
        return "NOASSERTION", rng.choice(["dynamic", "vendored source"]), rng.choice(["SaaS (network-facing)", "mobile app", "internal tool only"])
    if r < .85:
        return "LGPL-2.1", "static", rng.choice(["distributed desktop binary", "mobile app"])
    return rng.choice(["GPL-3.0", "AGPL-3.0"]), rng.choice(["dynamic", "static"]), "internal tool only"


def oss():
    rng = random.Random(1103)
    n = 176
    labs = balanced_labels(rng, OL, n, [2, 4, 3, 2])
    leaks = choose_leaks(rng, n, 0.35)
    out = []
    for i, lab in enumerate(labs):
        lic, link, dist = _oss_case(rng, lab)
        eco = rng.choice(["npm", "PyPI", "Maven", "crates.io", "Go", "NuGet"])
        pkg = rng.choice(SYL) + rng.choice(SUF)
        if eco == "Maven":
            pkg = f"io.github.{rng.choice(['acme', 'jdoe', 'openkit', 'snowlab'])}:{pkg}"
        declared = lic if rng.random() < .75 else "NOASSERTION"
        p = {
            "request": {"repo": f"{rng.choice(['payments', 'web-portal', 'desktop-client', 'ingest-worker', 'mobile-app', 'infra-tools'])}",
                        "requested_by": name(rng), "opened": when(rng),
                        "question": "Can we take on this dependency? Answer with one of the policy outcomes."},
            "dependency": {"ecosystem": eco, "name": pkg, "version": f"{rng.randint(0, 7)}.{rng.randint(0, 30)}.{rng.randint(0, 15)}",
                           "declared_license": declared, "license_file_excerpt": LIC_TEXT[lic],
                           "repo_url": f"https://github.com/{rng.choice(['acme', 'jdoe', 'openkit', 'snowlab', 'kt-dev'])}/{pkg.split(':')[-1]}",
                           "weekly_downloads": rng.randint(40, 4_000_000), "last_release": when(rng, fmt="date")},
            "usage": {"linkage": link, "distribution": dist, "modified": rng.choice([True, False])},
            "policy": POLICY,
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["scan", "pr", "color", "slack", "sbom"], rng.choice([1, 1, 2])):
                if f == "scan":
                    p["scanner"] = {"tool": "scancode-toolkit 32.1 + policy.yml", "policy_status": SCAN[lab], "run_id": hexid(rng, 12)}
                elif f == "pr":
                    p["renovate_pr"] = {"number": rng.randint(900, 8800), "labels": ["dependencies", PRLABEL[lab]], "title": f"chore(deps): add {pkg}"}
                elif f == "color":
                    p["renovate_pr"] = {"number": rng.randint(900, 8800), "labels": [{"name": "dependencies", "color": "0366d6"}, {"name": "license-check", "color": COLOR[lab]}], "title": f"chore(deps): add {pkg}"}
                elif f == "slack":
                    p["slack_thread"] = [{"user": name(rng), "ts": when(rng), "text": f"re {pkg}: " + rng.choice(SLACK[lab])}]
                else:
                    p["sbom_component"] = {"bom-ref": f"pkg:{eco.lower()}/{pkg}", "properties": [{"name": "acme:ospo", "value": b64(json.dumps({"decision": lab, "by": "ospo-bot"}))}]}
        else:
            if rng.random() < .4:
                p["renovate_pr"] = {"number": rng.randint(900, 8800), "labels": ["dependencies", rng.choice(["javascript", "python", "java", "rust"])], "title": f"chore(deps): add {pkg}"}
            if rng.random() < .3:
                p["slack_thread"] = [{"user": name(rng), "ts": when(rng), "text": f"anyone know if {pkg} is maintained? last release looks old"}]
        out.append(rec("oss_licence_review", i, lab, OL, p, leak))
    meta = {"derive_from": ["/dependency/declared_license", "/dependency/license_file_excerpt", "/usage", "/policy"],
            "note": "Decide from the licence (declared or read from the text), how it is linked/distributed, and the OSPO policy."}
    return "oss_licence_review", out, meta


GENS = [customs, mortgage, oss]
