"""Clubs as stored: a club holds tables (groups) and drives, and its members are the people who
played in them, one member however their name was typed at each table and drive.

The club's own rows are the club, the phones that keep it, its members and the names they are
found by, the links from the tables' roster players and the drives' players to members, and its
seasons. Everything else (outcomes, ratings, records) is derived from the tables' games and the
drives on reading (outcomes.py), and the engine (``rules/club``) works it out.
"""
