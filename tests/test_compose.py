"""The compose files (docker-compose.yml, docker-compose.cluster.yml), the Dockerfile and
.dockerignore: `docker compose config` accepts both files where that command exists; in any
case their structure is checked here (pinned images, restart policies, healthchecks, pool
sizes from the environment, a non-root image; the cluster file's six Redis nodes, init job,
RabbitMQ, two API replicas behind the load balancer, two workers) and every service's
environment is accepted by the service's own settings."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from service.config import Settings
from service.redis_client import cluster_nodes, is_cluster

ROOT = Path(__file__).resolve().parents[1]
BASE, CLUSTER = ROOT / "docker-compose.yml", ROOT / "docker-compose.cluster.yml"
PINNED = re.compile(r"^[\w./-]+:\d+\.\d+\.\d+[\w.-]*$")          # name:major.minor.patch[-variant]
DEFAULTED = re.compile(r"\$\{(\w+):-([^}]*)\}")


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def compose_commands() -> list[list[str]]:
    """``docker compose`` and ``docker-compose``, those of them that work here."""
    found = []
    for command in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(command[0]) and subprocess.run([*command, "version"], capture_output=True).returncode == 0:
            found.append(command)
    return found


@pytest.mark.parametrize("path", [BASE, CLUSTER], ids=lambda path: path.name)
def test_compose_accepts_the_file_where_it_exists(path):
    for command in compose_commands():
        checked = subprocess.run([*command, "-f", str(path), "config", "--quiet"], cwd=ROOT, capture_output=True,
                                 text=True, timeout=60)
        assert checked.returncode == 0, checked.stderr
    assert load(path)["services"]   # without the command, at least a YAML document of services


def spielwerk_services(compose: dict) -> dict:
    return {name: service for name, service in compose["services"].items() if service.get("build") == "."}


@pytest.mark.parametrize("path", [BASE, CLUSTER], ids=lambda path: path.name)
def test_every_service_is_pinned_restarted_and_checked(path):
    compose = load(path)
    services = compose["services"]
    for name, service in services.items():
        assert PINNED.match(service["image"]), (name, service["image"])
        assert service["restart"] in ("unless-stopped", "always") or service["restart"] == "no" and \
            name.endswith("-init"), name
        if service["restart"] != "no":
            assert "healthcheck" in service, name
        for needed in service.get("depends_on", {}):
            assert needed in services, (name, needed)
    ours = spielwerk_services(compose)
    assert {"api", "worker", "hint-worker", "webhook-worker", "records-worker"} <= set(ours)
    for name, service in ours.items():
        if name != "api":
            pool = [arg for arg in service["command"] if arg.startswith("--concurrency=")]
            assert pool and DEFAULTED.search(pool[0]), (name, pool)      # from the environment
            assert "inspect ping" in " ".join(service["healthcheck"]["test"]), name
    assert "/v1/ready" in " ".join(ours["api"]["healthcheck"]["test"])


def interpolated(value: str) -> str:
    return DEFAULTED.sub(lambda found: found.group(2), str(value))


@pytest.mark.parametrize("path", [BASE, CLUSTER], ids=lambda path: path.name)
def test_every_services_environment_is_accepted_by_the_settings(path, monkeypatch):
    for name, service in spielwerk_services(load(path)).items():
        for variable in ("REDIS_URL", "BROKER_URL", "REDIS_WAIT_REPLICAS", "REDIS_WAIT_MS"):
            monkeypatch.delenv(variable, raising=False)
        for variable, value in service["environment"].items():
            monkeypatch.setenv(variable, interpolated(value))
        settings = Settings.from_env()      # a cluster broker would raise here
        assert not is_cluster(settings.broker_url), name


def test_the_cluster_file_runs_several_machines_worth_of_parts():
    compose = load(CLUSTER)
    services = compose["services"]
    nodes = sorted(name for name in services if re.fullmatch(r"redis-\d", name))
    assert len(nodes) == 6
    for name in nodes:
        command = " ".join(services[name]["command"])
        assert "--cluster-enabled yes" in command and "--appendonly yes" in command, name
    init = " ".join(services["redis-cluster-init"]["command"])
    assert "--cluster create" in init and "--cluster-replicas 1" in init
    assert set(services["redis-cluster-init"]["depends_on"]) == set(nodes)
    ours = spielwerk_services(compose)
    for name, service in ours.items():
        environment = service["environment"]
        named, _, _ = cluster_nodes(environment["REDIS_URL"])
        assert sorted(node.host for node in named) == nodes, name
        assert environment["BROKER_URL"].startswith("amqp://rabbitmq:") or "@rabbitmq:5672" in environment["BROKER_URL"]
        assert service["depends_on"]["redis-cluster-init"]["condition"] == "service_completed_successfully"
    assert services["rabbitmq"]["image"].startswith("rabbitmq:")
    assert ours["api"]["deploy"]["replicas"] == 2 and ours["worker"]["deploy"]["replicas"] == 2
    lb = services["lb"]
    config = (ROOT / lb["volumes"][0].split(":")[0]).read_text()
    assert "server api:8000" in config and "proxy_buffering off" in config
    listen = re.search(r"listen (\d+);", config).group(1)
    assert any(port.endswith(f":{listen}") for port in lb["ports"])


def test_the_image_runs_as_a_user_from_a_pinned_base_without_the_embedded_redis():
    dockerfile = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^FROM (\S+)", dockerfile, re.M).group(1)
    assert PINNED.match(base), base
    users = re.findall(r"^USER (\S+)", dockerfile, re.M)
    assert users and users[-1] not in ("root", "0"), users
    assert "pip install --no-cache-dir ." in dockerfile and "embedded" not in re.sub(r"#.*", "", dockerfile)
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".venv", "tests", "var", "node_modules"} <= set(ignored)
