"""End to end: /play in headless Chromium (tests/browser/conftest.py), besides whole games
(test_play_by_clicking.py): the AI's turn shown while it thinks, a hint marked on the board,
the page on a phone-wide window, a move chosen from the list."""

from __future__ import annotations

import pytest

from .conftest import chrome, click, data, new_game, open_page, phone, shot, wait_for

WATCH_THINKING = """window.shownThinking = null;
new MutationObserver(() => {
  const e = document.querySelector("#thinking");
  if (document.body.dataset.thinking === "yes" && e.offsetParent !== null && e.querySelector(".spinner").offsetWidth > 0)
    window.shownThinking = window.shownThinking || e.textContent.trim();
}).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });"""


LISTED = """return {
  moves: [...document.querySelectorAll("#moves button.move")].map((b) => b.textContent),
  targets: [...document.querySelectorAll("#board [data-moves]")].map(
    (t) => [t.getAttribute("role"), t.getAttribute("tabindex"), t.getAttribute("aria-label")])};"""
EVENTS = """return [...document.querySelectorAll("#history li.event")].map((e) => e.textContent);"""
#: the history's events once some start with arguments[0] and none with arguments[1], else null
HISTORY_IN = """const events = [...document.querySelectorAll("#history li.event")].map((e) => e.textContent);
const some = (words) => events.some((e) => e.startsWith(words));
return some(arguments[0]) && !some(arguments[1]) ? events : null;"""


def my_turn(d: dict) -> bool:
    return d.get("myTurn") == "yes"


@pytest.mark.timeout(120)
def test_the_ais_turn_is_shown_while_it_thinks(live_server, browser):
    """Against a hard AI (it thinks up to 6 s): "Player 2 (AI) is thinking…" with a spinner."""
    driver = browser
    open_page(driver, live_server, "en")
    new_game(driver, "great-plains", 3, level="hard")
    wait_for(driver, my_turn, "our turn never came")
    version = int(data(driver)["version"])
    # the indicator's words while it and its spinner are visible, read by the page itself the moment it says
    # the AI thinks (an observer of data-thinking): the AI may answer before a poll from here would look
    driver.execute_script(WATCH_THINKING)
    click(driver, driver.find_elements("css selector", "#board [data-moves]")[0])
    wait_for(driver, lambda d: int(d["version"]) > version + 1 and my_turn(d), "the AI never answered")
    assert driver.execute_script("return window.shownThinking;") == "Player 2 (AI) is thinking…"
    assert data(driver)["thinking"] == "no" and not driver.find_element("id", "thinking").is_displayed()


@pytest.mark.timeout(120)
def test_a_hint_is_marked_on_the_board(live_server, browser):
    """Hint: the worker's move is marked on its target, its words and the search's figures shown (German)."""
    driver = browser
    open_page(driver, live_server, "de")
    new_game(driver, "targi", 5, level="easy")
    wait_for(driver, my_turn, "our turn never came")
    driver.find_element("id", "hint").click()
    wait_for(driver, lambda d: d.get("hint") in ("shown", "none"), "no hint arrived")
    assert data(driver)["hint"] == "shown", driver.find_element("id", "hint-text").text
    hinted = driver.find_elements("css selector", "#board .hinted")
    listed = driver.find_element("css selector", "#moves button.hinted")
    index = listed.get_attribute("data-index")
    assert hinted and all(index in h.get_attribute("data-moves").split() for h in hinted)
    words = driver.find_element("id", "hint-text").text
    assert words.startswith(f"Tipp: {listed.text}") and "Siegchance" in words, words
    shot(driver, "hint")
    version = int(data(driver)["version"])
    click(driver, hinted[0])                     # following the hint plays it (or offers it among others)
    if data(driver).get("choice") == "yes":
        driver.find_element("css selector", f'#choice button[data-index="{index}"]').click()
    wait_for(driver, lambda d: int(d["version"]) > version, "the hinted move was not played")
    assert not driver.find_elements("css selector", "#board .hinted")


@pytest.mark.timeout(120)
def test_the_page_on_a_phone(live_server):
    """390 px wide: nothing wider than the window, the picture scaled to it and still clickable; "Full size"
    shows it at its own size (its text as drawn), panned inside the page."""
    driver = chrome()
    try:
        phone(driver)
        open_page(driver, live_server, "en")
        new_game(driver, "carcassonne-hg", 4)
        wait_for(driver, my_turn, "our turn never came")
        width = driver.execute_script("return document.documentElement.clientWidth;")
        assert width == 390 and driver.execute_script("return document.documentElement.scrollWidth;") <= width
        assert not driver.find_element("id", "new-game-form").is_displayed()   # the board first, the form on request
        board = driver.find_element("css selector", "#board svg").rect
        assert board["x"] >= 0 and board["x"] + board["width"] <= width
        shot(driver, "phone")
        driver.find_element("id", "full-size").click()    # the picture at its own size: its text as drawn, panned
        full = driver.find_element("css selector", "#board svg").rect
        own = driver.execute_script("return document.querySelector('#board svg').viewBox.baseVal.width;")
        assert own >= 480 and abs(full["width"] - own) <= 2     # its own width (and a 1 px border)
        assert driver.execute_script("return document.documentElement.scrollWidth;") <= width   # the board pans
        driver.find_element("id", "full-size").click()
        assert driver.find_element("css selector", "#board svg").rect["width"] <= width
        version = int(data(driver)["version"])
        driver.find_elements("css selector", "#board [data-moves]")[0].click()   # a real tap
        if data(driver).get("choice") == "yes":
            driver.find_elements("css selector", "#choice button.choice")[0].click()
        wait_for(driver, lambda d: int(d["version"]) > version, "the tap played no move")
    finally:
        driver.quit()


@pytest.mark.timeout(120)
def test_a_move_from_the_list_in_words(live_server, browser):
    """The list names the moves in words (no key=value); choosing one plays it; the history says what happened."""
    driver = browser
    open_page(driver, live_server, "en")
    new_game(driver, "great-plains", 2)
    wait_for(driver, my_turn, "our turn never came")
    shown = driver.execute_script(LISTED)            # read at one instant: the page redraws on every version
    assert shown["moves"] and not any("=" in m for m in shown["moves"])
    # the picture's targets are buttons named by their moves' words (keyboard and screen readers)
    listed = set(shown["moves"])
    assert shown["targets"] and all(role == "button" and tabindex == "0" and set(name.split(" / ")) <= listed
                                    for role, tabindex, name in shown["targets"])
    version = int(data(driver)["version"])
    driver.execute_script("document.querySelector('#moves button.move').click();")
    wait_for(driver, lambda d: int(d["version"]) > version, "the listed move was not played")
    events = driver.execute_script(EVENTS)
    assert any(e.startswith("Player 1 ") for e in events), events
    assert not any("=" in e for e in events)
    # switched to German in the game: the history, the moves and the picture are read again in German
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "lang")).select_by_value("de")
    german = wait_for(driver, lambda d: d.get("lang") == "de"
                      and driver.execute_script(HISTORY_IN, "Spieler ", "Player "), "the history is not German")
    assert len(german) >= len(events)
    assert "Sicht von Spieler 1" in driver.find_element("css selector", "#board svg .heading").text
    assert driver.find_element("css selector", "#scores th:nth-child(3)").text.endswith("Spieler 2")


@pytest.mark.timeout(120)
def test_a_night_game_of_woodwalkers_is_chosen_on_the_form(live_server, browser):
    """Woodwalkers offers its variant on the form; the choice stays over a change of language, and
    the game is created with it (its public view says night)."""
    from selenium.webdriver.support.ui import Select

    driver = browser
    open_page(driver, live_server, "en")
    Select(driver.find_element("id", "ruleset")).select_by_value("great-plains")
    assert not driver.find_elements("css selector", "#setup-options select")
    Select(driver.find_element("id", "ruleset")).select_by_value("woodwalkers")
    variant = Select(driver.find_element("id", "setup-variant"))
    assert [o.text for o in variant.options] == ["Day: every animal open", "Night: animals face down"]
    variant.select_by_value("night")
    Select(driver.find_element("id", "lang")).select_by_value("de")
    wait_for(driver, lambda d: d.get("lang") == "de", "the page did not switch to German")
    variant = Select(driver.find_element("id", "setup-variant"))
    assert variant.first_selected_option.text == "Nacht: Tiere verdeckt"
    new_game(driver, "woodwalkers", 5)
    view = driver.execute_script("return fetch('/v1/games/' + document.body.dataset.game).then((r) => r.json());")
    assert view["state"]["variant"] == "night"


@pytest.mark.timeout(120)
def test_the_language_is_the_browsers_until_one_is_chosen(live_server):
    """A browser preferring French, then German gets the German page; the choice of English is kept
    over a reload."""
    driver = chrome("--accept-lang=fr-FR,de-DE")
    try:
        driver.get(f"{live_server}/play")
        wait_for(driver, lambda d: d.get("ready") == "yes", "the /play page did not start")
        assert data(driver)["lang"] == "de" and driver.find_element("id", "new-game").text == "Neues Spiel"
        open_page(driver, live_server, "en")
        driver.refresh()
        wait_for(driver, lambda d: d.get("ready") == "yes", "the /play page did not start again")
        assert data(driver)["lang"] == "en" and driver.find_element("id", "new-game").text == "New game"
    finally:
        driver.quit()
