"""Internal speed helpers the contract's models rest on (pydantic without its validation toll, copying states).
Nothing outside engine/core and the games' state models should need them."""
