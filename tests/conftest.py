"""Settings for the whole test suite.

The tests read the library's texts in English unless a test asks for German: the locale
environment of the machine running them must not change what they compare (a German
developer's LANG=de_DE.UTF-8 would otherwise turn every sentence German), and a test that
switches the language hands the next test the default again.
"""

from __future__ import annotations

import os

import pytest

os.environ["LANGUAGE"] = "en"  # also for the command lines and servers the tests start


@pytest.fixture(autouse=True)
def _language_reset():
    from cardgames.core import i18n

    yield
    i18n.set_language(None)
