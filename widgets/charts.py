"""Settlement charts: a ``cardgames.simulate`` DataFrame as an altair chart, aggregated in pandas first.

The chart embeds only the aggregate (one row per value bin and group, one row per
group for the means), never the raw games, so it stays far below altair's 5,000-row
limit however many games were simulated.

Offline (a classroom without network, exported HTML): call :func:`enable_offline_charts`
once; it switches altair to a renderer that shows each chart as a PNG drawn by
``vl-convert-python`` (twice the chart's pixels, shown at its own size, shrunk to fit a
narrower page, with the chart's title as its words), the same in JupyterLab, Voila, VS Code,
GitHub, nbviewer, exports and the docs site.  ``enable_offline_charts(live=True)`` shows
altair's offline ``jupyter`` widget instead (tooltips; through ``anywidget``), for
JupyterLab only: see :func:`enable_offline_charts` for why not in Voila.
``chart.save("x.html", inline=True)`` writes a self-contained HTML file,
``chart.save("x.svg")``/``.png`` a picture, both with no network.

Titles, axis titles and tooltips are in the language in use, or the one passed as
``language=`` (``"de"``, ``"en"``); the data columns keep their names in every language.
"""

from __future__ import annotations

import base64
import html
import math
from typing import Any

import pandas as pd

from cardgames.core import i18n
from cardgames.core.errors import InputError
from cardgames.core.game import player_name

from . import faces as _faces
from .actions import column_label
from .faces import svg
from .texts import N_, NP_, _, chosen, decimal, game_text, in_context, ngettext

ID_COLUMNS = ("game_id", "seed", "player", "agent")
#: the agents that play on in the hints chart's subtitle ("everybody playing on as greedy"), as the glossary
#: names them in German: die Bots ``greedy`` are gierige Bots
POLICIES = {"greedy": NP_("policy", "greedy"), "random": NP_("policy", "random")}
MAX_ROWS = 5000
#: the pixels of a stored chart per pixel of its size on the page (sharp on a projector and a high-density screen)
PIXEL_RATIO = 2
PALETTE = [svg.BLUE, svg.ORANGE, svg.GREEN, svg.VERMILLION, svg.PURPLE, svg.SKY, svg.YELLOW, svg.BLACK]
SHAPES = ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "wedge", "stroke"]
#: how the usual grouping columns are named in titles and legends (the column keeps its name)
GROUPS = {"agent": N_("agent"), "player": N_("player")}


def _group(by: str) -> str:
    return _(GROUPS[by]) if by in GROUPS else by


def _game_of(attrs: dict):
    """The game a frame's ``attrs`` name (``game``, ``players``, ``options``), or None where it cannot be loaded."""
    import cardgames

    name = attrs.get("game")
    if not isinstance(name, str) or name not in cardgames.games():
        return None
    try:
        return cardgames.load(name, players=attrs.get("players"), **dict(attrs.get("options") or {}))
    except (TypeError, ValueError):  # a frame made by hand with attrs that do not fit the game
        return None


def seat_names(attrs: dict, seats) -> dict:
    """Each of ``seats`` as the game of a frame's ``attrs`` names it (``game.seat_name``), in the language in use.

    A frame of ``cardgames.simulate`` names its game, player count and options; one of
    ``cardgames.analyse`` its game (the table's hints add the player count and options).
    Without a game, a seat is named counting from 1, as every game does (``player_name``).
    The game is loaded once for all the seats.
    """
    game = _game_of(attrs)
    names = {}
    for seat in seats:
        try:
            number = int(seat)
        except (TypeError, ValueError):
            names[seat] = str(seat)
            continue
        known = game is not None and 0 <= number < game.players
        names[seat] = game.seat_name(number) if known else player_name(number)
    return names


def value_label(value: str, game: str | None = None) -> str:
    """A settlement column as titles name it: ``hp_lost`` is "HP lost" ("HP verloren")."""
    return column_label(value, game)


def _tip(shorthand: str, title: str):
    """A tooltip headed ``title``: the plain shorthand (``"agent"``, ``"worlds:Q"``) where the title is the column's name."""
    import altair as alt

    if title == shorthand.split(":", 1)[0]:
        return shorthand
    return alt.Tooltip(shorthand, title=title)


def enable_offline_charts(live: bool = False) -> None:
    """Render altair charts with no internet access: as a picture, or live where asked.

    A chart shows as a PNG drawn by vl-convert, in the notebook and in every copy of it:
    JupyterLab, Voila, GitHub, nbviewer, an HTML export and the docs site show the same
    picture, shrunk to the width of a narrow page.

    ``live=True`` shows altair's offline ``jupyter`` widget instead (tooltips), with the
    PNG stored beside it; it needs the ``anywidget`` package.  Do not use it for Voila:
    each such chart carries the whole vega bundle (about 900 KB) as its widget's module,
    and anywidget gives a model two seconds to load its module; on a busy machine (a
    class on Binder) Voila's page then shows "Error displaying widget: model not found"
    instead of the chart.
    """
    import altair as alt

    if live:
        try:
            import anywidget  # noqa: F401 - the offline renderer imports it only when a chart is shown
        except ImportError as err:  # pragma: no cover - it is a dependency of the widgets extra
            raise ImportError(_("offline charts need the anywidget package: pip install anywidget")) from err
    if "cardgames" not in alt.renderers.names():
        alt.renderers.register("cardgames", _picture_or_live)
    if live:
        alt.renderers.enable("cardgames", live=True, offline=True)
    else:
        alt.renderers.enable("cardgames")


def _picture_or_live(spec: dict, live: bool = False, **metadata) -> tuple[dict, dict]:
    """A chart as its picture with its words; with ``live``, altair's offline widget in front of the PNG.

    The picture is an HTML ``<img>`` (:func:`_img`) rather than a bare PNG output: JupyterLab and
    Voila draw a PNG output with no alt text, and the chart's words belong on the picture itself.
    """
    data, shown = _picture(spec)
    if not live:
        return {"text/html": _img(data, shown), "text/plain": data["text/plain"]}, {}
    from altair.vegalite.v6.display import jupyter_renderer

    bundle = jupyter_renderer(spec, **metadata)
    widget = dict(bundle[0] if isinstance(bundle, tuple) else bundle)
    widget.update(data)  # the PNG and the words: what a viewer without a kernel shows
    if isinstance(bundle, tuple):
        shown = {**bundle[1], **shown}
    return widget, shown


def _picture(spec: dict) -> tuple[dict, dict]:
    """A chart as a PNG drawn by vl-convert, said in words, and its size on the page.

    The PNG has twice the chart's pixels and says its size at 1× in the output's metadata:
    it is sharp on a high-density screen and in a projected lesson, and JupyterLab's and
    Voila's style (``max-width: 100%; height: auto``) shrinks it to fit a narrower page
    instead of cutting it off.  It is a picture with no widget model, so it shows as soon
    as the page does, with no kernel at all.  The words (the output's ``text/plain``:
    "chart: <title>") are what a screen reader reads and the docs site's alt text.
    """
    from altair.utils.mimebundle import spec_to_mimebundle

    # a PNG, not an SVG: an SVG's text is measured with vl-convert's fonts and drawn with the
    # viewer's, so titles and legends came out cut off wherever the two differ
    stored = spec_to_mimebundle(spec, format="png", mode="vega-lite", ppi=72 * PIXEL_RATIO)  # 72 ppi is 1×
    png, size = stored if isinstance(stored, tuple) else (stored, {})
    picture = png["image/png"]
    data = {"image/png": base64.b64encode(picture).decode("ascii") if isinstance(picture, bytes) else picture}
    title = _spec_title(spec)
    data["text/plain"] = _("chart: {title}").format(title=title) if title else _("chart")
    return data, dict(size)  # {"image/png": {"width": ..., "height": ...}}: half the PNG's pixels


def policy_word(policy: object) -> str:
    """The agents a policy names, in the language in use (a policy of one's own as it is written)."""
    entry = POLICIES.get(policy) if isinstance(policy, str) else None
    return in_context(*entry) if entry is not None else str(policy)


def chart_html(chart, language: str | None = None) -> str:
    """An altair chart as an HTML ``<img>``: its 2× PNG, at its own size or shrunk to a narrower box, its words as alt text.

    For a chart that a widget shows and redraws (an ``ipywidgets.HTML``'s ``value``, as the
    table's hints and what-if panels can): a picture needs no widget model of its own, no
    vega bundle in the page and no network.  ``language`` (``"de"``, ``"en"``; default the
    language in use): the language of the alt text's "chart:" (the chart's own words are its title).
    """
    with i18n.language(chosen(language)):
        data, shown = _picture(chart.to_dict())
    return _img(data, shown)


def _img(data: dict, shown: dict) -> str:
    """The ``<img>`` of a chart's picture (:func:`_picture`): its 2× PNG at 1× width, shrinking to a narrower box."""
    size = shown.get("image/png", {})
    width = f' width="{round(size["width"])}"' if "width" in size else ""
    words = html.escape(data["text/plain"], quote=True)
    return (
        f'<img class="cg-chart" src="data:image/png;base64,{data["image/png"]}"{width} alt="{words}" '
        'style="max-width: 100%; height: auto">'
    )


def _spec_title(spec: Any) -> str:
    """A Vega-Lite spec's title (a string, a title object or a list of lines), or its first part's."""
    if not isinstance(spec, dict):
        return ""
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        title = " ".join(str(line) for line in title)
    if title:
        return str(title)
    for key in ("hconcat", "vconcat", "concat", "layer"):
        for part in spec.get(key) or []:
            found = _spec_title(part)
            if found:
                return found
    return ""


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
    raise ValueError(_("the DataFrame has no numeric settlement column to plot; name one with value="))


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
        raise ValueError(
            _("no column {value} in the DataFrame; its settlement columns are: {columns}").format(
                value=repr(value), columns=", ".join(choices)
            )
        )
    return df[value], value


def settlement_summary(df: pd.DataFrame, value: str | None = None, by: str = "agent") -> pd.DataFrame:
    """Mean, standard deviation, count and a 95% normal interval of ``value`` per ``by`` group."""
    _check_by(df, by)
    series, value = _values(df, value)
    if pd.api.types.is_bool_dtype(series):
        series = series.astype(int)
    if not pd.api.types.is_numeric_dtype(series):
        raise ValueError(
            _("{value} is not numeric; settlement_chart shows its distribution instead").format(value=repr(value))
        )
    data = pd.DataFrame({by: df[by].astype(str), value: series.astype(float)})
    summary = data.groupby(by, sort=True)[value].agg(["mean", "std", "count"]).reset_index()
    half = 1.96 * summary["std"].fillna(0) / summary["count"].clip(lower=1).map(math.sqrt)
    summary["low"], summary["high"] = summary["mean"] - half, summary["mean"] + half
    return summary


def _check_by(df: pd.DataFrame, by: str) -> None:
    if not isinstance(by, str) or by not in df.columns:
        groups = [c for c in ("agent", "player") if c in df.columns]
        raise ValueError(
            _("by names the column to group by, such as {columns}; the DataFrame has no column {by}").format(
                columns=" or ".join(map(repr, groups)) or "agent", by=f"{by!r:.40}"
            )
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
    language: str | None = None,
):
    """An altair chart of one settlement value of a ``cardgames.simulate`` DataFrame.

    Left: the distribution (share of games per value, binned when there are many values)
    per ``by`` group (``"agent"`` or ``"player"``); right, for numeric values: the mean
    per group with a 95% interval.  ``value`` defaults to the game's headline outcome
    (euros for Brokdorf, HP lost for Bronko-Donko, bridge margin for Three Bridges,
    final GE for The Brotherhood, tricks to the pin for Rowdy Partners).
    ``language`` (``"de"``, ``"en"``; default the language in use): the language of its titles.
    """
    with i18n.language(chosen(language)):
        return _settlement_chart(df, value, by, bins, title, width, height)


def _settlement_chart(df, value, by, bins, title, width, height):
    import altair as alt

    if not isinstance(df, pd.DataFrame):
        raise InputError(
            _("settlement_chart takes the DataFrame of cardgames.simulate, not {kind}").format(kind=type(df).__name__)
        )
    if by not in df.columns:
        raise ValueError(_("no column {by} to group by; use 'agent' or 'player'").format(by=repr(by)))
    if df.empty:
        raise ValueError(_("the DataFrame is empty: simulate at least one game"))
    series, value = _values(df, value)
    if pd.api.types.is_bool_dtype(series):
        series = series.astype(int)
    order = None
    if by == "player":  # each seat by its name (game.seat_name), in seat order: the column keeps the numbers
        attrs = dict(df.attrs)
        seats = sorted(df[by].unique())
        names = seat_names(attrs, seats)
        df = df.assign(player=df[by].map(names))
        df.attrs.update(attrs)
        order = [names[seat] for seat in seats]
    data = pd.DataFrame({by: df[by].astype(str), value: series})
    counts, binned = _distribution(data, value, by, bins)
    numeric = pd.api.types.is_numeric_dtype(series)
    groups = [g for g in order if g in set(counts[by])] if order else sorted(counts[by].unique())
    shown = value_label(value, df.attrs.get("game"))  # the column as titles name it
    colour = alt.Color(
        f"{by}:N",
        scale=alt.Scale(domain=groups, range=PALETTE[: len(groups)] or PALETTE),
        legend=alt.Legend(title=_group(by)),
    )
    game = df.attrs.get("game", "")
    games = df["game_id"].nunique()
    if game:
        heading = ngettext(
            "{value} per {by} · {game} · {n} game", "{value} per {by} · {game} · {n} games", games
        ).format(value=shown, by=_group(by), game=game, n=games)
    else:
        heading = ngettext("{value} per {by} · {n} game", "{value} per {by} · {n} games", games).format(
            value=shown, by=_group(by), n=games
        )
    heading = title or heading
    x_type = "Q" if binned else ("O" if numeric else "N")
    dist = (
        alt.Chart(counts, width=width, height=height, title=_("distribution"))
        .mark_bar()
        .encode(
            x=alt.X(f"{value}:{x_type}", title=_("{value} (binned)").format(value=shown) if binned else shown),
            y=alt.Y("share:Q", title=_("share of games"), axis=alt.Axis(format="%"), stack=None),  # overlaid
            color=colour,
            xOffset=alt.XOffset(f"{by}:N") if not binned else alt.value(0),
            opacity=alt.value(0.6 if binned else 0.9),
            tooltip=[
                _tip(by, _group(by)),
                _tip(value, shown),
                alt.Tooltip("n_games:Q", title=_("games")),
                _share_tip(),
            ],
        )
    )
    rows = len(counts)
    if numeric:
        summary = settlement_summary(df, value, by) if value in df.columns else _summary_of(series, df, value, by)
        rows += len(summary)
        base = alt.Chart(summary, width=160, height=height, title=_("mean ± 95%"))
        # the shape's legend is the colour's (same field, same title): vega-lite merges the two into one
        # legend of coloured shapes; a shape without a legend beside a colour with one made the browser
        # warn 'Conflicting legend property "disable"' on every settlement chart
        shape = alt.Shape(
            f"{by}:N",
            scale=alt.Scale(domain=groups, range=SHAPES[: len(groups)]),
            legend=alt.Legend(title=_group(by)),
        )
        means = base.mark_point(size=120, filled=True).encode(
            x=alt.X(f"{by}:N", title=_group(by), sort=groups),
            y=alt.Y("mean:Q", title=_("mean {value}").format(value=shown), scale=alt.Scale(zero=False)),
            color=colour,
            shape=shape,
            tooltip=[
                _tip(by, _group(by)),
                _tip("mean", _("mean")),
                _tip("std", _("std")),
                _tip("count", _("count")),
            ],
        )
        bars = base.mark_rule(strokeWidth=2).encode(
            x=alt.X(f"{by}:N", sort=groups), y="low:Q", y2="high:Q", color=colour
        )
        chart = alt.hconcat(dist, bars + means, title=heading)
    else:
        chart = dist.properties(title=heading)
    if rows > MAX_ROWS:  # pragma: no cover - bins and groups keep this small
        raise ValueError(_("the chart would embed {rows} rows; lower bins").format(rows=rows))
    return chart


def _share_tip():
    """The tooltip of the share column (as a percentage), headed in the language in use."""
    import altair as alt

    title = _("share")
    if title == "share":
        return alt.Tooltip("share:Q", format=".1%")
    return alt.Tooltip("share:Q", format=".1%", title=title)


def _summary_of(series: pd.Series, df: pd.DataFrame, value: str, by: str) -> pd.DataFrame:
    frame = df[[by]].assign(**{value: series.astype(float)})
    return settlement_summary(frame, value, by)


def hints_chart(summary: pd.DataFrame, top: int = 16, width: int = 420, language: str | None = None):
    """Each legal action's value with its 95 % interval: a ``cardgames.analyse`` frame, best at the top.

    The title says whose decision it is, what is measured at which horizon, and from whose
    information (the frame's ``attrs``; the table's hints add "from player 2's
    information only: 40 of 200 worlds").  The best action is orange, the others blue; at
    most ``top`` actions are drawn (the subtitle says how many more there are); the
    tooltip gives the numbers and the chance of winning where the game has a winner.
    ``language`` (``"de"``, ``"en"``; default the language in use): the language of its titles.
    """
    with i18n.language(chosen(language)):
        return _hints_chart(summary, top, width)


def _hints_chart(summary, top, width):
    import altair as alt

    if not isinstance(summary, pd.DataFrame) or "action" not in summary.columns:
        raise InputError(_("hints_chart takes the DataFrame of cardgames.analyse (or Table.hints)"))
    attrs = summary.attrs
    data = summary.head(top).copy()
    # one world has no interval: draw the point alone
    data["low"] = data["low"].fillna(data["value"])
    data["high"] = data["high"].fillna(data["value"])
    data["rank"] = [("best" if i == 0 else "other") for i in range(len(data))]
    data["win"] = data["win"].astype(float)
    game = attrs.get("game", "")
    objective = game_text(game, attrs["objective"]) if attrs.get("objective") else _("value")
    worlds = int(data["worlds"].max()) if len(data) else 0
    if "player" in attrs:
        who = seat_names(attrs, [attrs["player"]])[attrs["player"]]
        heading = _("What each choice of {player} is worth").format(player=who)
        information = ngettext(
            "from {player}'s information only: {worlds} world",
            "from {player}'s information only: {worlds} worlds",
            worlds,
        ).format(player=who, worlds=worlds)
    else:
        heading = _("What each choice of the player is worth")
        information = ngettext(
            "from the player's information only: {worlds} world",
            "from the player's information only: {worlds} worlds",
            worlds,
        ).format(worlds=worlds)
    subtitle = [attrs.get("information") or information]
    if len(summary) > top:
        subtitle.append(_("the best {top} of {n} legal actions").format(top=top, n=len(summary)))
    if attrs.get("horizon"):
        subtitle.append(
            _("{objective} at {horizon}, everybody playing on as {policy}").format(
                objective=objective,
                horizon=game_text(game, attrs["horizon"]),
                policy=policy_word(attrs.get("policy", "greedy")),
            )
        )
    colour = alt.Color("rank:N", scale=alt.Scale(domain=["best", "other"], range=[svg.ORANGE, svg.BLUE]), legend=None)
    # each action by its label where the table's hints give one (German words, the seats' names), else its text
    shown = "label" if "label" in data.columns else "action"
    y = alt.Y(f"{shown}:N", sort=list(data[shown]), title=None, axis=alt.Axis(labelLimit=260))
    base = alt.Chart(data, width=width, height=max(40, 24 * len(data)))
    tooltip = [
        _tip("action:N", _("action")),
        alt.Tooltip("value:Q", format=".3f", title=_("mean {objective}").format(objective=objective)),
        alt.Tooltip("low:Q", format=".3f", title=_("95 % low")),
        alt.Tooltip("high:Q", format=".3f", title=_("95 % high")),
        alt.Tooltip("win:Q", format=".0%", title=_("win chance")),
        _tip("worlds:Q", _("worlds")),
    ]
    if attrs.get("higher_is_better", True):
        axis = _("{objective}: mean and 95 % interval (higher is better)").format(objective=objective)
    else:
        axis = _("{objective}: mean and 95 % interval (lower is better)").format(objective=objective)
    interval = base.mark_rule(strokeWidth=3).encode(
        y=y,
        x=alt.X("low:Q", title=axis, scale=alt.Scale(zero=False)),
        x2="high:Q",
        color=colour,
        tooltip=tooltip,
    )
    means = base.mark_point(filled=True, size=90, opacity=1).encode(y=y, x="value:Q", color=colour, tooltip=tooltip)
    title = alt.TitleParams(text=heading, subtitle=subtitle, anchor="start")
    return (interval + means).properties(title=title)


def compare_chart(
    frame: pd.DataFrame, difference: dict | None = None, bins: int = 20, width: int = 320, language: str | None = None
):
    """A what-if's outcomes over worlds (``Table.compare(...).frame``): the two branches side by side.

    Left: the share of worlds per value of the objective, one colour per branch (values
    binned when there are more than ``bins``); right: each branch's mean with its 95 %
    interval.  The title gives the paired difference (what-if minus played, over the same
    worlds) when ``difference`` (``Comparison.difference``) is passed.
    ``language`` (``"de"``, ``"en"``; default the language in use): the language of its
    titles and of the branches' names (the frame's ``branch`` column keeps "played" and "what-if").
    """
    with i18n.language(chosen(language)):
        return _compare_chart(frame, difference, bins, width)


def _compare_chart(frame, difference, bins, width):
    import altair as alt

    from .hints import BRANCHES, branch_name

    if not isinstance(frame, pd.DataFrame) or not {"branch", "value"} <= set(frame.columns):
        raise InputError(_("compare_chart takes the frame of Table.compare(...)"))
    attrs = frame.attrs
    game = attrs.get("game", "")
    column = attrs.get("objective", "value")  # the chart's data column: the objective as analyse names it
    objective = game_text(game, column) if column != "value" else _("value")  # ... and as titles name it
    names = {branch: branch_name(branch) for branch in BRANCHES}  # the branches as the chart names them
    branches = frame["branch"].astype(str).map(lambda b: names.get(b, b))
    data = pd.DataFrame({"branch": branches, column: frame["value"].astype(float)})
    counts, binned = _distribution(data, column, "branch", bins)
    counts = counts.rename(columns={"n_games": "worlds"})
    groups = [names[b] for b in BRANCHES]
    # each branch's action as a person reads it (``attrs["labels"]``, the what-if's; else its text)
    labels = attrs.get("labels") or {}
    actions = {branch: labels.get(action, action) for branch, action in zip(branches, frame["action"], strict=False)}
    colour = alt.Color(
        "branch:N",
        scale=alt.Scale(domain=groups, range=[svg.BLUE, svg.ORANGE]),
        legend=alt.Legend(title=None, orient="bottom"),
    )
    dist = (
        alt.Chart(counts, width=width, height=200, title=_("over the worlds"))
        .mark_bar()
        .encode(
            x=alt.X(
                f"{column}:{'Q' if binned else 'O'}",
                title=_("{value} (binned)").format(value=objective) if binned else objective,
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("share:Q", title=_("share of worlds"), axis=alt.Axis(format="%"), stack=None),
            color=colour,
            xOffset=alt.XOffset("branch:N") if not binned else alt.value(0),
            opacity=alt.value(0.6 if binned else 0.9),
            tooltip=[_tip("branch", _("branch")), _tip(column, objective), _tip("worlds:Q", _("worlds")), _share_tip()],
        )
    )
    summary = settlement_summary(data, column, "branch")
    summary["action"] = summary["branch"].map(actions)
    base = alt.Chart(summary, width=120, height=200, title=_("mean ± 95%"))
    x = alt.X("branch:N", sort=groups, title=None, axis=alt.Axis(labelAngle=0))
    means = base.mark_point(size=120, filled=True).encode(
        x=x,
        y=alt.Y("mean:Q", title=_("mean {value}").format(value=objective), scale=alt.Scale(zero=False)),
        color=colour,
        tooltip=[
            _tip("branch", _("branch")),
            _tip("action", _("action")),
            alt.Tooltip("mean:Q", format=".3f", title=alt.Undefined if _("mean") == "mean" else _("mean")),
            _tip("count", _("count")),
        ],
    )
    bars = base.mark_rule(strokeWidth=2).encode(x=x, y="low:Q", y2="high:Q", color=colour)
    played, other = (actions.get(g, "?") for g in groups)
    text = _("What-if at step {step}: {other} instead of {played}").format(
        step=attrs.get("step", "?"), other=other, played=played
    )
    subtitle = [attrs.get("information", "")]
    if difference is not None and not math.isnan(difference["mean"]):
        mean = decimal(f"{difference['mean']:+.3g}")
        if math.isnan(difference["low"]):
            line = _("what-if minus played, paired by world: {mean} {objective}").format(mean=mean, objective=objective)
        else:
            line = _("what-if minus played, paired by world: {mean} {objective}, 95 %: {low} to {high}").format(
                mean=mean,
                objective=objective,
                low=decimal(f"{difference['low']:+.3g}"),
                high=decimal(f"{difference['high']:+.3g}"),
            )
        subtitle.append(line)
    title = alt.TitleParams(text=text, subtitle=subtitle, anchor="start")
    return alt.hconcat(dist, bars + means, title=title)
