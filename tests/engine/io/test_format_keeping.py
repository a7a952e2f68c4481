"""Format-keeping saves (issue 17.3, issue 11.9): open -> edit one field -> save changes that
field's line only; everything the edit did not touch keeps its comments, key order, flow
style, explicit defaults, number forms, line endings and BOM."""

from __future__ import annotations

import copy
import difflib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.io.files import SaveError, dumps, load_document, save_document
from engine.io.problems import LoadError
from engine.io.roundtrip import Source, full_dump, render
from engine.io.yaml_reader import read_yaml
from engine.model import FORMATS

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = sorted(
    [*ROOT.glob("maps/*.yaml"), *ROOT.glob("scenarios/*.yaml"), *ROOT.glob("scenarios/cards/*.yaml")]
)
HAND_WRITTEN = ROOT / "tests" / "examples" / "roundtrip" / "hand-written-cards.yaml"


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(removed, added) lines of a difflib diff of two files' text."""
    diff = difflib.unified_diff(
        before.decode("utf-8").split("\n"), after.decode("utf-8").split("\n"), lineterm="", n=0
    )
    removed, added = [], []
    for line in diff:
        if line.startswith(("---", "+++", "@@")):
            continue
        (removed if line.startswith("-") else added).append(line[1:])
    return removed, added


def copy_of(path: Path, tmp_path: Path) -> Path:
    target = tmp_path / path.name
    shutil.copyfile(path, target)
    return target


def scalar_paths(data: Any, pointer: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every number and string in document order (the format tag excepted)."""
    out: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if not pointer and k == "schema":
                continue
            out += scalar_paths(v, (*pointer, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += scalar_paths(v, (*pointer, i))
    elif isinstance(data, (int, float, str)) and not isinstance(data, bool):
        out.append(pointer)
    return out


def edited(data: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any] | None:
    """`data` with the value at `path` changed (numbers +1, text with " (edited)")."""
    out = copy.deepcopy(data)
    node = out
    for part in path[:-1]:
        node = node[part]
    value = node[path[-1]]
    if isinstance(value, str):
        if "\n" in value or not value:
            return None
        node[path[-1]] = value + " edited"
    else:
        node[path[-1]] = value + 1
    return out


def one_field_edits(path: Path, picks: int = 6) -> list[tuple[tuple[Any, ...], Any]]:
    """A few single-field edits spread over the file that the model accepts."""
    loaded = load_document(path)
    assert loaded.model is not None
    cls = type(loaded.model)
    data = loaded.model.model_dump(mode="json", by_alias=True, exclude_unset=True)
    paths = scalar_paths(data)
    out = []
    step = max(1, len(paths) // picks)
    for i in range(0, len(paths), step):
        for candidate in paths[i : i + step]:
            changed = edited(data, candidate)
            if changed is None:
                continue
            try:
                model = cls.model_validate(changed)
            except ValueError:
                continue
            out.append((candidate, model))
            break
    return out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_17_3_every_sample_keeps_all_but_the_edited_line(sample: Path, tmp_path: Path) -> None:
    target = copy_of(sample, tmp_path)
    before = target.read_bytes()
    edits = one_field_edits(target)
    assert len(edits) >= 2
    for where, model in edits:
        target.write_bytes(before)
        loaded = load_document(target)
        save_document(model, target, source=loaded.source)
        removed, added = changed_lines(before, target.read_bytes())
        assert len(removed) == 1 and len(added) == 1, (where, removed, added)
        again = load_document(target)
        assert again.problems == [] and again.model == model


def test_17_3_an_unedited_save_writes_the_same_bytes(sample_scenario_path: Path, tmp_path: Path) -> None:
    target = copy_of(sample_scenario_path, tmp_path)
    before = target.read_bytes()
    loaded = load_document(target)
    assert loaded.model is not None
    save_document(loaded.model, target, source=loaded.source)
    assert target.read_bytes() == before
    # the plain writer, for comparison, rewrote most of it (the 228 -> 538 lines)
    assert dumps(loaded.model).encode() != before


def test_17_3_flow_style_explicit_defaults_and_comments_survive(
    sample_scenario_path: Path, tmp_path: Path
) -> None:
    target = copy_of(sample_scenario_path, tmp_path)
    text = target.read_text(encoding="utf-8")
    # a comment in the middle, an explicit default and integer positions, as a user writes
    text = text.replace("turns: 8\n", "turns: 8  # eight turns, two at night\n")
    text = text.replace("position: [0.0, 0.0]", "position: [100, 80]")
    target.write_text(text, encoding="utf-8")
    before = target.read_bytes()
    loaded = load_document(target)
    scenario = loaded.model
    assert scenario is not None and "quality: veteran" in text and "{turn: 1, side: green}" in text
    source = loaded.source
    scenario.title = "Harbour Crossing, second edition"
    save_document(scenario, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert removed == ["title: Harbour Crossing"]
    assert added == ["title: Harbour Crossing, second edition"]
    after = target.read_text(encoding="utf-8")
    for kept in (
        "# eight turns, two at night",
        "position: [100, 80]",
        "quality: veteran",
        "{turn: 3, side: red}",
    ):
        assert kept in after


def test_17_3_a_flow_mapping_entry_edited_stays_on_its_line(
    sample_scenario_path: Path, tmp_path: Path
) -> None:
    target = copy_of(sample_scenario_path, tmp_path)
    before = target.read_bytes()
    loaded = load_document(target)
    scenario = loaded.model
    source = loaded.source
    assert scenario is not None
    scenario.initiative[2].side = type(scenario.initiative[2].side)("green")
    save_document(scenario, target, source=source)
    assert changed_lines(before, target.read_bytes()) == (
        ["- {turn: 3, side: red}"],
        ["- {turn: 3, side: green}"],
    )


# --- the hand-written file: comments everywhere, merge keys, CRLF, BOM ---------------------


def hand_written(tmp_path: Path) -> tuple[Path, bytes]:
    target = copy_of(HAND_WRITTEN, tmp_path)
    raw = target.read_bytes()
    # what the file is made of (a checkout that normalised it would not test anything)
    assert raw.startswith(b"\xef\xbb\xbf# yaml-language-server:")
    assert raw.count(b"\r\n") == raw.count(b"\n") > 40
    assert b"<<: *squad" in raw
    return target, raw


HAND_EDITS = {
    # (what to change, the one line expected before -> after)
    "title": (lambda m: setattr(m, "title", "Edited cards"), "Hand written: cards", "Edited cards"),
    "merged block's own field": (
        lambda m: setattr(m.unit_cards[0].blocks[1], "count", 3),
        "count: 1",
        "count: 3",
    ),
    "flow list in a block": (
        lambda m: m.unit_cards[1].blocks[0].weapons[0].firepower.__setitem__(0, 9),
        "firepower: [7, 8, 8, 9, 8, 7]",
        "firepower: [9, 8, 8, 9, 8, 7]",
    ),
    "flow mapping": (
        lambda m: setattr(m.unit_cards[0].blocks[2].weapons[0], "name", "MG team"),
        "{id: gpmg, name: GPMG team,",
        "{id: gpmg, name: MG team,",
    ),
    "block list item": (
        lambda m: setattr(m.unit_cards[1].blocks[0].weapons[0], "smoke", False),
        "smoke: true",
        "smoke: false",
    ),
}


@pytest.mark.parametrize("name", list(HAND_EDITS))
def test_17_3_hand_written_file_changes_only_the_edited_line(name: str, tmp_path: Path) -> None:
    target, before = hand_written(tmp_path)
    edit, old, new = HAND_EDITS[name]
    loaded = load_document(target)
    assert loaded.problems == [] and loaded.model is not None
    source = loaded.source
    edit(loaded.model)
    save_document(loaded.model, target, source=source)
    after = target.read_bytes()
    removed, added = changed_lines(before, after)
    assert len(removed) == 1 and len(added) == 1, (removed, added)
    assert old in removed[0] and new in added[0]
    assert after.startswith(b"\xef\xbb\xbf# yaml-language-server:")  # BOM, then the schema line
    assert after.count(b"\r\n") == after.count(b"\n")  # CRLF stays CRLF
    assert load_document(target).model == loaded.model


def test_17_3_a_field_set_on_a_merged_block_is_one_new_line(tmp_path: Path) -> None:
    """`weight` comes from `<<: *squad`; setting it on the merging block adds one line there."""
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None and model.unit_cards[0].blocks[1].weight == 1
    model.unit_cards[0].blocks[1].weight = 3
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert removed == [] and [a.strip() for a in added] == ["weight: 3"]
    again = load_document(target).model
    assert again is not None and again.unit_cards[0].blocks[1].weight == 3
    assert again.unit_cards[0].blocks[0].weight == 1  # the anchor is untouched


def test_17_3_a_new_object_takes_its_siblings_style(tmp_path: Path) -> None:
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None
    weapons = model.unit_cards[0].blocks[2].weapons
    weapons.append(weapons[0].model_copy(update={"id": "mmg", "name": "MMG team"}))
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert removed == []
    # in flow style like its sibling; `area_of_effect: {effect: light}` is the default, left out
    assert [a.strip() for a in added] == ["- {id: mmg, name: MMG team, firepower: [5, 6, 6, 5, 4, null]}"]
    assert load_document(target).model == model


def test_17_3_editing_an_anchored_value_keeps_the_merging_block_as_it_was(tmp_path: Path) -> None:
    """The squad's `weight: 1` is merged into the reserve squad (`<<: *squad`): editing it on
    the squad alone writes the old value into the reserve squad, so only the squad changes."""
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None
    model.unit_cards[0].blocks[0].weight = 2
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert [r.strip() for r in removed] == ["weight: 1             # explicit default, kept"]
    assert [a.strip() for a in added] == ["weight: 2             # explicit default, kept", "weight: 1"]
    again = load_document(target).model
    assert again == model and again is not None and again.unit_cards[0].blocks[1].weight == 1


def test_17_3_undo_back_gives_the_same_bytes_and_redo_the_edited_ones(tmp_path: Path) -> None:
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None and source is not None
    original = model.model_copy(deep=True)
    model.title = "Edited cards"
    model.unit_cards[0].blocks[1].count = 4
    edited_text = render(model, source)
    assert edited_text is not None and edited_text != source.text
    assert render(original, source) == source.text  # undo back: the text as read
    assert render(model, source) == edited_text  # redo: the same edited text
    # after saving the edit, saving the undone model gives the original bytes back
    saved = save_document(model, target, source=source)
    save_document(original, target, source=saved)
    assert target.read_bytes() == before


# --- JSON ------------------------------------------------------------------------------------


def test_17_3_json_keeps_its_layout_and_number_forms(sample_scenario_path: Path, tmp_path: Path) -> None:
    cards = ROOT / "scenarios" / "cards" / "support.yaml"
    data, _, _ = read_yaml(cards.read_text(encoding="utf-8"), "support.yaml")
    target = tmp_path / "support.json"
    # four-space indent, the user's key order, and an integer where the model has a float
    text = json.dumps(data, indent=4, ensure_ascii=False) + "\n"
    target.write_text(text, encoding="utf-8", newline="\r\n")
    before = target.read_bytes()
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None and source is not None and source.newline == "\r\n"
    model.title = "Support, edited"
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert [r.strip() for r in removed] == [f'"title": {json.dumps(data["title"])},']
    assert [a.strip() for a in added] == ['"title": "Support, edited",']
    assert load_document(target).model == model


def test_17_2_json_lone_surrogate_is_refused_where_it_is(tmp_path: Path) -> None:
    target = tmp_path / "sheet.json"
    target.write_text('{\n  "schema": "uo-map/1",\n  "title": "bad \\ud800 title"\n}\n', encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        load_document(target)
    problem = exc.value.problems[0]
    assert (problem.line, problem.col) == (3, 12) and "surrogate" in problem.message


def test_17_2_a_save_that_cannot_encode_names_the_file_and_leaves_it(
    sample_sheet_path: Path, tmp_path: Path
) -> None:
    target = copy_of(ROOT / "maps" / "U-sewers.yaml", tmp_path)
    before = target.read_bytes()
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None
    model.title = "bad \ud800 title"
    for src in (source, None):
        with pytest.raises(SaveError) as exc:
            save_document(model, target, source=src)
        assert exc.value.filename == str(target) and "UTF-8" in str(exc.value.strerror)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["U-sewers.yaml"]


def test_17_15_a_write_error_names_the_users_file_not_the_temporary(tmp_path: Path) -> None:
    target = copy_of(ROOT / "maps" / "U-sewers.yaml", tmp_path)
    loaded = load_document(target)
    assert loaded.model is not None
    folder = tmp_path / "gone"
    with pytest.raises(SaveError) as exc:
        save_document(loaded.model, folder / "U-sewers.yaml")
    assert exc.value.filename == str(folder / "U-sewers.yaml")


# --- merge keys (17.12) -------------------------------------------------------------------


def test_17_12_merge_keys_are_read_and_explicit_keys_win() -> None:
    data, _, problems = read_yaml(
        "base: &b {x: 1, y: 2}\nboth: &c {z: 5}\na:\n  <<: *b\n  y: 3\nm:\n  <<: [*c, {z: 9, w: 1}]\n",
        "t.yaml",
    )
    assert problems == []
    assert data["a"] == {"x": 1, "y": 3}
    assert data["m"] == {"z": 5, "w": 1}  # the first listed mapping wins


def test_17_12_a_merge_of_a_non_mapping_is_a_located_error() -> None:
    with pytest.raises(LoadError) as exc:
        read_yaml("a:\n  <<: 5\n", "t.yaml")
    assert exc.value.problems[0].line == 2 and "merge key" in exc.value.problems[0].message


def test_17_12_merge_keys_stay_within_the_alias_limits() -> None:
    lines = ["a0: &a0 {x: 1, y: 2, z: 3, w: 4, v: 5, u: 6, t: 7, s: 8, r: 9, q: 0}"]
    for i in range(1, 12):
        lines.append(f"a{i}: &a{i} {{p: [{', '.join([f'*a{i - 1}'] * 10)}]}}")
    lines.append("big:\n  <<: *a11")
    with pytest.raises(LoadError) as exc:
        read_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert exc.value.problems[0].code == "P005"


def test_17_12_the_hand_written_file_validates_with_its_merge_keys() -> None:
    loaded = load_document(HAND_WRITTEN)
    assert loaded.problems == [] and loaded.model is not None
    reserve = loaded.model.unit_cards[0].blocks[1]
    assert (reserve.name, reserve.count, reserve.weight, len(reserve.weapons)) == ("Reserve squad", 1, 1, 2)


def test_render_without_a_recorded_model_gives_way_to_the_plain_writer() -> None:
    loaded = load_document(HAND_WRITTEN)
    assert loaded.model is not None and loaded.raw_source is not None
    bare = Source.from_bytes(HAND_WRITTEN.read_bytes(), json=False)
    assert render(loaded.model, bare) is None
    bare.data = full_dump(loaded.model)
    assert render(loaded.model, bare) == bare.text
    assert FORMATS["uo-cards/1"] is type(loaded.model)


# --- big files: only the changed part goes through the round-trip reader --------------------


@pytest.mark.parametrize("style", [(2, 2, 0), (4, 4, 2)], ids=["flush dashes", "indented dashes"])
def test_17_3_an_edit_reads_only_its_part_and_writes_what_the_whole_tree_writes(
    style: tuple[int, int, int], tmp_path: Path, monkeypatch
) -> None:
    """ruamel's round-trip reader is pure Python: the 4,000-line sheet takes it seconds. An
    edit loads only the block list item or mapping entry it changed, and the text written
    is the one a round trip of the whole file gives."""
    import io

    from ruamel.yaml import YAML

    from engine.io import roundtrip

    rt = YAML(typ="rt")
    rt.width = 1_000_000
    mapping, sequence, offset = style
    rt.indent(mapping=mapping, sequence=sequence, offset=offset)
    out = io.StringIO()
    rt.dump(rt.load((ROOT / "maps" / "A-harbour.yaml").read_text(encoding="utf-8")), out)
    sheet = tmp_path / "A-harbour.yaml"
    sheet.write_text(out.getvalue(), encoding="utf-8")
    loads: list[int] = []
    load = YAML.load

    def counted(self: YAML, text: str) -> Any:
        loads.append(len(text))
        return load(self, text)

    monkeypatch.setattr(YAML, "load", counted)
    edits = one_field_edits(sheet, picks=5)
    assert len(edits) >= 4
    for n, (where, model) in enumerate(edits):
        source = load_document(sheet).source
        assert source is not None
        loads.clear()
        by_part = render(model, source)
        assert by_part is not None and loads and max(loads) < len(source.text) / 10, where
        if n != 2:
            continue  # the whole tree's round trip takes seconds: compared once
        with monkeypatch.context() as whole_only:
            whole_only.setattr(roundtrip, "_render_parts", lambda *args: None)
            assert render(model, source) == by_part, where


def test_17_3_the_round_trip_reader_only_sees_text_our_reader_accepted(monkeypatch) -> None:
    """A source whose text is not what was loaded (swapped on disk between the two reads,
    an alias bomb say) never reaches ruamel: the plain writer is used instead."""
    from ruamel.yaml import YAML

    seen: list[str] = []
    monkeypatch.setattr(YAML, "load", lambda self, text: seen.append(text))
    loaded = load_document(HAND_WRITTEN)
    model = loaded.model
    assert model is not None
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi", strict=True)
    )
    swapped = Source.from_bytes(bomb.encode(), json=False, data=full_dump(model))
    model.title = "Edited"
    assert render(model, swapped) is None
    assert seen == []


def test_17_3_an_added_or_removed_item_changes_only_its_lines(tmp_path: Path, monkeypatch) -> None:
    """A wall removed from the sample sheet loses its own lines; a building added is
    written after the last one in the siblings' style; ruamel reads one item for each."""
    from ruamel.yaml import YAML

    loads: list[int] = []
    load = YAML.load

    def counted(self: YAML, text: str) -> Any:
        loads.append(len(text))
        return load(self, text)

    monkeypatch.setattr(YAML, "load", counted)
    sheet = copy_of(ROOT / "maps" / "A-harbour.yaml", tmp_path)
    before = sheet.read_bytes()
    loaded = load_document(sheet)
    model = loaded.model
    assert model is not None and loaded.source is not None
    gone = model.walls.pop(5)
    model.buildings.append(model.buildings[0].model_copy(update={"id": "99"}))
    save_document(model, sheet, source=loaded.source)
    assert loads and max(loads) < len(before) / 10
    removed, added = changed_lines(before, sheet.read_bytes())
    assert removed[0] == f"- id: {gone.id}" and all(line.startswith("  ") for line in removed[1:])
    assert added[0] == "- id: '99'" and "  outline:" in added
    text = sheet.read_text(encoding="utf-8")
    assert text.index("- id: '99'") < text.index("walls:")  # the last building, before the walls
    assert load_document(sheet).model == model


def test_17_3_a_list_emptied_is_written_as_an_empty_list(tmp_path: Path) -> None:
    """ruamel would write the comments of the items between `weapons:` and `[]`."""
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None and source is not None
    model.unit_cards[0].blocks[2].weapons.clear()  # the gun group, a comment above it
    assert render(model, source) is not None
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert [a.strip() for a in added] == ["weapons: []"]
    assert [r.strip() for r in removed][:2] == [
        "weapons:",
        "- {id: gpmg, name: GPMG team, firepower: [5, 6, 6, 5, 4, null], area_of_effect: {effect: light}}",
    ]
    # the blank line after the list went with its last item (ruamel keeps it there)
    assert all(not r.strip() for r in removed[2:])
    assert load_document(target).model == model


def test_17_3_a_merged_list_edited_in_the_merging_mapping_becomes_its_own(tmp_path: Path) -> None:
    """The reserve squad's weapons come from `<<: *squad`; one more weapon for it alone
    gives it a weapons list of its own and leaves the squad's as it was."""
    target, before = hand_written(tmp_path)
    loaded = load_document(target)
    model = loaded.model
    source = loaded.source
    assert model is not None and source is not None
    reserve = model.unit_cards[0].blocks[1]
    reserve.weapons.append(reserve.weapons[0].model_copy(update={"id": "mg"}))
    assert render(model, source) is not None
    save_document(model, target, source=source)
    removed, added = changed_lines(before, target.read_bytes())
    assert removed == []
    assert [a.strip() for a in added] == [
        "weapons:",
        "- {id: rifles, name: Rifles and LMG, firepower: [6, 5, 4, 3, null, null]}",
        "- {id: law, name: Light rocket, firepower: [null, 5, 4, null, null, null], targets: all,"
        " area_of_effect: {effect: heavy, around_firer: 1}}",
        "- {id: mg, name: Rifles and LMG, firepower: [6, 5, 4, 3, null, null]}",
    ]
    again = load_document(target).model
    assert again == model and again is not None and len(again.unit_cards[0].blocks[0].weapons) == 2
