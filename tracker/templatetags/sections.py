"""The parts a game draws on the group's history pages (core.games.Section)."""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def draw(context, section):
    """The section's template, reading the page's context and the section's own, without the
    file's last line break: a part sits inline where the page puts it."""
    with context.push(**section.context):
        drawn = context.template.engine.get_template(section.template).render(context)
    return mark_safe(drawn.strip())
