"""HTML views: public.py (players), judge.py (tables), organizer.py (console)."""
