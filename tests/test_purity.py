"""The domain packages must stay free of Django (and DRF/Celery)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ["tournaments.movements", "tournaments.deals", "scoring.engine"]


@pytest.mark.parametrize("package", PURE)
def test_pure_package_imports_without_django(package):
    path = ROOT / package.replace(".", "/") / "__init__.py"
    assert path.exists(), f"{package} is missing"
    modules = sorted(p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                     for p in path.parent.rglob("*.py") if p.name != "__main__.py")
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name.removesuffix('.__init__'))\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{package} imported {result.stdout.strip()}"
