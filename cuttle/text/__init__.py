"""How the game reads and looks, with no terminal and no files.

Cards as the screen shows them (``cardtext``), words for moves and events (``describe``), what a
typed line means and how input is cleaned (``intent``), the help and the card summaries
(``helptext``), the threat line (``threat``), text charts (``chart``), rich view objects for the
table and its lists (``render``), the table model of a live game (``tablemodel``), a review in
words (``reviewtext``), text from strangers made safe to show and read (``safetext``), plain-text
tables fitted to a width (``columns``) and the ASCII stand-ins of every character the game draws
(``plainascii``). Imports the engine, the AI's explanations and rich, nothing above.
"""
