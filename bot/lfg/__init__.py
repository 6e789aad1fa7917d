"""A server's matchmaking queue (/lfg): who waits for which table, the pure rule that seats them (matching.py), and
the rows the store keeps for it (entries.py)."""
