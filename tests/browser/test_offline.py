"""At the table without a signal, on a fresh phone: the first visit saves the reader's edition by
itself (a note gives the size), then with the network cut a saved skill page opens, three letters
in the search box find a skill in the saved index, a table rolls with the phone's dice, and an
unsaved page shows what is saved; switching language opens a "not saved" page, never the
browser's error page. A content change replaces the saved pack; the offline settings
page saves and deletes."""

from __future__ import annotations

import html
import re

from playwright.sync_api import expect

from rulebook.models import RuleSection, Skill
from rulebook.rendering.version import bump_content_version
from tests.browser.focus import wait_for_focus

SAVED_ES = "Guardado para usar sin conexión: Blood Bowl 2025"
# The offline page's first answer in a process works out each part's size (rulebook/offline/sizes.py):
# about 6 s a language on an idle 2-CPU host, over 15 s on a loaded one (CI of d0dd094 and 820793c).
FIRST_OFFLINE_PAGE = 90_000


# What ticking "Save the edition I read automatically" on the offline page remembers.
CHOSE_TO_SAVE = "try { localStorage.setItem('offline-auto', 'on'); } catch (error) {}"


def first_visit(phone: object, site: str, path: str, saved_text: str, seen: list[str] | None = None) -> object:
    """The reader chose saving on the offline page once; the next edition page saves by itself
    (`seen` collects every address the page asks for, the pack's downloads among them)."""
    phone.add_init_script(CHOSE_TO_SAVE)  # type: ignore[attr-defined]
    page = phone.new_page()  # type: ignore[attr-defined]
    if seen is not None:
        page.on("request", lambda request: seen.append(request.url))
    page.goto(site + path)
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    note = page.locator("#offline-note")
    note.filter(has_text=saved_text).wait_for(timeout=120_000)
    return page


def pack_caches(page: object) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))  # type: ignore[attr-defined]


def test_offline_at_the_table(site: str, phone: object) -> None:
    seen: list[str] = []
    page = first_visit(phone, site, "/es/bb2025/skills/dodge/", SAVED_ES, seen)
    # Saving asks this site only: no third-party request, the pack's 200-odd downloads included.
    assert len(seen) > 100
    assert all(url.startswith(site) for url in seen), [u for u in seen if not u.startswith(site)]
    note = page.locator("#offline-note").inner_text()  # type: ignore[attr-defined]
    assert re.search(r"\d+(,\d)? MB", note), note  # the size, in the reader's number format
    version = page.locator("body").get_attribute("data-offline")  # type: ignore[attr-defined]
    assert pack_caches(page) == [f"rules-es-pack-{version}", "rules-es-shell"]

    phone.set_offline(True)  # type: ignore[attr-defined]
    # A saved skill page opens.
    page.goto(site + "/es/bb2025/skills/sidestep/")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == Skill.objects.get(ruleset__key="bb2025", slug="sidestep").name_es  # type: ignore[attr-defined]
    assert "Estás sin conexión" in page.locator("#offline-note").inner_text()  # type: ignore[attr-defined]
    # Three letters in the search box: the offline search answers, and says so.
    page.locator("#site-search").press_sequentially("esq", delay=60)  # type: ignore[attr-defined]
    first = page.locator("#search-suggestions .result a").first  # type: ignore[attr-defined]
    # the answer to "esq", not to "e" or "es" still on screen while the last letter is typed
    expect(first).to_contain_text("Esquivar")
    assert "Búsqueda sin conexión" in page.locator("#search-suggestions").inner_text()  # type: ignore[attr-defined]
    first.click()
    page.wait_for_url(re.compile(r".*/es/bb2025/skills/dodge/$"))  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Esquivar"  # type: ignore[attr-defined]
    # A table rolls with the phone's own dice and shows the same result card.
    page.goto(site + "/es/bb2025/tables/kick-off/")  # type: ignore[attr-defined]
    page.locator("a.button--roll").click()  # type: ignore[attr-defined]
    card = page.locator("#roll-result")  # type: ignore[attr-defined]
    card.wait_for()
    row_name = page.locator("tr.is-rolled .row-name").inner_text().strip()  # type: ignore[attr-defined]
    total = re.match(r"(\d+) — ", card.locator(".roll-card__title").inner_text())
    assert total and card.locator(".roll-card__title").inner_text() == f"{total[1]} — {row_name}"
    assert "sin conexión" in card.inner_text()
    wait_for_focus(page, "id", "roll-result")
    # The search page answers from the saved index too.
    page.goto(site + "/es/search/?q=placaj")  # type: ignore[attr-defined]
    page.locator("#search-results .result a").first.wait_for()  # type: ignore[attr-defined]
    assert "Búsqueda sin conexión" in page.locator("#search-results").inner_text()  # type: ignore[attr-defined]
    # An unsaved page: a friendly page in the reader's language, listing what is saved.
    page.goto(site + "/es/tutorial/")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Esta página no está guardada en este teléfono"  # type: ignore[attr-defined]
    saved = page.locator("#offline-saved")  # type: ignore[attr-defined]
    assert "Blood Bowl 2025" in saved.inner_text()
    assert saved.locator("a", has_text="Habilidades").get_attribute("href") == "/es/bb2025/skills/"
    switch_language_offline(page, site, phone)
    phone.set_offline(False)  # type: ignore[attr-defined]


NOT_SAVED_IT = "Questa pagina non è salvata su questo telefono"


def switch_language_offline(page: object, site: str, phone: object) -> None:
    """Italian was never opened: no Italian worker answers /it/, so the switch opens the Spanish
    "not saved" page instead of the browser's error page. Once an Italian page was opened online
    (its worker keeps its own "not saved" page), the same switch gets the Italian one."""
    page.goto(site + "/es/bb2025/skills/sidestep/")  # type: ignore[attr-defined]
    page.locator('.lang-switch a[hreflang="it"]').click()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*/es/offline/unavailable/$"))  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Esta página no está guardada en este teléfono"  # type: ignore[attr-defined]

    phone.set_offline(False)  # type: ignore[attr-defined]
    italian = phone.new_page()  # type: ignore[attr-defined]
    italian.goto(site + "/it/")
    italian.wait_for_function("() => navigator.serviceWorker.ready.then((r) => !!r.active)")
    italian.close()
    phone.set_offline(True)  # type: ignore[attr-defined]
    page.goto(site + "/es/bb2025/skills/sidestep/")  # type: ignore[attr-defined]
    page.locator('.lang-switch a[hreflang="it"]').click()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*/it/bb2025/skills/sidestep/$"))  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == NOT_SAVED_IT  # type: ignore[attr-defined]


def test_a_content_change_replaces_the_saved_pack(site: str, phone: object, settings: object) -> None:
    # Pages stay fresh in the browser for PAGE_MAX_AGE (5 minutes in production); here at once, as
    # a reader sees it once that time has run out.
    settings.PAGE_MAX_AGE = settings.PAGE_STALE_WHILE_REVALIDATE = 0  # type: ignore[attr-defined]
    # DreadBall: the smallest edition (about 50 pages; each Blood Bowl one has about 300), saved twice.
    page = first_visit(phone, site, "/it/dreadball2/", "Salvato per l'uso offline: DreadBall")
    old = page.locator("body").get_attribute("data-offline")  # type: ignore[attr-defined]
    section = RuleSection.objects.get(ruleset__key="dreadball2", slug="the-game")
    section.title_it = "Il gioco (nuovo titolo)"
    section.save()
    bump_content_version()
    page.goto(site + "/it/dreadball2/glossary/")  # type: ignore[attr-defined]
    new = page.locator("body").get_attribute("data-offline")  # type: ignore[attr-defined]
    assert new != old
    page.locator("#offline-note").filter(has_text="Salvato per l'uso offline").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert pack_caches(page) == [f"rules-it-pack-{new}", "rules-it-shell"]
    phone.set_offline(True)  # type: ignore[attr-defined]
    page.goto(site + "/it/dreadball2/rules/the-game/")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Il gioco (nuovo titolo)"  # type: ignore[attr-defined]
    phone.set_offline(False)  # type: ignore[attr-defined]


def test_the_offline_settings_page_saves_and_deletes(site: str, phone: object) -> None:
    page = phone.new_page()  # type: ignore[attr-defined]
    page.goto(site + "/fr/offline/", timeout=FIRST_OFFLINE_PAGE)
    status = page.locator("#offline-status")
    assert status.inner_text() == "Rien n'est encore enregistré sur ce téléphone."
    page.get_by_label("DreadBall").check()  # the smallest edition to save
    page.get_by_label("Blood Bowl 2025").uncheck()
    page.get_by_role("button", name="Enregistrer pour le hors connexion").click()
    status.filter(has_text="Enregistré pour le hors connexion : DreadBall").wait_for(timeout=120_000)
    assert re.search(r", le \d+ \w+ 20\d\d", status.inner_text()), status.inner_text()
    assert any(name.startswith("rules-fr-pack-") for name in pack_caches(page))
    page.get_by_role("button", name="Supprimer les pages enregistrées").click()
    status.filter(has_text="supprimées").wait_for()
    assert not any(name.startswith("rules-fr-pack-") for name in pack_caches(page))
    assert page.evaluate("localStorage.getItem('offline-auto')") == "off"


def test_no_third_party_request(site: str, phone: object) -> None:
    """The offline page asks this site only (a saving first visit: test_offline_at_the_table)."""
    page = phone.new_page()  # type: ignore[attr-defined]
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    # What is tested here is who is asked.
    page.goto(site + "/en/offline/", timeout=FIRST_OFFLINE_PAGE)
    page.wait_for_load_state("networkidle")
    assert len(seen) > 3
    assert all(url.startswith(site) for url in seen), [u for u in seen if not u.startswith(site)]


OFFER_ES = re.compile(
    r"^Guardar Blood Bowl 2025 en este teléfono para usarla sin conexión: "
    r"las reglas, unos \d+(,\d)? MB; las herramientas, \d+(,\d)? MB\.$"
)


def test_a_first_visit_downloads_nothing_before_the_reader_chooses(site: str, phone: object) -> None:
    """Issue 26: the first ruleset page fetched the whole edition (200+ requests) without asking.
    Now it asks: one line at the end of the content links to the offline page; nothing printed."""
    page = phone.new_page()  # type: ignore[attr-defined]
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.goto(site + "/es/bb2025/skills/dodge/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)
    offer = page.locator("#main > #offline-offer a")
    # Each part's size, in the reader's language (asked after the load: rulebook/offline/sizes.py).
    expect(offer).to_have_text(OFFER_ES)
    assert offer.get_attribute("href") == "/es/offline/"
    packed = [url for url in seen if "pack.json" in url or "/offline/search/" in url or "/skills/" in url]
    assert packed == [site + "/es/bb2025/skills/dodge/"], packed
    assert len(seen) < 30, seen  # the page, its files and the worker's shell; not a pack
    assert pack_caches(page) == ["rules-es-shell"]
    page.emulate_media(media="print")
    expect(page.locator("#offline-offer")).to_be_hidden()
    page.emulate_media(media="screen")
    # The choice is the offline page's: once made, the offer is gone.
    offer.click()
    page.wait_for_url(re.compile(r".*/es/offline/$"))
    assert not page.get_by_label("Guardar automáticamente la edición que leo tras mi primera visita").is_checked()


ODDS_LINK = "/es/odds/?c=bb2025;rr1;dodge:3,block:2d,armour:9"
ROSTER_LINK = "/es/bb2025/teams/human/builder/?n-lineman=6&n-blitzer=2&n-catcher=2&n-thrower=1"
ODDS_FORM_LINK = "/es/odds/?c=bb2025;rr1;p=block,dodge;dodge:3,gfi:2,block:2d,armour:9,pickup:4"
STEP_LINK = "/es/tutorial/03-moving-and-dodging/2/"
STEP_TRY = "?try=1&ag=3&tz=0&team_reroll=1"
BOARD_LINK = "/es/bb2025/board/?b=1_r10_A4k8.73349.block_A5m10.633-9_A6n9.633-9_B7l8.62348.dodge&p=A4&t=l8"


def big_answers(markup: str) -> list[str]:
    """The board answer's headline chances ("Defensor derribado: 55,6 %"), as the page shows them."""
    found = re.findall(r'<p class="answer__big">(.*?)</p>', markup, re.S)
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", f))).strip() for f in found]


def exact_chance(text: str) -> str:
    """The answer's exact fraction, as the page writes it: "67,9 % (55/81)"."""
    found = re.search(r"\d+(,\d)?\s*%\s*\(\d+/\d+\)", text)
    assert found, text
    return re.sub(r"\s+", "", found[0])


def narration(markup: str) -> str:
    """A tutorial step's narration as a reader reads it (the numbers in their words)."""
    found = re.search(r'<div class="narration">(.*?)</div>', markup, re.S)
    assert found, markup[:300]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", found[1]))).strip()


def test_the_tools_from_a_link_offline(site: str, phone: object) -> None:
    """A fresh phone saves its edition and the tools, goes offline, and opens an odds share code,
    a roster link, a board position and a tutorial step with try-it values: the phone's engine
    shows the server's answer (read online first), and the forms show the link's values."""
    # The server's answers, asked past the service worker (which may answer a slow server with the
    # saved copy and the phone's engine).
    odds_html = phone.request.get(site + ODDS_LINK).text()  # type: ignore[attr-defined]
    online_odds = exact_chance(html.unescape(re.sub(r"<[^>]+>", "", odds_html)))
    roster_html = phone.request.get(site + ROSTER_LINK).text()  # type: ignore[attr-defined]
    board_html = phone.request.get(site + BOARD_LINK).text()  # type: ignore[attr-defined]
    online_board = big_answers(board_html)
    status = re.search(r'id="board-status"[^>]*>(.*?)</p>', board_html, re.S)
    assert online_board and status
    spent = re.search(r'data-shown="spent">([^<]+)<', roster_html)
    assert spent
    online_spent = html.unescape(spent[1])
    step = re.search(r'<h1 id="step-heading"[^>]*>(.*?)</h1>', phone.request.get(site + STEP_LINK).text())  # type: ignore[attr-defined]
    assert step
    online_step = html.unescape(step[1])
    online_try = narration(phone.request.get(site + STEP_LINK + STEP_TRY).text())  # type: ignore[attr-defined]
    assert "88,9" in online_try  # the dodge on 3+ with a team re-roll: 1 - (2/6)² = 8/9
    page = first_visit(phone, site, "/es/bb2025/teams/human/", SAVED_ES)
    page.goto(site + "/es/offline/", timeout=FIRST_OFFLINE_PAGE)  # type: ignore[attr-defined]
    page.locator("#tools-save").click()  # type: ignore[attr-defined]
    tools_status = page.locator("#tools-status")  # type: ignore[attr-defined]
    expect(tools_status).to_have_text("Las herramientas están guardadas en este teléfono.", timeout=120_000)

    phone.set_offline(True)  # type: ignore[attr-defined]
    # Only what was saved: the browser's HTTP cache (which keeps a page's files a day at most) is emptied.
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")  # type: ignore[attr-defined]
    page.goto(site + ODDS_LINK)  # type: ignore[attr-defined]
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert exact_chance(page.locator("#odds-result").inner_text()) == online_odds  # type: ignore[attr-defined]
    # Saving made the engine's snapshot (in a worker): even the first tool opened starts from it,
    # in a worker of its own, whose files the service worker gave it offline.
    assert page.evaluate("window.RulesEngine.snapshot")  # type: ignore[attr-defined]
    assert page.evaluate("window.RulesEngine.worker") is True  # type: ignore[attr-defined]
    # ...started by the inline script at the top of the head, before the page was read.
    assert page.evaluate("window.RulesEngineEarly.worker instanceof Worker")  # type: ignore[attr-defined]
    page.goto(site + ROSTER_LINK)  # type: ignore[attr-defined]
    page.locator("#builder-result[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert page.locator('input[name="n-lineman"]').input_value() == "6"  # type: ignore[attr-defined]
    assert page.locator('[data-shown="spent"]').inner_text() == online_spent  # type: ignore[attr-defined]
    # The odds page's whole form shows the link's sequence, not the saved page's example.
    page.goto(site + ODDS_FORM_LINK)  # type: ignore[attr-defined]
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    rows = [page.locator(f'[name="k{n}"]').input_value() for n in range(1, 6)]  # type: ignore[attr-defined]
    assert rows == ["dodge", "gfi", "block", "armour", "pickup"]
    assert page.locator('[name="v4"]').input_value() == "AV9"  # type: ignore[attr-defined]
    assert page.locator('[name="ps1"][value="block"]').is_checked()  # type: ignore[attr-defined]
    # Sent again on the page, the form is answered in place and keeps what the reader typed.
    result = page.locator("#odds-result")  # type: ignore[attr-defined]
    before = result.get_attribute("data-answered")
    page.locator("#odds-form > summary").click()  # type: ignore[attr-defined]
    page.locator('[name="v1"]').fill("5+")  # type: ignore[attr-defined]
    page.evaluate("document.querySelector('form.odds-form').requestSubmit()")  # type: ignore[attr-defined]
    # A function, not an expression: the page's policy forbids eval, and an expression polled
    # after the first check is evaluated by eval.
    page.wait_for_function("(b) => document.querySelector('#odds-result').dataset.answered !== b", arg=before)  # type: ignore[attr-defined]
    assert page.locator('[name="v1"]').input_value() == "5+"  # type: ignore[attr-defined]
    sent_again, sent_chance = page.url, exact_chance(result.inner_text())  # type: ignore[attr-defined]
    # The board: the link's position and the engine's answers, worked out on the phone.
    page.goto(site + BOARD_LINK)  # type: ignore[attr-defined]
    page.locator("#board-live[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    shown = page.locator("#board-answer .answer__big").all_inner_texts()  # type: ignore[attr-defined]
    assert [re.sub(r"\s+", " ", text).strip() for text in shown] == online_board
    assert page.locator("#board-status").inner_text() == html.unescape(status[1]).strip()  # type: ignore[attr-defined]
    assert page.locator(".board-map a[data-cell]").count() > 40  # type: ignore[attr-defined]
    assert page.evaluate("window.RulesEngine.snapshot")  # type: ignore[attr-defined]  # a later page starts from the snapshot
    # A tap on the pitch is answered in place by the running engine (no new page), the address following.
    page.evaluate("window.keptPage = true")  # type: ignore[attr-defined]
    page.locator('.board-map a[data-cell="k9"]').click()  # type: ignore[attr-defined]
    expect(page.locator("#board-status")).to_contain_text("k9")  # type: ignore[attr-defined]
    assert "t=k9" in page.url and page.evaluate("window.keptPage === true")  # type: ignore[attr-defined]
    # With its snapshot gone (the browser may evict it), the page's worker starts Python from
    # nothing and answers the same.
    page.evaluate("caches.delete('rules-engine-snapshot')")  # type: ignore[attr-defined]
    page.goto(site + ODDS_LINK)  # type: ignore[attr-defined]
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert exact_chance(page.locator("#odds-result").inner_text()) == online_odds  # type: ignore[attr-defined]
    assert page.evaluate("window.RulesEngine.snapshot") is False  # type: ignore[attr-defined]
    # ...and keeps a new snapshot, offline too: the pages after it start from it again.
    kept = "caches.open('rules-engine-snapshot').then((cache) => cache.keys()).then((keys) => keys.length)"
    for _ in range(100):
        if page.evaluate(kept):  # type: ignore[attr-defined]
            break
        page.wait_for_timeout(100)  # type: ignore[attr-defined]
    assert page.evaluate(kept) == 1  # type: ignore[attr-defined]
    # The tutorial: a saved step opens as saved; asked with try-it values, the phone works it out.
    page.goto(site + STEP_LINK)  # type: ignore[attr-defined]
    assert page.locator("#step-heading").inner_text() == online_step  # type: ignore[attr-defined]
    assert page.locator("#step-offline-note").count() == 0  # type: ignore[attr-defined]
    page.goto(site + STEP_LINK + STEP_TRY)  # type: ignore[attr-defined]
    page.locator("#tutorial-step[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert narration(page.locator("#step-result").inner_html()) == online_try  # type: ignore[attr-defined]
    assert page.evaluate("window.RulesEngine.snapshot")  # type: ignore[attr-defined]  # the one kept offline
    assert page.locator('[name="team_reroll"]').is_checked()  # type: ignore[attr-defined]
    # Changed on the page, the form is answered in place (no new page), the address following.
    page.evaluate("window.keptPage = true")  # type: ignore[attr-defined]
    page.locator('[name="ag"]').fill("4")  # type: ignore[attr-defined]
    page.locator('[name="ag"]').press("Enter")  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelector('#tutorial-step').dataset.answered.includes('ag=4')")  # type: ignore[attr-defined]
    assert "ag=4" in page.url and page.evaluate("window.keptPage === true")  # type: ignore[attr-defined]
    step_again, step_again_text = page.url, narration(page.locator("#step-result").inner_html())  # type: ignore[attr-defined]
    assert step_again_text != online_try
    # Without its worker's script (a copy saved before there was one), the page starts the engine
    # itself, on its own thread, and answers the same.
    page.evaluate("caches.open('rules-es-tools').then((cache) => cache.delete('/es/offline/engine-worker.js'))")  # type: ignore[attr-defined]
    page.goto(site + ODDS_LINK)  # type: ignore[attr-defined]
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)  # type: ignore[attr-defined]
    assert exact_chance(page.locator("#odds-result").inner_text()) == online_odds  # type: ignore[attr-defined]
    assert page.evaluate("window.RulesEngine.worker") is False  # type: ignore[attr-defined]
    phone.set_offline(False)  # type: ignore[attr-defined]
    # The form's answer on the phone is the server's for the same address.
    server_html = phone.request.get(sent_again).text()  # type: ignore[attr-defined]
    assert exact_chance(html.unescape(re.sub(r"<[^>]+>", "", server_html))) == sent_chance
    assert narration(phone.request.get(step_again).text()) == step_again_text  # type: ignore[attr-defined]


def test_a_step_online_shows_no_offline_note(site: str, page: object) -> None:
    """The phone's engine is for a saved step that does not answer its address: online the page
    answers its try-it values, and a parameter it does not read (a campaign tag) changes nothing."""
    for query in ("", "?try=1&team_reroll=1", "?team_reroll=1&utm_source=forum&try=1"):
        page.goto(site + STEP_LINK + query)  # type: ignore[attr-defined]
        page.locator("#step-heading").wait_for()  # type: ignore[attr-defined]
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        assert page.locator("#step-offline-note").count() == 0, query  # type: ignore[attr-defined]
        assert page.locator("#step-result .engine-status").count() == 0, query  # type: ignore[attr-defined]  # no Pyodide online
