"""views/lessons"""
