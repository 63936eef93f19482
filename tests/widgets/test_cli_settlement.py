"""The command line's settlement tables are for_people's (issue 31): replay ends a finished game with the
same table as play and the notebooks, headings in the language in use and seats named from 1."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from cardgames_widgets import for_people

import cardgames
from cardgames.__main__ import main

from .conftest import GAMES


def replayed(path, language: str) -> str:
    out = io.StringIO()
    assert main(["--language", language, "replay", str(path)], inp=io.StringIO(), out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("name", GAMES)
def test_replay_ends_with_for_peoples_settlement_table(name, tmp_path):
    game = cardgames.load(name)
    state = cardgames.playout(game, ["random"] * game.players, 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cardgames.record(game, state)))
    rows = game.settlement(state).rows()
    for language in ("en", "de"):
        table = for_people(pd.DataFrame(rows), game, language).to_string(index=False)
        text = replayed(path, language)
        assert text.rstrip("\n").endswith(table), text[-2000:]
    german = for_people(pd.DataFrame(rows), game, "de")
    assert "player" not in german.columns and "Spieler" in german.columns
    first = german["Spieler"].iloc[0]
    assert first == game.seat_name(0) or first.endswith("1"), first  # seats named as people count them, from 1
