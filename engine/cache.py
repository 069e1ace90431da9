"""A least-recently-used cache bounded in bytes, for data compiled from component data.

Custom component data arrives with every create request, so a cache keyed by it must
not grow with the number of distinct data sets: :class:`BoundedCache` keeps the most
recently used entries whose measured sizes (:func:`deep_size` of key and value, taken
when the entry is stored) add up to at most its budget, and never stores an entry
larger than the whole budget.
"""

from __future__ import annotations

import sys
import threading
import types
from collections import OrderedDict
from functools import wraps

#: the default budget of one cache, in bytes (docs/operations.md, "Limits")
CACHE_BYTES = 8 * 1024 * 1024

_CONTAINERS = (list, tuple, set, frozenset)
#: shared by every value: never counted
_CODE = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)


def deep_size(value) -> int:
    """The bytes ``value`` and everything it references take (objects shared within it
    counted once; classes, functions and modules not at all)."""
    seen, total, todo = set(), 0, [value]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, _CODE):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, _CONTAINERS):
            todo.extend(item)
        else:
            todo.extend(getattr(item, "__dict__", {}).values())
            for cls in type(item).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(item, slot):
                        todo.append(getattr(item, slot))
    return total


class BoundedCache:
    """Values by key, least recently used dropped first, at most ``max_bytes`` in all."""

    def __init__(self, max_bytes: int = CACHE_BYTES):
        self.max_bytes = max_bytes
        self.bytes = 0
        self._entries: OrderedDict = OrderedDict()  # key -> (value, size)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key, make):
        """The value stored under ``key``, else ``make()`` (stored when it fits the budget)."""
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key][0]
        value = make()
        size = deep_size(key) + deep_size(value)
        with self._lock:
            if size <= self.max_bytes and key not in self._entries:
                self._entries[key] = (value, size)
                self.bytes += size
                while self.bytes > self.max_bytes:
                    _, (_, dropped) = self._entries.popitem(last=False)
                    self.bytes -= dropped
        return value


def bounded_cache(max_bytes: int = CACHE_BYTES):
    """A decorator like ``functools.lru_cache`` (hashable positional arguments), bounded in
    bytes by a :class:`BoundedCache` (the wrapper's ``cache``)."""
    def decorate(function):
        store = BoundedCache(max_bytes)

        @wraps(function)
        def cached(*args):
            return store.get(args, lambda: function(*args))

        cached.cache = store
        return cached
    return decorate
