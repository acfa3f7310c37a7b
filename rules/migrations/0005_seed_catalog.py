"""Seed the card catalog from rules/data/*.csv (data migration, reversible).

Reads the pure seed catalog (:func:`rules.games.seed_catalog`): every card,
gem, set, printing, ban and reprint rule the rulebooks name (issue #6 §1).
Rows that already exist (same game and code / name) are left as they are, so
organizers' edits survive a re-run; the reverse removes only the seeded rows
that still match the seed keys.
"""
from django.db import migrations

from rules.catalog import normalize_name


def _seed():
    from rules.games import REGISTRY, seed_catalog

    return seed_catalog(), REGISTRY


def seed(apps, schema_editor):
    Game = apps.get_model("rules", "Game")
    CardSet = apps.get_model("rules", "CardSet")
    Card = apps.get_model("rules", "Card")
    Printing = apps.get_model("rules", "Printing")
    BanEntry = apps.get_model("rules", "BanEntry")
    ReprintRule = apps.get_model("rules", "ReprintRule")
    catalog, registry = _seed()

    games: dict[str, object] = {}

    def game(key: str):
        if key not in games:
            profile = registry.get(key)
            games[key], _ = Game.objects.get_or_create(
                key=key, defaults={"name": profile.name_es if profile else key}
            )
        return games[key]

    sets: dict[tuple[str, str], object] = {}
    for s in catalog.sets:
        sets[(s.game, s.code)], _ = CardSet.objects.get_or_create(
            game=game(s.game),
            code=s.code,
            defaults={
                "name": s.name,
                "release_order": s.release_order,
                "is_promo": s.is_promo,
                "year": s.year,
                "aliases": "|".join(s.aliases),
                "source": s.source,
                "note": s.note,
            },
        )
    cards: dict[tuple[str, str], object] = {}
    for c in catalog.cards:
        cards[(c.game, c.key)], _ = Card.objects.get_or_create(
            game=game(c.game),
            name_key=normalize_name(c.name),
            defaults={
                "name": c.name,
                "card_type": c.card_type or "",
                "subtype": c.subtype or "",
                "species": c.species or "",
                "family": c.family or "",
                "is_super": c.is_super,
                "aliases": "|".join(c.aliases),
                "source": c.source,
                "note": c.note,
            },
        )
    printings: dict[tuple[str, str, str, str], object] = {}
    for p in catalog.printings:
        printings[(p.game, p.card_key, p.set_code, normalize_name(p.variant or ""))], _ = (
            Printing.objects.get_or_create(
                card=cards[(p.game, p.card_key)],
                card_set=sets[(p.game, p.set_code)],
                variant=p.variant or "",
                defaults={
                    "is_promo": p.is_promo,
                    "functionally_identical": p.functionally_identical,
                    "source": p.source,
                },
            )
        )
    for b in catalog.bans:
        target = {}
        if b.scope == "set":
            target["card_set"] = sets[(b.game, catalog.find_set(b.game, b.set_code).code)]
        elif b.scope == "card":
            target["card"] = cards[(b.game, catalog.card(b.game, b.card_name).key)]
        else:
            card = catalog.card(b.game, b.card_name)
            code = catalog.find_set(b.game, b.set_code).code
            target["printing"] = printings[(b.game, card.key, code, normalize_name(b.printing or ""))]
        BanEntry.objects.get_or_create(
            game=game(b.game),
            scope=str(b.scope),
            effective_from=b.effective_from,
            **target,
            defaults={"effective_until": b.effective_until, "reason": b.reason, "source": b.source},
        )
    for r in catalog.reprint_rules:
        ReprintRule.objects.get_or_create(
            card=cards[(r.game, r.card_key)],
            effective_from=r.effective_from,
            defaults={
                "game": game(r.game),
                "legal_from_set": sets[(r.game, catalog.find_set(r.game, r.legal_from_set_code).code)],
                "source": r.source,
            },
        )


def unseed(apps, schema_editor):
    CardSet = apps.get_model("rules", "CardSet")
    Card = apps.get_model("rules", "Card")
    BanEntry = apps.get_model("rules", "BanEntry")
    ReprintRule = apps.get_model("rules", "ReprintRule")
    catalog, _ = _seed()
    card_keys = {(c.game, c.key) for c in catalog.cards}
    set_keys = {(s.game, s.code) for s in catalog.sets}
    games = {key for key, _ in card_keys | set_keys}
    # Bans and reprint rules of the seeded games first (they point at sets).
    seeded_cards = [c.pk for c in Card.objects.filter(game__key__in=games) if (c.game.key, c.name_key) in card_keys]
    seeded_sets = [s.pk for s in CardSet.objects.filter(game__key__in=games) if (s.game.key, s.code) in set_keys]
    ReprintRule.objects.filter(card_id__in=seeded_cards).delete()
    ReprintRule.objects.filter(legal_from_set_id__in=seeded_sets).delete()
    BanEntry.objects.filter(card_set_id__in=seeded_sets).delete()
    Card.objects.filter(pk__in=seeded_cards).delete()  # cascades to printings and their bans
    apps.get_model("rules", "Printing").objects.filter(card_set_id__in=seeded_sets).delete()
    CardSet.objects.filter(pk__in=seeded_sets).delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0004_decklists")]
    operations = [migrations.RunPython(seed, unseed)]
