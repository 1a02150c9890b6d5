"""Schemas: the JSON Schemas the project publishes under conformance/schema, derived from the types.

Reads the games' types and the wire messages; gives the schema files and whether they drifted.
Entry points: ``command`` (``rulespec schema [--write]``), ``published``.
"""
