"""The conformance harness: the generic checks every registered game must pass (legal moves, secrecy, blindness,
typed moves, sight), run by tests/engine/test_conformance.py."""
