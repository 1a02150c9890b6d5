"""Schemas: the JSON Schemas the project publishes under conformance/schema, derived from the types.

Reads the games' types, the vector and report formats and the wire messages; gives the schema files and
whether they drifted: ``command`` derives every schema and compares or writes the files; ``plug_in`` renders
docs/plug-in.md, each game's Protocol as a page (written by ``--write`` in a checkout).
Entry point: ``command`` (``rulespec schema [--write]``).
"""
