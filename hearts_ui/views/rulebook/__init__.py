"""views/rulebook"""
