"""Lesson and puzzle texts in other languages: parallel files, one per content file and language.

The English file (``lessons/03_passing.toml``) holds the structure (deals, answers,
rules) and the English words; ``lessons/locales/<language>/03_passing.toml`` holds
only the words of that language, keyed so that they cannot slide onto the wrong
step: steps by number (``[steps.4]``), puzzles, themes, sections and glossary terms
by id, quotes by number.  Parallel files rather than three languages side by side
because each translator (and each reviewer) works on one file per language without
touching a deal, and the structure stays in one place.  Which texts a file has follows from the
declarations of its tables' fields (:mod:`.shapes`): a field declared as words is a text to translate.

:func:`localize` lays a translation over the English data before the ordinary
loader reads it, after checking that the two files match: the same texts, no stray
ones, the same ``{placeholders}``, the same cards named in notation (``QS`` stays
``QS``: the page draws it as a card in the learner's language), lists of the same
length.  A mismatch is a :class:`TranslationError` naming the file and the text.

Command line (run from the repository root)::

    python -m hearts_core.content.translations skeleton uk   # write missing files, English inside
    python -m hearts_core.content.translations check uk      # every file: structure, cards, untranslated texts
    python -m hearts_core.content.translations words         # English words to translate, by file
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from ..engine.cards import Card, split_cards
from ..words.languages import DEFAULT_LANGUAGE, LANGUAGES
from .fields import Fields
from .schema import LESSONS_DIR, ContentError
from .shapes import LESSON_FIELDS, PUZZLE_FIELDS, SECTION_FIELDS, STEP_FIELDS, TERM_FIELDS, THEME_FIELDS
from .sources import SOURCES

Kind = Literal["lesson", "puzzles", "themes", "catalogue", "glossary", "sources"]
LOCALES_DIR: Final = LESSONS_DIR / "locales"

_PLACEHOLDER: Final = re.compile(r"\{[a-z_]+\}")


class TranslationError(ContentError):
    """A translation file that does not match its English file."""

    def __init__(self, file: str, message: str) -> None:
        super().__init__(file, message)


@dataclass(frozen=True)
class Slot:
    """One translatable text of an English file: where it sits in the translation file (``path``), its
    English value (a string, or a list of strings) and how to put the translation in its place."""

    path: tuple[str, ...]
    english: str | list[str]
    put: Callable[[Any], None]
    #: Whether a translation may have a different number of items (a glossary term's word forms).
    free_length: bool = False


def _setter(table: dict[str, Any], key: str) -> Callable[[Any], None]:
    def put(value: Any) -> None:
        table[key] = value

    return put


def _texts(table: Any, keys: Sequence[str], prefix: tuple[str, ...]) -> Iterator[Slot]:
    """The string fields ``keys`` of ``table`` that are present."""
    if not isinstance(table, dict):
        return
    for key in keys:
        if isinstance(table.get(key), str):
            yield Slot((*prefix, key), table[key], _setter(table, key))


def _map(table: Any, key: str, prefix: tuple[str, ...]) -> Iterator[Slot]:
    """Every string of the sub-table ``table[key]`` (captions, feedback, ideas), by its own key."""
    inner = table.get(key) if isinstance(table, dict) else None
    if isinstance(inner, dict):
        for name, value in inner.items():
            if isinstance(value, str):
                yield Slot((*prefix, key, str(name)), value, _setter(inner, name))


def needs_words(choice: str) -> bool:
    """Whether a question's choice is words to translate (a number or a card code is not)."""
    return bool(re.search(r"[A-Za-z]{2,}", choice))


def _declared(table: Any, fields: Fields, prefix: tuple[str, ...]) -> Iterator[Slot]:
    """The texts of one table, as its fields declare them: its texts, then its lists (a question's
    choices, a term's spellings), then its tables of texts (a TOML table's keys come before its
    sub-tables, and a skeleton is written in this order)."""
    if not isinstance(table, dict):
        return
    yield from _texts(table, fields.words("text"), prefix)
    for key in fields.words("choices"):
        choices = table.get(key)
        if isinstance(choices, list) and any(needs_words(str(choice)) for choice in choices):
            yield Slot((*prefix, key), [str(choice) for choice in choices], _choice_labels(table))
    for key in fields.words("forms"):
        if isinstance(table.get(key), list):
            yield Slot((*prefix, key), [str(form) for form in table[key]], _setter(table, key), free_length=True)
    for key in fields.words("table"):
        yield from _map(table, key, prefix)


def _lesson_slots(data: dict[str, Any]) -> Iterator[Slot]:
    yield from _declared(data, LESSON_FIELDS, ())
    for number, step in enumerate(data.get("steps") or [], start=1):
        yield from _declared(step, STEP_FIELDS, ("steps", str(number)))


def _choice_labels(step: dict[str, Any]) -> Callable[[Any], None]:
    """A question's choices stay English (the engine matches them); their translations become labels."""

    def put(labels: Any) -> None:
        step["choice_labels"] = dict(zip((str(choice) for choice in step["choices"]), labels, strict=True))

    return put


def _puzzle_slots(data: dict[str, Any]) -> Iterator[Slot]:
    for puzzle in data.get("puzzles") or []:
        if isinstance(puzzle, dict) and isinstance(puzzle.get("id"), str):
            yield from _declared(puzzle, PUZZLE_FIELDS, ("puzzles", puzzle["id"]))


def _theme_slots(data: dict[str, Any]) -> Iterator[Slot]:
    for theme_id, theme in (data.get("themes") or {}).items():
        yield from _declared(theme, THEME_FIELDS, ("themes", str(theme_id)))


def _catalogue_slots(data: dict[str, Any]) -> Iterator[Slot]:
    for section in data.get("sections") or []:
        if isinstance(section, dict) and isinstance(section.get("id"), str):
            yield from _declared(section, SECTION_FIELDS, ("sections", section["id"]))


def _glossary_slots(data: dict[str, Any]) -> Iterator[Slot]:
    for term in data.get("terms") or []:
        if isinstance(term, dict) and isinstance(term.get("id"), str):
            yield from _declared(term, TERM_FIELDS, ("terms", term["id"]))


def _source_slots(language: str) -> Callable[[dict[str, Any]], Iterator[Slot]]:
    def slots(data: dict[str, Any]) -> Iterator[Slot]:
        for number, quote in enumerate(data.get("quotes") or [], start=1):
            source = SOURCES.get(str(quote.get("source"))) if isinstance(quote, dict) else None
            if source is not None and source.language != language:  # no translation into its own language
                yield from _texts(quote, ("translation",), ("quotes", str(number)))

    return slots


def kind_of(file: str) -> Kind:
    """The kind of content file a name is (relative to ``lessons/``)."""
    name = Path(file).name
    if Path(file).parent.name == "puzzles":
        return "themes" if name == "themes.toml" else "puzzles"
    return {"catalogue.toml": "catalogue", "glossary.toml": "glossary", "sources.toml": "sources"}.get(name, "lesson")  # type: ignore[return-value]


def slots(data: dict[str, Any], kind: Kind, language: str) -> list[Slot]:
    """Every translatable text of an English file's ``data`` (the slots write into ``data``)."""
    walk: Mapping[str, Callable[[dict[str, Any]], Iterator[Slot]]] = {
        "lesson": _lesson_slots,
        "puzzles": _puzzle_slots,
        "themes": _theme_slots,
        "catalogue": _catalogue_slots,
        "glossary": _glossary_slots,
        "sources": _source_slots(language),
    }
    return list(walk[kind](data))


def _flatten(table: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    flat: dict[tuple[str, ...], Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            flat.update(_flatten(value, (*prefix, str(key))))
        else:
            flat[(*prefix, str(key))] = value
    return flat


def cards_named(text: str) -> frozenset[str]:
    """The cards a text names in notation (``QS``, ``10H``), as codes."""
    return frozenset(str(part) for part in split_cards(text) if isinstance(part, Card))


def problems_with(slot: Slot, translated: Any) -> list[str]:
    """What is wrong with one translated text (empty when it matches its English)."""
    where = ".".join(slot.path)
    if isinstance(slot.english, list):
        if not isinstance(translated, list) or not all(isinstance(item, str) and item.strip() for item in translated):
            return [f"{where}: must be a list of texts"]
        if not slot.free_length and len(translated) != len(slot.english):
            return [f"{where}: {len(translated)} items, the English has {len(slot.english)}"]
        pairs = [] if slot.free_length else list(zip(slot.english, translated, strict=True))
    else:
        if not isinstance(translated, str) or not translated.strip():
            return [f"{where}: must be a text"]
        pairs = [(slot.english, translated)]
    problems = []
    for english, text in pairs:
        if sorted(_PLACEHOLDER.findall(english)) != sorted(_PLACEHOLDER.findall(text)):
            problems.append(f"{where}: placeholders {sorted(set(_PLACEHOLDER.findall(english)))} expected")
        missing, extra = cards_named(english) - cards_named(text), cards_named(text) - cards_named(english)
        if missing or extra:
            problems.append(
                f"{where}: cards in notation differ from the English "
                f"(missing {sorted(missing)}, extra {sorted(extra)}); keep codes such as QS as they are"
            )
    return problems


def localize(
    data: Mapping[str, Any], translation: Mapping[str, Any], kind: Kind, language: str, file: str
) -> dict[str, Any]:
    """The English ``data`` with every text replaced by ``translation``'s (a :class:`TranslationError`
    when the two do not match)."""
    localized = copy.deepcopy(dict(data))
    expected = slots(localized, kind, language)
    given = _flatten(translation)
    paths = {slot.path for slot in expected}
    stray = sorted(".".join(path) for path in given if path not in paths)
    missing = sorted(".".join(path) for path in paths if path not in given)
    problems = [f"no translation of {', '.join(missing[:5])}" + (" ..." if len(missing) > 5 else "")] if missing else []
    problems += [f"texts the English file does not have: {', '.join(stray[:5])}"] if stray else []
    for slot in expected:
        if slot.path in given:
            problems += problems_with(slot, given[slot.path])
    if problems:
        raise TranslationError(file, "; ".join(problems))
    for slot in expected:
        slot.put(given[slot.path])
    return localized


def translation_path(english: Path, language: str, root: Path = LESSONS_DIR) -> Path:
    """Where the ``language`` words of an English content file live."""
    return root / "locales" / language / english.relative_to(root)


def read_localized(path: Path, language: str, root: Path = LESSONS_DIR) -> dict[str, Any]:
    """An English content file's data in ``language`` (raises ``OSError``, ``TOMLDecodeError`` for the
    English file as it is, :class:`TranslationError` for a missing or mismatched translation)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if language == DEFAULT_LANGUAGE:
        return data
    file = str(path.relative_to(root)) if path.is_relative_to(root) else path.name
    own = translation_path(path, language, root) if path.is_relative_to(root) else path
    try:
        translation = tomllib.loads(own.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise TranslationError(f"locales/{language}/{file}", f"cannot be read: {error}") from None
    return localize(data, translation, kind_of(file), language, f"locales/{language}/{file}")


# -- the command line: skeletons, checks, counts ------------------------------------------


def content_files(root: Path = LESSONS_DIR) -> list[Path]:
    """Every English content file with texts to translate."""
    return sorted([*root.glob("*.toml"), *(root / "puzzles").glob("*.toml")])


def _toml_string(text: str) -> str:
    if "\n" in text.strip("\n"):
        body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        return f'"""\n{body.strip(chr(10))}\n"""'
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "") + '"'


def _toml_value(value: str | list[str]) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_string(item) for item in value) + "]"
    return _toml_string(value)


def _bare(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_string(key)


def skeleton(path: Path, language: str) -> str:
    """A translation file for ``path`` with its English texts in place, ready to be translated."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    lines = [f"# {language} texts of {path.relative_to(LESSONS_DIR)} (hearts_core/content/translations.py)."]
    table: tuple[str, ...] = ()
    for slot in slots(data, kind_of(str(path.relative_to(LESSONS_DIR))), language):
        *parents, key = slot.path
        if tuple(parents) != table:
            table = tuple(parents)
            lines += ["", "[" + ".".join(_bare(part) for part in table) + "]"]
        lines.append(f"{_bare(key)} = {_toml_value(slot.english)}")
    return "\n".join(lines) + "\n"


def untranslated(path: Path, language: str) -> list[str]:
    """Texts of a translation that are still the English words (names and notation aside)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    own = tomllib.loads(translation_path(path, language).read_text(encoding="utf-8"))
    given = _flatten(own)
    left = []
    for slot in slots(data, kind_of(str(path.relative_to(LESSONS_DIR))), language):
        value = given.get(slot.path)
        if value == slot.english and _has_english(slot.english):
            left.append(".".join(slot.path))
    return left


def _has_english(value: str | list[str]) -> bool:
    text = " ".join(value) if isinstance(value, list) else value
    return bool(re.search(r"\b(the|a|and|of|to|is|you)\b", text, re.IGNORECASE))


def main(argv: Sequence[str] | None = None) -> int:
    """``skeleton``, ``check`` or ``words`` (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core.content.translations")
    parser.add_argument("command", choices=("skeleton", "check", "words"))
    parser.add_argument("language", nargs="?", choices=LANGUAGES.translated)
    parser.add_argument("files", nargs="*", help="English files (default: all)")
    args = parser.parse_args(argv)
    files = [Path(name).resolve() for name in args.files] or content_files()
    if args.command == "words":
        total = 0
        for path in files:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            words = sum(
                len((" ".join(s.english) if isinstance(s.english, list) else s.english).split())
                for s in slots(data, kind_of(str(path.relative_to(LESSONS_DIR))), args.language or DEFAULT_LANGUAGE)
            )
            total += words
            print(f"{path.relative_to(LESSONS_DIR)}: {words}")
        print(f"total: {total}")
        return 0
    if args.language is None:
        parser.error(f"give a language: {' or '.join(LANGUAGES.translated)}")
    failures = 0
    for path in files:
        target = translation_path(path, args.language)
        if args.command == "skeleton":
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(skeleton(path, args.language), encoding="utf-8")
                print(f"wrote {target.relative_to(LESSONS_DIR)}")
            continue
        try:
            read_localized(path, args.language)
            left = untranslated(path, args.language)
        except (ContentError, tomllib.TOMLDecodeError) as error:
            failures += 1
            print(f"FAIL {error}")
            continue
        status = f"{len(left)} texts still in English: {', '.join(left[:8])}" if left else "ok"
        failures += bool(left)
        print(f"{'ok  ' if not left else 'TODO'} {target.relative_to(LESSONS_DIR)}: {status}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
