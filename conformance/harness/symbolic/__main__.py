"""``python -m conformance.harness.symbolic``: as ``rulespec symbolic``."""

import sys

from conformance.harness.symbolic.command import main

sys.exit(main())
