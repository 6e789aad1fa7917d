"""`python -m renderers samples`: write docs/images/<name>.png, its shown-size copy <name>-400.png and its
colour-blind sheet <name>-cb.png for every game's registered sample (renderers/catalogue.py). What a render costs is
`python -m bench renders`.

`python -m renderers replay GAME [--players P] [--seed S]`: write docs/images/<game>-replay.gif, the replay GIF of a
seeded game played by the playout policy (what the final message of a game carries). What a replay costs is
`python -m bench replays`.

`python -m renderers faces [--install]`: say which of the pictures' typefaces this machine has (renderers/kit/faces.py)
and, with --install, install the Debian packages of those it lacks (as root; otherwise it prints the command).
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
from pathlib import Path

from PIL import Image, ImageFont

from engine import registry
from engine.core.ai.selfplay import playout
from engine.core.turns import group, play
from renderers import catalogue, for_game
from renderers.kit import faces
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


def debian_packages() -> list[str]:
    """The Debian packages that would bring the faces (and the text layout) this machine lacks."""
    wanted = [face.package.split(":")[1] for face in faces.missing() if face.package.startswith("debian:")]
    if faces.layout_engine() is not ImageFont.Layout.RAQM:
        wanted.append("libfribidi0")
    return sorted(set(wanted))


def list_faces(install: bool) -> int:
    for face in faces.STACK:
        path = face.path()
        print(f"{face.name:18} {face.scripts:38} {path if path else 'missing: ' + face.install}")
    for line in faces.problems():
        print(line)
    packages = debian_packages()
    if not faces.problems():
        print("Every face is here.")
    if not install or not packages:
        return 0
    command = ["apt-get", "install", "-y", "-qq", *packages]
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print("To install them: sudo " + " ".join(command))
        return 0
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    done = (subprocess.run(["apt-get", "update", "-qq"], env=env, check=False).returncode == 0
            and subprocess.run(command, env=env, check=False).returncode == 0)
    print(f"Installed {', '.join(packages)}." if done else f"Could not install {', '.join(packages)}: those "
          "characters are drawn as '?' until they are.")
    return 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m renderers")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("samples", help="write the sample images, shown-size copies and colour-blind sheets")
    rp = sub.add_parser("replay", help="write the replay GIF of a seeded game")
    rp.add_argument("game", choices=registry.names())
    rp.add_argument("--players", type=int, default=2)
    rp.add_argument("--seed", type=int, default=1)
    fc = sub.add_parser("faces", help="say which typefaces this machine has; --install brings Debian's")
    fc.add_argument("--install", action="store_true", help="apt-get install the Debian packages of missing faces")
    args = parser.parse_args(argv)
    if args.command == "faces":
        list_faces(args.install)
    elif args.command == "replay":
        replay_sample(args.game, args.players, args.seed)
    else:
        samples()


if __name__ == "__main__":
    main()
