"""Account forms: Django's auth forms where they fit, small ones of our own beside them."""
from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.contrib.auth import get_user_model

from clubs.models import Club, Member


class LoginForm(AuthenticationForm):
    """Django's login form; the username box takes an email address too."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = "Username or email"


class ResetForm(PasswordResetForm):
    """Django's reset form, sending through Celery (``accounts.tasks``): the task makes the
    link with Django's token generator. Accounts not yet given a password get the link too
    (an invited member who lost the invitation)."""

    def get_users(self, email):
        return get_user_model()._default_manager.filter(email__iexact=email, is_active=True)

    def save(self, **kwargs):
        from .services import _send

        for user in self.get_users(self.cleaned_data["email"]):
            _send("reset", user)


class SignupForm(forms.Form):
    first_name = forms.CharField(max_length=80)
    last_name = forms.CharField(max_length=80)
    email = forms.EmailField(help_text="We send a link there to set your password.")


class LinkRequestForm(forms.Form):
    """Ask a club to link this account to a membership there."""

    club = forms.ModelChoiceField(queryset=Club.objects.all())
    membership_number = forms.CharField(max_length=32, required=False,
                                        help_text="If you know it: it helps the director find you.")
    note = forms.CharField(max_length=200, required=False, label="Anything the director should know")


class EmailChangeForm(forms.Form):
    email = forms.EmailField(label="New email address")
    password = forms.CharField(widget=forms.PasswordInput, label="Your password", max_length=4096)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class LinkDecisionForm(forms.Form):
    """A director's answer to a link request: the member to link, or decline."""

    decision = forms.ChoiceField(choices=[("approve", "Link"), ("decline", "Decline")])
    member = forms.ModelChoiceField(queryset=Member.objects.none(), required=False)

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(club=club, user__isnull=True)

    def clean(self):
        data = super().clean()
        if data.get("decision") == "approve" and not data.get("member"):
            self.add_error("member", "Choose the member to link this account to.")
        return data


class InviteForm(forms.Form):
    """The member list's bulk invitation: the ticked members' ids."""

    member = forms.TypedMultipleChoiceField(coerce=int, choices=[])

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        ids = Member.objects.filter(club=club).values_list("pk", flat=True)
        self.fields["member"].choices = [(pk, pk) for pk in ids]


class ResendForm(forms.Form):
    """Send one member's results email again."""

    member = forms.ModelChoiceField(queryset=Member.objects.none())

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(club=club)
