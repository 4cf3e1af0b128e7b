"""Layer 8, the command line `berserk-rules`: the parser and `main` (`main`), one module per verb."""

from harness.cli.main import main

__all__ = ["main"]
