"""Game profiles, card catalog, deck and penalty rules, rulings."""
