"""Base model for every configuration object (defined in :mod:`windtunnel._util.model`)."""

from windtunnel._util.model import StrictModel, field_doc, field_docs

__all__ = ["StrictModel", "field_doc", "field_docs"]
