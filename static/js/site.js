// Keyboard use of the search suggestions: the down arrow moves into the results, up and down move
// between them, Enter opens the focused one (it is a real link), Escape goes back to the box.
(function () {
  "use strict";
  const input = document.getElementById("site-search");
  const box = document.getElementById("search-suggestions");
  if (!input || !box) return;
  const links = () => Array.from(box.querySelectorAll(".result a"));
  function close() {
    box.innerHTML = "";
  }
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === "Escape") {
      close();
    }
  });
  box.addEventListener("keydown", (event) => {
    const items = links();
    const index = items.indexOf(document.activeElement);
    if (index < 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      items[Math.min(index + 1, items.length - 1)].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (index === 0) input.focus();
      else items[index - 1].focus();
    } else if (event.key === "Escape") {
      input.focus();
      close();
    }
  });
  input.addEventListener("input", () => {
    if (!input.value.trim()) close();
  });
  document.addEventListener("click", (event) => {
    if (!box.contains(event.target) && event.target !== input) close();
  });
})();
