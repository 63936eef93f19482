"""The language a person reads: English or German, from gettext message catalogs.

Every text the library shows to a person (a ``describe`` sentence, an ``IllegalMove``
message, the labels of ``render()``, a settlement note, the command line's prompts, the
widgets) is written in English in the code and marked for translation::

    from ..core.i18n import Catalog

    _, ngettext = Catalog("brokdorf").functions()

    text = _("Player {seat} says GUT, passing (BK-4.2)").format(seat=seat)
    text = ngettext("{n} trick", "{n} tricks", n).format(n=n)

The German translations are gettext catalogs kept as ``.po`` files in the repository
(``cardgames/locale/de/LC_MESSAGES/<domain>.po``, the widgets' in ``widgets/locale``);
installing the package compiles them to ``.mo`` (setup.py, with Babel).  A catalog whose
``.mo`` is missing or older than its ``.po`` (a checkout whose translations were just
edited) is read from the ``.po`` instead, so the text shown is always the current one.

What stays the same in every language: card codes, action texts (``play QH``), clause
ids, option names and DataFrame columns, so code and saved games work unchanged.

The language is chosen by :func:`set_language` (``"de"`` or ``"en"``); until then it is
taken from the environment as gettext does (the first of ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG`` that is set), English where German is not asked for.
:func:`language` chooses one for a block of code only (a ``Table(language="de")`` shows
its texts in German whatever the rest of the notebook uses).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from .errors import InputError

#: the languages there are texts for: code -> the language's own name
LANGUAGES: Mapping[str, str] = {"en": "English", "de": "Deutsch"}
SOURCE = "en"  # the language the messages are written in

PACKAGE = Path(__file__).resolve().parent.parent  # cardgames/
LOCALE = PACKAGE / "locale"


class _Domains(Mapping[str, tuple[str, tuple[str, ...]]]):
    """The catalogs of the package: the core's, one per game the registry lists as built in, the widgets'.

    Read from the registry when first asked (the registry itself needs this module's ``Catalog``).
    A game registered from outside brings its own catalog, or none (its texts stay English).
    """

    def _table(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        from .registry import BUILTIN

        return {
            "cardgames": ("cardgames/locale", ("cardgames/*.py", "cardgames/core/*.py")),
            **{game: ("cardgames/locale", (f"cardgames/{game}/*.py",)) for game in BUILTIN},
            "widgets": ("widgets/locale", ("widgets/*.py", "widgets/*/*.py")),
        }

    def __getitem__(self, domain: str) -> tuple[str, tuple[str, ...]]:
        return self._table()[domain]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: every catalog (gettext domain): the folder that holds its locale tree, and the source
#: files whose messages it translates (relative to the repository; tests/core/test_i18n.py
#: extracts them and checks that every message has its German translation)
DOMAINS: Mapping[str, tuple[str, tuple[str, ...]]] = _Domains()

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_chosen: str | None = None  # set_language(); None: from the environment
_block: ContextVar[str | None] = ContextVar("cardgames_language", default=None)  # language(): one block


def normalize(code: object) -> str:
    """``"de"``, ``"de_DE.UTF-8"``, ``"de-AT"``, ``"DE"`` -> ``"de"``; an unknown language is a ValueError."""
    if not isinstance(code, str):
        raise InputError(f"a language is a code such as 'de' or 'en', not {type(code).__name__}")
    short = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if short not in LANGUAGES:
        offered = " or ".join(f"'{c}' ({name})" for c, name in LANGUAGES.items())
        raise ValueError(f"there are no texts in the language {code[:40]!r}: choose {offered}")
    return short


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale environment asks for, as gettext reads it; English where German is not asked for.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides;
    ``LANGUAGE`` may list several (``"fr:de"``), the first one there are texts for wins.
    """
    environ = os.environ if environ is None else environ
    for name in _ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            for item in value.split(":"):
                try:
                    return normalize(item)
                except ValueError:
                    continue
            return SOURCE
    return SOURCE


def set_language(code: str | None = None) -> str:
    """Show every text in ``code`` (``"de"`` or ``"en"``) from now on; None goes back to the environment's.

    Returns the language now in use.  Card codes, action texts and clause ids stay the
    same in every language.

    >>> import cardgames
    >>> cardgames.set_language("de")
    'de'
    >>> cardgames.set_language("en")
    'en'
    """
    global _chosen
    _chosen = None if code is None else normalize(code)
    return get_language()


def get_language() -> str:
    """The language texts are shown in now: a :func:`language` block's, else :func:`set_language`'s, else the environment's."""
    return _block.get() or _chosen or from_environment()


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Show the texts of a block of code in ``code`` (None: the language in use), then go back.

    >>> with language("de"):
    ...     ...  # every text made here is German
    """
    token = _block.set(get_language() if code is None else normalize(code))
    try:
        yield get_language()
    finally:
        _block.reset(token)


#: every catalog read so far, by its file's folder and domain: each is read once, however many
#: modules (or ``Catalog`` objects) of a part ask for it
_LOADED: dict[tuple[Path, str], gettext.NullTranslations] = {}


class Catalog:
    """The translations of one gettext domain (one game, the core, the widgets), read once per language."""

    def __init__(self, domain: str, localedir: str | Path | None = None):
        self.domain = domain
        self.localedir = Path(localedir) if localedir is not None else LOCALE

    def translations(self, code: str) -> gettext.NullTranslations:
        """The catalog of language ``code``: its ``.mo``, or its ``.po`` where that is newer; English where neither exists."""
        key = (self.localedir / code / "LC_MESSAGES", self.domain)
        if key not in _LOADED:
            _LOADED[key] = _load(*key)
        return _LOADED[key]

    def gettext(self, message: str) -> str:
        code = get_language()
        return message if code == SOURCE else self.translations(code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        code = get_language()
        if code == SOURCE:
            return singular if n == 1 else plural
        return self.translations(code).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` as said in ``context`` (a game's own word where the same English word differs in German)."""
        code = get_language()
        return message if code == SOURCE else self.translations(code).pgettext(context, message)

    def word(self, words: Mapping[str, tuple[str, str]], text: str) -> str:
        """``text`` as people read it, by a game's table of the words of its action texts (each an ``NP_``,
        ``{"place": NP_("three_bridges", "place")}``), in the language in use; a text the table does not hold
        (a card, a district, a number) as it is."""
        entry = words.get(text)
        return self.pgettext(entry[0], entry[1]) if entry is not None else text

    def action_text(self, words: Mapping[str, tuple[str, str]], text: str) -> str:
        """A move written in the words people read, in the words of its action text: the inverse of :meth:`word`
        over a whole move.  With Three Bridges' table "legen E-VII A" (and "place E-VII A") is ``place E-VII A``.

        Each word is read in any case, in the language in use and in English, the longest reading first
        (Rowdy Partners' "nicht abklatschen" is ``pass``, not "nicht" and ``tag``); a word the table does not
        hold (a card, a district, a number) stays as it is written.  What a game's parser calls before it
        reads an action text, so that a move a refusal or a button names can be typed as it stands.
        """
        meaning: dict[tuple[str, ...], str] = {}
        for key, (context, english) in words.items():
            meaning.setdefault(tuple(self.pgettext(context, english).lower().split()), key)
            meaning.setdefault(tuple(english.lower().split()), key)
        longest = max([len(said) for said in meaning], default=1)
        written = text.split()
        lowered = [w.lower() for w in written]
        out: list[str] = []
        i = 0
        while i < len(written):
            for n in range(min(longest, len(written) - i), 0, -1):
                found = meaning.get(tuple(lowered[i : i + n]))
                if found is not None:
                    out.append(found)
                    i += n
                    break
            else:
                out.append(written[i])
                i += 1
        return " ".join(out)

    def functions(self) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
        """``(_, ngettext)`` for a module: the names the message extraction looks for."""
        return self.gettext, self.ngettext


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined, translated later where it is shown (a table of names)."""
    return message


def number(value: float, digits: int = 1) -> str:
    """A decimal number as the language in use writes it: ``3.5`` in English, ``3,5`` in German."""
    return decimal(f"{value:.{digits}f}")


def decimal(text: str) -> str:
    """A number already written with a decimal point (``f"{x:+.3g}"``), as the language in use writes it."""
    return text.replace(".", ",") if get_language() == "de" else text


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` in ``context`` for translation where it is defined; ``Catalog.pgettext(*entry)`` shows it."""
    return context, message


def _load(folder: Path, domain: str) -> gettext.NullTranslations:
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    if po.is_file():
        return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    return gettext.NullTranslations()


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` catalog (Babel; fuzzy entries are left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()
