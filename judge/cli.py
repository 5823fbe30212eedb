"""The `judge` command line: parse the options, call one domain function, render the result."""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from judge import __version__, checks, glossary, paths, render
from judge.errors import JudgeError
from judge.models import KINDS


class JudgeGroup(click.Group):
    """The one place a JudgeError crosses into the CLI: `Error: …` on stderr, its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except JudgeError as error:
            click.echo(f"Error: {error}", err=True)
            ctx.exit(error.exit_code)


format_option = click.option(
    "--format", "fmt", type=click.Choice(render.FORMATS), default="text", show_default=True,
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
    Example:
      judge show "condicion de activacion" --lang both
    """


@cli.command("show", short_help="Print one entry with numbered paragraphs, in es, cs or both.")
@click.argument("query", metavar="ID_OR_TERM")
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

    \b
    Examples:
      judge show anular
      judge show zrusit --lang both
    """
    from judge import search  # whoosh loads only when the lookup needs a search

    langs = ("es", "cs") if lang == "both" else (lang,)
    concept = search.concept(glossary.load(), query, game, langs)
    click.echo(render.show(concept, fmt, render.terminal_width(), render.use_color(fmt)), nl=False)


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
    loaded = glossary.load()
    result = loaded.listing(loaded.pick_game(game), lang, kind)
    click.echo(render.listing(result, fmt), nl=False)


@cli.command("check", short_help="Report validation and translation problems; exit 1 on errors.")
@game_option
@format_option
@click.pass_context
def check_command(ctx: click.Context, game: str | None, fmt: str) -> None:
    """Report what a translator should fix: every validation problem of the glossary files
    (as path:line), ids present in one language but not the other, and see-also lists that
    differ between languages. Prints only problems and a summary line; exits 1 if any
    problem is an error, else 0.

    \b
    Example:
      judge check --game agot2
    """
    result = checks.run_checks(paths.glossary_root(), game)
    click.echo(render.report(result, fmt, render.use_color(fmt)), nl=False)
    ctx.exit(result.exit_code)


@cli.command("search", short_help="Full-text search in Spanish and Czech, ranked, with counterparts.")
@click.argument("query")
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

    \b
    Examples:
      judge search hraci
      judge search "pila de muertos" --lang es --format json
    """
    from judge import search

    building = (lambda n: _note(f"building the search index ({n} entries)…")) if sys.stderr.isatty() else None
    result = search.search(query, game, lang, limit, on_note=_note, on_build=building)
    click.echo(render.hits(result, fmt, render.use_color(fmt), render.terminal_width()), nl=False)


@cli.command("build", short_help="Build the search index now (it is otherwise built on demand).")
@click.option("--index", "index", is_flag=True, help="Rebuild the search index, even if up to date.")
@format_option
def build_command(index: bool, fmt: str) -> None:
    """Build what `judge` derives from the glossary. --index rebuilds the full-text search
    index in the cache directory (it is also rebuilt by itself whenever the glossary changes),
    with a progress bar on a terminal, and prints where it is. With no flag, builds everything.

    \b
    Examples:
      judge build --index
    """
    everything = not any([index])  # later targets (--site) join this list
    built = {"index": _build_index() if index or everything else None}
    click.echo(render.built(built, fmt), nl=False)


def _build_index() -> Any:
    from judge import search

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
