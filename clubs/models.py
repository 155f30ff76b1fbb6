"""Clubs, their members, guests and per-club roles."""
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from cardroom.trash import Trashable
from scoring.engine.conventions import CONVENTION_CHOICES


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"Unknown time zone {value!r}; use an IANA name such as Europe/London.")


class PaperSize(models.TextChoices):
    A4 = "A4", "A4"
    LETTER = "Letter", "US Letter"


class Club(Trashable):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=120, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    paper_size = models.CharField(max_length=8, choices=PaperSize.choices, default=PaperSize.A4)
    correction_hours = models.PositiveSmallIntegerField(
        default=24, validators=[MaxValueValidator(24 * 14)],
        help_text="Hours after publishing during which results are provisional and a director may still "
                  "correct them (0: none; at most two weeks).")
    scoring_convention = models.CharField(
        max_length=20, choices=CONVENTION_CHOICES, default="cardroom",
        help_text="Whose rules new events score by (matchpoint scale, short boards, Butler datum, cross-IMPs, "
                  "arbitral scores): the program the members are used to. An event may choose another.")
    reply_to = models.EmailField(
        blank=True, help_text="Where replies to the club's emails (results, invitations) go; blank: nowhere.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club-home", kwargs={"slug": self.slug})


class Role(models.TextChoices):
    """Per-club roles; a director can do all a scorer can, a scorer all a player can."""

    DIRECTOR = "director", "Director"
    SCORER = "scorer", "Scorer"
    PLAYER = "player", "Player"


ROLE_RANK = {Role.PLAYER: 1, Role.SCORER: 2, Role.DIRECTOR: 3}


class ClubRole(models.Model):
    """A login user's role in one club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_role_per_user_per_club")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} of {self.club}"


class Member(Trashable):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    membership_number = models.CharField(max_length=32)
    federation_number = models.CharField(
        max_length=32, blank=True,
        help_text="The member's number at the federation (EBU, ABF, SBU...), written in USEBIO results; "
                  "blank: the membership number is written")
    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    active = models.BooleanField(default=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="memberships"
    )
    joined_on = models.DateField(null=True, blank=True)
    results_by_email = models.BooleanField(
        default=False, help_text="Email the member their results (ranking and score card) when an event is "
                                 "published; the member can turn it off with one click.")

    class Meta:
        ordering = ["last_name", "first_name", "membership_number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "membership_number"], name="unique_membership_number_per_club"),
            models.UniqueConstraint(
                fields=["club", "user"], condition=models.Q(user__isnull=False), name="one_member_per_user_per_club"
            ),
        ]
        indexes = [models.Index(Lower("last_name"), "club", name="member_last_name_idx")]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name} ({self.membership_number})"

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def get_absolute_url(self) -> str:
        return reverse("member-detail", kwargs={"slug": self.club.slug, "pk": self.pk})


class Guest(models.Model):
    """A non-member who plays at the club; recorded for events without joining."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="guests")
    name = models.CharField(max_length=160)
    email = models.EmailField(blank=True)
    home_club = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} (guest)"


class ClubStatistics(models.Model):
    """Derived figures for the club page, refreshed by a Celery task."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="statistics")
    members_total = models.PositiveIntegerField(default=0)
    members_active = models.PositiveIntegerField(default=0)
    guests_total = models.PositiveIntegerField(default=0)
    events_total = models.PositiveIntegerField(default=0)
    refreshed_at = models.DateTimeField()

    class Meta:
        verbose_name_plural = "club statistics"

    def __str__(self) -> str:
        return f"Statistics of {self.club}"
