import random, json, datetime, math
from common import DS, pick_idx, b64, hx, balanced

# ---------------------------------------------------------------- 1. k8s QoS
def k8s():
    rng = random.Random(3101)
    labels = ["Guaranteed", "Burstable", "BestEffort"]
    ds = DS("k8s_pod_qos", labels, True,
            "Kubernetes pod QoS class (Guaranteed/Burstable/BestEffort) from container resource requests/limits",
            ["/pod/spec/containers"],
            "QoS class follows the Kubernetes rules from spec.containers[*].resources only. Tool outputs are operator context.")
    n = 150
    leak = pick_idx(rng, n, 0.42)
    seq = balanced(rng, labels, n)
    apps = ["checkout", "ledger", "thumbnailer", "search-indexer", "mailer", "geo-api", "reco", "audit-sink",
            "pdf-render", "session-store", "feature-flags", "payments-webhook"]
    nss = ["prod", "staging", "batch", "platform", "data"]
    cpus = ["100m", "250m", "500m", "750m", "1", "2"]
    mems = ["128Mi", "256Mi", "512Mi", "1Gi", "2Gi"]
    instr = ("You are an SRE assistant. Using the pod manifest returned by the tool, state the pod's QoS class. "
             "Rules: BestEffort if no container sets any cpu/memory request or limit; Guaranteed if every container "
             "sets cpu and memory limits and its requests equal its limits (an omitted request defaults to the limit); "
             "otherwise Burstable. Answer with one of: Guaranteed, Burstable, BestEffort.")
    for i in range(n):
        lab = seq[i]
        app = rng.choice(apps)
        nc = rng.choice([1, 1, 2, 3])
        conts = []
        variant = rng.randrange(4)
        for c in range(nc):
            name = app if c == 0 else rng.choice(["istio-proxy", "log-shipper", "cloudsql-proxy", "metrics"])
            res = {}
            if lab == "Guaranteed":
                cpu, mem = rng.choice(cpus), rng.choice(mems)
                res = {"limits": {"cpu": cpu, "memory": mem}}
                r = rng.random()
                if r < 0.5:
                    res["requests"] = {"cpu": cpu, "memory": mem}
                elif r < 0.7 and cpu == "1":
                    res["requests"] = {"cpu": "1000m", "memory": mem}
            elif lab == "Burstable":
                if c == 0:
                    cpu, mem = rng.choice(cpus[:-1]), rng.choice(mems[:-1])
                    if variant == 0:
                        res = {"requests": {"cpu": cpu, "memory": mem}}
                    elif variant == 1:
                        res = {"requests": {"cpu": cpu, "memory": mem},
                               "limits": {"cpu": cpus[cpus.index(cpu) + 1], "memory": mems[mems.index(mem) + 1]}}
                    elif variant == 2:
                        res = {"limits": {"cpu": cpu}}
                    else:
                        res = {"requests": {"memory": mem}, "limits": {"memory": mem}}
                else:
                    if rng.random() < 0.5:
                        res = {}
                    else:
                        cpu, mem = rng.choice(cpus), rng.choice(mems)
                        res = {"requests": {"cpu": cpu, "memory": mem}, "limits": {"cpu": cpu, "memory": mem}}
            conts.append({"name": name, "image": "registry.internal/%s:%s" % (name, "1.%d.%d" % (rng.randrange(30), rng.randrange(10))),
                          "ports": [{"containerPort": rng.choice([8080, 9090, 3000, 15090])}],
                          "env": [{"name": "LOG_LEVEL", "value": rng.choice(["info", "debug", "warn"])}],
                          "resources": res})
        traps = [("T2 full label set defined in instruction", "Answer with one of: Guaranteed, Burstable, BestEffort.")]
        if rng.random() < 0.3:
            v = rng.choice(["guaranteed", "burstable", "besteffort"])
            conts[0]["env"].append({"name": "QUEUE_DELIVERY_MODE", "value": v})
            traps.append(("T3 label word inside legitimate input (env value, not resources)", "QUEUE_DELIVERY_MODE=%s" % v))
        pod_name = "%s-%s-%s" % (app, hx(rng, 9), hx(rng, 5))
        uid = "%s-%s-%s-%s-%s" % (hx(rng, 8), hx(rng, 4), hx(rng, 4), hx(rng, 4), hx(rng, 12))
        ann = {"kubectl.kubernetes.io/restartedAt": "2026-11-%02dT0%d:1%d:00Z" % (rng.randint(1, 28), rng.randint(0, 9), rng.randint(0, 5))}
        if rng.random() < 0.3:
            t = rng.choice(["guaranteed-delivery", "best-effort", "burstable-egress"])
            ann["billing.example.com/sla-tier"] = t
            traps.append(("T1 label word in another sense (SLA/billing annotation)", "billing.example.com/sla-tier: " + t))
        node = "ip-10-4-%d-%d.eu-west-1.compute.internal" % (rng.randrange(255), rng.randrange(255))
        pod = {"apiVersion": "v1", "kind": "Pod",
               "metadata": {"name": pod_name, "namespace": rng.choice(nss), "uid": uid,
                            "labels": {"app": app, "pod-template-hash": hx(rng, 9)}, "annotations": ann},
               "spec": {"nodeName": node, "serviceAccountName": app,
                        "priorityClassName": rng.choice(["default", "high-priority", "batch-low"]),
                        "containers": conts}}
        tools = []
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                leaks.append("L1 kubectl describe output (tool stdout text) carries the QoS Class line")
                tools.append({"tool": "kubectl", "args": ["describe", "pod", pod_name, "-n", pod["metadata"]["namespace"]],
                              "stdout": "Name:             %s\nNamespace:        %s\nPriority:         0\nService Account:  %s\nNode:             %s/10.4.%d.%d\nStatus:           Running\nIP:               10.244.%d.%d\nControlled By:    ReplicaSet/%s\nContainers:\n  %s:\n    Image:          %s\n    State:          Running\n    Ready:          True\n    Restart Count:  %d\nConditions:\n  Type              Status\n  Ready             True\nQoS Class:                   %s\nNode-Selectors:              <none>\nTolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\nEvents:                      <none>\n"
                              % (pod_name, pod["metadata"]["namespace"], app, node, rng.randrange(255), rng.randrange(255),
                                 rng.randrange(255), rng.randrange(255), pod_name.rsplit("-", 1)[0], app, conts[0]["image"],
                                 rng.randrange(4), lab)})
            if "B" in fam:
                leaks.append("L2 node journal shows the systemd cgroup slice (kubepods-<class>-pod...) chosen by the kubelet")
                seg = {"Guaranteed": "kubepods-pod", "Burstable": "kubepods-burstable-pod", "BestEffort": "kubepods-besteffort-pod"}[lab]
                u = uid.replace("-", "_")
                tools.append({"tool": "journalctl", "args": ["-u", "kubelet", "--since", "-10m", "-o", "short"],
                              "stdout": "Dec 04 06:%02d:11 %s systemd[1]: Created slice %s%s.slice - libcontainer container %s%s.slice.\nDec 04 06:%02d:12 %s kubelet[1187]: I1204 pod_workers.go:1298] \"Pod started\" pod=\"%s/%s\"\n"
                                        % (rng.randrange(60), node.split(".")[0], seg, u, seg, u, rng.randrange(60), node.split(".")[0],
                                           pod["metadata"]["namespace"], pod_name)})
        else:
            tools.append({"tool": "kubectl", "args": ["get", "pod", pod_name, "-o", "wide"],
                          "stdout": "NAME%sREADY   STATUS    RESTARTS   AGE   IP            NODE\n%s   %d/%d     Running   %d          %dh   10.244.%d.%d   %s\n"
                                    % (" " * (len(pod_name) - 1), pod_name, nc, nc, rng.randrange(4), rng.randint(1, 90), rng.randrange(255), rng.randrange(255), node)})
            if rng.random() < 0.5:
                tools.append({"tool": "journalctl", "args": ["-u", "kubelet", "--since", "-10m", "-o", "short"],
                              "stdout": "Dec 04 06:%02d:12 %s kubelet[1187]: I1204 kuberuntime_manager.go:1054] \"Started container\" pod=\"%s/%s\" container=\"%s\"\n"
                                        % (rng.randrange(60), node.split(".")[0], pod["metadata"]["namespace"], pod_name, app)})
        if rng.random() < 0.25:
            t = "evicted BestEffort pods on this node during the 02:00 memory pressure incident"
            tools.append({"tool": "pagerduty", "args": ["incident", "notes"], "stdout": "Note (2026-11-19): node-problem-detector %s; unrelated to this deployment." % t})
            traps.append(("T6 historical incident mentioning a class for other pods", t))
        ds.add(lab, {"instruction": instr, "pod": pod, "tool_outputs": tools}, leaks, traps)
    return ds


# ---------------------------------------------------------------- 2. archery
WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

def archery():
    rng = random.Random(3102)
    labels = ["6", "7", "8", "9", "10"]
    ds = DS("archery_arrow_score", labels, True,
            "Score of one arrow on a 122 cm WA face from impact coordinates (line-cutter rule), numeric labels 6-10",
            ["/arrow/impact/x_mm", "/arrow/impact/y_mm", "/arrow/shaft_diameter_mm", "/target_face/ring_width_mm"],
            "Score = 11 - ceil(d / ring_width), d = distance from centre to shaft centre minus half the shaft diameter; d<=0 scores 10.")
    n = 160
    leak = pick_idx(rng, n, 0.5)
    seq = balanced(rng, labels, n)
    names = ["Okafor", "Lindqvist", "Tanaka", "Moreau", "Kowalczyk", "Haddad", "Brennan", "Silva", "Novak", "Ishikawa", "Dube", "Ferreira"]
    instr = ("Score this arrow for the official scorecard. Target: 122 cm WA face, 10 scoring rings of equal width. "
             "An arrow touching a dividing line scores the higher value. Measure d = distance from the face centre to the "
             "shaft centre minus half the shaft diameter; score = 11 - ceil(d / ring_width) (10 if d <= 0). "
             "Only rings 6-10 occur in this set. Reply with the number.")
    for i in range(n):
        lab = int(seq[i])
        w = 61.0
        sd = rng.choice([5.0, 5.5, 6.2, 4.2])
        k = 11 - lab  # ceil(d/w) == k
        while True:
            d = rng.uniform((k - 1) * w + 0.4, k * w - 0.4) if k > 1 else rng.uniform(0.5, w - 0.4)
            ang = rng.uniform(0, 2 * math.pi)
            r = d + sd / 2
            x, y = round(r * math.cos(ang), 1), round(r * math.sin(ang), 1)
            dd = math.hypot(x, y) - sd / 2
            kk = max(1, math.ceil(dd / w - 1e-9))
            if 11 - kk == lab and abs(dd / w - round(dd / w)) * w > 0.2:
                break
        name = rng.choice(names)
        arrow_no = rng.randint(1, 6)
        prev = [rng.choice([10, 9, 9, 8, 8, 7, 6, 5]) for _ in range(arrow_no - 1)]
        end = rng.randint(1, 12)
        traps = [("T2 full label range stated in instruction", "Only rings 6-10 occur in this set.")]
        if prev:
            traps.append(("T4 scores of other arrows in the same end", "end_so_far: %s" % prev))
        sb = {"end": end, "end_so_far": prev, "end_total_before": sum(prev), "running_total_before_end": rng.randint(40, 9 * 6 * (end - 1) + 50)}
        qr = {"lane": rng.randint(1, 40), "archer": "WA%05d" % rng.randint(1, 99999), "end": end, "arrow": arrow_no, "ts": "2026-08-%02dT%02d:%02d:%02d" % (rng.randint(1, 28), rng.randint(9, 17), rng.randrange(60), rng.randrange(60))}
        leaks = []
        comm = "%s draws on arrow %d of end %d." % (name, arrow_no, end)
        if rng.random() < 0.35:
            nw = rng.choice(["three", "four", "six", "seven", "eight", "nine", "ten"])
            comm += " The %s-time national champion has %d golds so far today." % (nw, rng.randint(3, 30))
            traps.append(("T7 number words/numbers in other roles", "The %s-time national champion" % nw))
        if i in leak:
            fam = rng.choice(["A", "B", "C", "AB", "AC", "BC"])
            if "A" in fam:
                sb["end_total_after"] = sum(prev) + lab
                leaks.append("L3 scoreboard aggregate updated after the arrow (end_total_after - end_total_before)")
            if "B" in fam:
                comm += " %s for %s!" % (WORDS[lab].capitalize(), name)
                leaks.append("L4 live commentary states the score as a number word")
            if "C" in fam:
                qr["v"] = lab
                leaks.append("L19 base64 QR payload of the e-scoring tablet contains the entered value")
        proj = {"instruction": instr,
                "target_face": {"type": "WA 122cm", "diameter_cm": 122, "ring_width_mm": w},
                "arrow": {"archer": name, "end": end, "arrow_no": arrow_no, "shaft_diameter_mm": sd,
                          "impact": {"x_mm": x, "y_mm": y}, "measured_by": "judge laser gauge"},
                "scoreboard": sb,
                "tablet_qr_payload": b64(qr),
                "live_commentary": comm}
        ds.add(str(lab), proj, leaks, traps)
    return ds


# ---------------------------------------------------------------- 3. jamon (Spanish)
def jamon():
    rng = random.Random(3103)
    labels = ["bellota 100% ibérico", "bellota ibérico", "cebo de campo ibérico", "cebo ibérico"]
    ds = DS("jamon_iberico_denominacion", labels, True,
            "Denominación de venta de un lote de jamón ibérico (Norma de Calidad, simplificada) a partir de raza y datos de cría; etiquetas en español",
            ["/lote/raza/porcentaje_iberico", "/lote/cria/sistema", "/lote/cria/dias_montanera", "/lote/cria/reposicion_kg"],
            "bellota si dias_montanera>=60 y reposicion_kg>=46; '100%' si porcentaje_iberico==100; si no, cebo de campo si sistema=='extensivo', si no cebo.")
    n = 140
    leak = pick_idx(rng, n, 0.36)
    seq = balanced(rng, labels, n)
    col = {"bellota 100% ibérico": "negro", "bellota ibérico": "rojo", "cebo de campo ibérico": "verde", "cebo ibérico": "blanco"}
    skuc = {"bellota 100% ibérico": "B100", "bellota ibérico": "BIB", "cebo de campo ibérico": "CCI", "cebo ibérico": "CEI"}
    fincas = ["Finca La Bellota", "Dehesa El Encinar", "Cortijo Los Alcornoques", "Finca Valdelacasa", "Dehesa Boyal de Jerez", "Finca El Campillo"]
    provs = ["Huelva", "Badajoz", "Cáceres", "Salamanca", "Córdoba", "Sevilla"]
    instr = ("Eres técnico de certificación. Asigna la denominación de venta del lote según esta regla: es 'bellota' si el "
             "cerdo pasó al menos 60 días en montanera con una reposición mínima de 46 kg; en ese caso 'bellota 100% ibérico' "
             "si el porcentaje racial ibérico es 100 y 'bellota ibérico' en otro caso. Si no es bellota: 'cebo de campo ibérico' "
             "si el sistema es extensivo, 'cebo ibérico' si es intensivo. Responde solo con la denominación.")
    for i in range(n):
        lab = seq[i]
        if lab.startswith("bellota"):
            pct = 100 if "100%" in lab else rng.choice([50, 75])
            sistema = "extensivo"
            dias = rng.randint(60, 130)
            rep = round(rng.uniform(46.0, 78.0), 1)
        else:
            pct = rng.choice([50, 75, 100])
            sistema = "extensivo" if "campo" in lab else "intensivo"
            m = rng.randrange(3)
            if m == 0 or sistema == "intensivo":
                dias, rep = 0, 0.0
            elif m == 1:
                dias, rep = rng.randint(60, 100), round(rng.uniform(25.0, 45.8), 1)
            else:
                dias, rep = rng.randint(20, 59), round(rng.uniform(46.0, 60.0), 1)
        finca = rng.choice(fincas)
        traps = [("T2 lista completa de denominaciones en la instrucción", "'bellota 100% ibérico' ... 'cebo ibérico'")]
        if finca == "Finca La Bellota":
            traps.append(("T1 palabra de etiqueta en otro sentido (topónimo)", "explotacion: Finca La Bellota"))
        lote = {"codigo": "L%02d-%04d" % (rng.randint(24, 26), rng.randint(1, 9999)),
                "explotacion": {"nombre": finca, "rega": "ES%012d" % rng.randint(10 ** 10, 10 ** 11), "provincia": rng.choice(provs)},
                "raza": {"porcentaje_iberico": pct, "libro_genealogico": "AECERIBER", "verificacion": rng.choice(["ADN", "documental"])},
                "cria": {"sistema": sistema, "dias_montanera": dias, "reposicion_kg": rep,
                         "edad_sacrificio_meses": rng.randint(12, 22)},
                "matadero": {"fecha": "2025-%02d-%02d" % (rng.randint(1, 3), rng.randint(1, 28)), "piezas": rng.randint(40, 400)},
                "calidad": {"color_grasa": rng.choice(["blanca", "rosada", "amarillenta"]), "peso_medio_pieza_kg": round(rng.uniform(7.0, 9.8), 1)}}
        traps.append(("T9 palabra de color no relacionada (color de la grasa)", "color_grasa: " + lote["calidad"]["color_grasa"]))
        precinto = {"numero": "%s%07d" % (rng.choice("ABCDEFGH"), rng.randint(0, 9999999)), "entidad": "CERTICAR"}
        sku = "JIB-%d-%05d" % (rng.choice([2025, 2026]), rng.randint(0, 99999))
        obs = "Visita de inspección sin incidencias."
        if rng.random() < 0.35:
            o = rng.choice(labels)
            obs = "En la campaña 2023 esta explotación comercializó también %s; no aplica a este lote." % o
            traps.append(("T6 mención histórica de otra campaña", obs))
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                precinto["color"] = col[lab]
                leaks.append("L5 color del precinto (negro/rojo/verde/blanco), asignado 1:1 por la norma")
            if "B" in fam:
                sku = "JIB-%s-%05d" % (skuc[lab], rng.randint(0, 99999))
                leaks.append("L6 segmento de categoría dentro del SKU comercial")
        proj = {"instruccion": instr, "lote": lote, "precinto": precinto, "sku_comercial": sku, "observaciones": obs}
        ds.add(lab, proj, leaks, traps)
    return ds


# ---------------------------------------------------------------- 4. HMO room sizes (CLEAN)
def hmo():
    rng = random.Random(3104)
    labels = ["unsuitable", "child", "single", "double"]
    ds = DS("hmo_room_size", labels, False,
            "HMO licensing: permitted occupancy of a sleeping room from usable floor area (England minimum room sizes)",
            ["/room/floor_area_m2", "/room/area_below_1_5m_m2"],
            "usable = floor_area - area below 1.5 m ceiling height; <4.64 unsuitable, <6.51 child (under 10), <10.22 single, else double.")
    n = 130
    seq = balanced(rng, labels, n)
    rngs = {"unsuitable": (3.0, 4.62), "child": (4.66, 6.49), "single": (6.53, 10.20), "double": (10.24, 17.5)}
    streets = ["Albert Road", "Victoria Street", "Mill Lane", "Chapel Row", "Station Road", "Park Terrace", "Queens Avenue"]
    instr = ("You are assisting a private-sector housing officer. Classify the room for the HMO licence schedule from its usable "
             "floor area (floor area minus any part where ceiling height is below 1.5 m): under 4.64 m2 'unsuitable' for sleeping; "
             "4.64-6.50 'child' (one child under 10); 6.51-10.21 'single' (one person over 10); 10.22 or more 'double' (two persons). "
             "Answer with one word: unsuitable, child, single or double.")
    feats_pool = [("double glazing", "T1"), ("single socket by door", "T1"), ("child-resistant window restrictor", "T1"),
                  ("double socket x2", "T1"), ("radiator with TRV", None), ("smoke alarm", None), ("wash-hand basin", None)]
    for i in range(n):
        lab = seq[i]
        lo, hi = rngs[lab]
        usable = round(rng.uniform(lo, hi), 2)
        low = 0.0 if rng.random() < 0.6 else round(rng.uniform(0.3, 2.8), 2)
        area = round(usable + low, 2)
        traps = [("T2 full label set with thresholds in instruction", "Answer with one word: unsuitable, child, single or double.")]
        feats = rng.sample(feats_pool, rng.randint(2, 4))
        for f, t in feats:
            if t:
                traps.append(("T1 label word in another sense (room features)", f))
        others = []
        for k in range(rng.randint(0, 4)):
            o = rng.choice(labels)
            others.append({"room": "R%d" % (k + 2), "licensed_for": o})
        if others:
            traps.append(("T4 classifications of other rooms in the property", json.dumps(others[0])))
        note = rng.choice(["Room accessed from first-floor landing.", "Occupier present at inspection.",
                           "Loft conversion, sloping ceiling to front.", "Tenant reports occasional damp.",
                           "Not to be let as a double without landlord consent for alterations.",
                           "Previously licensed as single under the 2019 scheme."])
        if "double without" in note:
            traps.append(("T5 negated label mention in officer note", note))
        if "Previously" in note:
            traps.append(("T6 historical classification", note))
        room = {"room_ref": "R1", "floor": rng.choice(["ground", "first", "second", "loft"]),
                "floor_area_m2": area, "area_below_1_5m_m2": low,
                "max_ceiling_height_m": round(rng.uniform(2.1, 2.7), 2),
                "features": [f for f, _ in feats]}
        proj = {"instruction": instr,
                "property": {"address": "%d %s" % (rng.randint(1, 180), rng.choice(streets)), "licence_ref": "HMO/%d/%04d" % (rng.choice([2025, 2026]), rng.randint(1, 9999)),
                             "storeys": rng.randint(2, 4), "other_rooms": others},
                "room": room, "officer_note": note}
        ds.add(lab, proj, [], traps)
    return ds


# ---------------------------------------------------------------- 5. Legionella outlet temperature
def legionella():
    rng = random.Random(3105)
    labels = ["pass", "fail"]
    ds = DS("legionella_outlet_temp", labels, True,
            "HSG274 monthly sentinel outlet temperature check: pass/fail from outlet type, temperature and time to reach it",
            ["/outlet/type", "/reading/temp_c", "/reading/seconds_to_temp"],
            "hot: pass iff temp>=50.0 within 60 s; cold: pass iff temp<20.0 within 120 s.")
    n = 140
    leak = pick_idx(rng, n, 0.3)
    seq = balanced(rng, labels, n)
    locs = ["Ward 4 sluice", "Plant room", "Kitchen hand-wash", "Kitchen pass (servery)", "Staff WC level 2", "Changing room shower",
            "Cleaner's cupboard", "Reception tea point", "Gym showers", "Basement boiler room"]
    instr = ("Legionella control: classify this sentinel outlet reading. Hot outlets pass if they reach at least 50.0 °C within 60 seconds; "
             "cold outlets pass if they fall below 20.0 °C within 120 seconds. Anything else fails. Answer 'pass' or 'fail'.")
    for i in range(n):
        lab = seq[i]
        typ = rng.choice(["hot", "cold"])
        if typ == "hot":
            if lab == "pass":
                t, s = round(rng.uniform(50.0, 61.5), 1), rng.randint(8, 60)
            elif rng.random() < 0.6:
                t, s = round(rng.uniform(40.0, 49.9), 1), rng.randint(10, 90)
            else:
                t, s = round(rng.uniform(50.0, 58.0), 1), rng.randint(61, 200)
        else:
            if lab == "pass":
                t, s = round(rng.uniform(9.0, 19.9), 1), rng.randint(10, 120)
            elif rng.random() < 0.6:
                t, s = round(rng.uniform(20.0, 25.5), 1), rng.randint(20, 150)
            else:
                t, s = round(rng.uniform(12.0, 19.8), 1), rng.randint(121, 260)
        loc = rng.choice(locs)
        traps = [("T2 both labels defined in instruction", "Answer 'pass' or 'fail'.")]
        if "pass" in loc:
            traps.append(("T1 label word in another sense (kitchen pass)", loc))
        date = datetime.date(2026, rng.randint(1, 11), rng.randint(1, 28))
        oid = "%s-%03d" % ("DHW" if typ == "hot" else "DCW", rng.randint(1, 250))
        notes = []
        if rng.random() < 0.35:
            p = rng.choice(labels)
            notes.append("Previous month's check: %s (%s)." % (p.upper(), "descaled afterwards" if p == "fail" else "no action"))
            traps.append(("T6 previous month's result", notes[-1]))
        if rng.random() < 0.2:
            notes.append("Site manager asked whether a reading that recovers after 2 minutes would still pass - answered per policy.")
            traps.append(("T12 hypothetical question using a label word", notes[-1]))
        sync = "%s SYNC handset=TH-%02d probe=K-type outlet=%s uploaded=1 status=ok" % (date.isoformat(), rng.randint(1, 12), oid)
        proj = {"instruction": instr,
                "site": {"name": rng.choice(["St Anne's Hospital", "Riverside Leisure Centre", "Hillview Care Home", "Northgate Offices"]),
                         "responsible_person": rng.choice(["J. Patel", "M. Byrne", "S. Okoro"])},
                "outlet": {"id": oid, "location": loc, "type": typ, "sentinel": True},
                "reading": {"date": date.isoformat(), "temp_c": t, "seconds_to_temp": s, "thermometer": "TH-%02d" % rng.randint(1, 12)},
                "handset_sync_log": sync,
                "notes": notes}
        leaks = []
        if i in leak:
            fam = rng.choice(["A", "B", "AB"])
            if "A" in fam:
                nd = date + datetime.timedelta(days=7 if lab == "fail" else 28)
                proj["follow_up"] = {"next_test_due": nd.isoformat(), "scheduled_by": "CAFM auto-scheduler"}
                leaks.append("L7 auto-scheduled next test date (7-day retest vs 28-day routine) written after the result")
            if "B" in fam:
                proj["handset_sync_log"] = sync + " result=" + ("\u2714" if lab == "pass" else "\u2718")
                leaks.append("L8 tick/cross glyph in the handset sync log")
        ds.add(lab, proj, leaks, traps)
    return ds
