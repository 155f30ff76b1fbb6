"""Template tags for event data shown on other apps' pages (a member's history)."""
from django import template

from tournaments.selectors_event import member_history

register = template.Library()


@register.inclusion_tag("tournaments/member_history.html", takes_context=True)
def event_history(context, member):
    """The member's events, newest first, with pair number and placing."""
    return {"history": member_history(member), "club": member.club}
