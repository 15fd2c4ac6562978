"""Streamlit-only helpers: the page frame, the interface's words, widgets and one view package per page."""
