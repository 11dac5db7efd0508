from django.apps import AppConfig


class HighCardConfig(AppConfig):
    name = "tests.high_card"
    label = "high_card"
    verbose_name = "High card"
