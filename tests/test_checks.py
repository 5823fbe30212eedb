"""The translator checks: a clean glossary gives nothing; each injected fault is reported once.

`clean` is the fixture glossary without its Spanish-only entry, plus two phases and a step
(so key-terms has sibling concepts to confuse). Each test injects one fault and compares the
whole report.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.translate import checks, spelling

PHASES = {
    "es/dominance-phase.md": "---\nid: dominance-phase\nterm: Fase de Dominación\n---\nLa quinta fase de la ronda.\n",
    "cs/dominance-phase.md": "---\nid: dominance-phase\nterm: Fáze nadvlády\n---\nPátá fáze kola.\n",
    "es/challenges-phase.md": "---\nid: challenges-phase\nterm: Fase de Retos\n---\nLa cuarta fase de la ronda.\n",
    "cs/challenges-phase.md": "---\nid: challenges-phase\nterm: Fáze výzev\n---\nČtvrtá fáze kola.\n",
    "es/dominance-phase-begins.md": (
        '---\nid: dominance-phase-begins\nterm: 5.1 Empieza la fase de Dominación\nkind: step\nstep: "5.1"\n---\n'
        "Este paso constituye el inicio formal de la fase de Dominación.\n"
    ),
    "cs/dominance-phase-begins.md": (
        '---\nid: dominance-phase-begins\nterm: 5.1 Fáze nadvlády začíná\nkind: step\nstep: "5.1"\n---\n'
        "Tento krok představuje formální začátek fáze nadvlády.\n"
    ),
}


@pytest.fixture
def clean(broken: Path) -> Path:
    (broken / "agot2/es/cancel-interrupts.md").unlink()
    for name, text in PHASES.items():
        (broken / "agot2" / name).write_text(text, "utf-8")
    # The fixture copies the books' real discrepancy (most / many, tests/test_meaning_checks.py).
    edit(broken, "cs/challenge-icons.md", "na mnoha kartách", "na většině karet")
    return broken


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "agot2" / name
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def found(root: Path, only: str | None = None) -> list[str]:
    report = checks.run_checks(root, only=[only] if only else ())
    return [f"{p.file}:{p.line}: [{p.severity}] {p.check}: {p.message}" for p in report.problems]


def test_clean_glossary_has_no_findings(clean: Path) -> None:
    report = checks.run_checks(clean)
    assert report.problems == ()
    assert report.exit_code == 0 and report.strict_exit_code() == 0


def test_missing_counterpart(clean: Path) -> None:
    (clean / "agot2/cs/cancel.md").unlink()
    assert found(clean) == [
        'glossary/agot2/es/cancel.md:2: [warning] missing-counterpart: no cs entry with id "cancel"',
    ]


def test_untranslated_copy(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "- Jakmile je efekt zrušen, již nadále nenastane.",
         "- Cuando se anula un efecto, dicho efecto deja de ser inminente.")
    assert found(clean) == [
        "glossary/agot2/cs/cancel.md:10: [warning] untranslated: ¶2: same text as es ¶2 (not translated?)",
    ]


def test_untranslated_language_of_a_block(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "Nelze na něj cílit další přerušení (ani zrušení).",
         "Ya no podrán iniciarse interrupciones adicionales del efecto con la carta.")
    assert found(clean, "untranslated") == [
        "glossary/agot2/cs/cancel.md:11: [warning] untranslated: ¶3: reads as es (5 es function words, 0 cs)",
    ]


def test_see_also_differs(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "see_also: [triggering-condition]", "see_also: []")
    assert found(clean) == [
        "glossary/agot2/cs/cancel.md:4: [warning] see-also-differs: see_also: lacks triggering-condition (present in es)",
    ]


def test_numbers(clean: Path) -> None:
    edit(clean, "cs/triggering-condition.md", "určeném prvním hráčem.", "určeném prvním hráčem (krok 4.2.1).")
    assert found(clean) == [
        "glossary/agot2/cs/triggering-condition.md:15: [warning] numbers: ¶5: has 4.2.1 (not in es)",
    ]


def test_numbers_words_and_digits_agree(clean: Path) -> None:
    edit(clean, "es/cancel.md", "otras cartas", "otras 2 cartas")
    edit(clean, "cs/cancel.md", "určité herní efekty", "dva herní efekty")
    assert found(clean) == []


def test_structure(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "  - Nelze na něj", "- Nelze na něj")
    assert found(clean) == [
        "glossary/agot2/cs/cancel.md:8: [warning] structure: ¶3: bullet (es: bullet at depth 1)",
    ]


def test_icons_differ(clean: Path) -> None:
    edit(clean, "cs/challenge-icons.md", "| Mocenská | [power] |", "| Mocenská | |")
    assert found(clean) == [
        "glossary/agot2/cs/challenge-icons.md:9: [warning] icons: ¶2: lacks [power] (in es)",
    ]


def test_icons_unknown_placeholder_is_an_error(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "efekty karet.", "efekty karet [kraken].")
    edit(clean, "es/cancel.md", "efectos de juego.", "efectos de juego [kraken].")
    assert found(clean) == [
        'glossary/agot2/es/cancel.md:10: [error] icons: body: unknown icon "[kraken]"; write printed brackets as \\[kraken\\]',
        'glossary/agot2/cs/cancel.md:8: [error] icons: body: unknown icon "[kraken]"; write printed brackets as \\[kraken\\]',
    ]


def test_key_terms_wrong_phase(clean: Path) -> None:
    # The real Czech step 5.1 says "fáze výzev" (challenges) where it means dominance.
    edit(clean, "cs/dominance-phase-begins.md", "začátek fáze nadvlády", "začátek fáze výzev")
    assert found(clean) == [
        'glossary/agot2/cs/dominance-phase-begins.md:7: [warning] key-terms: ¶1: names "Fáze výzev" '
        '(challenges-phase) where es names "Fase de Dominación" (dominance-phase, cs "Fáze nadvlády")',
    ]


def test_key_terms_counts_czech_case_endings(clean: Path) -> None:
    edit(clean, "cs/dominance-phase-begins.md", "začátek fáze nadvlády.", "začátek fází nadvlády.")
    assert found(clean, "key-terms") == []


@pytest.mark.parametrize(("old", "new", "message"), [
        ("umožňují „zrušit“", "umožňují  „zrušit“", "double space"),
    ("efekty karet.", "efekty karet .", 'space before "."'),
    ("efekty nebo efekty", "efekty efekty nebo", 'repeated word "efekty efekty"'),
    ("„zrušit“", "„zrušit", "unbalanced quotes „“ (1 „, 0 “)"),
    ("(obvykle schopnosti přerušení)", "(obvykle schopnosti přerušení", 'unbalanced "("'),
    ("Některé schopnosti", "**Některé schopnosti", "unbalanced ** (1)"),
])
def test_typography(clean: Path, old: str, new: str, message: str) -> None:
    edit(clean, "cs/cancel.md", old, new)
    assert found(clean) == [f"glossary/agot2/cs/cancel.md:8: [warning] typography: ¶1: {message}"]


def test_typography_accepts_each_languages_quotes(clean: Path) -> None:
    edit(clean, "es/cancel.md", "“anular”", "«anular»")
    assert found(clean) == []


needs_dictionaries = pytest.mark.skipif(spelling.missing() is not None, reason=spelling.missing() or "")


@needs_dictionaries
def test_spelling(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "zahraná", "zahráná")
    assert found(clean) == ["glossary/agot2/cs/cancel.md:12: [warning] spelling: ¶4: unknown word zahráná"]


@needs_dictionaries
def test_spelling_word_list(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "karty události", "karty Kraknoše")
    (clean / "agot2/spelling.yaml").write_text("cs: [Kraknoš]\n", "utf-8")
    assert found(clean, "spelling") == []


def test_spelling_skipped_with_a_notice(clean: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         runner: CliRunner) -> None:
    monkeypatch.setenv("JUDGE_HUNSPELL_DIR", str(tmp_path / "none"))
    result = runner.invoke(cli, ["check", "--only", "spelling", "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["problems"] == []
    notice = data["summary"]["skipped"]["spelling"]
    assert notice.startswith("spelling: skipped (")
    assert result.stderr == notice + "\n"


def test_term_consistency(clean: Path) -> None:
    edit(clean, "cs/challenges-phase.md", "term: Fáze výzev", "term: Fáze výzev\naliases: [Fáze nadvlády]")
    assert found(clean) == [
        'glossary/agot2/cs/challenges-phase.md:3: [warning] term-consistency: term: "Fáze výzev" names '
        'challenges-phase ("Fase de Retos" in es) and also dominance-phase ("Fase de Dominación"): '
        "one cs name, different es terms",
    ]


# -- the command line -------------------------------------------------------------------

def test_unknown_check_id_is_a_usage_error(runner: CliRunner, clean: Path) -> None:
    result = runner.invoke(cli, ["check", "--only", "numbres"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith("Error: Invalid value for '--only': \"numbres\". Did you mean: numbers?\n")


def test_strict_fails_on_warnings(runner: CliRunner, clean: Path) -> None:
    edit(clean, "cs/cancel.md", "see_also: [triggering-condition]", "see_also: []")
    assert runner.invoke(cli, ["check"], catch_exceptions=False).exit_code == 0
    assert runner.invoke(cli, ["check", "--strict"], catch_exceptions=False).exit_code == 1


def test_only_skip_and_lang_filter(runner: CliRunner, clean: Path) -> None:
    edit(clean, "cs/cancel.md", "see_also: [triggering-condition]", "see_also: []")
    edit(clean, "es/cancel.md", "efectos de juego.", "efectos de juego .")
    def checks_of(*args: str) -> list[tuple[str, str]]:
        result = runner.invoke(cli, ["check", "--format", "json", *args], catch_exceptions=False)
        return [(p["check"], p["lang"]) for p in json.loads(result.stdout)["problems"]]
    assert checks_of() == [("typography", "es"), ("see-also-differs", "cs")]
    assert checks_of("--only", "typography") == [("typography", "es")]
    assert checks_of("--skip", "typography,spelling") == [("see-also-differs", "cs")]
    assert checks_of("--lang", "cs") == [("see-also-differs", "cs")]


def test_check_help_lists_every_check(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["check", "--help"], catch_exceptions=False)
    for check in checks.CHECKS:
        assert f"{check.id:<20} {check.severity:<8} {check.explanation}" in " ".join(result.stdout.split("\n      "))


def test_report_by_entry(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "see_also: [triggering-condition]", "see_also: []")
    by_entry = checks.run_checks(clean).by_entry()
    assert list(by_entry) == ["cancel"]
    assert [p.check for p in by_entry["cancel"]["cs"]] == ["see-also-differs"]


REAL = Path(__file__).resolve().parent.parent / "glossary"


@pytest.mark.skipif(not (REAL / "agot2/cs/dominance-phase-begins.md").is_file(), reason="no real glossary")
def test_real_glossary_key_terms_finds_the_wrong_phase_and_swapped_concepts() -> None:
    # Each is a real discrepancy of the books: the step naming the wrong phase (a sibling), and
    # meaning.yaml's confusable pairs (step/turn, plot/initiative card, controller/owner, the
    # setup's "colocar" printed as marshal, the target entry defining "vybrat"), and the plot
    # deck's head word on the used pile's name (*balíček použitých plánů*, meaning.yaml's head_swaps).
    report = checks.run_checks(REAL, "agot2", only=["key-terms"])
    assert [(p.id, p.message) for p in report.problems] == [
        ('challenge-bonuses', '¶3: names turn (“…hráč v tomto tahu získá, jsou…”) where es ¶3 names step (“…jugador en este paso se obtienen…”)'),
        ('dominance-phase-begins', '¶1: names "Fáze výzev" (challenges-phase) where es names "Fase de Dominación" (dominance-phase, cs "Fáze nadvlády")'),
        ('initiative', '¶2: names initiative card (“…odhaleny nové karty iniciativy, hráči porovnají…”) where es ¶2 names plot card (“…muestran nuevas cartas de Trama durante la fase…”)'),
        ('plot-cards', '¶5: cs ¶5 “…zatím není v balíčku použitých plánů, a zůstane tedy…” puts the head of “Balíček plánů” '
                       '(plot-deck) on “Hromádka použitých plánů” (used-pile), which es names'),
        ('plot-modifiers', '¶1: names owner (“…plánu jejich vlastníka. Všechny tyto…”) where es ¶1 names controller (“…jugador que los controla. Estas modificaciones…”)'),
        ('setup', '¶9: names marshal (“…pořadí hráčů může vyložit karty postav,…”) where es ¶9 names setup placement (“Colocar las cartas de…”)'),
        ('setup', '¶10: names marshal (“Nelze vyložit karty s celkovou…”) where es ¶10 names setup placement (“…de las cartas colocadas no puede ser…”)'),
        ('setup', '¶11: names marshal (“Nelze vyložit více než jednu…”) where es ¶11 names setup placement (“No puede colocarse más de 1 carta…”)'),
        ('setup', '¶12: names marshal (“Lze vyložit pouze karty…”) where es ¶12 names setup placement (“Sólo pueden colocarse cartas de Personaje,…”)'),
        ('standing', '¶1: names owner (“…tak, aby její vlastník mohl přečíst…”) where es ¶1 names controller (“…jugador que la controla pueda leer su…”)'),
        ('target', '¶1: names choose (“Slovo „vybrat“ značí, že pro…”) where es ¶1 names target (“La palabra “objetivo” indica que…”)'),
    ]


@pytest.mark.skipif(not (REAL / "agot2/cs/taxation-phase-ends.md").is_file(), reason="no real glossary")
def test_real_glossary_structure_a_paragraph_printed_as_two_is_a_break_only() -> None:
    # cs taxation-phase-ends prints es ¶1 (three sentences) as ¶1 and ¶2 (one and two): a break
    # only. cs determine-dominance ¶1+2 against es ¶1 has a sentence more ("Poznámka: hráč může
    # vyhrát nadvládu, i když nemá žádnou stojící postavu."): reported.
    report = checks.run_checks(REAL, "agot2", only=["structure"])
    messages = {p.id: p.message for p in report.problems}
    assert "taxation-phase-ends" not in messages
    assert messages["determine-dominance"] == "body: 3 blocks (3 paragraph) (es: 2 blocks (2 paragraph))"


def test_untranslated_sentence_inside_a_block(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "efekty nebo efekty karet.",
         "efekty nebo efekty karet. Ya no podrán iniciarse con el efecto. "
         "Pokud je efekt zrušen, tak již nenastane a nikdo se na něj neodkáže, když se vyhodnocuje.")
    assert found(clean) == [
        'glossary/agot2/cs/cancel.md:8: [warning] untranslated: ¶1: sentence "Ya no podrán iniciarse con el efecto." '
        "reads as es (4 es function words, 0 cs)",
    ]


def test_see_also_target_without_an_entry_in_that_language_is_not_a_difference(clean: Path) -> None:
    # cancel-interrupts exists in Spanish only: the Czech entry cannot link it.
    (clean / "agot2/es/cancel-interrupts.md").write_text(
        "---\nid: cancel-interrupts\nterm: Interrupciones de anulación\nkind: redirect\nredirect: cancel\n---\nVer Anular.\n", "utf-8")
    edit(clean, "es/cancel.md", "see_also: [triggering-condition]", "see_also: [triggering-condition, cancel-interrupts]")
    assert found(clean) == [
        'glossary/agot2/es/cancel-interrupts.md:2: [warning] missing-counterpart: no cs entry with id "cancel-interrupts"',
    ]


def add_references(root: Path, es: str, cs: str) -> None:
    edit(root, "es/cancel.md", "considerándose jugada.", f"considerándose jugada.\n\nVer “{es}”.")
    edit(root, "cs/cancel.md", "bere jako zahraná.", f"bere jako zahraná.\n\nViz „{cs}“ na straně 12.")


def test_references_to_the_same_concept_are_fine(clean: Path) -> None:
    add_references(clean, "Condición de activación", "Spouštěcí podmínky")
    assert found(clean) == []


def test_references_name_no_entry(clean: Path) -> None:
    add_references(clean, "Condición de activación", "Spouštěcí podmínka výzvy")
    assert found(clean) == [
        'glossary/agot2/cs/cancel.md:14: [warning] references: ¶5: "Spouštěcí podmínka výzvy" names no cs entry (term or alias)',
    ]


def test_references_to_another_concept(clean: Path) -> None:
    add_references(clean, "Condición de activación", "Symboly výzev")
    assert found(clean) == [
        "glossary/agot2/cs/cancel.md:8: [warning] references: body: refers to challenge-icons (es: triggering-condition)",
    ]


def test_references_see_also_line_in_the_body(clean: Path) -> None:
    edit(clean, "cs/cancel.md", "bere jako zahraná.", "bere jako zahraná.\n\nSouvisející hesla: Spouštěcí podmínky")
    assert found(clean, "references") == [
        "glossary/agot2/cs/cancel.md:14: [warning] references: ¶5: a see-also line in the body (put its ids in see_also)",
    ]
