"""The `uo` command's contract (docs/cli.md): exit codes, output formats, located problems,
arguments refused by argparse, every option explained, and no traceback from any command."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def run_uo(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "engine.cli", *args], capture_output=True, text=True, cwd=cwd, env=env
    )


def test_validate_bundled_content_exits_0() -> None:
    result = run_uo("validate", "maps", "scenarios")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert "ok" in result.stderr
    report = json.loads(run_uo("validate", "--format", "json", "maps", "scenarios").stdout)
    assert {"maps/A-harbour.yaml", "maps/U-sewers.yaml", "scenarios/harbour-crossing.yaml"} <= set(
        report["files"]
    )


def test_validate_reports_located_problems_and_exits_1(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema: uo-map/1\nid: A\nsize: [100, 100]\n"
        "grid: {size: 5, origin: [5, 5], columns: 3, rows: 3}\nwalls: 7\n"
    )
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:5:8: error S103:" in out
    assert "[/walls]" in out


def test_validate_json_format(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema: uo-map/1\nid: a\nsize: [100, 100]\ngrid: {size: 5, origin: [5, 5], columns: 3, rows: 3}\n"
    )
    assert main(["validate", "--format", "json", str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["exit_code"] == 1
    (problem,) = report["problems"]
    assert problem["code"] == "S105"
    assert (problem["line"], problem["col"], problem["pointer"]) == (2, 5, "/id")


def test_validate_unusable_input_exits_2(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"\x00\x01\x02")
    assert main(["validate", str(junk)]) == 2
    assert main(["validate", str(tmp_path / "missing.yaml")]) == 2
    other = tmp_path / "other.yaml"
    other.write_text("name: not ours\n")
    assert main(["validate", str(other)]) == 2
    assert "P006" in capsys.readouterr().out


def test_validate_folder_walks_model_files(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cards.yaml").write_text("schema: uo-cards/1\nid: lib\n")
    assert main(["validate", str(tmp_path)]) == 0
    assert "1 file checked: ok" in capsys.readouterr().err


def test_schema_command_writes_all_formats(tmp_path: Path) -> None:
    result = run_uo("schema", "--out", str(tmp_path))
    assert result.returncode == 0
    assert {
        "uo-cards-1.schema.json",
        "uo-map-1.schema.json",
        "uo-scenario-1.schema.json",
        "uo-log-1.schema.json",
    } <= {p.name for p in tmp_path.iterdir()}


# --- no traceback, ever (17.10) -----------------------------------------------------------------


def test_17_10_an_unexpected_exception_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.cli.commands as commands

    def broken(args: object) -> int:
        raise ValueError("something\nunforeseen")

    monkeypatch.setattr(commands, "cmd_validate", broken)
    assert main(["validate", "maps"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("uo: internal error: ValueError: something unforeseen (details in ")
    assert "please report it" in err
    details = Path(err.split("details in ", 1)[1].split(";", 1)[0])
    text = details.read_text(encoding="utf-8")
    assert "Traceback" in text and "in broken" in text and "ValueError: something" in text


def test_17_10_an_exception_inside_the_editor_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A Qt slot's exception goes to sys.excepthook: `uo edit` installs one that says it in one
    line (the editor goes on, as Qt lets it)."""
    from engine.cli.commands import editor_excepthook

    try:
        raise KeyError("lost")
    except KeyError as exc:
        editor_excepthook(KeyError, exc, exc.__traceback__)
    err = capsys.readouterr().err
    assert err.startswith("uo: internal error: KeyError: 'lost' (details in ") and err.count("\n") == 1


def _loop(tmp_path: Path, name: str) -> Path:
    a, b = tmp_path / name, tmp_path / f"other-{name}"
    a.symlink_to(b)
    b.symlink_to(a)
    return a


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "{yaml}"],
        ["query", "los", "{yaml}", "A0101", "A0102"],
        ["query", "--batch", "{yaml}"],
        ["play", "{yaml}"],
        ["replay", "{json}"],
        ["replay", "{game}", "--scenario", "{yaml}"],
        ["edit", "{yaml}", "--screenshot", "{png}"],
        ["balance", "{yaml}", "--games", "1"],
        ["render", "{yaml}", "--png", "{png}"],
    ],
)
def test_17_10_a_symlink_loop_is_a_located_message_from_every_command(
    tmp_path: Path, command: list[str]
) -> None:
    paths = {"yaml": _loop(tmp_path, "loop.yaml"), "json": _loop(tmp_path, "loop.json")}
    game = tmp_path / "game.json"  # a log whose scenario is gone
    game.write_text(
        json.dumps(
            {
                "schema": "uo-log/1",
                "rules": "urban-operations",
                "scenario": "gone.yaml",
                "scenario_digest": "0" * 64,
                "tables_digest": "0" * 64,
                "seed": 1,
                "players": {"green": "random", "red": "random"},
                "actions": [],
                "actions_digest": "0" * 64,
                "final": "0" * 64,
            }
        ),
        encoding="utf-8",
    )
    paths["game"] = game
    paths["png"] = tmp_path / "shot.png"
    args = [arg.format(**{k: str(v) for k, v in paths.items()}) for arg in command]
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        input="",
        timeout=60,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output and "internal error" not in output, output
    assert "symbolic links" in output, output


def test_17_10_device_files_and_fifos_are_refused_by_query_and_play(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        for command in (["query", "los", path, "A0101", "A0102"], ["play", path], ["replay", path]):
            result = subprocess.run(
                [sys.executable, "-m", "engine.cli", *command],
                capture_output=True,
                text=True,
                cwd=ROOT,
                timeout=60,
            )
            assert result.returncode == 2, result.stderr
            assert f"{path}:0:0: error P000: cannot read" in result.stderr, result.stderr
            assert ("device" in result.stderr or "FIFO" in result.stderr) and "Traceback" not in result.stderr


def test_17_10_an_unreadable_file_is_a_located_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Root reads every file, so the refusal is made by the system call itself: opening the
    file fails with EACCES, as it does for a user without the right."""
    import errno

    locked = tmp_path / "locked.yaml"
    shutil.copy(ROOT / "maps" / "A-harbour.yaml", locked)
    log = tmp_path / "locked.json"
    log.write_text('{"schema": "uo-log/1"}', encoding="utf-8")
    real_open = os.open

    def refusing_open(path: object, *args: object, **kwargs: object) -> int:
        if str(path) in (str(locked), str(log)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing_open)
    commands = [
        ["query", "los", str(locked), "A0101", "A0102"],
        ["validate", str(locked)],
        ["play", str(locked)],
        ["replay", str(log)],
    ]
    for command in commands:
        assert main(command) == 2, command
        out, err = capsys.readouterr()
        assert "permission denied" in out + err and "Traceback" not in err, (command, out, err)


# --- arguments refused by argparse (17.10, 17.15) ------------------------------------------------


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["query", "reach", "maps/A-harbour.yaml", "A0101", "--mp", "-5"], "--mp: must be 0 or more, got -5"),
        (["edit", "--screenshot", "out.png", "--zoom", "0"], "--zoom: must be a finite number above 0"),
        (["edit", "--screenshot", "out.png", "--zoom", "-2"], "--zoom: must be a finite number above 0"),
        (["edit", "--screenshot", "out.png", "--zoom", "nan"], "--zoom: must be a finite number above 0"),
        (["edit", "--screenshot", "out.png", "--zoom", "inf"], "--zoom: must be a finite number above 0"),
        (["edit", "--screenshot", "out.png", "--center", "nan,nan"], "--center: X and Y must be finite"),
        (["edit", "--zoom", "2"], "--zoom only apply with --screenshot"),
        (["edit", "--center", "1,2"], "--center only apply with --screenshot"),
        (
            ["edit", "--screenshot", "out.gif"],
            "has '.gif': the image format comes from the extension, one of .png",
        ),
        (["edit", "--screenshot", "out"], "has no extension: the image format comes from the extension"),
        (["play", "x.yaml", "--games", "0"], "--games: must be 1 or more"),
        (["query", "maps/A-harbour.yaml"], "invalid choice"),
        (["query"], "name a query (los, path, reach, distance) or give --batch FILE"),
        (["query", "--batch", "f.yaml", "los", "f.yaml", "A", "B"], "name no query on the command line"),
    ],
)
def test_17_15_bad_arguments_exit_2_saying_why(
    command: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(command)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err, err


def test_17_15_a_screenshot_extension_in_capitals_is_accepted() -> None:
    from engine.cli.parser import build_parser

    args = build_parser().parse_args(
        ["edit", "--screenshot", "OUT.PNG", "--zoom", "1.5", "--center", "10,20"]
    )
    assert (args.screenshot, args.zoom, args.center) == ("OUT.PNG", 1.5, (10.0, 20.0))


# --- help and the documented contract (first impressions) ---------------------------------------


def _help(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    return capsys.readouterr().out


def test_query_help_explains_its_arguments_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, "query", "los")
    for fragment in (
        "FILE",
        "FROM",
        "TO",
        "a map sheet or a scenario",
        "location id",
        "--format",
        "one JSON object",
    ):
        assert fragment in text, fragment
    assert "--smoke" in text and "--unit" not in text and "--barricade" not in text
    text = _help(capsys, "query", "reach")
    assert "--mp N" in text and "movement points" in text and "--smoke" not in text
    text = _help(capsys, "query", "distance")
    for option in ("--smoke", "--wreck", "--vehicles", "--breach", "--helper", "--unit", "--mp"):
        assert option not in text, option
    text = _help(capsys, "query")
    assert "--batch FILE" in text and "JSON lines" in text


def _options(parser: object) -> dict[str, set[str]]:
    """Every (sub)command path -> its option strings, from the parser itself."""
    import argparse

    found: dict[str, set[str]] = {}

    def walk(p: argparse.ArgumentParser, name: str) -> None:
        found[name] = {s for a in p._actions for s in a.option_strings if s not in ("-h", "--help")}
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(child, f"{name} {sub}".strip())

    walk(parser, "")  # type: ignore[arg-type]
    return found


def test_every_command_and_option_is_documented_in_docs_cli_md() -> None:
    from engine.cli.parser import build_parser

    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for command, options in _options(build_parser()).items():
        if command:
            assert f"uo {command}" in doc, command
        for option in options:
            assert option in doc, (command, option)
    import engine.cli

    assert "docs/cli.md" in (engine.cli.__doc__ or "")
    assert "DESIGN.md" not in Path(engine.cli.__file__).read_text(encoding="utf-8")


def test_edit_refuses_a_format_the_editor_does_not_open(capsys: pytest.CaptureFixture[str]) -> None:
    """A game log validates (uo-log/1 is a registered format) but is no document to edit."""
    golden = ROOT / "tests" / "golden" / "harbour-crossing-heuristic-vs-random-seed41.json"
    assert main(["edit", str(golden), "--screenshot", "x.png"]) == 2
    err = capsys.readouterr().err
    assert "is a uo-log/1 file (replay it with `uo replay`)" in err and "Traceback" not in err
