"""Every print kind rendered to PDF from pure data and read back with pypdf: the right boards,
pairs, rounds and scores on the right pages, page counts, paper sizes, the embedded font, and
a fetcher that never reaches the network."""
import http.server
import math
import threading

import pytest

from tests.tournaments.factories_prints import embedded_fonts, page_size_mm, pdf_pages
from tournaments.movements.mitchell import mitchell, skip_mitchell
from tournaments.prints.demo import demo_sheet
from tournaments.prints.kinds import build_print
from tournaments.prints.notation import card_words, number
from tournaments.prints.render import (PrintError, ResourceRefused, paper_for, render_print, static_path_for)
from tournaments.prints.score_slips import slips_per_page


def render(sheet, kind, paper="A4", **narrow):
    template, context, title = build_print(sheet, kind, **narrow)
    return render_print(template, context, paper=paper, title=title)


@pytest.fixture(scope="module")
def three_tables():
    return demo_sheet(mitchell(3, boards_per_round=2))


def test_travellers_one_page_a_board_with_pairs_and_scores(three_tables):
    pages = pdf_pages(render(three_tables, "travellers"))
    assert len(pages) == 6
    for number_, text in enumerate(pages, start=1):
        assert f"Board {number_}" in text
    results = [r for r in three_tables.results if r.board == 4]
    for r in results:
        assert str(abs(r.score_ns)) in pages[3]
    assert "N-S vulnerable" in pages[1] and "None vulnerable" in pages[0]  # Law 2: boards 1 and 2


def test_one_board_traveller_shows_its_matchpoints(three_tables):
    text = pdf_pages(render(three_tables, "travellers", board=3))
    assert len(text) == 1 and "Board 3" in text[0]
    scored = three_tables.scored
    board = next(b for b in scored.boards if int(b.board) == 3)
    for rs in board.results:
        assert number(rs.mp_ns) in text[0] and number(rs.mp_ew) in text[0]


def test_guide_cards_a_page_a_table_and_the_wall_chart():
    sheet = demo_sheet(skip_mitchell(4, boards_per_round=2), results=False)
    pages = pdf_pages(render(sheet, "guide-cards"))
    assert len(pages) == 5
    for table in range(1, 5):
        assert f"Table {table}" in pages[table - 1]
    assert "skip one table" in pages[0]
    assert "Movement wall chart" in pages[4] and "T4" in pages[4]


def test_score_slips_pages_and_rounds():
    sheet = demo_sheet(mitchell(5, boards_per_round=3), results=False)
    pages = pdf_pages(render(sheet, "score-slips"))
    per = slips_per_page(3)
    assert len(pages) == math.ceil(25 / per)
    assert "Round 1" in pages[0] and "Table 1" in pages[0] and "Round 5" in pages[-1]


def test_whist_score_slips_have_the_standard_hoyle_columns():
    sheet = demo_sheet(mitchell(3, boards_per_round=2), game="duplicate_whist", results=False)
    text = pdf_pages(render(sheet, "score-slips", table=2))[0]
    for column in ("Deal", "Adversaries'", "Trump", "Honours", "Gross"):
        assert column in text


def test_score_cards_a_page_a_pair_with_total_and_percentage(three_tables):
    pages = pdf_pages(render(three_tables, "score-cards"))
    assert len(pages) == 6
    standing = next(s for s in three_tables.scored.standings if s.entrant == "2NS")
    page = next(p for p in pages if "pair 2 N-S" in p)
    assert f"{standing.percentage:.2f}%" in page


def test_whist_hand_cards_four_seats_a_page_with_the_turn_up():
    sheet = demo_sheet(mitchell(3, boards_per_round=1), game="duplicate_whist", results=False)
    pages = pdf_pages(render(sheet, "hand-cards"))
    assert len(pages) == 3
    board = sheet.board(2)
    for seat in ("North", "East", "South", "West"):
        assert seat in pages[1]
    assert "Dealer" in pages[1] and card_words(board.turn_up) in pages[1]


def test_hand_records_six_boards_a_page_and_the_seed():
    sheet = demo_sheet(mitchell(7, boards_per_round=2), results=False)
    pages = pdf_pages(render(sheet, "hand-records"))
    assert len(pages) == 3
    assert "Board 1" in pages[0] and "Board 6" in pages[0] and "Board 7" in pages[1] and "Board 14" in pages[2]
    assert "cardroom-demo" in pages[0]


def test_results_rank_both_fields(three_tables):
    text = "\n".join(pdf_pages(render(three_tables, "results")))
    assert "North-South" in text and "East-West" in text and "Board by board" in text
    top = three_tables.scored.standings[0]
    assert f"{top.percentage:.2f}" in text


def test_a4_and_letter_page_sizes(three_tables):
    assert page_size_mm(render(three_tables, "results", paper="A4")) == (210.0, 297.0)
    assert page_size_mm(render(three_tables, "results", paper="Letter")) == (215.9, 279.4)


def test_the_suit_font_is_embedded(three_tables):
    fonts = embedded_fonts(render(three_tables, "travellers", board=1))
    # our @font-face (DejaVu Sans), embedded as a subset ("ABCDEF+" prefix)
    assert any(f.split("+")[-1] == "Cardroom-Print" and "+" in f for f in fonts), fonts


def test_paper_comes_from_the_club_unless_overridden():
    class Club:
        paper_size = "Letter"
    assert paper_for(Club()) == "Letter" and paper_for(Club(), "a4") == "A4" and paper_for(None) == "A4"
    with pytest.raises(PrintError) as err:
        paper_for(Club(), "A3")
    assert err.value.field == "paper"


def test_narrowing_to_a_missing_board_or_pair_names_the_field(three_tables):
    with pytest.raises(PrintError) as err:
        build_print(three_tables, "travellers", board=99)
    assert err.value.field == "board"
    with pytest.raises(PrintError) as err:
        build_print(three_tables, "score-cards", pair="42")
    assert err.value.field == "pair"
    with pytest.raises(PrintError) as err:
        build_print(three_tables, "results", board=1)
    assert err.value.field == "board"


@pytest.mark.parametrize("url", [
    "http://example.com/evil.css", "https://cardroom-print.invalid/etc/passwd", "file:///etc/passwd",
    "https://cardroom-print.invalid/static/../settings.py", "data:text/css,body{}", "ftp://example.com/x",
])
def test_fetcher_refuses_anything_but_our_static_files(url):
    with pytest.raises(ResourceRefused):
        static_path_for(url)


def test_fetcher_serves_the_print_stylesheet():
    assert static_path_for("https://cardroom-print.invalid/static/print/print.css").endswith("print.css")


def test_rendering_never_touches_the_network():
    hits = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        from django.template import engines
        template = engines["django"].from_string(
            '{% extends "print/base.html" %}{% block content %}<img src="' + url + '/x.png">'
            '<link rel="stylesheet" href="' + url + '/x.css"><p style="background: url(' + url + '/bg.png)">♠♥</p>'
            '{% endblock %}')
        html = template.render({"paper": "A4", "paper_css": "A4", "print_title": "t"})
        from weasyprint import HTML

        from tournaments.prints.render import BASE_URL, _fetcher
        pdf = HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher()).write_pdf()
    finally:
        server.shutdown()
    assert pdf.startswith(b"%PDF") and hits == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_26_board_score_card_stays_on_one_page(paper):
    sheet = demo_sheet(mitchell(13, boards_per_round=2))
    pages = pdf_pages(render(sheet, "score-cards", paper=paper, pair="1NS"))
    assert len(pages) == 1 and "Total" in pages[0] and "26" in pages[0]


def test_the_pack_takes_the_results_only_when_there_are_standings(three_tables):
    from tournaments.prints.pack import pack_kinds

    assert pack_kinds(three_tables)[-1] == "results"
    unplayed = demo_sheet(mitchell(3, boards_per_round=2), results=False)
    assert "results" not in pack_kinds(unplayed) and pack_kinds(unplayed)[-1] == "hand-records"
    whist = demo_sheet(mitchell(3, boards_per_round=2), game="duplicate_whist")
    assert pack_kinds(whist) == ("guide-cards", "travellers", "score-slips", "score-cards", "hand-cards",
                                 "hand-records", "results")
