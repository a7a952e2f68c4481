"""`uo query` start-up and `uo play --jobs` scaling: whole-process figures on the sample.

Start-up: the issue's target is 150 ms of process time for `uo query los` on the sample sheet.
Each figure is measured on a fresh process (`os.wait4`'s resource usage: CPU time, not wall
time, so other processes on the machine matter less), over RUNS runs, and printed as min and
median with the load average, against `python -c pass` (the interpreter's own start-up, the
floor) and against figures measured before (BEFORE, BEFORE_STORE). The warm runs answer from
the on-disk caches (engine/cli/cache.py's validation, battlefield/store.py's battlefield), as
every query after the first on unchanged files does; the cold runs validate and compile first.
The commands run with Python's bytecode cache on (in a temporary PYTHONPYCACHEPREFIX), as an
installed package runs: with PYTHONDONTWRITEBYTECODE every run would compile the engine's
sources again (that figure is printed too). `UO_BENCH_CLI_RUNS` sets another number of runs.

Jobs: `uo play --games K --jobs J` for J = 1 and 2 (random bots, the same seeds), each REPEATS
times on a warm battlefield store: games per second of the series (the command's own figure,
from the first game's start: worker start-up included) and of the whole process, min and
median, the load average before and after; the target is 2 jobs >= 1.7x the games/s of 1 (it
needs two idle cores: on a loaded machine the figure says so). `UO_BENCH_PLAY_GAMES` sets K.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
RUNS = max(10, int(os.environ.get("UO_BENCH_CLI_RUNS", "10")))
TARGET = 0.150
#: `uo query los maps/A-harbour.yaml A0505 A0510` before the validation cache and lazy
#: commands (commit f8172a9): min of 3 runs, user + system CPU seconds, load average ~2
BEFORE = {"seconds": 0.77, "date": "2026-11-23", "commit": "f8172a9"}
#: the same before the battlefield store and pydantic-free cached battlefields (8cdbf80),
#: as the brief measured it: min / median, user + system CPU seconds
BEFORE_STORE = {"seconds": 0.32, "median": 0.36, "commit": "8cdbf80"}
PLAY_GAMES = max(4, int(os.environ.get("UO_BENCH_PLAY_GAMES", "16")))
REPEATS = 3
JOBS_TARGET = 1.7
QUERY = [sys.executable, "-m", "engine.cli", "query", "los", str(SHEET), "A0505", "A0510"]


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User + system CPU time of one run of `command` (it must succeed)."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {err}")
    if proc.stderr:
        proc.stderr.close()
    return usage.ru_utime + usage.ru_stime


def figures(command: list[str], env: dict[str, str], runs: int, before_each: object = None) -> list[float]:
    out = []
    for _ in range(runs):
        if callable(before_each):
            before_each()
        out.append(cpu_seconds(command, env))
    return out


def line(label: str, times: list[float], note: str = "") -> None:
    print(
        f"  {label:<44} min {min(times) * 1e3:7.1f} ms  median {statistics.median(times) * 1e3:7.1f} ms"
        f"  ({len(times)} runs){note}"
    )


def _env(cache: str, pycache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "UO_CACHE")}
    return {**env, "UO_CACHE_DIR": cache, "PYTHONPYCACHEPREFIX": pycache}


def run() -> None:
    run_query()
    run_jobs()


def run_query() -> None:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as pycache:
        env = _env(cache, pycache)
        load = os.getloadavg()
        print(f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")
        base = figures([sys.executable, "-c", "pass"], env, RUNS)
        line("python -c pass (the floor)", base)

        def clear() -> None:
            for part in ("query", "battlefields"):
                for entry in (Path(cache) / part).glob("*"):
                    entry.unlink()

        cold = figures(QUERY, env, 3, clear)
        line("uo query los, cold (validate + compile)", cold)
        cpu_seconds(QUERY, env)  # the cache entry for the warm runs
        warm = figures(QUERY, env, RUNS)
        best = min(warm)
        line(
            "uo query los, warm (cached validation)",
            warm,
            f"  {best / min(base):.1f}x the floor; target {TARGET * 1e3:.0f} ms: "
            + ("met" if best <= TARGET else f"missed by {(best - TARGET) * 1e3:.0f} ms"),
        )
        print(
            f"  before (commit {BEFORE['commit']}, {BEFORE['date']}): {BEFORE['seconds'] * 1e3:.0f} ms;"
            f" before the battlefield store (commit {BEFORE_STORE['commit']}):"
            f" {BEFORE_STORE['seconds'] * 1e3:.0f} ms min, {BEFORE_STORE['median'] * 1e3:.0f} ms median;"
            f" now {best * 1e3:.0f} ms"
            f" ({BEFORE['seconds'] / best:.1f}x, {BEFORE_STORE['seconds'] / best:.1f}x)"
        )
        no_pyc = {k: v for k, v in env.items() if k != "PYTHONPYCACHEPREFIX"}
        line(
            "uo query los, warm, PYTHONDONTWRITEBYTECODE=1",
            figures(QUERY, {**no_pyc, "PYTHONDONTWRITEBYTECODE": "1"}, RUNS),
            "  (engine modules without a .pyc compiled each run)",
        )
        lines = "\n".join(
            json.dumps({"query": "los", "from": f"A{c:02d}05", "to": f"A{c:02d}10"}) for c in range(1, 21)
        )
        batch = [sys.executable, "-m", "engine.cli", "query", "--batch", str(SHEET)]
        proc = subprocess.run(batch, input=lines, capture_output=True, text=True, env=env, cwd=ROOT)
        assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 20, proc.stderr
        batch_times = []
        for _ in range(3):
            p = subprocess.Popen(batch, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
            assert p.stdin is not None
            p.stdin.write(lines.encode())
            p.stdin.close()
            _pid, _status, usage = os.wait4(p.pid, 0)
            batch_times.append(usage.ru_utime + usage.ru_stime)
        line("uo query --batch, 20 los queries, warm", batch_times)


if __name__ == "__main__":
    run()


def _play(jobs: int, env: dict[str, str], games: int = PLAY_GAMES) -> tuple[float, float, float]:
    """(games/s of the series as `uo play` prints it, games/s of the whole process, CPU
    seconds of the process and its workers)."""
    command = [sys.executable, "-m", "engine.cli", "play", str(SCENARIO), "--games", str(games)]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen([*command, "--jobs", str(jobs)], stdout=out, stderr=err, env=env, cwd=ROOT)
        _pid, status, usage = os.wait4(proc.pid, 0)  # its workers, reaped by it, are counted in it
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        assert proc.returncode == 0, err.read().decode()
        speed = next(ln for ln in out.read().decode().splitlines() if ln.startswith("speed:"))
    return float(speed.split()[1]), games / wall, usage.ru_utime + usage.ru_stime


def run_jobs() -> None:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as pycache:
        env = _env(cache, pycache)
        _play(1, env)  # the store's entries (battlefield, LOS table) for every run below
        before = os.getloadavg()
        figures_of: dict[int, list[tuple[float, float, float]]] = {1: [], 2: []}
        single = []
        for _ in range(REPEATS):
            for jobs in (1, 2):  # interleaved: a change of load hits both alike
                figures_of[jobs].append(_play(jobs, env))
            single.append(_play(1, env, games=2)[2])  # (K = 1 is no series)
        after = os.getloadavg()
        print(
            f"  uo play --games {PLAY_GAMES}, random bots; load average {before[0]:.2f} before,"
            f" {after[0]:.2f} after, {os.cpu_count()} cores"
        )
        for jobs, got in figures_of.items():
            series = [g for g, _, _ in got]
            whole = [w for _, w, _ in got]
            cpu = [c for _, _, c in got]
            print(
                f"  --jobs {jobs}: series {max(series):5.2f} best, {statistics.median(series):5.2f} median"
                f" games/s; whole process {max(whole):5.2f} best, {statistics.median(whole):5.2f} median;"
                f" CPU {min(cpu):5.1f} s min ({len(got)} runs)"
            )
        one, two = ([g for g, _, _ in figures_of[jobs]] for jobs in (1, 2))
        ratio = statistics.median(two) / statistics.median(one)
        best = max(two) / max(one)
        verdict = "met" if best >= JOBS_TARGET else "missed"
        print(
            f"  --jobs 2 / --jobs 1: {ratio:.2f}x median, {best:.2f}x best; target {JOBS_TARGET}x: {verdict}"
            + ("" if after[0] < 1.5 else " (the machine was busy: two idle cores are needed)")
        )
        # what two idle cores would give, from CPU times (which a busy machine hardly changes):
        # the start-up (interpreter, loading, the EP rows read) is S, a game g: a two-game run
        # is S + 2g and the 16-game one S + 16g, so S = (8 * two-game - 16-game) / 7. Random
        # series fork at once (workers.py): --jobs 2 is S, then the rest of its
        # CPU shared by two workers. The series figure `uo play` prints starts after S.
        cpu1 = min(c for _, _, c in figures_of[1])
        cpu2 = min(c for _, _, c in figures_of[2])
        start = min(max(0.0, (min(single) * PLAY_GAMES / 2 - cpu1) / (PLAY_GAMES / 2 - 1)), cpu1)
        predicted = cpu1 / (start + (cpu2 - start) / 2)
        series = 2 * (cpu1 - start) / max(cpu2 - start, 1e-9)
        print(
            f"  CPU: --jobs 2 spends {cpu2 - cpu1:+.1f} s beside --jobs 1 ({cpu1:.1f} s); start-up"
            f" {start:.1f} s: on two idle cores --jobs 2 would be {series:.2f}x --jobs 1 in series"
            f" games/s, {predicted:.2f}x in whole-process games/s (estimates)"
        )
