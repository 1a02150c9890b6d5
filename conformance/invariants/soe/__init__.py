"""Struggle of Empires invariants."""
