"""Running Tarmac for a community: server settings, the health and metrics endpoint."""
