"""End to end in headless Chromium: a whole game of every ruleset played on /play by clicking
the picture only (a highlighted ``#board [data-moves]`` target, at a point where a pointer would
hit it, then one of the choice buttons the page shows when a target holds several moves) against a random AI, to the final screen,
in English and in German. The page reports what it shows in ``document.body.dataset``: the
test reacts to it, it never sleeps a guess.
"""

from __future__ import annotations

import random
import time

import pytest

from .conftest import new_game, open_page, play_by_clicking, shot, wait_for

#: ruleset -> a seed giving a short game (2 seats: us and a random AI)
GAMES = {"carcassonne-hg": 4, "great-plains": 1, "targi": 2, "woodwalkers": 5}
#: what the final picture says, by language
WORDS = {"en": {"final": "Final scores", "total": "Total", "over": "Game over", "status": "Game over."},
         "de": {"final": "Endwertung", "total": "Summe", "over": "Spielende", "status": "Spiel beendet."}}


@pytest.mark.timeout(240)
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_a_whole_game_by_clicking_the_picture(live_server, browser, ruleset_id, lang):
    driver, started = browser, time.monotonic()
    open_page(driver, live_server, lang)
    new_game(driver, ruleset_id, GAMES[ruleset_id])
    clicks = play_by_clicking(driver, random.Random(GAMES[ruleset_id]), ruleset_id)
    wait_for(driver, lambda d: d.get("final") == "yes", f"{ruleset_id}: no final score sheet")
    picture = driver.find_element("css selector", "#board svg")
    sheet = picture.find_elements("css selector", ".final-sheet")
    assert sheet and WORDS[lang]["final"] in sheet[0].text, picture.text
    parts = [e.text for e in picture.find_elements("css selector", ".final-part")]
    table = driver.find_element("id", "scores").text
    # every part of the score in words, on the picture and in the page's table (the last: the total)
    assert len(parts) >= 2 and parts[-1] == WORDS[lang]["total"] and all(p in table for p in parts), (parts, table)
    assert picture.find_element("css selector", ".banner").text.startswith(WORDS[lang]["over"])
    assert driver.find_element("id", "status").text.endswith(WORDS[lang]["status"])
    assert driver.execute_script("return document.documentElement.lang;") == lang
    shot(driver, f"clicking-{ruleset_id}-{lang}")
    print(f"{ruleset_id} ({lang}): {clicks} clicks in {time.monotonic() - started:.1f} s")
