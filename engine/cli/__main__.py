"""`python -m engine.cli`: the `uo` command."""

import sys

from . import main

sys.exit(main())
