"""The results email of one member for one event: the ranking (their own line marked), their
place and score, their score card (in the email, and as the PDF print attached, for pairs and
individuals), links to the event and the hand records, and a one-click unsubscribe link
(``django.core.signing``; RFC 8058's List-Unsubscribe-Post header). Sent from the club's name,
replies to the club's reply-to address."""
from __future__ import annotations

from django.core import signing
from django.urls import reverse

from scoring.models import Standing
from tournaments.models import TeamStanding
from tournaments.models.party import PartyStanding
from tournaments.models.patience import PatienceStanding
from tournaments.selectors_event import pair_score_card, section_named
from tournaments.selectors_player import ALL, player_history

from .mail import absolute, club_sender, compose

UNSUBSCRIBE_SALT = "accounts.unsubscribe"
RANKING_MAX = 200  # lines of the ranking in one email


def unsubscribe_token(member) -> str:
    return signing.dumps(member.pk, salt=UNSUBSCRIBE_SALT)


def unsubscribe_member_id(token: str) -> int | None:
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return value if isinstance(value, int) else None


def event_ranking(event) -> list[dict]:
    """The event's stored ranking, as lines: rank, name, score, and a key to find one's own."""
    if event.is_progressive:
        rows = PartyStanding.objects.filter(party__event=event).select_related("player").order_by("position")
        return [{"rank": r.rank, "name": r.player.name, "score": r.points, "key": ("party", r.player.label)}
                for r in rows[:RANKING_MAX]]
    if event.is_patience:
        rows = PatienceStanding.objects.filter(patience__event=event).select_related("player").order_by("position")
        return [{"rank": r.rank, "name": r.player.name, "score": r.total, "key": ("patience", r.player.label)}
                for r in rows[:RANKING_MAX]]
    if event.is_teams:
        rows = TeamStanding.objects.filter(event=event).select_related("team").order_by("position")
        return [{"rank": r.rank, "name": r.team.name, "score": r.total, "key": ("teams", r.team.name)}
                for r in rows[:RANKING_MAX]]
    rows = (Standing.objects.filter(event=event).select_related("entry", "section")
            .order_by("section__position", "field", "position"))
    return [{"rank": r.rank, "name": r.entry.names, "section": r.section.name, "field": r.field,
             "score": r.percentage if r.percentage is not None else r.total,
             "percent": r.percentage is not None, "key": ("pairs", r.section.name, r.entry.label)}
            for r in rows[:RANKING_MAX]]


def _own_key(row: dict) -> tuple:
    if row["kind"] in ("pairs", "individual"):
        return ("pairs", row["section"], row["label"])
    return (row["kind"], row["label"])


def _score_card_pdf(event, section, label) -> bytes:
    from tournaments.prints.kinds import build_print
    from tournaments.prints.render import paper_for, render_print
    from tournaments.prints.source import event_sheet

    sheet = event_sheet(event, section.name)
    template, context, title = build_print(sheet, "score-cards", pair=label)
    return render_print(template, context, paper=paper_for(event.club), title=title)


def results_message(*, event, member, email: str):
    """The message for ``member`` (None if they did not play ``event``)."""
    rows = player_history(members=[member], statuses=ALL, event=event)
    if not rows:
        return None
    own = rows[0]
    club = event.club
    card, attachments = None, []
    if own["kind"] in ("pairs", "individual"):
        section = section_named(event, own["section"])
        card = pair_score_card(event, own["label"], section)
        name = f"{event.date.isoformat()}-{club.slug}-score-card-{own['label']}.pdf"
        attachments.append((name, _score_card_pdf(event, section, own["label"]), "application/pdf"))
    links = {key: absolute(url) for key, url in own["links"].items()}
    unsubscribe = absolute(reverse("unsubscribe", kwargs={"token": unsubscribe_token(member)}))
    context = {"event": event, "club": club, "member": member, "own": own, "own_key": _own_key(own),
               "ranking": event_ranking(event), "card": card, "links": links,
               "event_url": absolute(event.get_absolute_url()), "me_url": absolute(reverse("me")),
               "unsubscribe_url": unsubscribe}
    message = compose(to=email, template="results", context=context, reply_to=club.reply_to,
                      headers={"List-Unsubscribe": f"<{unsubscribe}>",
                               "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
                      attachments=attachments)
    message.from_email = club_sender(club)
    return message
