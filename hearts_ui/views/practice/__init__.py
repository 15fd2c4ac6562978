"""views/practice"""
