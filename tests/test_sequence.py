"""One test per behaviour of the engine, each naming the block it checks (es / cs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import glossary
from judge.cli import cli
from judge.core.errors import BadData
from judge.rules import scenario, sequence, timing, triggers
from judge.rules.stepped import StepResult
from judge.rules.scenario import Ability
from judge.rules.sequence import Pending, WindowState, next_state

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot2", GLOSSARY))
CATALOGUE = triggers.load(triggers.triggers_path("agot2", GLOSSARY))


def ability(card: str, controller: str, kind: str, effect: str = "none", would: bool = False,
            creates: str | None = None, on: str | None = None, target: int | None = None,
            passes: int = 0, keyword: str | None = None) -> Ability:
    return Ability(card, controller, kind, would, effect, creates, on, target, passes, keyword, None)


def step(trigger: str | None, *abilities: Ability, **options: Any) -> StepResult:
    values = {"players": ["Ana", "Bruno"], "first_player": "Ana", "trigger": trigger, **options}
    situation = scenario.from_options(values, abilities)
    scenario.check(situation, CATALOGUE.ids(), FRAMEWORK, CATALOGUE.flags())
    return sequence.step(situation, CATALOGUE, FRAMEWORK, LOADED)


def uses(result: StepResult, n: int) -> list[str]:
    return [u.card for u in result.sequence[n - 1].abilities if u.used]


def rules(result: StepResult, n: int) -> list[str]:
    return [note.rule for note in result.sequence[n - 1].notes]


def test_would_then_forced_then_window() -> None:
    """Condición de activación ¶5–¶7: "would" interrupts, then forced, then the window."""
    result = step("character-killed", ability("Window", "Ana", "interrupt"),
                  ability("Forced", "Bruno", "forced-interrupt"), ability("Would", "Bruno", "interrupt", would=True))
    assert [uses(result, n) for n in (2, 3, 4)] == [["Would"], ["Forced"], ["Window"]]


def test_forced_are_ordered_by_the_first_player_whoever_controls_them() -> None:
    """Interrupciones y reacciones obligadas ¶3: the first player orders, not the controllers."""
    result = step("challenge-won", ability("A", "Ana", "forced-reaction"), ability("B", "Bruno", "forced-reaction"),
                  first_player="Bruno")
    assert (result.sequence[5].ordered_by, uses(result, 6)) == ("Bruno", ["A", "B"])


def test_cancel_stops_everything_and_says_what_still_counts() -> None:
    """Condición de activación ¶5; Anular ¶2–¶4: nothing after the cancel, not even a second
    cancel; the event still counts as played and is discarded."""
    result = step("event-played", ability("Cancel1", "Bruno", "interrupt", "cancel"),
                  ability("Cancel2", "Ana", "interrupt", "cancel"), ability("React", "Ana", "reaction"),
                  first_player="Bruno")
    assert (result.outcome, uses(result, 2)) == ("cancelled", ["Cancel1"])
    assert [i.done for i in result.sequence] == [True, True, False, False, False, False, False]
    assert rules(result, 2)[-3:] == ["cancel-stops", "cancel-still-counts", "cancelled-event-discarded"]


def test_save_makes_a_new_condition_imminent_and_the_original_no_longer() -> None:
    """Condición de activación ¶5; Vaya a ¶3: no more interrupts to the original; the save
    (card saved) runs its own sequence."""
    result = step("character-killed", ability("Save", "Bruno", "interrupt", "save", would=True),
                  ability("Late", "Ana", "interrupt"), ability("React", "Ana", "reaction"))
    assert (result.outcome, result.conditions) == ("replaced", ("replaced",))
    assert uses(result, 4) == [] and uses(result, 7) == []
    nested = result.sequence[1].nested
    assert [n.trigger for n in nested] == ["card-saved"]


def test_shared_windows_a_save_on_one_of_two_kills() -> None:
    """Condición de activación ¶2; Salvar ¶2: two kills share the windows; the saved one still
    counts toward military claim; the other occurs and can be reacted to."""
    result = step("character-killed", ability("Save", "Bruno", "interrupt", "save", would=True, target=2),
                  ability("React", "Ana", "reaction"), occurrences=2, at="4.2.4")
    assert result.conditions == ("occurred", "replaced")
    assert uses(result, 7) == ["React"]
    assert "saved-still-chosen" in rules(result, 2)
    assert rules(result, 1) == ["shared-windows"]


def test_replacement_still_occurs_and_reactions_open() -> None:
    """Efectos de sustitución ¶1: the condition still counts as occurred."""
    result = step("character-killed", ability("Benjen", "Bruno", "interrupt", "replace"),
                  ability("React", "Ana", "reaction"))
    assert (result.outcome, result.conditions, uses(result, 7)) == ("replaced", ("occurred",), ["React"])
    assert rules(result, 5) == ["replacement-occurs"]


def test_nested_sequence_completes_inside_the_ability_that_created_it() -> None:
    """Secuencias de capacidades jerarquizadas ¶2–¶4: LIFO, first player first inside too."""
    result = step("challenge-won", ability("Outer", "Bruno", "reaction", creates="power-gained"),
                  ability("Inner", "Ana", "reaction", on="power-gained"), ability("After", "Ana", "reaction"))
    window = result.sequence[6]
    assert [o.action for o in window.opportunities] == ["After", "Outer", "pass", "pass"]
    inner = window.nested[0]
    assert (inner.trigger, uses(inner, 7), inner.sequence[6].first) == ("power-gained", ["Inner"], "Ana")


def test_a_player_who_passed_may_act_again() -> None:
    """Pasar ¶2 / Pasovat ¶2."""
    result = step("challenge-won", ability("Late", "Ana", "reaction", passes=1), ability("Now", "Bruno", "reaction"))
    assert [(o.player, o.action) for o in result.sequence[6].opportunities] == [
        ("Ana", "pass"), ("Bruno", "Now"), ("Ana", "Late"), ("Bruno", "pass"), ("Ana", "pass")]
    assert "passed-may-act-again" in rules(result, 7)


def test_next_state_is_pure_and_closes_after_consecutive_passes() -> None:
    """Condición de activación ¶7: the window closes when all players have passed in a row."""
    state = WindowState(("Ana", "Bruno"), pending=(Pending(0, "Bruno", 0),))
    after_pass = next_state(state, None)
    assert state.log == () and after_pass.player == "Bruno" and not after_pass.closed
    after_use = next_state(after_pass, after_pass.options()[0], "Card")
    assert (after_use.passes, after_use.pending) == (0, ())
    closed = next_state(next_state(after_use, None), None)
    assert closed.closed and [o.action for o in closed.log] == ["pass", "Card", "pass", "pass"]


def test_reveal_plots_keeps_the_first_player_until_step_ii() -> None:
    """Jugador inicial ¶1; 1.3 ¶5, ¶7: the new first player orders the when-revealed abilities."""
    result = step(None, ability("A", "Ana", "when-revealed"), ability("B", "Bruno", "when-revealed"),
                  at="1.3", new_first_player="Bruno")
    second, third = result.framework[1], result.framework[2]
    assert (second.previous_first, second.first, third.ordered_by) == ("Ana", "Bruno", "Bruno")


def test_keywords_of_one_type_resolve_at_once() -> None:
    """Se procesan las palabras clave ¶1: one sequence per type, its instances sharing windows."""
    result = step(None, ability("J", "Ana", "keyword", keyword="renown", creates="power-gained"),
                  ability("M", "Ana", "keyword", keyword="renown", creates="power-gained"),
                  ability("T", "Ana", "keyword", keyword="insight"), at="4.2.5", first_player="Bruno")
    groups = [(r.title, r.ordered_by, len(r.abilities)) for r in result.framework]
    assert groups == [("Renombre", "Bruno", 2), ("Perspicacia", "Bruno", 1)]
    assert result.framework[0].abilities[0].nested[0].occurrences == 2


def test_marshaling_window_everyone_acts_only_the_active_player_marshals() -> None:
    """Ventana de acción … de Reclutamiento ¶1, ¶2."""
    result = step(None, ability("Act", "Bruno", "action"), ability("Tyrion", "Ana", "marshal"),
                  at="after-3.2", first_player="Bruno", active="Ana")
    assert [o.action for o in result.framework[0].opportunities] == ["Act", "Tyrion", "pass", "pass"]
    with pytest.raises(BadData, match="only the active player"):
        step(None, ability("Tyrion", "Bruno", "marshal"), at="after-3.2", active="Ana")


@pytest.mark.parametrize("at,fmt,expected", [
    ("4.2.6", "joust", "after-4.1"),   # Termina el reto ¶1
    ("7.5", "joust", "1.1"),           # Termina la fase de Impuestos ¶2 (es) / ¶3 (cs)
    ("1.3", "joust", "after-1.4"),     # 1.4 skipped in joust (Se seleccionan los Títulos ¶1)
    ("1.3", "melee", "1.4"),
    ("after-3.2", "joust", "3.3"),
])
def test_next_item_of_the_chart(at: str, fmt: str, expected: str) -> None:
    assert FRAMEWORK.next_after(at, fmt) == expected


def test_timeline_joust_skips_melee_only_steps() -> None:
    """Se seleccionan los Títulos ¶1; Se devuelven todas las cartas de Título ¶1."""
    joust = {i.id for i in timing.timeline(FRAMEWORK, LOADED, "es", "joust").items}
    melee = {i.id for i in timing.timeline(FRAMEWORK, LOADED, "es", "melee").items}
    assert melee - joust == {"1.4", "7.4"}


def test_cites_are_in_the_chosen_language() -> None:
    result = step("challenge-won", ability("R", "Ana", "reaction"), lang="cs")
    langs = {c.lang for item in result.sequence for c in item.cites}
    assert langs == {"cs"} and result.sequence[0].cites[0].term == "Spouštěcí podmínky"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from judge.core import yamldata  # noqa: E402

_YAMLISH = st.text(alphabet=st.sampled_from(list("ab: -[]{}!,\n'\"&*#|>%@`\t1")), max_size=60)


@settings(max_examples=300, deadline=None)
@given(_YAMLISH)
def test_any_text_is_a_scenario_or_a_located_error(text: str) -> None:
    """Bad input never escapes as anything but BadData with the file named."""
    try:
        data = yamldata.load(Path("x.yaml"), text)
        scenario.from_mapping(data, {})
    except BadData as error:
        assert str(error).startswith("x.yaml")


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", [
    GOLDEN / "judge" / "scenarios" / "challenge-won-reactions.yaml",  # the trigger sequence (agot2)
    GOLDEN / "games" / "agot1" / "scenarios" / "attachments.yaml",  # shadows
    GOLDEN / "games" / "agot-board" / "scenarios" / "supported-attack.yaml",  # combat
    GOLDEN / "games" / "gp" / "scenarios" / "refused-order.yaml",  # the priority stack
], ids=lambda path: path.parent.parent.name)
def test_a_step_reads_its_scenario_file_once(path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its game, its engine and the engine's scenario all come from one read of the file."""
    import yaml

    text = path.read_text("utf-8")
    composed: list[str] = []
    real = yaml.compose
    monkeypatch.setattr(yaml, "compose", lambda source, Loader: composed.append(source) or real(source, Loader=Loader))
    result = runner.invoke(cli, ["step", str(path)])
    assert result.exit_code == 0, result.stderr
    assert composed.count(text) == 1


def test_a_save_in_the_interrupt_window_ends_it_when_nothing_is_left_imminent() -> None:
    """Vaya a ¶3: after a save the original condition takes no more interrupts, so the window
    of step 4 closes on the save, without the passes that close other windows."""
    result = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save"),
                  ability("Tarde", "Ana", "interrupt", passes=1))
    window = result.sequence[3]
    assert [(o.player, o.action) for o in window.opportunities] == [("Ana", "pass"), ("Bruno", "Escudo")]
    assert "altered-not-imminent" in [note.rule for note in window.notes]
    assert result.outcome == "replaced" and not result.sequence[4].done
