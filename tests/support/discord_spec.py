"""Check every REST request a bot made on SimCord against Discord's OpenAPI spec and the limits the spec lacks.

`assert_requests_valid(env)` walks `env.http_requests`: each request must hit a route Discord has (else Discord
answers 404), its path and query parameters must fit the operation's parameters, its JSON body (for multipart
requests SimCord records the `payload_json` part) must validate against the operation's request-body schema, and
the body must keep Discord's documented limits (see discord_limits.py). The spec is a copy kept in tests/support/data
so a fresh clone needs nothing from outside the repository.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.support.discord_limits import limit_problems, stored_attachment_problems

SPEC_FILE = Path(__file__).parent / "data" / "openapi.json"
SPEC_URI = "urn:discord-openapi"
HTTP_METHODS = ("get", "put", "post", "patch", "delete")
# The JSON form of a body is what SimCord records; a multipart body's schema is the same one plus the files.
BODY_TYPES = ("application/json", "multipart/form-data")
MAX_SHOWN = 25
SCHEMAS = "#/components/schemas/"


@dataclass(frozen=True)
class Operation:
    """One method on one path template of the spec, with JSON pointers to the schemas a request must meet."""

    method: str
    template: str
    segments: tuple[str, ...]
    path_params: dict[str, str]
    query_params: dict[str, str]
    body_pointer: str | None
    body_required: bool

    @property
    def literals(self) -> int:
        return sum(not _is_param(segment) for segment in self.segments)


def _is_param(segment: str) -> bool:
    return segment.startswith("{") and segment.endswith("}")


def _escape(token: str) -> str:
    """A JSON-pointer token, percent-free so it survives as a URI fragment."""
    return token.replace("~", "~0").replace("/", "~1")


def _prepare(document: dict[str, Any], *, rewrite_unions: bool = True) -> dict[str, Any]:
    """A rewritten copy of the spec, fast to validate against. One deliberate leniency: discord.py sends some
    snowflakes as JSON integers (attachment ids, recipient_id) and Discord accepts them, though the spec only lists
    strings (Discord's documentation says so); so a non-negative 64-bit integer passes there too."""
    schemas = document["components"]["schemas"]
    # Without the union rewrite (a test compares verdicts) the copy is a plain deep copy.
    rewritten = _dispatch_unions(document, schemas) if rewrite_unions else json.loads(json.dumps(document))
    schemas = rewritten["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]}
    return rewritten


def _type_enum(schemas: dict[str, Any], branch: Any) -> list[Any] | None:
    """The `type` values a union branch accepts, when the branch is a $ref to an object that requires `type`."""
    if not (isinstance(branch, dict) and set(branch) == {"$ref"} and branch["$ref"].startswith(SCHEMAS)):
        return None
    target = schemas[branch["$ref"].removeprefix(SCHEMAS)]
    enum = target.get("properties", {}).get("type", {}).get("enum")
    return enum if enum is not None and "type" in target.get("required", []) else None


def _dispatch_unions(node: Any, schemas: dict[str, Any]) -> Any:
    """Rewrite each union whose branches are told apart by disjoint `type` values (components, command options,
    callbacks) into "check `type`, then validate against that one branch". It accepts exactly what the union
    accepts, but jsonschema's oneOf tries every branch for every component, which made validation several times
    slower, and a failure now names the broken field instead of "not valid under any of the given schemas"."""
    if isinstance(node, list):
        return [_dispatch_unions(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _dispatch_unions(value, schemas) for key, value in node.items()}
    consts = [branch.get("const") for branch in node.get("oneOf", []) if isinstance(branch, dict) and "const" in branch]
    if consts and len(consts) == len(node["oneOf"]) == len(set(consts)):
        # Named enums (component types, button styles) are a oneOf of titled consts: the same as one enum.
        node["enum"] = consts
        del node["oneOf"]
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        enums = [_type_enum(schemas, branch) for branch in branches] if isinstance(branches, list) else [None]
        if any(enum is None for enum in enums):
            continue
        values = [value for enum in enums for value in enum or []]
        if len(values) != len(set(values)):
            continue
        cases = [{"if": {"properties": {"type": {"enum": enum}}}, "then": branch}
                 for enum, branch in zip(enums, branches, strict=True)]
        del node[key]
        node.setdefault("allOf", []).extend(
            [{"type": "object", "required": ["type"], "properties": {"type": {"enum": values}}}, *cases]
        )
    return node


class DiscordSpec:
    """The operations of the spec, a route matcher, and cached validators for their schemas."""

    def __init__(self, document: dict[str, Any], *, rewrite_unions: bool = True) -> None:
        self.document = _prepare(document, rewrite_unions=rewrite_unions)
        resource: Resource[Any] = DRAFT202012.create_resource(self.document)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self.operations: dict[str, list[Operation]] = {}
        for template, item in self.document["paths"].items():
            for method in HTTP_METHODS:
                if method in item:
                    operation = self._operation(template, item, method)
                    self.operations.setdefault(operation.method, []).append(operation)

    def _operation(self, template: str, item: dict[str, Any], method: str) -> Operation:
        base = f"#/paths/{_escape(template)}"
        path_params: dict[str, str] = {}
        query_params: dict[str, str] = {}
        # Parameters come from the path item and the operation; the operation's own win on a name clash.
        sources = ((base, item.get("parameters", [])), (f"{base}/{method}", item[method].get("parameters", [])))
        for where, params in sources:
            for index, param in enumerate(params):
                pointer = f"{where}/parameters/{index}/schema"
                target = path_params if param["in"] == "path" else query_params if param["in"] == "query" else None
                if target is not None:
                    target[param["name"]] = pointer
        body = item[method].get("requestBody")
        body_pointer = None
        if body is not None:
            kind = next((k for k in BODY_TYPES if k in body["content"]), next(iter(body["content"])))
            body_pointer = f"{base}/{method}/requestBody/content/{_escape(kind)}/schema"
        return Operation(
            method=method.upper(),
            template=template,
            segments=tuple(template.strip("/").split("/")),
            path_params=path_params,
            query_params=query_params,
            body_pointer=body_pointer,
            body_required=bool(body and body.get("required")),
        )

    def match(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation for a concrete path; the most literal template wins, as Discord routes
        `/messages/@original` before `/messages/{message_id}`."""
        segments = path.strip("/").split("/")
        best: tuple[Operation, dict[str, str]] | None = None
        for operation in self.operations.get(method.upper(), []):
            if len(operation.segments) != len(segments):
                continue
            args: dict[str, str] = {}
            for template_segment, segment in zip(operation.segments, segments, strict=True):
                if _is_param(template_segment):
                    args[template_segment[1:-1]] = segment
                elif template_segment != segment:
                    break
            else:
                if best is None or operation.literals > best[0].literals:
                    best = (operation, args)
        return best

    @cache  # noqa: B019 - one spec object lives for the whole test session
    def validator(self, pointer: str) -> Validator:
        return Draft202012Validator({"$ref": f"{SPEC_URI}{pointer}"}, registry=self.registry)

    @lru_cache(maxsize=8192)  # noqa: B019 - bodies repeat a lot (deferrals, command sync on every start)
    def _schema_problems_cached(self, pointer: str, canonical: str) -> tuple[str, ...]:
        errors = list(self.validator(pointer).iter_errors(json.loads(canonical)))
        if not errors:
            return ()
        return (_describe(best_match(errors)),)

    def schema_problems(self, pointer: str, instance: Any) -> tuple[str, ...]:
        return self._schema_problems_cached(pointer, json.dumps(instance, sort_keys=True))


def _describe(error: ValidationError) -> str:
    where = "body" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"{where}: {_short_message(error)} (spec: {error.validator} at {error.json_path})"


def _short_message(error: ValidationError) -> str:
    """jsonschema's own sentence, unless it quotes a whole embed or row: then the size and the rule broken."""
    if len(error.message) <= 160:
        return error.message
    instance = error.instance
    if isinstance(instance, (list, str)):
        unit = "items" if isinstance(instance, list) else "characters"
        shown = f"{len(instance)} {unit}"
    elif isinstance(instance, dict):
        shown = f"an object with keys {sorted(instance)}"
    else:
        shown = repr(instance)[:80]
    return f"{shown}: breaks {error.validator} {error.validator_value!r}"[:300]


@cache
def load_spec() -> DiscordSpec:
    with SPEC_FILE.open(encoding="utf-8") as handle:
        return DiscordSpec(json.load(handle))


def _query_candidates(value: Any) -> list[Any]:
    """On the wire every query value is a string (discord.py writes `wait=1`, `with_response=true`); these are
    the typed values Discord may read it as."""
    text = str(value).lower()
    candidates: list[Any] = [str(value)]
    if text in ("true", "1"):
        candidates.append(True)
    if text in ("false", "0"):
        candidates.append(False)
    if text.lstrip("-").isdigit():
        candidates.append(int(text))
    return candidates


def request_problems(method: str, path: str, params: dict[str, Any] | None, body: Any) -> list[str]:
    """Every reason Discord would refuse this request; empty when it would accept it."""
    spec = load_spec()
    found = spec.match(method, path)
    if found is None:
        return ["no such route in Discord's API (Discord would answer 404 or 405)"]
    operation, args = found
    problems: list[str] = []
    for name, value in args.items():
        for problem in spec.schema_problems(operation.path_params[name], value):
            problems.append(f"path parameter {name}={value!r}: {problem.removeprefix('body: ')}")
    for name, value in (params or {}).items():
        pointer = operation.query_params.get(name)
        if pointer is None:
            problems.append(f"query parameter {name!r} is not one of {sorted(operation.query_params)}")
        elif all(spec.schema_problems(pointer, candidate) for candidate in _query_candidates(value)):
            problems.append(f"query parameter {name}={value!r} does not fit its schema")
    if operation.body_pointer is None:
        if body is not None:
            problems.append("this route takes no body")
        return problems
    if body is None:
        if operation.body_required:
            problems.append("this route needs a body")
        return problems
    problems.extend(spec.schema_problems(operation.body_pointer, body))
    problems.extend(limit_problems(operation.method, operation.template, body))
    return problems


def requests_problems(entries: Iterable[Any]) -> list[str]:
    """One line per broken rule, naming the request by its index in the log, method and path."""
    lines: list[str] = []
    for index, entry in enumerate(entries):
        for problem in request_problems(entry.method, entry.path, entry.params, entry.json):
            lines.append(f"request #{index} {entry.method} {entry.path}: {problem}")
    return lines


def assert_requests_valid(env: Any) -> None:
    """Fail with every rule broken by any request the bot sent in this SimCord environment."""
    lines = requests_problems(env.http_requests) + stored_attachment_problems(env)
    if lines:
        shown = "\n".join(lines[:MAX_SHOWN])
        more = f"\n… and {len(lines) - MAX_SHOWN} more" if len(lines) > MAX_SHOWN else ""
        raise AssertionError(f"{len(lines)} request problem(s) Discord would refuse:\n{shown}{more}")
