from django.db import models

MOST_SEASONS = 100  # a group's named seasons: decades of them, and a list that stays short
SEASON_NAME_MAX = 40


class Season(models.Model):
    """A span of the group's calendar its owners named ("Summer league"), both days included;
    a group without any has a season per calendar year."""

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=SEASON_NAME_MAX)
    # The name as names are compared (basics.names.name_key: one encoding, one case), unique in
    # the group, so two phones adding "Café" and "CAFÉ" at once store one.
    name_key = models.CharField(max_length=80)
    starts_on = models.DateField()
    ends_on = models.DateField()

    class Meta:
        ordering = ["-starts_on", "-ends_on", "name"]
        constraints = [
            models.UniqueConstraint("group", "name_key", name="unique_season_name_key_in_group"),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self):
        return self.name
