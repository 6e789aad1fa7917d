"""The Flight Plan state: one pydantic model that round-trips through JSON exactly.

Assets are named by ids used everywhere (state, options, views): 'route:17', 'fleet:long', 'hub:LON'.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from engine.core._fast.copying import plain_copy
from engine.core.contract import GameState


class Lasting(BaseModel):
    """A briefing effect that outlives its turn: `amount` on each of the owner's next `turns` revenue steps."""

    card: str
    amount: int
    turns: int


class Airline(BaseModel):
    cash: int
    routes: list[int] = Field(default_factory=list)
    fleets: list[str] = Field(default_factory=list)
    hubs: list[str] = Field(default_factory=list)
    city: str | None = None
    off: dict[str, int] = Field(default_factory=dict)
    """Deactivated assets: asset id -> the value of `turns_played` at whose turn start the asset comes back."""
    turns_played: int = 0
    effects: list[Lasting] = Field(default_factory=list)
    unrestricted: bool = False
    """True once a briefing stranded this airline in a city without its own routes: the two-region limit is gone."""
    out: bool = False
    """Bankrupt: out of the game, its assets went to auction."""


class Debt(BaseModel):
    debtor: int
    creditor: int | None
    """Seat paid, or None for the bank."""
    amount: int
    reason: str


def _one_asset_to_list(data: Any) -> Any:
    """States saved by the engine before bundles held one `asset`; they load as a bundle of one."""
    if isinstance(data, dict) and "asset" in data:
        data = dict(data)
        one = data.pop("asset")
        data.setdefault("assets", [one] if one else [])
    return data


class Offer(BaseModel):
    """A trade on the table: `seller` hands `assets` to `buyer` for `price`. The current player proposes it; the
    two may then counter each other's price in turn."""

    seller: int
    buyer: int
    assets: list[str]
    price: int
    to: int
    """Who must answer now (the one of the two who did not name this price)."""

    _migrate = model_validator(mode="before")(_one_asset_to_list)


class Draft(BaseModel):
    """A trade offer being put together by the current player, step by step."""

    partner: int | None = None
    assets: list[str] = Field(default_factory=list)
    seller: int | None = None
    back_to: str = "action"

    _migrate = model_validator(mode="before")(_one_asset_to_list)


class Auction(BaseModel):
    """The bank sells a bankrupt airline's assets one lot at a time; every solvent airline bids or passes."""

    lots: list[str]
    high: int = 0
    bidder: int | None = None
    passed: list[int] = Field(default_factory=list)


class FPState(GameState):
    airlines: list[Airline] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    """Briefing cards face down, top first (ids 'brief:b07-2': design b07, second copy)."""
    discard: list[str] = Field(default_factory=list)
    dealt: list[list[int]] = Field(default_factory=list)
    """Route cards dealt at setup, per seat, until its first move is done."""
    phase: str = "first"
    """'first' (first moves), 'play' (regular turns) or 'over'."""
    turn: int = 0
    round: int = 1
    step: str = "fm_routes"
    return_step: str = "action"
    """Where a sub-menu (deactivation, trade) goes back to."""
    fresh: list[str] = Field(default_factory=list)
    """'seat:asset' for every asset acquired this turn: it may not be deactivated before the turn ends."""
    briefing: str | None = None
    """The briefing card drawn this turn."""
    leg: int | None = None
    """The route just bought (after_buy) or flown (after_fly)."""
    stranded: bool = False
    debts: list[Debt] = Field(default_factory=list)
    auction: Auction | None = None
    offer: Offer | None = None
    offers_made: int = 0
    declined: list[str] = Field(default_factory=list)
    """'round:seller:buyer:asset' for each asset of an offer turned down this round or the last (older ones are
    dropped at the next refusal): an AI airline does not ask the same airline for it again so soon, so a member is
    not offered the same deal every turn."""
    draft: Draft | None = None
    winners: list[int] = Field(default_factory=list)
    ending: str = ""
    """How the game ended: 'six regions', 'three hub regions', 'short-haul sweep', 'last airline', 'round cap'."""
    tally: dict[str, int] = Field(default_factory=dict)
    """Counts for selfplay figures: 'auctions' (bankrupt airlines whose assets went under the hammer), 'lots sold',
    'trades' (accepted offers), 'counter-offers'."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> FPState:
        copied: FPState = plain_copy(self)
        return copied
