"""Records a person reads and writes: PHN game records (:mod:`.phn`) and teachers' studies made of
them (:mod:`.studies`).  This layer sits above ``learner`` and ``lab`` (a record carries its ruleset
as the Lab's share code and its play as the analysis board's move tree) and below ``store``."""
