"""Checks of card libraries (L2xx)."""

from __future__ import annotations

from collections.abc import Iterator

from ...io.problems import Severity
from ...model.cards import NEIGHBOURING, TWO_LEVEL_TYPES, VEHICLE_TYPES, EffectClass, ExtraMission, UnitKind
from ..context import CardsContext
from ..registry import Finding, check

FMT = "uo-cards/1"


@check("L201", "duplicate-card-id", FMT)
def duplicate_card_id(ctx: CardsContext) -> Iterator[Finding]:
    """Two unit cards, two support cards or two event cards of a library have the same id."""
    lib = ctx.library
    groups: list[tuple[str, list[str]]] = [
        ("unit_cards", [c.id for c in lib.unit_cards]),
        ("support_cards", [c.id for c in lib.support_cards]),
        ("event_cards", [c.id for c in lib.event_cards]),
    ]
    for field, ids in groups:
        first: dict[str, int] = {}
        for i, ident in enumerate(ids):
            if ident in first:
                yield Finding(
                    f"/{field}/{i}/id", f"duplicate card id '{ident}' (first used at /{field}/{first[ident]})"
                )
            else:
                first[ident] = i


@check("L202", "duplicate-weapon-id", FMT)
def duplicate_weapon_id(ctx: CardsContext) -> Iterator[Finding]:
    """Two weapons of a unit card have the same id (weapon ids are unique on their card)."""
    for c, card in enumerate(ctx.library.unit_cards):
        first: dict[str, str] = {}
        for b, block in enumerate(card.blocks):
            for w, weapon in enumerate(block.weapons):
                pointer = f"/unit_cards/{c}/blocks/{b}/weapons/{w}/id"
                if weapon.id in first:
                    yield Finding(
                        pointer,
                        f"card '{card.id}': duplicate weapon id '{weapon.id}'"
                        f" (first used at {first[weapon.id]})",
                    )
                else:
                    first[weapon.id] = pointer


@check("L203", "duplicate-block-type", FMT)
def duplicate_block_type(ctx: CardsContext) -> Iterator[Finding]:
    """A unit card lists the same block type twice (use `count` for several blocks)."""
    for c, card in enumerate(ctx.library.unit_cards):
        seen: set[str] = set()
        for b, block in enumerate(card.blocks):
            if block.type in seen:
                yield Finding(
                    f"/unit_cards/{c}/blocks/{b}/type",
                    f"card '{card.id}' lists block type '{block.type}' twice; set `count` instead",
                )
            seen.add(block.type)


@check("L204", "unknown-extra-mission-support", FMT)
def unknown_extra_mission_support(ctx: CardsContext) -> Iterator[Finding]:
    """An event card's extra 3D mission names a support card the library does not have.

    Libraries holding no support card at all are left alone: their support cards may
    come from another library of the scenario."""
    lib = ctx.library
    if not lib.support_cards:
        return
    ids = {c.id for c in lib.support_cards}
    for e, card in enumerate(lib.event_cards):
        if isinstance(card.effect, ExtraMission) and card.effect.support not in ids:
            yield Finding(
                f"/event_cards/{e}/effect/support",
                f"event card '{card.id}': no support card '{card.effect.support}' in library '{lib.id}'",
            )


@check("L205", "osl-levels", FMT)
def osl_levels(ctx: CardsContext) -> Iterator[Finding]:
    """A block profile's number of OSL levels does not match its type (4.3.2.1).

    Commander, logistics, JFO, command post and sniper blocks have 2 levels, others 3."""
    for c, card in enumerate(ctx.library.unit_cards):
        for b, block in enumerate(card.blocks):
            expected = 2 if block.type in TWO_LEVEL_TYPES else 3
            if block.osl_levels != expected:
                yield Finding(
                    f"/unit_cards/{c}/blocks/{b}/osl_levels",
                    f"card '{card.id}': a '{block.type}' block has {expected} OSL levels (4.3.2.1),"
                    f" not {block.osl_levels}",
                )


@check("L206", "card-kind-mismatch", FMT)
def card_kind_mismatch(ctx: CardsContext) -> Iterator[Finding]:
    """A vehicle card fields foot blocks, or a platoon card fields only vehicles."""
    for c, card in enumerate(ctx.library.unit_cards):
        if card.kind == UnitKind.vehicle:
            for b, block in enumerate(card.blocks):
                if block.type not in VEHICLE_TYPES:
                    yield Finding(
                        f"/unit_cards/{c}/blocks/{b}/type",
                        f"vehicle card '{card.id}' fields block type '{block.type}';"
                        " vehicle cards field vehicles",
                    )
        elif all(block.type in VEHICLE_TYPES for block in card.blocks):
            yield Finding(
                f"/unit_cards/{c}/kind" if "kind" in _keys(ctx, c) else f"/unit_cards/{c}",
                f"platoon card '{card.id}' fields only vehicles; set `kind: vehicle`",
            )


def _keys(ctx: CardsContext, c: int) -> set[str]:
    data = ctx.doc.data
    try:
        item = data["unit_cards"][c]
    except (KeyError, IndexError, TypeError):
        return set()
    return set(item) if isinstance(item, dict) else set()


@check("L207", "heavy-weapon-target-radius", FMT)
def heavy_weapon_target_radius(ctx: CardsContext) -> Iterator[Finding]:
    """A heavy weapon's radius around the target is below 1 EP, which 4.3.7.2 contradicts (warning).

    "The area of effect of heavy weapons extends ... always in the locations neighbouring
    the target of the shooting": the engine reads such a card as 1 EP around the target
    (`AreaOfEffect.target_radius`); the card should say so."""
    for c, card in enumerate(ctx.library.unit_cards):
        for b, block in enumerate(card.blocks):
            for w, weapon in enumerate(block.weapons):
                aoe = weapon.area_of_effect
                if aoe.effect != EffectClass.heavy or aoe.around_target >= NEIGHBOURING:
                    continue
                base = f"/unit_cards/{c}/blocks/{b}/weapons/{w}/area_of_effect"
                given = "around_target" in _aoe_keys(ctx, c, b, w)
                yield Finding(
                    f"{base}/around_target" if given else base,
                    f"card '{card.id}': heavy weapon '{weapon.id}' always affects the locations"
                    f" neighbouring its target (4.3.7.2): around_target {aoe.around_target} is read"
                    f" as {NEIGHBOURING}",
                    severity=Severity.warning,
                )


def _aoe_keys(ctx: CardsContext, c: int, b: int, w: int) -> set[str]:
    try:
        item = ctx.doc.data["unit_cards"][c]["blocks"][b]["weapons"][w]["area_of_effect"]
    except (KeyError, IndexError, TypeError):
        return set()
    return set(item) if isinstance(item, dict) else set()
