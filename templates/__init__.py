"""Page templates, styles and card art shared by rulebooks and worksheets."""
