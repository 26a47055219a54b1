// Keyboard use of the search suggestions: arrows move, Enter opens, Escape closes.
(function () {
  "use strict";
  const input = document.getElementById("site-search");
  const box = document.getElementById("search-suggestions");
  if (!input || !box) return;
  let active = -1;
  const options = () => Array.from(box.querySelectorAll(".result:not(.result--empty)"));
  function select(index) {
    const items = options();
    items.forEach((item, i) => item.setAttribute("aria-selected", String(i === index)));
    active = index;
    if (items[index]) {
      items[index].id = items[index].id || "suggestion-" + index;
      input.setAttribute("aria-activedescendant", items[index].id);
      items[index].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }
  input.addEventListener("keydown", (event) => {
    const items = options();
    if (event.key === "ArrowDown" && items.length) {
      event.preventDefault();
      select(Math.min(active + 1, items.length - 1));
    } else if (event.key === "ArrowUp" && items.length) {
      event.preventDefault();
      select(Math.max(active - 1, 0));
    } else if (event.key === "Enter" && active >= 0 && items[active]) {
      event.preventDefault();
      window.location.href = items[active].querySelector("a").href;
    } else if (event.key === "Escape") {
      box.innerHTML = "";
      input.setAttribute("aria-expanded", "false");
    }
  });
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target !== box) return;
    active = -1;
    input.setAttribute("aria-expanded", String(options().length > 0));
  });
  input.addEventListener("input", () => {
    if (!input.value.trim()) box.innerHTML = "";
  });
  document.addEventListener("click", (event) => {
    if (!box.contains(event.target) && event.target !== input) box.innerHTML = "";
  });
})();
