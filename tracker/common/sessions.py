"""Django's database sessions and the logged-in user, read with written SQL.

Every request of a logged-in phone reads its session and its user first. Composing those two
queries through the ORM took three times as long as the database took to run them; the tables,
the rows and everything else about sessions and logins are Django's own, so sessions made
before still work.
"""

import functools

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.utils import timezone

from tracker.common.sql import column, first, rows, table


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self):
        model = self.get_model_class()
        expires = model._meta.get_field("expire_date").get_db_prep_value(timezone.now(), connection)
        found = first(rows(model, _unexpired_sql(model), [self.session_key, expires]))
        if found is None:
            self._session_key = None
        return found


@functools.cache
def _unexpired_sql(model) -> str:
    key, expires = column(model, "session_key"), column(model, "expire_date")
    return f"SELECT * FROM {table(model)} WHERE {key} = %s AND {expires} > %s"


# The backend a login names in its session.
USER_BACKEND = "tracker.common.sessions.UserBackend"


class UserBackend(ModelBackend):
    """Django's ModelBackend, reading the logged-in user with written SQL.

    A session names the backend that logged it in, and Django reads its user through that one
    only while it is listed: Django's own ModelBackend stays listed after this one, for the
    sessions it logged in. It never checks a password again: a login refused here is refused.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            raise PermissionDenied  # Django stops here and counts the failed login
        return user

    def get_user(self, user_id):
        user = first(rows(get_user_model(), _user_sql(), [user_id]))
        return user if user is not None and self.user_can_authenticate(user) else None


@functools.cache
def _user_sql() -> str:
    model = get_user_model()
    return f"SELECT * FROM {table(model)} WHERE {column(model, 'pk')} = %s"
