"""``python -m cardtable`` is the ``cardtable`` command."""

import sys

from cardtable.cli import main

sys.exit(main())
