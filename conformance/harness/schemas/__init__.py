"""Schemas: the JSON Schemas the project publishes under conformance/schema, derived from the types.

Reads the games' types, the vector and report formats and the wire messages; gives the schema files and
whether they drifted. Its one module, ``command``, derives every schema and compares or writes the files.
Entry point: ``command`` (``rulespec schema [--write]``).
"""
