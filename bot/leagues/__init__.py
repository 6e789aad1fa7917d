"""Leagues that run themselves (/league): who sits with whom each round (pairing.py), points, tie-breaks and
standings (standings.py), all pure; the store keeps leagues, members and games, and bot/session/leagues.py runs them."""
