"""rulespec's conformance suite: vectors, invariants and the harness that runs them against any implementation."""
