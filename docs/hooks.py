"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``; docs/developing.md explains the site).

The sources stay where they are and keep the links that work on GitHub and in JupyterLab;
these hooks put them on the site and map those links there:

- ``on_files`` adds the README as the home page (``index.md``), each game's rules document
  ``cardgames/<game>/rules.md`` (the copy that ships with the package) as ``rules/<game>.md``,
  its German translation ``rules.de.md`` as ``rules/de/<game>.md``, every notebook
  ``notebooks/**.ipynb`` under ``notebooks/``, and the notebooks' styles that the site shares with
  Voila (the cardgames template's ``outputs.css``) as ``stylesheets/outputs.css``; the HTML copy
  of a page that scripts/rules_html.py writes beside its Markdown for Voila and Binder is not on
  the site (mkdocs.yml excludes it), and a link to it (``cardgames/brokdorf/rules.html``) names
  the page of its Markdown;
- ``on_page_markdown`` rewrites a repository-relative link (``docs/games/brokdorf.md``,
  ``cardgames/brokdorf/rules.md#BK-4.11``, ``notebooks/brokdorf/01-rules.ipynb``) into the link
  of the page that shows that file, gives every clause of a rules document its anchor
  (``rules/brokdorf/#BK-4.11``: the ids of ``cardgames.core.rulebook.clauses``; the German pages
  ``rules/de/brokdorf/#BK-4.11``) and turns
  the GitHub-style markdown of the sources (lists nested by two spaces, a list or table
  right under a paragraph) into what Python-Markdown reads the same way;
- ``on_page_content`` maps the links of notebook pages (rendered by mkdocs-jupyter, which
  MkDocs does not rewrite) and gives their stored pictures the widgets' current styles; in one
  walk over a page it keeps every clause id whole at its hyphen and turns those in running text
  into links to their clause (on a German page, one under ``de/`` or a German notebook
  ``*-regeln.ipynb``, to the clause of the German rules); it labels each cell of the glossary
  tables with its column, for their phone layout, and lets a dotted name in a heading's code
  break after its dots;
- ``on_page_context`` lets a German page show the theme's own texts (search, footer) in German,
  with ``<html lang="de">``;
- ``on_post_page`` warns (so ``mkdocs build --strict`` fails) when a page would load anything
  from another host: the site must work with no network;
- ``on_post_build`` adds each clause and part of the rules pages to the search index, so a search
  for a clause id, pasted or typed key by key, lists the clause first.
"""

from __future__ import annotations

import json
import logging
import math
import posixpath
import re
from html import escape
from pathlib import Path
from urllib.parse import unquote, urlsplit

from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from cardgames.core import rulebook

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("mkdocs.hooks.cardgames")

# repository path (posix, relative to ROOT) -> src_uri of the site page that shows it, and back
_PAGE_OF: dict[str, str] = {}
_SOURCE_OF: dict[str, str] = {}
_RULES_PAGE = "rules/{game}.md"
# each language's rules document of a game, and the page that shows it
_RULES = {"en": ("rules.md", _RULES_PAGE), "de": ("rules.de.md", "rules/de/{game}.md")}
# the notebooks' styles the site shares with Voila's page (the cardgames template includes the same file)
_SHARED_CSS = "share/jupyter/voila/templates/cardgames/outputs.css"


def _language(src_uri: str) -> str:
    """The language of a page: German under ``de/`` and ``rules/de/`` and for the German notebooks."""
    if src_uri.startswith(("de/", "rules/de/")) or src_uri.endswith("-regeln.ipynb"):
        return "de"
    return "en"


def _add(files: Files, config, repo_path: str, src_uri: str) -> None:
    if files.get_file_from_path(src_uri) is not None:
        log.warning(f"docs/{src_uri} would hide {repo_path} on the site: remove or rename it")
        return
    files.append(File.generated(config, src_uri, abs_src_path=str(ROOT / repo_path)))
    _PAGE_OF[repo_path] = src_uri
    _SOURCE_OF[src_uri] = repo_path


# ---------------------------------------------------------------------------
# Navigation: every notebook, one section per game


def _notebooks_nav() -> list:
    """``notebooks/index.ipynb`` first, then each game's notebooks in file order, then any other folder."""
    from cardgames.core.registry import game_class

    folder = ROOT / "notebooks"
    nav: list = [{"Index": "notebooks/index.ipynb"}] if (folder / "index.ipynb").exists() else []
    games = [g for g in rulebook.NAMES if (folder / g).is_dir()]
    others = sorted(
        p.name for p in folder.iterdir() if p.is_dir() and p.name not in games and not p.name.startswith(".")
    )
    for name in games + others:
        pages = [
            p.relative_to(ROOT).as_posix()
            for p in sorted((folder / name).rglob("*.ipynb"))
            if ".ipynb_checkpoints" not in p.parts
        ]
        title = game_class(name).spec.title if name in games else name
        if pages:
            nav.append({title: pages})
    return nav


# each game's pages in a section of the navigation, by the section's title in mkdocs.yml: the pages
# before the section's own entries from mkdocs.yml and those after them, each as (title, page, the
# file it shows); ``{title}`` is the game's title; a game gets the pages whose file it has
_GAME_PAGES = {
    "Games": ([("{title}", "games/{game}.md", "docs/games/{game}.md")], []),
    "Rules": ([("{title}", _RULES_PAGE, "cardgames/{game}/rules.md")], []),
    "Deutsch": (
        [("Regeln: {title}", "rules/de/{game}.md", "cardgames/{game}/rules.de.md")],
        [("Glossar: {title}", "de/glossar-{game}.md", "docs/de/glossar-{game}.md")],
    ),
}


def _games_nav(section: str, listed: list) -> list:
    """A section of the navigation: the overview mkdocs.yml lists first, then each registered game's pages."""
    from cardgames.core.registry import game_class

    def pages(specs: list) -> list:
        return [
            {title.format(title=game_class(game).spec.title): page.format(game=game)}
            for title, page, source in specs
            for game in rulebook.NAMES
            if (ROOT / source.format(game=game)).exists()
        ]

    before, after = _GAME_PAGES[section]
    overview = listed[:1]  # "Übersicht: de/index.md"
    return overview + pages(before) + listed[1:] + pages(after)


def on_config(config):
    for entry in config.nav or []:
        if not isinstance(entry, dict):
            continue
        if "Notebooks" in entry:
            entry["Notebooks"] = _notebooks_nav()
        for section in _GAME_PAGES.keys() & entry.keys():
            entry[section] = _games_nav(section, entry[section] or [])
    return config


# ---------------------------------------------------------------------------
# Files: the README, the rules documents and the notebooks join docs/


@event_priority(100)  # before mkdocs-jupyter's on_files, which takes over the notebooks added here
def _add_sources(files: Files, config) -> Files:
    _PAGE_OF.clear()
    _SOURCE_OF.clear()
    docs = Path(config.docs_dir).resolve().relative_to(ROOT).as_posix()
    for file in list(files):
        # the HTML copy of a page (scripts/rules_html.py writes docs/de/index.html for Voila and
        # Binder; mkdocs.yml excludes them): a link to it names the page rendered from the Markdown
        if file.src_uri.endswith(".html") and files.get_file_from_path(file.src_uri.removesuffix(".html") + ".md"):
            files.remove(file)
    for file in files:
        _PAGE_OF[f"{docs}/{file.src_uri}"] = file.src_uri
        _SOURCE_OF[file.src_uri] = f"{docs}/{file.src_uri}"
    _add(files, config, "README.md", "index.md")
    _add(files, config, _SHARED_CSS, "stylesheets/outputs.css")
    for game in rulebook.NAMES:
        for document, page in _RULES.values():
            _add(files, config, f"cardgames/{game}/{document}", page.format(game=game))
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        repo_path = notebook.relative_to(ROOT).as_posix()
        if ".ipynb_checkpoints" not in repo_path:
            _add(files, config, repo_path, repo_path)
    return files


@event_priority(-100)  # after mkdocs-jupyter's on_files
def _keep_notebook_paths(files: Files, config) -> Files:
    """mkdocs-jupyter wraps each notebook's File; the wrapper must still know where the notebook lies."""
    for file in files:
        inner = getattr(file, "file", None)
        if isinstance(inner, File) and file.src_uri in _SOURCE_OF and inner.abs_src_path:
            file.abs_src_path = inner.abs_src_path
    return files


on_files = CombinedEvent(_add_sources, _keep_notebook_paths)


def _game_of_rules(src_uri: str) -> tuple[str, str] | None:
    """(game, language) of a rules page, None for any other page."""
    for game in rulebook.NAMES:
        for language, (_document, page) in _RULES.items():
            if src_uri == page.format(game=game):
                return game, language
    return None


# ---------------------------------------------------------------------------
# Links written for GitHub: repository-relative paths


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def _target(link: str, source: str) -> tuple[str, str] | None:
    """(repository path, fragment) that a relative ``link`` in the repository file ``source`` names."""
    if not link or link.startswith("#") or _SCHEME.match(link):
        return None
    parts = urlsplit(link)
    if not parts.path:
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(source), unquote(parts.path)))
    return path, parts.fragment


def _page_uri(path: str) -> str | None:
    """The site page that shows the repository file ``path``.

    A link to the rendered copy of a Markdown file (``cardgames/brokdorf/rules.html``, which the
    notebooks link so that Voila and Binder show the rules as a page) names the page of that file.
    """
    uri = _PAGE_OF.get(path)
    if uri is None and path.endswith(".html"):
        uri = _PAGE_OF.get(path.removesuffix(".html") + ".md")
    return uri


def _site_link(link: str, source: str, page_uri: str) -> str:
    """``link`` as written in ``source`` -> the same link relative to the site page ``page_uri``."""
    target = _target(link, source)
    if target is None:
        return link
    path, fragment = target
    uri = _page_uri(path)
    if uri is None:
        if path.startswith("../") or not (ROOT / path).exists():
            log.warning(f"{source}: the link {link!r} names {path}, which does not exist")
        else:
            log.warning(f"{source}: the link {link!r} names {path}, which is not on the site")
        return link
    relative = posixpath.relpath(uri, posixpath.dirname(page_uri) or ".")
    return relative + (f"#{fragment}" if fragment else "")


_INLINE_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>]*>|[^)\s]+)((?:\s+\"[^\"]*\")?\s*)\)")
_REFERENCE = re.compile(r"^( {0,3}\[[^\]]+\]:\s*)(\S+)(.*)$")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")


def _outside_code(line: str, change) -> str:
    """``change`` applied to a markdown line whose code spans are held back (a link text may hold one)."""
    spans: list[str] = []

    def hold(match: re.Match) -> str:
        spans.append(match.group(0))
        return f"\x00{len(spans) - 1}\x00"

    changed = change(_CODE_SPAN.sub(hold, line))
    return re.sub("\x00(\\d+)\x00", lambda m: spans[int(m.group(1))], changed)


def _map_links(markdown: str, source: str, page_uri: str) -> str:
    def inline(match: re.Match) -> str:
        bang, text, link, title = match.groups()
        bare = link[1:-1] if link.startswith("<") else link
        if bang and _SCHEME.match(bare):
            # a picture from another host (the README's Binder badge) would be a request off the machine
            return text
        text = _INLINE_LINK.sub(inline, text)  # a linked picture: [![alt](src)](href)
        return f"{bang}[{text}]({_site_link(bare, source, page_uri)}{title})"

    out = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or line.lstrip().startswith(("```", "~~~")):
            out.append(line)
            continue
        if found := _REFERENCE.match(line):
            line = found.group(1) + _site_link(found.group(2), source, page_uri) + found.group(3)
        out.append(_outside_code(line, lambda part: _INLINE_LINK.sub(inline, part)))
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Clause anchors of a rules document, found as cardgames.core.rulebook finds the clauses


def _span(clause_id: str, text: str, extra: str = "") -> str:
    return f'<span class="cg-clause-id{extra}" id="{clause_id}">{text}</span>'


def _anchor_rules(markdown: str, game: str, language: str = "en") -> str:
    """The rules document with an element ``id="<clause id>"`` at each clause, part and section.

    This walks the lines as ``rulebook._parse`` does (same patterns, same notion of the clause
    a numbered or lettered part belongs to); every id of ``rulebook.clauses(game)`` must get
    its anchor, and a missing one is a warning (an error under ``--strict``).
    """
    prefix = next(p for p, name in rulebook.PREFIXES.items() if name == game)
    done: set[str] = set()
    out: list[str] = []
    clause: dict | None = None
    table_header = False
    fenced = False

    def first(clause_id: str) -> bool:
        if clause_id in done:
            return False
        done.add(clause_id)
        return True

    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            out.append(line)
            continue
        if fenced:
            out.append(line)
            continue
        if found := rulebook._HEADING.match(line):
            clause, table_header = None, False
            level, title = len(found.group(1)), found.group(2).strip()
            section = rulebook._SECTION.match(title) if level == 2 else None
            if section and section.group(1) in (None, prefix):
                section_id = f"{prefix}-{section.group(2)}"
                if first(section_id):
                    line = f"{line.rstrip()} {{#{section_id}}}"
            out.append(line)
            continue
        row = rulebook._TABLE_ROW.match(line)
        if row and clause is not None:
            out.append(line)
            continue
        if row:
            cells = row.group(1).split("|")
            name = cells[0].strip()
            if not table_header:
                table_header = True
            elif rulebook._TABLE_ID.fullmatch(name) and name.startswith(prefix) and first(name):
                cells[0] = cells[0].replace(name, _span(name, name), 1)
                line = line[: row.start(1)] + "|".join(cells) + line[row.end(1) :]
            out.append(line)
            continue
        table_header = False
        if found := rulebook._CLAUSE.match(line):
            if found.group(1) not in (None, prefix):
                clause = None
                out.append(line)
                continue
            clause_id = f"{prefix}-{found.group(2)}"
            written = (f"{found.group(1)}-" if found.group(1) else "") + found.group(2)
            clause = {"id": clause_id, "bullet": line.startswith("-"), "last": found.group(4)}
            if first(clause_id):
                line = line.replace(f"**{written}", f"**{_span(clause_id, written)}", 1)
            out.append(line)
            continue
        if clause is None:
            out.append(line)
            continue
        if not line.strip():
            clause["last"] = ""
            out.append(line)
            continue
        sub = rulebook._NUMBERED.match(line) or rulebook._LETTERED.match(line)
        if sub and line[: len(line) - len(line.lstrip())] in ("  ", "   "):
            marker = sub.group(1)
            part_id = f"{clause['id']}.{marker}" if marker.isdigit() else f"{clause['id']}({marker})"
            if first(part_id):
                if marker.isdigit():
                    line = line.replace(f"{marker}. ", f"{marker}. {_span(part_id, part_id, ' cg-part-id')} ", 1)
                else:
                    line = line.replace(f"({marker})", _span(part_id, f"({marker})"), 1)
            clause["last"] = line
            out.append(line)
            continue
        if not line.startswith((" ", "- ")) and clause["last"] == "":
            clause = None  # a paragraph after a blank line belongs to no clause
        elif line.startswith("- ") and clause["bullet"]:
            clause = None  # a plain bullet after a bulleted clause is not part of it
        else:
            clause["last"] = line
        out.append(line)

    missing = [c.id for c in rulebook.clauses(game, language) if c.id not in done]
    if missing:
        log.warning(
            f"cardgames/{game}/{_RULES[language][0]}: no anchor for {', '.join(missing)} "
            "(docs/hooks.py reads the document differently from cardgames.core.rulebook)"
        )
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# GitHub-style markdown read the same way by Python-Markdown


_ITEM = re.compile(r"^( *)([-*+]|\d+\.)( +)(\S.*)$")
_TABLE_START = re.compile(r"^ *\|")
_TABLE_RULE = re.compile(r"^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$")


def _python_markdown(markdown: str) -> str:
    """Lists nested by the list item's own indentation (GitHub) re-indented by four spaces per level
    (Python-Markdown), and a blank line put before a list or table that starts right under a paragraph."""
    lines = markdown.split("\n")
    out: list[str] = []
    stack: list[int] = []  # content column of each open list item, outermost first
    fenced = False
    previous = ""  # the previous source line
    for i, line in enumerate(lines):
        if fenced or line.startswith(("```", "~~~")):
            if line.startswith(("```", "~~~")):
                fenced = not fenced
                stack = []
            out.append(line)
            previous = line
            continue
        if not line.strip():
            out.append("")
            previous = ""
            continue
        indent = len(line) - len(line.lstrip(" "))
        item = _ITEM.match(line)
        if item and not (indent >= 4 and not stack):
            while stack and indent < stack[-1]:
                stack.pop()
            if not stack and previous.strip() and out and out[-1].strip():
                out.append("")  # a list right under a paragraph
            level = len(stack)
            stack.append(indent + len(item.group(2)) + len(item.group(3)))
            out.append(" " * (4 * level) + item.group(2) + " " + item.group(4))
        elif stack and (indent > 0 or not previous.strip()):
            if not previous.strip():
                while stack and indent < stack[-1]:
                    stack.pop()
            if not stack:
                out.append(line)
            else:
                text = line.lstrip(" ")
                if (
                    _TABLE_START.match(text)
                    and i + 1 < len(lines)
                    and _TABLE_RULE.match(lines[i + 1])
                    and previous.strip()
                ):
                    out.append("")
                out.append(" " * (4 * len(stack)) + text)
        else:
            if (
                _TABLE_START.match(line)
                and i + 1 < len(lines)
                and _TABLE_RULE.match(lines[i + 1])
                and previous.strip()
                and not _TABLE_START.match(previous)
            ):
                out.append("")  # a table right under a paragraph
            out.append(line)
        previous = line
    return "\n".join(out)


def _table_code(markdown: str) -> str:
    """``\\|`` in a code span of a table row is a ``|`` on GitHub; Python-Markdown needs no escape there."""

    def unescape(span: re.Match) -> str:
        return span.group(0).replace("\\|", "|")

    return "\n".join(
        _CODE_SPAN.sub(unescape, line) if line.lstrip().startswith("|") else line for line in markdown.split("\n")
    )


def on_page_markdown(markdown: str, page, config, files: Files) -> str:
    uri = page.file.src_uri
    source = _SOURCE_OF.get(uri, f"docs/{uri}")
    rules = _game_of_rules(uri)
    if rules is not None:
        markdown = _anchor_rules(markdown, *rules)
    markdown = _map_links(markdown, source, uri)
    return _table_code(_python_markdown(markdown))


# ---------------------------------------------------------------------------
# The rendered pages: notebook links, clause links, nothing from another host


_HREF = re.compile(r'(<a\b[^>]*?\bhref=")([^"]*)(")')
_TAG = re.compile(r"(<[^>]+>)")
_TAG_NAME = re.compile(r"^</?([a-zA-Z][a-zA-Z0-9-]*)")
_ABBR = re.compile(r'(<abbr class="cg-rule" data-clause="([^"]+)"[^>]*>.*?</abbr>)', re.S)


def _clause_href(clause_id: str, page, files: Files) -> str | None:
    """The link to a clause from ``page``: the rules page in the page's own language."""
    try:
        clause = rulebook.rule(clause_id, language="en")
    except ValueError:
        return None
    rules_page = _RULES[_language(page.file.src_uri)][1]
    target = files.get_file_from_path(rules_page.format(game=clause.game))
    if target is None:
        return None
    if target is page.file:
        return f"#{clause.id}"
    return f"{get_relative_url(target.url, page.file.url)}#{clause.id}"


# text whose clause ids link nowhere; text that is no page text (a span there would show as words, or not at all)
_UNLINKED = {"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "abbr"}
_NO_TEXT = {"script", "style", "title", "textarea", "svg"}
# the ids of a rules document's entries that hold a hyphen: decision points (DP-4) and resolved ambiguities
_ENTRY_ID = re.compile(rf"\b{rulebook.ENTRY_WITH_HYPHEN}\b(?![.\d])")


def _whole(text: str) -> str:
    return f'<span class="cg-nowrap">{text}</span>'


def _mark_ids(html: str, page, files: Files, link: bool = True) -> str:
    """The page with every clause id (BK-4.11, BD-5.8(a)) and entry id (DP-4) of its text kept whole, in one walk.

    Each id sits in an element that never breaks (outputs.css, site.css), so a narrow screen never
    splits it at its hyphen ("TB-|4.2"): in running text, headings, code and printed output alike;
    tags and attributes are left alone.  With ``link``, a clause id in running text (not in code,
    headings, links, the stored pictures' ``abbr`` or the anchors themselves) is a link to its
    clause, which keeps it whole as well.
    """
    out: list[str] = []
    inside: dict[str, int] = {}  # open elements of the tags above, by tag
    in_anchor = False

    def mark(match: re.Match) -> str:
        linked = link and not in_anchor and not any(inside.get(tag) for tag in _UNLINKED)
        clause = rulebook.resolve(match) if linked else None
        href = _clause_href(clause.id, page, files) if clause else None
        if href is None:
            return _whole(match.group(0))
        return f'<a class="cg-clause-link" href="{href}">{match.group(0)}</a>'

    for piece in _TAG.split(html):
        if piece.startswith("<"):
            name = _TAG_NAME.match(piece)
            if name and not piece.endswith("/>"):
                tag = name.group(1).lower()
                if tag in _UNLINKED or tag in _NO_TEXT:
                    inside[tag] = inside.get(tag, 0) + (-1 if piece.startswith("</") else 1)
                elif tag == "span":
                    in_anchor = 'class="cg-clause-id' in piece
            out.append(piece)
        elif any(inside.get(tag) for tag in _NO_TEXT):
            out.append(piece)
        else:
            done = 0
            for match in rulebook.CITED.finditer(piece):
                out.append(_ENTRY_ID.sub(lambda m: _whole(m.group(0)), piece[done : match.start()]))
                out.append(mark(match))
                done = match.end()
            out.append(_ENTRY_ID.sub(lambda m: _whole(m.group(0)), piece[done:]))
    return "".join(out)


def _notebook_links(html: str, page, files: Files) -> str:
    source = _SOURCE_OF[page.file.src_uri]

    def href(match: re.Match) -> str:
        link = match.group(2).replace("&amp;", "&")
        target = _target(link, source)
        if target is None:
            return match.group(0)
        path, fragment = target
        uri = _page_uri(path)
        if uri is None:
            log.warning(f"{source}: the link {link!r} names {path}, which is not on the site")
            return match.group(0)
        url = get_relative_url(files.get_file_from_path(uri).url, page.file.url)
        return match.group(1) + url + (f"#{fragment}" if fragment else "") + match.group(3)

    html = _HREF.sub(href, html)
    # the MathJax loader that nbconvert's template writes even when no URL is given (no notebook uses math)
    html = re.sub(r'<script src="">\s*</script>', "", html)

    def clause(match: re.Match) -> str:
        url = _clause_href(match.group(2), page, files)
        return f'<a class="cg-clause-link" href="{url}">{match.group(1)}</a>' if url else match.group(1)

    # clause ids in stored outputs carry their clause as a tooltip; on the site they also link to it
    return _ABBR.sub(clause, html)


# the styles a stored picture, table or what-if carries (cardgames_widgets.layout.CSS as it was when its notebook ran)
_PICTURE_STYLES = re.compile(r"<style>\s*\.cg-root \{.*?</style>", re.S)


def _current_picture_styles(html: str) -> str:
    """A notebook page's stored pictures with the widgets' styles of today (``cardgames_widgets.layout.CSS``).

    A notebook stores each picture with the styles of the day it ran; the site shows them with the
    widgets' current styles, so a fix of the layout (a phone's width) shows on the site at once,
    not only once the notebooks have run again.
    """
    from cardgames_widgets.layout import CSS

    return _PICTURE_STYLES.sub(lambda _found: CSS, html)


_IMG = re.compile(r'<img\b[^>]*\bsrc="data:image/png;base64,([A-Za-z0-9+/]{0,200})[^>]*>')
_NO_ALT = 'alt="No description has been provided for this image"'


def _image_words(html: str, page) -> str:
    """A stored picture's alt text from the words its output keeps beside it (a chart: "chart: <title>").

    nbconvert gives every image of a notebook the same placeholder alt text; the text/plain of the
    output that holds the PNG says what it shows, so a screen reader reads that instead.
    """
    notebook = json.loads(Path(page.file.abs_src_path).read_text(encoding="utf-8"))
    words: dict[str, str] = {}
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if "image/png" in data and text and not text.startswith("<"):
                words["".join(data["image/png"])[:200].strip()] = text

    def alt(match: re.Match) -> str:
        text = words.get(match.group(1))
        tag = match.group(0)
        if text is None or _NO_ALT not in tag:
            return tag
        return tag.replace(_NO_ALT, 'alt="' + text.replace("&", "&amp;").replace('"', "&quot;") + '"')

    return _IMG.sub(alt, html)


_TABLE = re.compile(r"<table>(.*?)</table>", re.S)
_HEADER_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_CELL = re.compile(r"<td\b")


def _label_cells(html: str) -> str:
    """Each cell of a table carries its column's name (``<td data-label="nicht">``).

    On a phone the glossary tables stack their rows and show each cell under that name
    (docs/stylesheets/site.css), so no column is pushed off the screen.
    """

    def table(match: re.Match) -> str:
        body = match.group(1)
        names = [re.sub(r"<[^>]+>", "", name).strip() for name in _HEADER_CELL.findall(body)]

        def row(found: re.Match) -> str:
            column = iter(names)
            cells = _CELL.sub(lambda cell: f'<td data-label="{escape(next(column, ""), quote=True)}"', found.group(1))
            return f"<tr>{cells}</tr>"

        return f"<table>{_ROW.sub(row, body)}</table>"

    return _TABLE.sub(table, html)


_HEADING_CODE = re.compile(r"(<h[1-3]\b.*?</h[1-3]>)", re.S)
_CODE = re.compile(r"(<code\b[^>]*>)(.*?)(</code>)", re.S)
_NAME_DOT = re.compile(r"(?<=[A-Za-z_])\.(?=[A-Za-z_])")


def _break_heading_code(html: str) -> str:
    """A dotted name in a heading's code may break after its dots (``cardgames.<wbr>rowdy_partners.<wbr>probability``).

    site.css lets such code wrap, so that the heading fits a phone; a ``<wbr>`` makes the line
    break fall between the parts of the name instead of inside one of them.  Only a dot between
    letters counts: a clause id (``BK-4.11``) keeps its dot unbroken.
    """

    def text(code: str) -> str:
        return "".join(piece if piece.startswith("<") else _NAME_DOT.sub(".<wbr>", piece) for piece in _TAG.split(code))

    def heading(match: re.Match) -> str:
        return _CODE.sub(lambda code: code.group(1) + text(code.group(2)) + code.group(3), match.group(1))

    return _HEADING_CODE.sub(heading, html)


def on_page_content(html: str, page, config, files: Files) -> str:
    html = _break_heading_code(html)
    if page.file.src_uri.startswith("de/glossar"):
        html = _label_cells(html)
    if page.file.src_uri.endswith(".ipynb"):
        html = _notebook_links(_image_words(_current_picture_styles(html), page), page, files)
        return _mark_ids(html, page, files, link=False)  # their clause ids link from their abbr (_notebook_links)
    if page.file.src_uri.startswith("reference/"):
        # a docstring's Sphinx role (:func:`picture`, :class:`~cardgames_widgets.Table`) shows as plain code
        return re.sub(r":(?:func|class|meth|attr|data|mod|exc):<code>~?", "<code>", html)
    return _mark_ids(html, page, files)


class _Themed:
    """``config`` as a page's template reads it, with the theme's ``language`` replaced (any other name: ``config``'s).

    Material takes every word of its own (the search box and its results, "skip to content", the
    footer, ``<html lang>``) from ``config.theme.language``, one language for the whole site; a
    German page reads its ``config`` through this, so Material finds its German texts.
    """

    def __init__(self, wrapped, **replaced):
        self._wrapped, self._replaced = wrapped, replaced

    def __getattr__(self, name: str):
        if name in self._replaced:
            return self._replaced[name]
        return getattr(self._wrapped, name)

    def __getitem__(self, key: str):
        if key in self._replaced:
            return self._replaced[key]
        return self._wrapped[key]


def on_page_context(context, page, config, nav):
    """A German page (``_language``) shows Material's own texts in German: the search ("Suche", "3 Suchergebnisse"),
    the footer and ``<html lang="de">``; the search index stays the site's, one for both languages."""
    language = _language(page.file.src_uri)
    if language != config.theme["language"]:
        context["config"] = _Themed(config, theme=_Themed(config.theme, language=language))
    return context


_REMOTE = re.compile(
    r"""<(?:script|link|img|iframe|source|embed|object|image|use|video|audio)\b[^>]*?"""
    r"""\b(?:src|href|xlink:href|data|srcset)\s*=\s*["']?\s*(?:https?:)?//"""
    r"""|@import\s+(?:url\()?["']?\s*(?:https?:)?//|url\(\s*["']?\s*(?:https?:)?//""",
    re.I,
)
_REMOTE_OK = re.compile(r"""<link\b[^>]*\brel=["']?(?:canonical|alternate)\b""", re.I)


def on_post_page(output: str, page, config) -> str:
    for found in _REMOTE.finditer(output):
        start = output.rfind("<", 0, found.start() + 1)
        tag = output[start : output.find(">", found.end()) + 1]
        if _REMOTE_OK.match(tag):
            continue
        log.warning(f"{page.file.src_uri}: the page would load from another host: {tag[:200]}")
    return output


# Site search for a clause id ("BK-4.11", "BH-4.12.5") should list that clause first, whether the id
# is pasted or typed key by key.  Material indexes pages by section, and a clause is a list item
# inside a section, so the search index gets one entry per clause and per part of each rules page,
# titled and tagged with its id.  Material weighs a tag far above a title or the text, and splits the
# query at the hyphen into two terms (``bh`` and ``4.12.5``), each searched as a prefix (``4.12.5*``):
# the entry whose tag holds both terms ranks above a page that only cites the id, and RP-4.11 shares
# only one of them.  A prefix also matches the longer ids (``4.1*`` finds BK-4.1, BK-4.13 and the
# part BK-4.1.2), and Lunr weighs a rare id above a common one, so each entry's boost evens out its
# terms' weights (their idf, as Lunr computes it) and then favours the shorter id: the id that was
# typed comes before the ids it is the beginning of, and a clause before its parts.
_CLAUSE_TEXT = re.compile(r"[*_`]")
_SEARCH_TAG = re.compile(r"<[^>]*>")


def _excerpt(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: text.rfind(" ", 0, limit)] + " …"


def _clause_entries(config) -> dict[str, list[dict]]:
    """The search entries of the clauses and parts of every rules page, by the page's location."""
    entries: dict[str, list[dict]] = {}
    for language, (_, page) in _RULES.items():
        for game in rulebook.prefixes().values():
            location = page.format(game=game)[: -len(".md")] + "/"
            entries[location] = [
                {
                    "location": f"{location}#{clause.id}",
                    "title": clause.id,
                    "tags": [clause.id],
                    # a short excerpt: the page's section entries index the whole text already
                    "text": _excerpt(_CLAUSE_TEXT.sub("", f"{clause.title} {clause.text}".strip())),
                }
                for clause in rulebook.clauses(game, language)
                if clause.id.startswith(tuple(rulebook.prefixes()))
            ]
    return entries


def _search_terms(text: str, separator: re.Pattern) -> set[str]:
    """The terms Material's search makes of a field: the text outside markup, split at the separator, lower case."""
    return {term.lower() for part in _SEARCH_TAG.split(text) for term in separator.split(part) if term}


def _even_boosts(docs: list[dict], clause_entries: list[dict], separator: re.Pattern) -> None:
    """Give each clause entry the boost that ranks it as described above.

    Lunr scores an entry by the sum of ``idf(term) * boost`` over the query terms its tag holds,
    where ``idf`` counts the documents (per field) that hold the term.  Dividing the boost by the
    sum over the entry's own terms makes every entry that holds all the query's terms score the
    same; dividing it by ``1 + length / 10`` of the id's number then puts the shortest id (the one
    typed) first, a few percent ahead, and keeps an entry that holds only the prefix (``bh``), or
    a section that names the number in its text, well below one whose tag holds both.
    """
    holding: dict[str, int] = {}
    for doc in docs:
        for field in ("title", "text", "tags"):
            value = doc.get(field)
            if value is None:
                continue
            for term in _search_terms(" ".join(value) if isinstance(value, list) else value, separator):
                holding[term] = holding.get(term, 0) + 1

    def idf(term: str) -> float:
        held = holding.get(term, 0)
        return math.log(1 + abs((len(docs) - held + 0.5) / (held + 0.5)))

    for entry in clause_entries:
        terms = sorted(_search_terms(entry["tags"][0], separator))
        number = entry["tags"][0].split("-", 1)[1]
        entry["boost"] = 1 / ((1 + len(number) / 10) * sum(idf(term) for term in terms))


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config) -> None:
    index_path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not index_path.exists():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    known = {doc["location"] for doc in index["docs"]}
    clauses = _clause_entries(config)
    docs: list[dict] = []
    added: list[dict] = []
    for doc in index["docs"]:
        docs.append(doc)
        # each clause right after its page's entry; a location the index has already (a section
        # anchored at a clause id, "BK-8") keeps its own entry, untagged and unboosted: a boost
        # would weigh its whole text, and a search for a word should find it as before
        new = [e for e in clauses.get(doc["location"], ()) if e["location"] not in known]
        docs.extend(new)
        added.extend(new)
    _even_boosts(docs, added, re.compile(index["config"]["separator"]))
    index["docs"] = docs
    index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
