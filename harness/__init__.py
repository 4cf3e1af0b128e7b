"""The harness: everything around the reference engine (corpus, boards, adapters, runner, reports, CLI).

The harness holds no rules logic: it turns rules text into units, boards into engine setups,
Gherkin steps into engine calls, and engine states into checks and reports.
"""
