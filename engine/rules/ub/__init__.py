"""Urban Battle v4.1 (/work/shared/rules/urban-battle-rulebook.md) as the studio's second rule
set, behind the same interface as Urban Operations (engine/rules/ruleset.py)."""
