"""Balance runs (engine/bots/balance.py, engine/bots/cluster.py, `uo balance`): what a game
records from the observations, the figures of a run, worker processes and cancel, Ray's
install hint. A handful of random-bot games only: long runs are bench/bench_balance.py's."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

from engine.bots.balance import BalanceReport, BalanceRun, GameRecord, objectives_of, record_game
from engine.bots.cluster import INSTALL_HINT, batch_size, batches
from engine.cli import main
from engine.model.scenario import Side
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _record(seed: int, winner: str | None, initiative: str, green: int, red: int, **kw: object) -> GameRecord:
    return GameRecord(seed, winner, None, {"green": green, "red": red}, 100 + seed, 8, initiative, **kw)  # type: ignore[arg-type]


def test_the_figures_of_a_run() -> None:
    """Shares with Wilson intervals, points, length; the first mover is the side with the
    first turn's initiative, whichever colour it is."""
    records = (
        _record(0, "green", "green", 3, 0, eliminations=("A0101", "A0102"), captures=(("32.2", "green"),)),
        _record(1, "red", "green", 0, 2, eliminations=("A0101",)),
        _record(2, "red", "red", 1, 4, captures=(("32.2", "red"), ("32.2", "green"))),
        _record(3, None, "red", 0, 0),
    )
    report = BalanceReport("s", "random", "heuristic", records)
    assert report.outcomes["green"].count == 1 and report.outcomes["red"].count == 2
    assert report.outcomes["undecided"].share == 0.25
    low, high = report.outcomes["red"].interval
    assert low < 0.5 < high
    assert report.average_points() == {"green": 1.0, "red": 1.5}
    assert report.average_length() == {"actions": 101.5, "turns": 8.0}
    assert report.initiative_sides() == {"green": 2, "red": 2}
    # games 0 and 2 went to the side with the initiative, game 1 to the other, 3 to nobody
    assert report.first_mover["first"].count == 2 and report.first_mover["second"].count == 1
    assert report.first_mover["first"].games == 4
    assert report.eliminations() == {"A0101": 2, "A0102": 1}
    assert report.captures() == {"32.2": {"green": 2, "red": 1}}
    data = report.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["seeds"] == [0, 3] and data["first_mover"]["first"]["interval"][1] > 0.5
    assert "first mover won" in report.text()


def test_a_game_records_its_eliminations_and_captures_from_the_observations(game: Game) -> None:
    objectives = objectives_of(game)
    assert "A2108" in objectives and "32.2" in objectives  # the sample's victory locations
    record = record_game(game, "random", "random", 1, objectives)
    assert record.error is None and record.turns == game.scenario.turns
    assert record.initiative == game.initiative(1).value
    # every block (not dummy) its own side sees eliminated at the end was recorded once
    from engine.bots.series import run_game

    play = run_game(game, "random", "random", 1)  # the same seed: the same game
    fallen = [b for side in Side for b in play.observation(side).own if b.eliminated and b.type is not None]
    assert len(record.eliminations) == len(fallen) > 0
    assert all(loc in game.battlefield.by_id for loc in record.eliminations)
    assert record.captures and all(loc in objectives for loc, _ in record.captures)
    assert record.actions == len(play.log) and record.points == {
        s.value: n for s, n in play.outcome.points.items()
    }


def test_after_set_up_the_record_reads_only_the_own_blocks_of_the_observations(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 14 (1,000 games, the runner loses nothing): the record built both sides' whole
    observations after every action, a tenth of a heuristic game and a third of a random one;
    it reads only their own blocks (and, during set-up, phase and initiative). The blocks are
    the observations' very own, and the record is the same as from whole observations."""
    from engine.bots import balance
    from engine.bots.runner import make_bot, play_game
    from engine.rules.uo.observation import own_blocks
    from engine.rules.uo.play import Play

    asked: list[int] = []

    def checked(play: object, side: Side) -> object:
        own = own_blocks(play, side)  # type: ignore[arg-type]
        assert own == play.observation(side).own  # type: ignore[attr-defined]
        asked.append(1)
        return own

    monkeypatch.setattr(Play, "own_blocks", checked)
    objectives = objectives_of(game)
    now, before = balance._Recorder(objectives), balance._Recorder(objectives)
    whole = balance._Recorder.observe

    def both(play: object) -> None:
        now(play)  # type: ignore[arg-type]
        if not (play.log and play.log[-1].get("action") in balance.QUIET and play.decision):  # type: ignore[attr-defined]
            before.setup = True  # as before: every observation whole
            whole(before, play)  # type: ignore[arg-type]

    bots = [make_bot("random", game, 2, side) for side in Side]
    play_game(game, *bots, 2, both)
    assert len(asked) > 200 and now.eliminations and now.captures
    assert (now.initiative, now.eliminations, now.captures) == (
        before.initiative,
        before.eliminations,
        before.captures,
    )


def test_uo_balance_gives_the_same_figures_on_two_workers(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two games on two worker processes, printed as JSON with the plots written, equal the
    same seeds played here one after the other."""
    plots = tmp_path / "plots"
    code = main(
        [
            "balance",
            str(SCENARIO),
            "--games",
            "2",
            "--seed",
            "5",
            "--jobs",
            "2",
            "--json",
            "--plots",
            str(plots),
        ]
    )
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    objectives = objectives_of(game)
    here = BalanceReport(
        "harbour-crossing",
        "random",
        "random",
        tuple(record_game(game, "random", "random", seed, objectives) for seed in (5, 6)),
    )
    assert printed == json.loads(json.dumps(here.to_json()))
    assert printed["games"] == 2 and printed["seeds"] == [5, 6]
    for name in ("balance-points.png", "balance-heatmap.png"):
        assert (plots / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cancel_stops_the_workers() -> None:
    """Cancelled from another thread (the editor's GUI thread) while the workers play: the
    iteration ends without waiting for the games, and the worker processes are gone."""
    run = BalanceRun(SCENARIO, "random", "random", range(0, 40), jobs=2)
    seen: list[GameRecord] = []
    playing = threading.Thread(target=lambda: seen.extend(run))
    playing.start()
    assert run.started.wait(timeout=60)
    workers = list(run._pool._pool)
    run.cancel()
    playing.join(timeout=60)
    assert not playing.is_alive() and len(seen) < 40
    assert workers and all(not p.is_alive() for p in workers)


def test_without_ray_cluster_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    assert main(["balance", str(SCENARIO), "--games", "2", "--cluster", "ray"]) == 2
    err = capsys.readouterr().err
    assert INSTALL_HINT in err and "pip install -e '.[cluster]'" in err


def test_ray_batches_cover_the_seeds_in_order() -> None:
    assert batches(range(3, 10), 3) == [range(3, 6), range(6, 9), range(9, 10)]
    assert batch_size(200, 2) == 25 and batch_size(5, 8) == 2


def test_uo_balance_refuses_unusable_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before any game is played: --plots naming a file, --address without --cluster."""
    a_file = tmp_path / "plots.png"
    a_file.write_bytes(b"")
    assert main(["balance", str(SCENARIO), "--plots", str(a_file)]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["balance", str(SCENARIO), "--address", "ray://host:10001"])
    assert exit_.value.code == 2
    assert "--address only applies with --cluster ray" in capsys.readouterr().err
