"""The one document pipeline of mazo: books, worksheets and score sheets.

`document` (the blocks content is made of), `styles.yaml` (palette, page set-ups, paragraph
styles, as data) read by `styles` and `page`, the card art (`cards`), the chart block (`chart`),
and the layouts: `pdf` and `markdown` for a book's `Document`, `scoresheet` for the planillas
(the worksheets' layout lives with the puzzles, on these same set-ups and styles).
"""
