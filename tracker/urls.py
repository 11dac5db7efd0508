from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tracker.views import accounts, cutthroat, groups, health, invites, logs, players

auth_urls = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("signup/", accounts.signup, name="signup"),
]

group_urls = [
    path("", groups.group_detail, name="group"),
    path("edit/", groups.group_edit, name="group_edit"),
    path("players/", players.player_add, name="player_add"),
    path("players/<int:player_pk>/", players.player_edit, name="player_edit"),
    path("members/<int:member_pk>/role/", groups.member_role, name="member_role"),
    path("members/<int:member_pk>/remove/", groups.member_remove, name="member_remove"),
    path("invites/", invites.invite_list, name="invite_list"),
    path("invites/<int:invite_pk>/revoke/", invites.invite_revoke, name="invite_revoke"),
    path("import/", logs.log_import, name="log_import"),
    path("backup.zip", logs.group_backup, name="group_backup"),
    path("restore/", logs.group_restore, name="group_restore"),
    path("tournaments/new/", cutthroat.tournament_new, name="tournament_new"),
    path("tournaments/<int:tournament_pk>/", cutthroat.tournament_detail, name="tournament"),
    path("tournaments/<int:tournament_pk>/bids/", cutthroat.hand_bids, name="hand_bids"),
    path("tournaments/<int:tournament_pk>/played/", cutthroat.hand_played, name="hand_played"),
    path(
        "tournaments/<int:tournament_pk>/hands/<int:number>/",
        cutthroat.hand_edit,
        name="hand_edit",
    ),
    path("tournaments/<int:tournament_pk>/undo/", cutthroat.hand_undo, name="hand_undo"),
    path(
        "tournaments/<int:tournament_pk>/export/",
        cutthroat.tournament_export,
        name="tournament_export",
    ),
]

urlpatterns = [
    path("groups/<int:pk>/", include("tracker.urls_catte")),
    path("groups/<int:pk>/", include("ledger.urls")),
    path("groups/<int:pk>/", include("tracker.urls_history")),
    path("", groups.home, name="home"),
    path("accounts/", include(auth_urls)),
    path("groups/new/", groups.group_create, name="group_create"),
    path("groups/<int:pk>/", include(group_urls)),
    path("invite/<str:token>/", invites.invite_accept, name="invite"),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
]
