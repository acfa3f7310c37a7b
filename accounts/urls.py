"""``/cuenta/``: player accounts (namespace ``accounts``) and the organizer's claim-code pages."""
from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("", views.profile, name="profile"),
    path("ingresar/", views.PlayerLoginView.as_view(), name="login"),
    path("registrarme/", views.signup, name="signup"),
    path("vincular/", views.claim, name="claim"),
    path("contrasena/", views.player_login_required(views.PasswordChangeView.as_view()), name="password_change"),
    path("recuperar/", views.PasswordResetView.as_view(), name="password_reset"),
    path("recuperar/enviado/", views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("recuperar/<uidb64>/<token>/", views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("recuperar/listo/", views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("codigos/jugadores/<str:number>/", views.player_code, name="player_code"),
    path("codigos/eventos/<int:pk>/", views.event_codes, name="event_codes"),
]
