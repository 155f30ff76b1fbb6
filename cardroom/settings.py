"""Cardroom settings, read from the environment (see .env.example)."""
from datetime import timedelta
from pathlib import Path
import os

from csp.constants import NONCE, NONE, SELF
import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required unless DEBUG=True (see .env.example).")
    SECRET_KEY = "cardroom-insecure-development-key"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" + (",testserver" if DEBUG else ""))
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# Reverse proxies in front of Cardroom: the client's address is read that many hops from the
# right of X-Forwarded-For (cardroom.clients); 0 reads REMOTE_ADDR.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0") or 0)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "axes",
    "csp",
    "drf_spectacular_sidecar",
    "clubs",
    "accounts",
    "tournaments",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cardroom.urls"
WSGI_APPLICATION = "cardroom.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
# A page's messages and form errors repeat at most limits.ECHO_MAX characters of a bad value.
MESSAGE_STORAGE = "cardroom.echoes.ShortEchoStorage"
FORM_RENDERER = "cardroom.echoes.ShortEchoRenderer"

# Database: DATABASE_URL, or an SQLite file under var/ (busy timeout, WAL, immediate writes).
VAR_DIR = Path(os.environ.get("CARDROOM_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "cardroom.sqlite3",
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE",
         "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Request sizes (cardroom.limits holds every limit with its reason).
from cardroom import limits  # noqa: E402

DATA_UPLOAD_MAX_MEMORY_SIZE = limits.DATA_UPLOAD_MAX_MEMORY_SIZE
FILE_UPLOAD_MAX_MEMORY_SIZE = limits.FILE_UPLOAD_MAX_MEMORY_SIZE
DATA_UPLOAD_MAX_NUMBER_FIELDS = limits.DATA_UPLOAD_MAX_NUMBER_FIELDS

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
# The address printed on table cards (e.g. https://club.example.org); blank: the request's host.
CARDROOM_PUBLIC_URL = os.environ.get("CARDROOM_PUBLIC_URL", "").rstrip("/")
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Email: EMAIL_URL or the usual EMAIL_* variables (cardroom.mailconf); neither: the console
# backend, so `make run` prints invitations, password resets and results in its terminal.
from cardroom.mailconf import mail_settings  # noqa: E402

_mail = mail_settings(os.environ)
EMAIL_BACKEND = _mail["EMAIL_BACKEND"]
EMAIL_HOST = _mail["EMAIL_HOST"]
EMAIL_PORT = _mail["EMAIL_PORT"]
EMAIL_HOST_USER = _mail["EMAIL_HOST_USER"]
EMAIL_HOST_PASSWORD = _mail["EMAIL_HOST_PASSWORD"]
EMAIL_USE_TLS = _mail["EMAIL_USE_TLS"]
EMAIL_USE_SSL = _mail["EMAIL_USE_SSL"]
EMAIL_TIMEOUT = _mail["EMAIL_TIMEOUT"]
DEFAULT_FROM_EMAIL = _mail["DEFAULT_FROM_EMAIL"]
# Links in emails (invitations, resets, results) start with CARDROOM_PUBLIC_URL; blank: this
# (`make run` sets it to the address it serves, so a console email's link works on any PORT).
CARDROOM_MAIL_URL_FALLBACK = os.environ.get("CARDROOM_MAIL_URL_FALLBACK", "") or "http://127.0.0.1:8000"
# Invitation and password-reset links stay valid this long (Django's token generator).
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_DAYS", "7") or 7) * 24 * 3600

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Password guessing (django-axes, cardroom.logins): per username and client address.
# Members log in with their username or their email address (accounts.backends).
AUTHENTICATION_BACKENDS = ["cardroom.logins.LoginAttemptsBackend", "accounts.backends.UsernameOrEmailBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5") or 5)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15") or 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "cardroom.clients.client_ip"
AXES_LOCKOUT_CALLABLE = "cardroom.logins.lockout_response"
AXES_VERBOSE = False

# HTTPS in production (usually terminated by a reverse proxy that sets X-Forwarded-Proto):
# on by default when DEBUG is off; each part can be turned off from the environment.
HTTPS = env_bool("HTTPS", not DEBUG)
if env_bool("BEHIND_PROXY", not DEBUG):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "") or (31536000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts and styles from this site only (no inline
# script anywhere; the print pages' one <style> carries the request's nonce).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# REST API
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "cardroom.parsers.ObjectJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "cardroom.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Cardroom API",
    "DESCRIPTION": "Clubs, members, events, boards, results and standings for duplicate "
    "and progressive card games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"GameEnum": "tournaments.models.Game",
                            "DuplicateGameEnum": "tournaments.api.serializers.DUPLICATE_GAME_CHOICES",
                            "ConventionEnum": "scoring.engine.conventions.CONVENTION_CHOICES",
                            "LedgerEntryKindEnum": "tournaments.api.poker.LEDGER_ENTRY_KINDS",
                            "TrashKindEnum": "clubs.trash.KINDS",
                            "CompetitionKindEnum": "scoring.models.CompetitionKind",
                            "CompetitionCarryOverEnum": "scoring.models.CarryOver",
                            "ChampionshipCarryOverEnum": "tournaments.models.CarryRule",
                            "NationalScoringEnum": "tournaments.services.simultaneous.NATIONAL_SCORING"},
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "cardroom.schema.document_errors"],
    # Swagger UI from our own static files (drf-spectacular-sidecar): /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Celery: with REDIS_URL, a broker and result backend; without, tasks run inline
# (after the transaction commits, since tasks are fired with delay_on_commit).
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
# Without a broker, the slow tasks (double dummy after Start, a print pack) run in a thread of
# the web process instead of inside the request (cardroom.settings_test runs them inline).
CARDROOM_INLINE_THREADS = env_bool("CARDROOM_INLINE_THREADS", True)
# A burst of confirmed results queues one rescore, when a worker takes the runs (with Redis): the
# marker that an event's run is queued is a row the results' write claims in its own statement
# (scoring.services.event_rescore_later); other coalesced tasks (a national run, a forced rescore)
# keep their marker in the cache (cardroom.tasks.enqueue_once_on_commit's ``coalesce``).
CARDROOM_COALESCE = env_bool("CARDROOM_COALESCE", bool(REDIS_URL))
CELERY_TASK_EAGER_PROPAGATES = True
# The queue tasks go to (and a worker's own follow-up tasks, such as a national run's chunks):
# one Redis may then serve several sites or a federation's national queue apart.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Bounded work per task and per worker process: a task past the soft limit is told to stop
# (SoftTimeLimitExceeded), past the hard limit its process is killed; a pool process that has
# grown past the memory limit (KiB) is replaced after its task, and every 200 tasks anyway.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "540"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TASK_TIME_LIMIT", "600"))
CELERY_WORKER_MAX_MEMORY_PER_CHILD = int(os.environ.get("CELERY_WORKER_MAX_MEMORY_PER_CHILD", str(512 * 1024)))
CELERY_WORKER_MAX_TASKS_PER_CHILD = int(os.environ.get("CELERY_WORKER_MAX_TASKS_PER_CHILD", "200"))
# A worker runs at a lower CPU priority than the web processes (``nice``): on a small machine a
# burst of rescoring then never holds up the table phones' requests, and catches up between
# bursts (issue 18: on 2 cores, 30 confirmations at once, p95 0.32 s -> 0.17-0.23 s). 0: as started.
CARDROOM_WORKER_NICE = int(os.environ.get("CARDROOM_WORKER_NICE", "10"))
# A table's confirmation commits without waiting for PostgreSQL to flush it to disk
# (``synchronous_commit`` off for that transaction only). Every confirmation of an event takes the
# event's row until its commit: waiting for the disk under that lock, on a small machine, is what
# queued thirty tables' confirmations behind each other (issue 18: p50 81-123 ms -> 68-75 ms, in
# the worker 14 -> 8-10 ms). What it risks: a database server crash (not the web's) within a
# fraction of a second of a confirmation loses that confirmation only; the result stays entered,
# awaiting confirmation, and the table confirms it again. The next ordinary commit (the rescore
# it queues, any other table's result) makes it durable at once. Off: every commit waits for the disk.
CARDROOM_CONFIRM_ASYNC_COMMIT = env_bool("CARDROOM_CONFIRM_ASYNC_COMMIT", True)
# A table's entry (the result its phone sends, awaiting the other side's confirmation) commits
# without waiting for the disk too: the disk flush was a quarter of a POST's database time here
# (issue 18: its write 1.0-1.2 -> 0.7-0.8 ms per request alone). What it risks: a database server
# crash within a fraction of a second of an entry loses that entry only, with its audit row (it
# counted in nothing yet); the other side's confirmation then answers that there is no such
# result, the board shows as still to play and the table enters it again. Whatever commits later
# and waits for the disk (a confirmation with the setting above off, any director's change)
# makes it durable too. Off: the entry waits for the disk.
CARDROOM_ENTRY_ASYNC_COMMIT = env_bool("CARDROOM_ENTRY_ASYNC_COMMIT", True)
# The hand-written statements of a table phone's requests are prepared on PostgreSQL: planned
# once per connection (cardroom.db.planned_once; issue 18: a POST 5.7 -> 3.8 ms, a confirmation
# 3.9 -> 2.4 ms, alone). PgBouncer in transaction mode keeps prepared statements only from 1.21,
# with max_prepared_statements set; before that, turn this off.
CARDROOM_PREPARED_STATEMENTS = env_bool("CARDROOM_PREPARED_STATEMENTS", True)
if DATABASES["default"]["ENGINE"].endswith("postgresql") and CARDROOM_PREPARED_STATEMENTS:
    # psycopg prepares only what a server-side binding cursor runs: planned_once's, nothing else.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 5)
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker outage must not hold a request that has already committed: publishing fails fast
# (one attempt, 1 s to connect) and is logged; the sweep below redoes what was not queued.
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("CELERY_BROKER_CONNECTION_TIMEOUT", "1"))
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 2, "max_retries": 0}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 2
# Celery beat (``make worker`` runs it with -B): rescore events whose standings are behind
# their results, so a lost task or a broker outage heals itself.
SCORING_SWEEP_SECONDS = float(os.environ.get("SCORING_SWEEP_SECONDS", "60"))
# A scoring run rescores only the boards whose results changed, where the method allows (off: every board).
SCORING_BY_BOARD = env_bool("SCORING_BY_BOARD", True)
# A simultaneous' national run is split into chunks of this many boards, one Celery task each
# (scoring/services_national.py): smaller chunks spread a full run over more workers.
NATIONAL_CHUNK_BOARDS = int(os.environ.get("NATIONAL_CHUNK_BOARDS", "2"))
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "sweep-standings": {"task": "scoring.sweep_standings", "schedule": SCORING_SWEEP_SECONDS},
    "sweep-national": {"task": "scoring.sweep_national", "schedule": SCORING_SWEEP_SECONDS},
    "purge-trash": {"task": "clubs.trash_purge", "schedule": 24 * 3600},
}

CACHES = (
    {"default": {"BACKEND": "cardroom.cache.RedisCache", "LOCATION": REDIS_URL,
                 "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    if REDIS_URL
    else {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"denial_without_trace": {"()": "cardroom.logs.DenialWithoutTrace"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own console handler would print every django.* line a second time (DEBUG):
        # its records go to the root handler only.
        "django": {"handlers": [], "level": os.environ.get("LOG_LEVEL", "INFO"), "propagate": True},
        "django.request": {"filters": ["denial_without_trace"], "propagate": True},
    },
}
