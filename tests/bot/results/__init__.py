"""What a finished game leaves: records, replays, the final message, results and ratings."""
