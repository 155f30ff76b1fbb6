"""Writes for clubs and members: the only place that changes these rows."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom import limits
from cardroom.spreadsheet import cell_in, cell_out
from cardroom.tasks import enqueue_once_on_commit

from .models import Club, ClubRole, ClubStatistics, Guest, Member

MEMBER_CSV_COLUMNS = ["membership_number", "first_name", "last_name", "email", "phone", "active"]
REQUIRED_CSV_COLUMNS = {"membership_number", "first_name", "last_name"}
TRUE_WORDS = {"1", "true", "yes", "y", "active", ""}
FALSE_WORDS = {"0", "false", "no", "n", "inactive"}
MEMBER_FIELDS = ("membership_number", "federation_number", "first_name", "last_name", "email", "phone", "active",
                 "user", "joined_on", "results_by_email")


def _refresh_statistics_on_commit(club: Club) -> None:
    from .tasks import club_refresh_statistics

    enqueue_once_on_commit(club_refresh_statistics, club.pk)


@transaction.atomic
def club_create(*, name: str, slug: str, city: str = "", time_zone: str = "UTC", director=None, **extra) -> Club:
    """Create a club; the creating user (if any) becomes its director.

    Creating a club hands out a director's powers, so one login may direct at most
    ``limits.CLUBS_PER_USER`` clubs it created or was given (issue 17, item 1); a site
    superuser is exempt. Clubs in the trash count too, so deleting does not reopen the door."""
    if director is not None and not director.is_superuser:
        directed = ClubRole.objects.filter(user=director, role="director").count()
        if directed >= limits.CLUBS_PER_USER:
            raise ValidationError({"clubs": [
                f"a user may direct at most {limits.CLUBS_PER_USER} clubs (limit); you direct {directed}."]})
    club = Club(name=name, slug=slug, city=city, time_zone=time_zone, **extra)
    club.full_clean()
    club.save()
    if director is not None:
        role_grant(club=club, user=director, role="director")
    _refresh_statistics_on_commit(club)
    return club


@transaction.atomic
def club_update(*, club: Club, **fields) -> Club:
    for name, value in fields.items():
        setattr(club, name, value)
    club.full_clean()
    club.save()
    return club


@transaction.atomic
def role_grant(*, club: Club, user, role: str) -> ClubRole:
    obj, _ = ClubRole.objects.update_or_create(club=club, user=user, defaults={"role": role})
    obj.full_clean()
    return obj


@transaction.atomic
def member_create(*, club: Club, **fields) -> Member:
    member = Member(club=club, **{k: v for k, v in fields.items() if k in MEMBER_FIELDS})
    member.full_clean()
    member.save()
    _refresh_statistics_on_commit(club)
    return member


@transaction.atomic
def member_update(*, member: Member, **fields) -> Member:
    for name, value in fields.items():
        if name in MEMBER_FIELDS:
            setattr(member, name, value)
    member.full_clean()
    member.save()
    _refresh_statistics_on_commit(member.club)
    return member


@transaction.atomic
def member_delete(*, member: Member) -> None:
    club = member.club
    member.delete()
    _refresh_statistics_on_commit(club)


@transaction.atomic
def guest_record(*, club: Club, name: str, email: str = "", home_club: str = "") -> Guest:
    """Record a guest for an event without making them a member (same name reuses the row).
    A name with a control character (a NUL from a form or a file) is refused before any query."""
    if any(ord(c) < 32 for c in name):
        raise ValidationError({"guest": ["A guest's name may not contain control characters such as NUL."]})
    name = " ".join(name.split())
    if len(name) > limits.NAME_MAX:
        raise ValidationError({"guest": [f"A guest's name has at most {limits.NAME_MAX} characters (NAME_MAX)."]})
    existing = Guest.objects.filter(club=club, name__iexact=name).first()
    if existing:
        return existing
    guest = Guest(club=club, name=name, email=email, home_club=home_club)
    guest.full_clean()
    guest.save()
    return guest


@dataclass(frozen=True)
class ImportSummary:
    created: int
    updated: int
    unchanged: int


class MemberImportError(ValidationError):
    """A member CSV was rejected whole; `errors` holds (line, message) for every bad row. A
    ValidationError on ``file`` (one message a row), so the API answers it with a 400."""

    def __init__(self, errors: list[tuple[int, str]]):
        super().__init__({"file": [f"line {line}: {msg}" for line, msg in errors]})
        self.errors = errors


def _parse_active(text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"active must be yes/no, true/false or 1/0, not {text!r}")


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _validation_text(exc: ValidationError) -> str:
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items())
    return " ".join(exc.messages)


def _read_member_rows(text: str, max_rows: int | None) -> list[tuple[int, dict[str, str]]]:
    """Parse the CSV into (line, values) rows; header problems, a NUL, a cell past
    ``CSV_MAX_CELL`` characters or more than ``max_rows`` rows reject the whole file."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise MemberImportError([(line, "the file contains a NUL character (is it a spreadsheet, not CSV?)")])
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
    except csv.Error as exc:
        raise MemberImportError([(reader.line_num or 1, f"not CSV: {exc}")]) from None
    repeated = sorted({h for h in header if header.count(h) > 1})
    if repeated:
        raise MemberImportError([(1, f"column(s) {', '.join(repeated)} appear more than once")])
    missing = REQUIRED_CSV_COLUMNS - set(header)
    if missing:
        raise MemberImportError([(1, f"missing column(s): {', '.join(sorted(missing))}; "
                                     f"expected {','.join(MEMBER_CSV_COLUMNS)}")])
    unknown = set(header) - set(MEMBER_CSV_COLUMNS)
    if unknown:
        raise MemberImportError([(1, f"unknown column(s): {', '.join(sorted(unknown))}")])
    reader.fieldnames = header
    rows = []
    try:
        for row in reader:
            if not any((v or "").strip() for k, v in row.items() if k is not None):
                continue
            if max_rows is not None and len(rows) >= max_rows:
                raise MemberImportError([(reader.line_num, (
                    f"a page or API upload takes at most {max_rows} members (CSV_MAX_ROWS); "
                    "import a bigger file with: manage.py members import CLUB FILE.csv"))])
            values = {k: cell_in((v or "").strip()) for k, v in row.items() if k is not None}
            if None in row:
                values["__extra__"] = "yes"
            long = [k for k, v in values.items() if len(v) > limits.CSV_MAX_CELL]
            if long:
                raise MemberImportError([(reader.line_num, f"{long[0]}: a cell holds at most "
                                                           f"{limits.CSV_MAX_CELL} characters (CSV_MAX_CELL)")])
            rows.append((reader.line_num, values))
    except csv.Error as exc:  # raised while reading the line after the last one counted
        raise MemberImportError([(reader.line_num + 1, f"not CSV: {exc}")]) from None
    if not rows:
        raise MemberImportError([(1, "the file has a header but no members")])
    return rows


def _plan_member_rows(club: Club, rows) -> tuple[list[tuple[Member, bool]], list[tuple[int, str]]]:
    existing = {m.membership_number: m for m in Member.objects.filter(club=club)}
    trashed = set(Member.all_objects.filter(club=club, deleted_at__isnull=False).values_list("membership_number",
                                                                                               flat=True))
    errors: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    planned: list[tuple[Member, bool]] = []
    for line, values in rows:
        if "__extra__" in values:
            errors.append((line, "too many fields"))
            continue
        number = values.get("membership_number", "")
        if number and number in seen:
            errors.append((line, f"membership number {number} repeats line {seen[number]}"))
            continue
        seen[number] = line
        if number in trashed:
            errors.append((line, f"membership number {number} belongs to a member in the trash: restore them "
                                 f"from the club's trash first"))
            continue
        try:
            active = _parse_active(values.get("active", ""))
        except ValueError as exc:
            errors.append((line, str(exc)))
            continue
        member = existing.get(number) or Member(club=club)
        before = (member.first_name, member.last_name, member.email, member.phone, member.active)
        member.membership_number = number
        member.first_name = values.get("first_name", "")
        member.last_name = values.get("last_name", "")
        member.email = values.get("email", "")
        member.phone = values.get("phone", "")
        member.active = active
        try:
            member.full_clean(exclude=["club"], validate_unique=False,  # the locked club: no query a row
                              validate_constraints=False)
        except ValidationError as exc:
            errors.append((line, _validation_text(exc)))
            continue
        after = (member.first_name, member.last_name, member.email, member.phone, member.active)
        planned.append((member, member.pk is None or before != after))
    return planned, errors


def members_import_csv(*, club: Club, data: bytes | str, max_rows: int | None = limits.CSV_MAX_ROWS,
                       max_bytes: int | None = limits.CSV_MAX_BYTES) -> ImportSummary:
    """Import members from CSV, all or nothing; rows are matched on membership number.

    Pages and the API take ``CSV_MAX_BYTES`` and ``CSV_MAX_ROWS``; the ``members import``
    command passes ``None`` for files of any size. Rows are written in bulk. The club row is
    locked for the import, so two imports of the same file at once cannot both insert the
    same members.
    """
    if max_bytes is not None and len(data) > max_bytes:
        raise MemberImportError([(1, f"the file is larger than {max_bytes} bytes (CSV_MAX_BYTES); import it with: "
                                     "manage.py members import CLUB FILE.csv")])
    rows = _read_member_rows(_decode(data), max_rows)
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        planned, errors = _plan_member_rows(club, rows)
        if errors:
            raise MemberImportError(errors)
        new = [m for m, _ in planned if m.pk is None]
        changed = [m for m, differs in planned if m.pk is not None and differs]
        Member.objects.bulk_create(new, batch_size=1000)
        Member.objects.bulk_update(changed, ["first_name", "last_name", "email", "phone", "active"],
                                   batch_size=1000)
        _refresh_statistics_on_commit(club)
    return ImportSummary(created=len(new), updated=len(changed), unchanged=len(planned) - len(new) - len(changed))


def members_export_csv(*, club: Club) -> str:
    """All members of the club as CSV, in the columns the importer reads; cells that a
    spreadsheet would run as a formula get a ``'`` in front (``cardroom.spreadsheet``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MEMBER_CSV_COLUMNS)
    for m in Member.objects.filter(club=club).order_by("membership_number"):
        writer.writerow([cell_out(v) for v in (m.membership_number, m.first_name, m.last_name, m.email, m.phone,
                                                 "yes" if m.active else "no")])
    return out.getvalue()


def club_statistics_refresh(*, club_id: int) -> ClubStatistics | None:
    """Recompute the club's derived figures; idempotent (replaces the one row)."""
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return None
    from tournaments.models import Event

    stats, _ = ClubStatistics.objects.update_or_create(
        club=club,
        defaults={
            "members_total": Member.objects.filter(club=club).count(),
            "members_active": Member.objects.filter(club=club, active=True).count(),
            "guests_total": Guest.objects.filter(club=club).count(),
            "events_total": Event.objects.filter(club=club).count(),
            "refreshed_at": timezone.now(),
        },
    )
    return stats
