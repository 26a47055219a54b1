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

// The bottom bar (phones) and offline use. The bar's Search focuses the header's search box; on
// pages of no edition (home, tutorial, odds) its Rules, Tables and Odds follow the Blood Bowl
// edition read last. The service worker of the page's language is registered here, and the
// offline script (offline.js) is loaded only when it has something to do: saving or updating the
// pack, or answering without a connection.
(function () {
  "use strict";
  const root = document.documentElement;
  const site = document.body.dataset;
  root.classList.add("js");
  const bar = document.querySelector(".bottom-bar");
  const editions = ["lrb6", "bb2025"];
  let last = null;
  try {
    if (site.ruleset) localStorage.setItem("ruleset", site.ruleset);
    last = localStorage.getItem("ruleset");
  } catch (error) {
    last = null;
  }
  if (bar && !site.ruleset && editions.indexOf(last) >= 0 && editions.indexOf(bar.dataset.ruleset) >= 0) {
    const shown = bar.dataset.ruleset;
    bar.querySelectorAll("a[data-bar]").forEach((link) => {
      const href = link.getAttribute("href");
      link.setAttribute("href", href.replace("/" + shown + "/", "/" + last + "/").replace("edition=" + shown, "edition=" + last));
    });
    bar.dataset.ruleset = last;
  }
  const searchLink = bar && bar.querySelector('[data-bar="search"]');
  const box = document.getElementById("site-search");
  if (searchLink && box) {
    searchLink.addEventListener("click", (event) => {
      event.preventDefault();
      window.scrollTo(0, 0);
      box.focus();
    });
  }

  if (!("serviceWorker" in navigator) || !window.isSecureContext || !site.sw) return;
  navigator.serviceWorker.register(site.sw, { scope: site.home }).catch(() => undefined);
  let loading = null;
  function offlineScript() {
    if (window.RulesOffline) return Promise.resolve(window.RulesOffline);
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = site.offlineJs;
        script.onload = () => resolve(window.RulesOffline);
        script.onerror = reject;
        document.head.appendChild(script);
      });
    }
    return loading;
  }
  let state = null;
  let auto = null;
  try {
    state = JSON.parse(localStorage.getItem("offline:" + root.lang) || "null");
    auto = localStorage.getItem("offline-auto");
  } catch (error) {
    return;
  }
  const saveData = navigator.connection && navigator.connection.saveData;
  const due = state
    ? state.pending || state.version !== site.offline
    : auto !== "off" && !saveData && site.ruleset;
  if (!navigator.onLine || due) offlineScript();
  window.addEventListener("offline", offlineScript);
  // A request that fails before offline.js is loaded: load it, then let it answer.
  document.addEventListener("htmx:sendError", (event) => {
    if (window.RulesOffline) return;
    const element = event.detail.elt;
    offlineScript().then((offline) => offline.handle(element));
  });
})();
