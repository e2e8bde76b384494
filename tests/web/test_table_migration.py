"""Migration 0005 adds tables, rosters and summaries to a database with games in it, and steps back."""

from __future__ import annotations

import flask_migrate
from flask import Flask
from sqlalchemy import text

from scorekeeper import MIGRATIONS
from scorekeeper.extensions import db
from scorekeeper.games import store

from .test_migrations import schema_differences

OLD_GAME = "0123456789abcdef0123456789abcdef"


def test_games_stored_before_tables_existed_keep_working(app: Flask) -> None:
    with app.app_context():
        flask_migrate.downgrade(directory=str(MIGRATIONS), revision="0003")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO games (id, variant, options, first_dealer, first_dealer_drawn, "
                    "edit_key_hash, version, created_at, updated_at) "
                    "VALUES (:id, 'oh-hell', :options, 0, false, "
                    "'x', 3, '2026-01-01 20:00:00', '2026-01-01 21:00:00')"
                ),
                {"id": OLD_GAME, "options": "{}"},
            )
            for seat, name in enumerate(["Ann", "Bob", "Cy"]):
                connection.execute(
                    text("INSERT INTO seats (game_id, seat, name) VALUES (:game, :seat, :name)"),
                    {"game": OLD_GAME, "seat": seat, "name": name},
                )
        flask_migrate.upgrade(directory=str(MIGRATIONS))
    assert schema_differences(app) == []
    with app.test_request_context():
        record, game = store.load_game(OLD_GAME)
        assert record.group_id is None and record.version == 3
        assert game.table.players == ("Ann", "Bob", "Cy")
    assert app.test_client().get(f"/games/{OLD_GAME}").status_code == 200


def test_migration_0005_steps_back_to_0003_and_forth(app: Flask) -> None:
    with app.app_context():
        flask_migrate.downgrade(directory=str(MIGRATIONS), revision="0003")
        tables = set(db.inspect(db.engine).get_table_names())
        assert {"groups", "group_players", "device_groups", "game_summaries"}.isdisjoint(tables)
        assert "group_id" not in {column["name"] for column in db.inspect(db.engine).get_columns("games")}
        flask_migrate.upgrade(directory=str(MIGRATIONS))
    assert schema_differences(app) == []


def test_stepping_back_keeps_every_game_whole(app: Flask, driver: object) -> None:
    from .conftest import Driver

    assert isinstance(driver, Driver)
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    with app.app_context():
        flask_migrate.downgrade(directory=str(MIGRATIONS), revision="0003")
        with db.engine.connect() as connection:
            seats = connection.execute(text("SELECT count(*) FROM seats WHERE game_id = :g"), {"g": game_id})
            held = connection.execute(
                text("SELECT count(*) FROM device_games WHERE game_id = :g"), {"g": game_id}
            )
            assert (seats.scalar(), held.scalar()) == (3, 1)
        flask_migrate.upgrade(directory=str(MIGRATIONS))
    assert "Ann" in driver.sheet(game_id)
