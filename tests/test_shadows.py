"""The `shadows` engine (agot1): which rule decides each card, checked rule by rule against the
addendum's cases, with generated gold and costs; scenario files and their errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge import glossary
from judge.core.errors import BadData, JudgeError
from judge.rules import data, shadows, timing, triggers
from judge.rules.runs import ShadowsResult, ShadowsTurn
from judge.rules.shadows import Player, ShadowCard, Situation

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
SOURCE = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot1", GLOSSARY))
RULES = shadows.load_rules(triggers.triggers_path("agot1", GLOSSARY))


def card(name: str = "Varys", kind: str = "character", cost: int = 2, **more: object) -> ShadowCard:
    fields: dict[str, object] = {"unique": False, "copies": (), "gold_penalty": 0, "attach_to": None,
                                 "printed_cost": False, **more}
    return ShadowCard(name, kind, cost, **fields)  # type: ignore[arg-type]


def run(*players: Player, first: str | None = None, phase: str | None = None,
        effects: tuple[tuple[str, str], ...] = ()) -> ShadowsResult:
    situation = Situation("agot1", "es", phase, players, first or players[0].name, effects)
    return shadows.step(situation, RULES, FRAMEWORK, SOURCE)


def one(c: ShadowCard, gold: int = 10, bring: bool = True) -> ShadowsTurn:
    return run(Player("Ana", gold, (c,), c.name if bring else None, ())).stages[0].turns[0]


def rules_of(turn: ShadowsTurn) -> list[str]:
    return [n.rule for n in turn.notes]


@given(st.lists(st.text(min_size=1, max_size=5), min_size=1, max_size=6, unique=True), st.data())
def test_turns_go_from_the_first_player_clockwise(names: list[str], data: st.DataObject) -> None:
    first = data.draw(st.sampled_from(names))
    order = shadows.turn_order(names, first)
    assert order[0] == first and sorted(order) == sorted(names)
    start = names.index(first)
    assert all(order[i] == names[(start + i) % len(names)] for i in range(len(names)))


@given(st.integers(0, 9), st.integers(0, 3), st.integers(0, 12))
def test_the_cost_is_the_number_after_the_s_plus_the_gold_penalty(cost: int, penalty: int, gold: int) -> None:
    turn = one(card(cost=cost, gold_penalty=penalty), gold)
    if gold >= cost + penalty:
        assert (turn.outcome, turn.paid, turn.gold_after) == ("brought-out", cost + penalty, gold - cost - penalty)
        assert rules_of(turn) == ["one-card", "cost", "pays", "standing", "resolves-fully"]
    else:
        assert (turn.outcome, turn.paid, turn.gold_after) == ("cannot", None, gold)
        assert rules_of(turn) == ["one-card", "cost", "cannot-pay", "another-card"]


@pytest.mark.parametrize("copies,outcome,rules", [
    (("dead-pile",), "cannot", ["unique-dead-pile", "another-card"]),
    (("in-play-not-controlled",), "cannot", ["unique-not-controlled", "another-card"]),
    (("took-control",), "cannot", ["unique-control-taken", "another-card"]),
    (("in-play-not-controlled", "took-control"), "cannot",
     ["unique-not-controlled", "unique-control-taken", "another-card"]),
    (("dead-pile", "in-play-controlled"), "undecided", ["unique-dead-and-duplicate"]),
    (("dead-pile", "in-play-controlled", "took-control"), "cannot",
     ["unique-dead-pile", "unique-control-taken", "another-card"]),
    (("in-play-controlled",), "brought-out", ["cost", "pays", "duplicate", "resolves-fully"]),
    ((), "brought-out", ["cost", "pays", "standing", "resolves-fully"]),
])
def test_another_copy_of_a_unique_card(copies: tuple[str, ...], outcome: str, rules: list[str]) -> None:
    """«Las cartas únicas y las Sombras» ¶2, case by case; a refused card costs nothing."""
    turn = one(card(unique=True, copies=copies))
    assert turn.outcome == outcome
    assert rules_of(turn) == ["one-card", *rules]
    assert turn.enters == ("duplicate" if "duplicate" in rules else "standing" if outcome == "brought-out" else None)
    assert turn.gold_after == (8 if outcome == "brought-out" else 10)


@pytest.mark.parametrize("kind,target,enters,rule", [
    ("character", None, "standing", "standing"),
    ("location", None, "standing", "standing"),
    ("attachment", "Tyrion", "attached", "attaches"),
    ("attachment", None, "discarded", "discarded"),
    ("event", None, "event", "event"),
])
def test_how_each_card_type_comes_out(kind: str, target: str | None, enters: str, rule: str) -> None:
    turn = one(card(kind=kind, attach_to=target))
    assert (turn.enters, turn.attached_to, rules_of(turn)[3]) == (enters, target if enters == "attached" else None, rule)


def test_one_opportunity_each_and_passing_waits_for_the_next_phase() -> None:
    ana = Player("Ana", 5, (card("Varys"),), None, ())
    bruno = Player("Bruno", 5, (), None, ())
    carla = Player("Carla", 5, (card("Meñique"),), "Meñique", (("Emboscada", "Ana"), ("Traición", "Bruno")))
    result = run(ana, bruno, carla, first="Carla")
    turns = result.stages[0].turns
    assert [(t.player, t.outcome) for t in turns] == [("Carla", "brought-out"), ("Ana", "passed"), ("Bruno", "no-cards")]
    assert rules_of(turns[0])[-2:] == ["resolves-fully", "responses-order"]
    assert turns[0].responses == (("Emboscada", "Ana"), ("Traición", "Bruno"))
    assert rules_of(turns[1]) == ["one-card", "passes"] and rules_of(turns[2]) == ["no-cards"]


def test_the_other_beginning_effects_come_after_and_marshalling_adds_the_action() -> None:
    ana = Player("Ana", 5, (), None, ())
    plain = run(ana, effects=(("Torre", "Ana"),))
    assert [s.step for s in plain.stages] == ["out", "begin", "rest"]
    assert [n.rule for n in plain.stages[1].notes] == ["beginning-effects"]
    assert [n.rule for n in plain.stages[2].notes] == ["rest"]
    marshalling = run(ana, phase="marshalling", effects=(("Torre", "Ana"), ("Consejo", "Ana")))
    assert marshalling.phase == "Fase de Reclutamiento" and marshalling.marshalling
    assert [n.rule for n in marshalling.stages[1].notes] == ["beginning-effects", "beginning-order"]
    assert [n.rule for n in marshalling.stages[2].notes] == ["marshalling-into", "rest"]


@given(st.integers(0, 20))
def test_the_printed_cost_is_two_plus_the_shown_cost(cost: int) -> None:
    result = run(Player("Ana", 0, (card(cost=cost, printed_cost=True),), None, ()))
    assert [n.text for n in result.printed_costs] == [
        f"Coste impreso de Varys: 2 (llevarla a las Sombras) + {cost} (sacarla) = {cost + 2}."]


def test_every_decision_cites_the_addendum() -> None:
    result = run(Player("Ana", 1, (card(cost=3),), "Varys", ()), Player("Bruno", 9, (card("X", unique=True,
                 copies=("dead-pile",)),), "X", ()))
    notes = [n for s in result.stages for n in (*s.notes, *(m for t in s.turns for m in t.notes))]
    assert notes and all(n.cites and all(c.game == "agot1" for c in n.cites) for n in notes)


BAD = [
    ("players: []\n", 1, "players:"),
    ("players:\n  - {name: Ana, gold: -1}\n", 2, "gold: a whole number"),
    ("players:\n  - {name: Ana}\n  - {name: Ana}\n", 3, "Ana is given twice"),
    ("players:\n  - name: Ana\n    shadows:\n      - {card: V, type: event}\n", 4, "cost:"),
    ("players:\n  - name: Ana\n    responses: [{card: R, controller: Ana}]\n", 3, "give bring_out"),
    ("players:\n  - {name: Ana}\nat_beginning:\n  - {card: T, controller: Zoe}\n", 4, "controller: 'Zoe'"),
    ("players:\n  - {name: Ana}\nphase: 3\n", 3, "phase:"),
    ("players:\n  - {name: Ana}\nwhen: now\n", 3, "when: unknown scenario key"),
]


@pytest.mark.parametrize("text,line,message", BAD)
def test_scenario_errors_name_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(BadData) as caught:
        shadows.from_file(path)
    assert caught.value.line == line and message in caught.value.message


@given(st.recursive(st.none() | st.booleans() | st.integers(-2, 5) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["players", "name", "gold", "shadows", "card", "type", "cost", "copies",
                                         "bring_out", "first_player", "unique", "attach_to", "responses"]),
                        inner, max_size=4), max_leaves=12))
def test_any_scenario_is_stepped_or_refused_cleanly(tmp_path_factory: pytest.TempPathFactory, data: object) -> None:
    import yaml

    path = tmp_path_factory.mktemp("s") / "s.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    try:
        situation = shadows.from_file(path)
        shadows.step(situation, RULES, FRAMEWORK, SOURCE)
    except JudgeError:
        pass


def test_the_framework_data_of_agot1_has_no_trigger_catalogue_need() -> None:
    source, fw = data.framework_data("agot1")
    assert fw.game == "agot1" and source.get("agot1", "es", "shadows") is not None
