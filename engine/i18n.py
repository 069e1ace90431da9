"""Texts in the players' language: gettext catalogues managed with Babel.

Every text a person reads is an English msgid marked with :func:`N_` (or passed to
:func:`translate`); ``pybabel extract`` collects them into ``engine/locale/messages.pot``
and ``engine/locale/<lang>/LC_MESSAGES/messages.po`` holds each language's translations
(README, "Languages"). The ``.po`` files are compiled with Babel's own API on first use,
so no generated file is needed at run or test time; fuzzy entries are left out, so an
unreviewed translation falls back to English. The language is an argument, never
global state: the HTTP layer picks it from ``Accept-Language``.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "de")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark ``message`` as a msgid for ``pybabel extract``; it is translated where it is shown."""
    return message


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English for any language not in :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    with catalogue_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    mo = BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


def translate(lang: str, message: str, **params) -> str:
    """``message`` in ``lang``, its ``{name}`` placeholders filled from ``params``."""
    text = translations(lang).gettext(message)
    return text.format(**params) if params else text


class Text(str):
    """A msgid with its fields: as a string, its English rendering; :meth:`in_` renders it in
    another language. A field that is itself a ``Text`` (a game word: ``Text(N_("wolf"))``) is
    rendered in the same language, any other value as it is. Errors carry their messages so
    (``engine.errors``), so the HTTP layer can answer in the request's language."""

    def __new__(cls, template: str, **fields):
        if isinstance(template, Text) and not fields:
            return template
        text = super().__new__(cls, _rendered(DEFAULT, str(template), fields))
        text.template, text.fields = str(template), fields
        return text

    def in_(self, lang: str) -> str:
        return _rendered(lang, self.template, self.fields)

    def __reduce__(self):
        return _text, (self.template, self.fields)

    def __deepcopy__(self, memo):
        return self


def _text(template: str, fields: dict) -> Text:
    return Text(template, **fields)


def _rendered(lang: str, template: str, fields: dict) -> str:
    return translate(lang, template, **{name: value.in_(lang) if isinstance(value, Text) else value
                                        for name, value in fields.items()})


def term(words: dict, value):
    """``value``'s game word in ``words`` (value -> msgid) as a :class:`Text`, else ``value``."""
    return Text(words[value]) if value in words else value
