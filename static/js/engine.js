// The tools offline: the site's own engine (rulebook/engine and the apps' Django-free modules,
// packed by `manage.py build_offline_engine`) run on the phone under Pyodide (vendored under
// static/vendor/). Nothing here computes a rule: it hands the address's query to
// tutorial/phone.py and shows the HTML it returns.
//
// It starts only when the page shown does not answer the address: the service worker served the
// saved copy of /<lang>/odds/ for /<lang>/odds/?c=…, or of a team builder for its roster link
// (offline, or on a signal too poor to wait for). Online, the server's answer is the page and
// this script does nothing.
(function () {
  "use strict";
  const box = document.querySelector("[data-engine]");
  if (!box) return;
  const asked = location.search.replace(/^\?/, "");
  // Compared decoded and sorted: the server may have been asked the same query percent-encoded (a
  // link's "%3B" for ";") or in another order (the builder answers its fields sorted), and a saved
  // copy answers any query. Online the page answers its own address: Pyodide must not start.
  if (!asked || sameQuery(asked, box.dataset.query || "")) return;
  const config = box.dataset;
  let engine = null;

  async function bytes(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(url + ": " + response.status);
    return new Uint8Array(await response.arrayBuffer());
  }

  // Pyodide, the pack and the language's words, once per page.
  function start() {
    if (engine) return engine;
    engine = (async function () {
      const started = performance.now();
      const module = await import(config.engine);
      const runtime = config.engine.slice(0, config.engine.lastIndexOf("/") + 1);
      const [pyodide, pack, words, catalogue] = await Promise.all([
        module.loadPyodide({ indexURL: runtime, packages: [] }),
        bytes(config.enginePack),
        fetch(config.engineWords, { credentials: "same-origin" }).then((r) => r.text()),
        bytes(config.engineCatalogue),
      ]);
      pyodide.unpackArchive(pack, "zip", { extractDir: "/engine" });
      pyodide.FS.writeFile("/engine/django.mo", catalogue);
      pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
      const phone = pyodide.pyimport("tutorial.phone");
      phone.start(words, "/engine/django.mo");
      window.RulesEngine = { phone: phone, startMs: performance.now() - started };
      return phone;
    })();
    return engine;
  }

  function pairs(search) {
    return JSON.stringify(Array.from(new URLSearchParams(search).entries()));
  }
  function sameQuery(one, other) {
    const sorted = (search) => JSON.stringify(Array.from(new URLSearchParams(search).entries()).sort());
    return sorted(one) === sorted(other);
  }

  async function answer() {
    box.setAttribute("aria-busy", "true");
    const status = document.createElement("p");
    status.className = "hint engine-status";
    status.textContent = config.computing || "";
    const heading = box.querySelector("h2");
    const body = Array.from(box.children).filter((child) => child !== heading);
    body.forEach((child) => child.remove());
    box.appendChild(status);
    try {
      const phone = await start();
      const t0 = performance.now();
      const found = JSON.parse(phone.odds(pairs(location.search), document.documentElement.lang));
      const template = document.createElement("template");
      template.innerHTML = found.html; // written and escaped by tutorial/odds/offline_html.py
      status.remove();
      box.appendChild(template.content);
      box.dataset.answered = found.code;
      box.dataset.answerMs = String(Math.round(performance.now() - t0));
      document.dispatchEvent(new CustomEvent("engine:answered", { detail: found }));
    } catch (error) {
      status.textContent = config.engineFailed || String(error);
      body.forEach((child) => box.appendChild(child));
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  // The builder: the saved page's fields and sums, filled with the phone's pricing of the link.
  async function roster() {
    box.setAttribute("aria-busy", "true");
    try {
      const phone = await start();
      const lang = document.documentElement.lang;
      const found = JSON.parse(phone.roster(config.ruleset, config.team, pairs(location.search), lang));
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

  if (config.tool === "roster") roster();
  else answer();
})();
