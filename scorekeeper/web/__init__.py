"""The web layer: thin blueprints over the rules engine."""
