"""views/puzzles"""
