"""Serializers for clubs and members."""
from django.contrib.auth import get_user_model
from rest_framework import serializers

from clubs.models import Club, Member


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.SerializerMethodField(help_text="Your role in this club, or null.")

    class Meta:
        model = Club
        fields = ["slug", "name", "city", "time_zone", "paper_size", "correction_hours", "scoring_convention",
                  "reply_to", "role"]

    def get_role(self, club) -> str | None:
        from clubs.permissions import club_role

        request = self.context.get("request")
        return club_role(request.user, club) if request else None

    def validate_slug(self, value):
        qs = Club.objects.filter(slug=value)
        if self.instance is not None:
            qs = qs.exclude(pk=self.instance.pk)
        if qs.exists():
            raise serializers.ValidationError("A club with this slug already exists.")
        return value


NOT_A_CLUB_LOGIN = ("No login with this username belongs to the club: a login is linked once it has a role in "
                    "the club (given by a site administrator).")


class MemberSerializer(serializers.ModelSerializer):
    """A member; ``user`` links one of the club's own logins (those with a role in the club).
    Any other username gets the same answer whether it exists or not, so a club's director
    cannot probe the site's usernames."""

    user = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.none(), allow_null=True, required=False,
        help_text="Username of one of the club's logins (a user with a role in the club) linked to this member.",
        error_messages={"does_not_exist": NOT_A_CLUB_LOGIN, "invalid": NOT_A_CLUB_LOGIN},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        if club is not None:
            self.fields["user"].queryset = get_user_model().objects.filter(club_roles__club=club)

    class Meta:
        model = Member
        fields = ["id", "membership_number", "federation_number", "first_name", "last_name", "email", "phone",
                  "active", "user", "joined_on", "results_by_email"]
        read_only_fields = ["id"]

    def validate_membership_number(self, value):
        club = self.context["club"]
        qs = Member.objects.filter(club=club, membership_number=value)
        if self.instance is not None:
            qs = qs.exclude(pk=self.instance.pk)
        if qs.exists():
            raise serializers.ValidationError("This club already has a member with this number.")
        return value

    def validate_user(self, value):
        if value is None:
            return value
        club = self.context["club"]
        qs = Member.objects.filter(club=club, user=value)
        if self.instance is not None:
            qs = qs.exclude(pk=self.instance.pk)
        if qs.exists():
            raise serializers.ValidationError("This login is already linked to another member of the club.")
        return value


class MemberImportResultSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    unchanged = serializers.IntegerField()


class MemberImportSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="CSV with columns membership_number,first_name,last_name,email,phone,active")


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
