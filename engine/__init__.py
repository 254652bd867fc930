"""The rules of UNO, pure and deterministic."""
