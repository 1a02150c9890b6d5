"""Tests of ``rulespec bundle``."""
