"""Wire: an implementation in any language, as one long-running process speaking JSON lines.

Reads a command (``--cmd``) and the game's types; gives a ``Subject`` whose every reply is checked
against the protocol and the types, every fault named. Entry points: ``subject.process_subjects`` (verify's
``--cmd``) and ``serve`` (``python -m rulespec.conformance.harness.wire.serve``, verify's ``--impl``). The modules:

- ``subject``: one game of the process as a Subject (``ProcessSubject``, ``process_subjects``);
- ``session``: the conversation (``WireSession``): requests sent ahead, restarts and what they cost, the ending;
- ``ending``: how a process ends: the faults of its stop, and the processes that outlived it or left its group;
- ``startup``: the handshake, and what a process writes while it starts (start-up output);
- ``messages``: every message sent and received, as msgspec Structs tagged by ``type``;
- ``reply``: a line read as the reply to one request, or the fault it is;
- ``determinism``: the same request must get the same answer, every time it is asked;
- ``encoding``: typed values as the JSON a message carries, and an output's unknown keys;
- ``command``: a ``--cmd`` as the argv that starts it, or why it cannot start;
- ``process``: the child process, spoken to in lines before a deadline;
- ``descendants``: every process it started, whatever its group, found and ended;
- ``faults``: the named faults, and an implementation's stderr as it may be shown;
- ``serve``: a Python ``--impl`` run as such a process.
"""
