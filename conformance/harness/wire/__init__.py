"""Wire: an implementation in any language, as one long-running process speaking JSON lines.

Reads a command (``--cmd``) and the game's types; gives a ``Subject`` whose every reply is checked
against the protocol and the types, every fault named. Entry points: ``subject`` (``ProcessSubject``,
``process_subjects``) and ``session`` (``WireSession``: handshake, requests, determinism); ``messages``
and ``encoding`` are the protocol's types and JSON form, ``process`` the line-framed process, ``reply``
a line read as the reply to a request, ``faults`` the named faults; ``serve`` runs a Python ``--impl``
as such a process.
"""
