"""Urban Operations rules: tables in data/, loaded by chart modules."""
