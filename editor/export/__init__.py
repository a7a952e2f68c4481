"""Print and export: the assembled map as PNG and SVG, a scenario as a PDF briefing pack."""
