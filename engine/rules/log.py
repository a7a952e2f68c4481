"""Game logs (`uo-log/1`, engine/model/log.py): made from a finished play, written atomically,
read through the bounded loader, and replayed through the rule-set interface only.

A replay checks, in this order, so the first difference is named for what it is: the
scenario's content (with every file it references) and the rule tables are those the log
was played with; every action is legal where the log has it; every action rolls exactly the
dice the log records (an empty list means none); the final state has the recorded digest.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..io.files import load_document, read_data, write_text_atomic
from ..io.problems import LoadError, Problem
from ..io.reading import ReadRefused, safe_resolve, stat_regular
from ..io.references import referenced_files
from ..model.log import LOG_FORMAT, GameLog, LogEntry
from .digest import digest_of
from .registry import UnknownRuleSet, rule_set
from .ruleset import GameDefinition, GameSetupError, IllegalAction, PlayState, RuleSet


class ReplayRefused(Exception):
    """The log cannot be replayed: it is unusable, or was played with other files (exit 2)."""


class ReplayMismatch(Exception):
    """The log replays to other dice or another final state than it records (exit 1)."""


# --- what a game was played with ---------------------------------------------------------


def scenario_inputs(scenario: Path) -> list[tuple[str, Path]]:
    """The scenario and every file it references (sheets, inserts, card libraries, house-rule
    tables), each with its name as the scenario writes it. A scenario that cannot be read is
    its own only input: its digest still tells it from the one a log was played with."""
    inputs = [(scenario.name, scenario)]
    try:
        data, _positions, _problems = read_data(scenario)
    except LoadError:
        return inputs
    return inputs + [(name, scenario.parent / name) for name in referenced_files(data)]


def files_digest(inputs: Sequence[tuple[str, Path]]) -> str:
    """sha256 over each input's name and content, in order. The content is the file's data
    (its canonical JSON), not its bytes: a comment, a re-indent or CRLF line ends do not make
    another scenario, an edited value does. A file that cannot be read or parsed counts as
    missing (the replay then reports that the scenario differs, and the loader says why)."""
    h = hashlib.sha256()
    for name, path in inputs:
        try:
            content = digest_of(read_data(path)[0])
        except LoadError:
            content = "missing"
        h.update(json.dumps([name, content]).encode("utf-8") + b"\n")
    return h.hexdigest()


def scenario_digest(scenario: Path) -> str:
    return files_digest(scenario_inputs(scenario))


def tables_digest() -> str:
    """Content digest of the rule tables shipped with the studio (a scenario's house-rule
    tables are in its own digest, as files it references)."""
    engine = Path(__file__).resolve().parents[1]
    return files_digest([(path.relative_to(engine).as_posix(), path) for path in shipped_tables()])


def shipped_tables() -> list[Path]:
    """The rule tables shipped with the engine (every data file of its packages): inputs of
    every game, which nothing may overwrite."""
    engine = Path(__file__).resolve().parents[1]
    return sorted(engine.glob("**/data/*.yaml"))


# --- making, writing and reading a log -----------------------------------------------------


def make_log(
    state: PlayState[Any, Any],
    game: GameDefinition,
    scenario: Path,
    players: Mapping[str, str],
    log_path: Path | None = None,
) -> GameLog:
    """The log of a play: with `log_path`, the scenario is named relative to the log's folder,
    so the two can move together."""
    name = str(scenario)
    if log_path is not None:
        try:
            name = os.path.relpath(safe_resolve(scenario), safe_resolve(log_path).parent)
        except ValueError:  # another drive (Windows): keep it absolute
            name = str(safe_resolve(scenario))
        name = Path(name).as_posix()
    actions = [{**entry, "rolls": list(entry.get("rolls", []))} for entry in state.log]
    start = start_entry(state)
    return GameLog.model_validate(
        {
            "schema": LOG_FORMAT,
            "rules": game.rules,
            "scenario": name,
            "scenario_digest": scenario_digest(scenario),
            "tables_digest": tables_digest(),
            "seed": state.seed,
            "players": dict(players),
            **({"start": start} if start is not None else {}),
            "actions": actions,
            "actions_digest": actions_digest(actions),
            "final": state.digest(),
            "final_parts": state.digest_parts(),
        }
    )


def start_entry(state: PlayState[Any, Any]) -> dict[str, Any] | None:
    """The dice a play rolled as it was created, before any action (a rule set's play may keep
    them as `start_entry`: rolls and rows), None when it rolled none."""
    start = getattr(state, "start_entry", None)
    if not start or not start.get("rolls"):
        return None
    return {"rolls": list(start["rolls"]), **({"rows": list(start["rows"])} if start.get("rows") else {})}


def actions_digest(entries: Sequence[Mapping[str, Any]]) -> str:
    """sha256 of the actions' canonical JSON, each entry as the log holds it (its kind, its
    fields and its rolls), in order."""
    return digest_of([dict(entry) for entry in entries])


def dump_log(log: GameLog) -> str:
    """The log as JSON text, one action a line: diffable, and readable enough. An entry
    without table rows (an older log, or no die rolled) is written without the key, so its
    actions' digest stays the one recorded."""
    data = log.model_dump(mode="json", by_alias=True)
    actions = data.pop("actions")
    if data.get("start") is None:
        data.pop("start", None)  # no dice at the start: the key is left out, as older logs have it
    elif data["start"].get("rows") is None:
        data["start"].pop("rows", None)
    lines = [
        f" {json.dumps(k)}: {json.dumps(v, sort_keys=True, ensure_ascii=False)}" for k, v in data.items()
    ]
    # an entry reads as the interface writes it: its kind, its own fields, then its dice
    entries = [
        {
            "action": a.pop("action"),
            **{k: v for k, v in a.items() if k not in ("rolls", "rows")},
            "rolls": a["rolls"],
            **({"rows": a["rows"]} if a.get("rows") is not None else {}),
        }
        for a in actions
    ]
    body = ",\n".join(f"  {json.dumps(e, ensure_ascii=False)}" for e in entries)
    lines.append(f' "actions": [\n{body}\n ]' if actions else ' "actions": []')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def entry_data(entry: LogEntry) -> dict[str, Any]:
    """A log entry as the play wrote it: its kind, fields, rolls, and its table rows only if
    it has them (an older log's entries then digest as they did when recorded)."""
    data = entry.model_dump(mode="json")
    if data.get("rows") is None:
        data.pop("rows", None)
    return data


def write_log(log: GameLog, path: Path) -> None:
    """Write atomically (a crash never leaves half a log); OSError if the folder refuses."""
    write_text_atomic(path, dump_log(log))


def read_log(path: Path) -> GameLog:
    """A log file through the bounded loader; LoadError with located problems otherwise."""
    loaded = load_document(path)
    if loaded.format != LOG_FORMAT:
        raise LoadError(
            [Problem(loaded.name, 1, 1, "P006", f"not a game log: a {loaded.format} file", "/schema")]
        )
    if loaded.problems or not isinstance(loaded.model, GameLog):
        raise LoadError(loaded.problems or [Problem(loaded.name, 0, 0, "P006", "not a game log")])
    return loaded.model


def is_game_log(path: Path) -> bool:
    """Whether `path` holds a game log (its first key is `schema: uo-log/1`): what `uo play --log`
    may overwrite. Only the start of a regular file is looked at."""
    try:
        stat_regular(path)
        with open(path, "rb") as f:
            head = f.read(256)
    except (ReadRefused, OSError):
        return False
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    return text.startswith("{") and text[1:].lstrip(" \t\r\n").startswith(f'"schema": "{LOG_FORMAT}"')


# --- replaying -----------------------------------------------------------------------------


def replay_actions(
    rules: RuleSet[Any, Any],
    game: GameDefinition,
    seed: int,
    entries: Sequence[Mapping[str, Any]],
    start: Mapping[str, Any] | None = None,
) -> PlayState[Any, Any]:
    """Play `entries` (log entries: action, fields, rolls) from the start of `game`: every
    action must be legal (ReplayRefused names the entry) and roll the dice the entry records
    (ReplayMismatch). `start`: the dice the log says the play rolled as it was created (a log
    written before they were recorded has none to check)."""
    state = rules.start(game, seed)
    if start is not None:
        began = start_entry(state) or {"rolls": []}
        if list(began["rolls"]) != list(start["rolls"]):
            raise ReplayMismatch(f"the start rolled {began['rolls']}, the log says {start['rolls']}")
        rows = start.get("rows")
        if rows is not None and [dict(r) for r in rows] != [dict(r) for r in began.get("rows") or []]:
            raise ReplayMismatch(f"the start's dice were read on {began.get('rows')}, the log says {rows}")
    for i, entry in enumerate(entries):
        data = dict(entry)
        recorded = data.pop("rolls", None)
        rows = data.pop("rows", None)
        if recorded is None:
            raise ReplayRefused(f"action {i}: no 'rolls' (an action that rolled none has [])")
        try:
            action = rules.action_from_json(data)
        except ValueError as exc:
            raise ReplayRefused(f"action {i}: {exc}") from None
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise ReplayRefused(f"action {i}: {exc}") from None
        rolled = list(state.log[-1].get("rolls", []))
        if rolled != list(recorded):
            raise ReplayMismatch(f"action {i}: rolled {rolled}, the log says {recorded}")
        # a log written before entries named their table rows has none to check
        read = state.log[-1].get("rows")
        if rows is not None and [dict(r) for r in rows] != [dict(r) for r in read or []]:
            raise ReplayMismatch(f"action {i}: its dice were read on {read}, the log says {rows}")
    return state


@dataclass(frozen=True)
class Replayed:
    state: PlayState[Any, Any]
    scenario: Path


def find_scenario(log: GameLog, log_path: Path, given: Path | None = None) -> Path:
    """The scenario the log was played with: the recorded path relative to the log first, then
    `given` (`--scenario`); the first whose content has the recorded digest. ReplayRefused
    says which were tried and why none fits."""
    recorded = Path(log.scenario)
    if not recorded.is_absolute():
        recorded = log_path.parent / recorded
    tried: list[str] = []
    for candidate in [recorded] + ([given] if given is not None else []):
        try:
            stat_regular(candidate)
        except ReadRefused as exc:
            tried.append(f"{candidate}: {exc}")
            continue
        if scenario_digest(candidate) == log.scenario_digest:
            return candidate
        tried.append(
            f"{candidate} is not the scenario this log was played with "
            "(its content, or a sheet, card library or table it names, differs)"
        )
    if given is None and not any("not the scenario" in t for t in tried):
        tried.append("pass the scenario with --scenario FILE")
    raise ReplayRefused("; ".join(tried))


def replay(log: GameLog, log_path: Path, given: Path | None = None) -> Replayed:
    """Replay `log` and check every roll and the final state. Raises ReplayRefused (other
    files, an unplayable scenario, an entry that is no legal action) or ReplayMismatch (other
    dice, another final state)."""
    scenario = find_scenario(log, log_path, given)
    if tables_digest() != log.tables_digest:
        raise ReplayRefused(
            "the rule tables shipped with the studio differ from those the log was played with "
            "(another version of the studio?)"
        )
    try:
        rules = rule_set(log.rules)
    except UnknownRuleSet as exc:
        raise ReplayRefused(str(exc)) from None
    try:
        game = rules.load(scenario)
    except (GameSetupError, LoadError) as exc:
        raise ReplayRefused("\n".join(p.format() for p in exc.problems)) from None

    entries = [entry_data(entry) for entry in log.actions]
    start = log.start.model_dump(mode="json") if log.start is not None else None
    state = replay_actions(rules, game, log.seed, entries, start)
    if state.digest() != log.final:
        now = state.digest_parts()
        parts = log.final_parts
        differ = sorted(k for k in set(now) | set(parts) if now.get(k) != parts.get(k))
        where = ""
        if differ:
            where = f" (differs in {', '.join(differ[:8])}{', ...' if len(differ) > 8 else ''})"
        raise ReplayMismatch(
            f"{len(log.actions)} actions replayed to another final state than the log's{where}"
        )
    # last: an edit that still plays the same game (commuting actions reordered) is caught by
    # the actions' own digest; the checks above name what differs when they can
    if actions_digest(entries) != log.actions_digest:
        raise ReplayMismatch(
            "the log's actions are not those recorded (their digest differs: actions were edited or "
            "moved after the game was played, though they replay to the same end)"
        )
    return Replayed(state, scenario)
