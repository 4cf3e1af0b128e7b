"""The harness: everything around the reference engine, grouped the way data flows (DESIGN.md).

Layers, lowest first — a module imports only from its own layer or a lower one (tests/test_layers.py):
`common` (errors, paths, YAML, the game's facts) < `rules` (the rules text) < `engines` (adapters, protocol)
< `suite` (cards, boards, features, steps) < `run` (the pytest plugin, results, the runner) < `output`
(reports, coverage, play-outs, pictures, site) < `quality` (lint, fuzz, differential, mutants, bench) <
`cli` (`berserk-rules`).

The harness holds no rules logic: it turns rules text into units, boards into engine setups,
Gherkin steps into engine calls, and engine states into checks and reports.
"""
