"""Great Plains in words: the templates of its events and moves (``engine.texts``), in the
publisher's terms (Stammesfigur, Höhle, Totemplättchen: Pferd, Adler, Bär)."""

from __future__ import annotations

from engine.i18n import N_, translate

EVENTS = {
    "tile_placed": N_("Board tile {tile} (side {side}) lies at position {position}"),
    "first_cave_player": N_("{seat} places the first cave"),
    "cave_placed": N_("{seat} places a cave at {cell}"),
    "placed": N_("{seat} places a figure at {cell}"),
    "pushed": N_("The bear pushes a figure of {seat} from {from} to {to}"),
    "removed": N_("The bear removes a figure of {seat} at {cell}"),
    "token_taken": N_("{seat} takes a {kind} totem token"),
    "token_returned": N_("{seat} uses a {kind} totem token"),
    "pass": N_("{seat} passes"),
}
MOVES = {
    "place_cave": N_("Place a cave at {cell}"),
    "place": N_("Place a figure at {cell}"),
    "place/totem": N_("Place a figure at {cell} with the {totem} totem"),
    "place/bear_source": N_("Place a figure at {cell} with the bear totem, coming from {source}"),
    "place/bear_direction": N_("Place a figure at {cell} with the bear totem, pushing by {direction}"),
    "use_totem": N_("Use a {kind} totem token"),
    "pass": N_("Pass"),
}
#: the score sheet's breakdown
SCORES = {
    "hunting_grounds": N_("Hunting grounds won"),
    "leftover_totems": N_("Totem tokens left over"),
}
SETUP = {}
TOTEMS = {"horse": N_("horse"), "eagle": N_("eagle"), "bear": N_("bear")}


def key(item: dict) -> str:
    if item["type"] == "place" and "totem" in item and "cell" in item and "seat" not in item:
        return next((f"place/bear_{way}" for way in ("source", "direction") if way in item), "place/totem")
    return item["type"]


def words(item: dict, lang: str) -> dict:
    return {name: translate(lang, TOTEMS[item[name]]) for name in ("kind", "totem") if item.get(name) in TOTEMS}
