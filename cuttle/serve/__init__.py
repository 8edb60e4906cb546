"""``cuttle serve``: the game over SSH, every player on a screen of their own.

``keys`` the host key, the authorized keys and display names; ``server`` the SSH server and one
``Connection`` per player; ``hall`` the open tables and the games in play; ``lobby`` the lobby's
screen; ``match`` one game between two seats (the session's ``GameIO``, handing each screen only
its own seat's view); ``adapter`` the one place that drives the game screen (``cuttle.ui.app``).
Imports ``ui``, ``play``, ``files``, ``text`` and the engine; nothing writes to the server's own
terminal.
"""

import warnings

# asyncssh names cryptography's DSA key classes in its type aliases at import, and cryptography
# 48 and later warns about DSA there: a line on the server's terminal (before its log is set up)
# about nothing the server does (it makes and accepts no DSA key of its own choosing)
warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")
