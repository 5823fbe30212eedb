"""Text and JSON of the rules core: the timeline, a stepped triggering condition, an answer
to a question, and the other engines' runs (gp's stack, agot1's Shadows, agot-board's combat)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from judge.core.model import Cite
from judge.render import DEFAULT_WIDTH, cite_dict, cites_line, table, to_json, wrap

if TYPE_CHECKING:  # each renderer is handed its result: importing them all would create every type
    from judge.rules.answers import Answer
    from judge.rules.model import Note
    from judge.rules.timelines import Timeline, TimelineItem
    from judge.rules.runs import ShadowsResult, ShadowsStage, ShadowsTurn, StackEvent, StackRun
    from judge.rules.stepped import AbilityUse, FrameworkRun, Opportunity, SequenceItem, StepResult


def timeline(result: Timeline, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the chart phase by phase, one step or window per line, with cites and loops."""
    if fmt == "json":
        return to_json({"game": result.game, "format": result.format, "lang": result.lang,
                        "items": [_timeline_item(i) for i in result.items]})
    lines: list[str] = []
    phase = None
    for item in result.items:
        if item.phase != phase:
            lines += ([""] if lines else []) + [_phase_heading(item)]
            lines += wrap(item.phase_note, width, "  ", "  ") if item.phase_note else []
            phase = item.phase
        label = item.id or "▸"
        head = f"{item.title}" + (f" ({labels['melee']})" if item.melee_only else "")
        head += f" [{item.window}]" if item.window else ""
        lines += wrap(head, width, f"  {label:<7}", " " * 9)
        for sub in item.substeps:
            lines += wrap(f"{sub.title}", width, f"{'':9}{sub.id:<4}", " " * 13)
        if item.creates:
            lines += wrap(f"{labels['creates']}: {', '.join(item.creates)}", width, " " * 9, " " * 11)
        if item.loop:
            lines += wrap(f"↺ {labels['loop']} {item.loop.to} ({cites_line(item.loop.cites)})", width, " " * 9, " " * 11)
        lines += wrap(f"§ {cites_line(item.cites)}", width, " " * 9, " " * 11)
    return "\n".join(lines) + "\n"


def _timeline_item(item: TimelineItem) -> dict[str, Any]:
    return {
        "kind": item.kind, "id": item.id, "window": item.window, "title": item.title, "phase": item.phase,
        "melee_only": item.melee_only, "creates": list(item.creates),
        "substeps": [{"id": s.id, "title": s.title, "creates": list(s.creates), "cites": [cite_dict(c) for c in s.cites]}
                     for s in item.substeps],
        "loop": {"to": item.loop.to, "cites": [cite_dict(c) for c in item.loop.cites]} if item.loop else None,
        "cites": [cite_dict(c) for c in item.cites],
        **({} if item.phase_numbered else {"phase_numbered": False}),
        **({"phase_note": item.phase_note} if item.phase_note else {}),
    }


def step_result(result: StepResult, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the situation, then each framework run and each of the seven steps, nested
    sequences indented under the ability that created them."""
    if fmt == "json":
        return to_json(step_dict(result))
    lines = [f"{labels['players']}: {', '.join(result.players)} · {labels['first_player']}: {result.first_player}"
             + (f" · {labels['at']}: {result.at}" if result.at else "")]
    for run in result.framework:
        lines += [""] + _framework_lines(run, labels, width, "")
    if result.sequence:
        lines += [""] + _sequence_lines(result, labels, width, "")
    if result.next:
        lines += ["", f"{labels['next']}: {result.next}"]
    return "\n".join(lines) + "\n"


def step_dict(result: StepResult) -> dict[str, Any]:
    return {
        "game": result.game, "lang": result.lang, "trigger": result.trigger, "title": result.title,
        "occurrences": result.occurrences, "outcome": result.outcome, "conditions": list(result.conditions),
        "players": list(result.players), "first_player": result.first_player, "at": result.at,
        "framework": [_framework_dict(r) for r in result.framework],
        "sequence": [_sequence_dict(i) for i in result.sequence],
        "next": result.next, "cites": [cite_dict(c) for c in result.cites],
        "shared_with": list(result.shared_with),
    }


def _ability_dict(use: AbilityUse) -> dict[str, Any]:
    return {"card": use.card, "controller": use.controller, "type": use.type, "effect": use.effect,
            "used": use.used, "occurrence": use.occurrence, "ability": use.ability, "cancelled": use.cancelled,
            "reason": _note_dict(use.reason) if use.reason else None}


def _nested_dicts(uses: Sequence[AbilityUse]) -> list[dict[str, Any]]:
    return [{"from": u.card, **step_dict(n)} for u in uses for n in u.nested]


def _note_dict(note: Note) -> dict[str, Any]:
    return {"rule": note.rule, "text": note.text, "open": note.open, "cites": [cite_dict(c) for c in note.cites]}


def _sequence_dict(item: SequenceItem) -> dict[str, Any]:
    return {
        "n": item.n, "kind": item.kind, "title": item.title, "done": item.done, "first": item.first,
        "ordered_by": item.ordered_by, "abilities": [_ability_dict(u) for u in item.abilities],
        "opportunities": [{"player": o.player, "action": o.action} for o in item.opportunities],
        "nested": _nested_dicts(item.abilities), "notes": [_note_dict(n) for n in item.notes],
        "cites": [cite_dict(c) for c in item.cites],
    }


def _framework_dict(run: FrameworkRun) -> dict[str, Any]:
    return {
        "step": run.step, "kind": run.kind, "title": run.title, "first": run.first, "ordered_by": run.ordered_by,
        "abilities": [_ability_dict(u) for u in run.abilities],
        "opportunities": [{"player": o.player, "action": o.action} for o in run.opportunities],
        "nested": _nested_dicts(run.abilities), "notes": [_note_dict(n) for n in run.notes],
        "cites": [cite_dict(c) for c in run.cites], "previous_first": run.previous_first,
    }


def _sequence_lines(result: StepResult, labels: dict[str, str], width: int, indent: str) -> list[str]:
    count = f" · {result.occurrences} × {labels['occurrence']}" if result.occurrences > 1 else ""
    ids = " + ".join([str(result.trigger), *result.shared_with])
    lines = wrap(f"{result.title} ({ids}){count}", width, indent, indent + "  ")
    statuses = ", ".join(f"#{k} {labels.get(s, s)}" for k, s in enumerate(result.conditions, 1))
    lines += wrap(f"{labels['outcome']}: {labels.get(result.outcome or '', result.outcome or '')}"
                   + (f" ({statuses})" if len(result.conditions) > 1 else ""), width, indent, indent + "  ")
    lines += wrap(f"§ {cites_line(result.cites)}", width, indent, indent + "  ")
    for item in result.sequence:
        lines += _item_lines(item.n, item.title, item.done, item.first, item.ordered_by, item.abilities,
                             item.opportunities, item.notes, item.cites, labels, width, indent)
    return lines


def _framework_lines(run: FrameworkRun, labels: dict[str, str], width: int, indent: str) -> list[str]:
    name = f"{run.step} {run.title}" if run.kind != "keyword-group" else f"{run.step} {labels['keyword-group']}: {run.title}"
    if run.kind == "first-player":
        name += f" — {labels['first_player']}: {run.previous_first} → {run.first}"
    return _item_lines(None, name, True, None if run.kind == "first-player" else run.first, run.ordered_by, run.abilities, run.opportunities, run.notes,
                       run.cites, labels, width, indent)


def _item_lines(n: int | None, title: str, done: bool, first: str | None, ordered_by: str | None,
                uses: Sequence[AbilityUse], log: Sequence[Opportunity], notes: Sequence[Note],
                cites: Sequence[Cite], labels: dict[str, str], width: int, indent: str) -> list[str]:
    head = f"{n}. {title}" if n is not None else title
    if not done:
        head += f" — {labels['skipped']}"
    elif first:
        head += f" — {labels['first']}: {first}"
    elif ordered_by:
        head += f" — {labels['ordered_by']}: {ordered_by}"
    body = indent + "   "
    lines = wrap(head, width, indent, body)
    if log:
        turns = " · ".join(f"{o.player} {labels['pass']}" if o.action == "pass" else f"{o.player}: {o.action}"
                           for o in log)
        lines += wrap(turns, width, body, body + "  ")
    for use in uses:
        mark = "✓" if use.used else "✗"
        effect = f", {use.effect}" if use.effect != "none" else ""
        target = f" #{use.occurrence}" if use.occurrence else ""
        why = f" — {_note_text(use.reason)}" if use.reason else ""
        lines += wrap(f"{mark} {use.card} ({use.controller}, {use.type}{effect}){target}{why}", width, body,
                      body + "  ")
        for nested in use.nested:
            lines += wrap(f"↳ {labels['nested']}:", width, body + "  ", body + "    ")
            lines += _sequence_lines(nested, labels, width, body + "    ")
    for note in notes:
        mark = f"[?] {labels['open']}: " if note.open else "• "
        lines += wrap(f"{mark}{_note_text(note)}", width, body, body + "  ")
    if cites:
        lines += wrap(f"§ {cites_line(cites)}", width, body, body + "  ")
    return lines


def _note_text(note: Note) -> str:
    """A rule and its cites; a rule with no block in this language (Encomienda in Czech) bare."""
    return f"{note.text} ({cites_line(note.cites)})" if note.cites else note.text


def triggers_list(rows: Sequence[tuple[str, str, str]], fmt: str) -> str:
    """`judge step --list-triggers`: id, steps, title (in the chosen language)."""
    if fmt == "json":
        return to_json({"triggers": [{"id": i, "steps": s.split(", ") if s else [], "title": t} for i, s, t in rows]})
    return "".join(line + "\n" for line in table([[i, s or "—", t] for i, s, t in rows]))


def ask_answer(result: Answer, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the answer (verdict, step, window, who, next), the justifying paragraph with its
    words, the other paragraphs, and the scenario that steps the situation. JSON: today's
    fields (question, lang, matches, answer, cites) plus kind, verdict (and what it rests on:
    verdict_from, stance), step, window, who, next, the ranked evidence, how clear the first
    paragraph's lead is (certainty: a close call quotes the second too) and the scenario."""
    if fmt == "json":
        return to_json({
            "question": result.question, "lang": result.lang, "kind": list(result.kinds),
            "verdict": result.verdict, "verdict_from": result.verdict_from, "stance": result.stance,
            "step": result.step, "window": result.window, "who": result.who, "next": result.next,
            "matches": [{"trigger": m.trigger, "title": m.title, "step": m.step, "window": m.window,
                         "score": m.score, "phrase": m.phrase} for m in result.matches],
            "answer": result.answer, "cites": [cite_dict(c) for c in result.cites],
            "evidence": [{"cite": cite_dict(e.cite), "score": e.score, "source": e.source, "text": e.text}
                         for e in result.evidence],
            "scenario": result.scenario, "certainty": result.certainty,
        })
    if result.answer is None:
        lines = wrap(labels["ask-unknown"], width)
        if result.cites:
            lines += wrap(f"{labels['ask-closest']}: § {cites_line(result.cites)}", width, "", "  ")
        return "\n".join(lines) + "\n"
    lines = wrap(result.answer or "", width)
    first, *others = result.evidence
    lines += [""] + wrap(f"§ {cites_line([first.cite])}: «{_excerpt(first.text)}»", width, "", "  ")
    if result.certainty == "close" and others:  # nearly as good: the judge reads both
        second, *others = others
        lines += [labels["ask-close"]] + wrap(f"§ {cites_line([second.cite])}: «{_excerpt(second.text)}»", width, "", "  ")
    if others:
        lines += wrap(f"{labels['ask-evidence']}: § {cites_line([e.cite for e in others])}", width, "", "  ")
    if result.scenario:
        lines += ["", labels["ask-scenario"]] + ["  " + line for line in result.scenario.splitlines()]
    return "\n".join(lines) + "\n"


def _excerpt(text: str, limit: int = 240) -> str:
    """The paragraph's words, cut at a word near `limit` characters."""
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def stack_run(result: StackRun, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """Text: the step, then one numbered line per event with the stack after it and its cites,
    then the order of resolution and the next framework item."""
    if fmt == "json":
        return to_json({
            "game": result.game, "lang": result.lang, "players": list(result.players), "active": result.active,
            "at": result.at, "title": result.title, "log": [_stack_event_dict(e) for e in result.log],
            "resolved": list(result.resolved), "next": result.next,
        })
    players = ", ".join(f"{p} ({labels['active']})" if p == result.active else p for p in result.players)
    lines = wrap(f"{labels['title']} — {result.title} [{result.at}] · {labels['players']}: {players}",
                  width, "", "  ")
    for event in result.log:
        lines += [""] + _stack_event_lines(event, labels, width)
    order = " · ".join(f"{i}. {name}" for i, name in enumerate(result.resolved, 1)) or labels["none"]
    lines += [""] + wrap(f"{labels['resolved']}: {order}", width, "", "  ")
    if result.next:
        lines.append(f"{labels['next']}: {result.next}")
    return "\n".join(lines) + "\n"


def _stack_event_lines(event: StackEvent, labels: dict[str, str], width: int) -> list[str]:
    mark = f"{labels['open']} " if event.open else f"{labels['refused']}: " if event.event == "refused" else ""
    lines = wrap(f"{mark}{event.text}", width, f"{event.n:>3}. ", " " * 5)
    if event.event in ("play", "activate", "resolve", "trigger-to-stack"):
        lines += wrap(f"{labels['stack']}: {' > '.join(reversed(event.stack)) or labels['empty']}",
                       width, " " * 5, " " * 7)
    lines += wrap(f"§ {cites_line(event.cites)}", width, " " * 5, " " * 7)
    return lines


def _stack_event_dict(event: StackEvent) -> dict[str, Any]:
    return {"n": event.n, "event": event.event, "rule": event.rule, "player": event.player, "object": event.object,
            "text": event.text, "open": event.open, "stack": list(event.stack),
            "cites": [cite_dict(c) for c in event.cites]}


def _phase_heading(item: TimelineItem) -> str:
    """"3. Fase de Reclutamiento"; a phase the rules print no number for shows its title only."""
    return f"{item.phase}. {item.phase_title}" if item.phase_numbered else item.phase_title


def shadows(result: ShadowsResult, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """`judge step` for agot1: the phase's beginning, step by step (docs/cli.md «step: Shadows»).
    Text: each framework step with its cites, the rules it applied, and one line per player's
    opportunity in turn order; an open rule is marked [?]."""
    if fmt == "json":
        return to_json(_shadows_dict(result))
    lines = [f"{labels['phase']}: {result.phase} · {labels['players']}: {', '.join(result.players)} · "
             f"{labels['first_player']}: {result.first_player}"]
    for stage in result.stages:
        lines += [""] + wrap(stage.title, width, f"{stage.step:<7}", " " * 7)
        lines += wrap(f"§ {cites_line(stage.cites)}", width, " " * 7, " " * 9)
        lines += _shadows_notes(stage.notes, labels, width, " " * 7)
        for n, turn in enumerate(stage.turns, 1):
            lines += _shadows_turn(n, turn, labels, width)
    if result.printed_costs:
        lines += ["", labels["printed_cost"]] + _shadows_notes(result.printed_costs, labels, width, " " * 7)
    return "\n".join(lines) + "\n"


def _shadows_turn(n: int, turn: ShadowsTurn, labels: dict[str, str], width: int) -> list[str]:
    card = f"{turn.card} ({labels[f'type-{turn.card_type}']}) — " if turn.card else ""
    gold = f" · {labels['gold']}: {turn.gold_before} → {turn.gold_after}" if turn.paid is not None else ""
    lines = wrap(f"{n}. {turn.player}: {card}{labels[f'outcome-{turn.outcome}']}{gold}", width, "  ", " " * 7)
    lines += _shadows_notes(turn.notes, labels, width, " " * 7)
    if turn.responses:
        answered = ", ".join(f"{card} ({controller})" for card, controller in turn.responses)
        lines += wrap(f"{labels['responses']}: {answered}", width, " " * 7, " " * 9)
    return lines


def _shadows_notes(notes: Sequence[Note], labels: dict[str, str], width: int, indent: str) -> list[str]:
    lines: list[str] = []
    for note in notes:
        mark = f"[?] {labels['open']}: " if note.open else "• "
        lines += wrap(f"{mark}{note.text} ({cites_line(note.cites)})", width, indent, indent + "  ")
    return lines


def _shadows_dict(result: ShadowsResult) -> dict[str, Any]:
    return {
        "game": result.game, "lang": result.lang, "engine": "shadows", "phase": result.phase,
        "marshalling": result.marshalling, "players": list(result.players), "first_player": result.first_player,
        "order": list(result.order), "stages": [_shadows_stage_dict(s) for s in result.stages],
        "printed_costs": [_note_dict(n) for n in result.printed_costs],
    }


def _shadows_stage_dict(stage: ShadowsStage) -> dict[str, Any]:
    return {
        "step": stage.step, "title": stage.title, "cites": [cite_dict(c) for c in stage.cites],
        "notes": [_note_dict(n) for n in stage.notes],
        "turns": [{
            "player": t.player, "card": t.card, "type": t.card_type, "outcome": t.outcome, "paid": t.paid,
            "gold_before": t.gold_before, "gold_after": t.gold_after, "enters": t.enters,
            "attached_to": t.attached_to, "responses": [{"card": c, "controller": p} for c, p in t.responses],
            "notes": [_note_dict(n) for n in t.notes],
        } for t in stage.turns],
    }


def combat_result(result: Any, fmt: str, width: int = DEFAULT_WIDTH) -> str:
    """A board game combat (judge/rules/combat.py): the battle, then each step of the combat sequence
    with its lines, each citing the blocks that rule it; `[?]` lines are left open by the rules."""
    if fmt == "json":
        return to_json(combat_dict(result))
    labels = result.labels
    terrain = labels["sea"] if result.sea else labels["castle"] if result.castle else labels["no_castle"]
    lines = [f"{labels['combat']} {result.area} ({terrain}) · {labels['attacker']}: {result.houses['attacker']}"
             f" · {labels['defender']}: {result.houses['defender']}"]
    for step in result.steps:
        lines += ["", f"{step.id}  {step.title}"]
        lines += _combat_lines(step.lines, width, "    ")
        for sub in step.substeps:
            lines += [f"    {sub.id}  {sub.title}"]
            lines += _combat_lines(sub.lines, width, "        ")
    victor = result.houses[result.victor]
    lines += ["", f"{labels['victor']}: {victor} ({result.final['attacker']}–{result.final['defender']})"
              f" · {labels['casualties']}: {result.casualties or labels['none']}"]
    return "\n".join(lines) + "\n"


def _combat_lines(lines: Sequence[Any], width: int, indent: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out += wrap(line.text, width, indent + "- ", indent + "  ")
        if line.cites:
            out += wrap(f"§ {cites_line(line.cites)}", width, indent + "  ", indent + "    ")
    return out


def combat_dict(result: Any) -> dict[str, Any]:
    def step(s: Any) -> dict[str, Any]:
        return {"id": s.id, "title": s.title,
                "lines": [{"text": line.text, "open": line.open, "cites": [cite_dict(c) for c in line.cites]}
                          for line in s.lines],
                "substeps": [step(sub) for sub in s.substeps]}

    return {"game": result.game, "lang": result.lang, "engine": "combat",
            "area": {"name": result.area, "castle": result.castle, "sea": result.sea},
            "houses": result.houses, "initial": result.initial, "final": result.final,
            "victor": result.victor, "casualties": result.casualties,
            "steps": [step(s) for s in result.steps]}


def engine_result(result: object, fmt: str, labels: dict[str, str], width: int = DEFAULT_WIDTH) -> str:
    """The output of a step engine other than the trigger sequence (judge/rules/registry.py)."""
    from judge.rules.combat import CombatResult
    from judge.rules.runs import ShadowsResult, StackRun

    if isinstance(result, StackRun):
        return stack_run(result, fmt, labels, width)
    if isinstance(result, ShadowsResult):
        return shadows(result, fmt, labels, width)
    if isinstance(result, CombatResult):
        return combat_result(result, fmt, width)
    raise TypeError(f"no output for {type(result).__name__}")
