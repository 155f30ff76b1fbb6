"""Every size a request may ask for, in one place: the movement sizes (pure, in
``tournaments.movements.limits``) and the web's own (bodies, uploads, CSV rows, names, JSON
nesting). Settings, serializers, forms, readers and commands read these; each refusal names
the limit. Bigger member files go through ``manage.py members import`` (no row limit there).
"""
import datetime

from tournaments.movements.limits import (MAX_BOARD_NUMBER, MAX_BOARDS_PER_ROUND, MAX_PAIRS,  # noqa: F401
                                          MAX_PARTY_TABLES, MAX_PLAYERS, MAX_ROUNDS, MAX_SECTIONS,
                                          MAX_SWISS_TEAMS, MAX_TABLES, MAX_TEAMS, LimitError, within)
from tournaments.deals.usebio import MAX_BYTES as USEBIO_MAX_BYTES  # noqa: F401  (a USEBIO results file)

KIB, MIB = 1024, 1024 * 1024

EARLIEST_DATE = datetime.date(2000, 1, 1)    # a date a user gives a simultaneous (and its times): year 1 or
LATEST_DATE = datetime.date(2100, 12, 31)    # 9999 is a typing slip, not a session of this century

DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * MIB    # a request body other than a file (Django's default is 2.5 MiB)
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * MIB    # an uploaded file kept in memory; larger ones spool to disk
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000     # form fields in one request (Django's default)
CSV_MAX_BYTES = 2 * MIB                  # a member CSV uploaded on a page or through the API
CSV_MAX_ROWS = 5000                      # members in one upload; the command takes any number
CSV_MAX_CELL = 1000                      # characters in one CSV cell (csv's own limit is 131,072)
PBN_MAX_BYTES = 2 * MIB                  # a PBN file of hand records (200 analysed boards are about 150 KiB)
JSON_MAX_DEPTH = 32                      # nesting of a JSON body (an imported movement needs 5)
NAME_MAX = 160                           # an event, a guest or a player name
ECHO_MAX = 40                            # characters of a bad value an error message repeats (then "…")
SEARCH_MAX = 100                         # a search box's query
CLUBS_PER_USER = 3                       # clubs one login may create (it directs each); superusers exempt
COMPETITIONS_PER_CLUB = 100              # season competitions a club keeps (ladders, cups, championships)
MAX_COMPETITION_EVENTS = 500             # events named in one competition, and its "best N"
MAX_PLACINGS = 50                        # places in a placing-points scale or a masterpoint band
MAX_MASTERPOINT_BANDS = 20               # field-size bands in a masterpoint scale
CHAMPIONSHIPS_PER_CLUB = 200            # multi-session championships a club keeps
MAX_SESSIONS = 12                        # sessions of one championship
MAX_HANDICAP = 30                        # a director's handicap, in percentage points either way

MAX_ID = 2**63 - 1                       # the largest id the database stores (bigint)
MAX_SMALL = 2**31 - 1                    # the largest round, table or board number a column holds
