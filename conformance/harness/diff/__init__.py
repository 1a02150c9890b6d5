"""Diff: where two implementations (or two rulings of the reference) disagree.

Reads two sides (``ref``, ``ref[field=alt]``, ``impl:module:attr``, ``cmd:...``, ``git:REV``); gives the
smallest inputs on which they differ, shown and optionally written as vectors. Entry points:
``command`` (``rulespec diff``), ``search`` (the Hypothesis search); ``sides`` parses and opens the sides,
``strategies`` draws requests, ``crosshair`` runs CrossHair's diffbehavior, ``written`` writes vectors,
``git_reference`` builds the reference of another revision.
"""
