"""Ids in URLs: at most 18 digits, so a number past what the database holds is a plain 404
(SQLite would fail on it) and never reaches a query."""


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))
