"""``rulespec bundle OUT/``: the suite as one versioned tarball, for implementers who do not run Python.

Reads the spec, the vector files and the published JSON Schemas (``conformance/schema``) from the installed
suite; gives ``OUT/rulespec-suite-<version>.tar.gz`` with a ``manifest.json`` (the version, the stamp's hashes,
counts per game), the same bytes for the same suite (docs/bundle.md describes the format). ``command`` holds it.

Entry point: ``rulespec bundle OUT`` (``command.add_command``).
"""
