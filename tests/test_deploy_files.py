"""Guards on deploy/ that need no Docker engine: the compose files and the Kubernetes manifests set
only settings the code reads, the cluster variants are wired for a cluster (``REDIS_CLUSTER=1``,
the queues on a plain Redis of their own, a password on every Redis), and the key list in
``deploy/README.md`` matches the key names the code builds, both ways."""

from __future__ import annotations

import ast
import pathlib
import re
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
CODE = sorted([*(ROOT / "service").rglob("*.py"), *(ROOT / "workers").glob("*.py")])
APP_IMAGE = "deathmatch-server"
PASSWORD = "REDIS_PASSWORD"
"""Not a setting: the manifests' Redis password, which the URLs take in with ``$(REDIS_PASSWORD)``."""


def settings_read() -> set[str]:
    """Every environment variable the server or the workers read: the names in
    ``service/settings.py`` and every ``os.environ.get("...")`` of the code."""
    names = set(re.findall(r'"([A-Z][A-Z0-9_]+)"', (ROOT / "service" / "settings.py").read_text()))
    for path in CODE:
        names |= set(re.findall(r'environ\.get\("([A-Z][A-Z0-9_]+)"', path.read_text()))
    return names


def compose(name: str) -> dict:
    return yaml.safe_load((DEPLOY / name).read_text())


def app_services(spec: dict) -> dict[str, dict]:
    return {name: s for name, s in spec["services"].items() if s.get("image", "").startswith(APP_IMAGE)}


def k8s_documents(*paths: pathlib.Path) -> list[dict]:
    return [d for p in paths for d in yaml.safe_load_all(p.read_text()) if d]


def app_containers(documents: list[dict]) -> list[dict]:
    return [c for d in documents if d["kind"] == "Deployment" for c in d["spec"]["template"]["spec"]["containers"]
            if c["image"].startswith(APP_IMAGE)]


def test_the_compose_files_set_only_settings_the_code_reads():
    known = settings_read()
    for name in ("compose.yaml", "compose.cluster.yaml"):
        services = app_services(compose(name))
        assert services, name
        for service, spec in services.items():
            unknown = set(spec["environment"]) - known
            assert not unknown, f"{name}: {service} sets {unknown}, which no code reads"


def test_the_k8s_files_set_only_settings_the_code_reads():
    known = settings_read() | {PASSWORD}
    base = k8s_documents(*sorted((DEPLOY / "k8s").glob("*.yaml")))
    patch = yaml.safe_load((DEPLOY / "k8s-cluster" / "cluster-env.yaml").read_text())
    patched = {op["value"]["name"] for op in patch if op["op"] in ("add", "replace") and "/env/" in op["path"]}
    containers = app_containers(base)
    assert len(containers) == 5  # the API and four pools of workers
    for container in containers:
        unknown = {e["name"] for e in container["env"]} - known
        assert not unknown, f"deploy/k8s sets {unknown}, which no code reads"
    assert patched - known == set()


def test_the_compose_cluster_variant_runs_on_a_cluster_with_the_queues_apart():
    spec = compose("compose.cluster.yaml")
    services = spec["services"]
    nodes = {name for name, s in services.items() if "--cluster-enabled" in (s.get("command") or [])}
    assert len(nodes) >= 3
    for name in nodes:
        command = services[name]["command"]
        assert command[command.index("--cluster-enabled") + 1] == "yes"
        assert command[command.index("--cluster-announce-hostname") + 1] == name  # reachable by its name
        assert command[command.index("--cluster-preferred-endpoint-type") + 1] == "hostname"
        assert command[command.index("--requirepass") + 1] == "${REDIS_PASSWORD}"
        assert command[command.index("--masterauth") + 1] == "${REDIS_PASSWORD}"
    init = next(s for s in services.values() if "--cluster create" in str(s.get("command")))
    create = " ".join(init["command"])
    assert all(f"{node}:6379" in create for node in nodes) and "--cluster-yes" in create
    queues = services["redis-queues"]["command"]
    assert queues[queues.index("--requirepass") + 1] == "${REDIS_PASSWORD}"
    for name, app in app_services(spec).items():
        env = app["environment"]
        assert env["REDIS_CLUSTER"] == "1", name
        assert urlsplit(env["REDIS_URL"]).hostname in nodes, name
        assert urlsplit(env["QUEUE_REDIS_URL"]).hostname == "redis-queues", name
        assert app["depends_on"]["redis-cluster-init"]["condition"] == "service_completed_successfully"


def test_every_named_volume_a_compose_file_mounts_is_declared():
    for name in ("compose.yaml", "compose.cluster.yaml"):
        spec = compose(name)
        used = {v.split(":")[0] for s in spec["services"].values() for v in s.get("volumes", [])
                if not v.startswith((".", "/"))}
        assert used <= set(spec.get("volumes") or {}), f"{name} mounts undeclared volumes {used - set(spec.get('volumes') or {})}"
    cluster = compose("compose.cluster.yaml")["services"]
    data = [v for s in cluster.values() for v in s.get("volumes", []) if v.endswith(":/data")]
    assert len(data) == len(set(data)) == 4  # three nodes and the queues' Redis, a volume each


def test_the_k8s_cluster_overlay_sets_the_cluster_and_the_queues():
    kustomization = yaml.safe_load((DEPLOY / "k8s-cluster" / "kustomization.yaml").read_text())
    assert "../k8s" in kustomization["resources"]
    patch = yaml.safe_load((DEPLOY / "k8s-cluster" / "cluster-env.yaml").read_text())
    env = {op["value"]["name"]: op["value"].get("value") for op in patch
           if op["op"] in ("add", "replace") and "/env/" in op["path"]}
    assert env["REDIS_CLUSTER"] == "1"
    assert urlsplit(env["REDIS_URL"]).hostname == "redis-cluster"
    assert urlsplit(env["QUEUE_REDIS_URL"]).hostname == "redis"  # deploy/k8s/redis.yaml's single Redis
    assert list(env)[0] == PASSWORD  # before the URLs that use it
    documents = k8s_documents(DEPLOY / "k8s-cluster" / "redis-cluster.yaml")
    nodes = next(d for d in documents if d["kind"] == "StatefulSet")
    args = nodes["spec"]["template"]["spec"]["containers"][0]["args"]
    assert args[args.index("--cluster-enabled") + 1] == "yes"
    assert args[args.index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    job = next(d for d in documents if d["kind"] == "Job")
    script = job["spec"]["template"]["spec"]["containers"][0]["args"][0]
    assert "--cluster create" in script and "--cluster-yes" in script


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_the_k8s_cluster_overlay_builds():
    built = subprocess.run(["kubectl", "kustomize", str(DEPLOY / "k8s-cluster")], capture_output=True, text=True,
                           check=True).stdout
    documents = [d for d in yaml.safe_load_all(built) if d]
    for container in app_containers(documents):
        names = [e["name"] for e in container["env"]]
        assert names[:4] == [PASSWORD, "REDIS_URL", "REDIS_CLUSTER", "QUEUE_REDIS_URL"], names


# -- the key list -------------------------------------------------------------------------------

HOLE = "\x00"
NOT_KEYS = ("redis:", "unix:", "system:", "m:")
"""Strings shaped like keys that are not Redis keys: URLs, the idempotency keys of commands the
server sends itself (values in a match's ``idem`` hash), and the text a match's Cluster slot is
computed from (``m:<id>``, hashed for its outbox's slot: ``service/matches/event_store.py``)."""


def code_strings() -> set[str]:
    """Every string the code builds, with each interpolated part as :data:`HOLE`: f-strings,
    ``"..." % x`` and plain literals."""
    found: set[str] = set()
    for path in CODE:
        tree = ast.parse(path.read_text())
        parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                found.add("".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values))
            elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)
                  and isinstance(node.left.value, str)):
                found.add(node.left.value.replace("%s", HOLE))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
                found.add(node.value)
    return {s for s in found if s and " " not in s and "\n" not in s and "%" not in s}


def code_keys(strings: set[str]) -> set[str]:
    """The strings that look like key names: a lowercase word and a colon, or a hash tag, with
    something interpolated (constants are checked from the list's side)."""
    return {s for s in strings if HOLE in s and "*" not in s and not s.startswith(NOT_KEYS)
            and re.match(r"^(\{?[a-z][a-z0-9_-]*:|\x00[a-z][a-z0-9_-]*:)", s)}


def documented_keys() -> set[str]:
    """The names in backticks in deploy/README.md's "Redis keys" section, RQ's ``rq:*`` aside."""
    text = (DEPLOY / "README.md").read_text()
    section = text.split("### Redis keys\n", 1)[1].split("\n#", 1)[0]
    return {name for name in re.findall(r"`([^`\s]+)`", section) if name != "rq:*"}


def as_pattern(code_string: str) -> re.Pattern:
    return re.compile(".+".join(re.escape(part) for part in code_string.split(HOLE)))


def test_every_key_the_readme_lists_is_built_by_the_code():
    strings = code_strings()
    patterns = [as_pattern(s) for s in strings if re.search(r"[a-z]{3}", s.replace(HOLE, ""))]
    documented = documented_keys()
    assert len(documented) > 30
    missing = {key for key in documented if not any(p.fullmatch(key) for p in patterns)}
    assert not missing, f"deploy/README.md lists keys the code never builds: {sorted(missing)}"


def test_every_key_the_code_builds_is_in_the_readme():
    documented = documented_keys()
    keys = code_keys(code_strings())
    assert {"rm:active:" + HOLE, "{m:" + HOLE + "}:events", "workers:alive:" + HOLE} <= keys
    # a name ending in a colon is a prefix of others (a match's keys: match_key_prefix)
    unlisted = {k.replace(HOLE, "<...>") for k in keys
                if not any(re.search(r"(?:^|[:}])" + as_pattern(k).pattern + ("" if k.endswith(":") else "$"), d)
                           for d in documented)}
    assert not unlisted, f"the code builds keys deploy/README.md does not list: {sorted(unlisted)}"
