"""High card, a game that lives in the tests: each round the players draw a card, the highest
wins and every other player pays the winner the stake. It is a game of one shape with the
others (an app with its models, pure rules, services on core.entries, forms, views, templates),
registered only by the tests that play it (tests/test_a_fourth_game.py)."""
