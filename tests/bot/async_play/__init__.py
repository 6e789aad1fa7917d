"""Play by post: turn deadlines, reminders, weeks-long games and catching up after downtime."""
