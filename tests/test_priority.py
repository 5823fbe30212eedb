"""The priority-and-stack engine of gp (judge/rules/priority.py) against rule 120, on generated scripts:
last in, first out; a resolution only after every player has passed in succession; the step ends
only with an empty stack; triggers go on the stack before anyone receives priority; a non-mandate
order only in the active player's command step with an empty stack."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from judge import glossary
from judge.rules import priority, timing
from judge.rules.runs import StackEvent, StackRun
from judge.rules.priority import Action, Scenario, Trigger

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("gp", GLOSSARY))
RULES = priority.load_rules(GLOSSARY / "gp" / "triggers.yaml")
PLAYERS = ("Ana", "Bruno", "Carla", "Dora")


def run(sc: Scenario) -> StackRun:
    return priority.run(sc, RULES, FRAMEWORK, LOADED, "es")


def scenario(players: tuple[str, ...], script: dict[str, tuple[Action, ...]], at: str = "after-2.1",
             active: str | None = None, triggers: tuple[Trigger, ...] = ()) -> Scenario:
    full = {p: script.get(p, ()) for p in players}
    return Scenario("gp", "es", players, active or players[0], at, full, triggers, (), "test")


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    players = PLAYERS[:draw(st.integers(2, 4))]
    counter = iter(range(1000))
    kinds = st.sampled_from(["pass", "pass", "mandate", "order", "ability", "special"])
    script = {}
    for p in players:
        acts = []
        for kind in draw(st.lists(kinds, max_size=5)):
            acts.append(Action(kind, None if kind == "pass" else f"{p}-{kind}-{next(counter)}", 1))
        script[p] = tuple(acts)
    names = [a.name for acts in script.values() for a in acts if a.name and a.kind != "special"]
    triggers = []
    for i, of in enumerate(draw(st.lists(st.sampled_from(names), max_size=4)) if names else []):
        when = draw(st.sampled_from(["played", "resolved"]))
        triggers.append(Trigger(f"T{i}", draw(st.sampled_from(players)), when, of, 1))
    if draw(st.booleans()):
        triggers.append(Trigger("Al comenzar", players[-1], "start", None, 1))
    at = draw(st.sampled_from(["after-2.1", "after-2.3", "3.1"]))
    return scenario(players, script, at, draw(st.sampled_from(players)), tuple(triggers))


def stack_before(log: tuple[StackEvent, ...], i: int) -> tuple[str, ...]:
    return log[i - 1].stack if i else ()


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_last_in_first_out(sc: Scenario) -> None:
    """120.7: what resolves is always the top of the stack just before, and the stack only
    grows at the top."""
    log = run(sc).log
    for i, event in enumerate(log):
        before = stack_before(log, i)
        if event.event == "resolve":
            assert before and before[-1] == event.object and event.stack == before[:-1]
        elif event.event in ("play", "activate", "trigger-to-stack"):
            assert event.stack == (*before, event.object)
        else:
            assert event.stack == before


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_resolution_only_after_every_player_passed_in_succession(sc: Scenario) -> None:
    """120.5: each resolution and the end of the step follow one pass of every player, in turn
    order, with no action in between."""
    log = run(sc).log
    for i, event in enumerate(log):
        if event.event in ("resolve", "step-ends"):
            actions = [e for e in log[:i] if e.event in ("pass", "play", "activate", "special-action")]
            last = actions[-len(sc.players):]
            assert [e.event for e in last] == ["pass"] * len(sc.players)
            start = sc.players.index(last[0].player or "")
            assert [e.player for e in last] == [sc.players[(start + k) % len(sc.players)] for k in range(len(sc.players))]


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_the_step_ends_once_with_an_empty_stack(sc: Scenario) -> None:
    result = run(sc)
    ends = [e for e in result.log if e.event == "step-ends"]
    assert ends == [result.log[-1]] and ends[0].stack == ()
    played = [e.object for e in result.log if e.event in ("play", "activate", "trigger-to-stack")]
    assert sorted(result.resolved) == sorted(played)  # everything put on the stack resolved


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_priority_follows_rule_120_4(sc: Scenario) -> None:
    """The active player receives priority first and after each resolution (120.4.a-b); a
    player who acts keeps it (120.4.c); a pass gives it to the next in turn order (120.4.d);
    and every triggered ability waiting is on the stack before anyone receives it (120.6)."""
    log = run(sc).log
    holder = None
    waiting: set[str] = set()
    for i, event in enumerate(log):
        if event.event == "triggered":
            waiting.add(event.object or "")
        elif event.event == "trigger-to-stack":
            waiting.discard(event.object or "")
        elif event.event == "priority":
            assert not waiting
            previous = [e for e in log[:i] if e.event in ("pass", "play", "activate", "special-action", "resolve")]
            if not previous or previous[-1].event == "resolve":
                assert event.player == sc.active
            elif previous[-1].event == "pass":
                assert event.player == sc.players[(sc.players.index(holder or "") + 1) % len(sc.players)]
            else:
                assert event.player == holder
            holder = event.player


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_non_mandate_orders_only_in_the_own_command_step_with_an_empty_stack(sc: Scenario) -> None:
    log = run(sc).log
    for i, event in enumerate(log):
        if event.rule in ("play-order", "order-refused"):
            allowed = event.player == sc.active and sc.at in RULES.command_steps and not stack_before(log, i)
            assert (event.rule == "play-order") == allowed


def test_a_trigger_of_a_resolution_goes_on_the_stack_before_the_active_player_receives_priority() -> None:
    sc = scenario(("Ana", "Bruno"), {"Ana": (Action("mandate", "Fruto de la Ira", 1),)},
                  triggers=(Trigger("Luto", "Bruno", "resolved", "Fruto de la Ira", 1),))
    events = [(e.event, e.player, e.object) for e in run(sc).log]
    i = events.index(("resolve", "Ana", "Fruto de la Ira"))
    assert events[i + 1:i + 4] == [("triggered", "Bruno", "Luto"), ("trigger-to-stack", "Bruno", "Luto"),
                                   ("priority", "Ana", None)]
    assert run(sc).resolved == ("Fruto de la Ira", "Luto")


def test_several_players_triggers_go_on_from_the_active_player_and_the_engine_says_the_rules_do_not_decide() -> None:
    sc = scenario(("Ana", "Bruno", "Carla"), {"Bruno": (Action("mandate", "M", 1),)}, active="Bruno",
                  triggers=(Trigger("A1", "Ana", "resolved", "M", 1), Trigger("C1", "Carla", "resolved", "M", 1),
                            Trigger("B1", "Bruno", "resolved", "M", 1)))
    result = run(sc)
    stacked = [e.object for e in result.log if e.event == "trigger-to-stack"]
    assert stacked == ["B1", "C1", "A1"]  # 101.4: active player, then turn order
    notes = [e for e in result.log if e.event == "note"]
    assert [n.rule for n in notes] == ["players-triggers-order"] and notes[0].open
    assert result.resolved == ("M", "A1", "C1", "B1")


def test_no_open_note_for_one_players_triggers() -> None:
    sc = scenario(("Ana", "Bruno"), {"Ana": (Action("mandate", "M", 1),)},
                  triggers=(Trigger("X", "Bruno", "resolved", "M", 1), Trigger("Y", "Bruno", "resolved", "M", 1)))
    result = run(sc)
    assert [e.rule for e in result.log if e.event == "note"] == ["own-triggers-order"]
    assert not any(e.open for e in result.log)
    assert result.resolved == ("M", "Y", "X")


def test_every_line_cites_rule_120_or_the_rule_it_applies() -> None:
    sc = scenario(("Ana", "Bruno"), {"Ana": (Action("mandate", "M", 1), Action("order", "O", 1))})
    for event in run(sc).log:
        assert event.cites, event
        assert all(c.rule for c in event.cites), event


def test_priority_at_a_step_without_a_printed_oportunidad_is_marked_open() -> None:
    notes = {at: [e.rule for e in run(scenario(("Ana", "Bruno"), {}, at=at)).log if e.open]
             for at in ("3.1", "after-2.1", "2.1")}
    assert notes == {"3.1": ["no-printed-opportunity"], "after-2.1": [], "2.1": []}
