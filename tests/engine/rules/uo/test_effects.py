"""Weapons effect on the shooter's own side (8.2.1, 8.2.7.7), on the small map and, for
the underground echo, on the sample scenario's sewer insert."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from engine.battlefield import Location, LocKind
from engine.battlefield.movement import ep_from, ep_within
from engine.model.cards import BlockType, EffectClass, Protection, Weapon
from engine.model.scenario import Side
from engine.rules.uo import effects
from engine.rules.uo.fight import weapon
from engine.rules.uo.game import Game
from engine.rules.uo.invariants import check
from engine.rules.uo.play import Play

from .small import B, small_game

ROOT = Path(__file__).resolve().parents[4]
RED_FAR = B("r-far", at="S1410")


def play_of(green: list[B], red: list[B] | None = None) -> Play:
    game = small_game(green=green, red=red or [RED_FAR], leaders=False)
    return Play(game, 0)


def test_8_2_1_2_light_weapons_hit_friendly_foot_blocks_in_the_fire_lane() -> None:
    play = play_of(
        [
            B("g-mg", at="S0802"),
            B("g-between", at="S0805"),
            B("g-beyond", at="S0810"),
            B("g-aside", at="S1005"),
            B("g-behind", at="S0801"),
        ],
        [B("r-target", at="S0808")],
    )
    hits = {h.block: h for h in effects.shot_hits(play, "g-mg", weapon(play, "g-mg", "mg"), "S0808", False)}
    assert set(hits) == {"g-between", "g-beyond"}  # on the line, either side of the target
    assert all(h.osl == 1 and h.zone == "fire lane" for h in hits.values())


def test_4_3_7_2_a_heavy_weapon_always_affects_the_locations_neighbouring_its_target() -> None:
    """4.3.7.2: "The area of effect of heavy weapons extends: in some cases, around the firing
    unit; always in the locations neighbouring the target of the shooting." The small map's
    ATGM card gives a blast around the firer and no radius around the target."""
    play = play_of(
        [B("g-atgm", BlockType.support_weapons, "S0802"), B("g-next", at="S0908"), B("g-2ep", at="S1008")],
        [B("r-target", at="S0808")],
    )
    w = weapon(play, "g-atgm", "atgm")
    assert w.area_of_effect.effect == EffectClass.heavy and w.area_of_effect.around_target == 0
    bf = play.game.battlefield
    assert ep_within(bf, "S0808", "S0908", 1) == 1 and ep_within(bf, "S0808", "S1008", 1) is None
    hits = {h.block: h for h in effects.shot_hits(play, "g-atgm", w, "S0808", False)}
    assert set(hits) == {"g-next"} and hits["g-next"].zone == "around the target"
    assert hits["g-next"].osl == 2  # the card's heavy weapons effect around the objective, soft
    # the card's radius stands when it is larger; a light weapon has none around its target
    wider = w.area_of_effect.model_copy(update={"around_target": 2})
    assert wider.target_radius() == 2 and w.area_of_effect.target_radius() == 1
    assert weapon(play, "g-next", "mg").area_of_effect.target_radius() == 0


def test_8_2_1_4_the_fire_lane_stops_at_an_obstacle() -> None:
    # S0404 is on the line from S1004 through S0804 (row 04), but building 1 hides it
    play = play_of(
        [B("g-mg", at="S1004"), B("g-hidden", at="S0404")],
        [B("r-target", at="S0804")],
    )
    assert not play.sees("S1004", "S0404")
    hits = effects.shot_hits(play, "g-mg", weapon(play, "g-mg", "mg"), "S0804", False)
    assert [h.block for h in hits] == []


def test_8_2_1_4_the_fire_lane_goes_on_2_ep_beyond_an_obstacle() -> None:
    # down column 11 from S1101 through the target S1103: the woods S1104 stop the LOS,
    # and the lane goes on 2 EP beyond them (S1105, S1106), no farther (S1107)
    play = play_of(
        [B("g-mg", at="S1101"), B("g-1", at="S1105"), B("g-2", at="S1106"), B("g-3", at="S1107")],
        [B("r-target", at="S1103")],
    )
    assert not play.sees("S1101", "S1105") and not play.sees("S1101", "S1107")
    hits = effects.shot_hits(play, "g-mg", weapon(play, "g-mg", "mg"), "S1103", False)
    assert sorted(h.block for h in hits) == ["g-1", "g-2"]
    assert all(h.zone == "fire lane" for h in hits)


def test_8_2_1_2_heavy_weapons_hit_around_the_target_soft_2_armour_1() -> None:
    play = play_of(
        [
            B("g-tank", BlockType.mbt, at="S0802"),
            B("g-foot", at="S0909"),
            B("g-apc", BlockType.apc, at="S0709"),
        ],
        [B("r-target", at="S0809")],
    )
    hits = {
        h.block: h for h in effects.shot_hits(play, "g-tank", weapon(play, "g-tank", "gun"), "S0809", False)
    }
    assert hits["g-foot"].osl == 2 and hits["g-foot"].zone == "around the target"
    assert hits["g-apc"].osl == 1


def test_8_2_1_2_heavy_weapons_blast_around_the_firer() -> None:
    play = play_of(
        [B("g-atgm", BlockType.support_weapons, at="S0502"), B("g-next", at="S0503"), B("g-far", at="S0510")],
        [B("r-target", BlockType.mbt, at="S1202")],
    )
    hits = {
        h.block: h for h in effects.shot_hits(play, "g-atgm", weapon(play, "g-atgm", "atgm"), "S1202", False)
    }
    assert hits["g-next"].osl == 1 and hits["g-next"].zone == "around the firer"
    assert "g-far" not in hits


def test_8_2_1_3_hit_blocks_are_activated_and_armour_keeps_its_operational_level() -> None:
    play = play_of(
        [
            B("g-tank", BlockType.mbt, at="S0802"),
            B("g-apc", BlockType.apc, at="S0709"),
            B("g-foot", at="S0909"),
        ],
        [B("r-target", at="S0809")],
    )
    play.state.blocks["g-apc"].losses = 1
    play.state.blocks["g-foot"].losses = 1
    effects.apply(play, "g-tank", "gun", "S0809")
    apc, foot = play.state.blocks["g-apc"], play.state.blocks["g-foot"]
    assert apc.losses == 1 and apc.on_map and apc.activated  # never below operational
    assert foot.eliminated  # 1 + 2 OSL: beyond its last level (4.3.2.1)
    check(play)


def test_8_2_1_3_a_block_that_reacted_and_is_hit_is_completed() -> None:
    play = play_of([B("g-mg", at="S0802"), B("g-between", at="S0805")], [B("r-target", at="S0808")])
    play.state.blocks["g-between"].reaction = True
    effects.apply(play, "g-mg", "mg", "S0808")
    b = play.state.blocks["g-between"]
    assert b.completed and not b.reaction and b.losses == 1


def test_8_2_8_vehicles_in_an_assault_cause_no_weapons_effect() -> None:
    play = play_of(
        [B("g-tank", BlockType.mbt, at="S0808"), B("g-foot", at="S0909")], [B("r-target", at="S0809")]
    )
    assert effects.shot_hits(play, "g-tank", weapon(play, "g-tank", "gun"), "S0809", True) == []


@pytest.fixture(scope="module")
def sample() -> Game:
    return Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")


def test_8_2_1_4_light_weapons_echo_underground_within_2_ep(sample: Game) -> None:
    play = Play(sample, 0)
    red = [b.id for b in sample.blocks.values() if b.side == Side.red and not b.dummy and not b.vehicle]
    shooter, near, far = red[:3]
    for b in play.state.blocks.values():
        b.location = None
    play.state.blocks[shooter].location = "U0304"
    play.state.blocks[near].location = "U0104"  # 2 EP away, off the line of fire
    play.state.blocks[far].location = "U0604"  # 3 EP
    light = next(w for w in sample.blocks[shooter].profile.weapons if w.area_of_effect.effect == "light")
    hits = {h.block: h for h in effects.shot_hits(play, shooter, light, "U0302", False)}
    assert near in hits and hits[near].zone == "echo underground" and hits[near].osl == 1
    assert far not in hits


def test_8_2_1_hits_is_a_function_over_what_the_shooter_side_knows() -> None:
    """A bot estimates its own shot from the battlefield, the table, where it fires from and
    where its own blocks are: the same hits as the play applies, with no Play at hand."""
    play = play_of(
        [
            B("g-tank", BlockType.mbt, at="S0802"),
            B("g-foot", at="S0810"),
            B("g-lane", at="S0805"),
            B("g-apc", BlockType.apc, at="S0908"),
        ],
        [B("r-target", at="S0809")],
    )
    game = play.game
    gun = weapon(play, "g-tank", "gun")
    own = {
        bid: (b.location, game.blocks[bid].profile.protection)
        for bid, b in play.state.blocks.items()
        if game.blocks[bid].side == Side.green and bid != "g-tank" and b.location
    }
    pure = effects.hits(game.battlefield, game.tables.weapons_effect, gun, "S0802", "S0809", own)
    assert pure == effects.shot_hits(play, "g-tank", gun, "S0809", False)
    assert {h.block for h in pure} == {"g-foot", "g-lane"}  # around the target, in the lane
    # a vehicle's assault overruns: no weapons effect (8.2.8)
    assert (
        effects.hits(
            game.battlefield,
            game.tables.weapons_effect,
            gun,
            "S0802",
            "S0809",
            own,
            assault=True,
            vehicle=True,
        )
        == []
    )


def _plain_hits(
    game: Game,
    w: Weapon,
    origin: str,
    target: str,
    friends: dict[str, tuple[str, Protection]],
    sees: effects.Sees,
) -> list[effects.Hit]:
    """8.2.1 spot by spot, as the rule reads, with nothing looked up once a shot: what
    `effects.hits` (which keeps the EP rows and the lane's line for all the friends) must
    give back."""
    bf, table = game.battlefield, game.tables.weapons_effect
    aoe, losses = w.area_of_effect, table.losses
    start, aim = bf.location(origin), bf.location(target)
    heavy = aoe.effect == EffectClass.heavy

    def along_line(p: Location) -> float | None:
        (ax, ay), (bx, by), (px, py) = start.centre, aim.centre, p.centre
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        along = ((px - ax) * dx + (py - ay) * dy) / length
        across = abs((px - ax) * dy - (py - ay) * dx) / length
        if along <= 0 or across > bf.hex_size.get(start.layer, 10.0) * math.sqrt(3) / 2:
            return None
        return along

    def in_lane(p: Location) -> bool:
        if not (start.layer == aim.layer == p.layer) or start.index == aim.index:
            return False
        along = along_line(p)
        reach = effects.max_range(w) + table.lane_beyond_range
        if along is None or ep_within(bf, origin, p.id, reach) is None:
            return False
        if sees(origin, p.id):
            return True
        for near, d in ep_from(bf, p.id).items():
            x = bf.location(near)
            if (
                near == p.id
                or d > table.lane_beyond_obstacle
                or x.layer != start.layer
                or x.index == start.index
            ):
                continue
            near_along = along_line(x)
            if near_along is not None and near_along < along and sees(origin, near):
                return True
        return False

    out = []
    for bid, (there, protection) in friends.items():
        found: list[tuple[int, str]] = []
        if heavy:
            if aoe.around_firer and ep_within(bf, origin, there, aoe.around_firer) is not None:
                found.append((losses.heavy.around_firer.of(protection), "around the firer"))
            if aoe.around_target and ep_within(bf, target, there, aoe.around_target) is not None:
                found.append((losses.heavy.around_target.of(protection), "around the target"))
        elif (
            start.kind == LocKind.underground
            and ep_within(bf, origin, there, table.underground_echo) is not None
        ):
            found.append((losses.light.underground_echo.of(protection), "echo underground"))
        if in_lane(bf.location(there)):
            found.append(((losses.heavy.lane if heavy else losses.light.lane).of(protection), "fire lane"))
        osl, zone = max(found, default=(0, ""))
        if osl:
            out.append(effects.Hit(bid, osl, zone))
    return out


def test_8_2_1_hits_with_the_shot_looked_up_once_equal_the_rule_spot_by_spot(sample: Game) -> None:
    """`hits` works out the EP rows from the firer and the target and the lane's line once a
    shot: on the sample map, for light and heavy weapons, shots on the surface and below,
    and a LOS with obstacles the static table does not know, it gives what the rule gives
    spot by spot."""
    bf = sample.battlefield
    rng = random.Random(8)
    weapons = {
        w.area_of_effect.effect: w
        for b in sample.blocks.values()
        for w in b.profile.weapons
        if w.area_of_effect
    }
    assert {EffectClass.light, EffectClass.heavy} <= set(weapons)
    ids = [loc.id for loc in bf.locations]
    underground = [loc.id for loc in bf.locations if loc.kind == LocKind.underground]
    smoke = set(rng.sample(ids, 60))  # obstacles the static table does not know

    def smoky(a: str, b: str) -> bool:
        return bf.los_table.clear(a, b) and a not in smoke and b not in smoke

    shots = 0
    for _ in range(150):
        origin = rng.choice(underground if rng.random() < 0.2 else ids)
        near = [loc for loc, d in ep_from(bf, origin).items() if d <= 12]
        target = rng.choice(near)
        friends = {
            f"f{i}": (loc, rng.choice(list(Protection)))
            for i, loc in enumerate(rng.sample(near, min(30, len(near))))
        }
        for w in weapons.values():
            for sees in (bf.los_table.clear, smoky):
                got = effects.hits(bf, sample.tables.weapons_effect, w, origin, target, friends, sees=sees)
                assert got == _plain_hits(sample, w, origin, target, friends, sees), (origin, target, w.id)
                shots += bool(got)
    assert shots > 50  # (hits found, not only empty answers)
