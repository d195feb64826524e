"""The one typed configuration layer. ``load.py`` is the only YAML reader."""
