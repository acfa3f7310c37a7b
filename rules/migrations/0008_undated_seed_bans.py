"""Undate the seeded ban list and reprint rules (issue #16 §2, data migration).

0005 seeded every ban and reprint rule of the rulebooks as in force from
2024-09-06, the ruling's "Última actualización". That date dates the
document, not the bans (DESIGN.md decision 19): an entry nobody dated applies
to every event, so the seeded rows move to :data:`rules.catalog.UNDATED`.

Only rows that still look seeded change: the target of a seed entry (same
game, scope and set / card / printing) and the ruling's date. Rows an
organizer added or re-dated are left as they are. The reverse puts the
ruling's date back on the same rows.
"""
from django.db import migrations

from rules.catalog import UNDATED, WEED_MONSTERS_RULING_DATE, normalize_name


def _seed():
    from rules.games import seed_catalog

    return seed_catalog()


def _seed_targets():
    """One queryset filter (a dict) per seed ban and reprint rule, naming its target."""
    catalog = _seed()
    for b in catalog.bans:
        target: dict = {"game__key": b.game, "scope": str(b.scope)}
        if b.scope == "set":
            target["card_set__code"] = catalog.find_set(b.game, b.set_code).code
            target["card_set__game__key"] = b.game
        elif b.scope == "card":
            target["card__name_key"] = normalize_name(b.card_name)
            target["card__game__key"] = b.game
        else:
            target["printing__card__name_key"] = normalize_name(b.card_name)
            target["printing__card__game__key"] = b.game
            target["printing__card_set__code"] = catalog.find_set(b.game, b.set_code).code
            target["printing__variant"] = b.printing or ""
        yield target
    for r in catalog.reprint_rules:
        yield {"reprint": True, "game__key": r.game, "card__name_key": r.card_key, "card__game__key": r.game}


def _move(apps, old, new):
    BanEntry = apps.get_model("rules", "BanEntry")
    ReprintRule = apps.get_model("rules", "ReprintRule")
    for target in _seed_targets():
        if target.pop("reprint", False):
            rows = ReprintRule.objects.filter(effective_from=old, **target)
            for row in rows:
                # (card, effective_from) is unique: skip if the card already has a rule on ``new``.
                if not ReprintRule.objects.filter(card_id=row.card_id, effective_from=new).exists():
                    ReprintRule.objects.filter(pk=row.pk).update(effective_from=new)
        else:
            rows = BanEntry.objects.filter(effective_from=old, **target)
            rows.exclude(effective_until__lte=new).update(effective_from=new)  # keep until > from


def undate(apps, schema_editor):
    _move(apps, WEED_MONSTERS_RULING_DATE, UNDATED)


def redate(apps, schema_editor):
    _move(apps, UNDATED, WEED_MONSTERS_RULING_DATE)


class Migration(migrations.Migration):
    dependencies = [("rules", "0007_game_round_minutes")]
    operations = [migrations.RunPython(undate, redate)]
