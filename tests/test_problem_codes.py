"""The shared problem codes are documented as they are defined (docs/engine.md)."""

import re
from pathlib import Path

from engine.problems import SHARED_CODES, Problems, pointer

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def test_the_docs_table_lists_exactly_the_shared_codes():
    section = DOC.read_text().split("Codes shared by every")[1].split("\n\n|")[1].split("\n\n")[0]
    rows = dict(re.findall(r"^\| `(\w+)` \| (.+?) \|$", "|" + section, re.M))
    assert rows == SHARED_CODES


def test_pointers_escape_as_rfc_6901_says():
    assert pointer("tiles", 3, "kind") == "/tiles/3/kind"
    assert pointer("a/b", "m~n", "") == "/a~1b/m~0n/"
    assert pointer() == ""


def test_schema_messages_become_problems_at_pointers():
    problems = Problems.from_schema({"display_size": ["Not a valid integer."], "components": {
        "tiles": {3: {"kind": ["Unknown field."]}}}, "typo": ["Unknown field."]})
    assert [(p.path, p.code) for p in problems] == [("/display_size", "invalid_value"),
                                                    ("/components/tiles/3/kind", "unknown_field"),
                                                    ("/typo", "unknown_option")]
