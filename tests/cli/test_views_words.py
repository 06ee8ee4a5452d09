"""The views' words: one table per language, read one way."""

from mazo.solver.words import word
from mazo.words import say


def test_a_field_may_share_a_name_with_the_readers_own_arguments():
    # Conquián's "Then" line fills a field named `table`, as the reader names its table.
    assert say("en", "conquian.then_cards", table=6, hand=2) == "6 on the table, 2 in hand"
    assert word({"en": {"k": "{lang} {key}"}}, "en", "k", lang="es", key="x") == "es x"


def test_waiting_for_another_build_says_what_is_happening(capsys):
    from mazo.progress import OddsTableBar

    for lang, said in [
        ("es", "otro comando mazo ya la está armando; esperando a que termine"),
        ("en", "another mazo command is already building it; waiting for it to finish"),
    ]:
        OddsTableBar("Tabla", lang, terminal=False)("waiting", 0.0)
        assert capsys.readouterr().err == f"Tabla: {said}\n"


def test_canastas_house_rules_say_the_pozo_is_frozen_as_its_views_do(capsys, monkeypatch):
    """`pozo congelado`, the word of the Canasta views and the README, never `bloqueado`."""
    from tests.commands import mazo

    r = mazo(capsys, monkeypatch, "games", "canasta")
    assert r.code == 0 and "bloque" not in r.out
    assert "El pozo está siempre congelado" in " ".join(r.out.split())
    assert "o lo congela como un comodín" in " ".join(r.out.split())


def test_the_odds_charts_axis_writes_every_percent_alike(tmp_path):
    """0 % as 25 %: the sign set apart in Spanish, close in English."""
    from mazo.solver.api import rules_for
    from mazo.views.score_sheets import write_odds_curves
    from pypdf import PdfReader

    spec = rules_for("conga")
    curves = {"odds_defaults": (3.0, tuple(min(1.0, n / 10) for n in range(1, 21)))}
    for lang, sign in [("es", " %"), ("en", "%")]:
        out = tmp_path / f"{lang}.pdf"
        write_odds_curves(out, spec, curves, rules=None, lang=lang)
        lines = PdfReader(out).pages[0].extract_text().splitlines()
        assert [f"{n}{sign}" for n in (0, 25, 50, 75, 100)] == lines[3:8], lines[:9]


def test_a_planilla_and_its_winner_read_alike_on_the_terminal_in_a_replay_and_on_paper():
    """One word for a row (mano), for a player out (afuera) and one sentence for the last
    player left in, in `mazo match`/`mazo play`, `mazo replay` and the printed planilla."""
    import io

    from mazo.solver.api import rules_for
    from mazo.solver.match.elimination import play_match
    from mazo.solver.match.sheet import Sheet, SheetHand
    from mazo.views import match as match_view
    from mazo.views.score_sheets import _match_verdict
    from rich.console import Console

    spec = rules_for("conga", variant={"elimination_limit": 50})
    hands = (SheetHand(where="hand 1", entries={"Ana": 3, "Beto": 60}),)
    result = play_match(spec, Sheet(players=("Ana", "Beto"), start={}, hands=hands))
    for lang, row, out, won in [
        ("es", "mano", "afuera", "Gana Ana: queda solo en juego."),
        ("en", "hand", "out", "Ana wins: the last player left in."),
    ]:
        screen = Console(file=io.StringIO(), width=80)
        for line in match_view.view(result, spec, lang, sheet=False):
            screen.print(line)
        shown = screen.file.getvalue()
        assert f" {row} " in shown and f"+60 → 60  {out}" in shown and won in shown, shown
        assert say(lang, "replay_last_player", who="Ana") == won
        assert say(lang, "sheet.hand").lower() == row and say(lang, "sheet.out") == out
        assert "".join(_match_verdict(result, spec, lang)) == won
        assert "ronda" not in shown and "round" not in shown
