"""Carcassonne – Die Jäger und Sammler in words: the templates of its events and moves
(``engine.texts``), in the publisher's terms (Landschaftskarte, Stammesmitglied, Hütte)."""

from __future__ import annotations

from engine.i18n import N_, translate
from engine.texts import listing, seat_name

EVENTS = {
    "start_player": N_("{seat} is the start player"),
    "tile_drawn": N_("{seat} draws the {pile} {tile}"),
    "tile_removed": N_("The {pile} {tile} fits nowhere and is removed"),
    "bonus_earned": N_("Gold: {seat} plays a bonus tile"),
    "bonus_lost": N_("{seat} gets no bonus tile"),
    "tile_placed": N_("{seat} places {tile} at ({x}, {y}), turned {rotation}°"),
    "piece_placed": N_("{seat} places {piece} on zone {zone}"),
    "feature_scored/forest/completed": N_("Completed forest: {points} points for {scorers}"),
    "feature_scored/forest/unfinished": N_("Unfinished forest: {points} points for {scorers}"),
    "feature_scored/river/completed": N_("Completed river: {points} points for {scorers}"),
    "feature_scored/river/unfinished": N_("Unfinished river: {points} points for {scorers}"),
    "feature_scored/river system/scored for huts": N_("Fishing huts: {points} points for {scorers}"),
    "feature_scored/meadow/scored for hunters": N_("Hunters on a meadow: {points} points for {scorers}"),
    "members_returned": N_("Tribe members return to {seats}"),
    "game_end": N_("The last land tile is placed: final scoring"),
}
MOVES = {
    "place_tile": N_("Place the tile at ({x}, {y}), turned {rotation}°"),
    "place_piece": N_("Place {piece} on zone {zone}"),
    "no_piece": N_("Place no piece"),
}
#: the score sheet's categories (state.CATEGORIES)
SCORES = {
    "forest": N_("Forests"),
    "river": N_("Rivers"),
    "hut": N_("Huts"),
    "meadow": N_("Hunters on meadows"),
}
SETUP = {}
PILES = {"land": N_("land tile"), "bonus": N_("bonus tile")}
PIECES = {"hut": N_("a fishing hut"), "gatherer": N_("a gatherer"), "fisherman": N_("a fisherman"),
          "hunter": N_("a hunter"), "member": N_("a tribe member")}


def key(item: dict) -> str:
    if item["type"] == "feature_scored":
        return f"feature_scored/{item['feature']}/{item['how']}"
    return item["type"]


def words(item: dict, lang: str) -> dict:
    out = {}
    if item.get("pile") in PILES:
        out["pile"] = translate(lang, PILES[item["pile"]])
    piece = item.get("role") or item.get("piece")
    if piece in PIECES:
        out["piece"] = translate(lang, PIECES[piece])
    if "scorers" in item:
        out["scorers"] = listing([seat_name(s, lang) for s in item["scorers"]], lang)
    return out
