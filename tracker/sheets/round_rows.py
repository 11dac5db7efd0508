"""What the template of a sheet's round draws from its form: the bound fields grouped in rows
and lines (a player's points with his sitting out, a chop chain, a leftover line, a payment
line), and whether a folded part opens because something in it is already tapped."""

from typing import TYPE_CHECKING

from tracker.sheets.round_fields import LEFTOVER_COUNTS

if TYPE_CHECKING:
    from django.forms import BoundField, Field

    from tracker.sheets.board import SheetBoard


class RoundRows:
    """Mixed into the round's form, whose fields (`self[name]`), `board` and line counts
    (`chain_count`, `link_count`, `leftover_count`, `payment_count`) it reads."""

    if TYPE_CHECKING:
        board: SheetBoard
        fields: dict[str, Field]
        chain_count: int
        link_count: int
        leftover_count: int
        payment_count: int

        @property
        def part_at_fault(self) -> str | None: ...

        def __getitem__(self, name: str) -> BoundField: ...

    def given(self, *names: str) -> bool:
        """Something is tapped or ticked in one of the fields `names` (a count above 0)."""

        def tapped(name: str) -> bool:
            value = self[name].value()
            if name.startswith("leftover_") and not name.endswith("_player"):
                return str(value or 0) != "0"
            return value not in (None, "", False)

        return any(map(tapped, names))

    def seat_rows(self, prefix: str) -> list:
        return [self[f"{prefix}_{seat}"] for seat in range(len(self.board.names))]

    @property
    def absent_fields(self):
        return self.seat_rows("absent")

    @property
    def frozen_fields(self):
        return self.seat_rows("frozen")

    def at_fault(self, part: str) -> bool:
        """A refusal is about `part`: it says so there, drawn open."""
        return self.part_at_fault == part

    @property
    def absent_open(self) -> bool:
        """Who sits out is said on the part's summary (`absent_names`): it opens only when a
        refusal is about it."""
        return self.at_fault("absent")

    @property
    def absent_names(self) -> str:
        names = enumerate(self.board.short_names)
        return ", ".join(short for seat, short in names if self.given(f"absent_{seat}"))

    @property
    def frozen_open(self) -> bool:
        names = (field.name for field in self.frozen_fields)
        return self.given(*names) or self.at_fault("frozen")

    @property
    def winner_open(self) -> bool:
        return self.given("winner", "hand") or self.at_fault("winner")

    @property
    def points_rows(self):
        return list(zip(self.seat_rows("points"), self.absent_fields, strict=True))

    @property
    def place_fields(self):
        return [self[name] for name in self.fields if name.startswith("place_")]

    @property
    def leftover_lines(self):
        return [
            {
                "number": line,
                "player": self[f"leftover_{line}_player"],
                "counts": [self[f"leftover_{line}_{what}"] for what in LEFTOVER_COUNTS],
                "at_fault": self.at_fault(f"leftovers-{line}"),
                "open": self.given(
                    f"leftover_{line}_player",
                    *(f"leftover_{line}_{what}" for what in LEFTOVER_COUNTS),
                )
                or self.at_fault(f"leftovers-{line}"),
            }
            for line in range(1, self.leftover_count + 1)
        ]

    @property
    def chains(self):
        return [
            {
                "number": chain,
                "first": [
                    self[f"chop_{chain}_1_{part}"] for part in ("chopper", "chopped", "what")
                ],
                "in_turn": [
                    {
                        "link": link,
                        "by": self[f"chop_{chain}_{link}_chopper"],
                        "what": self[f"chop_{chain}_{link}_what"],
                    }
                    for link in range(2, self.link_count + 1)
                ],
                "at_fault": self.at_fault(f"chop-{chain}"),
                "open": self.given(
                    *(f"chop_{chain}_1_{part}" for part in ("chopper", "chopped", "what"))
                )
                or self.at_fault(f"chop-{chain}"),
            }
            for chain in range(1, self.chain_count + 1)
        ]

    @property
    def payment_lines(self):
        return [
            {
                "number": line,
                "payer": self[f"pay_{line}_payer"],
                "payee": self[f"pay_{line}_payee"],
                "line": self[f"pay_{line}_line"] if self.board.settings.lines else None,
                "name": self[f"pay_{line}_name"],
                "units": self[f"pay_{line}_units"],
                "at_fault": self.at_fault(f"payment-{line}"),
                "open": self.given(f"pay_{line}_payer", f"pay_{line}_payee", f"pay_{line}_name")
                or self.at_fault(f"payment-{line}"),
            }
            for line in range(1, self.payment_count + 1)
        ]
