"""``flask remove-old-games``: empty, abandoned and long-untouched games go; the rest stay whole."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask

from scorekeeper.database import utcnow
from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.games.models import DealEntryRecord, GameRecord, SeatRecord

PLAYERS = ["Ann", "Bob", "Cy"]
ONE_CARD = {"shape": "fixed", "start_cards": 1, "deals": 9, "hook": False}
DEAL = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "S"}


def game(app: Flask, *, days_ago: float, deals: int = 0, abandoned: bool = False) -> str:
    """A game last changed ``days_ago`` days ago: its id."""
    with app.app_context():
        record = store.create_game(
            "custom-oh-hell", PLAYERS, first_dealer=0, options=ONE_CARD, log=[DEAL] * deals
        )[0]
        when = utcnow() - timedelta(days=days_ago)
        changes = {"updated_at": when, "abandoned_at": when if abandoned else None}
        db.session.execute(db.update(GameRecord).where(GameRecord.id == record.id).values(**changes))
        db.session.commit()
        return record.id


@pytest.fixture
def games(app: Flask) -> dict[str, str]:
    return {
        "empty, 8 days": game(app, days_ago=8),
        "empty, 6 days": game(app, days_ago=6),
        "abandoned, 31 days": game(app, days_ago=31, deals=2, abandoned=True),
        "abandoned, 29 days": game(app, days_ago=29, deals=2, abandoned=True),
        "played, 401 days": game(app, days_ago=401, deals=3),
        "played, 399 days": game(app, days_ago=399, deals=3),
        "played today": game(app, days_ago=0, deals=1),
        "empty, 500 days": game(app, days_ago=500),
    }


def left(app: Flask) -> dict[str, tuple[int, int]]:
    """Every game still stored, with its number of seats and deals."""
    with app.app_context():
        found = {}
        for game_id in db.session.scalars(db.select(GameRecord.id)):
            seats = db.session.scalar(db.select(db.func.count()).where(SeatRecord.game_id == game_id))
            deals = db.session.scalar(db.select(db.func.count()).where(DealEntryRecord.game_id == game_id))
            found[game_id] = (seats or 0, deals or 0)
        orphans = db.session.scalar(
            db.select(db.func.count()).select_from(SeatRecord).where(SeatRecord.game_id.not_in(found))
        )
        assert orphans == 0
        return found


def run(app: Flask, *args: str) -> str:
    result = app.test_cli_runner().invoke(args=["remove-old-games", *args])
    assert result.exit_code == 0, result.output
    return result.output.strip()


def test_the_defaults_remove_empty_abandoned_and_long_untouched_games(
    app: Flask, games: dict[str, str]
) -> None:
    assert (
        run(app) == "Removed 4 games: 2 empty for 7 days, 1 abandoned for 30 days, 1 untouched for 400 days."
    )
    kept = {label for label, game_id in games.items() if game_id in left(app)}
    assert kept == {"empty, 6 days", "abandoned, 29 days", "played, 399 days", "played today"}
    assert left(app)[games["played, 399 days"]] == (3, 3)


def test_a_dry_run_counts_and_removes_nothing(app: Flask, games: dict[str, str]) -> None:
    assert run(app, "--dry-run") == (
        "Would remove 4 games: 2 empty for 7 days, 1 abandoned for 30 days, 1 untouched for 400 days."
    )
    assert set(left(app)) == set(games.values())


def test_the_times_are_options_and_zero_turns_a_rule_off(app: Flask, games: dict[str, str]) -> None:
    output = run(app, "--empty-days", "1", "--abandoned-days", "0", "--untouched-days", "0")
    assert output == "Removed 3 games: 3 empty for 1 day."
    kept = {label for label, game_id in games.items() if game_id in left(app)}
    assert kept == {
        "abandoned, 31 days",
        "abandoned, 29 days",
        "played, 401 days",
        "played, 399 days",
        "played today",
    }


def test_a_removed_game_is_gone_from_the_pages_and_the_api(app: Flask, games: dict[str, str]) -> None:
    run(app)
    client = app.test_client()
    assert client.get(f"/games/{games['empty, 8 days']}").status_code == 404
    assert client.get(f"/api/v1/games/{games['played, 401 days']}").status_code == 404
    assert client.get(f"/api/v1/games/{games['played, 399 days']}").status_code == 200


def test_the_help_says_the_defaults(app: Flask) -> None:
    result = app.test_cli_runner().invoke(args=["remove-old-games", "--help"])
    assert "[default: 7;" in result.output and "[default: 30;" in result.output
    assert "[default: 400;" in result.output
