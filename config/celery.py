"""The Celery application, configured from Django settings (``CELERY_`` prefix).

With no ``CELERY_BROKER_URL`` in the environment, tasks run eagerly in-process
(see ``config/settings.py``); with ``redis://…`` a real worker renders them.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("arena")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
