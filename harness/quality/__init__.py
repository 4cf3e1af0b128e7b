"""Layer 7, quality tools: lint of the text and the suite (`lint`), the engine fuzzer (`fuzz`), the
differential test (`differential`), mutant engines (`mutants`) and their runner (`mutation`), speed
figures (`bench`)."""
