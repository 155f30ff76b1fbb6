"""Tournament models, one module per area; each area's engineer adds one import line."""
from .events import (PARTY_GAMES, PATIENCE_GAMES, TEAMS_FORMATS, Event, EventChange, EventFormat,  # noqa: F401
                     EventStatus, Game, ScoringMethod)
from .sections import Section
from .entries import Entry, EntryStatus
from .results import Result, ResultChange, ResultSource
from .boards import Board, BoardSet, BoardSource  # noqa: F401

__all__ = ["PARTY_GAMES", "PATIENCE_GAMES", "Event", "EventChange", "EventStatus", "Game", "ScoringMethod", "Section", "Entry", "EntryStatus", "Result",
           "ResultChange", "ResultSource"]
from .party import Party, PartyPlayer, PartyTableReport, PartyRound, PartyStanding, PartyStar  # noqa: F401
from .pins import PinMiss  # noqa: F401
from .not_played import BoardNotPlayed, NotPlayedStatus  # noqa: F401
from .poker import LedgerKind, PokerLedger  # noqa: F401
from .patience import Patience, PatienceDeal, PatienceGrid, PatiencePlayer, PatienceStanding  # noqa: F401
from .teams import Match, MatchStatus, Team, TeamPlayer, TeamsEvent, TeamStanding, TeamStatus  # noqa: F401
from .simultaneous import Heat, Simultaneous, SimultaneousStatus  # noqa: F401
from .championships import CarryRule, Championship, Substitution  # noqa: F401
