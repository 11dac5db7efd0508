"""The words every layer shares, as plain Python: the bottom layer of the project.

A refusal (`basics.errors.RulesError`), the app's one kind of translatable message
(`basics.phrases`: `Phrase`, `plural_phrase`, the `_` that marks a template), players' names as
every way in takes them (`basics.names`), the order names are read in (`basics.collation`) and
money as every game's rules take it, with its bounds (`basics.money`). The games' rules, the core
app, the ledger and the games all use them; nothing here imports Django or any other part of the
project, so the same code serves a web page, ``manage.py replay`` and the tests.
"""
