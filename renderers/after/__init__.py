"""After the game's pictures and words: the race chart and the chances chart (charts.py, drawn by matplotlib's Agg
backend with the names set by the kit's Pen), and what each says in words (words.py): alt text, `text:True`, the
turning points and the hint."""
