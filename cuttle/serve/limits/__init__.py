"""What the server lets one client take: the logins' pools and the per-key caps (``admission``),
each key's share of the event loop (``fairshare``), what waits to be sent to a connection
(``outflow``), the disk its games fill (``disk``), and what was turned away, counted and logged
(``refusals``) and shown to the host (``status``, ``cuttle serve --status``)."""
