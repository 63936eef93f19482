"""Settlement charts: a ``cardgames.simulate`` DataFrame as an altair chart, aggregated in pandas first.

The chart embeds only the aggregate (one row per value bin and group, one row per
group for the means), never the raw games, so it stays far below altair's 5,000-row
limit however many games were simulated.

Offline (a classroom without network, exported HTML): call :func:`enable_offline_charts`
once; it switches altair to a renderer that shows altair's ``jupyter`` widget with
``offline=True``, which draws the chart with the vega bundle shipped by
``vl-convert-python`` through ``anywidget`` (JupyterLab, Notebook 7, VS Code, Voila), and
stores the same chart as PNG for viewers without a kernel (GitHub, nbviewer, exports).  ``chart.save("x.html", inline=True)`` writes a
self-contained HTML file, ``chart.save("x.svg")``/``.png`` a picture, both with no network.
"""

from __future__ import annotations

import base64
import math

import pandas as pd

from . import faces as _faces
from .faces import svg

ID_COLUMNS = ("game_id", "seed", "player", "agent")
MAX_ROWS = 5000
PALETTE = [svg.BLUE, svg.ORANGE, svg.GREEN, svg.VERMILLION, svg.PURPLE, svg.SKY, svg.YELLOW, svg.BLACK]
SHAPES = ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "wedge", "stroke"]


def enable_offline_charts() -> None:
    """Render altair charts with no internet access, live and as a stored picture.

    A chart shows as altair's offline ``jupyter`` widget (needs the ``anywidget`` package)
    where a kernel runs, and as a PNG drawn by vl-convert everywhere else: GitHub,
    nbviewer, an HTML export and the docs site show the stored picture.
    """
    import altair as alt

    try:
        import anywidget  # noqa: F401 - the offline renderer imports it only when a chart is shown
    except ImportError as err:  # pragma: no cover - it is a dependency of the widgets extra
        raise ImportError("offline charts need the anywidget package: pip install anywidget") from err
    if "cardgames" not in alt.renderers.names():
        alt.renderers.register("cardgames", _live_and_stored)
    alt.renderers.enable("cardgames", offline=True)


def _live_and_stored(spec: dict, **metadata) -> dict:
    """altair's offline widget bundle plus the same chart as PNG (what a viewer without a kernel shows)."""
    from altair.utils.mimebundle import spec_to_mimebundle
    from altair.vegalite.v6.display import jupyter_renderer

    bundle = jupyter_renderer(spec, **metadata)
    data = dict(bundle[0] if isinstance(bundle, tuple) else bundle)
    # a PNG, not an SVG: an SVG's text is measured with vl-convert's fonts and drawn with the
    # viewer's, so titles and legends came out cut off wherever the two differ
    stored = spec_to_mimebundle(spec, format="png", mode="vega-lite")
    png = (stored[0] if isinstance(stored, tuple) else stored)["image/png"]
    data["image/png"] = base64.b64encode(png).decode("ascii") if isinstance(png, bytes) else png
    data["text/plain"] = "<altair chart: live where a kernel runs, a stored picture elsewhere>"
    return data


def _default_value(df: pd.DataFrame) -> str:
    """The column to plot: the game's choice (its face module's CHART_VALUE), else the first numeric one."""
    game = df.attrs.get("game")
    if game:
        preferred = getattr(_faces.for_game(game), "CHART_VALUE", None)
        if preferred:
            return preferred
    for column in df.columns:
        if (
            column not in ID_COLUMNS
            and pd.api.types.is_numeric_dtype(df[column])
            and not pd.api.types.is_bool_dtype(df[column])
        ):
            return column
    raise ValueError("the DataFrame has no numeric settlement column to plot; name one with value=")


def _values(df: pd.DataFrame, value: str | None) -> tuple[pd.Series, str]:
    game = df.attrs.get("game")
    derive = getattr(_faces.for_game(game), "chart_values", None) if game else None
    if value is None:
        value = _default_value(df)
    if value not in df.columns and derive is not None:
        series = derive(df, value)
        if series is not None:
            return series, value
    if value not in df.columns:
        choices = [c for c in df.columns if c not in ID_COLUMNS]
        raise ValueError(f"no column {value!r} in the DataFrame; its settlement columns are: {', '.join(choices)}")
    return df[value], value


def settlement_summary(df: pd.DataFrame, value: str | None = None, by: str = "agent") -> pd.DataFrame:
    """Mean, standard deviation, count and a 95% normal interval of ``value`` per ``by`` group."""
    _check_by(df, by)
    series, value = _values(df, value)
    if pd.api.types.is_bool_dtype(series):
        series = series.astype(int)
    if not pd.api.types.is_numeric_dtype(series):
        raise ValueError(f"{value!r} is not numeric; settlement_chart shows its distribution instead")
    data = pd.DataFrame({by: df[by].astype(str), value: series.astype(float)})
    summary = data.groupby(by, sort=True)[value].agg(["mean", "std", "count"]).reset_index()
    half = 1.96 * summary["std"].fillna(0) / summary["count"].clip(lower=1).map(math.sqrt)
    summary["low"], summary["high"] = summary["mean"] - half, summary["mean"] + half
    return summary


def _check_by(df: pd.DataFrame, by: str) -> None:
    if not isinstance(by, str) or by not in df.columns:
        groups = [c for c in ("agent", "player") if c in df.columns]
        raise ValueError(
            f"by names the column to group by, such as {' or '.join(map(repr, groups)) or 'agent'}; "
            f"the DataFrame has no column {by!r:.40}"
        )


def _distribution(data: pd.DataFrame, value: str, by: str, bins: int) -> tuple[pd.DataFrame, bool]:
    """Share of games per (group, value), values binned when there are more than ``bins`` of them."""
    col = data[value]
    binned = False
    if pd.api.types.is_numeric_dtype(col) and not pd.api.types.is_bool_dtype(col) and col.nunique() > bins:
        cut = pd.cut(col.astype(float), bins=bins)
        data = data.assign(**{value: cut.map(lambda iv: round(float(iv.mid), 3)).astype(float)})
        binned = True
    # the count column is "n_games", so a settlement value called "games" can be charted too
    counts = data.groupby([by, value], sort=True, observed=True).size().rename("n_games").reset_index()
    counts["share"] = counts["n_games"] / counts.groupby(by)["n_games"].transform("sum")
    return counts, binned


def settlement_chart(
    df: pd.DataFrame,
    value: str | None = None,
    by: str = "agent",
    bins: int = 30,
    title: str | None = None,
    width: int = 360,
    height: int = 220,
):
    """An altair chart of one settlement value of a ``cardgames.simulate`` DataFrame.

    Left: the distribution (share of games per value, binned when there are many values)
    per ``by`` group (``"agent"`` or ``"player"``); right, for numeric values: the mean
    per group with a 95% interval.  ``value`` defaults to the game's headline outcome
    (euros for Brokdorf, HP lost for Bronko-Donko, bridge margin for Three Bridges,
    final GE for The Brotherhood, tricks to the pin for Rowdy Partners).
    """
    import altair as alt

    if not isinstance(df, pd.DataFrame):
        raise TypeError(f"settlement_chart takes the DataFrame of cardgames.simulate, not {type(df).__name__}")
    if by not in df.columns:
        raise ValueError(f"no column {by!r} to group by; use 'agent' or 'player'")
    if df.empty:
        raise ValueError("the DataFrame is empty: simulate at least one game")
    series, value = _values(df, value)
    if pd.api.types.is_bool_dtype(series):
        series = series.astype(int)
    data = pd.DataFrame({by: df[by].astype(str), value: series})
    counts, binned = _distribution(data, value, by, bins)
    numeric = pd.api.types.is_numeric_dtype(series)
    groups = sorted(counts[by].unique())
    colour = alt.Color(
        f"{by}:N", scale=alt.Scale(domain=groups, range=PALETTE[: len(groups)] or PALETTE), legend=alt.Legend(title=by)
    )
    game = df.attrs.get("game", "")
    heading = title or f"{value} per {by}" + (f" · {game}" if game else "") + f" · {df['game_id'].nunique()} games"
    x_type = "Q" if binned else ("O" if numeric else "N")
    dist = (
        alt.Chart(counts, width=width, height=height, title="distribution")
        .mark_bar()
        .encode(
            x=alt.X(f"{value}:{x_type}", title=value + (" (binned)" if binned else "")),
            y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%"), stack=None),  # overlaid, not stacked
            color=colour,
            xOffset=alt.XOffset(f"{by}:N") if not binned else alt.value(0),
            opacity=alt.value(0.6 if binned else 0.9),
            tooltip=[by, value, alt.Tooltip("n_games:Q", title="games"), alt.Tooltip("share:Q", format=".1%")],
        )
    )
    rows = len(counts)
    if numeric:
        summary = settlement_summary(df, value, by) if value in df.columns else _summary_of(series, df, value, by)
        rows += len(summary)
        base = alt.Chart(summary, width=160, height=height, title="mean ± 95%")
        shape = alt.Shape(f"{by}:N", scale=alt.Scale(domain=groups, range=SHAPES[: len(groups)]), legend=None)
        means = base.mark_point(size=120, filled=True).encode(
            x=alt.X(f"{by}:N", title=by),
            y=alt.Y("mean:Q", title=f"mean {value}", scale=alt.Scale(zero=False)),
            color=colour,
            shape=shape,
            tooltip=[by, "mean", "std", "count"],
        )
        bars = base.mark_rule(strokeWidth=2).encode(x=f"{by}:N", y="low:Q", y2="high:Q", color=colour)
        chart = alt.hconcat(dist, bars + means, title=heading)
    else:
        chart = dist.properties(title=heading)
    if rows > MAX_ROWS:  # pragma: no cover - bins and groups keep this small
        raise ValueError(f"the chart would embed {rows} rows; lower bins")
    return chart


def _summary_of(series: pd.Series, df: pd.DataFrame, value: str, by: str) -> pd.DataFrame:
    frame = df[[by]].assign(**{value: series.astype(float)})
    return settlement_summary(frame, value, by)


def hints_chart(summary: pd.DataFrame, top: int = 16, width: int = 420):
    """Each legal action's value with its 95 % interval: a ``cardgames.analyse`` frame, best at the top.

    The title says whose decision it is, what is measured at which horizon, and from whose
    information (the frame's ``attrs``; the table's hints add "from player 2's
    information only: 40 of 200 worlds").  The best action is orange, the others blue; at
    most ``top`` actions are drawn (the subtitle says how many more there are); the
    tooltip gives the numbers and the chance of winning where the game has a winner.
    """
    import altair as alt

    if not isinstance(summary, pd.DataFrame) or "action" not in summary.columns:
        raise TypeError("hints_chart takes the DataFrame of cardgames.analyse (or Table.hints)")
    attrs = summary.attrs
    data = summary.head(top).copy()
    # one world has no interval: draw the point alone
    data["low"] = data["low"].fillna(data["value"])
    data["high"] = data["high"].fillna(data["value"])
    data["rank"] = [("best" if i == 0 else "other") for i in range(len(data))]
    data["win"] = data["win"].astype(float)
    objective = attrs.get("objective", "value")
    better = "higher is better" if attrs.get("higher_is_better", True) else "lower is better"
    who = f"player {attrs['player']}" if "player" in attrs else "the player"
    worlds = int(data["worlds"].max()) if len(data) else 0
    subtitle = [attrs.get("information") or f"from {who}'s information only: {worlds} worlds"]
    if len(summary) > top:
        subtitle.append(f"the best {top} of {len(summary)} legal actions")
    if attrs.get("horizon"):
        subtitle.append(f"{objective} at {attrs['horizon']}, everybody playing on as {attrs.get('policy', 'greedy')}")
    colour = alt.Color("rank:N", scale=alt.Scale(domain=["best", "other"], range=[svg.ORANGE, svg.BLUE]), legend=None)
    y = alt.Y("action:N", sort=list(data["action"]), title=None, axis=alt.Axis(labelLimit=260))
    base = alt.Chart(data, width=width, height=max(40, 24 * len(data)))
    tooltip = [
        "action:N",
        alt.Tooltip("value:Q", format=".3f", title=f"mean {objective}"),
        alt.Tooltip("low:Q", format=".3f", title="95 % low"),
        alt.Tooltip("high:Q", format=".3f", title="95 % high"),
        alt.Tooltip("win:Q", format=".0%", title="win chance"),
        "worlds:Q",
    ]
    interval = base.mark_rule(strokeWidth=3).encode(
        y=y,
        x=alt.X("low:Q", title=f"{objective}: mean and 95 % interval ({better})", scale=alt.Scale(zero=False)),
        x2="high:Q",
        color=colour,
        tooltip=tooltip,
    )
    means = base.mark_point(filled=True, size=90, opacity=1).encode(y=y, x="value:Q", color=colour, tooltip=tooltip)
    title = alt.TitleParams(text=f"What each choice of {who} is worth", subtitle=subtitle, anchor="start")
    return (interval + means).properties(title=title)


def compare_chart(frame: pd.DataFrame, difference: dict | None = None, bins: int = 20, width: int = 320):
    """A what-if's outcomes over worlds (``Table.compare(...).frame``): the two branches side by side.

    Left: the share of worlds per value of the objective, one colour per branch (values
    binned when there are more than ``bins``); right: each branch's mean with its 95 %
    interval.  The title gives the paired difference (what-if minus played, over the same
    worlds) when ``difference`` (``Comparison.difference``) is passed.
    """
    import altair as alt

    if not isinstance(frame, pd.DataFrame) or not {"branch", "value"} <= set(frame.columns):
        raise TypeError("compare_chart takes the frame of Table.compare(...)")
    attrs = frame.attrs
    objective = attrs.get("objective", "value")
    data = pd.DataFrame({"branch": frame["branch"].astype(str), objective: frame["value"].astype(float)})
    counts, binned = _distribution(data, objective, "branch", bins)
    counts = counts.rename(columns={"n_games": "worlds"})
    groups = ["played", "what-if"]
    actions = dict(zip(frame["branch"], frame["action"], strict=False))
    colour = alt.Color(
        "branch:N",
        scale=alt.Scale(domain=groups, range=[svg.BLUE, svg.ORANGE]),
        legend=alt.Legend(title=None, orient="bottom"),
    )
    dist = (
        alt.Chart(counts, width=width, height=200, title="over the worlds")
        .mark_bar()
        .encode(
            x=alt.X(
                f"{objective}:{'Q' if binned else 'O'}",
                title=objective + (" (binned)" if binned else ""),
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("share:Q", title="share of worlds", axis=alt.Axis(format="%"), stack=None),
            color=colour,
            xOffset=alt.XOffset("branch:N") if not binned else alt.value(0),
            opacity=alt.value(0.6 if binned else 0.9),
            tooltip=["branch", objective, "worlds:Q", alt.Tooltip("share:Q", format=".1%")],
        )
    )
    summary = settlement_summary(data, objective, "branch")
    summary["action"] = summary["branch"].map(actions)
    base = alt.Chart(summary, width=120, height=200, title="mean ± 95%")
    x = alt.X("branch:N", sort=groups, title=None, axis=alt.Axis(labelAngle=0))
    means = base.mark_point(size=120, filled=True).encode(
        x=x,
        y=alt.Y("mean:Q", title=f"mean {objective}", scale=alt.Scale(zero=False)),
        color=colour,
        tooltip=["branch", "action", alt.Tooltip("mean:Q", format=".3f"), "count"],
    )
    bars = base.mark_rule(strokeWidth=2).encode(x=x, y="low:Q", y2="high:Q", color=colour)
    played, other = (actions.get(g, "?") for g in groups)
    text = f"What-if at step {attrs.get('step', '?')}: {other} instead of {played}"
    subtitle = [attrs.get("information", "")]
    if difference is not None and not math.isnan(difference["mean"]):
        interval = (
            "" if math.isnan(difference["low"]) else f", 95 %: {difference['low']:+.3g} to {difference['high']:+.3g}"
        )
        subtitle.append(f"what-if minus played, paired by world: {difference['mean']:+.3g} {objective}{interval}")
    title = alt.TitleParams(text=text, subtitle=subtitle, anchor="start")
    return alt.hconcat(dist, bars + means, title=title)
