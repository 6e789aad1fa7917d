"""The Discord surface: the command tree, message shapes and limits, the request budget, concurrency."""
