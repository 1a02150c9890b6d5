"""Imperium: Classics invariants: properties of each operation and a state machine over whole turns."""
