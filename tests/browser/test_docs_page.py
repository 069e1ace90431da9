"""End to end: /docs (Swagger UI over the OpenAPI 3.1 spec) in headless Chromium.

The app of the test session is served on a free loopback port and Chromium started as
tests/browser/conftest.py says (with its skip rule), here offline: every host name but the loopback address fails to
resolve, so a page that needed a CDN would not render. The page must list every
operation of /openapi.json and show no render error (Swagger UI 4 could not read a 3.1
spec: "Unable to render this definition"). A screenshot goes to test-artifacts/browser/.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from .conftest import WAIT, chrome, shot

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")

# What Swagger UI shows for each operation: method and path of every .opblock summary.
OPERATIONS_JS = """
return Array.from(document.querySelectorAll('.opblock .opblock-summary')).map(function (s) {
  var method = s.querySelector('.opblock-summary-method');
  var path = s.querySelector('.opblock-summary-path');
  return [method ? method.textContent : '',
          path ? (path.getAttribute('data-path') || path.textContent) : ''];
});
"""


@pytest.fixture(scope="module")
def offline_browser():
    # offline: no host resolves but the loopback address the app is served on
    driver = chrome("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", console_logs=True)
    try:
        yield driver
    finally:
        driver.quit()


def render_errors(driver) -> str:
    """The text of Swagger UI's error panel, or of a failed render, else ''."""
    return driver.execute_script("""
        var shown = Array.from(document.querySelectorAll('.errors-wrapper, .errors, .version-pragma'))
          .map(function (e) { return e.textContent.trim(); }).filter(Boolean);
        var body = document.body ? document.body.innerText : '';
        if (body.indexOf('Unable to render this definition') >= 0) shown.push('Unable to render this definition');
        if (body.indexOf('Failed to load API definition') >= 0) shown.push('Failed to load API definition');
        return shown.join(' | ');
    """)


def browser_log(driver) -> list[dict]:
    try:
        return driver.get_log("browser")
    except Exception:  # a driver without the log endpoint: the page checks still hold
        return []


@pytest.mark.timeout(180)
def test_docs_page_renders_every_operation_of_the_31_spec(live_server, offline_browser):
    from selenium.webdriver.support.ui import WebDriverWait

    driver = offline_browser
    driver.get(f"{live_server}/openapi.json")
    spec = driver.execute_script("return JSON.parse(document.body.innerText);")
    assert spec["openapi"].startswith("3.1"), spec["openapi"]
    expected = {(method.upper(), path) for path, item in spec["paths"].items()
                for method in item if method in METHODS}
    assert ("POST", "/v1/games") in expected and ("GET", "/v1/games/{game_id}/legal-moves") in expected

    browser_log(driver)  # drop what loading the spec logged
    driver.get(f"{live_server}/docs")

    def rendered_or_failed(d):
        ops = d.execute_script(OPERATIONS_JS)
        return len(ops) >= len(expected) or bool(render_errors(d))

    try:
        WebDriverWait(driver, WAIT, poll_frequency=0.2).until(rendered_or_failed)
    except Exception:
        shot(driver, "docs-failure")
        raise AssertionError(f"/docs listed no operations within {WAIT} s "
                             f"(page text: {driver.execute_script('return document.body.innerText;')[:500]!r})"
                             ) from None
    shot(driver, "docs")
    driver.execute_script("var op = document.querySelector('.opblock'); if (op) op.scrollIntoView();")
    shot(driver, "docs-operations")

    errors = render_errors(driver)
    assert not errors, f"/docs shows an error: {errors!r}"

    listed = {(m.strip().upper(), p.replace("\u200b", "").strip())
              for m, p in driver.execute_script(OPERATIONS_JS)}
    assert {("POST", "/v1/games"), ("GET", "/v1/games/{game_id}"),
            ("GET", "/v1/games/{game_id}/legal-moves"), ("POST", "/v1/games/{game_id}/moves"),
            ("GET", "/v1/rulesets")} <= listed, sorted(listed)
    assert expected <= listed, f"operations of the spec missing on /docs: {sorted(expected - listed)}"
    paths_shown = {p for _, p in listed}
    assert set(spec["paths"]) <= paths_shown, sorted(set(spec["paths"]) - paths_shown)
    assert spec["info"]["title"] in driver.find_element("css selector", ".information-container").text

    # Offline: every resource the page loaded came from the app itself.
    origin = urlsplit(live_server).netloc
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
    assert loaded, "the page loaded no resources at all"
    foreign = [u for u in loaded if urlsplit(u).scheme in ("http", "https") and urlsplit(u).netloc != origin]
    assert not foreign, f"/docs fetched from other hosts: {foreign}"

    # The browser's own favicon request answers 404 (the app has none); nothing else may fail.
    severe = [e for e in browser_log(driver) if e.get("level") == "SEVERE"
              and "/favicon.ico " not in e.get("message", "")]
    assert not severe, f"the browser console has errors: {severe}"
