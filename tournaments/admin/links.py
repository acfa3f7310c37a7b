"""Addresses of the console's pages, and the safe way back after a POST."""
from __future__ import annotations

from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from ..models import Event, Round


def safe_next(request, fallback: str) -> str:
    """The POSTed ``next`` URL if it is local, else ``fallback``."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


def event_url(event: Event | int) -> str:
    return reverse("admin:tournaments_event_change", args=[getattr(event, "pk", event)])


def round_url(rnd: Round | int) -> str:
    return reverse("admin:tournaments_round_change", args=[getattr(rnd, "pk", rnd)])
