"""Label rules for ds35. Each function takes {pointer: value} of the derive_from fields only."""
import datetime
import ipaddress
import re


def _num(s):
    return float(str(s).replace(",", ".").replace("$", "").replace(" ", ""))


# ---------------------------------------------------------------- neo_orbit
def neo_orbit(v):
    el = "/tool_calls/0/output/elements/"
    a = float(v[el + "a"]); e = float(v[el + "e"])
    q = a * (1 - e); Q = a * (1 + e)
    if Q < 0.983:
        return "Atira"
    if a < 1.0:
        return "Aten"
    if q < 1.017:
        return "Apollo"
    if q < 1.3:
        return "Amor"
    return None


# ---------------------------------------------------------------- anemia_oms
def anemia_oms(v):
    p = "/dossier/patient/"
    sexe = v[p + "sexe"]; age = v[p + "age"]; preg = v[p + "grossesse"]
    hb = v["/dossier/biologie/hemoglobine"]
    val = _num(hb["valeur"])
    if hb["unite"] == "g/dL":
        val = val * 10
    months = age["valeur"] * (12 if age["unite"] == "ans" else 1)
    if months < 60:
        t = (110, 100, 70)
    elif months < 144:
        t = (115, 110, 80)
    elif months < 180:
        t = (120, 110, 80)
    elif sexe == "F" and preg:
        t = (110, 100, 70)
    elif sexe == "F":
        t = (120, 110, 80)
    else:
        t = (130, 110, 80)
    if val >= t[0] - 1e-9:
        return "absente"
    if val >= t[1] - 1e-9:
        return "légère"
    if val >= t[2] - 1e-9:
        return "modérée"
    return "sévère"


# ---------------------------------------------------------------- gas_mark
GAS = {"3": 170, "4": 180, "5": 190, "6": 200, "7": 220, "8": 230}


def gas_mark(v):
    o = "/recipe/oven/"
    t = float(v[o + "temperature"]); unit = v[o + "unit"]; fan = v[o + "fan"]
    c = (t - 32) * 5 / 9 if unit == "F" else t
    if fan:
        c += 20
    return min(GAS, key=lambda k: abs(GAS[k] - c))


# ---------------------------------------------------------------- traffic_los
def traffic_los(v):
    ctl = v["/study/intersection/control_type"]
    d = float(v["/study/results/control_delay_s"])
    vc = float(v["/study/results/v_c_ratio"])
    if vc > 1.0:
        return "F"
    th = [10, 20, 35, 55, 80] if ctl == "signalized" else [10, 15, 25, 35, 50]
    for lab, t in zip("ABCDE", th):
        if d <= t:
            return lab
    return "F"


# ---------------------------------------------------------------- lens_class
CROP = {"full frame": 1.0, "APS-C": 1.5, "APS-C (Canon)": 1.6, "Micro Four Thirds": 2.0}


def lens_class(v):
    f = float(v["/listing/specs/focal_length_mm"])
    eq = f * CROP[v["/listing/specs/sensor_format"]]
    if eq < 24:
        return "ultra wide"
    if eq < 40:
        return "wide"
    if eq < 70:
        return "normal"
    if eq < 135:
        return "short telephoto"
    return "telephoto"


# ---------------------------------------------------------------- uk_number_type
def uk_number_type(v):
    d = re.sub(r"\D", "", v["/crm_contact/phone"])
    if d.startswith("44"):
        d = "0" + d[2:]
    if d.startswith(("01", "02")):
        return "geographic"
    if d.startswith("07"):
        return "mobile"
    if d.startswith(("0800", "0808")):
        return "freephone"
    if d.startswith("09"):
        return "premium"
    if d.startswith("03"):
        return "nongeographic"
    return None


# ---------------------------------------------------------------- licence_category
def licence_category(v):
    mam = float(v["/vehicle/mam_kg"]); seats = int(v["/vehicle/passenger_seats"])
    length = float(v["/vehicle/length_m"])
    if seats > 8:
        return "D1" if seats <= 16 and length <= 8.0 else "D"
    if mam <= 3500:
        return "B"
    if mam <= 7500:
        return "C1"
    return "C"


# ---------------------------------------------------------------- aspect_ratio
AR = ["1.33", "1.66", "1.78", "1.85", "2.39"]


def aspect_ratio(v):
    w = int(v["/probe/cropdetect/w"]); h = int(v["/probe/cropdetect/h"])
    a, b = v["/probe/stream/sample_aspect_ratio"].split(":")
    dar = w * int(a) / (h * int(b))
    return min(AR, key=lambda k: abs(float(k) - dar))


# ---------------------------------------------------------------- school_grade
def school_grade(v):
    dob = datetime.date.fromisoformat(v["/application/child/date_of_birth"])
    yr = int(v["/application/school_year"][:4])
    cut = datetime.date(yr, 9, 1)
    age = cut.year - dob.year - ((cut.month, cut.day) < (dob.month, dob.day))
    return {4: "Transitional Kindergarten", 5: "Kindergarten", 6: "Grade 1", 7: "Grade 2"}.get(age)


# ---------------------------------------------------------------- ipv4_scope
def ipv4_scope(v):
    ip = ipaddress.ip_address(v["/alert/event/dst_ip"])
    if ip in ipaddress.ip_network("127.0.0.0/8"):
        return "loopback"
    if ip in ipaddress.ip_network("169.254.0.0/16"):
        return "linklocal"
    if ip in ipaddress.ip_network("224.0.0.0/4"):
        return "multicast"
    for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"):
        if ip in ipaddress.ip_network(n):
            return "private"
    return "public"


# ---------------------------------------------------------------- boat_length_class
def parse_len_ft(s):
    s = s.strip()
    m = re.fullmatch(r"([\d.]+)\s*m", s)
    if m:
        return float(m.group(1)) / 0.3048
    m = re.fullmatch(r"(\d+)\s*(?:ft|')\s*(?:(\d+)\s*(?:in|\"))?", s)
    if m:
        return int(m.group(1)) + int(m.group(2) or 0) / 12
    raise ValueError(s)


def boat_length_class(v):
    ft = parse_len_ft(v["/registration/vessel/length_overall"])
    if ft < 16:
        return "Class A"
    if ft < 26:
        return "Class 1"
    if ft < 40:
        return "Class 2"
    return "Class 3"


# ---------------------------------------------------------------- radio_band
def radio_band(v):
    m = re.fullmatch(r"([\d.]+)\s*(kHz|MHz|GHz)", v["/application/assignment/frequency"].strip())
    f = float(m.group(1)) * {"kHz": 1e-3, "MHz": 1.0, "GHz": 1e3}[m.group(2)]
    if 3 <= f < 30:
        return "HF"
    if 30 <= f < 300:
        return "VHF"
    if 300 <= f < 3000:
        return "UHF"
    if 3000 <= f < 30000:
        return "SHF"
    return None


# ---------------------------------------------------------------- asset_capex
def asset_capex(v):
    total = _num(v["/invoice_line/line_total"].replace(",", ""))
    qty = int(v["/invoice_line/quantity"])
    life = float(v["/invoice_line/useful_life_years"])
    return "capitalize" if total / qty >= 5000 and life > 1 else "expense"


# ---------------------------------------------------------------- stair_geometry
def stair_geometry(v):
    m = "/inspection/measurements/"
    k = 1 / 25.4 if v[m + "unit"] == "mm" else 1.0
    r = max(x * k for x in v[m + "risers"])
    t = min(x * k for x in v[m + "treads"])
    rf = r > 7.75; tf = t < 10.0
    if rf and tf:
        return "riser and tread fail"
    if rf:
        return "riser too high"
    if tf:
        return "tread too shallow"
    return "compliant"


RULES = {k: globals()[k] for k in [
    "neo_orbit", "anemia_oms", "gas_mark", "traffic_los", "lens_class", "uk_number_type",
    "licence_category", "aspect_ratio", "school_grade", "ipv4_scope", "boat_length_class",
    "radio_band", "asset_capex", "stair_geometry"]}
