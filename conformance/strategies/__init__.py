"""Hypothesis strategies for valid and deliberately invalid inputs, one module per game."""
