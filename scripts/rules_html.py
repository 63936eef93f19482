"""Rendered HTML copies of the rules documents and the docs pages, for Voila, Binder and JupyterLab.

The notebooks link to the games' rules and to the docs pages.  Voila and Jupyter serve a Markdown
file as plain text, so a class would read ``##``, ``**BK-1.1**`` and hard-wrapped lines; an HTML
file they show as a page.  This script writes, beside each source, an HTML copy that the notebooks
link to:

- ``cardgames/<game>/rules.md`` and ``rules.de.md`` -> ``rules.html`` and ``rules.de.html``,
  with an ``id`` at every clause, part and section, so
  ``rules.html#BK-4.11`` opens at the clause;
- every page of ``docs/`` (not the API reference, which mkdocstrings writes from the code) ->
  the same name with ``.html``.

The Markdown is read as the documentation site reads it: docs/hooks.py gives the clauses their
anchors (``_anchor_rules``, the same ids as ``cardgames.core.rulebook.clauses``), turns the
GitHub-style Markdown into what Python-Markdown reads the same way and links a clause id in the
text to its clause; here a link to another rendered document goes to its HTML copy.  Each page
carries its small stylesheet, so it needs nothing from another file or host.

    python scripts/rules_html.py           # write the HTML copies (make html-copies; make test and make lab do)
    python scripts/rules_html.py --check   # fail (exit 1) if one is missing or out of date

Needs the ``docs`` extra (Python-Markdown, pymdown-extensions, MkDocs for the hooks).
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import markdown

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's cardgames, as docs/hooks.py imports it on the site


def _hooks() -> ModuleType:
    """docs/hooks.py, the site's reading of the rules documents (it is not a package module)."""
    spec = importlib.util.spec_from_file_location("cardgames_docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _hooks()
rulebook = hooks.rulebook

# the site's Markdown extensions (mkdocs.yml), code shown without colours (no Pygments stylesheet)
EXTENSIONS = ("toc", "tables", "attr_list", "md_in_html", "admonition", "pymdownx.highlight", "pymdownx.superfences")

STYLE = """\
body { margin: 0; color: #1b1b1f; background: #fff; overflow-wrap: break-word;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 50rem; margin: 0 auto; padding: 0.5rem 1rem 3rem; }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 0.5em; }
h1 { font-size: 1.8rem; } h2 { font-size: 1.4rem; } h3 { font-size: 1.15rem; }
a { color: #303f9f; }
code { font: 0.9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f2f2f6;
  padding: 0 0.2em; border-radius: 3px; }
pre { overflow-x: auto; background: #f2f2f6; padding: 0.6rem 0.8rem; border-radius: 4px; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; margin: 1em 0; }
th, td { border: 1px solid #c8c8d0; padding: 0.3rem 0.6rem; vertical-align: top; text-align: left; }
th { background: #f2f2f6; }
li { margin: 0.2em 0; }
img { max-width: 100%; }
.cg-clause-id { font-weight: 600; white-space: nowrap; }
.cg-nowrap, .cg-clause-link { white-space: nowrap; }
:target { background: #fff1a8; scroll-margin-top: 1rem; }
h1:target, h2:target, h3:target { background: none; text-decoration: underline 3px #f0c000; }
.admonition { border-left: 4px solid #303f9f; background: #f4f5fb; padding: 0.1rem 0.9rem; margin: 1em 0; }
.admonition-title { font-weight: 600; }
"""

PAGE = """\
<!DOCTYPE html>
<!-- Written by scripts/rules_html.py from {source}: edit that file and run the script. -->
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{style}</style>
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""


@dataclass(frozen=True)
class Document:
    """A Markdown source, the HTML copy written beside it, and how the site knows it."""

    source: str  # repository path, posix
    site_uri: str  # the page that shows it on the site (docs/hooks.py's names)
    rules: tuple[str, str] | None = None  # (game, language) of a rules document

    @property
    def html(self) -> str:
        return self.source[: -len(".md")] + ".html"

    @property
    def language(self) -> str:
        return self.rules[1] if self.rules else hooks._language(self.site_uri)


def documents() -> list[Document]:
    """Each game's rules in both languages, then every docs page but the API reference."""
    found = [
        Document(f"cardgames/{game}/{name}", page.format(game=game), (game, language))
        for game in rulebook.NAMES
        for language, (name, page) in hooks._RULES.items()
        if (ROOT / "cardgames" / game / name).is_file()
    ]
    docs = ROOT / "docs"
    for path in sorted(docs.rglob("*.md")):
        uri = path.relative_to(docs).as_posix()
        if not uri.startswith("reference/"):
            found.append(Document(f"docs/{uri}", uri))
    return found


class _SitePages:
    """The few parts of MkDocs' ``Files`` and ``File`` that the site's clause links ask for.

    ``hooks._mark_ids`` links a clause id to the rules page of the page's language; here a
    page's ``url`` is the repository path of its HTML copy, so that link goes to the copy.
    """

    @dataclass(frozen=True)
    class File:
        src_uri: str
        url: str

    @dataclass(frozen=True)
    class Page:
        file: _SitePages.File

    def __init__(self, all_documents: list[Document]) -> None:
        self._files = {d.site_uri: self.File(d.site_uri, d.html) for d in all_documents}

    def get_file_from_path(self, uri: str) -> _SitePages.File | None:
        return self._files.get(uri)

    def page(self, document: Document) -> _SitePages.Page:
        return self.Page(self._files[document.site_uri])


def _to_copies(body: str, document: Document, rendered: set[str]) -> str:
    """Links to a rendered document's Markdown go to its HTML copy (anchors kept)."""

    def href(match: re.Match) -> str:
        link = html.unescape(match.group(2))
        target = hooks._target(link, document.source)
        if target is None or target[0] not in rendered:
            return match.group(0)
        path, fragment = target
        relative = posixpath.relpath(path[: -len(".md")] + ".html", posixpath.dirname(document.source))
        return match.group(1) + html.escape(relative + (f"#{fragment}" if fragment else "")) + match.group(3)

    return hooks._HREF.sub(href, body)


def render(document: Document, pages: _SitePages, rendered: set[str]) -> str:
    """The HTML copy of ``document``."""
    text = (ROOT / document.source).read_text(encoding="utf-8")
    if document.rules is not None:
        text = hooks._anchor_rules(text, *document.rules)
    text = hooks._table_code(hooks._python_markdown(text))
    converter = markdown.Markdown(
        extensions=list(EXTENSIONS), extension_configs={"pymdownx.highlight": {"use_pygments": False}}
    )
    body = converter.convert(text)
    body = hooks._mark_ids(body, pages.page(document), pages)
    body = _to_copies(body, document, rendered)
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    title = re.sub(r"<[^>]+>", "", heading.group(1)).strip() if heading else Path(document.source).name
    return PAGE.format(
        source=document.source,
        language=document.language,
        title=title,
        style=STYLE,
        body=body.strip(),
    )


def rendered_pages() -> dict[Path, str]:
    """Every HTML copy's path and the text it must hold."""
    all_documents = documents()
    pages = _SitePages(all_documents)
    sources = {d.source for d in all_documents}
    return {ROOT / d.html: render(d, pages, sources) for d in all_documents}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that every copy is current")
    args = parser.parse_args(argv)
    stale = []
    for path, text in rendered_pages().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.relative_to(ROOT).as_posix())
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT).as_posix()}")
    if stale:
        print("out of date (run `python scripts/rules_html.py`): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
