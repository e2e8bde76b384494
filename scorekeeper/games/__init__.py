"""Games as stored: their models (a game's table, seats and log of inputs, the phones that hold it),
the store that records inputs and replays them with the engine, the request's game, hand-over
rights, and the removal of abandoned games.

The store keeps inputs only; everything a page shows is the engine's replay of them.
"""
