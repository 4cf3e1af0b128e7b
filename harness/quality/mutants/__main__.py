"""`python -m harness.quality.mutants NAME`: serve a mutant engine over the protocol (`--list`: every mutant)."""

import sys

from harness.quality.mutants import main

sys.exit(main(sys.argv[1:]))
