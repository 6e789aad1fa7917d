"""The AI every game gets through the contract and its AI hooks: the search (ISMCTS), the levels and their budgets,
the watch that keeps a plan's time, self-play and the arena. A game imports only `hooks.GameAI`, to subclass it in
its own ai.py (and a game's own planner the watch); the bot and the tools import the rest."""
