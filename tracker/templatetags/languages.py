"""The language switch: its link at the foot of every page, and the way back after a switch."""

from django import template
from django.utils import translation

from core.web.language import language_before

register = template.Library()


@register.inclusion_tag("_language_back.html", takes_context=True)
def language_take_back(context):
    """After a switch, one tap back to the language the phone read in before, offered in that
    language: whoever switched by mistake may not read the new one."""
    request = context.get("request")
    before = language_before(request) if request is not None else None
    if before is None:
        return {"before": None}
    with translation.override(before):
        back_label = translation.gettext("Back to %(language)s") % {
            "language": translation.get_language_info(before)["name_local"]
        }
    return {"before": before, "back_label": back_label, "next": request.get_full_path()}
