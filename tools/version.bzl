"""The ChainerX version: the single place it is set (used by the wheel)."""

VERSION = "0.1.0"
