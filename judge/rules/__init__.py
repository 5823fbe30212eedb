"""The rules core: the round's framework (`timing`), citations (`citing`), scenarios, the
triggering-condition catalogue (`triggers`) and one module per engine — `sequence` (agot2's
triggering-condition sequence), `priority` (gp's stack), `combat` (agot-board), `shadows`
(agot1) — found through `registry`; `ask` answers questions; `api` is the entry point the CLI
and the browser call.

It imports neither click, whoosh, mkdocs nor the site: the browser runs it too (a test blocks
them and steps a golden scenario).
"""
