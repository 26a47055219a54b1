// The service worker of one language (served at /<lang>/sw.js, scope /<lang>/; the server puts
// self.SITE first: the offline page's URL, the files it needs, the static prefix).
//
// Pages: the network first; a saved copy when there is no connection, or when the network takes
// longer than NETWORK_WAIT and a copy is saved (a poor signal at the table); the "not saved" page
// when neither answers. Static files and the saved search index: the saved copy first. The tools'
// engine files: the network first, then the saved copy (openFresh).
// Requests made with cache "no-cache"/"reload" (the saving script) and htmx fragments always go to
// the network, so that a pack being saved never takes files from an older pack.
// The saving itself is done by the page (static/js/offline.js), which shows its progress.
"use strict";

const SITE = self.SITE;
const LANG = new URL(self.registration.scope).pathname.split("/")[1];
const SHELL = "rules-" + LANG + "-shell";
const NETWORK_WAIT = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SITE.shell.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

function saved(request, options) {
  return caches.match(request, Object.assign({ ignoreVary: true }, options));
}

async function unavailable() {
  const page = await saved(SITE.unavailable);
  if (!page) return Response.error();
  return new Response(page.body, { status: 503, statusText: "Offline", headers: page.headers });
}

function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function openPage(request) {
  // Saved pages have no query string: /es/search/?q=… opens the saved search page (which then
  // searches the saved index), a table with ?roll=… the saved table. Asked by its address without
  // the query rather than with ignoreSearch, which reads every saved entry to compare them.
  const url = new URL(request.url);
  const copy = await saved(url.origin + url.pathname);
  const network = fetch(request);
  if (!copy) {
    try {
      return await network;
    } catch (error) {
      return unavailable();
    }
  }
  network.catch(() => undefined);
  try {
    const first = await Promise.race([network, wait(NETWORK_WAIT).then(() => null)]);
    return first || copy;
  } catch (error) {
    return copy;
  }
}

// The engine's pack, words and catalogue (the tools): their addresses do not change with a deploy,
// so the network answers first, as for pages, and the saved copy when it cannot (offline, a poor
// signal). Left to the HTTP cache, they were gone offline once its copy was too old.
async function openFresh(request) {
  const copy = await saved(request);
  const network = fetch(request);
  if (!copy) return network;
  network.catch(() => undefined);
  try {
    const first = await Promise.race([network, wait(NETWORK_WAIT).then(() => null)]);
    return first && first.ok ? first : copy;
  } catch (error) {
    return copy;
  }
}

async function openFile(request) {
  const copy = await saved(request);
  if (copy) return copy;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(openPage(request));
    return;
  }
  if (request.cache === "no-cache" || request.cache === "reload" || request.cache === "no-store") return;
  if (request.headers.get("HX-Request")) return;
  const isStatic = url.pathname.startsWith(SITE.static);
  const isIndex = url.pathname.startsWith("/" + LANG + "/offline/search/");
  if (url.pathname.startsWith("/" + LANG + "/offline/engine")) {
    event.respondWith(openFresh(request));
    return;
  }
  if (isStatic || isIndex || url.pathname.endsWith("/manifest.webmanifest")) {
    event.respondWith(openFile(request));
  }
});
