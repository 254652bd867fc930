"""The screen: what a frame shows (view) and how it is drawn (pygame)."""
