"""Practice worksheets with answer keys."""
