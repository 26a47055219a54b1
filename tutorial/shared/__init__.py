"""The floor the tutorial's three wings share: the engine's explanations in words, typed values, phrases,
ICU plural and select forms, charts, board diagrams, scenarios and content names."""
