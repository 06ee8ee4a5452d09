"""The terminal views: pure functions from a result (and its spec, its language) to the lines a
command prints. The words they write are in `words`; JSON is the result's own `to_dict()`."""
