from django.db import models
from django.db.models.functions import Lower

MOST_SEASONS = 100  # a group's named seasons: decades of them, and a list that stays short


class Season(models.Model):
    """A span of the group's calendar its owners named ("Summer league"), both days included;
    a group without any has a season per calendar year."""

    group = models.ForeignKey("tracker.Group", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=40)
    starts_on = models.DateField()
    ends_on = models.DateField()

    class Meta:
        ordering = ["-starts_on", "-ends_on", "name"]
        constraints = [
            models.UniqueConstraint("group", Lower("name"), name="unique_season_name_in_group"),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self):
        return self.name
