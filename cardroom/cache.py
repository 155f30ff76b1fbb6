"""The cache backend on Redis: Django's, keeping one client per connection pool.

Django's ``RedisCacheClient`` wraps its pool in a new ``redis.Redis`` on every call, which costs
more than the round trip on a table's confirmation (its "rescore queued?" marker, issue 18). A
``redis.Redis`` is safe to share between threads, and its pool notices a fork, so one per pool
is kept."""
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class KeptClients(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClients
