"""Pages of the league: public tables and badges, organizer lists."""
