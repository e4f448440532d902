"""Engine core shared by all games: RNG, errors, legality check, replays."""
