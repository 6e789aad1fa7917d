"""Planes (base game) and, later, its Round Trip expansion."""
