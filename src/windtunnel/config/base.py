"""Base model for every configuration object (defined in :mod:`windtunnel._util.model`).

It lives in ``_util`` because the domain packages declare their own config sections on it and must not import
``config`` (which imports them); this alias keeps ``from windtunnel.config.base import StrictModel`` working.
"""

from windtunnel._util.model import StrictModel, field_doc, field_docs

__all__ = ["StrictModel", "field_doc", "field_docs"]
