"""Flask extensions, created unbound and attached to the app in create_app."""

from __future__ import annotations

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base of every model."""


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()
