"""The translation exchange with CAT tools (docs/cli.md "judge translate"): a game's Spanish
blocks as XLIFF or PO units (`units`, written and read by translate-toolkit in `files`), the
agot2 translation memory as TMX, and the import of a translated file as draft entries
(`importer`)."""
