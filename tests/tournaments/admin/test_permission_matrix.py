"""The admin half of the permission matrix (issue #15, item 1): every admin model, page, action and custom URL.

Rows are derived by hand from the scoping rules of
:mod:`tournaments.admin.scoping` and the groups' model permissions
(tournaments migrations 0003/0005/0008, rules 0006). Every model in
``admin.site._registry`` must have a row: a new admin model cannot be
forgotten.

A row gives, for each staff actor, what they reach::

    None            the model's admin is refused (403)
    ""              the changelist opens (200) and lists none of the objects
    "+ a:VCD b:V"   "+": may add; then per object: V view, C change, D delete

Anything not listed is refused: the object is absent from the changelist,
its change, delete and history pages say it does not exist (302 to the
index), answer 403 or 404, and a refused POST changes no row of the
database (:func:`matrix_world.fingerprint`). The signed-in user with no
role and anonymous are sent to the login page everywhere; the superuser
row is the legitimate upper bound. Objects are described in
:mod:`tests.tournaments.admin.matrix_world`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib import admin
from django.urls import NoReverseMatch, reverse

from tournaments import services
from tournaments.models import Table

from .matrix_world import ACTORS, ANON, HEAD, JUDGE, NOBODY, ORG_A, ORG_B, STAFF, SUPER, World, changed, fingerprint

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ALL = "+ a:VCD b:VCD"
CATALOG = {ORG_A: ALL, ORG_B: ALL, JUDGE: None, HEAD: None, SUPER: ALL}
SUPERUSER_ONLY = {ORG_A: None, ORG_B: None, JUDGE: None, HEAD: None, SUPER: ALL}

MATRIX: dict[str, dict[str, str | None]] = {
    "auth.Group": SUPERUSER_ONLY,
    "auth.User": SUPERUSER_ONLY,
    "authtoken.TokenProxy": SUPERUSER_ONLY,
    # Global data: organizers hold change_game (migration 0003) but only superusers write.
    "rules.Game": {ORG_A: "a:V b:V", ORG_B: "a:V b:V", JUDGE: None, HEAD: None, SUPER: ALL},
    # The shared catalog is edited by the «Organizador» group on purpose (rules 0006); judges may view cards.
    "rules.CardSet": CATALOG,
    "rules.Card": {**CATALOG, JUDGE: "a:V b:V", HEAD: "a:V b:V"},
    "rules.Printing": CATALOG,
    "rules.BanEntry": CATALOG,
    "rules.ReprintRule": CATALOG,
    # Decklists and deck checks: the event's organizers and judges, read-only.
    "rules.Decklist": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: "a:V", HEAD: "a:V", SUPER: "a:VCD b:VCD"},
    "rules.DeckCheck": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: "a:V", HEAD: "a:V", SUPER: "a:VD b:VD"},
    "rules.SealedPool": {ORG_A: "+ a:VCD", ORG_B: "+ b:VCD", JUDGE: None, HEAD: None, SUPER: ALL},
    # Documents: never deleted by an organizer (the public URL would break); retry replaces the file.
    "tournaments.Document": {ORG_A: "a:VC", ORG_B: "b:VC", JUDGE: None, HEAD: None, SUPER: "a:VCD b:VCD"},
    # Players: seen when home or registered in the user's events, changed when home (or homeless and
    # registered there); a player who took part is never deleted (only «f» never played).
    "tournaments.Player": {ORG_A: "+ a:VC t:VC n:VC f:VCD", ORG_B: "+ b:VC t:V", JUDGE: None, HEAD: None,
                           SUPER: "+ a:VC b:VC t:VC n:VC f:VCD"},
    "tournaments.Venue": {ORG_A: None, ORG_B: None, JUDGE: None, HEAD: None, SUPER: ALL},
    # Events with rounds are deleted by superusers only; the draft «d» by its organizer.
    "tournaments.Event": {ORG_A: "+ a:VC d:VCD", ORG_B: "+ b:VC", JUDGE: None, HEAD: None,
                          SUPER: "+ a:VCD b:VCD d:VCD"},
    "tournaments.Registration": {ORG_A: "a:VC", ORG_B: "b:VC", JUDGE: None, HEAD: "", SUPER: "a:VC b:VC"},
    "tournaments.Round": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: None, HEAD: None, SUPER: "a:V b:V"},
    "tournaments.Table": {ORG_A: "a:VC", ORG_B: "b:VC", JUDGE: "", HEAD: "", SUPER: "a:VC b:VC"},
    "tournaments.ResultEntry": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: "", HEAD: "", SUPER: "a:V b:V"},
    "tournaments.EventLogEntry": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: None, HEAD: "", SUPER: "a:V b:V"},
    "tournaments.Penalty": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: "", HEAD: "", SUPER: "a:V b:V"},
    "tournaments.MatchRuling": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: "", HEAD: "", SUPER: "a:V b:V"},
    "leagues.Season": {ORG_A: "a:V b:V", ORG_B: "a:V b:V", JUDGE: None, HEAD: None, SUPER: ALL},
    "leagues.SeasonDate": {ORG_A: "a:V b:V", ORG_B: "a:V b:V", JUDGE: None, HEAD: None, SUPER: ALL},
    "leagues.LeagueEvent": {ORG_A: "a:VC", ORG_B: "b:VC", JUDGE: None, HEAD: None, SUPER: "a:VC b:VC"},
    "leagues.LedgerEntry": {ORG_A: "a:V", ORG_B: "b:V", JUDGE: None, HEAD: None, SUPER: "a:V b:V"},
    "leagues.CollectionConfirmation": {ORG_A: "+ a:VCD", ORG_B: "+ b:VCD", JUDGE: None, HEAD: None, SUPER: ALL},
    "leagues.BadgeAward": {ORG_A: "+ a:VCD", ORG_B: "+ b:VCD", JUDGE: None, HEAD: None, SUPER: ALL},
}


@dataclass(frozen=True)
class Reach:
    """What one actor reaches of one model (parsed from a :data:`MATRIX` cell)."""

    module: bool
    add: bool = False
    objects: dict[str, str] = field(default_factory=dict)

    def level(self, key: str) -> str:
        return self.objects.get(key, "")


def reach(label: str, actor: str) -> Reach:
    if actor in (NOBODY, ANON):
        return Reach(module=False)
    cell = MATRIX[label][actor]
    if cell is None:
        return Reach(module=False)
    words = cell.split()
    return Reach(module=True, add="+" in words,
                 objects=dict(w.split(":") for w in words if ":" in w))


def sampled(model, actor: str) -> bool:
    """Refused the whole model (no staff, or no permission on it): one object («a») stands for all."""
    return not reach(model._meta.label, actor).module


def models():
    return sorted(admin.site._registry, key=lambda m: m._meta.label)


def url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def admin_id(obj):
    """The id the admin's URLs use (the token admin maps user ids to tokens)."""
    return obj.user_id if obj._meta.label == "authtoken.TokenProxy" else obj.pk


def login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))


def refused(response, actor: str) -> bool:
    """Refused as the admin refuses: to the login page (no staff), 403, 404, or "does not exist" (the index)."""
    if actor in (NOBODY, ANON):
        return login_redirect(response)
    if response.status_code in (403, 404):
        return True
    return response.status_code == 302 and response["Location"] == reverse("admin:index")


def allowed(response) -> bool:
    """Served: 200, or a redirect to a page other than the login page or the index."""
    if response.status_code == 200:
        return True
    return response.status_code == 302 and not login_redirect(response) and response["Location"] != reverse(
        "admin:index")


@pytest.fixture
def world():
    return World()


def test_every_registered_admin_model_has_a_row():
    registered = {m._meta.label for m in admin.site._registry}
    assert registered - set(MATRIX) == set(), "add a row to MATRIX for each new admin model"
    assert set(MATRIX) - registered == set(), "MATRIX lists a model that is no longer registered"
    for label, row in MATRIX.items():
        assert set(row) == {*STAFF, SUPER}, label


def test_changelists_list_exactly_the_objects_in_reach(world):
    problems = []
    for model in models():
        objects = world.objects(model)
        for actor in ACTORS:
            expected = reach(model._meta.label, actor)
            response = world.clients[actor].get(url(model, "changelist"))
            if not expected.module:
                if not refused(response, actor):
                    problems.append(f"{model._meta.label} changelist served to {actor} ({response.status_code})")
                continue
            if response.status_code != 200:
                problems.append(f"{model._meta.label} changelist refused to {actor} ({response.status_code})")
                continue
            listed = set(response.context["cl"].result_list)
            for key, obj in objects.items():
                if (obj in listed) != ("V" in expected.level(key)):
                    problems.append(f"{model._meta.label} «{key}» {'listed' if obj in listed else 'missing'} "
                                    f"for {actor}")
    assert problems == []


def test_add_pages(world):
    problems = []
    for model in models():
        for actor in ACTORS:
            response = world.clients[actor].get(url(model, "add"))
            if reach(model._meta.label, actor).add:
                if response.status_code != 200:
                    problems.append(f"{model._meta.label} add refused to {actor} ({response.status_code})")
            elif not refused(response, actor):
                problems.append(f"{model._meta.label} add served to {actor} ({response.status_code})")
    assert problems == []


def test_change_history_and_delete_pages(world):
    """Change, history and delete pages of every object. (The superuser's delete and history pages are
    Django's own: only its change page of «a» is checked; an actor refused the whole model is checked on «a».)"""
    problems = []
    for model in models():
        for key, obj in world.objects(model).items():
            pk = admin_id(obj)
            for actor in ACTORS:
                if key != "a" and (actor == SUPER or sampled(model, actor)):
                    continue
                level = reach(model._meta.label, actor).level(key)
                client = world.clients[actor]
                where = f"{model._meta.label} «{key}» as {actor}"
                change = client.get(url(model, "change", pk))
                if actor == SUPER:
                    if not allowed(change):
                        problems.append(f"{where}: change refused ({change.status_code})")
                    continue
                history = client.get(url(model, "history", pk))
                delete = client.get(url(model, "delete", pk))
                if "V" in level:
                    if not allowed(change) or not allowed(history):
                        problems.append(f"{where}: change/history refused ({change.status_code}/"
                                        f"{history.status_code})")
                    elif change.status_code == 200:
                        can_save = 'name="_save"' in change.content.decode()
                        if can_save != ("C" in level):
                            problems.append(f"{where}: save button {'shown' if can_save else 'missing'}")
                elif not refused(change, actor) or not refused(history, actor):
                    problems.append(f"{where}: change/history served ({change.status_code}/{history.status_code})")
                if "D" in level:
                    if delete.status_code != 200:
                        problems.append(f"{where}: delete page refused ({delete.status_code})")
                elif not refused(delete, actor):
                    problems.append(f"{where}: delete page served ({delete.status_code})")
    assert problems == []


def test_refused_change_and_delete_posts_change_nothing(world):
    problems = []
    before = fingerprint()
    for model in models():
        for key, obj in world.objects(model).items():
            for actor in ACTORS:
                if key != "a" and sampled(model, actor):
                    continue
                level = reach(model._meta.label, actor).level(key)
                client = world.clients[actor]
                where = f"{model._meta.label} «{key}» as {actor}"
                if "C" not in level:
                    response = client.post(url(model, "change", admin_id(obj)),
                                           {"name": "Robado", "display_name": "Robado"})
                    if not refused(response, actor):
                        problems.append(f"{where}: change POST answered {response.status_code}")
                if "D" not in level:
                    response = client.post(url(model, "delete", admin_id(obj)), {"post": "yes"})
                    if not refused(response, actor):
                        problems.append(f"{where}: delete POST answered {response.status_code}")
    assert problems == []
    assert changed(before) == []


def _actions(world, model) -> list[str]:
    model_admin = admin.site._registry[model]
    names = {"delete_selected"} if model_admin.actions is not None else set()
    return sorted(names | {a if isinstance(a, str) else a.__name__ for a in (model_admin.actions or ())})


#: Actions with a rule of their own: (model, action) → the (actor, object) pairs that may run it.
OWN_RULE = {
    # Re-validating a decklist is its event's organizers' (they only view decklists otherwise).
    ("rules.Decklist", "revalidate"): {(ORG_A, "a"), (ORG_B, "b"), (SUPER, "a"), (SUPER, "b")},
}


def may_run(label: str, action: str, actor: str, key: str) -> bool:
    if (label, action) in OWN_RULE:
        return (actor, key) in OWN_RULE[label, action]
    return ("D" if action == "delete_selected" else "C") in reach(label, actor).level(key)


def test_refused_admin_actions_change_nothing(world):
    """Every action, posted by each actor on each object out of reach, leaves every row as it was."""
    problems = []
    before = fingerprint()
    for model in models():
        for action in _actions(world, model):
            for key, obj in world.objects(model).items():
                for actor in ACTORS:
                    if may_run(model._meta.label, action, actor, key) or (key != "a" and sampled(model, actor)):
                        continue
                    response = world.clients[actor].post(
                        url(model, "changelist"), {"action": action, "_selected_action": [obj.pk], "post": "yes"})
                    if actor in (NOBODY, ANON) and not login_redirect(response):
                        problems.append(f"{model._meta.label}.{action} «{key}» as {actor}: {response.status_code}")
    assert problems == []
    assert changed(before) == []


#: Actions an organizer of A runs on A's objects, and what they change.
LEGIT_ACTIONS = [
    ("tournaments.Registration", "drop_selected", lambda w: w.reg["a"][0], lambda o: o.dropped),
    ("tournaments.Registration", "check_in_selected", lambda w: w.reg["a"][0], lambda o: o.checked_in),
    ("tournaments.Document", "retry", lambda w: w.document["a"], lambda o: o.state),
    ("rules.Decklist", "revalidate", lambda w: w.decklist["a"], lambda o: o.history.count()),
    ("leagues.LeagueEvent", "recompute_points", lambda w: w.event["a"], lambda o: o.league_entries.count()),
]


@pytest.mark.parametrize(("label", "action", "target", "value"), LEGIT_ACTIONS, ids=[a[1] for a in LEGIT_ACTIONS])
def test_actions_work_in_scope_and_skip_other_venues(world, label, action, target, value):
    model = next(m for m in admin.site._registry if m._meta.label == label)
    obj = target(world)
    if action == "check_in_selected":
        services.registration_check_in(registration=obj, present=False)
    obj = type(obj).objects.get(pk=obj.pk)
    start = value(obj)
    before = fingerprint()
    world.clients[ORG_B].post(url(model, "changelist"), {"action": action, "_selected_action": [obj.pk]})
    assert changed(before) == [], f"{action} of venue B's organizer changed venue A's rows"
    response = world.clients[ORG_A].post(url(model, "changelist"), {"action": action, "_selected_action": [obj.pk]})
    assert response.status_code == 302
    if action == "recompute_points":
        return  # an unfinished event posts no points: the action answered, that is all it can show here
    assert value(type(obj).objects.get(pk=obj.pk)) != start


def test_history_version_pages_are_scoped_and_a_decklist_is_never_reverted(world):
    """django-simple-history's «revertir» page: in reach only; a decklist changes only through its services."""
    problems = []
    for model in models():
        if not hasattr(model, "history"):
            continue
        for key, obj in world.objects(model).items():
            record = obj.history.order_by("history_id").first()
            if record is None:
                continue
            target = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_simple_history",
                             args=[obj.pk, record.history_id])
            for actor in ACTORS:
                level = reach(model._meta.label, actor).level(key)
                response = world.clients[actor].get(target)
                if ("V" in level) != allowed(response) or ("V" not in level and not refused(response, actor)):
                    problems.append(f"{model._meta.label} «{key}» version page as {actor}: {response.status_code}")
    assert problems == []
    before = fingerprint()
    decklist = world.decklist["a"]
    record = decklist.history.order_by("history_id").first()
    target = reverse("admin:rules_decklist_simple_history", args=[decklist.pk, record.history_id])
    for actor in (ORG_A, JUDGE, HEAD, SUPER):
        assert world.clients[actor].post(target, {}).status_code == 403, actor
    assert changed(before) == []


# --------------------------------------------------------------------------- custom admin URLs


def _prepare_correction(w: World) -> dict:
    """Round 1 of A closed (every table played) and round 2 paired: table 1 of round 1 can be corrected."""
    for match in w.round["a"].tables.filter(is_bye=False, status="pending"):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}], games_drawn=0, expected_version=0)
    services.round_pair_next(event=w.event["a"])
    w.match["a"].refresh_from_db()
    return {"step": "confirm", "games_a": 0, "games_b": 2, "games_drawn": 0, "reason": "Planilla mal leída",
            "expected_version": w.match["a"].version}


def _prepare_swap(w: World) -> dict:
    from tournaments.admin.pairing import _fingerprint

    tables = list(w.round["a"].tables.filter(table_number__in=(2, 3)).order_by("table_number"))
    params = {"kind": "swap", "registration": tables[0].player_a_id, "other": tables[1].player_a_id,
              "table": None, "side": "b"}
    plan = services.pairing_edit_preview(event=w.event["a"], **params)
    return {"kind": "swap", "registration": params["registration"], "other": params["other"], "confirm": "1",
            "seen": _fingerprint(plan)}


def _pod_placements(w: World) -> dict:
    seats = list(w.pod.seats.order_by("seat").values_list("registration_id", flat=True))
    data = {"expected_version": str(w.pod.version)}
    for place, rid in enumerate(seats, 1):
        data[f"place_{rid}"], data[f"score_{rid}"] = str(place), str(10 - place)
    return data


def _day_token(event) -> str:
    from tournaments.admin.day_panel import day_status

    event.refresh_from_db()
    return day_status(event).token


def _prereg(w: World):
    """A confirmed pre-registration of a new player for venue A's event (made once per world)."""
    from tests.factories import PlayerFactory
    from tournaments.models import PreRegistration

    if not hasattr(w, "prereg"):
        w.prereg = PreRegistration.objects.create(event=w.event["a"], player=PlayerFactory())
    return w.prereg


def _prereg_token(w: World) -> str:
    from tournaments.services.preregistration import preregistration_token

    return preregistration_token(_prereg(w))


def _event_file(w: World) -> dict:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.exchange import fileformat

    class Rewinding(SimpleUploadedFile):
        """Read whole each time: every actor posts the same data."""

        def read(self, *args):
            self.seek(0)
            return super().read(*args)

    from tests.tournaments.exchange_helpers import signed

    # A venue laptop's file of an event this server does not run (a file never replaces one it runs),
    # signed with venue A's key.
    doc = fileformat.event_export(w.event["a"])
    doc["event"]["uid"], doc["event"]["name"] = "5b0e7c1a-2f4d-4e8a-9c6b-3d1f0a7e9b24", "Fecha publicada"
    return {"file": Rewinding("evento.json", fileformat.dumps(signed(doc)).encode())}


@dataclass(frozen=True)
class Custom:
    """A custom admin URL of venue A's objects: ``data`` (None: a GET) works for ``legit`` (and nobody else)."""

    name: str
    args: object
    data: object = None
    changes: bool = True
    legit: str = ORG_A


CUSTOM = [
    Custom("tournaments_event_day_action", lambda w: [w.draft.pk, "abrir-inscripcion"],
           lambda w: {"token": _day_token(w.draft)}),
    Custom("tournaments_event_registration_action", lambda w: [w.event["a"].pk, w.reg["a"][0].pk, "ausente"],
           lambda w: {}),
    Custom("tournaments_event_quick_player", lambda w: [w.event["a"].pk],
           lambda w: {"quick-display_name": "Alta Rápida", "quick-player_number": "PA-99",
                      "quick-home_venue": w.venue["a"].pk}),
    Custom("tournaments_event_standings_csv", lambda w: [w.event["a"].pk], changes=False),
    # Spreadsheet downloads (issue #28 point 3): the event's registrations, a round's tables.
    Custom("tournaments_event_registrations_export", lambda w: [w.event["a"].pk], changes=False),
    Custom("tournaments_round_pairings_export", lambda w: [w.round["a"].pk], changes=False),
    # Pre-registration check-in on the day panel (issue #17): «Presente», and the code read from the QR.
    Custom("tournaments_event_prereg_check_in", lambda w: [w.event["a"].pk, _prereg(w).pk], lambda w: {}),
    Custom("tournaments_event_prereg_token", lambda w: [w.event["a"].pk],
           lambda w: {"token": _prereg_token(w)}),
    Custom("tournaments_round_result", lambda w: [w.round["a"].pk, w.match["a"].pk],
           lambda w: {"score": "0-2-0", "expected_version": str(Table.objects.get(pk=w.match["a"].pk).version)}),
    Custom("tournaments_round_correct", lambda w: [w.round["a"].pk, w.match["a"].pk], _prepare_correction),
    Custom("tournaments_round_pairing_edit", lambda w: [w.round["a"].pk], _prepare_swap),
    Custom("tournaments_round_result", lambda w: [w.pod_round.pk, w.pod.pk], _pod_placements),
    Custom("tournaments_round_correct", lambda w: [w.pod_round.pk, w.pod.pk],
           lambda w: {**_pod_placements(w), "step": "preview", "reason": "Planilla mal leída"}, changes=False),
    # Publishing an event file (issue #18): only an organizer of the file's venue
    # (tests/tournaments/test_exchange_api.py).
    Custom("tournaments_event_import_file", lambda w: [], _event_file),
    # The event log in words (issue #28 point 2): the page and its download, for the venue's organizers.
    Custom("tournaments_eventlogentry_event", lambda w: [w.event["a"].pk], changes=False),
    Custom("tournaments_eventlogentry_event_export", lambda w: [w.event["a"].pk], changes=False),
    # Django's own: setting a user's password is the superusers' (accounts are superuser-only).
    Custom("auth_user_password_change", lambda w: [w.users[ORG_B].pk],
           lambda w: {"password1": "otra-clave-larga-91", "password2": "otra-clave-larga-91"}, legit=SUPER),
]


def test_every_custom_admin_url_has_a_row():
    custom = set()
    for model_admin in admin.site._registry.values():
        for pattern in model_admin.get_urls():
            name = pattern.name or ""
            prefix = f"{model_admin.opts.app_label}_{model_admin.opts.model_name}_"
            standard = {"changelist", "add", "change", "delete", "history", "simple_history", "import",
                        "process_import", "export"}
            if name.startswith(prefix) and name.removeprefix(prefix) not in standard:
                custom.add(name)
    assert custom == {row.name for row in CUSTOM}


@pytest.mark.parametrize("row", CUSTOM, ids=[row.name for row in CUSTOM])
def test_custom_admin_urls_only_for_the_organizer(world, row):
    data = row.data(world) if row.data else None
    target = reverse(f"admin:{row.name}", args=row.args(world))
    before = fingerprint()
    for actor in ACTORS:
        if actor in (row.legit, SUPER):
            continue
        client = world.clients[actor]
        response = client.get(target) if data is None else client.post(target, data)
        assert refused(response, actor), (actor, response.status_code)
    assert changed(before) == []
    client = world.clients[row.legit]
    response = client.get(target) if data is None else client.post(target, data)
    assert allowed(response), response.status_code
    if response.status_code == 302:
        assert response["Location"] != reverse("admin:index")
    if row.changes:
        assert changed(before), "the organizer's request changed nothing: the refusals above prove nothing"


# --------------------------------------------------------------------------- import and export


IMPORT_EXPORT = ["tournaments.Player", "rules.CardSet", "rules.Card", "rules.Printing", "rules.BanEntry",
                 "rules.ReprintRule"]


@pytest.mark.parametrize("label", IMPORT_EXPORT)
def test_import_needs_add_and_change_export_needs_view(world, label):
    model = next(m for m in admin.site._registry if m._meta.label == label)
    for actor in ACTORS:
        row = reach(label, actor)
        can_write = row.add and any("C" in level for level in row.objects.values())
        for view, expected in (("import", can_write), ("export", row.module)):
            try:
                target = url(model, view)
            except NoReverseMatch:  # pragma: no cover - the admin has no such page
                pytest.fail(f"{label} has no {view} page")
            response = world.clients[actor].get(target)
            assert (response.status_code == 200) if expected else refused(response, actor), (view, actor)
