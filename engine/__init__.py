"""Pure, deterministic game engines. Nothing here imports discord, asyncio, sqlite or Pillow."""
