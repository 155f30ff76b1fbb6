"""Player accounts: a director's invitation to a member, a player's request to be linked to a
membership, and the record of each results email (so a failed send is seen and resent, never
lost). The login itself is Django's ``User``; a membership is ``clubs.Member.user``."""
from django.conf import settings
from django.db import models


class Invitation(models.Model):
    """A director invited ``member`` to their account ``user`` (made for the member's email if
    there was none); claimed when the member sets their password or logs in."""

    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.member} invited as {self.email}"


class LinkStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a director"
    APPROVED = "approved", "Linked"
    DECLINED = "declined", "Declined"


class LinkRequest(models.Model):
    """A player with an account asks a club to link them to their membership; a director
    approves (choosing the member) or declines."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="link_requests")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="link_requests")
    membership_number = models.CharField(max_length=32, blank=True)
    note = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=12, choices=LinkStatus.choices, default=LinkStatus.PENDING)
    member = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "club"], condition=models.Q(status="pending"),
                                               name="one_pending_link_request_per_club")]

    def __str__(self) -> str:
        return f"{self.user} asks {self.club} ({self.get_status_display()})"


class MailStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class ResultsMail(models.Model):
    """One member's results email for one event: queued when the event is published (or a
    director resends), then sent or failed with the reason; the results never depend on it."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="results_mails")
    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="results_mails")
    email = models.EmailField()
    status = models.CharField(max_length=8, choices=MailStatus.choices, default=MailStatus.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "member"]
        constraints = [models.UniqueConstraint(fields=["event", "member"], name="one_results_mail_per_member")]

    def __str__(self) -> str:
        return f"Results of {self.event} to {self.email}: {self.status}"
