"""``python -m conformance.harness.mutation``: as ``nox -s mutation``."""

import sys

from conformance.harness.mutation.run import main

sys.exit(main())
