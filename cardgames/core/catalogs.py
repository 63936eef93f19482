"""Keeping the message catalogs in step with the code (a maintainer's tool, Babel).

``python -m cardgames.core.catalogs`` (or ``make catalogs``) extracts every message the
code marks (``_("...")``, ``ngettext("...", "...", n)``, ``N_("...")``) and updates each
German ``.po``: new messages are added untranslated, messages the code no longer has are
dropped, translations are kept.  Then a translator fills in the empty ``msgstr``;
``tests/core/test_i18n.py`` fails while any is empty or fuzzy.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n import DOMAINS, LANGUAGES, SOURCE
from .rulebook import PREFIXES

if TYPE_CHECKING:
    from babel.messages.catalog import Message

ROOT = Path(__file__).resolve().parents[2]  # the repository (or the installed tree)
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
CONTEXT = "\x04"  # a message said in a context is keyed "context\x04message", as gettext stores it
STAMP = datetime(2026, 12, 1, tzinfo=UTC)
FIELDS = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")  # a str.format field: {seat}, {n}, {share:.0%}
# a clause id in a message: the prefixes are those the rules documents define (rulebook.PREFIXES)
CLAUSES = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-\d+(?:\.\d+)*(?:\([a-z]\))?")


def sources(domain: str, root: Path = ROOT) -> list[Path]:
    """The source files whose messages ``domain`` translates, in a fixed order."""
    files: set[Path] = set()
    for pattern in DOMAINS[domain][1]:
        files.update(root.glob(pattern))
    return sorted(files)


def extract(domain: str, root: Path = ROOT) -> dict[str | tuple[str, str], list[str]]:
    """Every message the sources of ``domain`` mark: msgid (or (singular, plural)) -> where it is used."""
    from babel.messages.extract import extract_from_file

    found: dict[str | tuple[str, str], list[str]] = {}
    for path in sources(domain, root):
        for line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, strip_comment_tags=True
        ):
            key = message if isinstance(message, str) else (message[0], message[1])
            if context and isinstance(key, str):
                key = f"{context}{CONTEXT}{key}"
            found.setdefault(key, []).append(f"{path.relative_to(root)}:{line}")
    return found


def po_path(domain: str, language: str, root: Path = ROOT) -> Path:
    return root / DOMAINS[domain][0] / language / "LC_MESSAGES" / f"{domain}.po"


def update(domain: str, language: str, root: Path = ROOT) -> tuple[int, int]:
    """Bring ``language``'s catalog of ``domain`` in step with the code: (messages added, messages dropped)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = po_path(domain, language, root)
    old = None
    if path.is_file():
        with path.open("rb") as existing:
            old = read_po(existing, locale=language)
    # fixed dates: the file changes only when a message does
    catalog = Catalog(
        locale=language,
        domain=domain,
        project="cardgames",
        version=_version(),
        fuzzy=False,
        creation_date=STAMP,
        revision_date=STAMP,
        language_team=LANGUAGES[language],
        last_translator="the cardgames authors",
        copyright_holder="the cardgames authors",
        msgid_bugs_address="the cardgames issue tracker",
        header_comment=(
            f"# The texts of cardgames ({domain}) in {LANGUAGES[language]} ({language}).\n"
            "# Updated from the code by `make catalogs`; every msgstr is filled in by hand.\n"
            "# Card codes, action texts, clause ids and {fields} stay as they are."
        ),
    )
    messages = extract(domain, root)
    added = 0
    for key, places in messages.items():
        context, message = _split(key)
        previous = old.get(message if isinstance(message, str) else message[0], context) if old is not None else None
        string: str | tuple[str, ...] = "" if isinstance(key, str) else ("", "")
        if previous is not None and (isinstance(previous.string, str) == isinstance(key, str)):
            string = previous.string if isinstance(previous.string, str) else tuple(previous.string or ())
        texts = [string] if isinstance(string, str) else list(string)
        added += not all(texts)
        locations = [(place.rsplit(":", 1)[0], int(place.rsplit(":", 1)[1])) for place in places]
        catalog.add(message, string, locations=locations, context=context)
    dropped = 0 if old is None else sum(1 for m in old if m.id and key_of(m) not in messages)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, include_previous=False, include_lineno=False)
    return added, dropped


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardgames")
    except PackageNotFoundError:
        return "0"


def key_of(message: Message) -> str | tuple[str, str]:
    """The key :func:`extract` gives a Babel ``Message``: its id, (singular, plural), or "context\x04id"."""
    if isinstance(message.id, str):
        return f"{message.context}{CONTEXT}{message.id}" if message.context else message.id
    return (message.id[0], message.id[1])


def _split(key: str | tuple[str, str]) -> tuple[str | None, str | tuple[str, str]]:
    """(context or None, the message) of a key of :func:`extract`."""
    if isinstance(key, str) and CONTEXT in key:
        context, message = key.split(CONTEXT, 1)
        return context, message
    return None, key


def entries(domain: str, language: str, root: Path = ROOT) -> Iterator[Message]:
    """The messages of a catalog (Babel ``Message`` objects), the header left out."""
    from babel.messages.pofile import read_po

    with po_path(domain, language, root).open("rb") as source:
        catalog = read_po(source, locale=language)
    return (message for message in catalog if message.id)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    domains = args or list(DOMAINS)
    for domain in domains:
        for language in LANGUAGES:
            if language != SOURCE:
                added, dropped = update(domain, language)
                print(f"{po_path(domain, language).relative_to(ROOT)}: {added} to translate, {dropped} dropped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
