"""The words players read: texts, long input, names (never pings, never ids), boards in words, the README."""
