"""Section and title of each optional advanced rule (10-13), as the rulebook prints them,
for the check boxes of the Settings page."""

from __future__ import annotations

from engine.model.scenario import AdvancedRule

TITLES: dict[AdvancedRule, tuple[str, str]] = {
    AdvancedRule.infantry_smoke: ("10.1", "Infantry smoke usage"),
    AdvancedRule.supporting_fire: ("10.2", "Supporting fire"),
    AdvancedRule.suppressing_fire: ("10.3", "Suppressing fire"),
    AdvancedRule.armor_cover: ("10.4", "Armor cover"),
    AdvancedRule.antitank_vs_infantry: ("10.5", "Antitank weapons against infantry"),
    AdvancedRule.antitank_breaching: ("10.6", "Antitank weapons and breaching"),
    AdvancedRule.anti_sniping: ("10.7", "Anti-sniping"),
    AdvancedRule.ambush_vs_vehicle: ("10.8", "Ambush against vehicle"),
    AdvancedRule.superstructure: ("11.1", "Superstructure transport"),
    AdvancedRule.crossing_walls: ("11.2", "Crossing walls"),
    AdvancedRule.order_of_battle_changes: ("12.1", "Order of battle modification"),
    AdvancedRule.impulse_force_cohesion: ("12.2", "Impulse Force cohesion"),
    AdvancedRule.blocking_underground: ("13.1", "Blocking an underground entry"),
    AdvancedRule.antipersonnel_mines: ("13.2", "Traps and antipersonnel mines"),
    AdvancedRule.population_movement: ("13.3", "Population movement"),
    AdvancedRule.rubble: ("13.4", "Rubble"),
}


def label(rule: AdvancedRule) -> str:
    section, title = TITLES[rule]
    return f"{section}  {title}"
