"""/docs without a browser: the page and the Swagger UI 5 assets it loads are served by the
app itself (the flask-smorest page over the flask-swagger-ui package's dist files), with
their content types, and the page names no other host (it must work offline).
tests/browser/test_docs_page.py renders it in Chromium."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

ASSETS = {"swagger-ui.css": "text/css",
          "swagger-ui-bundle.js": "javascript",
          "swagger-ui-standalone-preset.js": "javascript"}


def referenced(html: str) -> list[str]:
    return re.findall(r'<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"', html)


def test_docs_page_and_its_assets_are_served_locally(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert page.mimetype == "text/html"
    html = page.get_data(as_text=True)

    refs = referenced(html)
    assert {f"/docs/assets/{name}" for name in ASSETS} <= set(refs), refs
    for ref in refs:
        answer = client.get(ref)
        assert answer.status_code == 200, ref
        name = ref.rsplit("/", 1)[-1]
        assert ASSETS[name] in answer.mimetype, (ref, answer.mimetype)
        assert len(answer.get_data()) > 10_000, ref
    assert '"/openapi.json"' in html  # the spec comes from this app too


def test_docs_page_names_no_other_host(client):
    html = client.get("/docs").get_data(as_text=True)
    urls = re.findall(r"""https?://[^\s"'<>)]+""", html)
    urls += ["http:" + ref for ref in referenced(html) if ref.startswith("//")]  # protocol-relative
    foreign = [u for u in urls if urlsplit(u).hostname not in ("localhost", "127.0.0.1")]
    assert not foreign, foreign


def test_swagger_ui_is_version_5(client):
    """Swagger UI 4 cannot read an OpenAPI 3.1 spec ("Unable to render this definition")."""
    bundle = client.get("/docs/assets/swagger-ui-bundle.js").get_data(as_text=True)
    version = re.search(r'PACKAGE_VERSION:"(\d+)\.(\d+)\.(\d+)"', bundle)
    assert version, "no PACKAGE_VERSION in swagger-ui-bundle.js"
    assert int(version.group(1)) >= 5, version.group(0)
    assert client.get("/openapi.json").json["openapi"].startswith("3.1")


def test_docs_assets_refuse_paths_outside_the_dist_folder(client):
    assert client.get("/docs/assets/../app.py").status_code == 404
    assert client.get("/docs/assets/nothing-here.js").status_code == 404
