"""The print stylesheet is parsed once per thread (with its four @font-face fonts) and laid out as
WeasyPrint's user stylesheet; a PDF is the same, pixel for pixel, as the one the page's own
<link> gives, including prints whose template adds a <style> of its own (table cards)."""
import io
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from tournaments.movements.mitchell import mitchell
from tournaments.prints import render as render_module
from tournaments.prints.demo import demo_sheet
from tournaments.prints.kinds import build_print
from tournaments.prints.render import BASE_URL, _fetcher, lay_out, render_html, render_print

LINK = 'rel="stylesheet" href="/static/print/print.css"'


def test_the_page_links_the_stylesheet_and_the_pdf_html_does_not():
    sheet = demo_sheet(mitchell(3, boards_per_round=2))
    template, context, title = build_print(sheet, "travellers")
    assert LINK in render_html(template, context, paper="A4", title=title)
    assert LINK not in render_html(template, context, paper="A4", title=title, pdf=True)


def test_the_stylesheet_is_parsed_once_a_thread_and_again_when_it_changes(monkeypatch):
    sheet = demo_sheet(mitchell(3, boards_per_round=2))
    template, context, title = build_print(sheet, "results")
    render_print(template, context, paper="A4", title=title)
    fonts, css = render_module._print_style()
    render_print(template, context, paper="A4", title=title)
    assert render_module._print_style() == (fonts, css)  # the same objects: nothing parsed again

    other = []
    thread = threading.Thread(target=lambda: other.append(render_module._print_style()))
    thread.start()
    thread.join()
    assert other[0][1] is not css  # another thread (a dev server's request) parses its own

    stamp, kept_fonts, kept_css = render_module._STYLE.kept
    monkeypatch.setattr(render_module._STYLE, "kept", ((stamp[0], stamp[1] - 1, stamp[2]), kept_fonts, kept_css))
    assert render_module._print_style()[1] is not css  # the file changed (its time): parsed again


def _pngs(pdf: bytes, where: Path, name: str) -> list[bytes]:
    (where / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "72", "-png", str(where / f"{name}.pdf"), str(where / name)], check=True)
    return [p.read_bytes() for p in sorted(where.glob(f"{name}-*.png"))]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
@pytest.mark.parametrize("kind", ["score-cards", "score-slips", "hand-records", "table-cards"])
def test_the_pdf_is_the_one_the_linked_stylesheet_gives(kind, tmp_path):
    from PIL import Image, ImageChops
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    sheet = demo_sheet(mitchell(3, boards_per_round=2))
    if kind == "table-cards":
        template, title = "print/table_cards.html", "Table cards"
        from tournaments.prints.table_cards import qr_svg

        context = {"sheet": sheet, "cards": [{"table": n, "pin": f"{n}{n}{n}{n}", "url": f"https://club.example/t/{n}",
                                               "qr": qr_svg(f"https://club.example/t/{n}")} for n in (1, 2, 3)]}
    else:
        template, context, title = build_print(sheet, kind)
    linked = render_html(template, context, paper="A4", title=title)
    assert LINK in linked
    old = HTML(string=linked, base_url=BASE_URL, url_fetcher=_fetcher()).render(font_config=FontConfiguration())
    new = lay_out(render_html(template, context, paper="A4", title=title, pdf=True))
    before, after = _pngs(old.write_pdf(), tmp_path, "linked"), _pngs(new.write_pdf(), tmp_path, "parsed")
    assert len(before) == len(after) >= 1
    for a, b in zip(before, after):
        assert ImageChops.difference(Image.open(io.BytesIO(a)).convert("RGB"),
                                     Image.open(io.BytesIO(b)).convert("RGB")).getbbox() is None


def test_forgetting_the_stylesheet_removes_its_fonts_folder():
    sheet = demo_sheet(mitchell(3, boards_per_round=2))
    template, context, title = build_print(sheet, "results")
    render_print(template, context, paper="A4", title=title)
    folder = Path(render_module._print_style()[0]._folder)
    assert folder.is_dir() and len(list(folder.iterdir())) == 4  # the four @font-face fonts
    render_module.forget_print_style()
    assert not folder.exists()


def test_a_celery_pool_process_forgets_the_stylesheet_before_it_exits():
    from celery.signals import worker_process_shutdown

    render_module._print_style()
    folder = Path(render_module._STYLE.kept[1]._folder)
    worker_process_shutdown.send(sender=None, pid=0, exitcode=0)
    assert not hasattr(render_module._STYLE, "kept") and not folder.exists()


def test_a_print_is_laid_out_and_written_with_the_collector_at_the_layout_threshold(monkeypatch):
    import gc

    from weasyprint import HTML
    from weasyprint.document import Document

    seen, render, write = [], HTML.render, Document.write_pdf
    monkeypatch.setattr(HTML, "render", lambda self, **kw: (seen.append(gc.get_threshold()[0]), render(self, **kw))[1])
    monkeypatch.setattr(Document, "write_pdf", lambda self, *a, **kw: (seen.append(gc.get_threshold()[0]),
                                                                        write(self, *a, **kw))[1])
    before = gc.get_threshold()
    sheet = demo_sheet(mitchell(3, boards_per_round=2))
    template, context, title = build_print(sheet, "results")
    assert render_print(template, context, paper="A4", title=title).startswith(b"%PDF")
    assert seen == [render_module.LAYOUT_GC_THRESHOLD] * 2 and gc.get_threshold() == before


def test_the_collector_gets_its_thresholds_back_when_the_last_print_is_done():
    import gc

    before = gc.get_threshold()
    inside, go_on = threading.Event(), threading.Event()

    def other_print():
        with render_module.layout_gc():
            inside.set()
            go_on.wait(5)

    thread = threading.Thread(target=other_print)
    thread.start()
    inside.wait(5)
    with pytest.raises(RuntimeError):
        with render_module.layout_gc():
            assert gc.get_threshold()[0] == render_module.LAYOUT_GC_THRESHOLD
            raise RuntimeError("a print that fails")
    assert gc.get_threshold()[0] == render_module.LAYOUT_GC_THRESHOLD  # the other thread's print goes on
    go_on.set()
    thread.join()
    assert gc.get_threshold() == before


def test_a_collector_switched_off_stays_off(monkeypatch):
    import gc

    before = gc.get_threshold()
    try:
        gc.set_threshold(0)
        with render_module.layout_gc():
            assert gc.get_threshold()[0] == 0
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)
