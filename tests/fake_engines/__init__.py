"""Small engines for the harness's own tests: `faulty.py MODE` misbehaves in one way, `mutants.py NAME` is the
reference engine with one deliberate rules mistake. Both run as processes (`python tests/fake_engines/…`)."""
