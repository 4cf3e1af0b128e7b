"""Layer 3, the engines: the adapter interface and the in-process reference engine (`adapters`), and the
JSON-lines protocol for engines in other processes (`protocol`)."""
