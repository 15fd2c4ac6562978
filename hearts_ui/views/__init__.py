"""One package per page (the scripts in ``pages/`` call their ``render_*``)."""
