"""Rule specs: a game's YAML file read, checked and resolved into a frozen `RuleSpec`.

- `yamlsource`: YAML that remembers the file and line of every value, and its cache;
- `reader`: the typed `Reader` of a spec's data, the bounds, numbers as users write them;
- `rulespec`: the frozen records (`RuleSpec`, and one per section);
- `sections`: each section's reader; `options`: the named house rules; `prose`: the rulebook's
  text and worked examples;
- `load`: finding a game's spec, a rules file and the options over it, read into a `RuleSpec`.
"""
