"""cardgames_widgets: the ipywidgets layer of cardgames (tables, card faces, settlement charts).

>>> from cardgames_widgets import Table
>>> table = Table("brokdorf", players=4, seed=7)
>>> table.step()
True

``Table`` shows any registered game and steps through it; ``picture`` draws one state as
static HTML (what a notebook viewer without a kernel shows); ``settlement_chart`` plots a
``cardgames.simulate`` DataFrame offline; ``for_people`` gives a game's DataFrame the headings and
seat names a class reads (German too, seats from 1); ``card_html`` draws one card; ``clause_html``
shows a clause of the rules.  ``Table.hints()`` and ``Table.compare()`` (a
:class:`Comparison`) analyse a decision from one player's information (``cardgames.analyse``),
``hints_chart`` and ``compare_chart`` draw them; the table's "hints" and "what-if" switches
do the same in the background.  It calls the public API of ``cardgames`` (the hints
and what-if also the analysis machinery of ``cardgames.core.analysis`` and the games'
objective hooks); what is particular to a game (its card faces) lives in
``cardgames_widgets.faces.<game>``.  Every text is English or German: ``Table(...,
language="de")`` (default: the language in use, ``cardgames.get_language()``) shows its
labels and the game's sentences in that language, in clicks and background work alike;
the other entry points take ``language=`` too (``cardgames_widgets.texts``).  See docs/widgets.md.
"""

from .charts import compare_chart, enable_offline_charts, hints_chart, settlement_chart, settlement_summary
from .clauses import clause_html
from .faces import card_html, hand_html
from .frames import for_people
from .hints import Comparison
from .picture import Picture, picture
from .table import Table

__all__ = [
    "Comparison",
    "Picture",
    "Table",
    "card_html",
    "clause_html",
    "compare_chart",
    "enable_offline_charts",
    "for_people",
    "hand_html",
    "hints_chart",
    "picture",
    "settlement_chart",
    "settlement_summary",
]
