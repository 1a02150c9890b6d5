"""Inferred rulings: which alternatives of the spec's rulings best explain an implementation's answers.

Reads ``--game`` and ``--impl`` or ``--cmd``; gives the switches that explain its differences from the
reference, each with how many differing inputs it explains, and what is left. Entry point: ``command``.
``command`` is ``rulespec rulings infer``; ``infer`` gathers the inputs where the implementation and the
reference differ (every vector case, and inputs drawn as ``rulespec diff`` draws them) and weighs each
ruling switch by the differing inputs it explains, greedily, each chosen switch kept for the next.
"""
