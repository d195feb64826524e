"""``windtunnel view``: a local web viewer over the run store (runs, trends, run, cell, diff pages).

:mod:`~windtunnel.view.server` serves the pages and the JSON API of :mod:`~windtunnel.view.api`;
:mod:`~windtunnel.view.aggregate` computes what the pages plot; :mod:`~windtunnel.view.leak_page`
renders a leak audit as one HTML page. The chart library (uPlot, MIT) is vendored in ``static/``.

How a page is answered: the browser loads a page template (``templates/``, no data in it) and ``static/view.js``;
the script asks the JSON API for the data; :class:`~windtunnel.view.server.Handler` hands ``/api/...`` to
:meth:`Api.handle <windtunnel.view.api.Api.handle>`, which reads the store through one
:class:`~windtunnel.store.queries.StoreReader` (a read-only connection per request thread) and shapes the answer
with :mod:`~windtunnel.view.aggregate`. A page of a running run polls the API; nothing is pushed.

Invariants a change must keep:

* read-only: the viewer never writes a run or a cell, and may run beside a run writing the same store;
* cost per request independent of the run's size where it can be (cell pages by keyset, aggregates from the few
  fields SQLite extracts, cached per ``(run, cell count, status)`` so a finished run is aggregated once);
* cell text is hostile (agent output, mutated prompts): it reaches the page only as JSON written with
  ``textContent``, under a CSP with no inline script; the leak page has no script at all;
* loopback only unless asked: the ``Host`` check refuses DNS rebinding.

What it deliberately does not do: authentication, editing or deleting runs (``windtunnel runs`` does that),
or rendering reports (the renderers in :mod:`windtunnel.reports` write files; the viewer reads the store).
"""
