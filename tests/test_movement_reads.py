"""The movement is read through its type: code outside the pure movements package asks
``section.schedule`` (``board_numbers()``, ``slot()``, ``table()``, ``plays()``) and never
reads the stored JSON's rounds itself."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bench", "cardroom", "clubs", "scoring", "tournaments")
PURE = ROOT / "tournaments" / "movements"
RAW = re.compile(r"""\.rounds_detail\b|["']rounds_detail["']|\.movement\[|\.movement\.get\(""")


def raw_reads(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if RAW.search(line)]


def test_the_pattern_catches_each_raw_read():
    caught = ['for plan in section.movement["rounds_detail"]:', 'tables = s.movement.get("tables", 0)',
              "first = sheet.movement.rounds_detail[0]", "if 'rounds_detail' in spec:"]
    assert [bool(raw_reads(line)) for line in caught] == [True] * len(caught)
    typed = ["section.schedule.slot(board, ns, ew)", "Movement(kind='x', rounds_detail=(plan,))"]
    assert [bool(raw_reads(line)) for line in typed] == [False, False]


def test_no_code_outside_the_movements_package_reads_the_movement_json():
    offenders = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if PURE in path.parents:
                continue
            found = raw_reads(path.read_text())
            if found:
                offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}
