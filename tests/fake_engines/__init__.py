"""Small engines for the harness's own tests: `faulty.py MODE` misbehaves in one way (`python
tests/fake_engines/faulty.py MODE`). The mutant engines, the reference engine with one deliberate rules mistake
each, are a quality tool of the kit: the package `harness/quality/mutants/` (`python -m harness.quality.mutants --list`)."""
