"""A member's own settings, the same in every server and game (store.get_member_settings / set_member_settings):
whether they get boards in words in place of pictures. Per-game choices, such as whether this game's
hand comes by DM, stay in the game's bookkeeping (meta.py)."""

from __future__ import annotations

from pydantic import BaseModel

from bot.store import Store


class MemberSettings(BaseModel):
    """One member's settings row. New fields need a default: rows written before them must still load."""

    text_boards: bool = False
    """Their own private views (the hand, by DM or `/game hand`) come as a description in words instead of a picture,
    for a member who reads with a screen reader."""


class Settings:
    """Read on every private view sent, so a change holds at once in every process sharing the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, user_id: int) -> MemberSettings:
        return MemberSettings.model_validate(await self.store.get_member_settings(user_id))

    async def change(self, user_id: int, *, text_boards: bool | None = None) -> MemberSettings:
        """Set the settings given (None: left as it is) and return them all."""
        settings = await self.get(user_id)
        if text_boards is not None:
            settings.text_boards = text_boards
        await self.store.set_member_settings(user_id, settings.model_dump(mode="json"))
        return settings
