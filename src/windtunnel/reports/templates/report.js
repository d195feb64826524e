(function () {
  "use strict";
  var dataEl = document.getElementById("wt-data");
  var table = document.getElementById("cell-table");
  if (!dataEl || !table) { return; }
  var data = JSON.parse(dataEl.textContent);
  var cells = data.cells || [];
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  var byIndex = {};
  rows.forEach(function (tr) { byIndex[tr.getAttribute("data-i")] = tr; });

  var form = document.getElementById("controls");
  var fText = document.getElementById("f-text");
  var fStatus = document.getElementById("f-status");
  var fKind = document.getElementById("f-kind");
  var fPhase = document.getElementById("f-phase");
  var chip = document.getElementById("f-chip");
  var shown = document.getElementById("shown");
  form.hidden = false;
  form.addEventListener("submit", function (ev) { ev.preventDefault(); });

  var PAGE = 500; // rows shown at once: layout cost grows with visible rows, not with the report
  var limit = PAGE;
  var pager = document.getElementById("pager");
  var pin = null; // {scenario, invariant} from the heat map
  var hay = [];
  function haystack(i) {
    if (hay[i] === undefined) {
      var c = cells[i] || {};
      hay[i] = [c.id, c.prompt, c.golden_prompt, c.output, c.error, c.scenario, c.invariant,
        c.mutation && c.mutation.type].join("\n").toLowerCase();
    }
    return hay[i];
  }

  function apply(keepLimit) {
    if (!keepLimit) { limit = PAGE; }
    var text = fText.value.trim().toLowerCase();
    var st = fStatus.value, kind = fKind.value, phase = fPhase.value, n = 0, visible = 0;
    for (var r = 0; r < rows.length; r++) {
      var tr = rows[r], i = +tr.getAttribute("data-i"), c = cells[i] || {};
      var ok = (!st || c.status === st) && (!kind || c.kind === kind) &&
        (!phase || c.phase === phase) &&
        (!pin || (c.kind === "contract" && (c.scenario || "") === pin.scenario &&
          (c.invariant || "") === pin.invariant)) &&
        (!text || haystack(i).indexOf(text) !== -1);
      var show = ok && n < limit;
      if (tr.hidden === show) { tr.hidden = !show; }
      if (ok) { n++; }
      if (show) { visible++; }
    }
    shown.textContent = visible < n ? "showing " + visible + " of " + n + " matching (" + rows.length + " cells)"
      : "showing " + n + " of " + rows.length;
    pager.hidden = visible >= n;
    if (pin) {
      chip.hidden = false;
      chip.textContent = "× " + (pin.scenario || "—") + " · " + (pin.invariant || "—");
    } else {
      chip.hidden = true;
    }
  }
  [fText, fStatus, fKind, fPhase].forEach(function (el) {
    el.addEventListener(el === fText ? "input" : "change", function () { apply(false); });
  });
  document.getElementById("f-more").addEventListener("click", function () { limit += PAGE; apply(true); });
  document.getElementById("f-all").addEventListener("click", function () { limit = Infinity; apply(true); });
  form.addEventListener("reset", function () { pin = null; setTimeout(apply, 0); });
  chip.addEventListener("click", function () { pin = null; apply(false); });

  Array.prototype.forEach.call(document.querySelectorAll("button.heat-cell"), function (btn) {
    btn.addEventListener("click", function () {
      pin = {scenario: btn.getAttribute("data-scenario"), invariant: btn.getAttribute("data-invariant")};
      apply();
      table.scrollIntoView({block: "start"});
    });
  });

  var SEV = {critical: 0, high: 1, medium: 2, low: 3};
  var sortState = {key: null, dir: 1};
  function sortValue(tr, th) {
    var key = th.getAttribute("data-key"), type = th.getAttribute("data-type"), i = +tr.getAttribute("data-i");
    var c = cells[i] || {};
    if (key === "i") { return i; }
    if (key === "latency") { return typeof c.latency_ms === "number" ? c.latency_ms : Infinity; }
    if (key === "tokens") { return c.usage ? (c.usage.total_tokens || 0) : -1; }
    if (key === "cost") { return c.usage && typeof c.usage.cost_usd === "number" ? c.usage.cost_usd : (c.usage && "cost_usd" in c.usage ? Infinity : -1); }
    if (type === "severity") { return c.severity in SEV ? SEV[c.severity] : 9; }
    return tr.cells[th.cellIndex].textContent.toLowerCase();
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
    var btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(btn);
    btn.addEventListener("click", function () {
      var key = th.getAttribute("data-key");
      sortState.dir = sortState.key === key ? -sortState.dir : 1;
      sortState.key = key;
      var keyed = rows.map(function (tr) { return [sortValue(tr, th), +tr.getAttribute("data-i"), tr]; });
      keyed.sort(function (a, b) {
        if (a[0] < b[0]) { return -sortState.dir; }
        if (a[0] > b[0]) { return sortState.dir; }
        return a[1] - b[1];
      });
      rows = keyed.map(function (k) { return k[2]; });
      apply(true);  // visibility first, so moving the hidden rows costs no layout
      var frag = document.createDocumentFragment();
      rows.forEach(function (tr) { frag.appendChild(tr); });
      tbody.appendChild(frag);
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", sortState.dir === 1 ? "ascending" : "descending");
    });
  });

  var panel = document.getElementById("drill");
  var body = document.getElementById("drill-body");
  var title = document.getElementById("drill-title");
  var selected = null;
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }
  function field(label, node) {
    body.appendChild(el("dt", label));
    var dd = el("dd");
    dd.appendChild(node);
    body.appendChild(dd);
  }
  function faultText(f) {
    return f.target + "." + f.mode + (f.name ? "(" + f.name + ")" : "");
  }
  function usageText(u) {
    var text = (u.total_tokens || (u.input_tokens || 0) + (u.output_tokens || 0)) + " (" + (u.input_tokens || 0) + " in, " +
      (u.output_tokens || 0) + " out)" + (u.model ? " · model " + u.model : "");
    if ("cost_usd" in u) {
      text += " · cost " + (typeof u.cost_usd === "number" ? "$" + u.cost_usd.toFixed(6) : "unknown (" + (u.cost_unknown || "no price") + ")");
    }
    return text;
  }
  function openDrill(i) {
    var c = cells[i];
    if (!c) { return; }
    while (body.firstChild) { body.removeChild(body.firstChild); }
    title.textContent = c.status + " · " + c.id;
    field("cell", el("span", [c.kind, c.scenario ? "scenario " + c.scenario : null, c.invariant ? "invariant " + c.invariant : null,
      c.severity ? "severity " + c.severity : null, typeof c.repeat === "number" ? "repeat " + c.repeat : null]
      .filter(Boolean).join(" · ")));
    field("prompt", el("pre", c.prompt));
    if (c.golden_prompt && c.golden_prompt !== c.prompt) { field("golden prompt", el("pre", c.golden_prompt)); }
    if (c.mutation) { field("mutation", el("code", c.mutation.type + (c.mutation.args ? " " + JSON.stringify(c.mutation.args) : ""))); }
    field("faults fired", el("span", (c.faults || []).length ? c.faults.map(faultText).join(", ") : "none"));
    field("output", c.output === null || c.output === undefined ? el("span", "no output", "dim") : el("pre", c.output));
    if (c.error) { field("error", el("pre", c.error)); }
    if (c.checks && c.checks.length) {
      var t = el("table", null, "checks"), tb = el("tbody");
      c.checks.forEach(function (ch) {
        var tr = el("tr", null, ch.passed ? "st-passed" : "st-failed");
        tr.appendChild(el("td", ch.passed ? "pass" : "FAIL"));
        tr.appendChild(el("td", ch.type));
        tr.appendChild(el("td", ch.detail || ""));
        tb.appendChild(tr);
      });
      t.appendChild(tb);
      field("checks", t);
    }
    if (typeof c.latency_ms === "number") { field("latency", el("span", Math.round(c.latency_ms) + " ms")); }
    if (c.usage) { field("tokens", el("span", usageText(c.usage))); }
    if (c.reproduce) { field("reproduce", el("pre", c.reproduce, "cmd")); }
    panel.hidden = false;
    if (selected) { selected.classList.remove("selected"); }
    selected = byIndex[String(i)] || null;
    if (selected) { selected.classList.add("selected"); }
  }
  tbody.addEventListener("click", function (ev) {
    var target = ev.target;
    if (target && target.tagName === "A") { ev.preventDefault(); }
    var tr = target && target.closest ? target.closest("tr") : null;
    if (tr && tr.hasAttribute("data-i")) { openDrill(+tr.getAttribute("data-i")); }
  });
  document.getElementById("drill-close").addEventListener("click", function () {
    panel.hidden = true;
    if (selected) { selected.classList.remove("selected"); selected = null; }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && !panel.hidden) { panel.hidden = true; }
  });
  window.windtunnelReport = {openCell: openDrill, apply: apply};
  apply(false);
  document.documentElement.classList.add("ready");
})();
