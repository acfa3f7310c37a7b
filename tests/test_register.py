"""One register: every Spanish text speaks voseo (issue #28, point 5).

Scans the Spanish source strings — the templates (``*.html``, ``*.txt``), the
gettext msgids of the Python code (read with ``ast`` from every call of
``_``/``gettext``/``ngettext``/… and their lazy forms) and the msgstrs of the
project's es_AR catalog that overrides Django's own usted texts — for usted (and
tú) imperatives and their clitic forms («confírmelo», «ábrala»). The word list
lives here; a word that follows «que», «quien», «se» and the like is a
subjunctive («lo que guarde el juez», «hasta que cierre la inscripción»), not an
order to the reader, and passes.
"""
from __future__ import annotations

import ast
import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Usted imperatives (lower case; the scan ignores case).
USTED_IMPERATIVES = frozenset("""
    elija busque abra imprima cargue ingrese seleccione haga verifique intente complete revise escriba
    vuelva pida use espere agregue confirme tenga introduzca indique consulte presione toque elimine
    marque descargue guarde llame avise compruebe corrija asegúrese recuerde inicie vea mire lea
    deje envíe pase registre anote cambie pruebe finalice empareje inscriba borre genere suba active desactive
    anule sírvase fíjese dígale cancele continúe acepte
    usted ustedes
""".split())

#: «cierre» is left out: it is mostly the noun («el cierre de la preinscripción»).

#: Words after which a listed verb is a subjunctive, not an imperative.
SUBJUNCTIVE_LEADS = frozenset("que quien quienes se cuando hasta salvo ojalá aunque mientras".split())

#: A word with a written accent ending in a vowel plus an enclitic pronoun: «confírmelo», «ábrala»,
#: «avísele» (usted) or «confírmalo» (tú). Voseo carries no accent there: «confirmalo», «avisale».
CLITIC = re.compile(r"\b\w*[áéíóú]\w*[ae](?:lo|la|los|las|le|les|me|nos)\b", re.IGNORECASE)

#: True false positives, each with its reason: {word (lower case): reason}.
ALLOWED_WORDS = {
    "pedíselo": "voseo with two clitics keeps its accent (pedí + se + lo)",
    "ángeles": "a name (María de los Ángeles), not a verb",
}

WORD = re.compile(r"\w+", re.UNICODE)

GETTEXT_FUNCTIONS = frozenset({
    "_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
    "npgettext", "npgettext_lazy", "_lazy",
})
SKIPPED_DIRS = {".venv", "node_modules", "staticfiles", "media", ".git", "tests", "benchmarks"}


def usted_forms(text: str) -> list[str]:
    """The usted/tú imperatives and clitic forms in ``text``, in order of appearance."""
    found: list[str] = []
    # The strings of {% translate "…" %} are text; other tags and variables are not words the reader sees.
    text = re.sub(r"""{%\s*(?:translate|trans)\s+(["'])(.*?)\1.*?%}""", r" \2 ", text, flags=re.S)
    text = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", " ", text, flags=re.S)
    words = WORD.findall(text)
    for index, word in enumerate(words):
        lower = word.lower()
        if lower in ALLOWED_WORDS:
            continue
        if lower in USTED_IMPERATIVES:
            if lower not in {"usted", "ustedes"} and any(w.lower() in SUBJUNCTIVE_LEADS
                                                          for w in words[max(0, index - 4):index]):
                continue
            found.append(word)
        elif CLITIC.fullmatch(word):
            found.append(word)
    return found


def template_files() -> list[Path]:
    files: list[Path] = []
    for folder in [ROOT / "templates", *ROOT.glob("*/templates")]:
        files += [p for p in folder.rglob("*") if p.suffix in {".html", ".txt"}]
    return sorted(files)


def python_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py")
                  if not SKIPPED_DIRS.intersection(p.relative_to(ROOT).parts) and "migrations" not in p.parts)


def gettext_msgids(source: str) -> list[tuple[int, str]]:
    """(line, msgid) of every gettext call with literal strings in ``source``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in GETTEXT_FUNCTIONS:
            continue
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, arg.value))
    return found


def catalog_files() -> list[Path]:
    """The compiled es_AR catalogs (what Django reads)."""
    return sorted((ROOT / "locale" / "es_AR" / "LC_MESSAGES").glob("*.mo"))


# --------------------------------------------------------------------------- the scanner itself


@pytest.mark.unit
@pytest.mark.parametrize("planted", [
    "Elija «Todos los juegos».", "Busque sin acentos.", "Por favor, ingrese su contraseña.",
    "Corresponde al juez principal: confírmelo con él.", "Ábrala de nuevo.", "Si usted quiere.",
    "Vuelva a intentarlo.", "confírmalo",
])
def test_the_scanner_finds_a_planted_usted_form(planted):
    assert usted_forms(planted) != []


@pytest.mark.unit
@pytest.mark.parametrize("voseo", [
    "Elegí «Todos los juegos».", "Buscá sin acentos.", "Ingresá tu contraseña.",
    "Corresponde al juez principal: confirmalo con él.", "Abrila de nuevo.", "Volvé a intentarlo.",
    # Subjunctives after «que», «se», «hasta»: not addressed to the reader.
    "Lo que guarde el juez prevalece.", "pierde el match, se cargue lo que se cargue.",
    "preinscripción hasta que cierre la inscripción", "pedile a un juez que cargue tu lista",
    # Template syntax is not text.
    "{% translate 'x' as use %}{{ vea }}",
])
def test_the_scanner_lets_voseo_and_subjunctives_pass(voseo):
    assert usted_forms(voseo) == []


@pytest.mark.unit
def test_the_scanner_reads_a_planted_template_and_a_planted_msgid(tmp_path):
    template = tmp_path / "page.html"
    template.write_text('{% load i18n %}<p>{% translate "Elija una mesa." %}</p>', encoding="utf-8")
    assert usted_forms(template.read_text(encoding="utf-8")) == ["Elija"]

    source = 'from django.utils.translation import gettext as _\nMESSAGE = _("Revise el resultado.")\n'
    assert gettext_msgids(source) == [(2, "Revise el resultado.")]
    assert usted_forms("Revise el resultado.") == ["Revise"]


# --------------------------------------------------------------------------- the project's texts


def test_the_sources_are_found():
    templates = template_files()
    assert ROOT / "templates" / "500.html" in templates
    assert ROOT / "templates" / "rulings" / "search.html" in templates
    assert ROOT / "tournaments" / "admin" / "pairing.py" in python_files()
    assert ROOT / "locale" / "es_AR" / "LC_MESSAGES" / "django.mo" in catalog_files()


def test_no_template_speaks_usted():
    offenders = {str(path.relative_to(ROOT)): forms for path in template_files()
                 if (forms := usted_forms(path.read_text(encoding="utf-8")))}
    assert offenders == {}


def test_no_gettext_msgid_speaks_usted():
    offenders = {}
    for path in python_files():
        for line, msgid in gettext_msgids(path.read_text(encoding="utf-8")):
            if forms := usted_forms(msgid):
                offenders[f"{path.relative_to(ROOT)}:{line}"] = forms
    assert offenders == {}


def test_the_es_ar_catalog_speaks_voseo():
    offenders = {}
    for path in catalog_files():
        with path.open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)._catalog
        for msgid, msgstr in catalog.items():
            if msgid and (forms := usted_forms(msgstr)):
                offenders[str(msgid)] = forms
    assert offenders == {}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="sin msgfmt (gettext)")
def test_the_compiled_es_ar_catalogs_match_their_sources(tmp_path):
    """The committed .mo files are what ``msgfmt -c`` makes of the .po files beside them."""
    for mo in catalog_files():
        fresh = tmp_path / mo.name
        subprocess.run(["msgfmt", "-c", "-o", str(fresh), str(mo.with_suffix(".po"))], check=True)
        with mo.open("rb") as committed, fresh.open("rb") as compiled:
            assert gettext.GNUTranslations(committed)._catalog == gettext.GNUTranslations(compiled)._catalog, mo


def test_no_script_of_the_site_speaks_usted():
    """The strings of static/arena/*.js (what the live pages write) say vos too."""
    offenders = {}
    for path in sorted((ROOT / "static" / "arena").glob("*.js")):
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for double, single in re.findall(r'"([^"]*)"|\'([^\']*)\'', text):
                literal = double or single
                if literal != "use strict" and (forms := usted_forms(literal)):
                    offenders[f"{path.relative_to(ROOT)}:{line}"] = forms
    assert offenders == {}
