"""Hypothesis strategies that generate documents valid under our generated JSON Schemas.

Covers the subset of JSON Schema that pydantic emits for our models ($ref, objects with
required/optional properties, additionalProperties maps, arrays and prefixItems, enums,
const, anyOf/oneOf, string patterns, numeric bounds). Generating from the schema rather
than from hand-written strategies means a new model field is exercised automatically.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

# Text that a designer could type: no control characters (other than newlines) or surrogates,
# and none of the bidirectional overrides and isolates that validation refuses (P008,
# engine/io/characters.py): a generated name holding U+2066 failed a round trip now and then,
# and the failure's shrinking cost the suite five minutes.
_REFUSED = "\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CHARACTERS = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters=_REFUSED)
_TEXT = st.text(alphabet=_CHARACTERS | st.just("\n"), max_size=20)


def from_schema(root: dict[str, Any], max_items: int = 3) -> st.SearchStrategy[Any]:
    defs = root.get("$defs", {})
    cache: dict[str, st.SearchStrategy[Any]] = {}

    def build(node: dict[str, Any]) -> st.SearchStrategy[Any]:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in cache:
                cache[name] = st.deferred(lambda n=name: build(defs[n]))
            return cache[name]
        if "const" in node:
            return st.just(node["const"])
        if "enum" in node:
            return st.sampled_from(node["enum"])
        for key in ("anyOf", "oneOf"):
            if key in node:
                return st.one_of([build(n) for n in node[key]])
        t = node.get("type")
        if t == "object":
            props: dict[str, Any] = node.get("properties", {})
            if props:
                required = set(node.get("required", []))
                fixed = {k: build(v) for k, v in props.items() if k in required}
                optional = {k: build(v) for k, v in props.items() if k not in required}
                return st.fixed_dictionaries(fixed, optional=optional)
            if "patternProperties" in node:
                ((pattern, values),) = node["patternProperties"].items()
                keys = st.from_regex(pattern, fullmatch=True)
            else:
                values = node.get("additionalProperties", {})
                keys = _TEXT
            return st.dictionaries(keys, build(values), max_size=max_items)
        if t == "array":
            if "prefixItems" in node:
                return st.tuples(*[build(n) for n in node["prefixItems"]]).map(list)
            lo = node.get("minItems", 0)
            hi = min(node.get("maxItems", lo + max_items), lo + max_items)
            return st.lists(build(node.get("items", {})), min_size=lo, max_size=hi)
        if t == "string":
            if "pattern" in node:
                s = st.from_regex(node["pattern"], fullmatch=True)
                if "maxLength" in node:
                    s = s.filter(lambda v, m=node["maxLength"]: len(v) <= m)
                return s.filter(lambda v: "\n" not in v and "\r" not in v)
            lo = node.get("minLength", 0)
            return st.text(alphabet=_CHARACTERS, min_size=lo, max_size=max(lo, 20))
        if t == "integer":
            lo = node.get("minimum", node.get("exclusiveMinimum", -(10**6) - 1) + 1)
            hi = node.get("maximum", node.get("exclusiveMaximum", 10**6 + 1) - 1)
            return st.integers(lo, hi)
        if t == "number":
            return st.floats(
                min_value=node.get("minimum", node.get("exclusiveMinimum", -1e6)),
                max_value=node.get("maximum", node.get("exclusiveMaximum", 1e6)),
                exclude_min="exclusiveMinimum" in node,
                exclude_max="exclusiveMaximum" in node,
                allow_nan=False,
                allow_infinity=False,
            )
        if t == "boolean":
            return st.booleans()
        if t == "null":
            return st.none()
        if isinstance(t, list):
            return st.one_of([build({**node, "type": one}) for one in t])
        raise NotImplementedError(f"schema node not handled: {node}")

    top = {k: v for k, v in root.items() if k not in ("$defs", "$schema", "$id")}
    return build(top)
