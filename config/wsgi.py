"""WSGI entry point (gunicorn config.wsgi): the allocator tuned (:mod:`config.malloc`), then Django."""
import os

from django.core.wsgi import get_wsgi_application

from config.malloc import malloc_tune

malloc_tune()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
