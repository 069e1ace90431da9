"""End to end: /play in headless Chromium (tests/browser/conftest.py).

A person's path: pick a ruleset, create a game against an AI seat, make moves from the
list and by clicking a highlighted target on the SVG board, see the AI answer.
"""

from __future__ import annotations

import pytest

from .conftest import WAIT, chrome, shot


@pytest.fixture(scope="module")
def browser():
    driver = chrome()
    try:
        yield driver
    finally:
        driver.quit()


def body_data(driver, key: str):
    return driver.execute_script(f"return document.body.dataset.{key} || null;")


def wait_until(driver, condition, message: str):
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.1).until(lambda d: condition(d))
    except Exception:
        shot(driver, "failure")
        page_message = driver.execute_script("return document.querySelector('#message').textContent;")
        raise AssertionError(f"{message} (page message: {page_message!r})") from None


def wait_my_turn_after(driver, version: int) -> int:
    """Wait until the page shows a newer version where it is our turn again (or the end)."""
    def ready(d):
        v = body_data(d, "version")
        return (v is not None and int(v) > version
                and (body_data(d, "myTurn") == "yes" or body_data(d, "status") == "finished"))
    wait_until(driver, ready, f"no AI reply after version {version}")
    return int(body_data(driver, "version"))


def history_names(driver) -> list[str]:
    return [e.text for e in driver.find_elements("css selector", "#history li.entry")]


@pytest.mark.timeout(300)
def test_play_a_game_against_the_ai_in_chromium(live_server, browser):
    from selenium.webdriver.support.ui import Select

    driver = browser
    driver.get(f"{live_server}/play")
    wait_until(driver, lambda d: body_data(d, "ready") == "yes", "the /play page did not start")
    ids = [o.get_attribute("value") for o in Select(driver.find_element("id", "ruleset")).options]
    assert {"carcassonne-hg", "great-plains", "targi", "woodwalkers"} <= set(ids)
    shot(driver, "01-start")

    Select(driver.find_element("id", "ruleset")).select_by_value("great-plains")
    Select(driver.find_element("id", "players")).select_by_value("2")
    Select(driver.find_element("id", "level")).select_by_value("random")
    name = driver.find_element("id", "name")
    name.clear()
    name.send_keys("Ada")
    driver.find_element("id", "seed").send_keys("7")
    driver.find_element("id", "new-game").click()

    wait_until(driver, lambda d: body_data(d, "myTurn") == "yes", "the new game never became our turn")
    board = driver.find_element("css selector", "#board svg")
    assert "Your turn" in board.text or "Your turn" in driver.find_element("id", "status").text
    moves = driver.find_elements("css selector", "#moves button.move")
    assert moves, "no legal moves listed"
    version = int(body_data(driver, "version"))
    shot(driver, "02-new-game")

    # 1. a move chosen from the list
    moves[0].click()
    version = wait_my_turn_after(driver, version)
    entries = history_names(driver)
    assert any(e.startswith("Ada:") for e in entries), entries
    assert any(e.startswith("Player 2:") or "(+" in e for e in entries), entries  # the AI (seat 1) answered
    shot(driver, "03-after-first-move")

    # 2. a move by clicking a highlighted target on the SVG board (where the ruleset draws them)
    targets = driver.find_elements("css selector", "#board svg [data-moves]")
    if targets:
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));",
                              targets[0])
        choices = driver.find_elements("css selector", "#choice button.choice")
        if choices:
            shot(driver, "04-choice")
            choices[0].click()
    else:
        driver.find_elements("css selector", "#moves button.move")[0].click()
    version = wait_my_turn_after(driver, version)
    shot(driver, "05-after-second-move")

    ada = [e for e in history_names(driver) if e.startswith("Ada:")]
    assert len(ada) >= 2, history_names(driver)
    scores = driver.find_elements("css selector", "#scores tbody tr")
    assert len(scores) >= 2
    assert "Ada (you)" in scores[0].text
    svg_text = driver.find_element("css selector", "#board svg").get_attribute("outerHTML")
    assert "Players" in svg_text and "Ada" in svg_text


def start_game(driver, live_server, ruleset_id: str, players: int, seed: int):
    from selenium.webdriver.support.ui import Select

    driver.get(f"{live_server}/play")
    wait_until(driver, lambda d: body_data(d, "ready") == "yes", "the /play page did not start")
    Select(driver.find_element("id", "ruleset")).select_by_value(ruleset_id)
    Select(driver.find_element("id", "players")).select_by_value(str(players))
    Select(driver.find_element("id", "level")).select_by_value("random")
    seed_box = driver.find_element("id", "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    driver.find_element("id", "new-game").click()
    wait_until(driver, lambda d: body_data(d, "game") and body_data(d, "version") is not None
               and (body_data(d, "myTurn") == "yes" or body_data(d, "status") == "finished"),
               f"{ruleset_id}: the new game never became our turn")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("ruleset_id,players", [("carcassonne-hg", 3), ("targi", 2), ("woodwalkers", 2)])
def test_every_ruleset_plays_in_the_page(live_server, browser, ruleset_id, players):
    driver = browser
    start_game(driver, live_server, ruleset_id, players, seed=3)
    assert driver.find_elements("css selector", "#board svg")
    shot(driver, f"{ruleset_id}-1-start")
    def ai_answered():
        return any(e.startswith("Player ") for e in history_names(driver)[1:])

    def we_moved():
        return any(e.startswith(("Ada:", "You:")) for e in history_names(driver))

    # Our moves (some rulesets take several steps per turn) until an AI answered. Where
    # seats move at the same time an AI move can make ours stale (409, the page says so
    # and reloads): then we simply choose again.
    for _ in range(8):
        if body_data(driver, "status") == "finished" or (ai_answered() and we_moved()):
            break
        version = int(body_data(driver, "version"))
        driver.find_elements("css selector", "#moves button.move")[0].click()
        wait_my_turn_after(driver, version)
    assert ai_answered(), history_names(driver)
    assert we_moved(), history_names(driver)
    shot(driver, f"{ruleset_id}-2-after-ai")


@pytest.mark.timeout(300)
def test_a_whole_game_to_the_final_score(live_server, browser):
    """Great Plains against a random AI, always the first listed move, until the end."""
    driver = browser
    start_game(driver, live_server, "great-plains", 2, seed=12)
    for _ in range(80):
        if body_data(driver, "status") == "finished":
            break
        version = int(body_data(driver, "version"))
        driver.find_elements("css selector", "#moves button.move")[0].click()
        wait_my_turn_after(driver, version)
    assert body_data(driver, "status") == "finished"
    wait_until(driver, lambda d: "Winner" in d.find_element("id", "scores").text, "no final score sheet shown")
    assert "Game over" in driver.find_element("id", "status").text
    assert "Game over" in driver.find_element("css selector", "#board svg").text
    assert not driver.find_elements("css selector", "#moves button.move")
    shot(driver, "great-plains-finished")
