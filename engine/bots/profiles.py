"""Bot profiles (`uo-bot-profile/1`, engine/model/bot_profile.py) as the runners use them: a
bot is named by a spec, `NAME` or `NAME@PROFILE` (the profile file's path), so that a series
or a balance run hands each worker process a plain string and every worker builds the same
bot (runner.make_bot)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..io.problems import Severity
from ..lint.context import Workspace
from ..lint.runner import validate_paths
from ..model.bot_profile import BotProfile
from ..rules.ruleset import GameSetupError


def spec(name: str, profile: str | Path | None) -> str:
    """The spec of bot `name` playing with the profile file `profile` (none: its defaults)."""
    return name if profile is None else f"{name}@{Path(profile).resolve()}"


def parse(bot: str) -> tuple[str, str | None]:
    """(the bot's name, its profile file or None) from a spec."""
    name, at, path = bot.partition("@")
    return name, (path if at else None)


@lru_cache(maxsize=16)
def load_profile(path: str) -> BotProfile:
    """The profile in `path`, validated like every file; raises GameSetupError with its
    located problems (file, line, field) when it is not a usable profile."""
    workspace = Workspace({})
    file = Path(path)
    report = validate_paths([file], workspace)
    errors = [p for p in report.problems if p.severity == Severity.error]
    if errors or report.unusable:
        raise GameSetupError(errors or report.problems)
    doc = workspace.load(file)
    if not isinstance(doc.model, BotProfile):
        raise GameSetupError([doc.problem("", "P006", "a bot profile (uo-bot-profile/1) is needed")])
    return doc.model
