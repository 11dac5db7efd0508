import pytest
from django.contrib import admin
from django.urls import reverse

from tests.factories import UserFactory

MODELS = [model for model in admin.site._registry if model._meta.app_label in ("tracker", "ledger")]


@pytest.fixture
def as_superuser(client, db):
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


def test_every_model_of_the_project_is_in_the_admin():
    from django.apps import apps

    ours = [m for m in apps.get_models() if m._meta.app_label in ("tracker", "ledger")]
    assert set(ours) <= set(MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_admin_list_loads_with_a_search(as_superuser, model, players):
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    assert as_superuser.get(url, {"q": "An"}).status_code == 200
