"""Load and save model files (YAML or JSON), with every problem located in the source."""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError as PydanticError

from ..model import FORMATS, Document
from .characters import bad_characters, describe
from .json_reader import read_json
from .positions import Positions
from .problems import LoadError, Problem, pointer_join
from .reading import MAX_BYTES, ReadRefused, read_regular, safe_resolve
from .roundtrip import Source, full_dump, render
from .schemas import schema_for
from .tempfiles import remove_stray_temps
from .yaml_reader import read_yaml

if TYPE_CHECKING:  # jsonschema is imported by the first file that needs it: a bad one
    import jsonschema
    from jsonschema.exceptions import ValidationError

YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)
MODEL_SUFFIXES = YAML_SUFFIXES + JSON_SUFFIXES


@dataclass
class Loaded:
    """A parsed file: its data, where each value came from, its model if valid, its problems."""

    path: Path
    name: str  # as shown in problems (relative to the working folder when inside it)
    data: Any
    positions: Positions
    format: str
    model: Document | None = None
    problems: list[Problem] = field(default_factory=list)
    header: str = ""  # leading comment lines, kept on save
    #: the file's text, for a format-keeping save (see `source`)
    raw_source: Source | None = field(default=None, repr=False)

    @property
    def source(self) -> Source | None:
        """The file's text and the model it holds as read, to save edits of that model into."""
        return self.raw_source if self.model is not None else None

    def __setattr__(self, name: str, value: Any) -> None:
        # the source records the model as read (not as edited later: that is the change)
        super().__setattr__(name, value)
        if name in ("model", "raw_source"):
            source, model = getattr(self, "raw_source", None), getattr(self, "model", None)
            if source is not None and model is not None:
                source.data = full_dump(model)

    def problem(self, pointer: str, code: str, message: str, *, key: bool = False) -> Problem:
        line, col = self.positions.locate(pointer, key=key)
        return Problem(self.name, line, col, code, message, pointer)


def display_path(path: Path) -> str:
    try:
        return str(safe_resolve(path).relative_to(safe_resolve(Path.cwd())))
    except (ValueError, OSError):  # outside the working folder, or the working folder is gone
        return str(path)


def read_data(path: Path, text: str | None = None) -> tuple[Any, Positions, list[Problem]]:
    """Parse a YAML or JSON file into plain data and positions; LoadError if unusable."""
    name = display_path(path)
    if text is None:
        try:
            raw = read_regular(path, MAX_BYTES)
        except ReadRefused as exc:
            raise LoadError([Problem(name, 0, 0, exc.code, str(exc))]) from None
        text = decode(raw, name)
    elif len(text) > MAX_BYTES:
        raise LoadError([Problem(name, 0, 0, "P003", f"text is more than {MAX_BYTES} characters")])
    if path.suffix.lower() in JSON_SUFFIXES:
        return read_json(text, name)
    return read_yaml(text, name)


def decode(raw: bytes, name: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LoadError(
            [Problem(name, line, col, "P003", "not a text file: invalid UTF-8 (binary data?)")]
        ) from None


@cache
def _validator(fmt: str) -> jsonschema.Draft202012Validator:
    import jsonschema  # (a good file never needs it: see load_document's fast path)

    return jsonschema.Draft202012Validator(schema_for(fmt))


_SCHEMA_CODES = {
    "required": "S101",
    "additionalProperties": "S102",
    "type": "S103",
    "enum": "S104",
    "const": "S104",
    "pattern": "S105",
    "minimum": "S106",
    "maximum": "S106",
    "exclusiveMinimum": "S106",
    "exclusiveMaximum": "S106",
    "minItems": "S107",
    "maxItems": "S107",
    "minLength": "S107",
    "maxLength": "S107",
}


def _most_relevant(error: ValidationError) -> ValidationError:
    """For unions (anyOf/oneOf), report the branch that came closest, not 'no branch matched'."""
    from jsonschema.exceptions import best_match

    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        # a branch that failed only on `type` is the wrong branch (e.g. null of `X | None`)
        real = [
            errs for errs in branches.values() if not all(e.validator == "type" and not e.path for e in errs)
        ]
        # discriminated unions: prefer the branch whose `kind` matched
        kinded = [
            errs
            for errs in real
            if not any(e.validator == "const" and list(e.path) == ["kind"] for e in errs)
        ]
        pool = [e for errs in (kinded or real or list(branches.values())) for e in errs]
        nxt = best_match(pool)
        if nxt is None:
            break
        error = nxt
    return error


def schema_problems(loaded: Loaded) -> list[Problem]:
    problems = []
    for error in _validator(loaded.format).iter_errors(loaded.data):
        error = _most_relevant(error)
        pointer = ""
        for part in error.absolute_path:
            pointer = pointer_join(pointer, part)
        code = _SCHEMA_CODES.get(str(error.validator), "S100")
        message = error.message
        key = False
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set(error.schema.get("properties", {}))
            extras = [k for k in error.instance if k not in allowed]
            for extra in extras:
                p = pointer_join(pointer, extra)
                line, col = loaded.positions.locate(p, key=True)
                hint = _close(extra, allowed)
                problems.append(
                    Problem(
                        loaded.name,
                        line,
                        col,
                        code,
                        f"unknown field '{extra}'" + (f" (did you mean '{hint}'?)" if hint else ""),
                        p,
                    )
                )
            continue
        if (
            error.validator == "type"
            and error.validator_value == "string"
            and isinstance(error.instance, (int, float))
            and not isinstance(error.instance, bool)
        ):
            # `id: 32.2` reads as a number in YAML; ids must be quoted
            message += f" (write it in quotes: '{error.instance}')"
        if error.validator in ("minItems", "maxItems") and isinstance(error.instance, list):
            bound = "at least" if error.validator == "minItems" else "at most"
            message = f"has {len(error.instance)} items; {bound} {error.validator_value} expected"
        if len(message) > 300:
            message = message[:297] + "..."
        line, col = loaded.positions.locate(pointer, key=key)
        problems.append(Problem(loaded.name, line, col, code, message, pointer))
    return sorted(set(problems))


def character_problems(loaded: Loaded) -> list[Problem]:
    """P008: a control character or a bidirectional override in a name or text, located."""
    out = []
    for pointer, key, char, index in sorted(bad_characters(loaded.data)):
        where = f"the key, character {index + 1}" if key else f"character {index + 1}"
        out.append(
            loaded.problem(pointer, "P008", f"{describe(char)} is not allowed in text ({where})", key=key)
        )
    return out


def _close(word: str, options: set[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.6)
    return found[0] if found else None


def load_document(path: Path | str, text: str | None = None) -> Loaded:
    """Parse and schema-check a file. Raises LoadError only when the file is unusable;
    schema problems are returned in `problems` (and `model` is then None)."""
    path = Path(path)
    data, positions, problems = read_data(path, text)
    name = display_path(path)
    if not isinstance(data, dict) or "schema" not in data:
        raise LoadError(
            [
                Problem(
                    name,
                    1,
                    1,
                    "P006",
                    "not a UO Studio file: the first key must be `schema:` naming the format"
                    f" ({', '.join(FORMATS)})",
                )
            ]
        )
    fmt = data["schema"]
    if fmt not in FORMATS:
        line, col = positions.locate("/schema")
        raise LoadError(
            [
                Problem(
                    name,
                    line,
                    col,
                    "P006",
                    f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}",
                    "/schema",
                )
            ]
        )
    loaded = Loaded(path=path, name=name, data=data, positions=positions, format=fmt, problems=list(problems))
    loaded.problems += character_problems(loaded)
    if text is None:
        loaded.header = _header_of(path)
        loaded.raw_source = _source_of(path)
    # Fast path: the model accepts the data exactly as written (no coercion) -> the schema,
    # generated from the model, accepts it too. Otherwise the JSON Schema validator finds
    # and locates every problem (it is ~30x slower, so only bad files pay for it).
    model = None
    with contextlib.suppress(PydanticError):
        model = FORMATS[fmt].model_validate(data)
    if model is not None and same_data(
        model.model_dump(mode="json", by_alias=True, exclude_unset=True), data
    ):
        loaded.model = model
        return loaded
    loaded.problems.extend(schema_problems(loaded))
    if not any(p.code.startswith("S") for p in loaded.problems):
        try:
            loaded.model = FORMATS[fmt].model_validate(data)
        except PydanticError as exc:  # checks the schema cannot express
            for err in exc.errors():
                pointer = ""
                for part in err["loc"]:
                    pointer = pointer_join(pointer, part)
                loaded.problems.append(loaded.problem(pointer, "S100", err["msg"]))
    return loaded


def same_data(model_data: Any, data: Any) -> bool:
    """Whether the model's dump equals the file's data with the same JSON types (Python's
    `1 == True` and `"5"` coerced to 5 must not pass). Fields left unset are absent from the
    dump: `schema` is always present in the data, and defaults are not written."""
    stack = [(model_data, data)]
    while stack:
        a, b = stack.pop()
        if isinstance(a, dict):
            if not isinstance(b, dict) or a.keys() != b.keys():
                return False
            stack.extend((a[k], b[k]) for k in a)
        elif isinstance(a, list):
            if not isinstance(b, list) or len(a) != len(b):
                return False
            stack.extend(zip(a, b, strict=True))
        elif isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
            if a is not b:
                return False
        elif isinstance(a, (int, float)):
            if not isinstance(b, (int, float)) or a != b or (isinstance(a, int) and isinstance(b, float)):
                return False
        elif type(a) is not type(b) or a != b:
            return False
    return True


def _header_of(path: Path) -> str:
    """Leading comment lines (e.g. the yaml-language-server schema line), kept on save."""
    if path.suffix.lower() not in YAML_SUFFIXES:
        return ""
    lines = []
    try:  # read_regular again, not open(): the path may have become a FIFO since
        text = read_regular(path, MAX_BYTES).decode("utf-8", errors="replace")
    except ReadRefused:
        return ""
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
        if len(lines) > 20:
            break
    return "\n".join(lines)


# --- saving -----------------------------------------------------------------------------


def _source_of(path: Path) -> Source | None:
    """The file's bytes as text to save edits into (None if it cannot be read again)."""
    try:  # read_regular again, not open(): the path may have become a FIFO since
        raw = read_regular(path, MAX_BYTES)
        return Source.from_bytes(raw, json=path.suffix.lower() in JSON_SUFFIXES)
    except (ReadRefused, UnicodeDecodeError):
        return None


def to_data(model: Document) -> dict[str, Any]:
    """Plain data for a model, in field order, defaults left out, format tag first."""
    body = model.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    body.pop("schema", None)
    tag = next(getattr(model, name) for name, f in type(model).model_fields.items() if f.alias == "schema")
    return {"schema": tag, **body}


class _Dumper(yaml.CSafeDumper if hasattr(yaml, "CSafeDumper") else yaml.SafeDumper):  # type: ignore[misc]
    pass


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    # Points and other short lists of numbers read best on one line: [12.5, 30.0]
    flow = len(data) <= 12 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data)
    flow = flow or (0 < len(data) <= 12 and all(isinstance(v, str) and len(v) <= 12 for v in data))
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


# Strings a YAML 1.2 reader (editors' language servers) would take for numbers, e.g. hex
# labels like 0804 that PyYAML's 1.1 rules leave plain, are written in quotes.
_NUMBER_LIKE = re.compile(r"^[-+]?(\.?[0-9][0-9_.:]*([eE][-+]?[0-9]+)?|\.inf|\.nan)$", re.IGNORECASE)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if "\n" in data:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    if _NUMBER_LIKE.match(data):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="'")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


class _PyDumper(yaml.SafeDumper):
    """The same writer in pure Python, for text libyaml refuses to emit (a lone surrogate
    is then escaped, and the text can still be shown and validated)."""


for _dumper in (_Dumper, _PyDumper):
    _dumper.add_representer(list, _represent_list)
    _dumper.add_representer(str, _represent_str)

_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(model: Document, suffix: str = ".yaml", header: str = "", source: Source | None = None) -> str:
    """The text Save writes for `model`: written into `source` (the text it was read from)
    changing only what was edited, or afresh (defaults left out) when there is no source or
    the edit cannot be applied to it. Lines end in "\n"; `save_document` restores the
    file's own line endings and BOM."""
    if source is not None:
        kept = render(model, source)
        if kept is not None:
            return kept
    data = to_data(model)
    if suffix.lower() in JSON_SUFFIXES:
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    except UnicodeEncodeError:
        text = yaml.dump(data, Dumper=_PyDumper, sort_keys=False, allow_unicode=True, width=100)
    return (header + "\n" if header else "") + text


class SaveError(OSError):
    """A save that failed, naming the user's file (not the temporary one written first)."""


def save_document(
    model: Document, path: Path | str, header: str = "", source: Source | None = None
) -> Source:
    """Write atomically: a temporary file in the same folder, then rename over the target,
    so a crash or a full disk never leaves a half-written file. With `source` (the text the
    model was read from), only the edited values change and the file keeps its comments,
    layout, line endings and BOM. Returns the source of the text written, for the next
    save. SaveError (an OSError naming `path`) when the file cannot be written."""
    path = Path(path)
    like = source or Source("", path.suffix.lower() in JSON_SUFFIXES)
    try:
        # the YAML writers would escape a lone surrogate into a file no reader accepts
        found = _SURROGATE.search(json.dumps(to_data(model), ensure_ascii=False))
        if found:
            raise UnicodeEncodeError("utf-8", found.string, found.start(), found.end(), "a lone surrogate")
        text = dumps(model, path.suffix, header, source)
        raw = like.encode(text)
    except UnicodeEncodeError as exc:  # a lone surrogate (from a paste, or a JSON escape)
        bad = exc.object[exc.start : exc.end]
        message = f"{bad!r} cannot be written as UTF-8 ({exc.reason}); remove it and save again"
        raise SaveError(0, message, str(path)) from None
    try:
        write_bytes_atomic(path, raw)
    except OSError as exc:
        raise SaveError(exc.errno or 0, exc.strerror or str(exc), str(path)) from exc
    remove_stray_temps(path)  # leftovers of an earlier save of this file that was killed
    written = Source.from_bytes(raw, json=like.json, data=full_dump(model))
    return written


def write_text_atomic(path: Path, text: str) -> None:
    """The atomic write of `save_document`, for text already formatted (a game log)."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, raw: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
