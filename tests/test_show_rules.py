"""`judge show` with GAME:REF and gp's rule numbers (judge/glossary/lookup.py find)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import glossary
from judge.core.errors import EntryNotFound, UsageProblem
from judge.glossary import lookup
from judge.glossary.views import Concept, RuleView

LOADED = glossary.load(Path(__file__).resolve().parent.parent / "glossary")


def rule(query: str, game: str | None = None) -> RuleView:
    found = lookup.find(LOADED, query, game, ("es",))
    assert isinstance(found, RuleView)
    return found


def test_a_rule_is_its_block_and_its_sub_rules_with_its_cite() -> None:
    found = rule("gp:104.3.b")
    assert [found.entry.rule_of(b.n) for b in found.blocks] == ["104.3.b", *(f"104.3.b.{i}" for i in range(1, 6))]
    assert (found.cite.id, found.cite.para, found.cite.rule) == ("ending-the-game", found.blocks[0].n, "104.3.b")


def test_an_example_belongs_to_the_rule_printed_before_it() -> None:
    found = rule("gp:123.8")
    assert [b.text.split()[0] for b in found.blocks] == ["123.8.", "Ejemplo:"]


def test_a_sibling_is_not_a_sub_rule() -> None:
    assert [b.text.split()[0] for b in rule("gp:120.4.a").blocks] == ["120.4.a."]


def test_a_group_number_is_the_whole_group() -> None:
    found = lookup.find(LOADED, "gp:120", None, ("es",))
    assert isinstance(found, Concept) and found.id == "order-of-play-and-priority"


def test_without_the_game_a_rule_number_is_found_in_the_game_that_numbers_its_rules() -> None:
    assert rule("120.4.a").entry.game == "gp"


def test_an_agot2_step_number_is_still_a_name() -> None:
    found = lookup.find(LOADED, "4.2.1", None, ("es",))
    assert isinstance(found, Concept) and found.game == "agot2"


def test_an_unknown_rule_number_suggests_the_nearest() -> None:
    with pytest.raises(EntryNotFound) as error:
        lookup.find(LOADED, "gp:120.4.f", None, ("es",))
    assert error.value.suggestions[:3] == ("120.4.d", "120.4.c", "120.4.b")


def test_game_prefix_and_option_must_agree() -> None:
    found = lookup.find(LOADED, "agot2:cancel", None, ("es",))
    assert isinstance(found, Concept) and (found.game, found.id) == ("agot2", "cancel")
    with pytest.raises(UsageProblem):
        lookup.find(LOADED, "gp:120.4.a", "agot2", ("es",))


def test_a_term_with_a_colon_is_not_a_game() -> None:
    assert lookup._split_game(LOADED, "Renombre: X", None) == ("Renombre: X", None)
