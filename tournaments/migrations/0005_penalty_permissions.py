"""Give the role groups their permissions on the penalty log (data migration)."""
from django.db import migrations

GRANTS = {
    "Organizador": ["view_penalty", "view_penaltyrevision", "view_matchruling"],
    "Juez principal": ["view_penalty", "view_penaltyrevision", "view_matchruling", "change_penalty"],
    "Juez": ["view_penalty", "view_matchruling"],
}


def grant(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GRANTS.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(*Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GRANTS.items():
        for group in Group.objects.filter(name=name):
            group.permissions.remove(
                *Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames)
            )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_penalty_log")]
    operations = [migrations.RunPython(grant, revoke)]
