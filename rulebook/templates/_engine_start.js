(function () {
  // Inline, at the top of the page's head (its hash is in the CSP: config/settings.py): a saved
  // tool opened with a link it does not answer starts the engine's worker at once, while the page
  // is still being read. An async script ran 0.4-1.2 s later on a throttled phone, once the parser
  // let it. static/js/engine.js adopts the worker and the messages it sent before it was there.
  var own = document.currentScript.dataset;
  var wanted = location.search.replace(/^\?/, "");
  var sorted = function (search) {
    return JSON.stringify(Array.from(new URLSearchParams(search).entries()).sort());
  };
  if (own.tool === "step" || !wanted || sorted(wanted) === sorted(own.query || "") || typeof Worker === "undefined") return;
  var start = {};
  ["engine", "enginePack", "engineWords", "engineCatalogue"].forEach(function (key) {
    start[key] = new URL(own[key], location.href).href;
  });
  var early = { told: [], failed: null, begun: performance.now(), start: start };
  try {
    early.worker = new Worker(new URL(own.engineWorker, location.href).href);
  } catch (error) {
    return;
  }
  early.worker.onmessage = function (event) {
    early.told.push(event);
  };
  early.worker.onerror = function (event) {
    event.preventDefault();
    early.failed = event;
  };
  early.worker.postMessage({ start: start, lang: document.documentElement.lang });
  window.RulesEngineEarly = early;
})();
