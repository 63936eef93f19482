"""What all games share: errors, the game protocol, randomness, agents, simulation, replay."""
