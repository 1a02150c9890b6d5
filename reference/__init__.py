"""rulespec's reference implementation: each game's rules as pure, typed functions."""
