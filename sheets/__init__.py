"""The score sheet: any other game a table plays for money (Tiến lên, Hearts, a points game),
round by round, as a game of the registry (sheets.game.SheetGame); its rules are
tracker.rules.sheet."""
