"""Woodwalkers in words: the templates of its events and moves (``engine.texts``), in the
publisher's terms (Tierplättchen, Waldplättchen, Kampfmodus, Medizin, Wundmarker)."""

from __future__ import annotations

from engine.i18n import N_, translate
from engine.texts import seat_name

EVENTS = {
    "first_start_player": N_("{seat} is the first start player"),
    "arranged": N_("{seat} places the {species} at {at}"),
    "arranged/hidden": N_("{seat} places an animal tile face down"),
    "arrangement_complete": N_("All animal tiles are placed"),
    "display": N_("Combat mode tile on display: {attribute}"),
    "mode": N_("{seat} chooses the combat mode {attribute} (round {round})"),
    "pass": N_("{seat} passes"),
    "roll": N_("{seat} rolls {value}"),
    "dice_tile": N_("{seat} uses a dice tile to roll again"),
    "healed": N_("{seat} heals the {species} with medicine ({wounds} wounds left)"),
    "moved": N_("{seat} moves the {species} from {from} to {to}"),
    "moved/hidden": N_("{seat} moves an animal tile"),
    "stay": N_("{seat} does not move"),
    "reveal": N_("{seat} turns a forest tile at {at}: {kind}"),
    "duel/challenge": N_("Duel: an animal attacks at night"),
    "duel/reveal": N_("Duel in {mode}: {challenger_species} challenges {defender_species}"),
    "duel/result": N_("Duel in {mode}: {challenger_species} {challenger_total} against {defender_species} "
                      "{defender_total}; {winner} wins {vp} victory points"),
    "guess": N_("{seat} guesses the {species}"),
    "returned": N_("{seat} takes the beaten animal tile back to {at}"),
}
MOVES = {
    "arrange": N_("Place the {species} at {to}"),
    "arrange/hidden": N_("Place an animal tile face down"),
    "choose_mode": N_("Choose combat mode tile {tile}"),
    "roll": N_("Roll the die"),
    "pass": N_("Pass"),
    "use_medicine": N_("Use medicine on animal {animal}"),
    "use_medicine/hidden": N_("Use medicine"),
    "reroll": N_("Use a dice tile: roll again"),
    "accept": N_("Keep the roll"),
    "move": N_("Move animal {animal} to {to}"),
    "stay": N_("Do not move"),
    "guess": N_("Guess the {species}"),
    "no_guess": N_("Do not guess"),
    "duel_roll": N_("Roll for the duel"),
    "return": N_("Take the animal tile back to {to}"),
}
#: the score sheet's breakdown (scoring.score_sheet)
SCORES = {
    "plus1": N_("+1 tiles"),
    "duels": N_("Duels won"),
    "flags": N_("Flags"),
}
SETUP = {"variant": {"label": N_("Variant"),
                       "choices": {"day": N_("Day: every animal open"), "night": N_("Night: animals face down")}}}
SPECIES = {"puma": N_("puma"), "wolf": N_("wolf"), "bison": N_("bison"), "deer": N_("deer"), "bear": N_("bear"),
           "otter": N_("otter"), "squirrel": N_("squirrel")}
ATTRIBUTES = {"endurance": N_("endurance"), "speed": N_("speed"), "strength": N_("strength"),
              "intelligence": N_("intelligence")}
KINDS = {"flag": N_("a flag"), "plus1": N_("+1 victory point"), "medicine": N_("medicine"), "dice": N_("a dice tile")}


def key(item: dict) -> str:
    kind = item["type"]
    if kind == "duel":
        return f"duel/{item['stage']}"
    if kind in ("arranged", "moved") and "seat" in item and item.get("species") is None:
        return f"{kind}/hidden"
    if kind in ("arrange", "use_medicine") and len(item) == 1:   # another seat's move, redacted
        return f"{kind}/hidden"
    return kind


def _named(table: dict, value, lang: str) -> str:
    return translate(lang, table[value]) if value in table else str(value)


def words(item: dict, lang: str) -> dict:
    out = {}
    for name in ("species", "challenger_species", "defender_species"):
        if name in item:
            out[name] = _named(SPECIES, item[name], lang)
    for name in ("attribute", "mode"):
        if name in item:
            out[name] = _named(ATTRIBUTES, item[name], lang)
    if "kind" in item:
        out["kind"] = _named(KINDS, item["kind"], lang)
    if item.get("stage") == "result":
        for side in ("challenger", "defender"):
            out[f"{side}_species"] = _named(SPECIES, item[side]["species"], lang)
            out[f"{side}_total"] = str(item[side]["total"])
        out["winner"] = seat_name(item[item["winner"]]["seat"], lang)
    return out
