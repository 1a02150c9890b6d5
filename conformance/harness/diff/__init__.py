"""Diff: where two implementations (or two rulings of the reference) disagree.

Reads two sides (``ref``, ``ref[field=alt]``, ``impl:module:attr``, ``cmd:...``, ``git:REV``); gives the
smallest inputs on which they differ, shown and optionally written as vectors. Entry point: ``command``
(``rulespec diff``, and ``--write``: each difference as a vector case). Its other modules: ``explore``
(the search: spend the budget, group, shrink each group), ``draws`` (each input: a request drawn by
Hypothesis, its rulings from a seeded stream of their own), ``summary`` (the closing lines: the groups
by cause, those a ruling explains apart), ``answers`` (what a side answers,
and a difference and its group), ``sides`` (the sides parsed and opened), ``git_reference`` (the
reference of another revision, in this process), ``strategies`` (where the requests are drawn from),
``known`` (``--exclude``: differences already known), ``crosshair`` (CrossHair's diffbehavior, and
the CrossHair process ``symbolic`` runs too).
"""
