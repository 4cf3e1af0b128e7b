"""Layer 4, the suite: cards (`catalog`), boards (`board`, `session`), feature files (`features`), the
Russian names of the canonical state (`vocabulary`), a scenario's state (`world`), the closed step
vocabulary (`steps`) and the «в любом порядке» fork (`orderings`)."""
