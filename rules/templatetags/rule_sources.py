"""``{{ source|rule_source }}``: a rule citation as people read it (see :mod:`rules.sources`)."""
from django import template
from django.utils.translation import gettext as _

from rules.sources import source_label

register = template.Library()


@register.filter
def rule_source(value: str) -> str:
    return source_label(str(value or ""), arena_default=_("criterio de Arena"))
