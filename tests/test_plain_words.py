"""Plain words on every page: a whole-game win named by its close, a match titled by the
game's name, Gin's English views saying deadwood."""

from __future__ import annotations

from tests.commands import in_memory

GIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"


def shown(monkeypatch, *args: str) -> str:
    code, out, err = in_memory(monkeypatch, *args)
    assert code == 0, err
    return out.decode("utf-8")


def test_a_conga_limpia_names_the_win(monkeypatch, tmp_path):
    sheet = tmp_path / "club.yaml"
    sheet.write_text(
        "players: [Gustavo, Ana]\nhands:\n"
        "  - {Gustavo: 10, Ana: 5}\n  - {wins: Gustavo, Ana: 20}\n",
        encoding="utf-8",
    )
    spanish = shown(monkeypatch, "match", "conga", str(sheet))
    assert spanish.splitlines()[0] == "Conga Uruguaya: límite 100"
    assert spanish.splitlines()[-1] == "Gana Gustavo con ¡Conga Limpia!"
    english = shown(monkeypatch, "match", "conga", str(sheet), "--lang", "en")
    assert english.splitlines()[-1] == "Gustavo wins with Conga Limpia (clean conga)"


def test_the_title_is_the_games_name(monkeypatch, tmp_path):
    sheet = tmp_path / "canasta.yaml"
    sheet.write_text("players: [Nosotros, Ellos]\nhands:\n  - {Nosotros: 1620, Ellos: 35}\n")
    assert shown(monkeypatch, "match", "canasta", str(sheet)).startswith(
        "Canasta Uruguaya: a 5000\n"
    )
    gin = tmp_path / "gin.yaml"
    gin.write_text("players: [Ana, Beto]\nhands:\n  - {Ana: 30, Beto: 0}\n")
    assert shown(monkeypatch, "match", "gin", str(gin)).startswith("Gin Rummy: to 100, line 25")


def test_gin_says_deadwood_in_english_only(monkeypatch):
    english = shown(monkeypatch, "solve", "gin", GIN)
    assert "Deadwood K♦   = 10 points" in english and "Loose" not in english
    assert "Sueltas" in shown(monkeypatch, "solve", "gin", GIN, "--lang", "es")
    # Conga's English keeps its own word
    assert "Loose" in shown(monkeypatch, "solve", "conga", "1o 2o 3o 4o 5o 6o 7o", "--lang", "en")
    cutter, rival = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D", "B=KD KC KH 5C 6C 7H 8H 9H 2C 3C"
    score = shown(monkeypatch, "score", "gin", "--cutter", cutter, "--rival", rival)
    assert "deadwood pts" in score and "loose" not in score
