"""The import contracts catch the violations they exist for (DESIGN.md, "Layers are enforced").

The contracts are the ``[tool.importlinter]`` tables of ``pyproject.toml``,
read through import-linter's own API. The import graph of the project is
built once with grimp (import-linter's graph library); each case copies it,
plants one import that breaks a rule of DESIGN.md — a model importing a
service, a format importing a view, the API importing the admin… — and
checks the contracts again. Each case names the contracts that must break,
worked out by hand from the layers (some break two: a pure core that imports
Django also takes Django into the PDF renderers, which import
``tournaments.text``, which imports ``tournaments.swiss``); every other
contract must still be kept, so a case cannot pass by breaking everything.
"""
from __future__ import annotations

import copy
from pathlib import Path

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.layers import LayersContract

pytestmark = pytest.mark.unit

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
CONTRACT_TYPES = {"forbidden": ForbiddenContract, "layers": LayersContract, "independence": IndependenceContract}

PURE = "Pure cores import no Django"
PDF = "PDF renderers import no Django (data in, PDF bytes out)"
NO_LEAGUES = "tournaments does not import leagues (leagues listens to tournaments.signals)"
TOURNAMENTS = "tournaments: faces → services → selectors → formats → models → pure core"
ACCOUNTS = "accounts: faces → forms → services → selectors → models"
LEAGUES = "leagues: faces → services → selectors → models → pure core"
RULES = "rules: faces → services → selectors → models → pure core"


@pytest.fixture(scope="module")
def config() -> dict:
    return read_configuration(str(PYPROJECT))


@pytest.fixture(scope="module")
def graph(config) -> grimp.ImportGraph:
    options = config["session_options"]
    return grimp.build_graph(*options["root_packages"], include_external_packages=True, cache_dir=None)


def broken_contracts(config: dict, graph: grimp.ImportGraph) -> set[str]:
    """Names of the contracts of ``config`` that ``graph`` breaks."""
    broken = set()
    for options in config["contracts_options"]:
        contract = CONTRACT_TYPES[options["type"]](
            name=options["name"], session_options=config["session_options"], contract_options=options,
        )
        if not contract.check(copy.deepcopy(graph), verbose=False).kept:
            broken.add(options["name"])
    return broken


def planted(graph: grimp.ImportGraph, importer: str, imported: str) -> grimp.ImportGraph:
    """A copy of ``graph`` with one more import, ``importer`` → ``imported``."""
    changed = copy.deepcopy(graph)
    for module in (importer, imported):
        if module not in changed.modules:
            changed.add_module(module, is_squashed=module.split(".")[0] not in {"tournaments", "leagues", "rules",
                                                                                  "accounts", "config"})
    changed.add_import(importer=importer, imported=imported, line_number=1, line_contents=f"import {imported}")
    return changed


def test_every_layer_contract_is_declared(config):
    """One layers contract per app, each exhaustive (a new top-level module must be given its layer)."""
    layers = {o["name"]: o for o in config["contracts_options"] if o["type"] == "layers"}
    assert set(layers) == {TOURNAMENTS, ACCOUNTS, LEAGUES, RULES}
    assert {o["containers"][0] for o in layers.values()} == {"tournaments", "accounts", "leagues", "rules"}
    assert all(str(o["exhaustive"]) == "True" for o in layers.values())


def test_the_project_keeps_every_contract(config, graph):
    """The starting point of every planted case below: nothing is broken today."""
    assert broken_contracts(config, graph) == set()


@pytest.mark.parametrize(
    ("importer", "imported", "breaks"),
    [
        # The seven typical violations of issue #24 point 7.
        pytest.param("tournaments.models", "tournaments.services.results", {TOURNAMENTS}, id="model-imports-service"),
        pytest.param("tournaments.formats.duels", "tournaments.views.public", {TOURNAMENTS}, id="format-imports-view"),
        pytest.param("tournaments.selectors", "tournaments.services.rounds", {TOURNAMENTS},
                     id="selector-imports-service"),
        # swiss.topcut is imported by tournaments.text, which the PDF renderers import.
        pytest.param("tournaments.swiss.topcut", "django", {PURE, PDF}, id="pure-core-imports-django"),
        pytest.param("tournaments.services.rounds", "leagues.services", {NO_LEAGUES},
                     id="tournaments-imports-leagues"),
        pytest.param("tournaments.api.views", "tournaments.admin.events", {TOURNAMENTS}, id="api-imports-admin"),
        pytest.param("tournaments.services.results", "tournaments.pagecache", {TOURNAMENTS},
                     id="service-imports-page-cache"),
        # The page caches are the faces' alone: no selector or format reads them either.
        pytest.param("tournaments.selectors", "tournaments.pagecache", {TOURNAMENTS}, id="selector-imports-page-cache"),
        pytest.param("tournaments.formats.pods", "tournaments.pagecache", {TOURNAMENTS},
                     id="format-imports-page-cache"),
        # The same rules in the other apps, and through another app.
        pytest.param("tournaments.views.public", "tournaments.admin.rounds", {TOURNAMENTS}, id="view-imports-admin"),
        # A model imports Django: a pure core importing one breaks its purity too.
        pytest.param("tournaments.swiss.pairing", "tournaments.models", {TOURNAMENTS, PURE},
                     id="pure-core-imports-model"),
        pytest.param("tournaments.pdf.standings", "django", {PDF}, id="renderer-imports-django"),
        # rules.services imports tournaments.services: a selector reaching it reaches a service.
        pytest.param("tournaments.selectors", "rules.services", {TOURNAMENTS},
                     id="selector-reaches-service-via-rules"),
        pytest.param("accounts.models", "accounts.services", {ACCOUNTS}, id="accounts-model-imports-service"),
        pytest.param("leagues.scoring", "leagues.models", {LEAGUES, PURE}, id="leagues-pure-core-imports-model"),
        pytest.param("leagues.api", "leagues.admin", {LEAGUES}, id="leagues-api-imports-admin"),
        pytest.param("rules.selectors", "rules.services", {RULES}, id="rules-selector-imports-service"),
        pytest.param("rules.catalog", "rules.models", {RULES, PURE}, id="rules-pure-core-imports-model"),
    ],
)
def test_a_planted_violation_breaks_its_contract(config, graph, importer, imported, breaks):
    assert broken_contracts(config, planted(graph, importer, imported)) == breaks


def test_a_new_module_outside_the_layers_breaks_the_contract(config, graph):
    """Exhaustive: a top-level module nobody placed in a layer (the admin.py of before) is reported."""
    changed = copy.deepcopy(graph)
    changed.add_module("tournaments.admin_unplaced")
    changed.add_import(importer="tournaments.admin_unplaced", imported="tournaments.models", line_number=1,
                       line_contents="from .models import Event")
    assert broken_contracts(config, changed) == {TOURNAMENTS}
