"""The AI every game gets through the contract: the search (ISMCTS), the levels and their budgets, the watch that
keeps a plan's time, self-play and the arena. Games never import it; the bot and the tools do."""
