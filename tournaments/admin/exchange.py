"""Admin page «Publicar un evento desde un archivo» (issue #18 point 4).

Organizers of the event's venue on this server (and superusers) upload the
file a venue laptop exported; :func:`tournaments.exchange.service.event_import`
writes it (idempotent, all or nothing), the same service as the API and the command.
"""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..errors import NotAllowed
from ..exchange import fileformat, service, transport


class EventFileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Archivo del evento"))
    accept_names = forms.BooleanField(
        label=gettext_lazy("Ante un nombre distinto, mantener el del servidor"), required=False,
    )
    replaces = forms.CharField(
        label=gettext_lazy("Reemplaza al evento (uid)"), required=False, max_length=36,
        help_text=gettext_lazy("Sólo si el archivo es el mismo evento publicado antes con otro uid: el anterior se "
                               "anula y se revierten sus puntos de liga."),
    )


def event_import_view(request, admin_site):
    """GET: the upload form; POST: import the file and go to the event (or list every problem)."""
    if not (request.user.is_superuser or request.user.organized_venues.exists()):
        raise PermissionDenied
    problems: list[str] = []
    form = EventFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > transport.max_bytes(settings.ARENA_IMPORT_MAX_PLAYERS):
            problems = [_("El archivo supera el tamaño máximo.")]
        else:
            try:
                upload.seek(0)
                text = transport.read_text(upload, limit=transport.max_bytes(settings.ARENA_IMPORT_MAX_PLAYERS))
                doc = fileformat.loads(text)
                result = service.event_import(doc, by=request.user, accept_names=form.cleaned_data["accept_names"],
                                              text=text, replaces=form.cleaned_data["replaces"].strip() or None)
            except (transport.FileTooLarge, transport.BadTransport) as exc:
                problems = [exc.message]
            except fileformat.FileFormatError as exc:
                problems = [str(exc)]
            except service.ImportRefused as exc:
                problems = exc.problems
            except NotAllowed as exc:
                raise PermissionDenied(exc.message) from exc
            else:
                verb = _("creado") if result.created else _("actualizado")
                messages.success(request, _("Evento «%(name)s» %(verb)s.") % {"name": result.event.name, "verb": verb})
                for line in result.names_kept:
                    messages.warning(request, _("Se mantuvo el nombre del servidor — %(line)s") % {"line": line})
                return HttpResponseRedirect(reverse("admin:tournaments_event_change", args=[result.event.pk]))
    context = {**admin_site.each_context(request), "form": form, "problems": problems,
               "title": _("Publicar un evento desde un archivo")}
    return TemplateResponse(request, "admin/tournaments/event/import_file.html", context)
