"""What the entry of a Cutthroat hand must be, checked before the hand is scored: the bids
(Blind 6 only when the bidder is far enough behind), the tricks and the award jacks, each
refusal naming the game, the hand and the player."""

from collections.abc import Mapping

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.cutthroat.rules.settings import BIDS, JACK_NAMES, Settings, is_whole


class HandChecks:
    """Mixed into the tournament's state, whose players, settings, totals and count of
    Blind 6 bids so far it reads; `where` names the hand and `seat` its dealer."""

    players: list[str]
    settings: Settings
    champion: str | None
    totals: dict[str, int]
    blind_sixes: dict[str, int]
    tricks: int

    def where(self) -> Phrase:
        raise NotImplementedError

    def seat(self, offset: int = 0) -> str:
        raise NotImplementedError

    def blind_six(self, player: str) -> tuple[bool, Phrase]:
        """Whether ``player`` may bid Blind 6 in the next hand, and why, in plain words."""
        limit = self.settings.blind_six_per_game
        if self.champion is not None:
            return False, Phrase(_("the tournament is over"))
        if limit == 0:
            return False, Phrase(_("Blind 6 is not played at this table"))
        used = self.blind_sixes[player]
        if limit is not None and used >= limit:
            if used == 1:
                return False, Phrase(_("%(player)s has used Blind 6 this game"), player=player)
            return False, Phrase(
                _("%(player)s has used Blind 6 %(times)s times this game"),
                player=player,
                times=used,
            )
        lead = max(self.totals.values())
        behind = lead - self.totals[player]
        if len(set(self.totals.values())) == 1:
            return False, Phrase(_("%(player)s is not behind: all scores are level"), player=player)
        if behind == 0:
            if list(self.totals.values()).count(lead) == 1:
                return False, Phrase(_("%(player)s is the leader"), player=player)
            return False, Phrase(_("%(player)s shares the lead"), player=player)
        if behind < self.settings.blind_six_behind:
            return False, Phrase(
                _("%(player)s is only %(behind)s behind"), player=player, behind=behind
            )
        return True, Phrase(
            _("%(player)s is %(behind)s behind the leader"), player=player, behind=behind
        )

    def check_bids(self, bids) -> None:
        where = self.where()
        if self.champion is not None:
            raise RulesError(
                _("%(where)s: the tournament is over: %(champion)s has won it"),
                where=where,
                champion=self.champion,
            )
        if not isinstance(bids, Mapping):
            raise RulesError(_("%(where)s: bids must map each player to a bid"), where=where)
        for player in bids:
            if player not in self.players:
                raise RulesError(
                    _("%(where)s: %(player)s: bid by someone who is not a player"),
                    where=where,
                    player=player,
                )
        for player in self.players:
            if player not in bids:
                raise RulesError(_("%(where)s: %(player)s: no bid"), where=where, player=player)
            bid = bids[player]
            if not (
                (isinstance(bid, str) and bid in BIDS) or (is_whole(bid, 1) and bid <= self.tricks)
            ):
                raise RulesError(
                    _(
                        "%(where)s: %(player)s: %(bid)s is not a bid "
                        "(a bid is 1 to %(tricks)s, NIL, BN, 1F, 2F, B6 or SM)"
                    ),
                    where=where,
                    player=player,
                    bid=repr(bid),
                    tricks=self.tricks,
                )
            if bid == "B6":
                allowed, reason = self.blind_six(player)
                if not allowed:
                    raise RulesError(
                        _("%(where)s: %(player)s: Blind 6 is not allowed: %(reason)s"),
                        where=where,
                        player=player,
                        reason=reason,
                    )

    def check_tricks(self, tricks) -> None:
        where = self.where()
        if not isinstance(tricks, Mapping):
            raise RulesError(
                _("%(where)s: tricks must map each player to the tricks taken"), where=where
            )
        for player in tricks:
            if player not in self.players:
                raise RulesError(
                    _("%(where)s: %(player)s: tricks for someone who is not a player"),
                    where=where,
                    player=player,
                )
        for player in self.players:
            if player not in tricks:
                raise RulesError(
                    _("%(where)s: %(player)s: no tricks entered"), where=where, player=player
                )
            if not is_whole(tricks[player], 0):
                raise RulesError(
                    _(
                        "%(where)s: %(player)s: tricks must be a "
                        "whole number, 0 or more, not %(tricks)s"
                    ),
                    where=where,
                    player=player,
                    tricks=repr(tricks[player]),
                )
        total = sum(tricks.values())
        if total != self.tricks:
            raise RulesError(
                _("%(where)s: tricks add up to %(total)s, not %(expected)s"),
                where=where,
                total=total,
                expected=self.tricks,
            )
        dealer = self.seat()
        if self.settings.jokers == 2 and tricks[dealer] > self.tricks - 1:
            raise RulesError(
                _(
                    "%(where)s: %(player)s: the dealer sits out trick 1 and can take at most "
                    "%(most)s tricks, not %(tricks)s"
                ),
                where=where,
                player=dealer,
                most=self.tricks - 1,
                tricks=tricks[dealer],
            )

    def check_jacks(self, jacks, tricks) -> None:
        where = self.where()
        awards = self.settings.award_jacks
        if not isinstance(jacks, Mapping):
            raise RulesError(
                _("%(where)s: jacks must map each award jack to who caught it"), where=where
            )
        for card in jacks:
            if card not in awards:
                raise RulesError(
                    _(
                        "%(where)s: jacks: %(card)s is not an award "
                        "jack here (in force: %(in_force)s)"
                    ),
                    where=where,
                    card=repr(card),
                    in_force=", ".join(awards) or Phrase(_("none")),
                )
        for card in awards:
            if card not in jacks:
                raise RulesError(
                    _("%(where)s: jacks: who caught %(card)s (%(jack)s)?"),
                    where=where,
                    card=card,
                    jack=JACK_NAMES[card],
                )
            player = jacks[card]
            if player not in self.players:
                raise RulesError(
                    _("%(where)s: %(player)s: caught %(card)s but is not a player"),
                    where=where,
                    player=player,
                    card=card,
                )
            if tricks[player] == 0:
                raise RulesError(
                    _("%(where)s: %(player)s: caught %(card)s but took no tricks"),
                    where=where,
                    player=player,
                    card=card,
                )
