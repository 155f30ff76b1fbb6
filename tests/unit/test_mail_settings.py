"""Email settings from the environment: EMAIL_URL or EMAIL_*, the console by default."""
import pytest
from django.core.exceptions import ImproperlyConfigured

from cardroom.mailconf import mail_settings, parse_email_url


def test_no_email_settings_print_to_the_console():
    conf = mail_settings({})
    assert conf["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_an_smtp_url_gives_host_port_user_password_and_tls():
    url = "smtp://club%40example.org:p%40ss@smtp.example.org:2525?tls=1&from=Club+%3Cc%40x.org%3E"
    conf = mail_settings({"EMAIL_URL": url})
    assert conf["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (conf["EMAIL_HOST"], conf["EMAIL_PORT"]) == ("smtp.example.org", 2525)
    assert (conf["EMAIL_HOST_USER"], conf["EMAIL_HOST_PASSWORD"]) == ("club@example.org", "p@ss")
    assert conf["EMAIL_USE_TLS"] and not conf["EMAIL_USE_SSL"]
    assert conf["DEFAULT_FROM_EMAIL"] == "Club <c@x.org>"


def test_smtps_is_ssl_on_465():
    conf = parse_email_url("smtps://u:p@mail.example.org")
    assert conf["EMAIL_PORT"] == 465 and conf["EMAIL_USE_SSL"] and not conf["EMAIL_USE_TLS"]


def test_the_usual_variables_work_without_a_url():
    conf = mail_settings({"EMAIL_HOST": "mx.example.org", "EMAIL_PORT": "587", "EMAIL_USE_TLS": "true"})
    assert conf["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert conf["EMAIL_PORT"] == 587 and conf["EMAIL_USE_TLS"]


@pytest.mark.parametrize("url", ["ftp://x", "smtp://h:notaport"])
def test_a_bad_email_url_is_refused_at_start_up(url):
    with pytest.raises(ImproperlyConfigured):
        parse_email_url(url)
