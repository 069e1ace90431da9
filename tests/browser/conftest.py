"""Headless Chromium for the browser tests (Debian's chromium + chromedriver, selenium); the
app they open is the session's, served by ``live_server`` (tests/conftest.py).

`make test` installs chromium with apt-get when it is missing (tests/browser/
install-browser.sh). Without a browser a test is skipped with the reason; under CI=true it
fails unless the install step recorded why the browser cannot be had. Screenshots go to
test-artifacts/browser/.
"""

from __future__ import annotations

import os
import shutil
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


def shot(driver, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(target))
    return target
