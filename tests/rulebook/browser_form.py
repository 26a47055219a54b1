"""What a browser would send for an HTML form: the successful controls of the first form with
the given id, as a list of (name, value) pairs (textareas with CRLF line breaks, as browsers send
them; the newline right after <textarea> dropped, as the HTML parser does)."""

from __future__ import annotations

from html.parser import HTMLParser


class FormReader(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.done = False
        self.pairs: list[tuple[str, str]] = []
        self.textarea: str | None = None
        self.text: list[str] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.multiple = False
        self.option_value: str | None = None
        self.option_text: list[str] = []
        self.option_selected = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id and not self.done:
            self.inside = True
            return
        if not self.inside or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.pairs.append((name, a.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "textarea" and name:
            self.textarea, self.text = name, []
        elif tag == "select" and name:
            self.select, self.options, self.multiple = name, [], "multiple" in a
        elif tag == "option" and self.select is not None:
            self.option_value = a.get("value")
            self.option_text, self.option_selected = [], "selected" in a

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text.append(data)
        elif self.option_value is not None or (self.select is not None and self.option_text is not None):
            self.option_text.append(data)

    def _close_option(self) -> None:
        if self.select is not None and (self.option_value is not None or self.option_text):
            value = self.option_value if self.option_value is not None else "".join(self.option_text).strip()
            self.options.append((value, self.option_selected))
        self.option_value, self.option_text, self.option_selected = None, [], False

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        if tag == "form":
            self.inside, self.done = False, True
        elif tag == "textarea" and self.textarea is not None:
            text = "".join(self.text)
            text = text[1:] if text.startswith("\n") else text
            self.pairs.append((self.textarea, text.replace("\r\n", "\n").replace("\n", "\r\n")))
            self.textarea = None
        elif tag == "option":
            self._close_option()
        elif tag == "select" and self.select is not None:
            chosen = [value for value, selected in self.options if selected]
            if not chosen and self.options and not self.multiple:
                chosen = [self.options[0][0]]
            self.pairs += [(self.select, value) for value in chosen]
            self.select = None


def form_data(html: str, form_id: str) -> list[tuple[str, str]]:
    reader = FormReader(form_id)
    reader.feed(html)
    return reader.pairs
