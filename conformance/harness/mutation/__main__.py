"""``python -m rulespec.conformance.harness.mutation``: as ``nox -s mutation``."""

import sys

from rulespec.conformance.harness.mutation.run import main

sys.exit(main())
