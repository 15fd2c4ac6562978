"""The learner layer: progress through lessons and puzzles, the practice game, the puzzle line viewer."""
