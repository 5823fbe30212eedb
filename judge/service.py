"""The judge as a service: one JSON request in, one JSON response out.

`judge step` and `judge ask` call `step_output` and `ask_output`; the site's Resolver runs this
module under Pyodide in a Web Worker and calls `handle_json`, which answers with what those
commands print (the text and the `--format json` document) or the `Error: …` line they write, so
the browser and the command line share one code path. It imports neither click, whoosh nor
MkDocs.

Requests (`op` and its fields):

- `step`: `scenario` (the YAML text of a scenario file), `file` (its name in messages, default
  scenario.yaml), `lang` (like --lang; none: the scenario's), `width` (text columns).
- `ask`: `question`, `lang` (auto, es, cs), `game`, `width`.
- `parse`: `scenario`: the scenario's mapping as plain data (null when the YAML holds none).
- `meta`: `lang`: the games (with the languages their rules are printed in), each game's
  framework steps, each trigger-sequence game's triggers, the ability types and effects.

Response: `exit_code` (0, 1 nothing found, 2 bad input), `text`, `json`, `error` (the CLI's
stderr line, on exit 2) and `cites` (every cited entry once: game, id, lang, term) for linking.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.core.errors import JudgeError

if TYPE_CHECKING:
    from judge.core.yamldata import Located
    from judge.rules.sequence import Decide


def read_scenario(path: Path | None, text: str | None = None) -> Located | None:
    """The scenario file at `path` (or `text`, named as `path`) read once, with its limits and
    checks (judge.core.yamldata): its game, its engine and the engine's scenario all come from
    this mapping. None without a file (a scenario from options)."""
    from judge.core import yamldata

    return yamldata.load(path, text) if path is not None else None


def step_output(scenario: Located | None, options: dict[str, Any], abilities: tuple[str, ...], fmt: str, width: int,
                prompt: Callable[[dict[str, str]], Decide] | None = None) -> str:
    """`judge step`: the scenario (read_scenario's mapping) stepped by its game's engine, with
    `options` (the scenario's keys, None where not given) overriding its keys, rendered in `fmt`.
    `prompt` makes the trigger sequence's deciding function from the window labels (`judge step -i`)."""
    return step_renderer(scenario, options, abilities, prompt)(fmt, width)


def step_renderer(scenario: Located | None, options: dict[str, Any], abilities: tuple[str, ...],
                  prompt: Callable[[dict[str, str]], Decide] | None = None) -> Callable[[str, int], str]:
    """The situation stepped once; the function renders it in a format and width (the browser
    shows both the text and the JSON of one step)."""
    from judge.render import rules as render
    from judge.rules import api, data, registry, sequence

    step_game = registry.scenario_game(scenario, options.get("game"))
    engine = data.engine_of(step_game)
    if engine in registry.STEP_ENGINES:
        outcome, labels = registry.runner(engine)(scenario, step_game, options.get("lang"))
        return lambda fmt, width: render.engine_result(outcome, fmt, labels, width)
    situation = api.scenario_of(scenario, options, abilities)
    decide = prompt(api.window_labels(situation.game, situation.lang)) if prompt else sequence.scripted
    result, step_labels = api.step(situation, decide)
    return lambda fmt, width: render.step_result(result, fmt, step_labels, width)


def ask_output(question: str, lang: str, game: str | None, fmt: str, width: int) -> tuple[str, int]:
    """`judge ask`: the answer rendered, and the exit code (1 when the question finds no answer)."""
    text, code = ask_renderer(question, lang, game)
    return text(fmt, width), code


def ask_renderer(question: str, lang: str, game: str | None) -> tuple[Callable[[str, int], str], int]:
    """The question answered once: its renderer and the exit code (1 when there is no answer)."""
    from judge.render import rules as render
    from judge.rules import api

    result, labels = api.ask(question, api.question_lang(question, lang), game)
    return (lambda fmt, width: render.ask_answer(result, fmt, labels, width)), 0 if result.answer is not None else 1


def handle_json(request: str) -> str:
    """`handle` for a caller that speaks JSON text (the Web Worker)."""
    import json  # here and below, not at the top: `judge step` and `judge ask` never parse JSON

    return json.dumps(handle(json.loads(request)), ensure_ascii=False)


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """One request → its response; a bad input is the CLI's `Error: …` with exit code 2."""
    op = request.get("op")
    handler = _HANDLERS.get(str(op))
    if handler is None:
        return _failure(2, f"unknown request {op!r}")
    try:
        return handler(request)
    except JudgeError as error:
        return _failure(error.exit_code, str(error))


def _failure(code: int, message: str) -> dict[str, Any]:
    return {"exit_code": code, "text": "", "json": None, "error": f"Error: {message}", "cites": []}


def _step(request: dict[str, Any]) -> dict[str, Any]:
    """The scenario is written as a file named as given, in the working directory, so every
    message names it as `judge step scenario.yaml` run beside it would."""
    path = Path(str(request.get("file") or "scenario.yaml"))
    if path.name != str(path):
        return _failure(2, f"{path}: a file name, without folders")
    text = str(request.get("scenario", ""))
    (Path.cwd() / path).write_text(text, "utf-8")
    options = {"lang": request.get("lang")}
    width = int(request.get("width", 80))
    return _response(step_renderer(read_scenario(path, text), options, ()), 0, width)


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    question, lang, game = str(request.get("question", "")), str(request.get("lang") or "auto"), request.get("game")
    width = int(request.get("width", 80))
    rendered, code = ask_renderer(question, lang, game)
    return _response(rendered, code, width)


def _response(rendered: Callable[[str, int], str], code: int, width: int) -> dict[str, Any]:
    """One result as the page shows it: the CLI's text, its JSON and the entries it cites."""
    import json

    text, document = rendered("text", width), json.loads(rendered("json", width))
    return {"exit_code": code, "text": text, "json": document, "error": None, "cites": cited(document)}


def cited(document: Any) -> list[dict[str, str]]:
    """Every entry a rendered JSON document cites, once, in order of first appearance."""
    found: dict[tuple[str, str, str], dict[str, str]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if {"game", "id", "lang", "term", "para"} <= node.keys():
                key = (node["game"], node["id"], node["lang"])
                found.setdefault(key, {"game": key[0], "id": key[1], "lang": key[2], "term": node["term"]})
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return list(found.values())


def _parse(request: dict[str, Any]) -> dict[str, Any]:
    """The scenario as plain data, for the Resolver's form: the mapping the YAML holds (or null
    when it is not a mapping of plain values); the page's form says whether it fits its fields,
    and leaves anything else to the YAML box, whose step shows the CLI's message."""
    import json

    import yaml

    try:
        data = yaml.safe_load(str(request.get("scenario", "")))
        json.dumps(data)  # plain values only (a date, say, stays in the YAML box)
    except (yaml.YAMLError, TypeError, ValueError):
        data = None
    game = data.get("game") if isinstance(data, dict) else None
    return {"exit_code": 0, "text": "", "json": {"game": game if isinstance(game, str) else None,
                                                 "scenario": data if isinstance(data, dict) else None},
            "error": None, "cites": []}


def _meta(request: dict[str, Any]) -> dict[str, Any]:
    from judge.core.labels import game_title
    from judge.core.text import fold
    from judge.rules import data, registry
    from judge.rules import api
    from judge.rules.kinds import ABILITY_TYPES, EFFECTS

    lang = str(request.get("lang") or "es")
    games = data.loaded_glossary().games()
    triggers: dict[str, list[dict[str, str]]] = {}
    steps: dict[str, list[dict[str, str]]] = {}
    langs: dict[str, list[str]] = {}
    for game in games:
        # the languages its step prints in: its engine's labels (a step engine), else its framework's
        langs[game] = list(getattr(data.engine_data(game), "labels", None) or data.framework(game).langs)
        step_lang = lang if lang in langs[game] else langs[game][0]
        timeline, _ = api.timeline(game, step_lang, True, None)
        steps[game] = [{"id": item.id or item.window or "", "title": item.title} for item in timeline.items]
        if data.engine_of(game) != registry.TRIGGER_SEQUENCE:
            continue
        _, _, catalogue = data.sequence_data(game)
        triggers[game] = [{"id": t.id, "title": t.title.get(lang) or next(iter(t.title.values())),
                           "search": fold(" ".join([t.id, *t.title.values(), *(p for ps in t.phrases.values() for p in ps)]))}
                          for t in catalogue.triggers]
    document = {"games": [{"id": game, "title": game_title(game, lang), "langs": langs[game]} for game in games],
                "triggers": triggers, "steps": steps, "types": list(ABILITY_TYPES), "effects": list(EFFECTS)}
    return {"exit_code": 0, "text": "", "json": document, "error": None, "cites": []}


_HANDLERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "step": _step, "ask": _ask, "parse": _parse, "meta": _meta,
}


def workdir(folder: str) -> None:
    """Where `step` writes the scenario it is given (the browser's virtual disk)."""
    os.makedirs(folder, exist_ok=True)
    os.chdir(folder)


def use_catalogue(path: str) -> None:
    """Read the rules from the site's compiled catalogue (judge.rules.catalogue): the browser
    has no glossary files."""
    from judge.rules import catalogue

    catalogue.install(catalogue.load(Path(path)))
