// Table rolls. The button asks the server for the rolled table (the fragment the view gives to
// requests with an HX-Request header; the page needs no htmx for that), puts it in place and keeps
// the roll's URL, which reproduces it. The result card, right under the button, then takes the
// focus and is announced, and the rolled row, highlighted and labelled in words, is scrolled into
// view under the card. The card repeats the button ("Roll again"), so a new roll is always at hand.
// Without a connection the dice are rolled here, with the browser's cryptographic random numbers,
// and the same card is shown (its strings come from the page's <template>). Without JavaScript the
// button is a link to the rolled table, landing on the row.
(function () {
  "use strict";
  const region = document.getElementById("table-region");
  const status = document.getElementById("roll-status");
  if (!region) return;

  function showResult() {
    const card = document.getElementById("roll-result");
    const row = region.querySelector("tr.is-rolled");
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.focus({ preventScroll: true });
    // A card of up to 45 % of the screen stays at the top while the rolled row is brought under it;
    // a taller one (a long effect on a small phone) stays put, its link leads to the row.
    if (row && card.offsetHeight <= window.innerHeight * 0.45) {
      card.classList.add("roll-card--sticky");
      document.documentElement.style.setProperty("--roll-card-height", card.offsetHeight + "px");
      row.scrollIntoView({ block: "start" });
    }
  }

  // A whole number in 1..sides, without the bias of a plain modulo.
  function die(sides) {
    const values = new Uint32Array(1);
    const limit = Math.floor(0x100000000 / sides) * sides;
    do crypto.getRandomValues(values);
    while (values[0] >= limit);
    return (values[0] % sides) + 1;
  }

  function rollHere(button) {
    const spec = JSON.parse(button.dataset.dice);
    const faces = spec.dice.map(die);
    // The number the rows' data-low/data-high are written in: the sum, a D68's digits, or a D6×D6's
    // line (1-6 for a first die of 1-3, 7-12 for 4-6), as the engine reads them (dice.py).
    let total = faces.reduce((a, b) => a + b, 0);
    if (spec.read === "digits") total = faces.reduce((value, face) => value * 10 + face, 0);
    if (spec.read === "halves") total = (faces[0] <= 3 ? 0 : 6) + faces[1];
    const rows = Array.from(region.querySelectorAll("tr[data-low]"));
    const row = rows.find((r) => Number(r.dataset.low) <= total && total <= Number(r.dataset.high));
    const template = document.getElementById("roll-card-template");
    const card = template.content.firstElementChild.cloneNode(true);
    const dice = card.querySelector(".roll-card__dice");
    dice.textContent = dice.textContent
      .replace("{faces}", faces.join(" + "))
      .replace("{total}", String(total))
      .replace("{first}", String(faces[0]))
      .replace("{second}", String(faces[faces.length - 1]));
    const name = row && row.querySelector(".row-name");
    const plainName = name && name.firstChild ? name.firstChild.textContent.trim() : ""; // without the aliases' "(BH)"
    const rowHeader = row && row.querySelector("th");
    const rangeText = rowHeader
      ? Array.from(rowHeader.childNodes)
          .filter((node) => !(node.classList && node.classList.contains("roll-mark")))
          .map((node) => node.textContent)
          .join("")
          .trim()
      : "";
    let title = plainName ? total + " — " + plainName : String(total);
    if (spec.read === "halves" && rangeText) title = rangeText; // "4-6 · 2": a D6×D6 is read as its row
    card.querySelector(".roll-card__title").textContent = title;
    const effect = row && row.querySelector(".row-effect");
    if (effect) card.querySelector(".roll-card__effect").innerHTML = effect.innerHTML; // the page's own (sanitised) HTML
    const link = card.querySelector("[data-row-link]");
    if (row) link.setAttribute("href", "#" + row.id);
    const old = document.getElementById("roll-result");
    if (old) old.remove();
    region.querySelectorAll("tr.is-rolled").forEach((r) => {
      r.classList.remove("is-rolled");
      r.removeAttribute("aria-current");
      const mark = r.querySelector(".roll-mark");
      if (mark) mark.remove();
    });
    if (row) {
      row.classList.add("is-rolled");
      row.setAttribute("aria-current", "true");
      // The row's label in words, as the server writes it: "Rolled 7: Blitz!".
      const mark = document.createElement("span");
      mark.className = "roll-mark";
      mark.textContent = (plainName ? template.dataset.markNamed : template.dataset.mark)
        .replace("{total}", String(total))
        .replace("{first}", String(faces[0]))
        .replace("{second}", String(faces[faces.length - 1]))
        .replace("{name}", plainName);
      if (rowHeader) rowHeader.prepend(mark, " ");
    }
    region.querySelector(".roll-action").after(card);
    if (status) status.textContent = dice.textContent + " " + card.querySelector(".roll-card__title").textContent + ".";
    showResult();
  }

  async function rollOnServer(button) {
    const url = button.dataset.roll;
    const response = await fetch(url, { headers: { "HX-Request": "true", "HX-Target": "table-region" } });
    if (!response.ok) throw new Error(url + ": " + response.status);
    region.innerHTML = await response.text();
    const announcement = document.getElementById("roll-status-new");
    if (announcement) {
      if (status) status.textContent = announcement.textContent;
      announcement.remove();
    }
    // ?roll=new answers with the roll's own address (?roll=<seed>), which the bar keeps.
    const address = response.headers.get("HX-Push-Url") || url;
    history.pushState({ roll: address }, "", address);
    showResult();
  }

  region.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-dice]");
    if (!button || event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (!navigator.onLine) rollHere(button);
    else rollOnServer(button).catch(() => rollHere(button));
  });
  // Back and forward between rolls: the page of that URL (the server rolls its seed again).
  window.addEventListener("popstate", () => window.location.reload());
  if (window.location.hash === "#roll-result") showResult();
})();
