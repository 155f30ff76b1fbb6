"""Account pages under /accounts/: Django's auth views with our templates and forms."""
from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("invitation/<uidb64>/<token>/", views.InvitationAcceptView.as_view(), name="invitation-accept"),
    path("password-reset/", views.ResetView.as_view(), name="password_reset"),
    path("password-reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("", views.account, name="account"),
    path("email/", views.email_change, name="email-change"),
    path("email/confirm/<str:token>/", views.email_change_confirm, name="email-change-confirm"),
    path("link/", views.link_request, name="link-request"),
    path("results-email/<int:pk>/", views.results_email, name="results-email"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
