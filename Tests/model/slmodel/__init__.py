"""A reference model of SnapLayout's documented rules (docs/TESTING-MODEL.md): deliberately
simple, O(n) everywhere, every frame materialised. It never calls the library."""

from .groups import ModelError
from .state import ModelLayout, Refused

__all__ = ["ModelError", "ModelLayout", "Refused"]
