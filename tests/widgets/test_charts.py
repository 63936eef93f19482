"""Settlement charts of every game: aggregated in pandas (at most 5,000 rows embedded), drawn offline."""

from __future__ import annotations

import html
import re

import numpy as np
import pandas as pd
import pytest
from cardgames_widgets import settlement_chart, settlement_summary
from cardgames_widgets.charts import MAX_ROWS

import cardgames

from .conftest import GAMES


def embedded_rows(chart) -> int:
    spec = chart.to_dict()
    return sum(len(rows) for rows in spec.get("datasets", {}).values())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_default_chart(name):
    df = cardgames.simulate(name, games=8, seed=3)
    chart = settlement_chart(df)
    assert 0 < embedded_rows(chart) <= MAX_ROWS
    assert (
        name in chart.to_dict()["title"]["text"]
        if isinstance(chart.to_dict()["title"], dict)
        else name in chart.to_dict()["title"]
    )


def test_many_games_still_embed_few_rows():
    rng = np.random.default_rng(0)
    n = 30_000
    df = pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(n // 4), 4),
            "seed": 0,
            "player": np.tile(np.arange(4), n // 4),
            "agent": np.tile(["greedy", "random", "random", "random"], n // 4),
            "euros": rng.normal(0, 3, n).round(2),
            "end": rng.choice(["normal", "durchmarsch"], n),
        }
    )
    chart = settlement_chart(df, "euros", bins=40)
    assert embedded_rows(chart) <= 2 * 40 + 2
    by_player = settlement_chart(df, "end", by="player")  # a categorical value: its distribution only
    assert embedded_rows(by_player) == 8
    summary = settlement_summary(df, "euros")
    assert list(summary["agent"]) == ["greedy", "random"]
    assert (summary["low"] < summary["mean"]).all() and (summary["mean"] < summary["high"]).all()


def test_bad_arguments_say_what_is_wrong():
    df = cardgames.simulate("brokdorf", games=2, seed=1)
    with pytest.raises(ValueError, match="no column 'hp'"):
        settlement_chart(df, "hp")
    with pytest.raises(ValueError, match="group by"):
        settlement_chart(df, by="team")
    with pytest.raises(TypeError):
        settlement_chart([1, 2])


def test_a_chart_saved_as_html_needs_no_network(tmp_path):
    df = cardgames.simulate("brokdorf", games=4, seed=2)
    path = tmp_path / "chart.html"
    settlement_chart(df).save(path, inline=True)
    html = path.read_text()
    assert not re.search(r"<script[^>]+src=[\"']https?://", html)
    assert "vega" in html.lower()


def test_offline_renderer_can_be_enabled():
    import altair as alt
    from cardgames_widgets import enable_offline_charts

    previous = alt.renderers.active
    try:
        enable_offline_charts()
        assert alt.renderers.active == "cardgames"
    finally:
        alt.renderers.enable(previous)


def test_a_settlement_value_called_games_can_be_charted_and_binned_bars_are_not_stacked():
    from cardgames_widgets import settlement_chart

    import cardgames

    df = cardgames.simulate("brokdorf", games=30, agents=["greedy", "random", "random", "random"], seed=1)
    spec = settlement_chart(df, value="games").to_dict()
    assert "games" in str(spec)
    spec = settlement_chart(df, value="euros", bins=3).to_dict()
    assert '"stack": null' in __import__("json").dumps(spec) or "'stack': None" in str(spec)


def png_pixels(data: str) -> tuple[int, int]:
    import base64

    png = base64.b64decode(data)
    assert png.startswith(b"\x89PNG"), "stored as base64 PNG, as nbformat wants"
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_an_offline_chart_is_a_picture_with_no_widget_model():
    """A chart is a PNG and its words: no widget model that Voila's page could ask for before it exists.

    With altair's widget a busy Voila page showed "Error displaying widget: model not found" for
    charts (anywidget gives a model two seconds to load the 900 KB vega bundle); a picture shows
    with the page, in JupyterLab, Voila, exports, GitHub and the docs site alike.
    """
    import altair as alt
    from cardgames_widgets import enable_offline_charts, settlement_chart

    import cardgames

    previous = alt.renderers.active
    try:
        enable_offline_charts()
        chart = settlement_chart(cardgames.simulate("three_bridges", games=20, seed=0))
        bundle, _metadata = chart._repr_mimebundle_()
        assert set(bundle) == {"text/html", "text/plain"}, "no widget view, no vega script: nothing to wait for"
        page = bundle["text/html"]
        assert page.startswith('<img class="cg-chart" src="data:image/png;base64,')
        # twice the pixels, shown at the chart's own size (the page's style shrinks it to a narrower page)
        width = int(re.search(r' width="(\d+)"', page).group(1))
        assert png_pixels(re.search(r"base64,([A-Za-z0-9+/=]+)", page).group(1))[0] == 2 * width
        assert 400 < width <= 900, "readable at full width without filling a wide page"
        assert "image/svg+xml" not in bundle, "an SVG's text would be measured and drawn with different fonts"
        # the words of the chart for whoever cannot see it: the picture's alt text (JupyterLab and Voila give a
        # PNG output none), and its text/plain; no address (nbval)
        assert bundle["text/plain"] == "chart: " + chart.to_dict()["title"]
        assert f'alt="{html.escape(bundle["text/plain"], quote=True)}"' in page
        assert "0x" not in bundle["text/plain"]
        # an altair chart of a notebook's own is drawn the same way
        own = alt.Chart(pd.DataFrame({"x": [1, 2]}), title="own").mark_bar().encode(x="x:Q")
        bundle, metadata = own._repr_mimebundle_()
        assert set(bundle) == {"text/html", "text/plain"} and bundle["text/plain"] == "chart: own"
        assert 'alt="chart: own"' in bundle["text/html"]
    finally:
        alt.renderers.enable(previous)


def test_a_live_chart_is_the_offline_widget_with_the_picture_stored_beside_it():
    """``live=True`` (JupyterLab, for tooltips): altair's offline widget, and the same PNG for viewers without a kernel."""
    import altair as alt
    from cardgames_widgets import enable_offline_charts, settlement_chart

    import cardgames

    previous = alt.renderers.active
    try:
        enable_offline_charts(live=True)
        chart = settlement_chart(cardgames.simulate("brokdorf", games=8, seed=0))
        bundle, metadata = chart._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        size = metadata["image/png"]
        assert (2 * size["width"], 2 * size["height"]) == png_pixels(bundle["image/png"])
        assert bundle["text/plain"].startswith("chart: ")
        enable_offline_charts()  # and back to pictures
        bundle, _metadata = chart._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" not in bundle
    finally:
        alt.renderers.enable(previous)


@pytest.mark.parametrize("name", GAMES)
def test_a_settlement_chart_compiles_without_vega_lite_warnings(name, capfd):
    """One legend of coloured shapes: a shape legend left out beside the colour's was 'Conflicting legend property'."""
    import vl_convert

    df = cardgames.simulate(name, games=6, seed=1)
    for by in ("agent", "player"):
        vega = vl_convert.vegalite_to_vega(settlement_chart(df, by=by).to_dict(), show_warnings=True)
        legends = vega.get("legends", [])
        assert len(legends) == 1 and legends[0].get("shape"), legends  # the means' shapes are in the legend
    out, err = capfd.readouterr()
    assert "WARN" not in out + err, out + err


def test_a_chart_as_html_is_its_picture_with_its_words_as_alt_text():
    """What a widget can show and redraw (the table's hints): an <img> that fits its box, no widget model of its own."""
    from cardgames_widgets.charts import chart_html, hints_chart

    summary = pd.DataFrame(
        {"action": ["play 7C", "play 8C"], "value": [1.5, 0.5], "low": [1.0, 0.0], "high": [2.0, 1.0]}
        | {"win": [float("nan")] * 2, "worlds": [7, 7]}
    )
    summary.attrs.update(player=1, objective="points", horizon="the end of the deal", higher_is_better=False)
    page = chart_html(hints_chart(summary, language="de"), language="de")
    assert page.startswith('<img class="cg-chart" src="data:image/png;base64,')
    width = int(re.search(r' width="(\d+)"', page).group(1))
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", page).group(1)
    assert png_pixels(data)[0] == 2 * width
    assert "max-width: 100%" in page and "height: auto" in page  # shrinks to a narrow page, never cut off
    alt = re.search(r'alt="([^"]*)"', page).group(1)
    assert alt == "Diagramm: Was jede Wahl von Spieler 2 wert ist", alt
