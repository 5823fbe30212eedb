"""The `judge` command line: parse the options, call one domain function, render the result."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from judge import __version__
from judge.core.errors import JudgeError, UsageProblem, printable, shorten
from judge.core.model import KINDS
from judge.core.paths import display
from judge.render import FORMATS, TERM_FORMATS, terminal_width, use_color
from judge.render import built as built_report
from judge.rules.kinds import ABILITY_TYPES

if TYPE_CHECKING:
    from judge.glossary import Glossary
    from judge.glossary.views import Concept
    from judge.rules.scenario import Ability
    from judge.rules.sequence import Decide, Pending, WindowState

# Each command imports the modules it uses when it runs: `judge show` never loads the checks,
# whoosh or the engines.


class JudgeGroup(click.Group):
    """The one place a JudgeError crosses into the CLI: `Error: …` on stderr, its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except JudgeError as error:
            click.echo(f"Error: {printable(str(error))}", err=True)
            ctx.exit(error.exit_code)


# A query or question longer than this is refused (docs/cli.md, "Limits"): it is no name and no
# question, and matching it against every name and word would take seconds.
MAX_QUERY = 1000


def _bounded(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if len(value) > MAX_QUERY:
        raise click.BadParameter(f"{len(value):,} characters; at most {MAX_QUERY:,}", ctx, param)
    return value


format_option = click.option(
    "--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
    help="text for people, json for scripts (shapes in docs/cli.md).",
)
game_option = click.option("--game", metavar="GAME", help="Game folder of the glossary, e.g. agot2.")


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="judge")
def cli() -> None:
    """Rules reference and judge assistant for A Game of Thrones: The Card Game (2nd edition)
    in Spanish and Czech. Look up a rule by its term in either language, read it with numbered
    paragraphs to cite (¶n), compare both languages side by side, and check the translation.
    The glossary is glossary/ in a checkout, the copy inside the package when installed, or
    the folder named by JUDGE_GLOSSARY.

    \b
    Games (--game; default agot2, search and check cover every game without it):
      agot2       the card game, 2nd edition: Rules Reference (es, cs)
      agot1       the card game, 1st edition: the Shadows addendum (es)
      agot-board  the board game, 2nd edition: rulebook (es)
      gp          Gobierno & Prestigio: complete rules, numbered (es)

    \b
    Examples:
      judge show "condicion de activacion" --lang both
      judge search jugador --game gp
    """


@cli.command("show", short_help="Print one entry with numbered paragraphs, in es, cs or both.")
@click.argument("query", metavar="ID_OR_TERM", callback=_bounded)
@game_option
@click.option("--lang", type=click.Choice(["es", "cs", "both"]), default="es", show_default=True,
              help="Language to print; both puts Spanish and Czech side by side.")
@format_option
def show_command(query: str, game: str | None, lang: str, fmt: str) -> None:
    """Print one glossary entry: its term, aliases, kind, numbered paragraphs (¶n, the unit a
    ruling cites), see-also terms and source. ID_OR_TERM is an id, a term or an alias in
    either language; case and accents do not matter. When no name matches, the query is
    searched as `judge search` does and its top hit is shown if it is clearly ahead of the
    next one; otherwise it exits 1 with suggestions.

    GAME:ID_OR_TERM names the game (agot2:cancel). In a game whose rules are numbered (gp), a
    rule number shows the block printed with it and its sub-rules, with its cite
    (gp:120.4.a); a group number shows the whole group (gp:120); a number the rules do not
    print exits 1 with the nearest numbers.

    \b
    Examples:
      judge show anular
      judge show zrusit --lang both
      judge show gp:120.4.a
      judge show agot2:cancel --format json
    """
    from judge import glossary
    from judge.glossary import lookup
    from judge.render import glossary as render

    langs = ("es", "cs") if lang == "both" else (lang,)
    found = lookup.find(glossary.load(), query, game, langs, _search_fallback)
    click.echo(render.show(found, fmt, terminal_width(), use_color(fmt)), nl=False)


def _search_fallback(loaded: Glossary, query: str, game: str | None, langs: tuple[str, ...]) -> Concept:
    """`judge show` of a name that matches nothing: the query searched as `judge search` does,
    within the game asked for; what is shown is said to be a search result, not the entry named."""
    from judge.search import index

    found = index.concept(loaded, query, game, langs)
    _note(f'no entry is named "{printable(shorten(query))}"; showing the best search result, '
          f"{found.game}/{found.id}")
    return found


@cli.command("list", short_help="List the concepts of a game with their Spanish and Czech terms.")
@game_option
@click.option("--lang", type=click.Choice(["es", "cs", "all"]), default="all", show_default=True,
              help="Only concepts that have an entry in this language.")
@click.option("--kind", type=click.Choice(KINDS), help="Only concepts of this kind.")
@format_option
def list_command(game: str | None, lang: str, kind: str | None, fmt: str) -> None:
    """List the concepts of a game (default agot2), one line each: id, kind, Spanish term,
    Czech term ("—" where a language has no entry). The JSON form adds counts of concepts in
    both languages or in one only, per kind. An empty listing is not an error.

    \b
    Examples:
      judge list --kind step
      judge list --lang es --format json
    """
    from judge import glossary
    from judge.render import glossary as render

    loaded = glossary.load()
    result = loaded.listing(loaded.pick_game(game), lang, kind)
    click.echo(render.listing(result, fmt), nl=False)


def _check_help() -> str:
    from judge.translate import checks

    rows = "\n".join(f"      {c.id:<20} {c.severity:<8} {c.explanation}" for c in checks.CHECKS)
    return f"""Report what a translator should fix: what does not load, what is missing in one
    language, and where the Spanish and Czech texts disagree (numbers, structure, icons, key
    terms, typography, spelling, term consistency). Text output is grouped by entry as
    path:line and says nothing about what is fine. Exits 1 if any problem is an error (with
    --strict, any problem at all), 2 on bad usage such as an unknown check id.

    \b
    Checks (id, severity, what it finds):
{rows}

    A game with no entry at all in a language (agot1, agot-board, gp have no Czech) is
    summarised in one backlog line per language, not a warning per entry; --format json lists
    its entries in the rulebook's order (summary.backlog). Without --game, every game.

    \b
    Examples:
      judge check --game agot2
      judge check --game gp --lang cs --format json
      judge check --only numbers,key-terms --lang cs --format json
    """


def _ids(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...]:
    from judge.translate import checks

    names = tuple(n.strip() for n in (value or "").split(",") if n.strip())
    try:
        checks.select(names, ())
    except JudgeError as error:
        raise click.BadParameter(str(error).removeprefix("unknown check "), ctx, param) from None
    return names


class _CheckCommand(click.Command):
    """`judge check`: its help lists the checks, read from the checks module when the help is
    shown (importing it at every start would cost every command its load time)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help = self.help or _check_help()
        super().format_help_text(ctx, formatter)


@cli.command("check", cls=_CheckCommand,
             short_help="Report validation and translation problems; exit 1 on errors.")
@game_option
@click.option("--lang", type=click.Choice(["es", "cs"]), help="Only problems of this language's files.")
@click.option("--only", metavar="ID,...", callback=_ids, help="Run only these checks (comma-separated ids).")
@click.option("--skip", metavar="ID,...", callback=_ids, help="Do not run these checks.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@format_option
@click.pass_context
def check_command(ctx: click.Context, game: str | None, lang: str | None, only: tuple[str, ...],
                  skip: tuple[str, ...], strict: bool, fmt: str) -> None:
    from judge.core import paths
    from judge.render import translate as render
    from judge.translate import checks

    result = checks.run_checks(paths.glossary_root(), game, only, skip, lang)
    for notice in result.summary.skipped.values():
        click.echo(notice, err=True)
    click.echo(render.report(result, fmt, use_color(fmt)), nl=False)
    ctx.exit(result.strict_exit_code() if strict else result.exit_code)


@cli.command("terms", short_help="Export the term base (id, Spanish and Czech terms) as CSV or TBX.")
@game_option
@click.option("--format", "fmt", type=click.Choice(TERM_FORMATS), default="csv", show_default=True,
              help="csv for spreadsheets, tbx (TBX-Basic XML) for CAT tools.")
def terms_command(game: str | None, fmt: str) -> None:
    """Export the term base: one row per concept of a game (default agot2) with its id, kind,
    Spanish term and aliases, Czech term and aliases. CSV has the columns id, kind, es_term,
    es_aliases, cs_term, cs_aliases (aliases joined by "; "); TBX is TBX-Basic XML with one
    termEntry per concept and one langSet per language, for CAT tools such as OmegaT,
    memoQ or Trados.

    \b
    Examples:
      judge terms > terms.csv
      judge terms --format tbx > agot2.tbx
    """
    from judge import glossary
    from judge.render import translate as render
    from judge.translate import termbase

    loaded = glossary.load()
    click.echo(render.term_base(termbase.build(loaded, loaded.pick_game(game)), fmt), nl=False)


@cli.group("translate", short_help="Exchange files for CAT tools: XLIFF/PO export, TMX memory, import as drafts.")
def translate_group() -> None:
    """Translate the backlog in a CAT tool (OmegaT, Poedit, Weblate, Lokalize, memoQ, Trados):
    export a game's Spanish blocks as XLIFF or PO units, give the tool the agot2 translation
    memory (TMX) and the term base (TBX, `judge terms`), then import the translated file. Its
    entries become drafts (status: draft) in glossary/<game>/cs/, which `judge check` checks
    like any translation and counts in its backlog, and the site marks as drafts.

    \b
    Examples:
      judge translate export --game agot1 --to cs -o agot1.cs.xlf
      judge translate memory -o agot2.es-cs.tmx
      judge terms --format tbx > agot2.tbx
      judge translate import agot1.cs.xlf
    """


def _output(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    return Path(value) if value else None


output_option = click.option("-o", "--output", type=click.Path(dir_okay=False), callback=_output,
                             help="Write to this file (atomically) instead of stdout, and sum it up on stderr.")


@translate_group.command("export", short_help="A game's Spanish blocks as XLIFF 1.2 or PO units, for a CAT tool.")
@click.option("--game", metavar="GAME", required=True, help="Game folder of the glossary, e.g. agot1.")
@click.option("--to", "lang", type=click.Choice(["cs"]), required=True, help="Language to translate into.")
@click.option("--format", "fmt", type=click.Choice(["xliff", "po"]), default="xliff", show_default=True,
              help="xliff (icons as protected <x/> codes) or po (icons as text, listed in each note).")
@output_option
def translate_export_command(game: str, lang: str, fmt: str, output: Path | None) -> None:
    """Write one translation unit per block of every Spanish entry of GAME, in the rulebook's
    order, plus one per entry for its term. A unit's id is `<entry id>#<block number>` (or
    `<entry id>#term`), its source the Spanish Markdown, its target the existing translation
    when the two entries have the same blocks. Icons ([military], [shadow], …) are protected
    inline codes in XLIFF (<x ctype="x-icon"/>); in PO they stay as text and the note lists
    them: keep them, the import refuses a unit that drops or adds one. Each unit's note gives
    the entry's term and id; its location the Spanish file and line.

    \b
    Examples:
      judge translate export --game agot1 --to cs -o agot1.cs.xlf
      judge translate export --game gp --to cs --format po -o gp.cs.po
    """
    from judge import glossary
    from judge.render import exchange as render
    from judge.translate.exchange import files, units

    loaded = glossary.load()
    loaded.require_game(game)
    export = units.export(loaded, game, lang)
    _emit(files.write(export, fmt), output, lambda name, size: render.export_summary(export, name, size))


@translate_group.command("memory", short_help="The aligned Spanish–Czech blocks of a game as a TMX memory.")
@click.option("--game", metavar="GAME", default="agot2", show_default=True, help="A game with Spanish and Czech.")
@output_option
def translate_memory_command(game: str, output: Path | None) -> None:
    """Write a TMX 1.4 translation memory of every block pair of GAME whose Spanish and Czech
    entries have the same blocks (the Rules Reference's own Czech wording, so a CAT tool
    proposes it), once per distinct pair; draft translations are left out. Each unit's note
    names its entry and block (agot2/claim ¶2).

    \b
    Example:
      judge translate memory -o agot2.es-cs.tmx
    """
    from judge import glossary
    from judge.render import exchange as render
    from judge.translate.exchange import files, units

    loaded = glossary.load()
    loaded.require_game(game)
    pairs = units.memory(loaded, game)
    _emit(files.write_tmx(pairs, units.SOURCE_LANG, "cs"), output, lambda name, size: render.memory_summary(pairs, name, size))


@translate_group.command("import", short_help="Write a translated XLIFF/PO file's entries as drafts, or refuse it.")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", metavar="GAME", help="The game, when the file does not name it (a PO header a tool dropped).")
@click.option("--dry-run", is_flag=True, help="Check the file and say what would be written; write nothing.")
@format_option
def translate_import_command(file: Path, game: str | None, dry_run: bool, fmt: str) -> None:
    """Check FILE (an XLIFF or PO file from `judge translate export`) against the current
    Spanish, then write each entry whose units are all translated as
    glossary/<game>/cs/<id>.md with `status: draft` and its `origin` (file, format, date).

    The whole file is refused, nothing written, exit 2, with one `file:unit: message` line
    per problem, when a unit's source differs from the Spanish (changed since the export),
    a unit is missing, extra, repeated or has an unknown id, a translation drops or invents
    an icon placeholder, or it would not load (raw HTML, a line that starts a list). A unit
    without a finished translation (empty, fuzzy, state new or needs-translation) is not an
    error: its entry is left out and listed. Writes are all or nothing.

    \b
    Examples:
      judge translate import agot1.cs.xlf
      judge translate import gp.cs.po --dry-run
    """
    from judge.render import exchange as render
    from judge.translate.exchange import importer

    result = importer.import_file(file, game=game, dry_run=dry_run)
    click.echo(render.import_report(result, fmt), nl=False)


def _emit(data: bytes, output: Path | None, summary: Callable[[str, int], str]) -> None:
    """The file's bytes to stdout, or to `output` with a summary line on stderr."""
    from judge.translate.exchange import writing

    if output is None:
        click.echo(data, nl=False)  # bytes: click writes them to the binary stream
        return
    writing.save(output, data)
    click.echo(summary(display(output), len(data)), err=True, nl=False)


@cli.command("timeline", short_help="The round's phases, framework steps and action windows, cited.")
@game_option
@click.option("--melee", is_flag=True, help="Melee: include the melee-only steps 1.4 and 7.4 (joust skips them).")
@click.option("--phase", type=click.IntRange(1, None), help="Only this phase by number (agot2: 1 plot … 7 taxation; agot-board: 4 combat).")
@click.option("--lang", type=click.Choice(["es", "cs"]), default="es", show_default=True, help="Language of titles and cites.")
@format_option
def timeline_command(game: str | None, melee: bool, phase: int | None, lang: str, fmt: str) -> None:
    """Print the round as the chart of Appendix I draws it: each phase, its framework steps
    (with the 1.3 sub-steps I-III), the action windows between them (the special window of
    the marshaling phase), the loops back (3.3 to 3.2, 4.2.6 and 4.3 to the window after 4.1)
    and the triggering conditions each step creates, each cited as term ¶n.

    The other games print their own framework (glossary/<game>/framework.yaml): agot1 the
    setup, any phase with its Shadows opportunity, and marshalling; agot-board the Westeros,
    planning and action phases, and combat as phase 4; gp the three etapas of a turn with
    their OPORTUNIDAD windows. They are printed in Spanish only.

    \b
    Examples:
      judge timeline --phase 4
      judge timeline --melee --lang cs --format json
      judge timeline --game agot-board --phase 4
      judge timeline --game gp
    """
    from judge.render import rules as render
    from judge.rules import api

    result, labels = api.timeline(game, lang, melee, phase)
    click.echo(render.timeline(result, fmt, labels, terminal_width()), nl=False)


@cli.command("step", short_help="Step a triggering condition through its interrupt and reaction windows.")
@click.argument("scenario", required=False, type=click.Path(dir_okay=False, path_type=Path))
@game_option
@click.option("--lang", type=click.Choice(["es", "cs"]), help="Output language (default: the scenario's, else es).")
@click.option("--trigger", metavar="ID", help="Triggering condition id (see --list-triggers).")
@click.option("--players", metavar="A,B", help="Players in player order, comma-separated: Ana,Bruno.")
@click.option("--first", "first_player", metavar="NAME", help="The first player (default: the first of --players).")
@click.option("--at", metavar="STEP", help='Framework step or window where it happens: "4.2.4", after-3.2.')
@click.option("--occurrences", type=int, metavar="N", help="Conditions made by one occurrence (shared windows).")
@click.option("--melee", is_flag=True, default=None, help="Melee format (default: joust).")
@click.option("--ability", "abilities", multiple=True, metavar="CONTROLLER:TYPE[:EFFECT[:CARD]]",
              help=f"An ability in play; repeatable. TYPE: {', '.join(ABILITY_TYPES)}; would-interrupt for \"would\".")
@click.option("--list-triggers", is_flag=True, help="List the triggering conditions and exit.")
@click.option("-i", "--interactive", is_flag=True, help="Ask each player in turn at every window (for a judge at the table).")
@format_option
def step_command(scenario: Path | None, game: str | None, lang: str | None, trigger: str | None, players: str | None,
                 first_player: str | None, at: str | None, occurrences: int | None, melee: bool | None,
                 abilities: tuple[str, ...], list_triggers: bool, interactive: bool, fmt: str) -> None:
    """Step a situation through the seven steps of the triggering condition (Condición de
    activación / Spouštěcí podmínky): imminent, "would" interrupts, forced interrupts, the
    interrupt window, occurs, forced reactions, the reaction window; nested sequences first
    (LIFO). Each step says who acts first and cites the block that rules it. SCENARIO is a
    YAML file (docs/scenarios.md); options give the same or override it.

    A game with another engine takes its own scenario file (its `game:` key or --game):
    agot1 steps the Shadows opportunity at the beginning of a phase, agot-board a combat
    (support, strengths, house cards, the Valyrian steel blade, victor, casualties,
    retreats), gp priority and the stack of rule 120, each event cited with its rule number.

    \b
    Examples:
      judge step challenge-won.yaml --lang cs
      judge step --trigger challenge-won --players Ana,Bo --ability Ana:reaction
      judge step --list-triggers
      judge step tests/golden/games/gp/scenarios/refused-order.yaml --format json
      judge step combat.yaml        (game: agot-board: a board game combat, C1-C6)
    """
    from judge import service
    from judge.render import rules as render
    from judge.rules import api, data, registry

    loaded = service.read_scenario(scenario)
    engine = data.engine_of(registry.scenario_game(loaded, game))
    if engine in registry.STEP_ENGINES:
        _only_scenario_options(engine, trigger=trigger, players=players, first=first_player, at=at,
                               occurrences=occurrences, melee=melee, ability=abilities,
                               list_triggers=list_triggers or None, interactive=interactive or None)
    elif list_triggers:
        click.echo(render.triggers_list(api.trigger_rows(game, lang or "es"), fmt), nl=False)
        return
    options = {"game": game, "lang": lang, "trigger": trigger, "first_player": first_player, "at": at,
               "occurrences": occurrences, "players": players.split(",") if players else None,
               "format": "melee" if melee else None}
    click.echo(service.step_output(loaded, options, abilities, fmt, terminal_width(),
                                   _prompt_decide if interactive else None), nl=False)


def _only_scenario_options(engine: str, **given: object) -> None:
    """The options of the trigger sequence mean nothing to another engine: say so."""
    used = [name.replace("_", "-") for name, value in given.items() if value not in (None, ())]
    if used:
        raise UsageProblem(f"--{used[0]} is for the triggering-condition sequence; "
                           f"this game's engine ({engine}) takes a scenario file (docs/scenarios.md)")


def _prompt_decide(labels: dict[str, str]) -> Decide:
    """`judge step -i`: at each opportunity, ask the player which ability they use, or pass."""
    def decide(state: WindowState, window: str, abilities: tuple[Ability, ...]) -> Pending | None:
        if not state.log:
            click.echo(f"— {labels.get(window, window)} —", err=True)
        options = state.options()
        choices = [abilities[p.index].card for p in options] + ["pass"]
        answer = click.prompt(f"{state.player}", type=click.Choice(choices), default="pass", err=True)
        return next((p for p in options if abilities[p.index].card == answer), None)
    return decide


@cli.command("ask", short_help="A judge's question in Spanish or Czech, answered with the paragraph that says so.")
@click.argument("question")
@game_option
@click.option("--lang", type=click.Choice(["auto", "es", "cs"]), default="auto", show_default=True,
              help="Language of the question (auto: Czech letters or words make it cs).")
@format_option
@click.pass_context
def ask_command(ctx: click.Context, question: str, game: str | None, lang: str, fmt: str) -> None:
    """Answer a judge's question typed in Spanish or Czech, with or without accents: when
    something happens, which window is open, who acts or decides first, yes or no, what
    happens if. The answer gives the framework step and the window, who, the step after, and
    the paragraphs that say so, the justifying one first; to a yes/no question it sends to the
    paragraphs cited (the JSON says what the named rule met says); it says so when the Rules
    Reference does not decide, and for a situation it prints the
    `judge step` scenario that steps it. Exits 1 when the rules do not speak of it (the closest
    paragraphs are listed), 2 on an empty, over-long or non-Spanish/Czech question.

    \b
    Examples:
      judge ask "¿cuándo puedo reaccionar después de que gane un reto?"
      judge ask "kdo rozhodne o pořadí povinných reakcí?"
      judge ask "si me anulan un evento, ¿cuenta como jugado?" --format json
    """
    from judge import service

    output, code = service.ask_output(question, lang, game, fmt, terminal_width())
    click.echo(output, nl=False)
    ctx.exit(code)


@cli.command("serve", short_help="Serve the site on localhost, rebuilt as the glossary changes.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (keep it local).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
def serve_command(host: str, port: int) -> None:
    """Serve the site in site/ at http://HOST:PORT/ until Ctrl-C, building it first unless
    `judge build` has just built it from the same inputs. A change to the glossary, to docs/,
    overrides/ or mkdocs.yml rebuilds the site and reloads the open pages, so a translator sees
    an edit at once. Nothing is fetched from the internet: every font, script and icon is in
    the site. The output is MkDocs' log; there is no JSON form.

    \b
    Example:
      judge serve --port 8000
    """
    from judge.site import hooks as site

    site.serve(host, port)


@cli.command("search", short_help="Full-text search in Spanish and Czech, ranked, with counterparts.")
@click.argument("query", callback=_bounded)
@game_option
@click.option("--lang", type=click.Choice(["es", "cs", "all"]), default="all", show_default=True,
              help="Search one language, or both ranked together.")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True,
              help="At most this many hits.")
@format_option
def search_command(query: str, game: str | None, lang: str, limit: int, fmt: str) -> None:
    """Search the glossary the way players type: without accents, inflected (retos, výzvě),
    in either language, with a typo. Each hit shows its term, the best-matching paragraph (¶n)
    with a snippet, and the term in the other language. "Quoted words" must appear together;
    reac* matches words starting with reac. Nothing found exits 1 with suggestions. The index
    is built on first use and whenever the glossary changes.

    Every game is searched unless --game names one; each hit shows its game/id.

    \b
    Examples:
      judge search hraci
      judge search "pila de muertos" --lang es --format json
      judge search jugador --game gp
    """
    from judge.render import search as render
    from judge.search import index as search

    building = (lambda n: _note(f"building the search index ({n} entries)…")) if sys.stderr.isatty() else None
    result = search.search(query, game, lang, limit, on_note=_note, on_build=building)
    click.echo(render.hits(result, fmt, use_color(fmt), terminal_width()), nl=False)


@cli.command("build", short_help="Build the search index and the static site from the glossary.")
@click.option("--index", "index", is_flag=True, help="Rebuild the full-text search index, even if up to date.")
@click.option("--site", "site", is_flag=True,
              help="Build the static site: entry pages, timing charts, translator view, search indexes.")
@click.option("--site-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where to write the site (default: site/ of the checkout).")
@format_option
def build_command(index: bool, site: bool, site_dir: Path | None, fmt: str) -> None:
    """Build what `judge` derives from the glossary; with no flag, both. --index rebuilds the
    full-text search index in the cache directory (it is also rebuilt by itself whenever the
    glossary changes), with a progress bar on a terminal. --site builds the static site with
    MkDocs in strict mode: one page per entry and language, the round and triggering-condition
    charts with their printable A4 cards (PDF, printed by Chromium), the side-by-side
    translator view, one search index per language and the Resolver (judge step and judge ask
    run in the browser by Pyodide: the pinned npm package is fetched once with npm into the
    cache, the engine compiled with node); any warning (a broken link, a glossary error) fails
    the build with exit 2. The site works offline. A site the folder already holds, built from
    the same glossary, docs/, overrides/, mkdocs.yml and judge, is left as it is ("up to date");
    remove the folder's .judge-build file to build it again anyway.

    \b
    Examples:
      judge build
      judge build --index
      judge build --site --site-dir /tmp/site
    """
    everything = not (index or site)
    built = {
        "index": _build_index() if index or everything else None,
        "site": _build_site(site_dir) if site or everything else None,
    }
    click.echo(built_report(built, fmt), nl=False)


def _build_site(site_dir: Path | None) -> Any:
    from judge.site import (
        hooks as site,  # MkDocs is imported only when the site is built
    )

    return site.build(site_dir)


def _build_index() -> Any:
    from judge.search import index as search

    if not sys.stderr.isatty():
        return search.build(on_note=_note)
    bar: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        def start(length: int) -> None:
            bar["bar"] = stack.enter_context(click.progressbar(length=length, label="index", file=sys.stderr))
        return search.build(on_length=start, progress=lambda n: bar["bar"].update(n), on_note=_note)


def _note(message: str) -> None:
    click.echo(f"Note: {message}", err=True)


def main() -> None:
    """Console-script entry point."""
    cli()
