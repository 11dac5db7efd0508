"""The service package for every change to a Cắt Tê session, its modules named for what they change.

Views, the game logs and the tests change a session only through these modules; each checks the
change against the rules (RulesError), against what another phone saved first (AlreadyRecorded,
StalePage, DraftMoved), records it with an entry in the session's history, stores the computed
state with the new version, and has the ledger follow (`tracker.catte.money`).

    session = services.logs.start(group, players, {"stake": "1.00"}, user)
    services.entering.enter(board, Tap(1, draft_version, "t0"), user)  # a tap on round 1
    services.entering.enter(board, SavedRound(1, draft_version, []), user)
    services.seating.join(board, version, user, player=chi)
    services.closing.close(board, version, user)

- `entering`: what a phone sent of the round being entered (a tap, a save, a round kept
  offline), taken through one entry point that hands it to `tapping` or `rounds`.
- `rounds`: a round saved, recorded, corrected or undone; a round a phone kept offline, taken.
- `tapping`: the round being tapped in (the table's draft): its taps, its own version, no money.
- `seating`: players joining, leaving and coming back during an evening.
- `closing`: closing a session (its side pot refunded or carried) and opening it again.
- `logs`: starting a session; importing, appending to and exporting its game log.
- `carried`: a side pot carried from one session of the group into the next.
- `checks`: the checks the modules share before they write (a closed session, a page behind, a
  round out of turn, a draft another phone changed); no module outside this package uses it
  but for its refusals.
"""

from tracker.catte.services import (
    carried,
    checks,
    closing,
    entering,
    logs,
    rounds,
    seating,
    tapping,
)

__all__ = ["carried", "checks", "closing", "entering", "logs", "rounds", "seating", "tapping"]
