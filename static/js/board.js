// The board page with htmx: every square of the pitch is an SVG link (it works without JavaScript).
// A tap on one is sent through htmx from one listener on the document, so that only the live part
// of the page is swapped; the squares get no hx-get of their own (htmx's start-up would otherwise
// process about 400 links: most of the page's blocking time on a phone). After a swap, focus goes
// to what changed: the action's answer after a tap that asks one, the same square after another tap
// on the pitch, the same button after a tool, a pan or a tab (its page is the new one), the answer
// after a form, else the status line.
(function () {
  "use strict";
  let lastCell = null;
  let lastKey = null;
  let fromForm = false;
  document.addEventListener("click", function (event) {
    const link = event.target.closest ? event.target.closest("#board-live .board-map a[href]") : null;
    // The phone's engine (engine.js) answers a tap itself offline, and calls preventDefault.
    if (!link || !window.htmx || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.htmx.ajax("GET", link.getAttribute("href"), { source: link, target: "#board-live", swap: "outerHTML" });
  });
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    const source = event.detail.elt;
    const square = source && source.closest ? source.closest(".board-map a[data-cell]") : null;
    lastCell = square ? square.getAttribute("data-cell") : null;
    lastKey = source && source.getAttribute ? source.getAttribute("data-key") : null;
    fromForm = !!(source && source.tagName === "FORM");
  });
  document.body.addEventListener("htmx:afterSettle", function (event) {
    const live = document.getElementById("board-live");
    // The language switcher is swapped out of band and settles on its own: not what changed.
    if (!live || (event.target && event.target.closest && event.target.closest(".lang-switch"))) return;
    // A tap that asks a blitz, foul, hand-off or pass: its whole answer is below the pitch, so the
    // page scrolls to it (a link there leads back to the pitch).
    const action = lastCell ? document.getElementById("action-heading") : null;
    if (action) {
      action.closest(".answer__action").scrollIntoView({ block: "start" });
      action.focus({ preventScroll: true });
      lastCell = lastKey = null;
      fromForm = false;
      return;
    }
    let target = null;
    if (lastCell) target = live.querySelector('.board-map a[data-cell="' + lastCell + '"]');
    if (!target && lastKey) target = live.querySelector('[data-key="' + lastKey + '"]');
    if (!target && fromForm) target = document.getElementById("answer-heading");
    if (!target) target = document.getElementById("board-status");
    if (target) target.focus({ preventScroll: !!(lastCell || lastKey) });
    lastCell = null;
    lastKey = null;
    fromForm = false;
  });
})();
