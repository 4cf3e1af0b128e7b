"""Layer 5, a run: pytest-bdd wiring that plays the scenarios and records each result (`pytest_plugin`),
the results as data (`results`), and the one entry point that runs scenarios in this process (`runner`)."""
