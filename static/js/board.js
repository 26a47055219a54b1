// The board page with htmx: every square of the pitch is an SVG link (it works without JavaScript);
// here each gets hx-get so a tap swaps only the live part of the page. After a swap, focus goes to
// what changed: the same square after a tap on the pitch, the same button after a tool, a pan or a
// tab (its page is the new one), the answer after a form, else the status line.
(function () {
  "use strict";
  let lastCell = null;
  let lastKey = null;
  let fromForm = false;
  function wire(root) {
    root.querySelectorAll(".board-map a[href]:not([hx-get])").forEach(function (link) {
      link.setAttribute("hx-get", link.getAttribute("href"));
    });
    if (window.htmx) window.htmx.process(root);
  }
  document.addEventListener("DOMContentLoaded", function () {
    const live = document.getElementById("board-live");
    if (live) wire(live);
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
    wire(live);
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
