"""Hypothesis properties and state machines, one package per game."""
