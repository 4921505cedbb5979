"""Data of the Kingdom Legacy engine: the invented demo kingdom (not the printed cards)."""
