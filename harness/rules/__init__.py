"""Layer 2, the rules text: the corpus parsed into rule units (`corpus`), finding units by id or words
(`lookup`), the review lock (`review`), unit-level diffs between two versions of the text (`diff`)."""
