"""The layering DESIGN.md sets (engine -> renderers -> bot, each importing only downwards; inside bot, the Discord layer
reaching the store only through the session side) and no import circle anywhere, type-only imports counted: read
from the source, so a forbidden import fails here before anything runs it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, *, type_only: bool = False) -> set[str]:
    """Modules `path` imports, at load time or inside a function (a deferred import still closes a circle, it only
    hides it); under `if TYPE_CHECKING:` (which never runs) only with `type_only`: a circle through type-only imports
    is still a circle for whoever reads the code."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text())]
    while todo:
        node = todo.pop()
        if not type_only and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += node.orelse
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        todo += ast.iter_child_nodes(node)
    return found


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _forbidden(package: str, banned: tuple[str, ...]) -> list[str]:
    """Imports of `package` (a folder) from the banned packages, type-only ones counted."""
    return [f"{_module(path)} imports {name}" for path in _sources(package)
            for name in sorted(_imports(path, type_only=True))
            if any(name == ban or name.startswith(f"{ban}.") for ban in banned)]


def test_the_engine_imports_no_discord_asyncio_sqlite_or_pillow() -> None:
    assert _forbidden("engine", ("discord", "asyncio", "sqlite3", "aiosqlite", "PIL", "renderers", "bot")) == []


def test_the_renderers_import_no_discord_and_no_bot() -> None:
    assert _forbidden("renderers", ("discord", "bot")) == []


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph`, as the modules along it, or None."""
    done: set[str] = set()
    for start in sorted(graph):
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        if start in done:
            continue
        path.append(start)
        on_path.add(start)
        while stack:
            node, todo = stack[-1]
            step = next(todo, None)
            if step is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif step in on_path:
                return [*path[path.index(step):], step]
            elif step not in done:
                stack.append((step, iter(sorted(graph[step]))))
                path.append(step)
                on_path.add(step)
    return None


def test_the_discord_layer_reaches_the_store_only_through_the_session_side() -> None:
    assert _forbidden("bot/discord", ("bot.store",)) == []


def test_no_module_imports_itself_in_a_circle() -> None:
    """Across engine, renderers and bot, type-only imports counted; `from package import x` counts as importing the
    package's `__init__` too, which runs first."""
    modules = {_module(path): path for package in ("engine", "renderers", "bot") for path in _sources(package)}
    graph = {name: {m for m in _imports(path, type_only=True) if m in modules and m != name}
             for name, path in modules.items()}
    circle = _circle(graph)
    assert circle is None, " -> ".join(circle or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None
