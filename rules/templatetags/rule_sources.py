"""Rule citations as people read them (see :mod:`rules.sources`).

- ``{{ source|rule_source }}``: a citation the code holds (``Rule: 000_….txt § "…"``);
- ``{% rule_citation "000" "10.1. Desarrollo de las Rondas Suizas" %}``: a rulebook heading cited by a
  template, «Reglamento Weed Monsters (06/09/2024) § 10.1. Desarrollo de las Rondas Suizas».
"""
from django import template
from django.utils.translation import gettext as _

from rules.sources import rule_citation as _rule_citation
from rules.sources import source_label

register = template.Library()


@register.filter
def rule_source(value: str) -> str:
    return source_label(str(value or ""), arena_default=_("criterio de Arena"))


@register.simple_tag
def rule_citation(seed: str, section: str) -> str:
    return _rule_citation(seed, section)
