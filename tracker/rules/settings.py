"""What reading a log's ``rules`` object shares, in the games staked in money (Cắt Tê, the score
sheet): an object of known settings, the stake among them."""

from basics.errors import RulesError
from basics.phrases import _


def check_rules(rules, keys: tuple[str, ...]) -> None:
    """`rules` is an object of the settings `keys`, and holds the stake."""
    if not isinstance(rules, dict):
        raise RulesError(_("rules: must be an object"))
    for key in rules:
        if key not in keys:
            raise RulesError(_('rules: unknown setting "%(key)s"'), key=key)
    if "stake" not in rules:
        raise RulesError(_('rules: stake is required (an amount such as "1.00")'))
