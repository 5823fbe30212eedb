"""The trigger sequence, round 2 (issue 14): each rule tested against the paragraph it quotes.

Every test quotes the Spanish block it applies; `quote()` checks the quotation against the
glossary, so a test cannot cite words the Rules Reference does not say.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from citekit import squash

from judge import glossary
from judge.core import yamldata
from judge.core.errors import BadData
from judge.rules import scenario, sequence, timing, triggers
from judge.rules.stepped import AbilityUse, StepResult
from judge.rules.scenario import Ability

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary"
LOADED = glossary.load(GLOSSARY)
FRAMEWORK = timing.load(timing.framework_path("agot2", GLOSSARY))
CATALOGUE = triggers.load(triggers.triggers_path("agot2", GLOSSARY))


def quote(entry_id: str, para: int, words: str) -> None:
    """The words are in that block of the Spanish entry."""
    entry = LOADED.get("agot2", "es", entry_id)
    assert entry is not None and squash(words) in squash(entry.blocks[para - 1].text), (entry_id, para, words)


def ability(card: str, controller: str, kind: str, effect: str = "none", **keys: Any) -> Ability:
    base = {"would": False, "creates": None, "on": None, "target": None, "passes": 0, "keyword": None}
    base.update(keys)
    return Ability(card, controller, kind, base.pop("would"), effect, base.pop("creates"), base.pop("on"),
                   base.pop("target"), base.pop("passes"), base.pop("keyword"), None, **base)


def step(trigger: str | None, *abilities: Ability, **options: Any) -> StepResult:
    values = {"players": ["Ana", "Bruno"], "first_player": "Ana", "trigger": trigger, **options}
    situation = scenario.from_options(values, abilities)
    scenario.check(situation, CATALOGUE.ids(), FRAMEWORK, CATALOGUE.flags(), CATALOGUE.keyword_triggers())
    return sequence.step(situation, CATALOGUE, FRAMEWORK, LOADED)


def from_yaml(text: str) -> StepResult:
    situation = scenario.from_mapping(yamldata.load(Path("s.yaml"), text), {})
    scenario.check(situation, CATALOGUE.ids(), FRAMEWORK, CATALOGUE.flags(), CATALOGUE.keyword_triggers())
    return sequence.step(situation, CATALOGUE, FRAMEWORK, LOADED)


def uses(result: StepResult, n: int) -> list[tuple[str, bool, str | None]]:
    """(card, used, the rule of its reason) of every ability listed in step n."""
    return [(u.card, u.used, u.reason.rule if u.reason else None) for u in result.sequence[n - 1].abilities]


def rules(result: StepResult, n: int) -> list[str]:
    return [note.rule for note in result.sequence[n - 1].notes]


def nested(use: AbilityUse) -> list[tuple[str | None, str | None]]:
    return [(n.trigger, n.outcome) for n in use.nested]


# -- 1. a save saves from every condition of the effect -------------------------------------

def test_a_save_saves_the_card_from_every_condition_of_that_effect() -> None:
    """Salvar ¶1: the card "no se considera muerta, descartada ni retirada del juego en modo
    alguno por ese efecto": saved from the kill, it does not leave play either, and the
    reactions to leaving play never open."""
    quote("save", 1, "no se considera muerta, descartada ni retirada del juego en modo alguno por ese efecto")
    kill_and_leave = {"shared_with": ["card-leaves-play"], "cards": ["Eddard", "Eddard"]}
    result = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save", would=True, target=1),
                  ability("Viserys", "Ana", "reaction", on="card-leaves-play"), **kill_and_leave)
    assert (result.outcome, result.conditions) == ("replaced", ("replaced", "replaced"))
    assert "saved-every-condition" in rules(result, 2)
    assert uses(result, 7) == [("Viserys", False, "saved-every-condition")] and not result.sequence[6].done


def test_conditions_about_different_cards_are_saved_apart() -> None:
    """Salvar ¶1 saves the card from "ese efecto": another card leaving play still does."""
    result = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save", would=True, target=1),
                  ability("Viserys", "Ana", "reaction", on="card-leaves-play"),
                  shared_with=["card-leaves-play"], cards=["Eddard", "Robb"])
    assert result.conditions == ("replaced", "occurred")
    assert uses(result, 7) == [("Viserys", True, None)]


# -- 2. Intimidate once per challenge -------------------------------------------------------

def test_intimidate_succeeds_once_per_challenge() -> None:
    """Intimidación ¶2: "No puede resolverse con éxito más de una aplicación de Intimidación
    durante cada reto"."""
    quote("intimidate", 2, "No puede resolverse con éxito más de una aplicación de Intimidación durante cada reto")
    result = step(None, ability("Gregor", "Ana", "keyword", keyword="intimidate", creates="card-knelt"),
                  ability("Sandor", "Ana", "keyword", keyword="intimidate", creates="card-knelt"), at="4.2.5")
    group = result.framework[0]
    assert [(u.card, u.used, u.reason.rule if u.reason else None) for u in group.abilities] == [
        ("Gregor", True, None), ("Sandor", False, "intimidate-once")]
    assert group.abilities[0].nested[0].occurrences == 1
    assert "intimidate-once" in [n.rule for n in group.notes]
    assert ("intimidate", 2) in [(c.id, c.para) for n in group.notes for c in n.cites]


# -- 3 and 5. the most recent replacement, per condition, named in step 5 --------------------

def test_the_most_recent_replacement_wins_per_condition() -> None:
    """Efectos de sustitución ¶2: "Si se inician múltiples efectos de sustitución contra una
    misma condición de activación, el más reciente será el que se utilice": two deaths keep
    their own replacement; against the first, the later of its two rules."""
    quote("replacement-effects", 2, "contra una misma condición de activación, el más reciente será el que se utilice")
    result = step("character-killed", ability("Benjen", "Ana", "interrupt", "replace", target=1),
                  ability("Waymar", "Bruno", "interrupt", "replace", target=2),
                  ability("Muro", "Ana", "interrupt", "replace", target=1, passes=1), occurrences=2)
    assert [(u.card, u.used, u.occurrence, u.reason.rule if u.reason else None) for u in result.sequence[4].abilities] == [
        ("Benjen", False, 1, "replacement-superseded"), ("Muro", True, 1, None), ("Waymar", True, 2, None)]
    assert rules(result, 5) == ["replacement-occurs", "replacement-per-condition"]


def test_step_5_names_the_replacement_that_resolves() -> None:
    """Efectos de sustitución ¶1: "deberá resolverse el efecto de sustitución": step 5 says which."""
    quote("replacement-effects", 1, "en vez de eso deberá resolverse el efecto de sustitución")
    result = step("card-discarded", ability("Shadow", "Bruno", "interrupt", "replace"),
                  ability("Hidden", "Ana", "interrupt", "replace"), first_player="Bruno")
    assert uses(result, 5) == [("Shadow", False, "replacement-superseded"), ("Hidden", True, None)]


# -- 4. no false "[?]" ------------------------------------------------------------------------

def test_nothing_is_open_when_each_ability_answers_one_condition_that_happens_once() -> None:
    """Condición de activación ¶2 (abilities "que hagan referencia a cualquiera de las
    condiciones") and Reacciones ¶7 ("una sola vez contra una misma condición"): a reaction
    that can refer to one condition only leaves nothing open."""
    quote("triggering-condition", 2, "que hagan referencia a cualquiera de las condiciones de activación")
    quote("reactions", 7, "una sola vez contra una misma condición de activación")
    won_lost = step("challenge-won", ability("Robb", "Ana", "reaction"),
                    ability("Cersei", "Bruno", "reaction", on="challenge-lost"), shared_with=["challenge-lost"])
    assert "open-shared-copies" not in rules(won_lost, 7)
    two_kills = step("character-killed", ability("Gyles", "Ana", "reaction"), occurrences=2)
    assert "open-shared-copies" in rules(two_kills, 7)


# -- 6, 7, 8: nothing vanishes --------------------------------------------------------------

def test_an_ability_whose_condition_was_saved_is_listed_with_the_reason() -> None:
    """Vaya a ¶3: "no podrán utilizarse más interrupciones a la condición original, puesto que
    su resolución ha dejado de ser inminente"; a forced reaction to the saved death is listed."""
    quote("would", 3, "no podrán utilizarse más interrupciones a la condición original")
    result = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save", would=True, target=2),
                  ability("Dolor", "Bruno", "forced-reaction", target=2),
                  ability("Luto", "Ana", "forced-reaction", target=1), occurrences=2)
    assert uses(result, 6) == [("Luto", True, None), ("Dolor", False, "condition-saved")]
    cites = [(c.id, c.para) for c in result.sequence[5].abilities[1].reason.cites]  # type: ignore[union-attr]
    assert ("would", 3) in cites


def test_every_copy_is_listed_by_its_position() -> None:
    """Reacciones ¶7: "si hay múltiples copias de una misma reacción, cada una de ellas podrá
    utilizarse una vez"; a copy that waits until the window closes is listed too."""
    quote("reactions", 7, "si hay múltiples copias de una misma reacción, cada una de ellas podrá utilizarse una vez")
    result = step("cards-drawn", ability("Aemon", "Ana", "reaction"), ability("Aemon", "Ana", "reaction", passes=5))
    listed = result.sequence[6].abilities
    assert [(u.ability, u.used, u.reason.rule if u.reason else None) for u in listed] == [
        (1, True, None), (2, False, "window-closed")]


def test_no_winner_lists_every_ability_waiting_on_the_conditions_it_shares() -> None:
    """Ganar un reto ¶5: if nobody wins, "ninguno de ellos gana (ni pierde)": neither condition
    arises and every ability waiting on either is listed as not used."""
    quote("winning-a-challenge", 5, "ninguno de ellos gana (ni pierde)")
    result = step("challenge-won", ability("Robb", "Ana", "reaction"),
                  ability("Cersei", "Bruno", "reaction", on="challenge-lost"),
                  shared_with=["challenge-lost"], arises=False, at="4.2.2")
    run = result.framework[0]
    assert [(u.card, u.used, u.reason.rule if u.reason else None) for u in run.abilities] == [
        ("Robb", False, "no-condition"), ("Cersei", False, "no-condition")]
    assert run.title == "Se gana un reto + Se pierde un reto"


# -- 9. labels, step 2, passes --------------------------------------------------------------

@pytest.mark.parametrize("lang,names", [("es", ["Perspicacia"]), ("cs", ["Vizionář"])])
def test_keyword_groups_are_named_by_the_glossary_term(lang: str, names: list[str]) -> None:
    """Perspicacia ¶1 / Vizionář ¶1: the group is the keyword's term in the output language."""
    result = step(None, ability("Tyrion", "Ana", "keyword", keyword="insight"), at="4.2.5", lang=lang)
    assert [r.title for r in result.framework] == names


def test_step_2_offers_nothing_when_nobody_has_anything_to_use() -> None:
    """Condición de activación ¶5: step 2 is where "pueden utilizarse" "would" interrupts; with
    none (and no cancel), nobody is offered an opportunity."""
    quote("triggering-condition", 5, "Pueden utilizarse capacidades de interrupción")
    result = step("challenge-won", ability("Robb", "Ana", "reaction"))
    assert result.sequence[1].opportunities == () and rules(result, 2) == []
    with_one = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save", would=True))
    assert [o.action for o in with_one.sequence[1].opportunities] == ["pass", "Escudo"]


def test_passes_counts_the_controllers_own_opportunities_in_that_window() -> None:
    """Pasar ¶2 (docs/scenarios.md, passes): an opportunity the controller spends on another
    ability counts as one let go by."""
    quote("pass", 2, "Pasar una oportunidad no impide")
    result = step("cards-drawn", ability("Late", "Ana", "reaction", passes=1), ability("Now", "Ana", "reaction"))
    assert [(o.player, o.action) for o in result.sequence[6].opportunities] == [
        ("Ana", "Now"), ("Bruno", "pass"), ("Ana", "Late"), ("Bruno", "pass"), ("Ana", "pass")]


# -- new situations --------------------------------------------------------------------------

def test_a_cancel_can_be_cancelled() -> None:
    """Secuencias de capacidades jerarquizadas ¶3: "No existe límite"; the first cancel's
    initiation is cancelled, so the event it aimed at resolves."""
    quote("nested-ability-sequences", 3, "No existe límite al número de secuencias jerarquizadas")
    result = step("event-played", ability("Juicio1", "Bruno", "interrupt", "cancel", event=True),
                  ability("Juicio2", "Ana", "interrupt", "cancel", event=True, answers=1))
    first = result.sequence[1].abilities[0]
    assert (result.outcome, first.used, first.cancelled, nested(first)) == (
        "occurred", True, True, [("event-played", "cancelled")])
    assert "nested-no-limit" in rules(result, 2)


def test_a_cancelled_ability_still_counts_toward_its_limit() -> None:
    """Límites y máximos ¶5: "Aunque se anulen los efectos de una carta o capacidad que posee un
    límite o máximo, siguen contándose"; ¶3: a maximum counts every copy (used_before)."""
    quote("limits-and-maximums", 5, "siguen contándose de cara al límite o máximo permitidos")
    quote("limits-and-maximums", 3, "Iniciar una capacidad de una de estas cartas se cuenta de cara al máximo")
    result = step("cards-drawn", ability("Aemon", "Ana", "reaction", limit=1, per="round"),
                  ability("Pentoshi", "Bruno", "reaction", limit=1, per="round", creates="cards-drawn"),
                  ability("Fiesta", "Ana", "reaction", maximum=1, per="round", used_before=1),
                  ability("Traicion", "Bruno", "interrupt", "cancel", answers=1))
    window = result.sequence[6]
    assert [(u.card, u.used, u.cancelled) for u in window.abilities] == [
        ("Aemon", True, True), ("Pentoshi", True, False), ("Fiesta", False, False)]
    inner = window.abilities[1].nested[0]
    assert uses(inner, 7) == [("Aemon", False, "limit-reached"), ("Pentoshi", False, "limit-reached"),
                              ("Fiesta", False, "maximum-reached")]
    assert "limit-counts-cancelled" in rules(result, 7)


def test_an_action_stops_at_its_maximum_across_copies() -> None:
    """Límites y máximos ¶3: a maximum "Impone un tope máximo al número de veces que puede
    iniciarse esa capacidad desde todas las copias": the second copy is not offered."""
    quote("limits-and-maximums", 3, "desde todas las copias de cartas que la posean")
    result = step(None, ability("Festin", "Ana", "action", maximum=1, per="phase"),
                  ability("Festin", "Ana", "action", maximum=1, per="phase"), at="after-4.1")
    window = result.framework[0]
    assert [o.action for o in window.opportunities] == ["Festin", "pass", "pass"]
    assert [(u.ability, u.used, u.reason.rule if u.reason else None) for u in window.abilities] == [
        (1, True, None), (2, False, "maximum-reached")]


def test_delayed_effects_resolve_after_the_condition_before_reactions() -> None:
    """Efectos postergados ¶2: "inmediatamente después de que se produzca su condición futura,
    antes de que se utilicen reacciones"; the first player orders them (Prioridad ¶2)."""
    quote("delayed-effects", 2, "antes de que se utilicen reacciones a esa eventualidad concreta")
    result = step("character-killed", ability("Venganza", "Ana", "delayed", creates="power-gained"),
                  ability("Deuda", "Bruno", "delayed"), ability("Luto", "Ana", "forced-reaction"),
                  first_player="Bruno")
    assert uses(result, 5) == [("Venganza", True, None), ("Deuda", True, None)]
    assert result.sequence[4].ordered_by == "Bruno" and uses(result, 6) == [("Luto", True, None)]
    assert rules(result, 5)[:2] == ["delayed-after-occurs", "delayed-order"]


def test_bestow_is_decided_between_the_interrupts_and_the_reactions() -> None:
    """Encomienda ¶1: "después de resolver las posibles interrupciones a su entrada, pero antes
    de activar las reacciones correspondientes (sean obligadas o no)"."""
    quote("bestow", 1, "después de resolver las posibles interrupciones a su entrada, pero antes de activar las reacciones")
    result = step("card-enters-play", ability("Daenerys", "Ana", "keyword", keyword="bestow"),
                  ability("Varys", "Bruno", "interrupt"), ability("Corona", "Ana", "forced-reaction"))
    assert (uses(result, 4), uses(result, 5), uses(result, 6)) == (
        [("Varys", True, None)], [("Daenerys", True, None)], [("Corona", True, None)])
    with pytest.raises(BadData, match="it belongs to its condition card-enters-play"):
        step("challenge-won", ability("Daenerys", "Ana", "keyword", keyword="bestow"))


def test_cannot_be_saved_and_cannot_be_cancelled() -> None:
    """Salvar ¶3: "los jugadores no podrán intentar salvar esa carta"; No puede ¶1: "no puede"
    is absolute, and the card's text prevails (Las reglas de oro ¶2)."""
    quote("save", 3, "los jugadores no podrán intentar salvar esa carta")
    quote("cannot", 1, "tiene carácter absoluto")
    quote("golden-rules", 2, "siempre tendrá prioridad el texto de la carta")
    saved = step("character-killed", ability("Escudo", "Bruno", "interrupt", "save", would=True),
                 cannot_be_saved=True)
    assert (saved.outcome, uses(saved, 2)) == ("occurred", [("Escudo", False, "cannot-be-saved")])
    cancelled = step("ability-initiated", ability("Traicion", "Bruno", "interrupt", "cancel"),
                     cannot_be_cancelled=True)
    assert (cancelled.outcome, uses(cancelled, 2)) == ("occurred", [("Traicion", False, "cannot-be-cancelled")])
    assert cancelled.sequence[1].opportunities == ()


def test_a_save_against_a_continuing_condition_must_remedy_it() -> None:
    """Salvar ¶4: "si el efecto de salvación no anula también la condición imperante, no podrá
    iniciarse"; "también queda prohibido utilizar un duplicado"."""
    quote("save", 4, "si el efecto de salvación no anula también la condición imperante, no podrá iniciarse")
    quote("save", 4, "también queda prohibido utilizar un duplicado")
    result = step("character-killed", ability("Duplicado", "Bruno", "interrupt", "save", would=True, duplicate=True),
                  ability("Escudo", "Bruno", "interrupt", "save", would=True),
                  ability("Bendicion", "Bruno", "interrupt", "save", would=True, remedies=True), continuing=True)
    assert uses(result, 2) == [("Bendicion", True, None), ("Duplicado", False, "continuing-no-duplicate"),
                               ("Escudo", False, "continuing-not-remedied")]
    assert result.outcome == "replaced"


def test_the_first_player_eliminated_passes_the_token_to_the_left() -> None:
    """Jugador inicial ¶5: "el jugador que se sienta a su izquierda se convierte en el nuevo
    jugador inicial", from then on: in the same window and in the nested sequence."""
    quote("first-player", 5, "el jugador que se sienta a su izquierda se convierte en el nuevo jugador inicial")
    result = step("challenge-won", ability("Espera", "Ana", "reaction", passes=1),
                  ability("Pacto", "Bruno", "reaction", eliminates="Ana"),
                  ability("Menique", "Carla", "reaction", creates="power-gained"),
                  players=["Ana", "Bruno", "Carla"], format="melee")
    window = result.sequence[6]
    assert [(o.player, o.action) for o in window.opportunities] == [
        ("Ana", "pass"), ("Bruno", "Pacto"), ("Carla", "Menique"), ("Bruno", "pass"), ("Carla", "pass")]
    assert (window.first, window.abilities[1].nested[0].sequence[6].first) == ("Ana", "Bruno")
    assert ("Espera", False, "player-eliminated") in uses(result, 7)
    assert {"first-player-eliminated", "open-eliminated-abilities"} <= set(rules(result, 7))
    assert result.first_player == "Ana"


def test_keywords_only_for_the_winner_and_an_optional_one_declined() -> None:
    """Renombre ¶1: "Después de que un jugador gane un reto, cada Personaje participante que
    controle [...] podrá ganar 1 de Poder": the loser's do not apply; "podrá": it may be declined."""
    quote("renown", 1, "Después de que un jugador gane un reto, cada Personaje participante que controle")
    quote("renown", 1, "podrá ganar 1 de Poder")
    result = step(None, ability("Jaime", "Ana", "keyword", keyword="renown", declined=True),
                  ability("Robb", "Bruno", "keyword", keyword="renown", creates="power-gained"),
                  at="4.2.5", winner="Ana")
    group = result.framework[0]
    assert [(u.card, u.used, u.reason.rule if u.reason else None) for u in group.abilities] == [
        ("Jaime", False, "keyword-declined"), ("Robb", False, "keyword-winner-only")]
    assert group.abilities[0].reason is not None and [c.id for c in group.abilities[0].reason.cites] == ["renown"]


def test_a_cost_creates_its_condition_before_the_initiation_is_cancelled() -> None:
    """Inicio de capacidades ¶5 "Pagar los costes", ¶7 "En este momento se puede utilizar una
    capacidad de interrupción que anule", ¶9: interrupts and reactions as usual meanwhile."""
    quote("initiating-abilities", 5, "Pagar los costes")
    quote("initiating-abilities", 7, "En este momento se puede utilizar una capacidad de interrupción que anule")
    result = step("challenge-won", ability("Robb", "Ana", "reaction", cost="card-knelt", creates="card-stood"),
                  ability("Barristan", "Bruno", "reaction", on="card-knelt"),
                  ability("Traicion", "Bruno", "interrupt", "cancel", answers=1))
    robb = result.sequence[6].abilities[0]
    assert (robb.cancelled, nested(robb)) == (True, [("card-knelt", "occurred"), ("ability-initiated", "cancelled")])
    assert uses(robb.nested[0], 7) == [("Barristan", True, None)]


def test_then_is_attempted_only_after_the_part_before_resolved() -> None:
    """Luego ¶1–¶3: "Si la cláusula previa a la palabra “luego” no se resuelve por completo de
    manera satisfactoria, entonces no podrá intentarse la resolución del resto"."""
    quote("then", 3, "no podrá intentarse la resolución del resto del enunciado")
    quote("then", 2, "podrá intentarse la resolución del aspecto posterior")
    result = step("challenge-won", ability("Ilyn", "Ana", "reaction", creates="character-killed", then="power-gained"),
                  ability("Escudo", "Bruno", "interrupt", "save", would=True, on="character-killed"),
                  ability("Tywin", "Ana", "reaction", creates="card-knelt", then="cards-drawn"))
    ilyn, tywin = result.sequence[6].abilities[:2]
    assert (nested(ilyn), ilyn.reason.rule if ilyn.reason else None) == (
        [("character-killed", "replaced")], "then-not-attempted")
    assert nested(tywin) == [("card-knelt", "occurred"), ("cards-drawn", "occurred")]


def test_lasting_effects_expire_before_and_fail_after_the_end() -> None:
    """Efectos duraderos ¶3 "expirará justo antes de que pueda iniciarse una capacidad" and ¶4
    "expira inmediatamente [...] y por lo tanto no consigue iniciarse"."""
    quote("lasting-effects", 3, "expirará justo antes de que pueda iniciarse una capacidad")
    quote("lasting-effects", 4, "no consigue iniciarse")
    result = step("phase-ends", ability("Fuerza", "Ana", "lasting", until="phase-ends"),
                  ability("Loras", "Bruno", "reaction", until="phase-ends"), ability("Luwin", "Ana", "reaction"))
    assert (uses(result, 1), rules(result, 1)) == ([("Fuerza", True, None)], ["lasting-expires"])
    assert uses(result, 7) == [("Luwin", True, None), ("Loras", False, "lasting-fails")]


# -- the new keys are validated ---------------------------------------------------------------

@pytest.mark.parametrize("text,message", [
    ("cards: [Eddard]\nshared_with: [card-leaves-play]\n", "cards: 1 given for 2 conditions"),
    ("winner: Dora\n", "winner: 'Dora' is not among the players"),
    ("winner: Ana\n", "winner: who won the challenge, for the keywords of step 4.2.5"),
    ("abilities:\n  - {controller: Ana, type: reaction, limit: 1}\n", "per: the interval"),
    ("abilities:\n  - {controller: Ana, type: reaction, limit: 1, per: week}\n", "per: 'week' is not one of"),
    ("abilities:\n  - {controller: Ana, type: interrupt, effect: cancel, answers: 1}\n", "answers: the position"),
    ("abilities:\n  - {controller: Ana, type: reaction, eliminates: Bruno}\n", "eliminates: in a joust"),
    ("abilities:\n  - {controller: Ana, type: reaction, then: cards-drawn}\n", "then: the part after"),
    ("abilities:\n  - {controller: Ana, type: lasting}\n", "until: a lasting effect needs"),
    ("abilities:\n  - {controller: Ana, type: reaction, remedies: true}\n", "remedies/duplicate: only on a save"),
    ("abilities:\n  - {controller: Ana, type: reaction, declined: 2}\n", "declined: true or false"),
])
def test_bad_new_keys_are_located_errors(text: str, message: str) -> None:
    head = "players: [Ana, Bruno]\ntrigger: challenge-won\n"
    with pytest.raises(BadData, match=message) as error:
        from_yaml(head + text)
    assert str(error.value).startswith("s.yaml:")


def test_unknown_keyword_says_the_known_ones() -> None:
    with pytest.raises(BadData, match="keyword: unknown keyword 'renwon'. Did you mean: renown"):
        step(None, ability("J", "Ana", "keyword", keyword="renwon"), at="4.2.5")


def test_an_initiation_loop_hints_at_answers() -> None:
    """Today's way to write a cancel of a cancel (a `creates:` loop) is refused with the new way."""
    with pytest.raises(BadData, match="answers: N"):
        step("event-played", ability("Juicio", "Bruno", "interrupt", "cancel", creates="event-played"))
