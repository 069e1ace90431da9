"""``make pictures``: the screenshots of docs/pictures.md, from real games on /play.

Starts what the browser tests start (an embedded Redis, a Celery worker in this process, the
app on a free loopback port), then plays one game of every ruleset in headless Chromium by
clicking the picture (us against a random AI, the seeds of test_play_by_clicking.py) and
saves into docs/pictures/: each ruleset's picture mid-game (our turn, targets marked) and
finished (the final sheet), the /play page with a target's choice open, a hint in German,
and the page on a phone.
"""

from __future__ import annotations

import base64
import logging
import os
import random
import threading
from contextlib import contextmanager
from pathlib import Path

from service.dev.embedded_redis import EmbeddedRedis, free_port

from .conftest import (
    ROOT,
    chrome,
    click,
    new_game,
    open_page,
    phone,
    play_by_clicking,
    wait_for,
)
from .test_play_by_clicking import GAMES

OUT = ROOT / "docs" / "pictures"
#: our moves before the mid-game picture, by ruleset (about half a game)
MIDGAME = {"carcassonne-hg": 24, "great-plains": 11, "targi": 36, "woodwalkers": 16}
MAX_BYTES = 200_000


@contextmanager
def served():
    """The app with its Redis and worker, as tests/conftest.py serves it: its base URL."""
    redis = EmbeddedRedis(free_port()).start()
    os.environ["REDIS_URL"] = redis.url                    # before any project module reads it
    os.environ.setdefault("RATE_LIMIT", "100000 per minute")   # one browser makes every request
    logging.getLogger("werkzeug").setLevel(logging.WARNING)     # not a line per request
    from celery.contrib.testing.worker import start_worker
    from werkzeug.serving import make_server

    from service.api.app import create_app
    from worker.app import celery
    try:
        with start_worker(celery, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10):
            server = make_server("127.0.0.1", 0, create_app(), threaded=True)
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            try:
                yield f"http://127.0.0.1:{server.server_port}"
            finally:
                server.shutdown()
    finally:
        logging.getLogger("spielwerk").setLevel(logging.ERROR)  # the streams the browser left end with Redis
        redis.stop()


def capture(driver, name: str, selector: str | None = None) -> Path:
    """A PNG of the element ``selector`` (whole, even below the window), else of the window,
    scaled down in steps while it is larger than :data:`MAX_BYTES`."""
    box = driver.execute_script(
        "const e = arguments[0] && document.querySelector(arguments[0]);"
        "if (!e) return {x: scrollX, y: scrollY, width: innerWidth, height: innerHeight};"
        "const r = e.getBoundingClientRect();"
        "return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height};", selector)
    target = OUT / f"{name}.png"
    for scale in (1, 0.9, 0.8, 0.7):
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": selector is not None, "clip": {**box, "scale": scale}})
        target.write_bytes(base64.b64decode(shot["data"]))
        if target.stat().st_size <= MAX_BYTES:
            break
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB at scale {scale}")
    return target


def whole_games(driver, base: str) -> None:
    for ruleset_id, seed in sorted(GAMES.items()):
        open_page(driver, base, "en")
        new_game(driver, ruleset_id, seed)
        rng = random.Random(seed)
        play_by_clicking(driver, rng, ruleset_id, limit=MIDGAME[ruleset_id])
        capture(driver, f"{ruleset_id}-midgame", "#board svg")
        play_by_clicking(driver, rng, ruleset_id)
        wait_for(driver, lambda d: d.get("final") == "yes", f"{ruleset_id}: no final score sheet")
        capture(driver, f"{ruleset_id}-final", "#board svg")


def choice_open(driver, base: str) -> None:
    """The /play page with a target of several moves clicked: its moves offered in words."""
    open_page(driver, base, "en")
    new_game(driver, "carcassonne-hg", GAMES["carcassonne-hg"])
    wait_for(driver, lambda d: d.get("myTurn") == "yes", "our turn never came")
    several = [t for t in driver.find_elements("css selector", "#board [data-moves]")
               if len(t.get_attribute("data-moves").split()) > 1]
    click(driver, several[0])
    wait_for(driver, lambda d: d.get("choice") == "yes", "no choice shown")
    capture(driver, "play-choice")


def hint_in_german(driver, base: str) -> None:
    open_page(driver, base, "de")
    new_game(driver, "targi", 5, level="easy")
    wait_for(driver, lambda d: d.get("myTurn") == "yes", "our turn never came")
    driver.find_element("id", "hint").click()
    wait_for(driver, lambda d: d.get("hint") == "shown", "no hint shown")
    capture(driver, "play-hint-de")


def on_a_phone(base: str) -> None:
    driver = chrome()
    try:
        phone(driver)
        open_page(driver, base, "en")
        new_game(driver, "great-plains", GAMES["great-plains"])
        play_by_clicking(driver, random.Random(1), "great-plains", limit=3)
        capture(driver, "play-phone")
    finally:
        driver.quit()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with served() as base:
        driver = chrome("--window-size=1280,900", "--hide-scrollbars")
        try:
            whole_games(driver, base)
            choice_open(driver, base)
            hint_in_german(driver, base)
        finally:
            driver.quit()
        on_a_phone(base)


if __name__ == "__main__":
    main()
