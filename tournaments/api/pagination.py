"""Pagination of every API list (``REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"]``).

Imports only DRF's pagination and the error module: DRF imports this class
while it loads its own settings, so nothing here may import views.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from .exceptions import InvalidInput


class ArenaPagination(PageNumberPagination):
    """Page-number pagination of every list: ``page`` from 1, ``page_size`` 1 to 500 (default: ``PAGE_SIZE``).

    A ``page`` or ``page_size`` that is not a whole number in range (past
    the last page included; page 1 of an empty list exists) is refused with
    400 naming the parameter, never silently replaced by the default.
    """

    page_size_query_param = "page_size"
    max_page_size = 500

    def _number(self, request: Request, name: str, maximum: int | None) -> int | None:
        raw = request.query_params.get(name)
        if raw is None:
            return None
        value = int(raw) if raw.isascii() and raw.isdigit() else 0
        if value < 1 or (maximum is not None and value > maximum):
            if maximum is None:
                message = _("Debe ser un número entero desde 1.")
            else:
                message = _("Debe ser un número entero de 1 a %(max)d.") % {"max": maximum}
            raise InvalidInput({name: [message]}, f"{name}: {message}")
        return value

    def get_page_size(self, request: Request) -> int:
        size = self._number(request, self.page_size_query_param, self.max_page_size)
        return size or self.page_size

    def paginate_queryset(self, queryset, request: Request, view=None):
        self._number(request, self.page_query_param, None)
        try:
            return super().paginate_queryset(queryset, request, view)
        except exceptions.NotFound:
            message = _("No existe la página %(page)s.") % {"page": request.query_params.get(self.page_query_param)}
            raise InvalidInput({self.page_query_param: [message]},
                               f"{self.page_query_param}: {message}") from None

    def get_schema_operation_parameters(self, view):
        params = super().get_schema_operation_parameters(view)
        for param in params:
            param["schema"]["minimum"] = 1
            if param["name"] == self.page_size_query_param:
                param["schema"]["maximum"] = self.max_page_size
        return params
