"""`python -m engine.cli`: the `uo` command."""

import sys

from . import main

if __name__ == "__main__":  # importing the module (a test walking every module) runs nothing
    sys.exit(main())
