"""`python -m renderers samples`: write docs/images/<name>.png, its shown-size copy <name>-400.png and its
colour-blind sheet <name>-cb.png for every game's registered sample (renderers/catalogue.py). What a render costs is
`python -m bench renders`.

`python -m renderers replay GAME [--players P] [--seed S]`: write docs/images/<game>-replay.gif, the replay GIF of a
seeded game played by the playout policy (what the final message of a game carries). What a replay costs is
`python -m bench replays`.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image

from engine import registry
from engine.core.selfplay import playout
from engine.core.turns import group, play
from renderers import catalogue, for_game
from renderers.kit.paint import to_png
from renderers.kit.sheets import colour_blind_sheet, shown
from renderers.names import SAMPLE_NAMES, name_view, named_text
from renderers.replay import frames, gif

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def samples() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for sample in catalogue.samples():
        if not sample.docs:
            continue
        image = sample.draw(sample.view())
        (IMAGES / f"{sample.name}.png").write_bytes(to_png(image))
        # 256 colours keep the smoothed copies a third of their RGB size, with no visible loss.
        for suffix, copy in (("400", shown(image)), ("cb", colour_blind_sheet(image))):
            copy.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(IMAGES / f"{sample.name}-{suffix}.png",
                                                                            optimize=True)
        print(f"wrote {IMAGES / sample.name}.png, -400.png, -cb.png  ({image.width}x{image.height})")


def replay_sample(game: str, players: int, seed: int) -> None:
    engine = registry.get(game)
    renderer = for_game(game)
    assert renderer is not None, f"{game} has no pictures"
    run = playout(engine, players, seed)
    start, steps = play(engine, players, seed, {}, [(a.seat, a.choice) for a in run.actions])
    turns = group(engine, steps)
    # Named as the bot names a table's replay (bot/session/replays.py), with sample members' names.
    names = {seat: name for seat, name in SAMPLE_NAMES.items() if seat < players}
    made = frames(engine, start, turns, names=names, words=lambda text: named_text(text, names),
                  name_view=lambda view: name_view(view, names), total=len(turns))
    data = gif(made, renderer.render_board)
    IMAGES.mkdir(parents=True, exist_ok=True)
    (IMAGES / f"{game}-replay.gif").write_bytes(data)
    image = Image.open(io.BytesIO(data))
    count = getattr(image, "n_frames", 1)  # a GIF's; Pillow's type for an opened file does not name it
    print(f"wrote {IMAGES / game}-replay.gif ({len(turns)} turns, {count} frames, {image.width}x{image.height}, "
          f"{len(data) / 2**20:.2f} MiB)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m renderers")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("samples", help="write the sample images, shown-size copies and colour-blind sheets")
    rp = sub.add_parser("replay", help="write the replay GIF of a seeded game")
    rp.add_argument("game", choices=registry.names())
    rp.add_argument("--players", type=int, default=2)
    rp.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "replay":
        replay_sample(args.game, args.players, args.seed)
    else:
        samples()


if __name__ == "__main__":
    main()
