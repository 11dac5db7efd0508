"""The score sheet: any other game a table plays for money (Tiến lên, Hearts, a points game),
round by round, as a game of the registry (tracker.sheets.game.SheetGame); its rules, plain
Python, are tracker.sheets.rules."""
