"""`mazo play`'s two clients of the game session: the terminal's table and the JSON protocol,
and the commands a person types to both."""
