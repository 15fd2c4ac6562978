"""words"""
