"""``python -m rulespec.conformance.harness.symbolic``: as ``rulespec symbolic``."""

import sys

from rulespec.conformance.harness.symbolic.command import main

sys.exit(main())
