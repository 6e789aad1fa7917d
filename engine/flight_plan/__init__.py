"""Flight Plan: airlines buy routes, fleets and hubs across six regions until one meets a winning condition."""
