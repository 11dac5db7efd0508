"""Forms as a page renders them: read a page, fill in what a person fills in, and send the form
with every field the page wrote (hidden ones included), as a browser would."""

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class PageForm:
    action: str
    method: str
    fields: dict = field(default_factory=dict)
    # (name, value, text) of each submit button that has a name
    buttons: list = field(default_factory=list)
    text: str = ""  # every word the form shows (its buttons' labels too), to find it by

    def filled(self, button: str | None = None, **typed) -> dict:
        """What a browser sends: the fields as rendered, what was typed, the button pressed."""
        sent = {**self.fields, **{name: str(value) for name, value in typed.items()}}
        if button is not None:
            name, value = next((n, v) for n, v, t in self.buttons if button in (t, v))
            sent[name] = value
        return sent


class _Forms(HTMLParser):
    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.form, self.select, self.options, self.textarea, self.button = (
            None,
            None,
            [],
            None,
            None,
        )
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        names = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.form = PageForm(names.get("action", ""), names.get("method", "get").lower())
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input":
            self._input(names)
        elif tag == "button" and names.get("type", "submit") == "submit":
            self.button = [names.get("name"), names.get("value", ""), ""]
            self.form.text += names.get("aria-label", "")
        elif tag == "select" and "name" in names:
            self.select, self.options = names["name"], []
        elif tag == "option" and self.select:
            self.options.append((names.get("value", ""), "selected" in names))
        elif tag == "textarea" and "name" in names:
            self.textarea = names["name"]
            self.form.fields[self.textarea] = ""

    def _input(self, names: dict) -> None:
        kind, name = names.get("type", "text"), names.get("name")
        if not name or kind in ("submit", "button", "image", "file"):
            return
        if kind in ("checkbox", "radio") and "checked" not in names:
            return
        self.form.fields[name] = names.get("value", "on" if kind == "checkbox" else "")

    def handle_data(self, data):
        if self.form is not None:
            self.form.text += data
        if self.button is not None:
            self.button[2] += data
        if self.textarea is not None:
            self.form.fields[self.textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "button" and self.button is not None:
            name, value, text = self.button
            if name and self.form is not None:
                self.form.buttons.append((name, value, text.strip()))
            self.button = None
        elif tag == "select" and self.select:
            # A browser sends the selected option, or the first when none is selected.
            chosen = [value for value, selected in self.options if selected]
            chosen = chosen or [value for value, _ in self.options[:1]]
            if chosen:
                self.form.fields[self.select] = chosen[0]
            self.select = None


def forms_on(response) -> list[PageForm]:
    """The page's forms; one without an action posts to the page's own address, as a browser
    sends it."""
    forms = forms_in(response.content.decode())
    for form in forms:
        form.action = form.action or response.wsgi_request.get_full_path()
    return forms


def forms_in(html: str) -> list[PageForm]:
    return _Forms(html).forms


def form_on(response, action: str = "", text: str = "") -> PageForm:
    """The one form of the page posting to an address containing `action` and showing `text`
    (the first, when several do)."""
    found = [f for f in forms_on(response) if action in f.action and text in f.text]
    assert found, f"no form to {action!r} showing {text!r} on the page"
    return found[0]


def submit(client, form: PageForm, button: str | None = None, headers=None, **typed):
    """Send `form` as rendered, with what a person typed (`typed`) and the `button` pressed (its
    text or value); the response, not followed."""
    return client.post(form.action, form.filled(button, **typed), headers=headers or {})
