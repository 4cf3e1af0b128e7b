"""Layer 6, output: what is made of a run's results — reports (`reports`), coverage (`coverage`),
play-outs (`playout`), board pictures and text (`render`), the static site (`site`)."""
