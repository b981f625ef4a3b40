"""The table companion: a table-side referee for Lovecraftian board games."""

__version__ = "0.1.0"
