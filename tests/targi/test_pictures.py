"""The SVG picture: the cards as printed (names, actions, what they give and cost), the pieces,
each seat's stock and display, the decision in words, and a target for every legal move."""

import re
from functools import cache

import pytest

from engine import Match, Rng
from engine.games.targi import RULESET
from engine.games.targi.svg import DECISIONS, effect_text, goods_card_text, render
from engine.i18n import translate
from engine.texts import move_text
from tests.pictures.checks import all_text, check_highlight, check_standalone

from .helpers import do, game, place, set_player


def classes(root, name):
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def covered(root, moves):
    return sorted(int(i) for e in check_highlight(root, moves) for i in e.get("data-moves").split())


@cache
def decisions(seeds=40):
    """(view, moves) of the seat to move at the first occurrence of each decision point."""
    found = {}
    for seed in range(seeds):
        match, rng = Match.create(RULESET, 2, {}, seed), Rng(seed)
        while match.to_move():
            seat = match.to_move()[0]
            view, moves = match.view(seat), match.legal_moves(seat)
            found.setdefault(view["pending"], (view, moves))
            match.play(seat, rng.choice(moves))
    return found


@pytest.mark.parametrize("lang, words", [
    ("en", ["Noble", "play or discard the hand card", "Merchant", "trade goods, several times", "Fata Morgana",
            "Silversmith", "Caravan", "draw a goods card", "Tribal Expansion", "draw a tribe card", "take 1 Salt",
            "take 1 Dates", "take 1 Pepper", "Raid 1", "give 1 good or 1 VP", "Raid 3", "give 3 goods or 2 VP",
            "Raid 4", "give 1 gold or 3 VP"]),
    ("de", ["Adeliger", "Händler", "Silberschmied", "Karawane", "Stammeserweiterung", "Überfall 1", "Salz",
            "Datteln", "Pfeffer"]),
])
def test_border_cards_are_named_with_their_action_in_words(lang, words):
    root = check_standalone(render(RULESET.view(game(), 0), lang=lang))
    shown = all_text(root)
    assert len(classes(root, "border-card")) == 16
    for word in words:
        assert word in shown, word


@pytest.mark.parametrize("lang", ["en", "de"])
def test_central_cards_show_what_they_give_and_cost(lang):
    view = RULESET.view(game(), 0)
    root = check_standalone(render(view, lang=lang))
    shown = all_text(root)
    assert goods_card_text("GC01", "en") == ["1 Dates"] and goods_card_text("GC11", "en") == ["1 gold"]
    assert goods_card_text("GC10", "en") == ["1 Dates / 1 Salt / 1 Pepper", "choose one"]
    assert goods_card_text("GC10", "de") == ["1 Datteln / 1 Salz / 1 Pfeffer", "eine wählen"]
    goods = " ".join("".join(e.itertext()) for e in classes(root, "goods-card"))
    for card in ("GC01", "GC02", "GC10", "GC11", "GC05"):
        assert f"{card}: {' — '.join(goods_card_text(card, lang))}" in goods
    tribe = classes(root, "tribe-card")
    assert len(tribe) == 4
    oasis = next(e for e in tribe if "OA1" in "".join(e.itertext()))
    # OA1: 1 pepper and 1 gold, 2 VP (components data)
    assert [c for c in ("".join(x.itertext()) for x in classes(oasis, "chip"))] == ["1 P", "1 G"]
    assert "".join(classes(oasis, "vp")[0].itertext()) == "2"
    assert ("Oasis OA1" if lang == "en" else "Oase OA1") in "".join(oasis.itertext())
    assert "Camel rider CR1" in shown if lang == "en" else "Kamelreiter CR1" in shown


def test_ability_texts_come_from_the_card_data():
    assert effect_text("OA1", "en") == ""
    assert effect_text("OA5", "en") == "Perm: further Oasis cards cost 1 good less"
    assert effect_text("OA5", "de") == "Dauerhaft: weitere Oase-Karten kosten 1 Ware weniger"
    assert effect_text("TA8", "en") == "Perm: +1 Dates in a round a goods card gives Dates"
    assert effect_text("CR6", "en") == "End: +2 VP as the 4th card of a full row"
    assert effect_text("TA9", "en") == "Once: 3 goods of choice, 1 gold or 1 VP"


def test_seats_show_stock_hand_size_and_display_but_not_the_opponents_hand():
    state = game(first=0)
    set_player(state, 0, d=3, s=1, p=4, gold=2, vp=7, display=[["OA5", "CR2"], [], ["TA9"]], hand="WE9")
    set_player(state, 1, hand="TA3")
    root = check_standalone(render(RULESET.view(state, 0)))
    shown = all_text(root)
    assert "TA3" not in shown and "hand: 1 hidden card" in shown
    assert "Dates 3" in shown and "Salt 1" in shown and "Pepper 4" in shown and "Gold 2" in shown
    assert "VP tokens: 7" in shown
    assert [e for e in classes(root, "hand-card") if "WE9" in "".join(e.itertext())]
    display = " ".join("".join(e.itertext()) for e in classes(root, "display-card"))
    assert "Oasis OA5" in display and "Targia TA9" in display and effect_text("OA5", "en") in display
    other = all_text(check_standalone(render(RULESET.view(state, 1))))
    assert "WE9" not in other and "TA3" in other


def test_pieces_markers_and_robber_are_drawn_with_a_legend():
    state = game(first=0)
    place(state, [14, 7, 2], [3, 15, 11])
    root = check_standalone(render(RULESET.view(state, None)))
    assert len(classes(root, "targi")) == 6 and len(classes(root, "marker")) == 4
    assert len(classes(root, "robber")) == 1
    shown = all_text(root)
    for entry in ("Targi (the number: the player)", "tribe marker", "hollow: used this round", "robber",
                  "face-down card", "Dates", "Salt", "Pepper", "gold", "VP: victory points", "Oasis",
                  "Camel rider", "Well", "Tent", "Targia", "Perm: while in the display", "Once: when played",
                  "End: at the game end"):
        assert entry in shown, entry


def test_every_decision_has_a_target_for_every_move_in_words():
    found = decisions()
    assert set(found) == set(DECISIONS)
    for point, (view, moves) in found.items():
        for lang in ("en", "de"):
            root = check_standalone(render(view, moves, lang))
            assert covered(root, moves) == list(range(len(moves))), point
            buttons = " ".join(texts_of(root, "button-label"))
            for move in moves:
                if move["type"] not in ("place", "use", "fm", "row", "oa9_take", "oa9_swap"):
                    assert move_text(RULESET, move, lang)[:20] in buttons, (point, move)


def texts_of(root, css):
    return ["".join(e.itertext()) for e in classes(root, css)]


def test_sub_decisions_are_targets_on_the_picture():
    state = game(first=0)
    set_player(state, 0, display=[["OA9", "CR2"], ["TE1"], []])
    state.stack.append({"dp": "OA9", "seat": 0, "card": "OA9", "taken": [], "put": False})
    moves = RULESET.legal_moves(state, 0)
    root = check_standalone(render(RULESET.view(state, 0), moves))
    takes = [e for e in check_highlight(root, moves) if moves[int(e.get("data-moves"))]["type"] == "oa9_take"]
    assert len(takes) == 3  # one per display card
    assert "OA9: move up to 2 display cards" in all_text(root)
    do(state, 0, {"type": "oa9_take", "card": "CR2"})
    moves = RULESET.legal_moves(state, 0)
    root = check_standalone(render(RULESET.view(state, 0), moves))
    assert covered(root, moves) == list(range(len(moves)))
    assert "Put CR2 in row 3" in texts_of(root, "button-label")


def test_a_row_choice_is_a_target_on_the_row():
    found = decisions()
    view, moves = found["ROW"]
    root = check_standalone(render(view, moves))
    rows = [e for e in check_highlight(root, moves) if moves[int(e.get("data-moves"))]["type"] == "row"]
    assert len(rows) == len(moves)


def test_picture_fits_the_page_and_text_is_legible():
    for view, moves in decisions().values():
        svg = render(view, moves)
        root = check_standalone(svg)
        assert float(root.get("width")) <= 780
        assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 11
        assert svg == render(view, moves)


def test_finished_picture():
    match, rng = Match.create(RULESET, 2, {}, 5), Rng(5)
    while match.to_move():
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    view = match.view(None)
    root = check_standalone(render(view, lang="de"))
    shown = all_text(root)
    assert translate("de", "Game over") in shown and not classes(root, "hl")
    for entry in view["scores"]:
        assert f"Punktestand: {entry['total']}" in shown
