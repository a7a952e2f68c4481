"""What the board marks on locations besides blocks, worked out from the observations (no
Qt): counters face down until revealed and a side's own face up (5.2: its mines only for
itself, as the observation holds them), smoke, wrecks, toxic clouds, opened breaches,
Fortified markers, flare-lit locations (drawn from `lit`), and the rings of this turn's 3D strikes by EP
distance, 1 OSL less in fortified locations (7.3.3.3, 5.2.4.2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.battlefield import Battlefield
from engine.battlefield.movement import ep_from
from engine.model.cards import SupportCard, SupportKind
from engine.model.scenario import Side
from engine.rules.uo.observation import Observation

#: a counter's short name on its chip, and its long name for the tooltip
COUNTER_NAMES: dict[str, tuple[str, str]] = {
    "barricade": ("BAR", "barricade (5.2.3.5)"),
    "ied_uxo": ("IED", "IED/UXO (5.2.3.1)"),
    "population": ("POP", "population (5.2.3.3)"),
    "at_mine": ("MINE", "your AT mine (5.2.2)"),
    "toxic": ("TOX", "toxic cloud (5.2.4.4)"),
    "smoke": ("SMK", "Smoke counter (5.2.4.3)"),
    "wreck": ("WRK", "Wreck counter (5.2.4.5)"),
    "breach": ("BRC", "breach opened (5.2.4.1)"),
    "fortified": ("FORT", "Fortified marker (5.2.4.2)"),
}
SCOUTING = frozenset({SupportKind.drone_recon, SupportKind.helicopter_recon})
FACE_DOWN = ("?", "a counter face down: not revealed yet (5.2.3)")


@dataclass(frozen=True)
class Mark:
    """A counter or marker on a location: `kind` a COUNTER_NAMES key, None face down."""

    location: str
    kind: str | None
    owner: Side | None = None  # a side's barricade or mine, a side's Fortified marker

    @property
    def text(self) -> str:
        return COUNTER_NAMES[self.kind][0] if self.kind in COUNTER_NAMES else FACE_DOWN[0]

    @property
    def tip(self) -> str:
        name = COUNTER_NAMES[self.kind][1] if self.kind in COUNTER_NAMES else FACE_DOWN[1]
        whose = f"{self.owner.value}'s " if self.owner is not None and self.kind != "at_mine" else ""
        return f"{self.location}: {whose}{name}"


def marks_of(observations: Iterable[Observation]) -> list[Mark]:
    """Every mark the observations show (all-seeing: both sides', each counter once, face
    up if either side knows it), the Fortified markers among them (on the map for all,
    5.2.4.2)."""
    out: dict[tuple[str, str | None, Side | None], Mark] = {}
    obs_list = list(observations)
    for obs in obs_list:
        for c in obs.counters:
            out[(c.location, c.kind, c.owner)] = Mark(c.location, c.kind, c.owner)
        for kind, where in (
            ("smoke", obs.smoke),
            ("wreck", obs.wrecks),
            ("toxic", obs.toxic_clouds),
            ("breach", obs.breaches),
        ):
            for loc in where:
                out[(loc, kind, None)] = Mark(loc, kind)
    # a counter one side knows face up is not drawn face down again for the other
    known = {(m.location, m.owner) for m in out.values() if m.kind is not None}
    marks = [m for m in out.values() if m.kind is not None or (m.location, m.owner) not in known]
    marks += [Mark(loc, "fortified") for loc in sorted({f for obs in obs_list for f in obs.fortified})]
    return sorted(marks, key=lambda m: (m.location, m.text, m.owner or ""))


@dataclass(frozen=True)
class RingCell:
    """One location a strike reaches: its EP distance, the OSL the card takes there and the
    OSL left after a fortified location's 1 less (`fortified`)."""

    location: str
    distance: int
    osl: int
    fortified: bool

    @property
    def taken(self) -> int:
        return max(0, self.osl - 1) if self.fortified else self.osl


@dataclass(frozen=True)
class StrikeLook:
    """A 3D action that fell this turn, as the board draws it: its target, its card's name,
    the locations its rings reach (harm) and the area it scouts."""

    side: Side
    support: str
    name: str
    target: str
    cells: tuple[RingCell, ...]
    area: tuple[str, ...]
    kind: str

    @property
    def tip(self) -> str:
        return f"{self.side.value.capitalize()}'s 3D action: {self.name} on {self.target} (7.3.3.3)"


def strike_looks(
    observations: Iterable[Observation],
    battlefield: Battlefield,
    cards: Mapping[str, SupportCard],
) -> list[StrikeLook]:
    """The strikes of this turn the observations show (each once), with the rings the
    observation gives them: each location with its EP from the target and the OSL of its
    ring (7.3.3.3), 1 less where a Fortified marker stands (5.2.4.2); and the area a
    scouting card covers (7.3.4)."""
    obs_list = list(observations)
    fort = {f for obs in obs_list for f in obs.fortified}
    seen: dict[tuple[Side, str, str], StrikeLook] = {}
    for obs in obs_list:
        for k in obs.strikes:
            key = (k.side, k.support, k.target)
            card = cards.get(k.support)
            if key in seen or card is None:
                continue
            cells = [
                RingCell(loc, d, osl, loc in fort) for d, osl, locs in k.rings if osl > 0 for loc in locs
            ]
            # the area a scouting card reveals (7.3.4); a flare's is the observation's `lit`,
            # a smoke card's the Smoke counter on its target (7.3.3.4)
            area: tuple[str, ...] = ()
            if card.area > 0 and (card.reveals or card.kind in SCOUTING):
                try:
                    distances = ep_from(battlefield, k.target)
                except KeyError:
                    distances = {}
                area = tuple(sorted(loc for loc, d in distances.items() if d <= card.area))
            seen[key] = StrikeLook(
                k.side, k.support, card.name, k.target, tuple(cells), area, card.kind.value
            )
    return list(seen.values())
