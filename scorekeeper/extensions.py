"""Flask extensions, created unbound and attached to the app in create_app."""

from __future__ import annotations

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base of every model."""


# A request ends soon after its commit, and its answer is built from the objects
# it just saved: reloading them from the database first would only cost queries.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
csrf = CSRFProtect()
migrate = Migrate()
