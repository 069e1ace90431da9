"""Writes the model template `make clients` gives openapi-python-client (--custom-template-path):
the pinned generator's own templates/model.py.jinja with one change. Its from_dict keeps the
source dict in a local named `d`, and a property's local is named after the property, so a schema
with a property `d` (TargiViewStock: d, gold, p, s) generates `d = d.pop("d")` followed by
`d.pop("gold")` on an int, and every answer holding a Targi view fails to parse. The copy names the
dict `_src_dict_` instead. Fails when the template no longer has the expected lines.

    python clients/python/model_template.py OUTPUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import openapi_python_client

SOURCE = Path(openapi_python_client.__file__).parent / "templates" / "model.py.jinja"
CHANGES = [  # (old, new, times)
    ("d = dict(src_dict)", "_src_dict_ = dict(src_dict)", 1),
    ("'d.pop(\"'", "'_src_dict_.pop(\"'", 2),
    ("in d.items()", "in _src_dict_.items()", 1),
    ("additional_properties = d\n", "additional_properties = _src_dict_\n", 1),
]


def main(out_dir: str) -> int:
    text = SOURCE.read_text()
    for old, new, times in CHANGES:
        if text.count(old) != times:
            print(f"{SOURCE}: expected {times} x {old!r}, found {text.count(old)}", file=sys.stderr)
            return 1
        text = text.replace(old, new)
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    (Path(out_dir) / "model.py.jinja").write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
