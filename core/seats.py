"""Seats at a table: who sits where, picked on a start form or matched from a log by name."""

from functools import partial

from django import forms
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from basics.errors import RulesError
from basics.names import name_key
from core.models import Player
from core.names import by_name
from core.text import clean_label

# A group is the people of one table or club: past this many, a name list is an attack or a
# slip, and every page listing the players would grow without end.
MAX_PLAYERS = 200


class MissingPlayers(Exception):
    def __init__(self, names: list[str]):
        super().__init__(
            _("Not players of this group yet: %(names)s") % {"names": ", ".join(names)}
        )
        self.names = names


def seats_of(game) -> list:
    """The seats of a tournament or session with their players, prefetched ones if there."""
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        return list(game.seats.all())
    return list(game.seats.select_related("player"))


def match_players(group, names: list[str], create_missing: bool) -> list:
    """The group's players for these names (the same name whatever its case or encoding);
    creates missing ones if asked, up to `MAX_PLAYERS` in the group."""
    known = {name_key(player.name): player for player in group.players.all()}
    missing = [name for name in names if name_key(name) not in known]
    if missing and not create_missing:
        raise MissingPlayers(missing)
    if len(known) + len(missing) > MAX_PLAYERS:
        raise RulesError(
            # Translators: "players" is where the log lists its players; keep it as it is.
            _(
                "players: a group has at most %(most)d players; "
                "adding %(names)s would make %(count)d"
            )
            % {"most": MAX_PLAYERS, "names": ", ".join(missing), "count": len(known) + len(missing)}
        )
    for name in missing:
        known[name_key(name)] = added_player(group, name)
    return [known[name_key(name)] for name in names]


def added_player(group, name: str):
    """A new player of `group` called `name`; or the one another phone added or renamed to
    that name a moment before, if one did (the name is his now)."""
    player = Player(group=group).set_name(name)
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        return Player.named(group, name).get()
    return player


def add_seat_fields(form, players, seats: int) -> None:
    """`seat_0` … `seat_N` choice fields of a start form: the first three are required; the
    players in alphabetical order, as the table reads them."""
    form.group_players = {str(player.pk): player for player in players}
    choices = [("", "—")] + [(str(player.pk), player.name) for player in by_name(players)]
    for seat in range(seats):
        form.fields[f"seat_{seat}"] = forms.ChoiceField(
            choices=choices,
            required=seat < 3,
            label=_("Seat %(number)d") % {"number": seat + 1},
            error_messages={"required": _("Seats 1 to 3 need a player.")},
        )


def seats_as_last_time(game) -> dict:
    """The seats of a start form as `game` (the group's last tournament or session) had them:
    the same players in the same order, the first of them dealing first."""
    if game is None:
        return {}
    return {f"seat_{number}": str(seat.player_id) for number, seat in enumerate(seats_of(game))}


def seats_from_dealer(form, data: dict, seats: int) -> list | None:
    """The players picked in seat_0…seat_N, clockwise from the first dealer.

    Refuses gaps and a player in two seats; None (with the error on the form) when the first
    dealer's seat is empty.
    """
    picked = [data.get(f"seat_{seat}") for seat in range(seats)]
    if "" in picked and any(picked[picked.index("") :]):
        raise forms.ValidationError(_("Fill the seats in order, with no empty seat between."))
    seated = [form.group_players[pk] for pk in picked if pk]
    if len({player.pk for player in seated}) != len(seated):
        raise forms.ValidationError(_("A player can only sit in one seat."))
    dealer = data.get("first_dealer") or 0
    if dealer >= len(seated):
        form.add_error("first_dealer", _("Seat %(number)d is empty.") % {"number": dealer + 1})
        return None
    return seated[dealer:] + seated[:dealer]


def dealer_choices(names: list) -> list:
    """The seats a first dealer can sit in, each called by the player sitting there as the form
    is drawn, an empty one by its number in the language of the page (seats.js names the
    players picked afterwards)."""
    return [
        (seat, name or _("Seat %(number)s") % {"number": seat + 1})
        for seat, name in enumerate(names)
    ]


def first_dealer_field(label, seats: int) -> forms.TypedChoiceField:
    """Who deals first, by the seat he sits in (how he is chosen differs between games)."""
    return forms.TypedChoiceField(
        coerce=int,
        choices=partial(dealer_choices, [None] * seats),
        initial=0,
        widget=forms.RadioSelect,
        label=label,
    )


class SeatsForm(forms.Form):
    """What starting a tournament or a session asks alike: an optional name and the players in
    their `SEATS` seats, clockwise (a subclass adds its `first_dealer_field`)."""

    SEATS: int
    group_players: dict[str, Player]  # by key, set by add_seat_fields
    name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Name (optional)"))

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, self.SEATS)
        first_dealer = self.fields["first_dealer"]
        assert isinstance(first_dealer, forms.ChoiceField)
        first_dealer.choices = dealer_choices(self.seated_names())

    def seated_names(self) -> list:
        """The name of the player in each seat as the form is drawn (None: empty)."""
        drawn = self.data if self.is_bound else self.initial
        seated = [
            self.group_players.get(str(drawn.get(f"seat_{seat}"))) for seat in range(self.SEATS)
        ]
        return [player.name if player else None for player in seated]

    def clean_name(self):
        name = self.cleaned_data["name"]
        return clean_label(name, "") if name.strip() else ""

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(self.SEATS)]

    def seated(self, data: dict) -> list | None:
        """The players clockwise from the first dealer (see `seats_from_dealer`)."""
        return seats_from_dealer(self, data, self.SEATS)

    def clean(self):
        """The players clockwise from the first dealer ("players") with what `settings_of` makes
        of the rest, once every field is valid and `agrees(data)`."""
        data = super().clean()
        assert data is not None
        if self.errors or not self.agrees(data):
            return data
        players = self.seated(data)
        if players is not None:
            data.update(players=players, **self.settings_of(data))
        return data

    def agrees(self, data: dict) -> bool:
        """Whether the fields agree with each other; a game whose fields may not adds the error
        and says False."""
        return True

    def settings_of(self, data: dict) -> dict:
        """What starting the game takes besides its players ("rules", a log's rules object)."""
        raise NotImplementedError
