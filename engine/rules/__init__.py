"""The Urban Operations rule set: data tables and (later) state, actions and resolution."""
