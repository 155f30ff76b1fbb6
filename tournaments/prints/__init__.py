"""Prints: travellers, score slips, score cards, guide cards, whist hand cards, hand records
and results, as HTML pages and WeasyPrint PDFs from the same templates."""
