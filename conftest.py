"""Settings for the whole test run (unit, doctest, AppTest and the browser's server).

A text the code asks for and the catalogues lack must fail a test, not show its
key to a learner: see ``hearts_core.words.catalogue.strict``.
"""

import os

os.environ["HEARTS_STRICT_MESSAGES"] = "1"
