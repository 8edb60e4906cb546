"""Allow ``python -m cuttle``."""

import sys

try:
    from cuttle.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting up: an exit status, not a traceback
    sys.stderr.write("\n")
    raise SystemExit(130) from None

raise SystemExit(main())
