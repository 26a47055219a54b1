// The tools offline: the site's own engine (rulebook/engine and the apps' Django-free modules,
// packed by `manage.py build_offline_engine`) run on the phone under Pyodide (vendored under
// static/vendor/). Nothing here computes a rule: it hands the address's query to
// tutorial/phone.py and shows the HTML it returns.
//
// It starts only when the page shown does not answer the address: the service worker served the
// saved copy of /<lang>/odds/ for /<lang>/odds/?c=…, of a team builder for its roster link, of a
// board for its position or of a tutorial step for its try-it values (offline, or on a signal too
// poor to wait for). Online, the server's answer is the page and
// this script does nothing.
(function () {
  "use strict";
  // The interpreter's memory once the engine is imported (Pyodide's memory snapshot), kept on the
  // phone: a page starts from it instead of starting Python and importing the engine again (about
  // 13 s on a mid-range phone). Keyed by the pack's digest, so a new engine makes a new one; kept
  // only where the reader saved the tools. It is made in a worker, off the page's main thread: by
  // static/js/tools-offline.js once the tools are saved, or by the worker a page's engine runs in
  // when it finds none.
  const SNAPSHOTS = "rules-engine-snapshot";
  const IMPORT_ENGINE = "import sys; sys.path.insert(0, '/engine'); import tutorial.phone; tutorial.phone.warm()";
  const secure = "caches" in self && self.isSecureContext;

  async function bytes(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(url + ": " + response.status);
    return new Uint8Array(await response.arrayBuffer());
  }
  function runtimeOf(engineUrl) {
    return new URL(engineUrl.slice(0, engineUrl.lastIndexOf("/") + 1), location.href).href;
  }
  async function snapshotKey(engineUrl, pack) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", pack));
    const hex = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    return new URL(engineUrl + ".snapshot-" + hex, location.href).href;
  }
  async function savedSnapshot(key) {
    if (!secure) return null;
    const found = await caches.match(key, { cacheName: SNAPSHOTS });
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  }

  // The worker's side: Python started from nothing, the pack unpacked and the engine imported, then
  // the memory snapshot kept (and sent back when the page waits for it).
  async function makeSnapshot(asked) {
    const pack = await bytes(asked.pack);
    const key = await snapshotKey(asked.engine, pack);
    const kept = await savedSnapshot(key).catch(() => null);
    if (kept) return kept;
    const module = await import(new URL(asked.engine, location.href).href);
    const pyodide = await module.loadPyodide({ indexURL: runtimeOf(asked.engine), packages: [], _makeSnapshot: true });
    pyodide.unpackArchive(pack, "zip", { extractDir: "/engine" });
    pyodide.runPython(IMPORT_ENGINE);
    const snapshot = pyodide.makeMemorySnapshot();
    await keepSnapshot(key, snapshot, asked.lang);
    return snapshot;
  }
  // Kept only where the reader saved the tools; one snapshot at a time (the pack's latest).
  async function keepSnapshot(key, snapshot, lang) {
    if (!secure || !(await caches.has("rules-" + lang + "-tools"))) return;
    await caches.delete(SNAPSHOTS);
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  }
  // One start of the engine, on the page or in a worker: the pack, the words and the catalogue
  // fetched, the kept snapshot found with them and read while Pyodide loads its runtime (loadPyodide
  // waits for it only once its own script is in), Python started from it, the language's words
  // installed. `elsewhere` makes a missing snapshot in another worker (the page's, online);
  // without it Python starts from nothing here, and the snapshot it then makes is kept.
  async function boot(config, lang, elsewhere) {
    const started = performance.now();
    const timings = {}; // milliseconds of each part of the start (bench/offline_odds.py prints them)
    let mark = started;
    const lap = (name) => {
      const now = performance.now();
      timings[name] = Math.round(now - mark);
      mark = now;
    };
    const pack = bytes(config.enginePack);
    const keptCopy = pack
      .then((packed) => snapshotKey(config.engine, packed))
      .then((key) => (secure ? caches.match(key, { cacheName: SNAPSHOTS }) : null))
      .catch(() => null);
    const [module, words, catalogue, found] = await Promise.all([
      import(new URL(config.engine, location.href).href),
      fetch(config.engineWords, { credentials: "same-origin" }).then((r) => r.text()),
      bytes(config.engineCatalogue),
      keptCopy,
    ]);
    lap("files");
    let snapshot = found ? found.arrayBuffer().then((read) => new Uint8Array(read)) : null;
    if (!snapshot && elsewhere && navigator.onLine) snapshot = await elsewhere(config).catch(() => null);
    const options = { indexURL: runtimeOf(config.engine), packages: [], _makeSnapshot: !snapshot };
    const pyodide = await module.loadPyodide(snapshot ? Object.assign(options, { _loadSnapshot: snapshot }) : options);
    if (!snapshot) {
      const packed = await pack;
      pyodide.unpackArchive(packed, "zip", { extractDir: "/engine" });
      pyodide.runPython(IMPORT_ENGINE);
      const made = pyodide.makeMemorySnapshot();
      snapshotKey(config.engine, packed)
        .then((key) => keepSnapshot(key, made, lang))
        .catch(() => null);
    }
    lap("runtime");
    // The file system is not in the snapshot, but the modules and the phrases read from the pack
    // are: only the language's catalogue is written.
    pyodide.FS.mkdirTree("/engine");
    pyodide.FS.writeFile("/engine/django.mo", catalogue);
    const phone = pyodide.pyimport("tutorial.phone");
    phone.start(words, "/engine/django.mo");
    lap("install");
    return { phone: phone, startMs: performance.now() - started, timings: timings, snapshot: !!found };
  }

  if (typeof document === "undefined") {
    let running = null; // the page's engine, once it is asked to start here
    self.onmessage = (event) => {
      const asked = event.data;
      if (asked.start) {
        running = boot(asked.start, asked.lang, null);
        running.then(
          (up) => self.postMessage({ ready: { startMs: up.startMs, timings: up.timings, snapshot: up.snapshot } }),
          (error) => self.postMessage({ error: String(error) }),
        );
      } else if (asked.call) {
        running
          .then((up) => self.postMessage({ id: asked.id, result: String(up.phone[asked.call](...asked.args)) }))
          .catch((error) => self.postMessage({ id: asked.id, error: String(error) }));
      } else {
        makeSnapshot(asked).then(
          (snapshot) => self.postMessage(asked.reply ? { snapshot: snapshot } : { made: true }),
          (error) => self.postMessage({ error: String(error) }),
        );
      }
    };
    return;
  }

  // The page's side. A snapshot made for it (none was kept, and it is online) comes from a worker too.
  const script = document.currentScript ? document.currentScript.src : "";
  function snapshotFromWorker(config) {
    return new Promise((resolve, reject) => {
      const worker = new Worker(script);
      worker.onmessage = (event) => {
        worker.terminate();
        if (event.data.snapshot) resolve(event.data.snapshot);
        else reject(new Error(event.data.error));
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message));
      };
      worker.postMessage({ engine: config.engine, pack: config.enginePack, lang: document.documentElement.lang, reply: true });
    });
  }

  // The engine's addresses and the saved page's answered query are on the inline script at the top
  // of the head (rulebook/templates/_engine_script.html), which has already started the worker
  // when the saved page does not answer the link (the odds, the board and the builder know it from
  // the address alone; a tutorial step reads its form first). An older saved page has them on
  // this script's own tag, or on its box only.
  const tag = document.getElementById("engine-start") || document.currentScript;
  const own = tag ? tag.dataset : {};
  let box = null;
  let config = {};
  let engine = null;
  let direct = null; // the worker's call, usable before it is up (it answers once it is)
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
  else main();

  function main() {
    box = document.querySelector("[data-engine]:not(script)");
    if (!box) return;
    config = box.dataset;
    // A tutorial step reads only its try-it fields: any other parameter (?utm_source=…) is left out
    // on both sides, as the server's cache of the step leaves it out.
    const relevant = config.tool === "step" ? stepQuery : (search) => search.replace(/^\?/, "");
    const asked = relevant(location.search);
    // Compared decoded and sorted: the server may have been asked the same query percent-encoded (a
    // link's "%3B" for ";") or in another order (the builder answers its fields sorted), and a saved
    // copy answers any query. Online the page answers its own address: Pyodide must not start.
    if (!asked || sameQuery(asked, relevant(config.query || ""))) {
      // A saved step read offline: its form is answered here once the reader changes it.
      if (config.tool === "step" && !navigator.onLine) ownStepForm();
      return;
    }
    if (config.tool === "roster") roster();
    else if (config.tool === "step") step();
    else if (config.tool === "board") board().then(() => answerInPlace(board));
    else {
      answer();
      window.addEventListener("popstate", () => answer());
    }
  }

  // The engine, once per page: in a worker, so that starting Python (about two seconds on a
  // mid-range phone) and each answer leave the page's main thread free to scroll and draw. The
  // worker's address is under the language's part of the site, so the service worker that keeps
  // the tools answers its files offline (one under /static/ would be outside its scope). Where it
  // cannot start (no worker address on an older saved page), the page starts Python itself.
  // Either way the phone's functions are called by name and answer a promise of their JSON.
  function start() {
    if (engine) return engine;
    const early = window.RulesEngineEarly;
    const urls = own.engine ? own : config;
    const lang = document.documentElement.lang;
    const absolute = {};
    ["engine", "enginePack", "engineWords", "engineCatalogue"].forEach((key) => {
      absolute[key] = new URL(urls[key], location.href).href;
    });
    const begun = early ? early.begun : performance.now();
    engine = inWorker(early, urls.engineWorker, absolute, lang)
      .catch(() => boot(absolute, lang, snapshotFromWorker).then((up) => onPage(up)))
      .then((up) => {
        // When the page asked for it and when it was up, in the page's own clock (the bench's).
        Object.assign(up.timings, { asked: Math.round(begun), up: Math.round(performance.now()) });
        window.RulesEngine = up;
        return up.phone;
      });
    return engine;
  }
  // A call to the phone, posted to the worker at once when it runs there: the worker answers it as
  // soon as it is up, without waiting for the page to hear that it is (a throttled main thread
  // took 0.1-0.2 s). If the worker fails, the page's own engine answers.
  function ask(name, ...args) {
    const phone = start();
    const answered = direct ? direct(name, ...args) : phone.then((up) => up.call(name, ...args));
    const result = answered.catch((error) => (direct ? Promise.reject(error) : phone.then((up) => up.call(name, ...args))));
    result.catch(() => null); // handled: the caller sees a failure when it awaits the answer, or start()'s first
    return result;
  }
  function onPage(up) {
    const phone = up.phone;
    return Object.assign(up, { phone: { call: (name, ...args) => Promise.resolve(String(phone[name](...args))) }, worker: false });
  }
  function inWorker(early, address, absolute, lang) {
    if (!early && (!address || typeof Worker === "undefined")) return Promise.reject(new Error("no worker"));
    return new Promise((resolve, reject) => {
      const worker = early ? early.worker : new Worker(new URL(address, location.href).href);
      const waiting = new Map();
      const failed = (error) => {
        direct = null;
        worker.terminate();
        waiting.forEach((asked) => asked.failed(error));
        waiting.clear();
        reject(error);
      };
      let next = 0;
      const call = (name, ...args) =>
        new Promise((done, refused) => {
          next += 1;
          waiting.set(next, { done: done, failed: refused });
          worker.postMessage({ call: name, args: args, id: next });
        });
      worker.onmessage = (event) => {
        const told = event.data;
        if (told.ready) resolve(Object.assign(told.ready, { phone: { call: call }, worker: true }));
        else if (told.id && waiting.has(told.id)) {
          const asked = waiting.get(told.id);
          waiting.delete(told.id);
          if (told.error) asked.failed(new Error(told.error));
          else asked.done(told.result);
        } else if (told.error) failed(new Error(told.error));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        failed(new Error(event.message || "worker"));
      };
      direct = call;
      if (!early) worker.postMessage({ start: absolute, lang: lang });
      else if (early.failed) worker.onerror(early.failed);
      else early.told.forEach((event) => worker.onmessage(event)); // sent before this script ran
    });
  }

  function pairs(search) {
    return JSON.stringify(Array.from(new URLSearchParams(search).entries()));
  }
  function sameQuery(one, other) {
    const sorted = (search) => JSON.stringify(Array.from(new URLSearchParams(search).entries()).sort());
    return sorted(one) === sorted(other);
  }

  // inPlace: the reader sent the form on this page; its fields are what he chose, so only its
  // messages change (rebuilding the whole form cost a relayout on every answer). With the engine
  // already up the answer takes a moment: the old one stays (marked busy) until the new one
  // replaces it in one change, rather than a "working it out" line in between (two more layouts).
  async function answer(inPlace) {
    box.setAttribute("aria-busy", "true");
    const status = document.createElement("p");
    status.className = "hint engine-status";
    status.textContent = config.computing || "";
    const heading = box.querySelector("h2");
    const body = Array.from(box.children).filter((child) => child !== heading);
    const swapLater = !!inPlace && !!window.RulesEngine;
    if (!swapLater) {
      body.forEach((child) => child.remove());
      box.appendChild(status);
    }
    try {
      const asked = ask("odds", pairs(location.search), document.documentElement.lang);
      await start();
      const t0 = performance.now(); // the engine is up: what follows is its answer and the page's
      const found = JSON.parse(await asked);
      const called = performance.now() - t0;
      const template = document.createElement("template");
      template.innerHTML = found.html; // written and escaped by tutorial/odds/offline_html.py
      status.remove();
      if (swapLater) body.forEach((child) => child.remove());
      box.appendChild(template.content);
      if (found.form) fillForm(found.form, !!inPlace);
      summarise(found);
      box.dataset.answered = found.code;
      box.dataset.answerMs = String(Math.round(performance.now() - t0));
      box.dataset.callMs = String(Math.round(called)); // of which the engine's call (bench/offline_odds.py)
      box.dataset.answeredAt = String(Math.round(performance.now())); // since the page was opened
      document.dispatchEvent(new CustomEvent("engine:answered", { detail: found }));
    } catch (error) {
      status.textContent = config.engineFailed || String(error);
      if (swapLater) box.appendChild(status);
      else body.forEach((child) => box.appendChild(child));
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  // The odds page's line above the answer says the link's chance; the step cards under it hold the
  // saved page's own sequence, so they are hidden (the whole form below is the link's).
  function summarise(found) {
    const line = document.querySelector("#odds-summary .odds-sticky__line");
    if (line) line.textContent = found.probability ? found.probability + (found.fraction ? " (" + found.fraction + ")" : "") : "";
    document.querySelectorAll("#odds-builder .odds-settings, #odds-builder .odds-build, #odds-builder .odds-cards").forEach((node) => {
      node.hidden = true;
    });
  }

  // A row of the form for step n, copied from the last one (the saved page has the example's rows).
  function addRow(list, n) {
    const row = list.lastElementChild.cloneNode(true);
    row.querySelectorAll("[id], [name], [for], [aria-describedby]").forEach((node) => {
      ["id", "name", "for", "aria-describedby"].forEach((attribute) => {
        const value = node.getAttribute(attribute);
        if (value && attribute !== "aria-describedby") node.setAttribute(attribute, value.replace(/\d+/, String(n)));
        else if (value) node.setAttribute(attribute, value.replace(/^v\d+-/, "v" + n + "-"));
      });
    });
    const label = row.querySelector(".odds-row__kind label");
    if (label) label.textContent = label.textContent.replace(/\d+/, String(n));
    list.appendChild(row);
    return row;
  }

  function setField(form, name, value) {
    form.querySelectorAll('[name="' + name + '"]').forEach((input) => {
      if (input.type === "checkbox" || input.type === "radio") input.checked = Array.isArray(value) ? value.includes(input.value) : input.value === String(value);
      else input.value = value;
    });
  }

  function setError(id, text) {
    const node = document.getElementById(id);
    if (node) node.textContent = text || "";
  }

  // The whole form: the link's players, skills and rows, as tutorial/odds/form_view.py gives them.
  // Offline the form is answered here, in place, with the address following it: a copy of the form
  // without htmx, whose requests would go to the network.
  function ownForm() {
    const saved = document.querySelector("form.odds-form");
    if (!saved || !saved.hasAttribute("hx-get")) return saved;
    const form = saved.cloneNode(true);
    ["hx-get", "hx-target", "hx-swap", "hx-trigger"].forEach((name) => form.removeAttribute(name));
    saved.replaceWith(form);
    form.addEventListener("submit", (event) => {
      event.preventDefault(); // answered in place: the engine is already running
      history.pushState(null, "", location.pathname + "?" + new URLSearchParams(new FormData(form)).toString());
      answer(true).then(() => document.getElementById("odds-result-heading")?.scrollIntoView());
    });
    return form;
  }

  function fillMessages(form, data) {
    data.players.forEach((p) => setError("pn" + p.slot + "-error", p.error));
    data.rows.forEach((row) => setError("v" + row.n + "-error", row.error));
  }

  function fillForm(data, inPlace) {
    const form = ownForm();
    if (!form) return;
    if (inPlace) return fillMessages(form, data);
    setField(form, "edition", data.edition);
    setField(form, "team_reroll", data.team);
    data.players.forEach((p) => {
      const skills = form.querySelector('[name="pn' + p.slot + '"]').closest(".odds-player").querySelector(".odds-skills");
      skills.replaceChildren(...p.choices.map(([slug, name, checked]) => {
        const label = Object.assign(document.createElement("label"), { className: "odds-choice" });
        label.append(Object.assign(document.createElement("input"), { type: "checkbox", name: "ps" + p.slot, value: slug, checked: checked }), " " + name);
        return label;
      }));
      skills.closest("details").querySelector("summary").textContent = p.summary;
      ["pn", "pl", "pst", "pag", "pma"].forEach((key, i) => setField(form, key + p.slot, [p.name, p.loner, p.st, p.ag, p.ma][i]));
      setError("pn" + p.slot + "-error", p.error);
    });
    const list = form.querySelector(".odds-steps");
    while (list.children.length > data.rows.length) list.lastElementChild.remove();
    data.rows.forEach((row) => {
      if (!form.querySelector('[name="k' + row.n + '"]')) addRow(list, row.n);
      const who = form.querySelector('[name="w' + row.n + '"]');
      who.replaceChildren(...data.who.map(([slot, name]) => new Option(name, slot)));
      const values = { w: row.who, k: row.kind, pk: row.kind, v: row.value, g: row.goal, o: row.options, c: row.conditional ? "1" : "" };
      Object.keys(values).forEach((key) => setField(form, key + row.n, values[key]));
      setError("v" + row.n + "-error", row.error);
    });
  }

  // The builder: the saved page's fields and sums, filled with the phone's pricing of the link.
  async function roster() {
    box.setAttribute("aria-busy", "true");
    try {
      const lang = document.documentElement.lang;
      const found = JSON.parse(await ask("roster", config.ruleset, config.team, pairs(location.search), lang));
      if (found.error) return;
      found.fields.forEach((field) => {
        const input = document.querySelector('input[name="' + field.name + '"]');
        if (input) input.value = String(field.value);
      });
      document.querySelectorAll("[data-shown]").forEach((node) => {
        node.textContent = found.shown[node.dataset.shown];
      });
      const heading = box.querySelector(".problems h3");
      box.querySelectorAll(".problems, .verdict, .problem").forEach((node) => node.remove());
      const after = box.querySelector(".totals");
      const notes = found.errors.map((text) => Object.assign(document.createElement("p"), { className: "problem", textContent: text }));
      if (found.problems.length) {
        const list = document.createElement("ul");
        found.problems.forEach((text) => list.appendChild(Object.assign(document.createElement("li"), { textContent: text })));
        const problems = Object.assign(document.createElement("div"), { className: "problems" });
        if (heading) problems.appendChild(heading);
        problems.appendChild(list);
        notes.push(problems);
      } else if (found.shown.verdict) {
        notes.push(Object.assign(document.createElement("p"), { className: "verdict", textContent: found.shown.verdict }));
      }
      after.after(...notes);
      box.querySelectorAll(".builder-links a").forEach((link) => {
        link.search = found.query ? "?" + found.query : "";
      });
      box.dataset.answered = found.query;
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  function fragment(markup) {
    const template = document.createElement("template");
    template.innerHTML = markup; // written and escaped by tutorial/board/offline_html.py, stepview_html.py
    return template.content;
  }

  // A tutorial step: its answer (#step-result) for the address's try-it values, worked out on the
  // phone, and the form showing them. The answer carries each field's message apart, as it does
  // for htmx online (hx-swap-oob), and those go next to their fields.
  function stepQuery(search) {
    const form = document.querySelector("#tutorial-step form.try-it");
    const names = new Set(form ? Array.from(form.elements, (field) => field.name).filter(Boolean) : []);
    const query = new URLSearchParams(search);
    Array.from(query.keys()).forEach((name) => names.has(name) || query.delete(name));
    return query.toString();
  }
  async function step() {
    const result = document.getElementById("step-result");
    if (!result) return;
    box.setAttribute("aria-busy", "true");
    const status = Object.assign(document.createElement("p"), { className: "hint engine-status", textContent: config.computing || "" });
    status.setAttribute("role", "status");
    result.querySelectorAll("#step-offline-note, .engine-status").forEach((node) => node.remove());
    result.prepend(status);
    try {
      const query = stepQuery(location.search);
      const lang = document.documentElement.lang;
      const asked = ask("tutorial_step", config.scenario, Number(config.number), pairs(query), lang, config.boardBase || "");
      await start();
      const t0 = performance.now();
      const found = JSON.parse(await asked);
      if (found.error) throw new Error(found.error);
      const content = fragment(found.html);
      content.querySelectorAll("[hx-swap-oob]").forEach((node) => {
        node.remove();
        setError(node.id, node.textContent);
      });
      result.replaceWith(content);
      fillStepForm(found.fields);
      box.dataset.answered = query;
      box.dataset.answerMs = String(Math.round(performance.now() - t0));
    } catch (error) {
      // The engine cannot run here (the tools are not saved): the saved step's own numbers stay.
      status.id = "step-offline-note";
      status.className = "note";
      status.textContent = config.engineFailed || String(error);
    } finally {
      box.removeAttribute("aria-busy");
    }
  }
  // The try-it form without htmx (its requests would go to the network): sent or changed, it is
  // answered in place, the address following it.
  function ownStepForm() {
    const saved = box.querySelector("form.try-it");
    if (!saved || !saved.hasAttribute("hx-get")) return saved;
    const form = saved.cloneNode(true);
    ["hx-get", "hx-target", "hx-swap", "hx-push-url", "hx-trigger"].forEach((name) => form.removeAttribute(name));
    saved.replaceWith(form);
    const send = (event) => {
      if (event) event.preventDefault();
      const query = new URLSearchParams(new FormData(form)).toString();
      if (sameQuery(query, stepQuery(location.search))) return; // Enter sends a change, then a submit
      history.pushState(null, "", location.pathname + "?" + query);
      step();
    };
    form.addEventListener("submit", send);
    form.addEventListener("change", () => send());
    window.addEventListener("popstate", () => step());
    return form;
  }
  function fillStepForm(fields) {
    const form = ownStepForm();
    if (!form) return;
    fields.forEach((field) => {
      const input = form.querySelector('[name="' + field.name + '"]');
      if (!input) return;
      if (input.type === "checkbox") input.checked = !!field.value;
      else input.value = field.value === null || field.value === undefined ? "" : String(field.value);
      input.closest(".try-it__field")?.classList.toggle("has-error", !!field.error);
      if (field.error) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
  }

  // The board: the saved page's live part redrawn for the link's position. Its tools, arrows and
  // forms hold the saved page's own position, so they are hidden. A tap on the pitch or a link of
  // the answer is answered here, in place (the address follows), without starting the engine again.
  async function board() {
    box.setAttribute("aria-busy", "true");
    const status = document.getElementById("board-status");
    if (status) status.textContent = config.computing || "";
    try {
      const lang = document.documentElement.lang;
      const asked = ask("board_page", config.ruleset, pairs(location.search), lang, location.pathname);
      await start();
      const t0 = performance.now();
      const found = JSON.parse(await asked);
      if (found.changed) history.replaceState(null, "", location.pathname + "?" + found.query);
      box.querySelectorAll(".engine-error").forEach((node) => node.remove());
      box.querySelectorAll(".form-message, .board-tools, .board-pan, .board-hint, .board-forms").forEach((node) => {
        node.hidden = true;
      });
      if (found.error) {
        const message = Object.assign(document.createElement("div"), { className: "form-message engine-error" });
        message.setAttribute("role", "alert");
        [found.error, found.error_note].forEach((text) => message.appendChild(Object.assign(document.createElement("p"), { textContent: text })));
        box.prepend(message);
      }
      if (!box.querySelector(".engine-status")) {
        const note = Object.assign(document.createElement("p"), { className: "hint engine-status", textContent: config.offlineNote || "" });
        box.querySelector(".board-pane").prepend(note);
      }
      box.querySelector("svg.board-map").replaceWith(fragment(found.svg));
      const figure = box.querySelector(".board-figure");
      figure.querySelector("figcaption")?.remove();
      if (found.legend.length) {
        const list = Object.assign(document.createElement("ul"), { className: "legend" });
        found.legend.forEach(([css, label]) => {
          const item = document.createElement("li");
          item.append(Object.assign(document.createElement("span"), { className: "swatch swatch--" + css }), label);
          list.appendChild(item);
        });
        figure.appendChild(document.createElement("figcaption")).appendChild(list);
      }
      document.getElementById("board-answer").replaceChildren(fragment(found.answer));
      if (status) status.textContent = found.status;
      box.dataset.answered = found.query;
      box.dataset.answerMs = String(Math.round(performance.now() - t0));
    } catch (error) {
      if (status) status.textContent = config.engineFailed || String(error);
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  // A link to this same page (another position or view) answered in place once the engine runs.
  function answerInPlace(show) {
    box.addEventListener("click", (event) => {
      const link = event.target.closest("a[href]");
      if (!link || !window.RulesEngine || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (link.getAttribute("href").startsWith("#")) return; // a place on this page ("Back to the pitch")
      const url = new URL(link.getAttribute("href"), location.href);
      if (url.origin !== location.origin || url.pathname !== location.pathname) return;
      event.preventDefault();
      const cell = link.getAttribute("data-cell");
      history.pushState(null, "", url.pathname + url.search);
      show().then(() => {
        // As online (board.js): a tap that asks an action scrolls to its whole answer.
        const action = cell && document.getElementById("action-heading");
        if (action) {
          action.closest(".answer__action").scrollIntoView({ block: "start" });
          action.focus({ preventScroll: true });
          return;
        }
        const again = cell && box.querySelector('.board-map a[data-cell="' + cell + '"]');
        (again || document.getElementById("board-status"))?.focus({ preventScroll: !!again });
      });
    });
    window.addEventListener("popstate", () => show());
  }

})();
