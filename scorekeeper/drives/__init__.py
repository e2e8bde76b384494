"""Whist drives as stored: the drive's set-up and the tables' results per hand (models), and the
store that records them and replays them with the engine (``rules/drive``).

Named for what the hall calls them, as in every layer: ``rules/drive/``, ``drives/``,
``web/drives/``, ``words/drive.py``.
"""
