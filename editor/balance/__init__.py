"""Play > Balance...: a series of bot games on the open scenario and its figures and plots
(engine/bots/balance.py, the same as `uo balance`)."""
