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


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Keep the tests of one ``xdist_group`` on one worker under ``-n 2 --dist loadgroup`` (make test).

    pytest-xdist 3.8 tells its scheduler an item's group by appending ``@group`` to the item's
    ``_nodeid``; pytest 9.2 reads a node's id from ``_id`` instead, so the suffix is lost and the
    groups are spread over both workers like any other test (pytest-xdist issue 1386): the Voila
    walk then started a Voila server and a browser on each worker, at the end of the run.  This
    hook runs after xdist's, on each worker, and adds the suffix where xdist's did not take.
    """
    if not getattr(config.option, "loadgroup", False):  # set on xdist's workers under --dist loadgroup
        return
    for item in items:
        groups = sorted(
            {
                str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                for mark in item.iter_markers("xdist_group")
            }
        )
        suffix = "@" + "_".join(groups)
        if not groups or item.nodeid.endswith(suffix):
            continue
        ident = getattr(item, "_id", None)
        if ident is not None and hasattr(type(ident), "parse"):
            item._id = type(ident).parse(item.nodeid + suffix)
