"""Inferred rulings: which alternatives of the spec's rulings best explain an implementation's answers.

``command`` is ``rulespec rulings infer``; ``infer`` gathers the inputs where the implementation and the
reference differ (every vector case, and inputs drawn as ``rulespec diff`` draws them) and weighs each
ruling switch by the differing inputs it explains, greedily, each chosen switch kept for the next.
"""
