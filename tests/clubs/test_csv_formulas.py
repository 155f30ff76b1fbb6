"""The member CSV is safe to open in a spreadsheet (OWASP CSV injection): cells that would run as
a formula get a ``'`` in front, and importing the export gives back exactly what was stored."""
import csv
import io

import pytest
from django.test import Client
from hypothesis import given, strategies as st

from cardroom.spreadsheet import FORMULA_PREFIXES, cell_in, cell_out
from clubs import services
from clubs.models import Member

NASTY = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)",
         "\t=1+1", "'=already quoted", "'t Hooft", "Ada"]


def test_formula_prefixes_are_quoted_and_plain_text_is_not():
    assert [cell_out(v) for v in ("=1+1", "+44 20 7946", "-5", "@x", "\tx", "\rx", "Ada", "", None)] == [
        "'=1+1", "'+44 20 7946", "'-5", "'@x", "'\tx", "'\rx", "Ada", "", ""]


def test_only_the_quote_we_added_is_taken_off():
    assert cell_in("'=1+1") == "=1+1" and cell_in("'t Hooft") == "'t Hooft" and cell_in("'") == "'"


@given(st.text(alphabet=st.sampled_from(["'", *FORMULA_PREFIXES, "a", " "]), max_size=6))
def test_out_then_in_is_the_identity(value):
    assert cell_in(cell_out(value)) == value
    assert not cell_out(value).startswith(FORMULA_PREFIXES)


@pytest.mark.django_db
def test_the_member_export_neutralises_formulas_and_reimports_unchanged(club, director):
    for n, name in enumerate(NASTY, start=1):
        Member.objects.create(club=club, membership_number=str(n), first_name=name.strip(), last_name="-Smith",
                              phone="+44 20 7946 0000")
    web = Client()
    web.force_login(director)
    exported = web.get(f"/clubs/{club.slug}/members/export.csv").content.decode()
    rows = list(csv.reader(io.StringIO(exported)))[1:]
    for row in rows:
        assert not any(cell.startswith(FORMULA_PREFIXES) for cell in row), row
    assert rows[0][1] == "'=HYPERLINK(\"http://evil.example\",\"x\")" and rows[0][2] == "'-Smith"
    before = sorted(Member.objects.filter(club=club).values_list("membership_number", "first_name", "last_name",
                                                                  "phone"))
    summary = services.members_import_csv(club=club, data=exported)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 0, len(NASTY))
    after = sorted(Member.objects.filter(club=club).values_list("membership_number", "first_name", "last_name",
                                                                 "phone"))
    assert after == before
