"""No import cycles among the project's modules (DESIGN.md, "Layers are enforced").

import-linter (``lint-imports``, contracts in ``pyproject.toml``) checks the
layers; it has no contract for "no cycles at all between modules", so this
test builds the same import graph with grimp (import-linter's own graph
library) and fails listing every cycle it finds.

The graph holds every import statement of ``tournaments``, ``leagues``,
``rules`` and ``config``: at module level, inside functions (an import moved
into a function only hides a cycle) and under ``TYPE_CHECKING``. Importing a
submodule also runs its parent packages' ``__init__``: ``rules.services``
importing ``tournaments.services.locks`` runs ``tournaments/services/__init__.py``,
so that edge counts as importing ``tournaments.services`` too. A package's
own modules importing each other through it is the usual layout and not
counted (the package is already being imported when they run).
"""
from __future__ import annotations

import grimp
import networkx as nx
import pytest

pytestmark = pytest.mark.unit

PROJECT_PACKAGES = ("tournaments", "leagues", "rules", "config")


def _ancestors(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}


def _lines(graph: grimp.ImportGraph, importer: str, imported: str) -> str:
    details = graph.get_import_details(importer=importer, imported=imported)
    return ", ".join(f"l.{d['line_number']}" for d in sorted(details, key=lambda d: d["line_number"]))


def import_graph(packages=PROJECT_PACKAGES) -> tuple[nx.DiGraph, dict[tuple[str, str], str]]:
    """The modules of ``packages`` and their imports; ``why`` says where each edge comes from."""
    graph = grimp.build_graph(*packages, cache_dir=None)
    edges = nx.DiGraph()
    why: dict[tuple[str, str], str] = {}
    for importer in graph.modules:
        edges.add_node(importer)
        for imported in graph.find_modules_directly_imported_by(importer):
            edges.add_edge(importer, imported)
            why[(importer, imported)] = _lines(graph, importer, imported)
            for package in _ancestors(imported) - _ancestors(importer) - {importer}:
                if (importer, package) not in why:
                    edges.add_edge(importer, package)
                    why[(importer, package)] = f"runs its __init__ by importing {imported}"
    return edges, why


def find_cycles(packages=PROJECT_PACKAGES) -> list[str]:
    """One entry per group of modules that import each other, with one cycle spelled out."""
    edges, why = import_graph(packages)
    report = []
    for group in nx.strongly_connected_components(edges):
        if len(group) < 2:
            continue
        cycle = nx.find_cycle(edges.subgraph(group))
        steps = "\n    ".join(f"{a} -> {b} ({why[(a, b)]})" for a, b in cycle)
        report.append(f"{', '.join(sorted(group))}:\n    {steps}")
    return sorted(report)


def test_cycles_hidden_in_functions_and_package_inits_are_found(tmp_path, monkeypatch):
    """A guard for the test itself, on a throwaway package."""
    package = tmp_path / "cyclesample"
    (package / "core").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def late():\n    from . import a\n")
    (package / "core" / "__init__.py").write_text("from .work import job\n")
    (package / "core" / "work.py").write_text("from ..c import helper\n\ndef job():\n    pass\n")
    (package / "core" / "lock.py").write_text("")
    (package / "c.py").write_text("from .core.lock import *\n\ndef helper():\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cycles = find_cycles(("cyclesample",))
    assert len(cycles) == 2, cycles
    assert cycles[0].startswith("cyclesample.a, cyclesample.b:")
    assert "cyclesample.b -> cyclesample.a (l.2)" in cycles[0]
    assert cycles[1].startswith("cyclesample.c, cyclesample.core, cyclesample.core.work:")
    assert "cyclesample.c -> cyclesample.core (runs its __init__ by importing cyclesample.core.lock)" in cycles[1]


def test_no_import_cycles_between_project_modules():
    cycles = find_cycles()
    assert not cycles, "Import cycles between project modules:\n" + "\n".join(cycles)
