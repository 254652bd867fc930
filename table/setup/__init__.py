"""The table's setup: configuration, input devices, deck maps, systemd notification."""
