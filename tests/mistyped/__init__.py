"""Deliberately mistyped implementations: ``rulespec typecheck`` must refuse them, naming the operation."""
