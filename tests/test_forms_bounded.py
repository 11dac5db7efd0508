"""Every integer a client may post goes through a form field with a least and a largest value
that fit the column it is stored in or compared with, so no posted number reaches the database
out of range."""

import importlib
import pkgutil

from django import forms

import cardtable
import core
import ledger
import tracker
from core.bounds import LARGEST_KEY


def project_forms() -> list[type[forms.BaseForm]]:
    for package in (cardtable, core, ledger, tracker):
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if ".migrations" not in module.name:
                importlib.import_module(module.name)
    found, waiting = [], [forms.BaseForm]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            waiting.append(subclass)
            if subclass.__module__.split(".")[0] in (
                "cardtable",
                "core",
                "ledger",
                "tracker",
            ):
                found.append(subclass)
    return found


def test_every_integer_field_of_every_form_has_a_least_and_a_largest_value():
    every_form = project_forms()
    unbounded = [
        f"{form.__module__}.{form.__name__}.{name}"
        for form in every_form
        for name, field in form.base_fields.items()
        if isinstance(field, forms.IntegerField)
        and (field.min_value is None or field.max_value is None or field.max_value > LARGEST_KEY)
    ]
    assert len(every_form) > 10
    assert unbounded == []
