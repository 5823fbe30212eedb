"""The static site: MkDocs hooks (`hooks`), the generated pages, the round and sequence charts,
and the site's own search index. Only this package imports mkdocs."""
