"""Property-based tests of the triggering-condition sequence over random scenarios.

Each property is a rule of the Rules Reference, cited:
- forced before optional (Interrupciones y reacciones obligadas ¶2)
- first player first in every window (Jugador inicial ¶3, Secuencias … jerarquizadas ¶4)
- every window closes on consecutive passes (Condición de activación ¶7, ¶10; Pasar ¶2), or,
  for an interrupt window, on the save that left no condition imminent (Vaya a ¶3)
- a nested sequence completes before its parent resumes (Secuencias … jerarquizadas ¶2–¶3)
- a cancelled condition never occurs (Condición de activación ¶5; Anular ¶2)
- each copy of an ability triggers at most once per condition (Interrupciones ¶7; Reacciones ¶7)
- a limited copy is initiated at most its limit, counting earlier uses (Límites y máximos ¶1, ¶5)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from judge import glossary
from judge.rules import scenario, sequence, timing, triggers
from judge.rules.stepped import AbilityUse, SequenceItem, StepResult
from judge.rules.scenario import Ability

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot2", GLOSSARY))
CATALOGUE = triggers.load(triggers.triggers_path("agot2", GLOSSARY))
# Nested conditions only go down this chain, so a scenario never has a `creates:` cycle.
CHAIN = ["power-gained", "card-knelt", "cards-drawn", "gold-gained"]
ROOTS = ["event-played", "character-killed", "challenge-won", "card-leaves-play"]
FORCED = {"forced-interrupt", "forced-reaction"}


@st.composite
def scenarios(draw: st.DrawFn, with_cancel: bool = False, with_limits: bool = False) -> scenario.Scenario:
    n = draw(st.integers(2, 4))
    players = [f"P{k}" for k in range(1, n + 1)]
    first = draw(st.sampled_from(players))
    root = "event-played" if with_cancel else draw(st.sampled_from(ROOTS))
    cancellable, saveable = CATALOGUE.flags()[root]
    conditions = [root, *CHAIN]
    abilities = []
    for k in range(draw(st.integers(0, 7))):
        on_index = draw(st.integers(0, len(conditions) - 1))
        on = conditions[on_index]
        kind = draw(st.sampled_from(["interrupt", "forced-interrupt", "reaction", "forced-reaction"]))
        would = kind.endswith("interrupt") and draw(st.booleans())
        effects = ["none"]
        if on == root and kind == "interrupt" and cancellable:
            effects += ["cancel", "cancel"]
        if on == root and kind.endswith("interrupt") and saveable:
            effects += ["save", "replace"]
        effect = draw(st.sampled_from(effects))
        later = CHAIN[on_index:]  # conditions[i] is CHAIN[i - 1]: only later ones may be created
        creates = draw(st.none() | st.sampled_from(later)) if later else None
        limit = draw(st.sampled_from([None, 1, 2])) if with_limits else None
        limits = {"limit": limit, "per": "round", "used_before": draw(st.integers(0, 1))} if limit else {}
        abilities.append(Ability(f"C{k}", draw(st.sampled_from(players)), kind, would, effect, creates,
                                 None if on == root else on, None, draw(st.integers(0, 2)), None, None, **limits))
    if with_cancel:
        abilities.insert(draw(st.integers(0, len(abilities))),
                         Ability("Cancel", draw(st.sampled_from(players)), "interrupt", False, "cancel", None, None,
                                 None, 0, None, None))
    situation = scenario.from_options(
        {"players": players, "first_player": first, "trigger": root,
         "format": "joust" if n == 2 else "melee", "occurrences": draw(st.integers(1, 3))}, tuple(abilities))
    scenario.check(situation, CATALOGUE.ids(), FRAMEWORK, CATALOGUE.flags())
    return situation


def run(situation: scenario.Scenario) -> StepResult:
    return sequence.step(situation, CATALOGUE, FRAMEWORK, LOADED)


def results(result: StepResult) -> Iterator[StepResult]:
    yield result
    for item in result.sequence:
        for nested in item.nested:
            yield from results(nested)


def order_from(situation: scenario.Scenario) -> list[str]:
    players = list(situation.players)
    i = players.index(situation.first_player)
    return players[i:] + players[:i]


def used(item: SequenceItem) -> list[AbilityUse]:
    return [u for u in item.abilities if u.used]


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_forced_before_optional(situation: scenario.Scenario) -> None:
    for result in results(run(situation)):
        for item in result.sequence:
            types = [u.type for u in used(item)]
            if item.n in (3, 6):
                assert set(types) <= FORCED
            if item.n in (4, 7):
                assert not set(types) & FORCED
            if item.n == 2:
                optional = [k for k, u in enumerate(used(item)) if u.type == "interrupt" and u.effect != "cancel"]
                forced = [k for k, u in enumerate(used(item)) if u.type in FORCED]
                assert not optional or not forced or max(forced) < min(optional)


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_first_player_first_in_every_window_then_player_order(situation: scenario.Scenario) -> None:
    order = order_from(situation)
    for result in results(run(situation)):
        for item in result.sequence:
            if item.opportunities:
                players = [o.player for o in item.opportunities]
                assert item.first == situation.first_player
                if item.n != 2:  # step 2 may run two windows: cancels, then "would" interrupts
                    assert players == [order[k % len(order)] for k in range(len(players))]
                assert players[0] == situation.first_player


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_every_window_closes_on_consecutive_passes(situation: scenario.Scenario) -> None:
    n = len(situation.players)
    for result in results(run(situation)):
        for item in result.sequence:
            if item.n not in (4, 7) or not item.done:
                continue
            actions = [o.action for o in item.opportunities]
            if closed_by_save(item, result):
                assert actions[-1] != "pass"  # the save itself ended the window
                body = actions[:-1]
            else:
                assert actions[-n:] == ["pass"] * n
                body = actions[:-n]
            runs = "".join("p" if a == "pass" else "u" for a in body)
            assert "p" * n not in runs, "the window should have closed earlier"


def closed_by_save(item: SequenceItem, result: StepResult) -> bool:
    """Vaya a ¶3: once altered, the original is no longer imminent and takes no more
    interrupts; when no occurrence is left to occur, its interrupt window ends there."""
    # The save that ended it is used in this window (its note may have been told at step 3,
    # where a forced save altered an earlier occurrence: that one is said once).
    saved_here = any(u.used and u.effect == "save" for u in item.abilities)
    return item.n == 4 and saved_here and "occurred" not in result.conditions


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_nested_sequences_complete_before_the_parent_resumes(situation: scenario.Scenario) -> None:
    for result in results(run(situation)):
        assert [i.n for i in result.sequence] == [1, 2, 3, 4, 5, 6, 7]
        assert result.outcome in ("occurred", "cancelled", "replaced")


@settings(max_examples=100, deadline=None)
@given(scenarios(with_cancel=True))
def test_a_cancelled_condition_never_occurs(situation: scenario.Scenario) -> None:
    assert run(situation).outcome == "cancelled"
    for result in results(run(situation)):
        if result.outcome == "cancelled":
            assert "occurred" not in result.conditions
            assert [i.done for i in result.sequence[2:]] == [False] * 5
            assert not any(used(i) for i in result.sequence[2:])
            cancels = [u for u in used(result.sequence[1]) if u.effect == "cancel"]
            assert len(cancels) == 1, "no further interrupt, not even a cancel"


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_each_copy_triggers_at_most_once_per_condition(situation: scenario.Scenario) -> None:
    """Each copy by its position; step 5 lists the replacement that resolves there, initiated
    before (Efectos de sustitución ¶1), not a second initiation."""
    for result in results(run(situation)):
        copies = [u.ability for i in result.sequence if i.n != 5 for u in used(i)]
        assert len(copies) == len(set(copies))


@settings(max_examples=100, deadline=None)
@given(scenarios(with_limits=True))
def test_a_limited_copy_is_initiated_at_most_its_limit(situation: scenario.Scenario) -> None:
    initiated: dict[int, int] = {}
    for result in results(run(situation)):
        for item in result.sequence:
            if item.n != 5:  # step 5 lists the replacement that resolves, initiated before
                for u in used(item):
                    initiated[u.ability or 0] = initiated.get(u.ability or 0, 0) + 1
    for position, count in initiated.items():
        a = situation.abilities[position - 1]
        if a.limit is not None:
            assert count <= max(a.limit - a.used_before, 0)
