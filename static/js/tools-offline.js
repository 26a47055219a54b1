// The offline page's "Save the tools" button: keeps the odds page, the engine's runtime (Pyodide)
// and pack, and this language's words in the Cache API, where the service worker finds them
// (static/js/sw.js). Only when the reader asks; the answer is remembered per language. Then the
// engine is started once in a worker (static/js/engine.js), off this page's main thread, and its
// memory kept, so that the first tool opened offline starts in about two seconds, not fifteen.
(function () {
  "use strict";
  const button = document.getElementById("tools-save");
  const status = document.getElementById("tools-status");
  if (!button || !status || !("caches" in window) || !window.isSecureContext) return;
  const LANG = document.documentElement.lang;
  const KEY = "tools:" + LANG;
  const urls = JSON.parse(button.dataset.urls || "[]");
  function remembered() {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      return null;
    }
  }
  if (remembered()) status.textContent = button.dataset.saved;
  // Resolves when the worker is done, whatever it answers: without a snapshot, the first page that
  // needs the engine makes one.
  function prepareEngine() {
    return new Promise((resolve) => {
      const worker = new Worker(button.dataset.engineScript);
      const done = () => {
        worker.terminate();
        resolve();
      };
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage({ engine: button.dataset.engine, pack: button.dataset.enginePack, lang: LANG, reply: false });
    });
  }
  button.disabled = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = button.dataset.saving;
    try {
      const cache = await caches.open("rules-" + LANG + "-tools");
      await cache.addAll(urls.map((url) => new Request(url, { cache: "reload", credentials: "same-origin" })));
      localStorage.setItem(KEY, String(Date.now()));
      await prepareEngine();
      status.textContent = button.dataset.saved;
    } catch (error) {
      status.textContent = button.dataset.failed;
    } finally {
      button.disabled = false;
    }
  });
})();
