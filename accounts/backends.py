"""Log in with a username or an email address (one password, every club of the member)."""
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class UsernameOrEmailBackend(ModelBackend):
    """Django's ModelBackend, plus: a login that looks like an email address and is no username
    is looked up by email (case-insensitive). An address two accounts share logs in neither."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None or not username or "@" not in username or password is None:
            return user
        users = list(get_user_model()._default_manager.filter(email__iexact=username.strip())[:2])
        if len(users) != 1:
            get_user_model()().set_password(password)  # the same time as a wrong password
            return None
        user = users[0]
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
