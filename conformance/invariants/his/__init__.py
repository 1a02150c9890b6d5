"""Hypothesis invariants of Here I Stand's Victory Determination Phase, run against the plugged implementation."""
