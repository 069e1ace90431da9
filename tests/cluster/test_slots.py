"""Static half of "no command crosses slots": every key a script or transaction names carries
one hash tag, the keys of one game share one slot, and every registered Lua script touches
only the keys it declares (KEYS[n]); the running half is tests/cluster/test_cluster.py."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from redis.crc import key_slot

from service import events, idempotency, store, webhooks

MODULES = (store, webhooks, events, idempotency)
KEY_BUILDERS = {name: function for module in MODULES for name, function in inspect.getmembers(module, inspect.isfunction)
                if function.__module__ == module.__name__ and (name.endswith(("_key", "_keys", "_channel")))}
#: Redis commands whose first argument is not a key.
KEYLESS = {"PUBLISH"}


def keys_of(function, ident: str = "G1") -> list[str]:
    args = [3 if parameter.annotation in (int, "int") else ident
            for parameter in inspect.signature(function).parameters.values()]
    built = function(*args)
    return built if isinstance(built, list) else [built]


def test_every_key_has_one_hash_tag_of_its_owner():
    assert len(KEY_BUILDERS) >= 12, sorted(KEY_BUILDERS)
    for name, function in KEY_BUILDERS.items():
        for key in keys_of(function):
            tags = re.findall(r"\{([^}]*)\}", key)
            assert len(tags) == 1 and tags[0], (name, key)


def test_the_keys_of_one_game_share_one_slot():
    game_keys = [key for function in KEY_BUILDERS.values() for key in keys_of(function)
                 if key.startswith(("game:{G1}", "events:{G1}"))]
    assert len(game_keys) >= 9, game_keys
    assert {key_slot(key.encode()) for key in game_keys} == {key_slot(b"{G1}")}


def registered_scripts() -> dict[str, str]:
    """Every Lua script a module registers (``register_script(NAME)``), by name."""
    found = {}
    for module in MODULES:
        for name in re.findall(r"register_script\((\w+)\)", Path(module.__file__).read_text()):
            found[f"{module.__name__}.{name}"] = getattr(module, name)
    return found


def test_every_script_touches_only_its_declared_keys():
    scripts = registered_scripts()
    assert len(scripts) >= 10, sorted(scripts)
    for name, lua in scripts.items():
        calls = re.findall(r"redis\.call\('(\w+)',\s*([^,)]+)", lua)
        assert calls, name
        for command, first in calls:
            if command.upper() not in KEYLESS:
                assert re.fullmatch(r"KEYS\[(\d+|#KEYS|i)\]", first.strip()), (name, command, first)
