"""Tables: groups of people who play together, their roster, history and statistics.

On the pages a group is "a table" ("Thursday whist"); in the code it is a
group, since ``Table`` is the engine's seating of one game. A group's games
are ordinary games that point at it, their seats at its roster players.
"""
