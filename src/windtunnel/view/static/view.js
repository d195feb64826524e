/* windtunnel view: renders every page from the JSON API.
 * Untrusted text (prompts, outputs, tool responses, ids) only ever becomes a text node or an
 * attribute value set through the DOM; nothing is parsed as HTML. No inline script (CSP).
 */
(function () {
  "use strict";

  var POLL_MS = 2000;
  var state = { charts: {}, polls: 0 };
  window.wtView = state;

  // -- DOM helpers --------------------------------------------------------------------------
  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") node.textContent = String(v);
        else if (k === "cls") node.className = v;
        else if (k === "on") Object.keys(v).forEach(function (ev) { node.addEventListener(ev, v[ev]); });
        else if (k === "data") Object.keys(v).forEach(function (d) { node.dataset[d] = String(v[d]); });
        else if (k === "href") node.setAttribute("href", safeHref(v));
        else node.setAttribute(k, v === true ? "" : String(v));
      });
    }
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }
  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
  function safeHref(v) { v = String(v); return v.charAt(0) === "/" && v.charAt(1) !== "/" ? v : "#"; }
  function link(path, params, text) { return el("a", { href: path + query(params), text: text }); }
  function query(params) {
    var p = new URLSearchParams();
    Object.keys(params || {}).forEach(function (k) { if (params[k] !== null && params[k] !== undefined && params[k] !== "") p.set(k, params[k]); });
    var s = p.toString();
    return s ? "?" + s : "";
  }
  function params() { return new URLSearchParams(window.location.search); }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function app() { return document.getElementById("app"); }
  function section(title, id) {
    var s = el("section", { id: id });
    if (title) s.appendChild(el("h2", { text: title }));
    return s;
  }

  function api(path, p) {
    return fetch(path + query(p), { headers: { Accept: "application/json" } }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) throw new Error((body && body.error) || ("HTTP " + r.status));
        return body;
      });
    });
  }
  function showError(err) {
    var root = clear(app());
    root.appendChild(el("p", { cls: "error", role: "alert", text: String(err && err.message || err) }));
  }

  // -- formatting ---------------------------------------------------------------------------
  function num(v, digits) { return v === null || v === undefined ? "n/a" : Number(v).toFixed(digits === undefined ? 1 : digits); }
  function pct(v) { return v === null || v === undefined ? "n/a" : (100 * v).toFixed(1) + "%"; }
  function ms(v) { return v === null || v === undefined ? "" : Number(v).toFixed(Math.abs(v) < 10 ? 1 : 0) + " ms"; }
  function secs(v) { return v === null || v === undefined ? "" : Number(v).toFixed(1) + " s"; }
  function when(iso) {
    if (!iso) return "";
    var t = Date.parse(iso);
    return isNaN(t) ? String(iso) : new Date(t).toISOString().slice(0, 19).replace("T", " ") + " UTC";
  }
  function statusBadge(s) { return el("span", { cls: "badge st-" + String(s).replace(/[^a-z_]/g, ""), text: s }); }
  function dl(pairs) {
    var d = el("dl", { cls: "facts" });
    pairs.forEach(function (p) {
      if (p[1] === null || p[1] === undefined || p[1] === "") return;
      d.appendChild(el("dt", { text: p[0] }));
      d.appendChild(el("dd", { data: p[2] ? { k: p[2] } : null }, p[1]));
    });
    return d;
  }
  function table(id, headers, rows) {
    var t = el("table", { id: id });
    var tr = el("tr");
    headers.forEach(function (h) { tr.appendChild(el("th", { scope: "col", text: h })); });
    t.appendChild(el("thead", null, tr));
    var body = el("tbody");
    rows.forEach(function (r) { body.appendChild(r); });
    t.appendChild(body);
    return t;
  }
  function bars(id, entries) {
    // entries: [label, {passed, total, pass_rate}]; widths are set through the CSSOM (CSP-safe).
    var box = el("div", { cls: "bars", id: id });
    entries.forEach(function (e) {
      var rate = e[1].pass_rate;
      var fill = el("span", { cls: "bar-fill" });
      fill.style.width = (rate === null ? 0 : 100 * rate) + "%";
      box.appendChild(el("div", { cls: "bar-row", data: { label: e[0], rate: rate === null ? "" : rate } },
        el("span", { cls: "bar-label", text: e[0] }),
        el("span", { cls: "bar-track" }, fill),
        el("span", { cls: "bar-value", text: pct(rate) + " (" + e[1].passed + "/" + e[1].total + ")" })));
    });
    if (!entries.length) box.appendChild(el("p", { cls: "muted", text: "none in this run" }));
    return box;
  }
  function chart(name, container, opts, data) {
    if (typeof window.uPlot !== "function") { container.appendChild(el("p", { cls: "muted", text: "chart library missing" })); return null; }
    if (state.charts[name]) { state.charts[name].destroy(); }
    opts.width = Math.max(320, Math.min(960, container.clientWidth || 800));
    opts.height = opts.height || 240;
    var u = new window.uPlot(opts, data, container);
    state.charts[name] = u;
    return u;
  }
  function timeSeconds(iso) { var t = Date.parse(iso); return isNaN(t) ? 0 : t / 1000; }

  // -- runs page ----------------------------------------------------------------------------
  var runsState = { offset: 0, limit: 50, selected: [], started: {} };  // started: run id -> started_at, for compare()

  function runsPage() {
    var p = params();
    runsState.config = p.get("config") || "";
    runsState.mode = p.get("mode") || "";
    runsState.offset = +(p.get("offset") || 0);
    loadRuns(true);
    setInterval(function () { loadRuns(false); }, POLL_MS);
  }

  function loadRuns(first) {
    return api("/api/runs", { config: runsState.config, mode: runsState.mode, offset: runsState.offset, limit: runsState.limit })
      .then(function (data) { state.polls += 1; renderRuns(data, first); })
      .catch(function (err) { if (first) showError(err); });
  }

  function select(id, label, choices, value, onChange) {
    var s = el("select", { id: id, "aria-label": label });
    s.appendChild(el("option", { value: "", text: "all " + label + "s" }));
    choices.forEach(function (c) { var o = el("option", { value: c, text: c }); if (c === value) o.selected = true; s.appendChild(o); });
    s.addEventListener("change", function () { onChange(s.value); });
    return el("label", null, label + " ", s);
  }

  function renderRuns(data, first) {
    var root = app();
    if (first || !document.getElementById("runs-table")) {
      clear(root);
      root.appendChild(el("h1", { text: "Runs" }));
      var controls = el("div", { cls: "controls", id: "controls" },
        select("f-config", "config", data.filters.configs, runsState.config, function (v) { runsState.config = v; runsState.offset = 0; syncUrl(); loadRuns(false); }),
        select("f-mode", "mode", data.filters.modes, runsState.mode, function (v) { runsState.mode = v; runsState.offset = 0; syncUrl(); loadRuns(false); }),
        el("button", { id: "compare", type: "button", disabled: true, text: "diff the two selected runs", on: { click: compare } }),
        el("a", { id: "trend-link", href: "/trends", text: "trends for this config" }));
      root.appendChild(controls);
      root.appendChild(el("p", { id: "runs-total", cls: "muted" }));
      root.appendChild(table("runs-table", ["", "run", "mode", "config", "verdict", "score", "cells", "duration", "started"], []));
      root.appendChild(el("div", { cls: "pager", id: "pager" },
        el("button", { id: "pager-prev", type: "button", text: "← newer", on: { click: function () { runsState.offset = Math.max(0, runsState.offset - runsState.limit); syncUrl(); loadRuns(false); } } }),
        el("button", { id: "pager-next", type: "button", text: "older →", on: { click: function () { runsState.offset += runsState.limit; syncUrl(); loadRuns(false); } } })));
    }
    var trend = document.getElementById("trend-link");
    trend.setAttribute("href", "/trends" + query({ config: runsState.config, mode: runsState.mode }));
    var body = clear(document.querySelector("#runs-table tbody"));
    data.runs.forEach(function (r) {
      runsState.started[r.id] = r.started_at;
      var box = el("input", { type: "checkbox", "aria-label": "select " + r.id, data: { id: r.id } });
      box.checked = runsState.selected.indexOf(r.id) >= 0;
      box.addEventListener("change", function () { toggleSelected(r.id, box.checked); });
      var cells = String(r.cells) + (r.cells_planned ? " / " + r.cells_planned : "");
      body.appendChild(el("tr", { data: { id: r.id, status: r.status } },
        el("td", null, box),
        el("td", { cls: "id" }, link("/run", { id: r.id }, r.id)),
        el("td", { text: r.mode }),
        el("td", { cls: "wrap" }, r.config_path ? link("/trends", { config: r.config_path, mode: r.mode }, r.config_path) : ""),
        el("td", null, statusBadge(r.status), r.damaged ? el("span", { cls: "damaged", title: r.damaged, text: " ⚠ damaged row" }) : ""),
        el("td", { cls: "num", text: num(r.score, 2) }),
        el("td", { cls: "num", text: cells }),
        el("td", { cls: "num", text: secs(r.duration_s) }),
        el("td", { text: when(r.started_at) })));
    });
    var end = Math.min(data.total, data.offset + data.runs.length);
    document.getElementById("runs-total").textContent =
      data.total ? "runs " + (data.offset + 1) + "–" + end + " of " + data.total : "no runs match";
    document.getElementById("pager-prev").disabled = data.offset <= 0;
    document.getElementById("pager-next").disabled = end >= data.total;
  }

  function toggleSelected(id, on) {
    var s = runsState.selected.filter(function (x) { return x !== id; });
    if (on) s.push(id);
    runsState.selected = s.slice(-2);
    document.querySelectorAll("#runs-table tbody input[type=checkbox]").forEach(function (b) {
      b.checked = runsState.selected.indexOf(b.dataset.id) >= 0;
    });
    document.getElementById("compare").disabled = runsState.selected.length !== 2;
  }

  // Runs in the order they started: by the recorded start (to the millisecond), then by id. An id alone orders two
  // runs only to the second where they came from different processes or from a version before store/run_ids.py.
  function startOrder(ids, started) {
    function at(id) { var t = Date.parse(started[id] || ""); return isNaN(t) ? Infinity : t; }
    return ids.slice().sort(function (x, y) {
      var dx = at(x), dy = at(y);
      if (dx !== dy) return dx < dy ? -1 : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }

  function compare() {
    var s = startOrder(runsState.selected, runsState.started); // the older is "a" (before)
    window.location.href = "/diff" + query({ a: s[0], b: s[1] });
  }

  function syncUrl() {
    history.replaceState(null, "", "/" + query({ config: runsState.config, mode: runsState.mode, offset: runsState.offset || "" }));
  }

  // -- trends page --------------------------------------------------------------------------
  function trendsPage() {
    var p = params();
    var cfg = p.get("config") || "", mode = p.get("mode") || "";
    var ready = cfg || mode ? Promise.resolve(null) : api("/api/runs", { limit: 1 });
    ready.then(function (latest) {
      if (latest && latest.runs.length) {
        cfg = latest.runs[0].config_path || "";
        // the newest run of a `ci` run is one of its phases (<id>-replay ...): trend the ci runs themselves
        mode = /-(mutation|chaos|contract|replay)$/.test(latest.runs[0].id) ? "ci" : latest.runs[0].mode;
      }
      return api("/api/trends", { config: cfg, mode: mode, limit: p.get("limit") || "" });
    }).then(function (data) { renderTrends(data, cfg, mode); }).catch(showError);
  }

  function lineSeries(label, stroke, extra) {
    var s = { label: label, stroke: stroke, width: 2, points: { show: true, size: 6 } };
    Object.keys(extra || {}).forEach(function (k) { s[k] = extra[k]; });
    return s;
  }

  var PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#4d7c0f", "#be185d"];

  function keyedChart(name, title, points, field, scale) {
    var keys = [];
    points.forEach(function (pt) { Object.keys(pt[field] || {}).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
    var box = section(title, "trend-" + name);
    if (!keys.length) { box.appendChild(el("p", { cls: "muted", text: "no " + title.toLowerCase() + " in these runs" })); return box; }
    var data = [points.map(function (pt) { return timeSeconds(pt.started_at); })];
    var series = [{}];
    keys.forEach(function (k, i) {
      data.push(points.map(function (pt) { var v = (pt[field] || {})[k]; return v === undefined || v === null ? null : v * scale; }));
      series.push(lineSeries(k, PALETTE[i % PALETTE.length]));
    });
    var holder = el("div", { cls: "chart" });
    box.appendChild(holder);
    setTimeout(function () { chart(name, holder, { series: series, scales: { y: { range: [0, 100] } }, axes: [{}, { label: "%" }] }, data); }, 0);
    return box;
  }

  function renderTrends(data, cfg, mode) {
    var root = clear(app());
    var pts = data.points;
    state.trend = pts;
    root.appendChild(el("h1", { text: "Trends" }));
    root.appendChild(el("div", { cls: "controls", id: "controls" },
      select("f-config", "config", data.filters.configs, cfg, function (v) { window.location.href = "/trends" + query({ config: v, mode: mode }); }),
      select("f-mode", "mode", data.filters.modes, mode, function (v) { window.location.href = "/trends" + query({ config: cfg, mode: v }); })));
    root.appendChild(el("p", { id: "trend-count", cls: "muted", text: pts.length + " run" + (pts.length === 1 ? "" : "s") + " of " + (cfg || "any config") + " in mode " + (mode || "any") }));
    if (!pts.length) return;
    var x = pts.map(function (pt) { return timeSeconds(pt.started_at); });
    var scoreBox = section("Score, pass rate and its 95% Wilson interval", "trend-score");
    var holder = el("div", { cls: "chart", id: "chart-score" });
    scoreBox.appendChild(holder);
    root.appendChild(scoreBox);
    var latBox = section("Latency p50 / p95", "trend-latency");
    var latHolder = el("div", { cls: "chart", id: "chart-latency" });
    latBox.appendChild(latHolder);
    root.appendChild(latBox);
    root.appendChild(keyedChart("phases", "Score per phase", pts, "phases", 1));
    root.appendChild(keyedChart("invariants", "Pass rate per contract invariant", pts, "invariants", 100));
    root.appendChild(keyedChart("mutations", "Pass rate per mutation type", pts, "mutations", 100));
    var rows = pts.map(function (pt) {
      return el("tr", { data: { id: pt.id } },
        el("td", null, link("/run", { id: pt.id }, pt.id)),
        el("td", null, statusBadge(pt.status)),
        el("td", { cls: "num", text: num(pt.score, 2) }),
        el("td", { cls: "num", text: pct(pt.pass_rate) }),
        el("td", { cls: "num", text: pt.wilson_95 ? pct(pt.wilson_95[0]) + "–" + pct(pt.wilson_95[1]) : "n/a" }),
        el("td", { cls: "num", text: ms(pt.p50) }),
        el("td", { cls: "num", text: ms(pt.p95) }));
    });
    var tsec = section("Runs", "trend-runs");
    tsec.appendChild(table("trend-table", ["run", "verdict", "score", "pass rate", "95% Wilson", "p50", "p95"], rows));
    root.appendChild(tsec);
    var pick = function (f) { return pts.map(f); };
    setTimeout(function () {
      chart("score", holder, {
        series: [{},
          lineSeries("score", "#2563eb"),
          lineSeries("pass rate %", "#16a34a", { dash: [6, 4] }),
          { label: "Wilson high", stroke: "rgba(22,163,74,0.3)", width: 1 },
          { label: "Wilson low", stroke: "rgba(22,163,74,0.3)", width: 1 }],
        bands: [{ series: [3, 4], fill: "rgba(22,163,74,0.15)" }],
        scales: { y: { range: [0, 100] } },
        axes: [{}, { label: "%" }]
      }, [x,
        pick(function (pt) { return pt.score; }),
        pick(function (pt) { return pt.pass_rate === null ? null : 100 * pt.pass_rate; }),
        pick(function (pt) { return pt.wilson_95 ? 100 * pt.wilson_95[1] : null; }),
        pick(function (pt) { return pt.wilson_95 ? 100 * pt.wilson_95[0] : null; })]);
      chart("latency", latHolder, {
        series: [{}, lineSeries("p50 ms", "#9333ea"), lineSeries("p95 ms", "#ea580c")],
        axes: [{}, { label: "ms" }]
      }, [x, pick(function (pt) { return pt.p50; }), pick(function (pt) { return pt.p95; })]);
    }, 0);
  }

  // -- run page -----------------------------------------------------------------------------
  var runState = { filters: {}, offset: 0, limit: 100 };

  function runPage() {
    var p = params();
    runState.id = p.get("id");
    ["status", "scenario", "invariant", "mutation", "fault", "kind", "q"].forEach(function (k) { if (p.get(k)) runState.filters[k] = p.get(k); });
    if (!runState.id) { showError("no run id: open a run from the runs page"); return; }
    loadRun(true);
  }

  function loadRun(first) {
    return api("/api/run", { id: runState.id }).then(function (data) {
      state.polls += 1;
      state.run = data;
      renderRun(data, first);
      loadCells();
      if (data.run.status === "running") setTimeout(function () { loadRun(false); }, POLL_MS);
    }).catch(function (err) { if (first) showError(err); });
  }

  function renderRun(data, first) {
    var root = app();
    var r = data.run, s = data.summary, a = data.aggregate;
    if (first) clear(root);
    var head = document.getElementById("run-head") || el("section", { id: "run-head" });
    clear(head);
    head.appendChild(el("h1", null, "Run ", el("span", { id: "run-id", text: r.id }), " ", statusBadge(r.status),
      r.status === "running" ? el("span", { cls: "live", id: "live", text: "live" }) : null));
    head.appendChild(dl([
      ["why it failed", data.why, "why"],
      ["mode", r.mode], ["config", r.config_path], ["seed", r.seed === null ? null : String(r.seed)],
      ["score", num(s.score, 2) + (s.partial ? " (partial)" : ""), "score"],
      ["pass rate", pct(a.pass_rate) + " (" + a.counts.passed + "/" + a.scored + ")", "pass-rate"],
      ["95% Wilson", a.wilson_95 ? pct(a.wilson_95[0]) + "–" + pct(a.wilson_95[1]) : "n/a", "wilson"],
      ["cells", a.cells + (r.cells_planned ? " of " + r.cells_planned + " planned" : "") + " · " + a.counts.passed + " passed, " + a.counts.failed + " failed, " + a.counts.error + " errored, " + a.counts.skipped + " skipped", "cells"],
      ["latency", "p50 " + ms(a.latency.p50) + " · p95 " + ms(a.latency.p95), "latency"],
      ["started", when(r.started_at)], ["duration", secs(r.duration_s)],
      ["reasons", (s.reasons || []).join("; ")]
    ]));
    head.appendChild(el("p", null, link("/trends", { config: r.config_path, mode: r.mode }, "trend of this config"),
      data.previous ? [" · ", el("a", { id: "diff-previous", href: "/diff" + query({ a: data.previous, b: r.id }), text: "diff with the previous run" })] : null,
      " · ", el("a", { href: "/api/run" + query({ id: r.id }), text: "JSON" })));
    if (first) root.appendChild(head);

    var charts = document.getElementById("run-charts") || el("div", { id: "run-charts" });
    clear(charts);
    if (a.heatmap) charts.appendChild(heatmapSection(a.heatmap));
    var barsBox = el("div", { cls: "two" });
    var m = section("Pass rate per mutation type", "by-mutation");
    m.appendChild(bars("bars-mutation", Object.keys(a.by_mutation).map(function (k) { return [k, a.by_mutation[k]]; })));
    var f = section("Pass rate per fault mode", "by-fault");
    f.appendChild(bars("bars-fault", Object.keys(a.by_fault).map(function (k) { return [k, a.by_fault[k]]; })));
    barsBox.appendChild(m); barsBox.appendChild(f);
    charts.appendChild(barsBox);
    var lat = section("Latency distribution", "latency");
    var holder = el("div", { cls: "chart", id: "chart-latency-hist" });
    lat.appendChild(holder);
    charts.appendChild(lat);
    if (first) root.appendChild(charts);
    var hist = a.latency.histogram;
    if (hist.length) {
      setTimeout(function () {
        chart("latency", holder, {
          height: 180,
          scales: { x: { time: false } },
          series: [{ label: "ms" }, { label: "cells", stroke: "#2563eb", fill: "rgba(37,99,235,0.35)", paths: window.uPlot && window.uPlot.paths.bars ? window.uPlot.paths.bars({ size: [0.9] }) : undefined, points: { show: false } }],
          axes: [{ label: "latency (ms)" }, { label: "cells" }]
        }, [hist.map(function (b) { return (b.lo + b.hi) / 2; }), hist.map(function (b) { return b.count; })]);
      }, 0);
    } else {
      holder.appendChild(el("p", { cls: "muted", text: "no latencies recorded" }));
    }

    if (!first) {
      refreshOptions("f-fault", Object.keys(a.by_fault));
      refreshOptions("f-mutation", Object.keys(a.by_mutation));
    }
    if (first) {
      var cells = section("Cells", "cells");
      cells.appendChild(cellControls(a));
      cells.appendChild(el("p", { id: "shown", cls: "muted" }));
      cells.appendChild(table("cell-table", ["cell", "kind", "scenario / mutation", "invariant", "status", "latency", "faults", "prompt", "why"], []));
      cells.appendChild(el("div", { cls: "pager" },
        el("button", { id: "cells-prev", type: "button", text: "← previous", on: { click: function () { runState.offset = Math.max(0, runState.offset - runState.limit); loadCells(); } } }),
        el("button", { id: "cells-next", type: "button", text: "next →", on: { click: function () { runState.offset += runState.limit; loadCells(); } } })));
      root.appendChild(cells);
    }
  }

  function heatmapSection(h) {
    var box = section("Scenario × invariant", "heatmap");
    var lookup = {};
    h.cells.forEach(function (c) { lookup[c.scenario + "\u0000" + c.invariant] = c; });
    var t = el("table", { cls: "heat", id: "heat-table" });
    var tr = el("tr", null, el("th", { scope: "col", text: "scenario \\ invariant" }));
    h.invariants.forEach(function (inv) { tr.appendChild(el("th", { scope: "col", text: inv })); });
    t.appendChild(el("thead", null, tr));
    var body = el("tbody");
    h.scenarios.forEach(function (sc) {
      var row = el("tr", null, el("th", { scope: "row", text: sc }));
      h.invariants.forEach(function (inv) {
        var c = lookup[sc + "\u0000" + inv];
        if (!c) { row.appendChild(el("td", { cls: "heat-na", text: "n/a" })); return; }
        var bucket = c.pass_rate === null ? "na" : String(Math.round(10 * c.pass_rate));
        row.appendChild(el("td", null, el("button", {
          type: "button", cls: "heat-cell heat-" + bucket,
          data: { scenario: sc, invariant: inv },
          title: sc + " × " + inv + ": " + c.passed + "/" + c.total + " passed",
          text: c.passed + "/" + c.total,
          on: { click: function () { setCellFilters({ scenario: sc, invariant: inv }); } }
        })));
      });
      body.appendChild(row);
    });
    t.appendChild(body);
    box.appendChild(t);
    return box;
  }

  function cellControls(a) {
    var statusSel = el("select", { id: "f-status", "aria-label": "status" });
    ["", "passed", "failed", "error", "skipped"].forEach(function (s) { statusSel.appendChild(el("option", { value: s, text: s || "any status" })); });
    statusSel.value = runState.filters.status || "";
    statusSel.addEventListener("change", function () { setCellFilters({ status: statusSel.value }, true); });
    var faultSel = el("select", { id: "f-fault", "aria-label": "fault" });
    faultSel.appendChild(el("option", { value: "", text: "any fault" }));
    Object.keys(a.by_fault).forEach(function (k) { faultSel.appendChild(el("option", { value: k, text: k })); });
    faultSel.value = runState.filters.fault || "";
    faultSel.addEventListener("change", function () { setCellFilters({ fault: faultSel.value }, true); });
    var mutSel = el("select", { id: "f-mutation", "aria-label": "mutation type" });
    mutSel.appendChild(el("option", { value: "", text: "any mutation" }));
    Object.keys(a.by_mutation).forEach(function (k) { mutSel.appendChild(el("option", { value: k, text: k })); });
    mutSel.value = runState.filters.mutation || "";
    mutSel.addEventListener("change", function () { setCellFilters({ mutation: mutSel.value }, true); });
    var text = el("input", { id: "f-text", type: "search", placeholder: "search prompt / output", "aria-label": "search" });
    text.value = runState.filters.q || "";
    var timer = null;
    text.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { setCellFilters({ q: text.value }, true); }, 200); });
    return el("div", { cls: "controls", id: "cell-controls" }, statusSel, faultSel, mutSel, text,
      el("button", { id: "f-chip", type: "button", hidden: true, on: { click: function () { setCellFilters({ scenario: "", invariant: "" }, true); } } }),
      el("button", { id: "f-reset", type: "button", text: "reset", on: { click: function () {
        runState.filters = {}; statusSel.value = ""; faultSel.value = ""; mutSel.value = ""; text.value = ""; setCellFilters({}, true);
      } } }));
  }

  function refreshOptions(id, keys) {
    var sel = document.getElementById(id);
    if (!sel) return;
    var have = Array.prototype.map.call(sel.options, function (o) { return o.value; });
    keys.forEach(function (k) { if (have.indexOf(k) < 0) sel.appendChild(el("option", { value: k, text: k })); });
  }

  function setCellFilters(changes, merge) {
    if (!merge) { delete runState.filters.scenario; delete runState.filters.invariant; }
    Object.keys(changes).forEach(function (k) { if (changes[k]) runState.filters[k] = changes[k]; else delete runState.filters[k]; });
    runState.offset = 0;
    var chip = document.getElementById("f-chip");
    if (runState.filters.scenario || runState.filters.invariant) {
      chip.hidden = false;
      chip.textContent = (runState.filters.scenario || "*") + " × " + (runState.filters.invariant || "*") + " ✕";
    } else { chip.hidden = true; }
    var q = { id: runState.id };
    Object.keys(runState.filters).forEach(function (k) { q[k] = runState.filters[k]; });
    history.replaceState(null, "", "/run" + query(q));
    loadCells();
  }

  function loadCells() {
    var q = { run: runState.id, offset: runState.offset, limit: runState.limit };
    Object.keys(runState.filters).forEach(function (k) { q[k] = runState.filters[k]; });
    var seq = (runState.seq = (runState.seq || 0) + 1);
    return api("/api/cells", q).then(function (data) {
      if (seq !== runState.seq) return; // a newer filter answered first
      var body = clear(document.querySelector("#cell-table tbody"));
      data.cells.forEach(function (c) {
        body.appendChild(el("tr", { data: { id: c.id, status: c.status } },
          el("td", null, link("/cell", { run: runState.id, cell: c.id }, c.id)),
          el("td", { text: c.kind }),
          el("td", { text: c.scenario || c.mutation || "" }),
          el("td", { text: c.invariant || "" }),
          el("td", null, statusBadge(c.status), c.damaged ? el("span", { cls: "damaged", title: c.damaged, text: " ⚠ damaged row" }) : ""),
          el("td", { cls: "num", text: ms(c.latency_ms) }),
          el("td", { cls: "faults", text: c.faults.join(", ") }),
          el("td", { cls: "wrap", text: c.prompt }),
          el("td", { cls: "wrap", text: c.detail })));
      });
      var end = Math.min(data.matching, data.offset + data.cells.length);
      document.getElementById("shown").textContent = data.matching
        ? "showing " + (data.offset + 1) + "–" + end + " of " + data.matching + " matching (" + data.total + " cells)"
        : "no cell matches (" + data.total + " cells)";
      document.getElementById("cells-prev").disabled = data.offset <= 0;
      document.getElementById("cells-next").disabled = end >= data.matching;
      state.cellsShown = data.cells.length;
      state.cellsMatching = data.matching;
    }).catch(showError);
  }

  // -- cell page ----------------------------------------------------------------------------
  function pretty(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "string") return v;
    try { return JSON.stringify(v, null, 2); } catch (e) { return String(v); }
  }

  function cellPage() {
    var p = params();
    api("/api/cell", { run: p.get("run"), cell: p.get("cell") }).then(renderCell).catch(showError);
  }

  function renderCell(data) {
    var c = data.cell, r = data.run;
    var root = clear(app());
    root.appendChild(el("p", { cls: "crumbs" }, link("/", {}, "runs"), " / ", link("/run", { id: r.id }, r.id), " / cell"));
    root.appendChild(el("h1", null, el("span", { id: "cell-id", text: c.id }), " ", statusBadge(c.status)));
    var mutation = c.mutation ? c.mutation.type + (c.mutation.args && Object.keys(c.mutation.args).length ? " " + JSON.stringify(c.mutation.args) : "") : null;
    root.appendChild(dl([
      ["kind", c.kind], ["scenario", c.scenario], ["invariant", c.invariant], ["severity", c.severity],
      ["mutation", mutation, "mutation"], ["repeat", c.repeat === undefined || c.repeat === null ? null : String(c.repeat)],
      ["latency", ms(c.latency_ms), "latency"], ["attempts", c.attempts ? String(c.attempts) : null],
      ["completed", when(c.completed_at)]
    ]));

    var prompt = section("Prompt", "prompt");
    if (c.golden_prompt && c.golden_prompt !== c.prompt) {
      prompt.appendChild(el("h3", { text: "golden prompt" }));
      prompt.appendChild(el("pre", { id: "golden", text: c.golden_prompt }));
      prompt.appendChild(el("h3", { text: "sent (mutated)" }));
    }
    prompt.appendChild(el("pre", { id: "prompt-text", text: c.prompt || "" }));
    root.appendChild(prompt);

    root.appendChild(timelineSection(c));

    var answer = section("Answer", "answer");
    answer.appendChild(el("pre", { id: "output", text: c.output === null || c.output === undefined ? "(no output)" : c.output }));
    if (c.error) answer.appendChild(el("p", { cls: "error" }, el("strong", { text: "error: " }), el("span", { id: "cell-error", text: (c.error_kind ? c.error_kind + ": " : "") + c.error })));
    root.appendChild(answer);

    var faults = section("Faults fired", "faults");
    var fl = el("ul", { id: "fault-list" });
    (c.faults || []).forEach(function (f) {
      fl.appendChild(el("li", { cls: "faulted", text: f.target + "." + f.mode + (f.name ? "(" + f.name + ")" : "") }));
    });
    if (!(c.faults || []).length) fl.appendChild(el("li", { cls: "muted", text: "none" }));
    faults.appendChild(fl);
    root.appendChild(faults);
    if (c.schedule) root.appendChild(scheduleSection(c));

    var checks = section("Invariants", "checks");
    checks.appendChild(table("checks-table", ["invariant", "type", "verdict", "reason"], (c.checks || []).map(function (k) {
      return el("tr", { data: { passed: k.passed } },
        el("td", { text: k.id || k.type }), el("td", { text: k.type }),
        el("td", null, statusBadge(k.passed ? "passed" : "failed")),
        el("td", { cls: "wrap", text: k.detail || "" }));
    })));
    root.appendChild(checks);

    if (c.reproduce) {
      var rep = section("Reproduce", "reproduce");
      var pre = el("pre", { id: "reproduce-cmd", cls: "cmd", text: c.reproduce });
      var btn = el("button", { id: "copy", type: "button", text: "copy" });
      btn.addEventListener("click", function () {
        var done = function () { btn.textContent = "copied"; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(c.reproduce).then(done, function () { selectText(pre); });
        } else { selectText(pre); }
      });
      rep.appendChild(el("div", { cls: "cmd-row" }, pre, btn));
      root.appendChild(rep);
    }
  }

  // A cell's fault schedule (windtunnel explore, --schedule, a chaos: block): one line per slot, and for a
  // failure explore found, whether it reproduced and where the agent went wrong.
  function scheduleSection(c) {
    var box = section("Fault schedule", "schedule");
    var list = el("ol", { id: "schedule-list" });
    (c.schedule.faults || []).forEach(function (s) {
      var when = s.on_call ? "call " + s.on_call + (s.count > 1 ? "-" + (s.on_call + s.count - 1) : "")
        : s.from_call ? "calls " + s.from_call + "+" : s.count ? "calls 1-" + s.count : "every call";
      var chance = s.probability !== undefined && s.probability < 1 ? " p=" + s.probability : "";
      list.appendChild(el("li", { text: s.seam + " " + when + " " + ((s.fault || {}).mode || "?") + chance }));
    });
    box.appendChild(list);
    if (c.explore) {
      box.appendChild(el("p", { id: "explore-status", text: c.explore.status + ", reproduced " + c.explore.reproduced }));
      box.appendChild(el("p", { id: "went-wrong", cls: "wrap", text: "went wrong " + c.explore.went_wrong }));
    }
    return box;
  }

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }

  function timelineSection(c) {
    var box = section("Tool and LLM calls", "timeline");
    var calls = (c.calls || []).slice().sort(function (a, b) { return (a.seq || 0) - (b.seq || 0); });
    if (!calls.length) { box.appendChild(el("p", { cls: "muted", text: "no tool or LLM call was recorded for this cell" })); return box; }
    // Calls of one cell run one after another: lay their bars end to end on one time axis.
    var total = 0;
    calls.forEach(function (k) { total += k.latency_ms > 0 ? k.latency_ms : 0; });
    box.appendChild(el("p", { cls: "muted", text: calls.length + " call" + (calls.length === 1 ? "" : "s") + " in order, " + ms(total) + " in calls; each bar starts where the previous call ended" }));
    var list = el("ol", { cls: "timeline", id: "calls" });
    var start = 0;
    calls.forEach(function (k, i) {
      var faulted = (k.faults || []).length > 0 || !!k.error;
      var lat = k.latency_ms > 0 ? k.latency_ms : 0;
      var bar = el("span", { cls: "lat-fill", title: "starts at " + ms(start) + ", takes " + ms(lat) });
      bar.style.left = (total > 0 ? 100 * start / total : 0) + "%";
      bar.style.width = (total > 0 ? Math.max(0.5, 100 * lat / total) : 0) + "%";
      start += lat;
      var details = el("details", null, el("summary", { text: "arguments and response" }),
        el("h4", { text: "arguments" }), el("pre", { text: pretty(k.args) }),
        el("h4", { text: k.error ? "error" : "response" }), el("pre", { text: k.error ? k.error : pretty(k.response) }));
      list.appendChild(el("li", { cls: "call" + (faulted ? " faulted" : ""), data: { seq: k.seq === undefined ? i + 1 : k.seq, target: k.target, faulted: faulted } },
        el("div", { cls: "call-head" },
          el("span", { cls: "call-n", text: "#" + (i + 1) }),
          el("span", { cls: "call-target t-" + String(k.target).replace(/[^a-z]/g, ""), text: k.target }),
          el("span", { cls: "call-name", text: k.name || "" }),
          el("span", { cls: "lat-track" }, bar),
          el("span", { cls: "call-lat", text: ms(k.latency_ms) }),
          faulted ? el("span", { cls: "fault-tag", text: "fault: " + ((k.faults || []).join(", ") || "error") }) : null),
        details));
    });
    box.appendChild(list);
    return box;
  }

  // -- diff page ----------------------------------------------------------------------------
  function diffPage() {
    var p = params();
    if (!p.get("a") || !p.get("b")) { showError("pick two runs on the runs page and press 'diff the two selected runs'"); return; }
    api("/api/diff", { a: p.get("a"), b: p.get("b") }).then(renderDiff).catch(showError);
  }

  function delta(v, digits, unit, lowerIsBetter) {
    if (v === null || v === undefined || isNaN(v)) return el("span", { cls: "muted", text: "n/a" });
    var s = (v > 0 ? "+" : "") + Number(v).toFixed(digits) + (unit || "");
    var better = lowerIsBetter ? v < 0 : v > 0, worse = lowerIsBetter ? v > 0 : v < 0;
    return el("span", { cls: better ? "up" : worse ? "down" : "", text: s });
  }

  function changesTable(id, changes, runId) {
    return table(id, ["cell", "phase", "before", "after", "why", "reproduce"], changes.map(function (c) {
      var first = c.cell_ids[0];
      return el("tr", { data: { key: c.key } },
        el("td", { cls: "wrap" }, link("/cell", { run: runId, cell: first }, c.label)),
        el("td", { text: c.phase }), el("td", null, statusBadge(c.before)), el("td", null, statusBadge(c.after)),
        el("td", { cls: "wrap", text: c.detail }), el("td", null, c.reproduce ? el("code", { text: c.reproduce }) : ""));
    }));
  }

  function renderDiff(d) {
    var root = clear(app());
    var partial = function (how) { return how ? el("span", { cls: "down", title: "cut short after " + how, text: " (partial)" }) : null; };
    root.appendChild(el("h1", null, "Diff ", link("/run", { id: d.run_a }, d.run_a), partial(d.partial_a), " → ", link("/run", { id: d.run_b }, d.run_b), partial(d.partial_b)));
    if (d.warnings && d.warnings.length) {  // what makes the figures below weaker than they look, as `runs diff` warns
      root.appendChild(el("ul", { id: "diff-warnings" }, d.warnings.map(function (w) { return el("li", { cls: "down", text: "warning: " + w }); })));
    }
    var la = d.latency.a, lb = d.latency.b;
    var sub = function (x, y) { return x === null || y === null ? null : y - x; };
    root.appendChild(table("diff-summary", ["measure", "before", "after", "delta"], [
      el("tr", null, el("td", { text: "score" }), el("td", { text: num(d.score.before, 2) }), el("td", { text: num(d.score.after, 2) }), el("td", { id: "score-delta" }, delta(d.score.delta, 2))),
      el("tr", null, el("td", { text: "latency p50" }), el("td", { text: ms(la.p50) }), el("td", { text: ms(lb.p50) }), el("td", null, delta(sub(la.p50, lb.p50), 0, " ms", true))),
      el("tr", null, el("td", { text: "latency p95" }), el("td", { text: ms(la.p95) }), el("td", { text: ms(lb.p95) }), el("td", null, delta(sub(la.p95, lb.p95), 0, " ms", true)))
    ].concat(d.phases.map(function (p) {
      return el("tr", null, el("td", { text: p.phase + " " + p.measure }), el("td", { text: num(p.before, 2) }), el("td", { text: num(p.after, 2) }), el("td", null, delta(p.delta, 2)));
    }))));
    root.appendChild(el("p", { id: "diff-counts", cls: "muted", text: d.regressed.length + " regressed · " + d.fixed.length + " fixed · " + d.still_failing + " still failing · " + d.unchanged_passing + " unchanged passing · " + d.added + " added · " + d.removed + " removed" }));
    var reg = section("Regressions (" + d.regressed.length + ")", "regressions");
    reg.appendChild(d.regressed.length ? changesTable("regressed", d.regressed, d.run_b) : el("p", { cls: "muted", text: "none" }));
    root.appendChild(reg);
    var fix = section("Fixes (" + d.fixed.length + ")", "fixes");
    fix.appendChild(d.fixed.length ? changesTable("fixed", d.fixed, d.run_a) : el("p", { cls: "muted", text: "none" }));
    root.appendChild(fix);
  }

  // -- leak audits -------------------------------------------------------------------------
  function leakPage() {
    api("/api/audits", {}).then(function (d) {
      var root = clear(app());
      root.appendChild(el("h1", { text: "Leak audits" }));
      root.appendChild(el("p", { cls: "muted" }, "Pages written by ", el("code", { text: "windtunnel leak scan DATASET -f html" }), " into ", el("code", { text: d.dir }), "."));
      root.appendChild(table("audits-table", ["audit", "written", "size"], d.audits.map(function (a) {
        return el("tr", null, el("td", null, el("a", { href: "/audit/" + encodeURIComponent(a.name), text: a.name })),
          el("td", { text: new Date(a.modified * 1000).toISOString().replace("T", " ").slice(0, 19) }),
          el("td", { cls: "num", text: (a.size / 1024).toFixed(1) + " KiB" }));
      })));
      if (!d.audits.length) root.appendChild(el("p", { cls: "muted", text: "no audit pages yet" }));
    }).catch(showError);
  }

  // -- boot ---------------------------------------------------------------------------------
  var PAGES = { runs: runsPage, trends: trendsPage, run: runPage, cell: cellPage, diff: diffPage, leak: leakPage };
  function boot() {
    var page = document.body.dataset.page;
    var loading = document.getElementById("loading");
    if (loading) loading.textContent = "loading " + page + "…";
    (PAGES[page] || function () { showError("unknown page"); })();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot); else boot();
})();
