"""After the game: the race (each seat's score turn by turn), each seat's chance to win after every turn with the
turns that swung it most, and a hint for a learner. Pure and deterministic like the rest of the engine: the bot runs
the costly parts in a worker, and renderers/after draws and words them.

- `race.py`     the score series of a finished (or running) game, from its turns (engine.core.turns).
- `chances.py`  the chances after each turn of a finished game, from the full state (public once it is over), and
                the turning points. Refuses a game still in progress: its full state holds hidden cards.
- `coach.py`    what the Normal AI would choose for a seat now, from that seat's own view, and what it expects of it.
"""

from engine.analysis.chances import Chances, NotOver, TurningPoint, chances, turning_points
from engine.analysis.coach import Hint, hint
from engine.analysis.race import Race, race

__all__ = ["Chances", "Hint", "NotOver", "Race", "TurningPoint", "chances", "hint", "race", "turning_points"]
