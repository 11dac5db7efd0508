from django.contrib.auth import views as auth_views
from django.urls import include, path

from core.web.throttle import throttled
from tracker.groups import views

auth_urls = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", views.GuardedPasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("signup/", throttled(views.signup), name="signup"),
]

group_urls = [
    path("", views.group_detail, name="group"),
    path("edit/", views.group_edit, name="group_edit"),
    path("players/", views.player_add, name="player_add"),
    path("players/<id:player_pk>/", views.player_edit, name="player_edit"),
    path("members/<id:member_pk>/role/", views.member_role, name="member_role"),
    path("members/<id:member_pk>/remove/", views.member_remove, name="member_remove"),
    path("invites/", views.invite_list, name="invite_list"),
    path("invites/<id:invite_pk>/revoke/", views.invite_revoke, name="invite_revoke"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include(auth_urls)),
    path("groups/new/", views.group_create, name="group_create"),
    path("groups/<id:pk>/", include(group_urls)),
    path("invite/<str:token>/", views.invite_accept, name="invite"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
]
