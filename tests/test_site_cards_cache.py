"""The timing cards' PDFs kept in the user cache (judge.site.cards.Printer): a card whose page
and inputs did not change is copied from there without starting Chromium; a changed page or a
corrupt cache prints it again. Chromium is replaced by a fake that "prints" the page's bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.core import compiled
from judge.site import cards


class FakeChromium:
    """Playwright's sync API as Printer uses it; counts launches."""

    launches = 0

    def __call__(self) -> FakeChromium:  # sync_playwright()
        return self

    def __enter__(self) -> FakeChromium:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    @property
    def chromium(self) -> FakeChromium:
        return self

    def launch(self, **options: Any) -> FakeChromium:
        FakeChromium.launches += 1
        return self

    def new_page(self, **options: Any) -> FakeChromium:
        return self

    def close(self) -> None:
        pass


@pytest.fixture
def printer_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import playwright.sync_api

    monkeypatch.setattr(compiled, "TRUST_SECONDS", 0.0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(playwright.sync_api, "sync_playwright", FakeChromium())
    FakeChromium.launches = 0

    def print_one(self: cards.Printer, page: Any, copy: Path, card: cards.Card) -> Path:
        out = self.site_dir / card.pdf
        out.write_bytes(b"%PDF " + copy.read_bytes())
        return out

    monkeypatch.setattr(cards.Printer, "_print_one", print_one)
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n", "utf-8")
    return browser


CARD = cards.Card("es", "agot2")


def print_card(site: Path, browser: Path, html: bytes) -> bytes:
    printer = cards.Printer(site, str(browser))
    printer.print(html, CARD)
    assert printer.finish() == [site / CARD.pdf]
    return (site / CARD.pdf).read_bytes()


def test_an_unchanged_card_is_copied_from_the_cache_without_chromium(printer_env: Path, tmp_path: Path) -> None:
    first = print_card(tmp_path / "a", printer_env, b"<html>card</html>")
    assert FakeChromium.launches == 1 and first == b"%PDF <html>card</html>"
    assert print_card(tmp_path / "b", printer_env, b"<html>card</html>") == first
    assert FakeChromium.launches == 1
    assert list((tmp_path / "b").rglob(".print-*")) == []


def test_a_changed_page_is_printed_again(printer_env: Path, tmp_path: Path) -> None:
    print_card(tmp_path / "a", printer_env, b"<html>card</html>")
    assert print_card(tmp_path / "b", printer_env, b"<html>other</html>") == b"%PDF <html>other</html>"
    assert FakeChromium.launches == 2


def test_a_corrupt_cache_prints_it_again(printer_env: Path, tmp_path: Path) -> None:
    print_card(tmp_path / "a", printer_env, b"<html>card</html>")
    stored = cards._cached_pdf(CARD)
    stored.write_bytes(stored.read_bytes()[:-8])
    assert print_card(tmp_path / "b", printer_env, b"<html>card</html>") == b"%PDF <html>card</html>"
    assert FakeChromium.launches == 2
