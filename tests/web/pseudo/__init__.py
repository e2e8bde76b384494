"""Web tests read in the pseudo-locale (tests/pseudo_locale.py): every page in longer, accented words."""
