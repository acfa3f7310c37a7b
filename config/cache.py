"""Django's Redis cache with one ``redis.Redis`` client per connection pool.

Django's :class:`~django.core.cache.backends.redis.RedisCacheClient` builds a
new ``redis.Redis`` for every call, and each one fills its table of response
callbacks (about 0.1 ms): a cached page asks Redis several times. A client
is thread-safe (each command takes a connection from the pool) and the pool
resets itself in a forked worker, so one client per pool serves every
thread of a process.
"""
from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedClients(RedisCacheClient):
    """:class:`RedisCacheClient` whose ``get_client`` answers the same client for the same pool."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}
        self._clients_lock = threading.Lock()

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            with self._clients_lock:
                client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with :class:`ReusedClients`."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClients  # Django sets its own client class in __init__
