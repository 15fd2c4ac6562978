"""The one card table of every page: a components v2 component fed by the core's table view.

:mod:`.payload` builds what the table shows (pure Python), :mod:`.component`
mounts it and hands the learner's action to the page; ``table.js`` and
``table.css`` draw it in the browser.
"""

from .component import CardTables, TableAction, card_table, look_settings, table_look
from .payload import HandControl, TableLook, TableScene, play_control, select_control, table_payload

__all__ = [
    "CardTables",
    "HandControl",
    "TableAction",
    "TableLook",
    "TableScene",
    "card_table",
    "look_settings",
    "play_control",
    "select_control",
    "table_look",
    "table_payload",
]
