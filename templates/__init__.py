"""The one document pipeline of mazo: books, worksheets and score sheets.

`document` (the blocks content is made of), `styles.yaml` (palette, page set-ups, paragraph
styles, as data) read by `styles` and `page`, the card art (`cards`), the chart block (`chart`),
and the layouts: `pdf` and `markdown` for a book's `Document`, `worksheet` for a worksheet and
its key, `scoresheet` for the planillas and the odds chart. What a page says is built elsewhere
(rulebooks/, puzzles/, views/) as `document` blocks; nothing here reads the solver.
"""

import os
import sys


def _reportlab_mods_only_from_a_file() -> None:
    """reportlab runs ~/.reportlab_mods as it is first imported: a missing file is passed over,
    but a HOME that is no folder stops it (Not a directory), and so would a folder or a FIFO of
    that name. When that name holds no regular file there is nothing to run, and reportlab is
    told so by an empty module of the name (unless one is on the path, which reportlab runs
    instead of the file). Every module that imports reportlab is in this package or imports
    from it first, so this runs before it."""
    if "reportlab" in sys.modules:
        return
    if os.path.isfile(os.path.join(os.path.expanduser("~"), ".reportlab_mods")):
        return
    import importlib.util
    import types

    if importlib.util.find_spec("reportlab_mods") is None:
        sys.modules["reportlab_mods"] = types.ModuleType("reportlab_mods")


_reportlab_mods_only_from_a_file()
