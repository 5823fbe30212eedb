"""The `judge` command line: parse the options, call one domain function, render the result."""

from __future__ import annotations

from pathlib import Path
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
    either language; case and accents do not matter. Unknown terms exit 1 with suggestions.

    \b
    Examples:
      judge show anular
      judge show zrusit --lang both
    """
    langs = ("es", "cs") if lang == "both" else (lang,)
    concept = glossary.load().concept(query, game, langs)
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


@cli.command("build", short_help="Build the static site (Spanish and Czech) into site/.")
@click.option("--site", "targets", flag_value="site", multiple=True,
              help="Build the static site: entry pages, timing charts, translator view, search indexes.")
@click.option("--site-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where to write the site (default: site/ of the checkout).")
@format_option
def build_command(targets: tuple[str, ...], site_dir: Path | None, fmt: str) -> None:
    """Build what is asked for from the glossary. --site builds the static site with MkDocs in
    strict mode: one page per entry and language, the round and triggering-condition charts,
    the side-by-side translator view and one search index per language. Any warning (a broken
    link, a glossary error) fails the build with exit 2. The site works offline: open
    site/index.html through `judge serve`, or copy site/ to any web server.

    \b
    Example:
      judge build --site
    """
    if not targets:
        raise click.UsageError("nothing to build: give --site")
    from judge import site  # MkDocs is imported only when the site is built

    built = site.build(site_dir)
    click.echo(render.site_build(built, fmt), nl=False)


@cli.command("serve", short_help="Serve the site on localhost, rebuilt as the glossary changes.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (keep it local).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
def serve_command(host: str, port: int) -> None:
    """Build the site and serve it at http://HOST:PORT/ until Ctrl-C. A change to the glossary,
    to docs/ or to mkdocs.yml rebuilds the site and reloads the open pages, so a translator sees
    an edit at once. Nothing is fetched from the internet: every font, script and icon is in
    the site. The output is MkDocs' log; there is no JSON form.

    \b
    Example:
      judge serve --port 8000
    """
    from judge import site

    site.serve(host, port)


def main() -> None:
    """Console-script entry point."""
    cli()
