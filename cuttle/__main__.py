"""Allow ``python -m cuttle``."""

from cuttle.cli import main

raise SystemExit(main())
