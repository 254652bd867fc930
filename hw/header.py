"""The Raspberry Pi's 40-pin header: which GPIO is on which pin, and which are spoken for."""

from __future__ import annotations

HEADER = (
    "3V3", "5V", 2, "5V", 3, "GND", 4, 14, "GND", 15, 17, 18, 27, "GND", 22, 23, "3V3", 24, 10,
    "GND", 9, 25, 11, 8, "GND", 7, 0, 1, 5, "GND", 6, 12, 13, "GND", 19, 16, 26, 20, "GND", 21,
)  # fmt: skip
"""The 40-pin header: what is on physical pin 1, 2, ... 40 (a BCM GPIO number or a supply)."""

PHYSICAL = {bcm: n for n, bcm in enumerate(HEADER, 1) if isinstance(bcm, int)}
"""BCM GPIO number -> physical pin number."""

GROUNDS = tuple(n for n, what in enumerate(HEADER, 1) if what == "GND")
"""The physical pins that are ground."""

HAT_ID = (0, 1)
RESERVED = {0: "ID_SD", 1: "ID_SC", 2: "I2C SDA", 3: "I2C SCL", 14: "UART TXD", 15: "UART RXD"}
"""GPIOs left free on purpose: the HAT ID EEPROM, I2C, and the UART for a serial reader."""

SPI0 = {8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"}
"""SPI0's GPIOs, where the usual RC522 wiring puts the reader (its SDA on CE0)."""
RC522_RESET = 25
"""The GPIO the usual RC522 wiring gives the reader's RST."""
MCP23017_INTERRUPT = 4
"""The GPIO the kernel's mcp23017 overlay takes for the chip's INTA unless told another."""
