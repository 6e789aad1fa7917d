"""A member's rating over their rated games: the view the bot builds (history.py), the chart (chart.py, drawn by
matplotlib's Agg backend as the after-the-game charts are, the member's name set by the kit's Pen) and the same in
words (words.py): alt text and `text:True`."""
