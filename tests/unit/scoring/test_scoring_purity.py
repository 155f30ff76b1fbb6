"""The engine is pure Python: importing it (and the PBN tool) loads no Django, DRF or Celery."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_engine_imports_without_django():
    code = ("import sys, scoring.engine, scoring.engine.pbntool; "
            "bad = [m for m in ('django', 'rest_framework', 'celery') if m in sys.modules]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_framework_import_in_the_source():
    for path in (ROOT / "scoring" / "engine").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("django", "rest_framework", "celery"):
            assert f"import {name}" not in text and f"from {name}" not in text, path.name
