"""pydantic without its plugin search, when every plugin is turned off.

pydantic finds its plugins through the metadata of every installed package
(``importlib.metadata``, which also loads the ``email`` package to read it): about
20 ms before a command's first answer, even when ``PYDANTIC_DISABLE_PLUGINS=__all__``
says no plugin is wanted, because its plugin loader imports that machinery before it
reads the variable. :func:`skip_plugin_search` adds an import finder that, when pydantic
first asks for its loader while the variable says ``__all__`` (or ``1``/``true``), hands
it a stand-in instead, so no metadata is read. Any other value keeps pydantic's own; a
command that never builds a validator never imports either.

The stand-in answers ``get_plugins()`` with no plugins, as pydantic's loader does under
that variable; any other name asked of it is taken from the real loader, imported then.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # importlib.abc itself loads more than the finder needs
    from importlib.abc import Loader

LOADER = "pydantic.plugin._loader"
OFF = ("__all__", "1", "true")
"""The values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic loads no plugin."""


def _plugins_off() -> bool:
    return os.environ.get("PYDANTIC_DISABLE_PLUGINS") in OFF


def _real_loader() -> ModuleType:
    """pydantic's own loader, in place of the stand-in from now on."""
    _remove_finder()
    if isinstance(sys.modules.get(LOADER), _NoPlugins):
        del sys.modules[LOADER]
    return importlib.import_module(LOADER)


class _NoPlugins(ModuleType):
    """The plugin loader while no plugin is wanted."""

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_real_loader(), name)


def get_plugins() -> Iterable[object]:
    """No plugins while the variable turns them all off; else pydantic's own answer."""
    if _plugins_off():
        return ()
    real: Iterable[object] = _real_loader().get_plugins()
    return real


class _StandInFinder:
    """Finds the stand-in for pydantic's plugin loader while no plugin is wanted."""

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != LOADER or not _plugins_off():
            return None
        return ModuleSpec(LOADER, cast("Loader", self))

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        stand_in = _NoPlugins(LOADER, __doc__)
        stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
        return stand_in

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: :meth:`create_module` made it whole."""


_FINDER = _StandInFinder()


def _remove_finder() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def skip_plugin_search() -> bool:
    """Hand pydantic the stand-in loader if no plugin is wanted when it asks; whether
    the finder is (now) in place (not when pydantic's loader is already imported)."""
    if LOADER in sys.modules and not isinstance(sys.modules[LOADER], _NoPlugins):
        return False
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return True


__all__ = ["skip_plugin_search"]
