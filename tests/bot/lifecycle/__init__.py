"""Starting, stopping and crashing: the sandbox at start, restarts, recovery after a kill."""
