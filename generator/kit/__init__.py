"""Kits: self-contained builders for printable physical components, such as paper-model nets."""
