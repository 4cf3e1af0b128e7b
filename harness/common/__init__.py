"""Layer 1, common: what every other layer uses — located errors (`errors`), the kit's folders (`paths`),
YAML with line numbers and schema validation (`yamldoc`). Imports nothing of the harness."""
