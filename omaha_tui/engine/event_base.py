"""The base of every event: frozen, no unknown fields, a schema version ``v``.

Its own module so that the events of each area (:mod:`.events` for the session and
seats, :mod:`.hand_events`, :mod:`.clock_events`, :mod:`.tournament_events`) can share
it without importing one another.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from pydantic import BaseModel, ConfigDict

SCHEMA_VERSION = 1


class _Event(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    v: int = SCHEMA_VERSION
