"""``windtunnel view``: a local web viewer over the run store (runs, trends, run, cell, diff pages).

:mod:`~windtunnel.view.server` serves the pages and the JSON API of :mod:`~windtunnel.view.api`;
:mod:`~windtunnel.view.aggregate` computes what the pages plot; :mod:`~windtunnel.view.leak_page`
renders a leak audit as one HTML page. The chart library (uPlot, MIT) is vendored in ``static/``.
"""
