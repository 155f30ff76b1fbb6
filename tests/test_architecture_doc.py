"""docs/architecture.md names real code: every dotted name and every file path it puts in
backticks still exists, so a rename that forgets the page fails here instead of misleading the
next newcomer."""
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("cardroom", "clubs", "scoring", "tournaments")
TICKED = re.compile(r"`([^`\s]+)`")


def _ticked() -> list[str]:
    return TICKED.findall(DOC.read_text(encoding="utf-8"))


def dotted_names() -> list[str]:
    return sorted({t for t in _ticked() if t.split(".")[0] in PACKAGES and "/" not in t and "." in t})


def file_paths() -> list[str]:
    return sorted({t.rstrip("/") for t in _ticked() if t.split("/")[0] in PACKAGES + ("tests",) and "/" in t
                   and "{" not in t and "<" not in t})


def url_names() -> list[str]:
    return sorted({t for t in _ticked() if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", t)})


def resolve(dotted: str):
    """Import the longest importable module prefix, then getattr the rest (a class's method too)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as exc:
            if exc.name and not ".".join(parts[:cut]).startswith(exc.name):
                raise  # the module exists but one of its own imports is missing
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def test_the_doc_names_the_layers_and_both_traces():
    names = dotted_names()
    assert len(names) >= 40, names  # the traces are there, not emptied to pass this test
    text = DOC.read_text(encoding="utf-8")
    assert "## Trace (a)" in text and "## Trace (b)" in text


@pytest.mark.parametrize("dotted", dotted_names())
def test_every_dotted_name_in_the_doc_exists(dotted):
    try:
        resolve(dotted)
    except (ImportError, AttributeError) as exc:
        pytest.fail(f"docs/architecture.md names `{dotted}`, which is gone ({exc}): update the page")


@pytest.mark.parametrize("path", file_paths())
def test_every_file_path_in_the_doc_exists(path):
    target = ROOT / path.replace("*", "")
    if "*" in path:
        assert list(ROOT.glob(path)), f"docs/architecture.md names `{path}`: nothing matches"
    else:
        assert target.exists(), f"docs/architecture.md names `{path}`, which is gone: update the page"


def test_every_url_name_in_the_doc_is_routed():
    from django.urls import get_resolver

    names = url_names()
    assert names, "the traces name the URLs they start from"
    routed = {key for key in get_resolver().reverse_dict if isinstance(key, str)}
    assert [n for n in names if n not in routed] == [], "docs/architecture.md names a URL that is gone"


def test_the_readme_links_the_doc():
    assert "docs/architecture.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_resolver_fails_on_a_missing_name():
    with pytest.raises(AttributeError):
        resolve("scoring.services.no_such_function")
    with pytest.raises((ImportError, AttributeError)):
        resolve("tournaments.no_such_module.thing")
