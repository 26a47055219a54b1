// Offline use, in the page (site.js loads this file when it is needed; the offline pages load it
// themselves). It saves the offline pack of this language into the Cache API — the pages of the
// chosen editions, their search index and the static files those pages use — shows its progress,
// the size and the date in a note, replaces the pack when the content version changes, and makes
// the page useful without a connection: htmx requests that cannot reach the server are answered
// here (search box, skill filters) or become ordinary page loads, which the service worker serves.
(function () {
  "use strict";
  if (window.RulesOffline) return;
  const root = document.documentElement;
  const site = document.body.dataset;
  const LANG = root.lang;
  const HOME = site.home;
  const STATE_KEY = "offline:" + LANG;
  const AUTO_KEY = "offline-auto";
  const PACK_PREFIX = "rules-" + LANG + "-pack-";
  const SHELL = "rules-" + LANG + "-shell";
  const UNAVAILABLE = HOME + "offline/unavailable/";
  const offlineJs = site.offlineJs || "";
  const STATIC = offlineJs.slice(0, offlineJs.indexOf("js/"));
  const STATIC_RE = new RegExp('(?:href|src|data-[a-z-]+)="(' + STATIC.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") + '[^"#?]+)', "g");
  const PARALLEL = 4;
  const supported = "caches" in window && "serviceWorker" in navigator && window.isSecureContext;

  function readState() {
    try {
      return JSON.parse(localStorage.getItem(STATE_KEY) || "null");
    } catch (error) {
      return null;
    }
  }
  function writeState(state) {
    try {
      if (state) localStorage.setItem(STATE_KEY, JSON.stringify(state));
      else localStorage.removeItem(STATE_KEY);
    } catch (error) {
      /* private mode: nothing is remembered, pages still work */
    }
  }
  function autoAllowed() {
    let choice = null;
    try {
      choice = localStorage.getItem(AUTO_KEY);
    } catch (error) {
      return false;
    }
    // Saving by itself is what the reader chose on the offline page ("on"); nothing is downloaded
    // before that (issue 26: a first visit fetched the whole edition without asking).
    return choice === "on" && !(navigator.connection && navigator.connection.saveData);
  }
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }
  function size(bytes) {
    const unit = bytes >= 1e6 ? "megabyte" : "kilobyte";
    const value = bytes >= 1e6 ? bytes / 1e6 : bytes / 1e3;
    return new Intl.NumberFormat(LANG, { style: "unit", unit: unit, maximumFractionDigits: 1 }).format(value);
  }
  function date(ms) {
    return new Intl.DateTimeFormat(LANG, { dateStyle: "long", timeStyle: "short" }).format(new Date(ms));
  }
  function names(rulesets) {
    const list = rulesets.map((r) => r.name);
    return Intl.ListFormat ? new Intl.ListFormat(LANG, { type: "conjunction" }).format(list) : list.join(", ");
  }
  function savedText(state) {
    return fill(state.messages.saved, { rulesets: names(state.rulesets), size: size(state.bytes), date: date(state.savedAt) });
  }

  // The status line of the offline pages, or a note at the end of any other page's content: put
  // above it, after the page has loaded, it pushed the answer down the first screen (issue 25).
  function show(text, withLink, messages) {
    let box = document.getElementById("offline-status");
    if (!box) {
      box = document.getElementById("offline-note");
      if (!box) {
        box = document.createElement("div");
        box.id = "offline-note";
        box.className = "offline-note";
        box.setAttribute("role", "status");
        const main = document.getElementById("main");
        if (!main) return;
        main.appendChild(box);
      }
    }
    box.textContent = text + " ";
    if (withLink && messages && messages.manage && !document.getElementById("offline-status")) {
      const link = document.createElement("a");
      link.href = HOME + "offline/";
      link.textContent = messages.manage;
      box.appendChild(link);
    }
  }

  function fetchFresh(url) {
    return fetch(url, { cache: "no-cache", credentials: "same-origin" });
  }

  async function runAll(urls, work) {
    let next = 0;
    async function worker() {
      while (next < urls.length) await work(urls[next++]);
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, urls.length) }, worker));
  }

  let saving = null;

  // Saves the pack of the chosen rulesets into the cache of the pack's version; files already in
  // that cache are kept (so an interrupted save goes on where it stopped).
  function save(keys, mode) {
    if (saving) return saving;
    saving = doSave(keys, mode).finally(() => {
      saving = null;
    });
    return saving;
  }

  async function doSave(keys, mode) {
    let messages = (readState() || {}).messages;
    const pending = { keys: keys, mode: mode };
    try {
      const response = await fetchFresh(HOME + "offline/pack.json");
      if (!response.ok) throw new Error("pack.json: " + response.status);
      const pack = await response.json();
      messages = pack.messages;
      const chosen = pack.rulesets.filter((r) => keys.indexOf(r.key) >= 0);
      if (!chosen.length) return null;
      const old = readState();
      writeState(Object.assign({}, old || { messages: messages, rulesets: [] }, { pending: pending }));
      const cache = await caches.open(PACK_PREFIX + pack.version);
      const pages = Array.from(new Set(pack.common.concat(...chosen.map((r) => r.pages.concat([r.index])))));
      const statics = new Set();
      let done = 0;
      let total = pages.length;
      const label = names(chosen);
      const progress = () => show(fill(messages[mode], { rulesets: label, done: done, total: total }), false);
      progress();
      async function keep(url) {
        let copy = await cache.match(url, { ignoreVary: true });
        if (!copy) {
          const fresh = await fetchFresh(url);
          if (!fresh.ok || fresh.redirected) throw new Error(url + ": " + fresh.status);
          await cache.put(url, fresh.clone());
          copy = fresh;
        }
        if ((copy.headers.get("content-type") || "").indexOf("text/html") >= 0) {
          const html = await copy.text();
          for (const found of html.matchAll(STATIC_RE)) statics.add(found[1]);
        }
        done += 1;
        if (done % 5 === 0 || done === total) progress();
      }
      await runAll(pages, keep);
      const files = Array.from(statics);
      total += files.length;
      await runAll(files, keep);
      // Drop what the chosen rulesets no longer need, then measure what is kept.
      const wanted = new Set(pages.concat(files));
      let bytes = 0;
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (!wanted.has(path)) {
          await cache.delete(request);
          continue;
        }
        const copy = await cache.match(request, { ignoreVary: true });
        bytes += copy ? (await copy.blob()).size : 0;
      }
      for (const name of await caches.keys()) {
        if (name.indexOf(PACK_PREFIX) === 0 && name !== PACK_PREFIX + pack.version) await caches.delete(name);
      }
      const page = await cache.match(UNAVAILABLE, { ignoreVary: true });
      if (page) await (await caches.open(SHELL)).put(UNAVAILABLE, page);
      const state = {
        version: pack.version,
        rulesets: chosen.map((r) => ({ key: r.key, name: r.name, index: r.index, main: r.main })),
        savedAt: Date.now(),
        bytes: bytes,
        messages: messages,
      };
      writeState(state);
      show(savedText(state), true, messages);
      return state;
    } catch (error) {
      if (messages) show(error && error.name === "QuotaExceededError" ? messages.full : messages.stopped, true, messages);
      throw error;
    }
  }

  async function removeAll() {
    for (const name of await caches.keys()) {
      if (name.indexOf(PACK_PREFIX) === 0) await caches.delete(name);
    }
    const state = readState();
    writeState(null);
    return state;
  }

  // --- the offline settings page and the "not saved" page -------------------------------------

  function settingsPage(panel) {
    const form = document.getElementById("offline-form");
    const saveButton = document.getElementById("offline-save");
    const deleteButton = document.getElementById("offline-delete");
    if (!supported) {
      form.hidden = true;
      panel.querySelector(".offline-unsupported").hidden = false;
      return;
    }
    const state = readState();
    const boxes = Array.from(form.querySelectorAll('input[name="ruleset"]'));
    if (state && state.rulesets.length) {
      const keys = state.rulesets.map((r) => r.key);
      boxes.forEach((box) => (box.checked = keys.indexOf(box.value) >= 0));
      if (state.savedAt) show(savedText(state), false);
    }
    const auto = form.querySelector('input[name="auto"]');
    auto.checked = autoAllowed();
    auto.addEventListener("change", () => {
      try {
        localStorage.setItem(AUTO_KEY, auto.checked ? "on" : "off");
      } catch (error) {
        /* not remembered */
      }
    });
    saveButton.disabled = false;
    deleteButton.disabled = !state;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const keys = boxes.filter((box) => box.checked).map((box) => box.value);
      if (!keys.length) return;
      saveButton.disabled = true;
      save(keys, "saving")
        .then(() => (deleteButton.disabled = false))
        .catch(() => undefined)
        .finally(() => (saveButton.disabled = false));
    });
    deleteButton.addEventListener("click", () => {
      removeAll().then((old) => {
        auto.checked = false;
        localStorage.setItem(AUTO_KEY, "off");
        deleteButton.disabled = true;
        show(old && old.messages ? old.messages.removed : "", false);
      });
    });
  }

  function unavailablePage() {
    const state = readState();
    const list = document.getElementById("offline-saved");
    if (!state || !state.savedAt || !list) return;
    show(savedText(state), false);
    for (const ruleset of state.rulesets) {
      const item = document.createElement("li");
      const name = document.createElement("strong");
      name.textContent = ruleset.name;
      item.appendChild(name);
      const links = document.createElement("ul");
      links.className = "inline-list";
      for (const page of ruleset.main) {
        const entry = document.createElement("li");
        const link = document.createElement("a");
        link.href = page.url;
        link.textContent = page.label;
        entry.appendChild(link);
        links.appendChild(entry);
      }
      item.appendChild(links);
      list.appendChild(item);
    }
  }

  // --- without a connection ----------------------------------------------------------------------

  function searchScript() {
    if (window.RulesOfflineSearch) return Promise.resolve(window.RulesOfflineSearch);
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = site.searchJs;
      script.onload = () => resolve(window.RulesOfflineSearch);
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  function filterSkills(form) {
    const data = new FormData(form);
    const category = data.get("category") || "";
    const kind = data.get("kind") || "";
    document.querySelectorAll(".skill-card").forEach((card) => {
      card.hidden = (category && card.dataset.category !== category) || (kind && card.dataset.kind !== kind);
    });
    const count = document.querySelector("#skill-results .count");
    if (count) count.hidden = true; // its number (and its plural) is the server's
    history.replaceState(null, "", form.getAttribute("action") + "?" + new URLSearchParams(data).toString());
  }

  // An htmx request that cannot reach the server: answered here, or turned into a page load (the
  // service worker then serves the saved page or the "not saved" page). True when handled.
  function handle(element) {
    if (!element || element.hasAttribute("data-dice")) return false; // table rolls: table.js
    const state = readState();
    if (element.id === "site-search") {
      const box = document.getElementById("search-suggestions");
      searchScript().then((search) => search.suggest(element.value, box, state, site.ruleset || ""));
      return true;
    }
    const filters = element.closest && element.closest("form.filters");
    if (filters && document.getElementById("skill-results")) {
      filterSkills(filters);
      return true;
    }
    let target = element.getAttribute("href");
    if (!target && element.tagName === "FORM") {
      target = element.getAttribute("action") + "?" + new URLSearchParams(new FormData(element)).toString();
    }
    if (!target && element.form) {
      target = element.form.getAttribute("action") + "?" + new URLSearchParams(new FormData(element.form)).toString();
    }
    if (!target) return false;
    window.location.assign(target);
    return true;
  }

  function offlineLoad() {
    const state = readState();
    const params = new URLSearchParams(window.location.search);
    const results = document.getElementById("search-results");
    const query = params.get("q") || "";
    if (results && query && results.dataset.query !== query) {
      const input = document.getElementById("q-page");
      if (input) input.value = query;
      searchScript().then((search) => search.page(query, results, state, params.get("current") || ""));
    }
    const filters = document.querySelector("form.filters");
    if (filters && document.getElementById("skill-results") && (params.get("category") || params.get("kind"))) {
      for (const [name, value] of params) {
        const radio = filters.querySelector('input[name="' + name + '"][value="' + CSS.escape(value) + '"]');
        if (radio) radio.checked = true;
      }
      filterSkills(filters);
    }
    const changes = document.querySelector("[data-changes]");
    if (changes && params.get("show") === "changed") changes.classList.add("changes--only-changed");
    if (state && state.messages && !document.querySelector("[data-offline-page]")) show(state.messages.offline_now, false);
  }

  function onlineLoad() {
    if (!supported) return;
    const state = readState();
    const version = site.offline;
    if (state && state.pending) {
      save(state.pending.keys, state.pending.mode).catch(() => undefined);
    } else if (state && state.version && version && state.version !== version) {
      save(state.rulesets.map((r) => r.key), "updating").catch(() => undefined);
    } else if (!state && autoAllowed() && site.ruleset && !document.querySelector("[data-offline-page]")) {
      save([site.ruleset], "saving").catch(() => undefined);
    }
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!navigator.onLine && handle(event.detail.elt)) event.preventDefault();
  });
  document.addEventListener("htmx:sendError", (event) => handle(event.detail.elt));
  window.addEventListener("offline", offlineLoad);

  window.RulesOffline = { handle: handle, save: save, state: readState };

  const panel = document.querySelector("[data-offline-page]");
  if (panel && panel.dataset.offlinePage === "settings") settingsPage(panel);
  if (panel && panel.dataset.offlinePage === "unavailable") unavailablePage();
  if (navigator.onLine) onlineLoad();
  else offlineLoad();
})();
