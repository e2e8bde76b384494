"""Browser tests: Playwright drives Debian's Chromium in a phone viewport through the main journeys."""
