"""The shared drawing kit every game's renderer uses; renderers/README.md gives the rules it makes testable."""
