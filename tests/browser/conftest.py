"""Headless Chromium for the browser tests (Debian's chromium + chromedriver, selenium); the
app they open is the session's, served by ``live_server`` (tests/conftest.py).

`make test` installs chromium with apt-get when it is missing (tests/browser/
install-browser.sh). Without a browser a test is skipped with the reason; under CI=true it
fails unless the install step recorded why the browser cannot be had. Screenshots go to
test-artifacts/browser/.
"""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
UNAVAILABLE = ROOT / "var" / "browser-unavailable"
WAIT = 60  # seconds: two shared cores, a cold Chromium and an AI worker


def browser_or_skip() -> tuple[str, str]:
    """The paths of chromium and chromedriver; skips (or fails under CI=true) without them."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        selenium_missing = True
    else:
        selenium_missing = False
    if chromium and driver and not selenium_missing:
        return chromium, driver
    missing = ", ".join(n for n, ok in (("chromium", chromium), ("chromedriver", driver),
                                         ("selenium", not selenium_missing)) if not ok)
    reason = UNAVAILABLE.read_text().strip() if UNAVAILABLE.exists() else ""
    if os.environ.get("CI") == "true" and not reason:
        pytest.fail(f"CI=true but {missing} missing and no reason recorded in {UNAVAILABLE}: "
                    "run `make test` (it installs chromium chromium-driver with apt-get)")
    pytest.skip(f"browser test needs {missing}: {reason or 'not installed (make test installs them as root)'}")


def chrome(*extra_args: str, console_logs: bool = False):
    """A headless Chromium driver (the caller quits it); ``extra_args`` go to Chromium."""
    chromium, driver_path = browser_or_skip()
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager download anything
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1500,1100", "--no-first-run", "--disable-extensions", *extra_args):
        options.add_argument(arg)
    if console_logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(WAIT)
    return driver


def phone(driver) -> None:
    """The window as a phone's: 390 × 844 CSS pixels, mobile (Chromium's windows are wider)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})


def shot(driver, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(target))
    return target


@pytest.fixture(scope="module")
def browser():
    driver = chrome()
    try:
        yield driver
    finally:
        driver.quit()


# -- the /play page: it reports what it shows in document.body.dataset (version, status, myTurn,
# thinking, choice, hint, final, lang, ready); the tests react to that, they never sleep a guess
def data(driver) -> dict:
    return driver.execute_script("return Object.assign({}, document.body.dataset);")


def wait_for(driver, condition, what: str):
    """``condition(dataset)`` polled every 20 ms; fails with a screenshot after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = condition(data(driver))
        if found:
            return found
        time.sleep(0.02)
    shot(driver, "clicking-failure")
    page_message = driver.execute_script("return document.querySelector('#message').textContent;")
    raise AssertionError(f"{what}: {data(driver)} (page message: {page_message!r})")


def open_page(driver, live_server, lang: str) -> None:
    from selenium.webdriver.support.ui import Select

    driver.get(f"{live_server}/play")
    wait_for(driver, lambda d: d.get("ready") == "yes", "the /play page did not start")
    Select(driver.find_element("id", "lang")).select_by_value(lang)
    wait_for(driver, lambda d: d.get("lang") == lang, f"the page did not switch to {lang}")
    assert driver.find_element("id", "new-game").text == {"en": "New game", "de": "Neues Spiel"}[lang]


def new_game(driver, ruleset_id: str, seed: int, level: str = "random") -> None:
    """A game of ``ruleset_id``: us (seat 0) against an AI of ``level``, created with the page's form."""
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "ruleset")).select_by_value(ruleset_id)
    Select(driver.find_element("id", "players")).select_by_value("2")
    Select(driver.find_element("id", "level")).select_by_value(level)
    driver.find_element("id", "seed").send_keys(str(seed))
    driver.find_element("id", "new-game").click()
    wait_for(driver, lambda d: d.get("game") and d.get("version"), f"{ruleset_id}: no game shown")


#: clicks the target at fraction arguments[0] of the picture's targets where a pointer would hit it
#: (the first of 5 × 5 points across its box), then (when the page offers the target's moves) the
#: choice button at fraction arguments[1]: the number of choices; -1 when it is no longer our turn,
#: null when it is and the picture has no target, a text when no point of the target can be hit
CLICK_A_TARGET = """
const pick = (list, at) => list[Math.floor(at * list.length)];
const click = (element) => element.dispatchEvent(new MouseEvent("click", {bubbles: true}));
const targets = [...document.querySelectorAll("#board [data-moves]")];
if (document.body.dataset.myTurn !== "yes") return -1;
if (!targets.length) return null;
const target = pick(targets, arguments[0]);
target.scrollIntoView({block: "center", inline: "center"});
const box = target.getBoundingClientRect();
let hit = null;
for (let i = 0; i < 25 && !hit; i++) {
  const point = document.elementFromPoint(box.left + box.width * (1 + 2 * (i % 5)) / 10,
                                          box.top + box.height * (1 + 2 * Math.floor(i / 5)) / 10);
  if (point && point.closest("[data-moves]") === target) hit = point;
}
if (!hit) return "no point of the target " + target.outerHTML.slice(0, 200) + " can be clicked";
click(hit);
const choices = [...document.querySelectorAll("#choice button.choice")];
if (choices.length) click(pick(choices, arguments[1]));
return choices.length;
"""


def ready_to_click(d: dict) -> bool:
    return d.get("status") in ("finished", "aborted") or d.get("myTurn") == "yes"


def play_by_clicking(driver, rng: random.Random, ruleset_id: str, limit: int | None = None) -> int:
    """Our moves, each a click on a random target (and a random choice button), to the end of
    the game (or ``limit`` moves, then until our turn): how many moves we made."""
    clicks = 0
    while True:
        d = wait_for(driver, lambda d: ready_to_click(d) and d, f"{ruleset_id}: our turn never came")
        if d["status"] != "active" or clicks == limit:
            return clicks
        # the targets and a click, in one script: a new version (a chance step, the AI) may redraw the picture
        version = int(d["version"])
        picked = driver.execute_script(CLICK_A_TARGET, rng.random(), rng.random())
        if picked == -1:
            continue
        if isinstance(picked, str):
            shot(driver, f"{ruleset_id}-covered-target")
            raise AssertionError(f"{ruleset_id}: {picked}")
        if picked is None:
            moves = driver.execute_script("return [...document.querySelectorAll('#moves button')]"
                                          ".map((b) => b.textContent);")
            shot(driver, f"{ruleset_id}-no-target")
            raise AssertionError(f"{ruleset_id}: no target on the picture for the moves {moves}")
        clicks += 1
        wait_for(driver, lambda d, before=version: int(d.get("version") or 0) > before or d.get("status") != "active",
                 f"{ruleset_id}: the click at version {version} played no move")


def click(driver, element) -> None:
    """A click on an element of the picture (SVG shapes overlap: the event goes to this one)."""
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));", element)
