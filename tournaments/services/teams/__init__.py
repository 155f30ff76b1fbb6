"""Teams events (issue 12): setup, teams and their players, the rounds drawn, the scoring run.
Pages, API and prints call these names; the modules say how."""
from .draw import (DrawRefused, round_pairing, teams_round_draw, teams_round_set, teams_round_swap,  # noqa: F401
                   teams_start)
from .options import OPTION_DEFAULTS, teams_options, teams_options_clean  # noqa: F401
from .roster import team_add, team_delete, team_players_set, team_update, team_withdraw  # noqa: F401
from .scoring import teams_rescore  # noqa: F401
from .setup import teams_event_setup, teams_event_update  # noqa: F401
