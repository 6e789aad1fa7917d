"""Moved to `bot.session` (see its map). Kept so that branches written before the move still import; new code
imports from `bot.session`."""

from bot.session import GameService, LogLine, PostFailed, Presenter, PrivateUpdate, Refusal, TurnUpdate

__all__ = ["GameService", "LogLine", "PostFailed", "Presenter", "PrivateUpdate", "Refusal", "TurnUpdate"]
