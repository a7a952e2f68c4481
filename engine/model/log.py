"""The game log (`uo-log/1`): a played game as a file, enough to replay it and to prove the
replay reached the same end (DESIGN.md: "the log is the game").

It names the rule set and the scenario it was played with, the content digest of the
scenario's files (the scenario and every file it references, house-rule tables included) and
of the rule tables shipped with the studio, so a replay against other files or other tables
is refused by name rather than failing on some later action. Every action entry holds
the dice rolled while applying it, an empty list when none was: a missing `rolls` is an
error, never "not checked". The actions' own digest says they are the ones recorded (an
integrity check against edits, not a signature: whoever edits the actions can recompute it).
The final state's digest, and one digest per part of the state,
say whether and where a replay ends elsewhere.

The model knows no rule set: an action entry is its class name, its own fields (whatever the
rule set's actions hold) and its rolls.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import ConfigDict, Field

from .common import D10Roll, Strict

LOG_FORMAT: Final = "uo-log/1"

#: what an action's own field may hold: ids, numbers, flags, and lists of them
Scalar = str | int | float | bool | None
ActionValue = Scalar | list[Scalar]

Digest = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$", description="A sha256 digest in hex.")]


class TableRow(Strict):
    """A row of a rule table that dice of the entry were read on: the game report says which
    row each roll used. Rule-set neutral: the table and the row are named as the rule set's
    tables name them."""

    table: str = Field(
        min_length=1,
        max_length=200,
        description="The table, as the rule set's table files name it (e.g. 'critical_hits.soft').",
    )
    row: str = Field(
        min_length=1,
        max_length=200,
        description="The row read, with what it says (e.g. '7-8: +1 FP').",
    )
    dice: list[Annotated[int, Field(ge=0, le=999)]] = Field(
        min_length=1,
        max_length=16,
        description="Which of the entry's rolls were read on it (0 is the first of `rolls`).",
    )


#: the keys of a log entry that are the log's own, not the action's fields
ENTRY_KEYS: Final = ("action", "rolls", "rows")


class LogEntry(Strict):
    """One action as played: `action` names its kind, its own fields follow (extra keys,
    defined by the rule set), `rolls` the d10 results rolled while applying it, in order,
    `rows` the table rows they were read on."""

    # the action's own fields are the rule set's business: the model lets through plain JSON
    # values (no nested objects) and the rule set's `action_from_json` reads them, naming the
    # entry when one is wrong
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, ActionValue] = Field(init=False)

    action: str = Field(
        pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
        max_length=64,
        description="The action's kind, as the rule set names it (e.g. 'Deploy', 'Fire').",
    )
    rolls: list[D10Roll] = Field(
        max_length=1000,
        description="Every d10 rolled while applying the action, in order; [] when none was.",
    )
    rows: list[TableRow] | None = Field(
        None,
        max_length=1000,
        description="The table row each roll was read on, when the rule set names them (absent in logs "
        "written before it did, and for an action that rolled nothing).",
    )


class StartEntry(Strict):
    """The dice the rules rolled while the play was created, before any action (Urban
    Operations: turn 1's initial phase, 3.1.1, when the scenario leaves no set-up decision to
    take first): recorded so a replay checks them like an action's."""

    rolls: list[D10Roll] = Field(
        min_length=1, max_length=1000, description="Every d10 rolled as the play started, in order."
    )
    rows: list[TableRow] | None = Field(
        None,
        max_length=1000,
        description="The table row each roll was read on, when the rule set names them.",
    )


class GameLog(Strict):
    """A game played from a scenario's set-up: what it was played with and every action."""

    format: Literal["uo-log/1"] = Field(LOG_FORMAT, alias="schema", description="File format and version.")
    rules: str = Field(
        pattern=r"^[a-z][a-z0-9-]*$",
        max_length=64,
        description="The rule set that played it, as scenarios name it (e.g. 'urban-operations').",
    )
    scenario: str = Field(
        min_length=1,
        max_length=4096,
        description="The scenario file, relative to the log's folder (so the two can move together).",
    )
    scenario_digest: Digest = Field(
        description="sha256 of the scenario's content and of every file it references (sheets, inserts, "
        "card libraries, house-rule tables), in a fixed order."
    )
    tables_digest: Digest = Field(
        description="sha256 of the rule tables shipped with the studio, by content (a scenario's "
        "house-rule tables count in scenario_digest)."
    )
    seed: int = Field(
        ge=-(2**63), lt=2**63, description="The game's seed: the dice and the bots' choices follow from it."
    )
    players: dict[str, str] = Field(
        description="Who played each side (side -> bot name, or 'human').",
    )
    start: StartEntry | None = Field(
        None,
        description="Dice rolled as the play started, before the first action (absent when none was, and in "
        "logs written before they were recorded).",
    )
    actions: list[LogEntry] = Field(max_length=1_000_000, description="Every action applied, in order.")
    actions_digest: Digest = Field(
        description="sha256 of the actions' canonical JSON (each entry's kind, fields and rolls, in "
        "order): a log whose actions were edited afterwards - even into an equivalent game, such as "
        "two set-up deploys swapped - is not the game that was recorded."
    )
    final: Digest = Field(description="sha256 of the final state's canonical JSON.")
    final_parts: dict[str, Digest] = Field(
        default_factory=dict,
        description="Digest of each part of the final state (each field, each block), to say where a "
        "replay ends elsewhere.",
    )
