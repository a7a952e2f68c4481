"""UO Studio editor (PySide6): document + undo stack, canvas, tools, panels."""

# Qt for Python reads the source of every module imported after PySide6 (an import hook that
# looks in each for `from __feature__ import ...`): the ~250 engine, pydantic, YAML and
# importlib.metadata (pydantic's plugins) modules the editor uses at start-up were 0.07 s of
# it (opening the sample sheet: ~0.8 s). Imported here, before any editor module imports Qt,
# the interpreter alone reads them. (A process that imported PySide6 first gains nothing.)
import importlib.metadata  # noqa: F401

import engine.battlefield.compile
import engine.battlefield.los
import engine.battlefield.movement
import engine.geometry.calibration
import engine.io.files
import engine.io.roundtrip
import engine.lint.runner
import engine.model.formats
import engine.rules.uo.attainable
import engine.rules.uo.strength  # noqa: F401
