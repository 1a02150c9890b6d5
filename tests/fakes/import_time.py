"""A correct Struggle of Empires ``--impl`` that does something at import, as real modules do by accident.

``IMPORT_TIME`` (an environment variable, inherited by the process that serves it; several joined by
commas) says what:

    exit      os._exit(0) at import
    atexit    atexit.register(os._exit, 0)
    thread    a non-daemon thread that never ends (a cache warmer)
    chdir     os.chdir to a scratch folder
    noise     a UserWarning, a logging line and a flushed banner on stdout

Whatever it does, verify's verdict and outputs stay the harness's own (tests/faults/test_runs.py).
``IMPORT_TIME_LOG`` names a file each import adds its process ID to: how many processes served it.
"""

from __future__ import annotations

import atexit
import logging
import os
import sys
import tempfile
import threading
import time
import warnings

from rulespec.reference.struggle_of_empires import *  # noqa: F403 - the reference's operations, answered as they are

_WHAT = os.environ.get("IMPORT_TIME", "").split(",")

if os.environ.get("IMPORT_TIME_LOG"):
    with open(os.environ["IMPORT_TIME_LOG"], "a", encoding="utf-8") as log:
        log.write(f"{os.getpid()}\n")

if "exit" in _WHAT:
    os._exit(0)
if "atexit" in _WHAT:
    atexit.register(os._exit, 0)
if "thread" in _WHAT:
    threading.Thread(target=lambda: time.sleep(3600), name="cache-warmer").start()
if "chdir" in _WHAT:
    os.chdir(tempfile.mkdtemp(prefix="import-time-"))
if "noise" in _WHAT:
    warnings.warn("import_time: this engine is a beta", UserWarning, stacklevel=1)
    logging.warning("import_time: connecting to the metrics exporter")
    print("soe-engine [beta] \x1b[31mready\x1b[0m", flush=True)
    sys.stderr.flush()
