"""Settings for the whole test run (unit, doctest, AppTest and the browser's server).

A text the code asks for and the catalogues lack must fail a test, not show its
key to a learner: see ``hearts_core.words.catalogue.strict``.

The served app shows no exception's details (``client.showErrorDetails = "none"``
in ``.streamlit/config.toml``); a test run is development, so AppTest's
exceptions keep their message and traceback for the failure report
(``tests/app/test_error_details.py`` checks the served setting on a real server).
"""

import os

from streamlit import config

os.environ["HEARTS_STRICT_MESSAGES"] = "1"
config.set_option("client.showErrorDetails", "full")
