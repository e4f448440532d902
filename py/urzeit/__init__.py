"""Urzeit: rules engines for three stone-age board games."""

__version__ = "0.1.0"
