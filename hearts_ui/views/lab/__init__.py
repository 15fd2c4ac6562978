"""views/lab"""
