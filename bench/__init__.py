"""Tarmac's benchmarks, apart from the packages that run in production: `python -m bench` lists them
(bench/__main__.py). Each prints figures to compare a change by; no test asserts on a time."""
