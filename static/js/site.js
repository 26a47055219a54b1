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

// The bottom bar (phones): its Search focuses the header's search box; off an edition's pages its
// links follow the Blood Bowl edition read last. htmx: pages whose content uses it load it in
// their <head>; elsewhere only the search box needs it, so it comes when the reader goes to the box.
// Offline: the language's service worker is registered, and offline.js is loaded only when it has
// something to do (saving or updating the pack, or answering without a connection).
(function () {
  "use strict";
  const root = document.documentElement;
  const site = document.body.dataset;
  root.classList.add("js");
  const loaded = {};
  function script(src) {
    if (!loaded[src]) {
      loaded[src] = new Promise((resolve, reject) => {
        const tag = document.createElement("script");
        tag.src = src;
        tag.onload = resolve;
        tag.onerror = reject;
        document.head.appendChild(tag);
      });
    }
    return loaded[src];
  }
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }
  const bar = document.querySelector(".bottom-bar");
  const editions = ["lrb6", "bb2025"];
  if (site.ruleset) {
    try {
      localStorage.setItem("ruleset", site.ruleset);
    } catch (error) {
      /* not remembered */
    }
  }
  const last = stored("ruleset");
  const shown = bar && bar.dataset.ruleset;
  if (bar && !site.ruleset && last !== shown && editions.indexOf(last) >= 0 && editions.indexOf(shown) >= 0) {
    bar.querySelectorAll("a[data-bar]").forEach((link) => {
      const href = link.getAttribute("href");
      link.setAttribute("href", href.replace("/" + shown + "/", "/" + last + "/").replace("edition=" + shown, "edition=" + last));
    });
    bar.dataset.ruleset = last;
  }
  // The roster sheet's print button (it stays unseen without the script: see teams.css).
  document.querySelectorAll("[data-print]").forEach((button) => button.addEventListener("click", () => window.print()));
  const box = document.getElementById("site-search");
  const searchLink = bar && bar.querySelector('[data-bar="search"]');
  if (searchLink && box) {
    searchLink.addEventListener("click", (event) => {
      event.preventDefault();
      window.scrollTo(0, 0);
      box.focus();
    });
  }

  let htmxWanted = !site.htmx || !!document.querySelector('script[src="' + site.htmx + '"]');
  function needHtmx() {
    if (htmxWanted) return;
    htmxWanted = true;
    // Loaded after the load event, htmx sets itself up at once; then it answers what was typed.
    const load = () =>
      script(site.htmx).then(() => {
        if (box && box.value.trim() && window.htmx) window.htmx.trigger(box, "search");
      });
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
  }
  if (document.querySelector("[hx-get]:not(#site-search), [hx-post], [hx-trigger]:not(#site-search)")) needHtmx();
  if (box) {
    if (document.activeElement === box) needHtmx();
    box.addEventListener("focus", needHtmx);
    box.addEventListener("pointerdown", needHtmx);
  }

  if (!("serviceWorker" in navigator) || !window.isSecureContext || !site.sw) return;
  navigator.serviceWorker.register(site.sw, { scope: site.home }).catch(() => undefined);
  // Switching language without a connection: another language's pages are answered by that
  // language's own worker (scope /<lang>/). With none registered the browser would show its own
  // error page, so the link opens this language's "not saved" page instead (it lists what is saved).
  document.querySelectorAll(".lang-switch a[hreflang]:not([aria-current])").forEach((link) =>
    link.addEventListener("click", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      const notSaved = site.home + "offline/unavailable/";
      const scope = new URL("/" + link.hreflang + "/", window.location.href).href;
      navigator.serviceWorker.getRegistration(scope).then(
        (registration) => {
          const covered = registration && registration.active && registration.scope === scope;
          window.location.assign(covered ? link.href : notSaved);
        },
        () => window.location.assign(notSaved),
      );
    }),
  );
  const offline = () => script(site.offlineJs).then(() => window.RulesOffline);
  let state = null;
  try {
    state = JSON.parse(stored("offline:" + root.lang) || "null");
  } catch (error) {
    state = null;
  }
  const saveData = navigator.connection && navigator.connection.saveData;
  const choice = stored("offline-auto");
  const due = state ? state.pending || state.version !== site.offline : choice === "on" && !saveData && site.ruleset;
  if (!navigator.onLine || due) offline();
  else if (!state && choice === null && site.ruleset) offerSaving();
  // The reader has not chosen yet: one line at the end of the content (nothing above what is being
  // read moves) links to the offline page, with each part's size (asked once the page has loaded,
  // the plain offer if that fails); nothing is downloaded.
  function offerSaving() {
    const main = document.getElementById("main");
    if (!main || !site.offlineOffer) return;
    const note = document.createElement("p");
    note.id = "offline-offer";
    note.className = "offline-note";
    const link = document.createElement("a");
    link.href = site.home + "offline/";
    note.appendChild(link);
    const show = (text) => {
      link.textContent = text;
      if (!note.isConnected) main.appendChild(note);
    };
    const ask = () =>
      fetch(site.offlineSizes, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
        .then((found) => show(found.offer || site.offlineOffer), () => show(site.offlineOffer));
    if (!site.offlineSizes) show(site.offlineOffer);
    else if (document.readyState === "complete") ask();
    else window.addEventListener("load", ask, { once: true });
  }
  window.addEventListener("offline", offline);
  // A request that fails before offline.js is loaded: load it, then let it answer.
  document.addEventListener("htmx:sendError", (event) => {
    if (!window.RulesOffline) offline().then((answer) => answer.handle(event.detail.elt));
  });
})();
