"""The game master app: where the rules engine meets the hardware and the screen."""
