"""Planecrafters: build and sell planes from part cards, helped (or robbed) by employees."""
