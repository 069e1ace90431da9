"""The committed OpenAPI spec is what the app generates."""

import json
import os
import subprocess
import sys
from pathlib import Path

from service.api.errors import CATALOGUE, catalogue_table

ROOT = Path(__file__).resolve().parents[2]


def generated() -> dict:
    env = {k: v for k, v in os.environ.items()}
    out = subprocess.run([sys.executable, "-m", "service.api.openapi"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_committed_spec_matches_the_app():
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert committed == generated(), "openapi/openapi.json is stale: run `make openapi`"


def test_spec_is_openapi_31_with_every_contract_path():
    spec = generated()
    assert spec["openapi"] == "3.1.0"
    for path in ("/v1/health", "/v1/ready", "/v1/rulesets", "/v1/rulesets/{ruleset_id}", "/v1/games", "/v1/games/{game_id}",
                 "/v1/games/{game_id}/legal-moves", "/v1/games/{game_id}/moves",
                 "/v1/games/{game_id}/moves/validate", "/v1/games/{game_id}/score",
                 "/v1/games/{game_id}/history", "/v1/games/{game_id}/hint", "/v1/tasks/{task_id}"):
        assert path in spec["paths"], path


def test_spec_describes_every_error_code_of_the_catalogue():
    spec = generated()
    assert catalogue_table() in spec["info"]["description"]
    assert spec["components"]["schemas"]["ErrorOut"]["properties"]["code"]["enum"] == list(CATALOGUE)


def test_served_spec_is_the_generated_one(client):
    served = client.get("/openapi.json").json
    assert served["paths"].keys() == generated()["paths"].keys()
