"""Tables of two to four seats on the server: how one is planned and listed, its AI seats, and
what its seats answer out of turn (claims, the waiting seats' lines)."""
