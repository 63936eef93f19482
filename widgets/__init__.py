"""cardgames_widgets: the ipywidgets layer of cardgames (tables, card faces, settlement charts).

>>> from cardgames_widgets import Table
>>> table = Table("brokdorf", players=4, seed=7)
>>> table.step()
True

``Table`` shows any registered game and steps through it; ``picture`` draws one state as
static HTML (what a notebook viewer without a kernel shows); ``settlement_chart`` plots a
``cardgames.simulate`` DataFrame offline; ``card_html`` draws one card; ``clause_html``
shows a clause of the rules.  It calls only
the public API of ``cardgames``; what is particular to a game (its card faces) lives in
``cardgames_widgets.faces.<game>``.  See docs/widgets.md.
"""

from .charts import enable_offline_charts, settlement_chart, settlement_summary
from .clauses import clause_html
from .faces import card_html, hand_html
from .picture import Picture, picture
from .table import Table

__all__ = [
    "Picture",
    "Table",
    "card_html",
    "clause_html",
    "enable_offline_charts",
    "hand_html",
    "picture",
    "settlement_chart",
    "settlement_summary",
]
