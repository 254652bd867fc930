"""The `uno-table` command line: one module per subcommand."""

import os

# Here, before any subcommand loads: several import pygame (check, through the card art), and
# pygame prints its banner on stdout as it loads, which a script's one JSON line cannot share.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would turn Ctrl+C into a window-close (exit 0) where it finds no handler: Python keeps it.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
