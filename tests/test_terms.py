"""`judge terms`: the term base as CSV and as TBX-Basic XML that a CAT tool can read."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from xml.etree import ElementTree as ET

from click.testing import CliRunner

from judge.cli import cli

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def test_terms_csv(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["terms"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows == [
        ["id", "kind", "es_term", "es_aliases", "cs_term", "cs_aliases"],
        ["cancel", "entry", "Anular", "", "Zrušit", ""],
        ["cancel-interrupts", "redirect", "Interrupciones de anulación", "", "", ""],
        ["challenge-icons", "entry", "Iconos de reto", "icono de reto", "Symboly výzev", ""],
        ["determine-winner", "step", "Se comparan las puntuaciones de FUE para decidir al vencedor del reto", "",
         "Porovnejte sílu a určete vítěze", ""],
        ["triggering-condition", "entry", "Condición de activación", "condiciones de activación",
         "Spouštěcí podmínky", "spouštěcí podmínka"],
    ]


def test_terms_tbx_is_valid_tbx_basic(runner: CliRunner, glossary_env: Path) -> None:
    result = runner.invoke(cli, ["terms", "--format", "tbx"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE martif ')
    root = ET.fromstring(result.stdout.encode("utf-8"))
    # TBX-Basic core structure: martif[type] > martifHeader/fileDesc + text/body/termEntry.
    assert (root.tag, root.get("type"), root.get(XML_LANG)) == ("martif", "TBX-Basic", "es")
    assert root.find("martifHeader/fileDesc/sourceDesc/p") is not None
    entries = root.findall("text/body/termEntry")
    assert [e.get("id") for e in entries] == [
        "agot2-cancel", "agot2-cancel-interrupts", "agot2-challenge-icons", "agot2-determine-winner",
        "agot2-triggering-condition",
    ]
    for entry in entries:
        lang_sets = entry.findall("langSet")
        assert lang_sets and all(ls.get(XML_LANG) in ("es", "cs") for ls in lang_sets)
        for lang_set in lang_sets:
            tigs = lang_set.findall("tig")
            assert tigs and all(len(t.findall("term")) == 1 and t.findtext("term") for t in tigs)
            statuses = [t.findtext("termNote[@type='administrativeStatus']") for t in tigs]
            assert statuses[0] == "preferredTerm-admn-sts"
            assert set(statuses[1:]) <= {"admittedTerm-admn-sts"}
    icons = {ls.get(XML_LANG): [t.findtext("term") for t in ls.findall("tig")] for ls in entries[2].findall("langSet")}
    assert icons == {"es": ["Iconos de reto", "icono de reto"], "cs": ["Symboly výzev"]}
