"""Declared and inferred rulings: the reference playing other alternatives, posing as an implementation."""
