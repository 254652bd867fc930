"""Physical signals in, lights out. Knows no rules: it never imports engine/."""
