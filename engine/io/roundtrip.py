"""Format-keeping saves: write a model back into the text it was read from, changing only
what the edit changed.

A document remembers its `Source`: the text as read (without BOM, newlines as LF), its
BOM and line ending, and the full dump of the model it holds. At save, the full dump of
the model now is compared with that one value by value (full dumps, so an explicit
default the user wrote is not a change), and only the differences are applied to a
round-trip tree of the original text: ruamel.yaml's for YAML (comments, key order, flow
style, quotes and number forms of untouched values are kept), plain ordered data for
JSON. The tree is dumped twice, before and after the changes; the lines that differ
between those two dumps are spliced into the original text, so whatever the dumper would
normalise elsewhere (folding, spacing) stays as the user wrote it.

ruamel's round-trip reader is pure Python and slow (seconds for the 4,000-line sample
sheet), so a YAML file without anchors is cut into parts (top-level keys, then items of
block lists and entries of block mappings, as deep as the change goes: usually the edited
line alone) and only the parts holding a change go through it; added or removed list
items are written or removed as their own lines. With anchors the whole file is one tree,
and an edit of an anchored value that reaches its aliases or a mapping merging it
(`<<: *base`) is undone there ("unshare").

Safety: our own readers (yaml_reader, json_reader) validated and bounded the text before;
ruamel only re-reads text that already passed them. The result is read back with our
reader and must give the model being saved, else the plain writer's text is used.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import itertools
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError as PydanticError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError as RuamelError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    LiteralScalarString,
    SingleQuotedScalarString,
)

from ..model import FORMATS, Document
from .json_reader import read_json
from .problems import LoadError
from .yaml_reader import read_yaml

_log = logging.getLogger(__name__)
BOM = b"\xef\xbb\xbf"
_MISSING: Any = object()


def full_dump(model: Document) -> dict[str, Any]:
    """Every field, defaults included: what the comparison of two states is made on."""
    return model.model_dump(mode="json", by_alias=True)


def sparse_dump(model: Document) -> dict[str, Any]:
    """Defaults left out: the form new values are written in (as the plain writer does)."""
    return model.model_dump(mode="json", by_alias=True, exclude_defaults=True)


@dataclass
class Source:
    """The text a document was read from (or last saved as) and the model state it holds."""

    text: str  # decoded, BOM removed, line endings turned into "\n"
    json: bool
    bom: bool = False
    newline: str = "\n"
    digest: str = ""  # sha-256 of the file's bytes, to notice changes made elsewhere
    data: dict[str, Any] | None = None  # full_dump of the model the text holds
    # the round-trip dump of the unchanged text, computed once (see render)
    _baseline: list[str] | None = field(default=None, repr=False, compare=False)
    # our reader's data and positions of the text, computed once (see _layout)
    _layout: tuple[Any, Any] | None = field(default=None, repr=False, compare=False)
    # whether our reader reads the text as `data` (checked once, before ruamel reads it)
    _checked: bool | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_bytes(cls, raw: bytes, *, json: bool, data: dict[str, Any] | None = None) -> Source:
        digest = hashlib.sha256(raw).hexdigest()
        bom = raw.startswith(BOM)
        text = raw[len(BOM) :].decode("utf-8") if bom else raw.decode("utf-8")
        # the first line ending says how the file is written; a file of one line keeps "\n"
        first = text.find("\n")
        newline = "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"
        text = text.replace("\r\n", "\n")
        return cls(text, json, bom, newline, digest, data)

    def encode(self, text: str) -> bytes:
        """The bytes of `text` (LF lines) as this file writes them: BOM and line endings.
        UnicodeEncodeError when the text holds what UTF-8 cannot (a lone surrogate)."""
        if self.newline != "\n":
            text = text.replace("\n", self.newline)
        raw = text.encode("utf-8")
        return BOM + raw if self.bom else raw


def digest_of(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


# --- finding and applying the differences --------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    # both sides are dumps of the same model class, so `==` (with its 1 == 1.0) only needs
    # a type check on scalars to tell `1` from `true`
    return a == b and (type(a) is type(b) or isinstance(a, (dict, list)))


class _Patcher:
    """Applies old -> new differences to a tree holding `old` as the file wrote it."""

    def __init__(self, yaml_mode: bool):
        self.yaml = yaml_mode

    # maps -------------------------------------------------------------------------------
    def patch_map(self, node: Any, old: dict[str, Any], new: dict[str, Any], sparse: Any) -> None:
        if not isinstance(sparse, dict):
            sparse = {}
        for key in old:
            if key not in new and key in node:
                del node[key]
        prev: str | None = None
        for key, nv in new.items():
            ov = old.get(key, _MISSING)
            sv = sparse.get(key, _MISSING)
            if key in node:
                if ov is not _MISSING and _same(ov, nv):
                    prev = key
                    continue
                if isinstance(node, CommentedMap) and key not in node._ok:
                    # merged from an anchor (`<<: *base`): this mapping gets its own value,
                    # the anchor and the other mappings merging it stay as they are
                    self._insert_key(
                        node, prev, key, self.fresh(nv if sv is _MISSING else sv, like=node[key])
                    )
                    prev = key
                    continue
                if sv is _MISSING and nv is None:
                    del node[key]  # back to an unset optional value: leave it out again
                    continue
                self.replace(node, key, ov, nv, sv)
                prev = key
            else:
                if (ov is not _MISSING and _same(ov, nv)) or sv is _MISSING:
                    continue  # still the default, left implied
                self._insert_key(node, prev, key, self.fresh(sv))
                prev = key

    def _insert_key(self, node: Any, prev: str | None, key: str, value: Any) -> None:
        keys = list(node.keys())
        if isinstance(node, CommentedMap):
            own = [k for k in keys if k in node._ok]
            merges = bool(getattr(node, "merge", None))
            # never right after the `<<:` line itself: ruamel would move that line's comment
            first = 1 if merges and own else 0
            pos = own.index(prev) + 1 if prev in own else first
            node.insert(pos + merges, key, value)  # ruamel counts the `<<:` line as a position
            return
        pos = keys.index(prev) + 1 if prev in keys else 0
        items = list(node.items())
        items.insert(pos, (key, value))
        node.clear()
        node.update(items)

    def replace(self, node: Any, key: Any, ov: Any, nv: Any, sv: Any) -> None:
        cur = node[key]
        # a collection emptied is written anew (`[]`): ruamel would put the comments of what
        # it held between the key and an empty flow list, which no reader accepts
        if nv and isinstance(nv, dict) and isinstance(ov, dict) and isinstance(cur, dict):
            self.patch_map(cur, ov, nv, sv)
        elif (
            nv
            and isinstance(nv, list)
            and isinstance(ov, list)
            and isinstance(cur, list)
            and len(cur) == len(ov)
        ):
            self.patch_seq(cur, ov, nv, sv)
        else:
            node[key] = self.fresh(nv if sv is _MISSING else sv, like=cur)

    # sequences --------------------------------------------------------------------------
    def patch_seq(self, node: Any, old: list[Any], new: list[Any], sparse: Any) -> None:
        if not isinstance(sparse, list) or len(sparse) != len(new):
            sparse = new
        if len(old) == len(new):
            for i, (ov, nv) in enumerate(zip(old, new, strict=True)):
                if not _same(ov, nv):
                    self.replace(node, i, ov, nv, sparse[i])
            return
        a = [json.dumps(v, sort_keys=True) for v in old]
        b = [json.dumps(v, sort_keys=True) for v in new]
        ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in reversed(ops):  # from the end: indices stay valid
            if tag == "equal":
                continue
            if tag == "replace" and i2 - i1 == j2 - j1:
                for k in range(i2 - i1):
                    self.replace(node, i1 + k, old[i1 + k], new[j1 + k], sparse[j1 + k])
                continue
            like = node[i1 - 1] if i1 > 0 else (node[i2] if i2 < len(node) else None)
            for _ in range(i2 - i1):
                del node[i1]
            for k in range(j2 - 1, j1 - 1, -1):
                node.insert(i1, self.fresh(sparse[k], like=like))

    # anchors ----------------------------------------------------------------------------
    def unshare(self, node: Any, new: Any, sparse: Any) -> None:
        """After patching: an edit of an anchored value also reached its aliases and the
        mappings merging it (`<<: *base`). Wherever the tree now disagrees with the model,
        write the model's value there explicitly (as an own key of the merging mapping)."""
        if isinstance(node, dict) and isinstance(new, dict):
            own = node._ok if isinstance(node, CommentedMap) else node.keys()
            for key in list(node.keys()):
                if key not in new:
                    continue
                cur = node[key] if key in own else _merged(node, key)
                if _agrees(cur, new[key]):
                    continue
                value = sparse.get(key, new[key]) if isinstance(sparse, dict) else new[key]
                if key not in own:  # the anchor changed under this mapping: keep its value here
                    # after the first own key: ruamel would move a comment of the `<<:` line
                    first = next((k for k in node if k in own), None)
                    self._insert_key(node, first, key, self.fresh(value, like=cur))
                elif isinstance(cur, (dict, list)):
                    self.unshare(cur, new[key], value)
                else:
                    node[key] = self.fresh(value, like=cur)
        elif isinstance(node, list) and isinstance(new, list) and len(node) == len(new):
            for i, (cur, exp) in enumerate(zip(node, new, strict=True)):
                if _agrees(cur, exp):
                    continue
                if isinstance(cur, (dict, list)):
                    self.unshare(cur, exp, sparse[i] if isinstance(sparse, list) and len(sparse) > i else exp)
                else:
                    node[i] = self.fresh(exp, like=cur)

    # new values -------------------------------------------------------------------------
    def fresh(self, value: Any, like: Any = None) -> Any:
        """A new value for the tree, styled like `like` (the value it replaces or a sibling)."""
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, float):
            # `[100, 80]` stays integers when the new value is whole, too
            if value.is_integer() and isinstance(like, int) and not isinstance(like, bool):
                return int(value)
            return value
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            return self._string(value, like) if self.yaml else value
        if isinstance(value, dict):
            if not self.yaml:
                return {k: self.fresh(v, _child(like, k)) for k, v in value.items()}
            cmap = CommentedMap()
            for k, v in value.items():
                cmap[k] = self.fresh(v, _child(like, k))
            if isinstance(like, CommentedMap) and like.fa.flow_style():
                cmap.fa.set_flow_style()
            return cmap
        if isinstance(value, list):
            first = like[0] if isinstance(like, list) and like else None
            items = [self.fresh(v, first) for v in value]
            if not self.yaml:
                return items
            seq = CommentedSeq(items)
            if isinstance(like, CommentedSeq):
                flow = like.fa.flow_style()
            else:  # the plain writer's rule: short lists of numbers or short words on one line
                flow = len(value) <= 12 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in value
                )
                words = 0 < len(value) <= 12 and all(isinstance(v, str) and len(v) <= 12 for v in value)
                flow = flow or words
            if flow:
                seq.fa.set_flow_style()
            return seq
        return value

    def _string(self, value: str, like: Any) -> Any:
        if "\n" in value:
            return LiteralScalarString(value)
        if isinstance(like, DoubleQuotedScalarString):
            return DoubleQuotedScalarString(value)
        if isinstance(like, SingleQuotedScalarString) or not _plain_is_string(value):
            return SingleQuotedScalarString(value)
        return value


def _merged(node: Any, key: str) -> Any:
    """The value a merge key gives `key` now (ruamel copies merged values when loading, so
    the mapping's own copy goes stale when the anchor is edited)."""
    for source in getattr(node, "merge", None) or []:
        if key in source:
            return source[key] if key in source._ok else _merged(source, key)
    return node[key]


def _agrees(cur: Any, exp: Any) -> bool:
    """Whether a tree value says what the full dump `exp` says (keys it leaves out are
    defaults, which the full dump spells out)."""
    if isinstance(cur, CommentedMap) and getattr(cur, "merge", None):
        own = cur._ok
        return isinstance(exp, dict) and all(
            k in exp and _agrees(v if k in own else _merged(cur, k), exp[k]) for k, v in cur.items()
        )
    if isinstance(cur, dict):
        return isinstance(exp, dict) and all(k in exp and _agrees(v, exp[k]) for k, v in cur.items())
    if isinstance(cur, list):
        return isinstance(exp, list) and len(cur) == len(exp) and all(map(_agrees, cur, exp))
    if isinstance(cur, bool) or isinstance(exp, bool) or cur is None or exp is None:
        return cur is exp or (cur == exp and type(cur) is type(exp))
    return bool(cur == exp)


_ANCHOR = re.compile(r"(^|[\s\[{,:-])&[^\s,\[\]{}]+")


def _child(like: Any, key: str) -> Any:
    return like.get(key) if isinstance(like, dict) else None


def _plain_is_string(value: str) -> bool:
    """Whether our (YAML 1.1) reader reads `value` written plain back as this string:
    `yes`, `0804`, `1e2` or `null` would come back as something else."""
    if not value or value != value.strip() or value[0] in "!&*-?:,[]{}#|>@`\"'%":
        return False
    if ": " in value or " #" in value:
        return False
    try:
        data, _, _ = read_yaml(f"v: {value}\n", "<value>")
    except LoadError:
        return False
    return isinstance(data, dict) and data.get("v") == value


# --- rendering ---------------------------------------------------------------------------


def _yaml_rt(text: str) -> YAML:
    rt = YAML(typ="rt", pure=True)
    rt.preserve_quotes = True
    rt.width = 1_000_000  # never fold: long lines stay as written (see the splice)
    mapping, offset = _indents(text)
    rt.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    if text.lstrip("\n").startswith("---") or re.search(r"^---\s*$", text, re.M):
        rt.explicit_start = True
    return rt


_KEY_LINE = re.compile(r"^( *)(?:- )?[^\s#][^#]*:\s*(#.*)?$")


def _indents(text: str) -> tuple[int, int]:
    """(mapping indent, sequence dash offset) the file uses, from its first nested blocks."""
    mapping: int | None = None
    offset: int | None = None
    lines = [ln for ln in text.split("\n", 2000)[:2000] if ln.strip() and not ln.lstrip().startswith("#")]
    for a, b in itertools.pairwise(lines):
        m = _KEY_LINE.match(a)
        if not m or a.rstrip().endswith(("|", ">", "|-", ">-")):
            continue
        base = len(m.group(1)) + (2 if a.lstrip().startswith("- ") else 0)
        indent = len(b) - len(b.lstrip(" "))
        if b.lstrip().startswith("- "):
            if offset is None and indent >= base:
                offset = indent - base
        elif mapping is None and indent > base:
            mapping = indent - base
        if mapping is not None and offset is not None:
            break
    return mapping or 2, offset or 0


def _dump_yaml(rt: YAML, tree: Any) -> str:
    out = io.StringIO()
    rt.dump(tree, out)
    return out.getvalue()


def _dump_json(tree: Any, indent: int | str | None, ascii_only: bool) -> str:
    return json.dumps(tree, indent=indent, ensure_ascii=ascii_only) + "\n"


def _json_style(text: str) -> tuple[int | str | None, bool]:
    """The indent (spaces, a tab, or one line) and whether non-ASCII text is escaped."""
    m = re.search(r"\n( +|\t)\S", text)
    indent: int | str | None = (m.group(1) if m.group(1) == "\t" else len(m.group(1))) if m else None
    ascii_only = text.isascii() and "\\u" in text
    return indent, ascii_only


Hunk = tuple[int, int, list[str]]  # original lines [start, end) become these lines


def _splice(original: str, baseline: list[str], modified: list[str]) -> str | None:
    """Apply the baseline -> modified line changes to the original text, whose lines the
    baseline dump may have normalised elsewhere. None when a change cannot be placed."""
    lines = original.split("\n")
    if baseline == lines:
        return "\n".join(modified)
    hunks = _hunks(lines, baseline, modified)
    return None if hunks is None else _apply(lines, hunks)


def _apply(lines: list[str], hunks: list[Hunk]) -> str | None:
    out: list[str] = []
    pos = 0  # next original line not yet copied
    for start, end, new in sorted(hunks, key=lambda h: (h[0], h[1])):
        if start < pos or end < start:
            return None
        out += lines[pos:start]
        out += new
        pos = end
    out += lines[pos:]
    return "\n".join(out)


def _hunks(lines: list[str], baseline: list[str], modified: list[str]) -> list[Hunk] | None:
    """The baseline -> modified changes as replacements of original lines."""
    # where each baseline line is in the original
    where: dict[int, int] = {}
    for blk in difflib.SequenceMatcher(None, lines, baseline, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            where[blk.b + k] = blk.a + k
    changes = difflib.SequenceMatcher(None, baseline, modified, autojunk=False).get_opcodes()
    hunks = [[i1, i2, j1, j2] for tag, i1, i2, j1, j2 in changes if tag != "equal"]
    n_base, n_orig = len(baseline), len(lines)

    def place(i1: int, i2: int) -> tuple[int, int] | None:
        """Original lines [start, end) that baseline lines [i1, i2) stand for."""
        mapped = i1 < i2 and all(i in where for i in range(i1, i2))
        if mapped and where[i2 - 1] - where[i1] == i2 - 1 - i1:
            return where[i1], where[i2 - 1] + 1
        if i1 == i2:
            if i1 > 0 and (i1 - 1) in where:
                return where[i1 - 1] + 1, where[i1 - 1] + 1
            if i1 in where:
                return where[i1], where[i1]
        start = 0 if i1 == 0 else (where[i1 - 1] + 1 if (i1 - 1) in where else None)
        end = n_orig if i2 == n_base else where.get(i2)
        return (start, end) if start is not None and end is not None else None

    # a change whose lines the original does not have as such (a long scalar it folded
    # over several lines) grows to lines it has; changes that meet are merged
    merged: list[list[int]] = []
    k = 0
    while k < len(hunks):
        h = hunks[k]
        while place(h[0], h[1]) is None:
            if h[0] == 0 and h[1] == n_base:
                return None
            if h[0] > 0:
                h[0], h[2] = h[0] - 1, h[2] - 1
            if h[1] < n_base:
                h[1], h[3] = h[1] + 1, h[3] + 1
            if merged and h[0] < merged[-1][1]:
                prev = merged.pop()
                h[0], h[2] = prev[0], prev[2]
            while k + 1 < len(hunks) and h[1] > hunks[k + 1][0]:
                k += 1
                nxt = hunks[k]
                i2 = max(h[1], nxt[1])
                h[1], h[3] = i2, nxt[3] + (i2 - nxt[1])
        merged.append(h)
        k += 1
    out: list[Hunk] = []
    for i1, i2, j1, j2 in merged:
        placed = place(i1, i2)
        if placed is None:
            return None
        out.append((placed[0], placed[1], modified[j1:j2]))
    return out


# --- YAML by parts: only the parts holding a change go through ruamel -----------------------
# ruamel's round-trip reader is pure Python (~1.5 s for the 4,000-line sample sheet), so a
# file without anchors is cut at its top-level keys, and a changed block list or mapping
# under one of them at its items: each changed part is loaded, patched and dumped alone,
# and its changed lines go back in place (indented as they were).


def _layout(source: Source) -> tuple[Any, Any]:
    """The source text as our reader reads it: data and positions (computed once)."""
    if source._layout is None:
        data, positions, _ = read_yaml(source.text, "<source>")
        source._layout = (data, positions)
    return source._layout


def _ptr(*parts: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass
class _Part:
    """Lines [start, end) of the source holding one value: a top-level key's, or an item
    (index) or entry (key) of a block list or mapping, as deep as the change allows."""

    start: int
    end: int
    indent: int
    path: tuple[Any, ...]  # where the value is in the old dump
    #: where it is in the new dump (items before it came or went), if elsewhere
    new_path: tuple[Any, ...] | None = None
    #: for a list edit (path: the list): items of the new list [first, last) written in
    #: place of lines [start, end) (a deletion when empty), styled like old item lines `like`
    insert: tuple[int, int] | None = None
    like: tuple[int, int] | None = None


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        found = part in tree if isinstance(tree, dict) else isinstance(tree, list) and 0 <= part < len(tree)
        if not found:
            return _MISSING
        tree = tree[part]
    return tree


def _parts(source: Source, lines: list[str], new: dict[str, Any]) -> list[_Part] | None:
    """The parts holding a change; None when the file cannot be cut (a value the file left
    implied is set, a root written in flow style)."""
    data, positions = _layout(source)
    old = source.data
    assert old is not None
    if not isinstance(data, dict):
        return None
    firsts = [positions.keys.get(_ptr(k), (0, 0)) for k in data]
    rows = [ln - 1 for ln, _ in firsts]
    if any(col != 1 for _, col in firsts) or rows != sorted(set(rows)):
        return None
    ends = [*rows[1:], len(lines)]
    bounds = {k: (rows[i], ends[i]) for i, k in enumerate(data)}
    parts: list[_Part] = []
    for key, nv in new.items():
        ov = old.get(key, _MISSING)
        if ov is not _MISSING and _same(ov, nv):
            continue
        if key not in data or ov is _MISSING:
            return None  # a value the file leaves implied: its place is the whole tree's call
        start, end = bounds[key]
        inner = _inner_parts(source, lines, (key,), (key,), data[key], ov, nv, start, end)
        parts += inner if inner is not None else [_Part(start, end, 0, (key,))]
    return parts


def _inner_parts(
    source: Source,
    lines: list[str],
    path: tuple[Any, ...],
    new_path: tuple[Any, ...],
    written: Any,
    ov: Any,
    nv: Any,
    start: int,
    end: int,
) -> list[_Part] | None:
    """The changed items of a block list, or entries of a block mapping, at `path` (lines
    [start, end)), each as deep as it goes; None when it cannot be cut finer."""
    _, positions = _layout(source)
    starts: list[tuple[int, int]] = []
    if isinstance(written, list) and isinstance(ov, list) and isinstance(nv, list):
        if len(written) != len(ov) or not written:
            return None
        for i in range(len(written)):
            ln, col = positions.values.get(_ptr(*path, i), (0, 0))
            if ln - 1 <= start or col < 3 or lines[ln - 1][col - 3 : col - 1] != "- ":
                return None  # flow style, or an item not written `- value`
            starts.append((ln - 1, col - 3))
        names: list[Any] = list(range(len(written)))
        if len(ov) != len(nv):
            return _list_parts(lines, path, new_path, ov, nv, starts, end)
    elif isinstance(written, dict) and isinstance(ov, dict) and isinstance(nv, dict):
        names = list(written)
        if set(ov) != set(nv) or any(k not in written for k in nv if not _same(ov[k], nv[k])):
            return None
        for k in names:
            ln, col = positions.keys.get(_ptr(*path, k), (0, 0))
            if ln - 1 < start:
                return None
            starts.append((ln - 1, col - 1))
        first_row, first_col = starts[0]
        # block style: the entries start on lines of their own, or the first follows the
        # dash of a list item (`- id: x`); a flow mapping `{...}` is not cut
        if first_row == start and lines[start][max(0, first_col - 2) : first_col] != "- ":
            return None
    else:
        return None
    rows = [ln for ln, _ in starts]
    if rows != sorted(set(rows)) or len({c for _, c in starts}) != 1:
        return None
    ends = [*rows[1:], end]
    out: list[_Part] = []
    for i, name in enumerate(names):
        if _same(ov[name], nv[name]):
            continue
        if rows[i] == start:
            return None  # the change is on the first line, which the part above holds
        inner = _inner_parts(
            source,
            lines,
            (*path, name),
            (*new_path, name),
            written[name],
            ov[name],
            nv[name],
            rows[i],
            ends[i],
        )
        out += (
            inner
            if inner is not None
            else [_Part(rows[i], ends[i], starts[i][1], (*path, name), (*new_path, name))]
        )
    return out


def _list_parts(
    lines: list[str],
    path: tuple[Any, ...],
    new_path: tuple[Any, ...],
    ov: list[Any],
    nv: list[Any],
    starts: list[tuple[int, int]],
    end: int,
) -> list[_Part] | None:
    """Items that came, went or changed in a block list of another length: matched by
    content, so one added or removed item changes only its own lines."""
    rows = [ln for ln, _ in starts]
    if rows != sorted(set(rows)) or len({c for _, c in starts}) != 1:
        return None
    indent = starts[0][1]
    ends = [*rows[1:], end]
    # a new last item goes after the last item's own lines, before comments that follow it
    tail = ends[-1]
    while tail > rows[-1] + 1 and (not lines[tail - 1].strip() or lines[tail - 1].lstrip().startswith("#")):
        tail -= 1
    a = [json.dumps(v, sort_keys=True) for v in ov]
    b = [json.dumps(v, sort_keys=True) for v in nv]
    parts: list[_Part] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            parts += [
                _Part(rows[i1 + k], ends[i1 + k], indent, (*path, i1 + k), (*new_path, j1 + k))
                for k in range(i2 - i1)
            ]
            continue
        like_index = min(i1, len(ov) - 1)
        like = (rows[like_index], ends[like_index])
        if i2 > i1:  # gone (and perhaps replaced by the new items at their place)
            # the last item goes with its own lines only: what follows it (comments, the
            # file's closing newline) stays, as it was before that item was added
            stop = tail if i2 == len(ov) else ends[i2 - 1]
            parts.append(_Part(rows[i1], stop, indent, path, new_path, insert=(j1, j2), like=like))
        else:
            at = rows[i1] if i1 < len(ov) else tail
            parts.append(_Part(at, at, indent, path, new_path, insert=(j1, j2), like=like))
    return parts


def _render_parts(source: Source, new: dict[str, Any], sparse: dict[str, Any]) -> str | None:
    lines = source.text.split("\n")
    parts = _parts(source, lines, new)
    if parts is None:
        return None
    old = source.data
    assert old is not None
    rt = _yaml_rt(source.text)
    rt.explicit_start = False  # a part is never the start of the document
    offset = _indents(source.text)[1]
    patcher = _Patcher(True)
    hunks: list[Hunk] = []
    for part in parts:
        now = part.path if part.new_path is None else part.new_path
        is_item = part.insert is not None or isinstance(part.path[-1], int)
        # a list item keeps the dash offset the dumper writes before a root list's dashes
        cut = part.indent - offset if is_item else part.indent
        if cut < 0:
            return None
        pad = " " * cut
        if part.insert is not None:
            assert part.like is not None
            like = rt.load("\n".join(_dedent(lines[part.like[0] : part.like[1]], cut) or []) + "\n")
            if not isinstance(like, CommentedSeq) or len(like) != 1:
                return None
            first, last = part.insert
            added = [_get(sparse, (*now, j)) for j in range(first, last)]
            items = CommentedSeq(
                patcher.fresh(_get(new, (*now, j)) if v is _MISSING else v, like=like[0])
                for j, v in zip(range(first, last), added, strict=True)
            )
            written = _dump_yaml(rt, items).split("\n")[:-1] if items else []
            hunks.append((part.start, part.end, [pad + ln if ln else ln for ln in written]))
            continue
        segment = _dedent(lines[part.start : part.end], cut)
        if segment is None:
            return None
        tree = rt.load("\n".join(segment) + "\n")
        name = part.path[-1]
        ov, nv, sv = _get(old, part.path), _get(new, now), _get(sparse, now)
        if ov is _MISSING or nv is _MISSING:
            return None
        baseline = _dump_yaml(rt, tree).split("\n")
        if is_item:  # a list item: the part reads as a list of one
            if not isinstance(tree, CommentedSeq) or len(tree) != 1:
                return None
            patcher.replace(tree, 0, ov, nv, nv if sv is _MISSING else sv)
        else:
            if not isinstance(tree, CommentedMap) or list(tree) != [name]:
                return None
            patcher.patch_map(tree, {name: ov}, {name: nv}, {} if sv is _MISSING else {name: sv})
            if not tree:
                return None  # the part itself goes: the whole tree places that better
        found = _hunks([*segment, ""], baseline, _dump_yaml(rt, tree).split("\n"))
        if found is None:
            return None
        for s, e, new_lines in found:
            if e > len(segment):  # the closing newline of the part is not a line of the file
                e = len(segment)
                if new_lines and new_lines[-1] == "":
                    new_lines = new_lines[:-1]
            s = min(s, len(segment))
            hunks.append((part.start + s, part.start + e, [pad + ln if ln else ln for ln in new_lines]))
    return _apply(lines, hunks)


def _dedent(lines: list[str], cut: int) -> list[str] | None:
    """Lines of a part without the indent its place gave them (comments may sit anywhere);
    None when a line is less indented than the part."""
    out = []
    for line in lines:
        if line[:cut].strip():
            if not line.lstrip().startswith("#"):
                return None
            line = line.lstrip()
        else:
            line = line[cut:]
        out.append(line)
    return out


def render(model: Document, source: Source) -> str | None:
    """The text of `model` written into `source`'s text (LF lines, no BOM), or None when
    the edit cannot be applied faithfully (the caller then writes the model afresh)."""
    if source.data is None:
        return None
    new = full_dump(model)
    if _same(new, source.data):
        return source.text
    if source._checked is None:
        # ruamel has none of our reader's limits: it only reads text our reader read as the
        # model this source stands for (not, say, a file swapped after it was loaded)
        source._checked = _holds(source.text, source.json, source.data)
    if not source._checked:
        return None
    patcher = _Patcher(not source.json)
    try:
        if source.json:
            tree = json.loads(source.text)
            indent, ascii_only = _json_style(source.text)
            if source._baseline is None:
                source._baseline = _dump_json(tree, indent, ascii_only).split("\n")
            patcher.patch_map(tree, source.data, new, sparse_dump(model))
            modified = _dump_json(tree, indent, ascii_only)
        else:
            sparse = sparse_dump(model)
            if not _ANCHOR.search(source.text):
                text = _render_parts(source, new, sparse)
                if text is not None and _holds(text, False, new):
                    return text
            rt = _yaml_rt(source.text)
            tree = rt.load(source.text)
            if source._baseline is None:
                source._baseline = _dump_yaml(rt, tree).split("\n")
            patcher.patch_map(tree, source.data, new, sparse)
            if _ANCHOR.search(source.text):
                patcher.unshare(tree, new, sparse)
            modified = _dump_yaml(rt, tree)
    except RuamelError:
        return None
    except Exception:  # a case this module does not handle must not stop a save
        _log.warning("format-keeping save not possible; the file is written afresh", exc_info=True)
        return None
    candidates = [_splice(source.text, source._baseline, modified.split("\n")), modified]
    for text in candidates:
        if text is not None and _holds(text, source.json, new):
            return text
    return None


def _holds(text: str, is_json: bool, expected: dict[str, Any]) -> bool:
    """Whether our own reader reads `text` back as the model dumped in `expected`."""
    try:
        data, _, problems = read_json(text, "<save>") if is_json else read_yaml(text, "<save>")
        if problems or not isinstance(data, dict):
            return False
        cls = FORMATS.get(data.get("schema"))  # type: ignore[arg-type]
        if cls is None:
            return False
        return _same(full_dump(cls.model_validate(data)), expected)
    except (LoadError, PydanticError, ValueError, TypeError):
        return False


__all__ = ["Source", "digest_of", "full_dump", "render", "sparse_dump"]
