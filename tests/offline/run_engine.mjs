// Runs the offline pack's engine under Pyodide in Node (the equality test's phone): loads the
// vendored Pyodide, unpacks engine.zip, installs one language's words, then answers each request
// of a JSON list ({"fn": "odds_api" | "board" | "roster", "args": [...]}) with the same entry
// functions the page script calls, and prints the answers as one JSON list.
// Usage: node run_engine.mjs <pyodide dir> <pack dir> <lang> <requests.json>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, packDir, lang, requestsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(packDir, "engine.zip"))), "zip", { extractDir: "/engine" });
pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
const phone = pyodide.pyimport("tutorial.phone");
const words = readFileSync(path.join(packDir, "words-" + lang + ".json"), "utf-8");
pyodide.FS.writeFile("/engine/django.mo", new Uint8Array(readFileSync(path.join(packDir, "django-" + lang + ".mo"))));
phone.start(words, "/engine/django.mo");
const ready = performance.now();
const requests = JSON.parse(readFileSync(requestsFile, "utf-8"));
const answers = requests.map((r) => JSON.parse(phone[r.fn](...r.args)));
const done = performance.now();
process.stdout.write(JSON.stringify({ answers, start_ms: ready - started, answer_ms: done - ready }));
