"""``deploy/`` kept in step with the Makefile (issue #18, point 1).

Docker is not available where the suite runs, so the Compose file is parsed
(PyYAML) and every command it, the Dockerfile and the systemd units run is
checked against the repository: the Makefile's ``serve``/``worker``/``beat``
targets, the files they name, the environment variables docs/operators.md lists.
"""
from __future__ import annotations

import configparser
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
#: Compose service / systemd unit suffix -> the Makefile target both run.
TARGETS = {"web": "serve", "worker": "worker", "beat": "beat"}


def makefile_recipe(target: str) -> list[str]:
    """The recipe lines of a Makefile target (tab-indented lines after ``target:``)."""
    lines = (ROOT / "Makefile").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^{target}:", line))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # keys keep their case
    parser.read_string((DEPLOY / "systemd" / f"arena-{name}.service").read_text())
    return parser


def test_the_makefile_targets_run_gunicorn_and_celery_with_the_repository_configuration():
    serve, worker, beat = (makefile_recipe(t) for t in ("serve", "worker", "beat"))

    assert any("manage.py migrate --noinput" in line for line in serve)
    assert any("manage.py collectstatic --noinput" in line for line in serve)
    assert any("gunicorn -c deploy/gunicorn.conf.py config.wsgi" in line for line in serve)
    assert any("celery -A config worker" in line for line in worker)
    assert any("celery -A config beat" in line for line in beat)
    assert (DEPLOY / "gunicorn.conf.py").is_file()
    assert not any("demo" in line for line in serve + worker + beat)  # no demo data in production


@pytest.mark.parametrize(("service", "target"), TARGETS.items())
def test_compose_services_and_systemd_units_run_the_makefile_targets(service, target):
    assert makefile_recipe(target), f"make {target} has no recipe"
    assert compose()["services"][service]["command"] == ["make", target]
    parsed = unit(service)
    assert parsed["Service"]["ExecStart"] == f"/usr/bin/make {target}"
    assert parsed["Service"]["EnvironmentFile"] == "/etc/arena/arena.env"
    assert parsed["Service"]["WorkingDirectory"].startswith("/")
    assert parsed["Service"]["Restart"] == "on-failure"
    assert parsed["Service"]["User"] != "root"


def test_compose_has_the_stack_with_healthchecks_and_volumes():
    services = compose()["services"]

    assert set(services) == {"caddy", "web", "worker", "beat", "postgres", "redis"}
    # The image's pg_dump is Debian 12's client (15): the server must not be newer (arena_backup in the image).
    assert services["postgres"]["image"] == "postgres:15" and services["redis"]["image"] == "redis:7"
    assert services["web"]["healthcheck"]["test"] == ["CMD", ".venv/bin/python", "deploy/healthcheck.py"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in services["postgres"]["volumes"])
    for name in ("web", "worker", "beat"):
        assert "media:/app/media" in services[name]["volumes"]
        assert services[name]["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert (DEPLOY / ".." / services[name]["build"]["dockerfile"]).resolve().is_file()
        environment = services[name]["environment"]
        assert environment["DATABASE_URL"].startswith("postgres://") and "@postgres:5432/" in environment[
            "DATABASE_URL"]
        assert environment["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
        assert environment["CACHE_URL"].startswith("redis://redis:6379/")
    for name in ("worker", "beat"):  # the web service migrates first
        assert services[name]["depends_on"]["web"]["condition"] == "service_healthy"
    assert set(compose()["volumes"]) >= {"postgres", "media"}


def test_dockerfile_builds_the_image_the_services_expect():
    text = (DEPLOY / "Dockerfile").read_text()

    assert re.search(r"^FROM python:3\.11-slim$", text, re.M)
    assert "pip install -r requirements.txt" in text and (ROOT / "requirements.txt").is_file()
    assert "manage.py collectstatic --noinput" in text
    users = re.findall(r"^USER (\S+)$", text, re.M)
    assert users and users[-1] not in ("root", "0")
    assert re.search(r'^CMD \["make", "serve"\]$', text, re.M)
    assert "touch .venv/.installed-prod" in text  # the Makefile's production stamp: make serve does not reinstall
    assert re.search(r"apt-get install[^\n]*postgresql-client", text)  # pg_dump/pg_restore for arena_backup
    assert "celery" in (ROOT / "requirements.txt").read_text() and "gunicorn" in (ROOT / "requirements.txt").read_text()


def test_compose_serves_https_through_caddy_and_web_only_behind_it():
    services = compose()["services"]
    assert services["caddy"]["image"] == "caddy:2"
    assert set(services["caddy"]["ports"]) == {"80:80", "443:443"}
    assert "ports" not in services["web"]  # reachable only through the TLS proxy
    assert services["web"]["environment"]["SECURE_PROXY_SSL_HEADER"] == "HTTP_X_FORWARDED_PROTO,https"
    mount = next(v for v in services["caddy"]["volumes"] if v.endswith(":/etc/caddy/Caddyfile:ro"))
    caddyfile = (DEPLOY / mount.split(":")[0]).resolve().read_text()
    assert "{$ARENA_SITE_ADDRESS:localhost}" in caddyfile and "reverse_proxy {" in caddyfile
    # every web container is an upstream: `--scale web=2` behind the one proxy
    assert re.search(r"dynamic a \{\s*name web\s*port 8000", caddyfile)
    assert "container_name" not in services["web"] and "lb_try_duration" in caddyfile


def test_make_serve_worker_and_beat_install_the_runtime_requirements_only():
    lines = (ROOT / "Makefile").read_text().splitlines()
    for target in ("serve", "worker", "beat"):
        rule = next(line for line in lines if line.startswith(f"{target}:"))
        assert rule.split(":", 1)[1].split() == ["install-prod"], rule
    prod = makefile_recipe(r"\$\(PROD_STAMP\)")
    assert any("pip install --quiet -r requirements.txt" in line for line in prod)
    assert not any("requirements-dev" in line for line in prod)


def test_the_systemd_setup_script_creates_the_user_folders_and_environment_the_units_name():
    script = (DEPLOY / "systemd" / "setup.sh").read_text()
    web = unit("web")
    assert web["Service"]["User"] == "arena" and "useradd --system" in script
    assert web["Service"]["WorkingDirectory"] in script
    assert "/etc/arena/arena.env" in script and "deploy/env.example" in script
    assert "make -C /opt/arena install-prod" in script
    done = subprocess.run(["bash", "-n", str(DEPLOY / "systemd" / "setup.sh")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_build_time_key_is_accepted_by_the_settings_for_collectstatic():
    key = re.search(r"SECRET_KEY=(\S+)", (DEPLOY / "Dockerfile").read_text()).group(1)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DEBUG": "0", "SECRET_KEY": key,
           "DJANGO_SETTINGS_MODULE": "config.settings"}

    done = subprocess.run([sys.executable, "-c", "import django; django.setup(); print('ok')"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)

    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def documented_variables() -> set[str]:
    """Every variable named in the first column of a table row of the README or docs/ (the environment
    table lives in docs/operators.md)."""
    assert "| variable | default | production |" in (ROOT / "docs" / "operators.md").read_text().splitlines()
    lines = [line for page in (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))
             for line in page.read_text().splitlines()]
    names: set[str] = set()
    for line in lines:
        if line.startswith("| `"):
            first_column = line.split("|")[1]
            names.update(re.findall(r"`([A-Z][A-Z0-9_]+)`", first_column))
    return names


def test_the_env_example_names_every_variable_the_docs_list():
    text = (DEPLOY / "env.example").read_text()
    in_example = set(re.findall(r"^(?:# )?([A-Z][A-Z0-9_]+)=", text, re.M))

    listed = documented_variables()
    assert {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "SECRET_KEY", "GUNICORN_BIND"} <= listed
    assert listed - in_example == set()
    assert re.search(r"^SECRET_KEY=$", text, re.M)  # empty: the server refuses to start until it is set


@pytest.mark.django_db(transaction=True)
def test_the_compose_healthcheck_passes_against_a_running_server(live_server):
    port = live_server.url.rsplit(":", 1)[1]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GUNICORN_BIND": f"0.0.0.0:{port}",
           "ALLOWED_HOSTS": "localhost,arena.example.org"}

    done = subprocess.run([sys.executable, str(DEPLOY / "healthcheck.py")], env=env, capture_output=True, text=True,
                          timeout=30)

    assert done.returncode == 0, done.stdout + done.stderr
    assert '"status": "ok"' in done.stdout


def test_the_compose_healthcheck_fails_when_nothing_listens():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GUNICORN_BIND": f"0.0.0.0:{port}"}

    done = subprocess.run([sys.executable, str(DEPLOY / "healthcheck.py")], env=env, capture_output=True, text=True,
                          timeout=30)

    assert done.returncode == 1
