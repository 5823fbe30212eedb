/* judge: the Resolver's engine, in a Web Worker so the page stays responsive.
 *
 * Pyodide (npm `pyodide`, served from assets/pyodide/) runs the judge package itself: the engine
 * bundle (engine.tar.gz: the package's bytecode, compiled at build time by Pyodide's own Python,
 * with click, PyYAML's pure-Python part and snowballstemmer; the standard library it imports is
 * compiled too, in assets/pyodide/python_stdlib.zip) and the compiled catalogue
 * (catalogue.pickle: the glossary, frameworks and triggers loaded at build time, no YAML to
 * parse). Every request goes to judge.service.handle_json, the code path of the CLI's commands,
 * as JSON in and JSON out, so the page shows what the CLI prints.
 *
 * Later visits start from a memory snapshot: once the first boot has answered and the worker is
 * idle, the interpreter's memory (the engine imported, the catalogue loaded) is saved in the
 * browser's Cache Storage; the next boot restores it instead of starting Python and importing
 * the engine again. Nothing more is downloaded for it. The snapshot is used only if it was made
 * from the same Pyodide build, engine bundle and catalogue (its key, and Pyodide's own build id
 * check); on any failure the worker boots as on a first visit.
 */
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const progress = (stage) => self.postMessage({ progress: stage });
const SNAPSHOT_CACHE = "judge-snapshot";   // sw.js deletes it with the other caches of an old version
const SNAPSHOT_URL = here("./resolver/snapshot.bin");
const SNAPSHOT_FORMAT = "1";              // bump when what the snapshot holds changes
const IDLE_MS = 1500;                     // the snapshot waits until the page has been answered

const started = performance.now();
const stages = {};
const mark = (name) => { stages[name] = Math.round(performance.now() - started); };

async function boot() {
  progress("runtime");
  const files = Promise.all([fetchBytes("./resolver/engine.tar.gz"), fetchBytes("./resolver/catalogue.pickle")])
    .then((loaded) => { mark("files"); return loaded; });
  const key = files.then(([bundle, catalogue]) => snapshotKey(bundle, catalogue));
  let engine = null;
  try {
    engine = await fromSnapshot(files, key);
  } catch (error) {
    stages.snapshot = "unusable: " + String(error).slice(0, 200);
    dropSnapshot();
  }
  if (!engine) engine = await fresh(files, key);
  mark("engine");
  return engine;
}

/* A later visit: the saved memory of an earlier boot, if it matches this runtime and bundle. */
async function fromSnapshot(files, key) {
  const saved = await savedSnapshot();
  if (!saved) { stages.snapshot = "none"; return null; }
  if (saved.headers.get("x-judge-key") !== await key) {
    stages.snapshot = "stale";
    dropSnapshot();
    return null;
  }
  // read while Pyodide loads its script (it waits for the bytes only to start the interpreter)
  const bytes = saved.arrayBuffer().then((read) => { mark("snapshot read"); return new Uint8Array(read); });
  const pyodide = await loadPyodide(options({ _loadSnapshot: bytes }));
  mark("runtime");
  progress("engine");
  const [bundle] = await files;
  // The memory holds the imported engine and the loaded catalogue; the files (the engine's data
  // beside its modules, the working folder) live outside it, in Pyodide's virtual disk.
  await unpack(pyodide, bundle);
  pyodide.runPython("from judge import service\nservice.workdir('/home/pyodide/scenarios')");
  stages.snapshot = "used";
  return { pyodide, handle: pyodide.pyimport("judge.service").handle_json, snapshotted: true };
}

/* A first visit (or no usable snapshot): start Python, import the engine, load the catalogue. */
async function fresh(files, key) {
  const pyodide = await loadPyodide(options({ _makeSnapshot: true }));
  mark("runtime");
  progress("engine");
  const [bundle, catalogue] = await files;
  await unpack(pyodide, bundle);
  pyodide.FS.writeFile("/judge-bundle/catalogue.pickle", new Uint8Array(catalogue));
  pyodide.runPython(
    "import sys\nsys.path.insert(0, '/judge-bundle')\n" +
    "from judge import service\nservice.use_catalogue('/judge-bundle/catalogue.pickle')\n" +
    "service.workdir('/home/pyodide/scenarios')");
  return { pyodide, handle: pyodide.pyimport("judge.service").handle_json, snapshotted: false, key };
}

function options(extra) {
  // packageBaseUrl: never the CDN Pyodide falls back to (no package is loaded beyond the bundle)
  return { indexURL: here("./pyodide/"), packageBaseUrl: here("./pyodide/"), fullStdLib: false, ...extra };
}

/* The engine bundle (engine.tar.gz: one gzip stream, inflated by the browser) into Pyodide's
 * virtual disk. Python's zipfile under WebAssembly took 0.1–0.4 s for the same files. */
async function unpack(pyodide, bundle) {
  let bytes = new Uint8Array(bundle);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {  // unless the host already sent it inflated
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const text = new TextDecoder();
  const field = (at, length) => text.decode(bytes.subarray(at, at + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {  // ustar: 512-byte headers
    const name = (field(at + 345, 155) ? field(at + 345, 155) + "/" : "") + field(at, 100);
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(bytes[at + 156] || 48);
    at += 512;
    if (type === "0") {
      const path = "/judge-bundle/" + name;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, bytes.subarray(at, at + size));
    }
    at += Math.ceil(size / 512) * 512;
  }
  mark("unpacked");
}

async function fetchBytes(path) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/* What a snapshot must match: this Pyodide, this engine bundle, this catalogue. */
async function snapshotKey(bundle, catalogue) {
  const parts = [new TextEncoder().encode(`${SNAPSHOT_FORMAT} ${version}\0`), new Uint8Array(bundle),
                 new Uint8Array(catalogue)];
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => { joined.set(p, at); return at + p.length; }, 0);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
  return Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function savedSnapshot() {
  if (!self.caches) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  return (await cache.match(SNAPSHOT_URL)) || null;
}

function dropSnapshot() {
  if (self.caches) caches.open(SNAPSHOT_CACHE).then((cache) => cache.delete(SNAPSHOT_URL)).catch(() => {});
}

/* After a fresh boot has answered and the page is idle: save the memory for the next visit. */
let idleTimer = null;
function snapshotWhenIdle(engine) {
  if (engine.snapshotted || !self.caches) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(async () => {
    engine.snapshotted = true;  // once per boot, whatever happens
    try {
      const bytes = engine.pyodide.makeMemorySnapshot();
      const headers = { "content-type": "application/octet-stream", "x-judge-key": await engine.key };
      const cache = await caches.open(SNAPSHOT_CACHE);
      await cache.put(SNAPSHOT_URL, new Response(bytes, { headers }));
      self.postMessage({ snapshot: "saved", bytes: bytes.length });
    } catch (error) {
      self.postMessage({ snapshot: "failed: " + String(error).slice(0, 200) });
    }
  }, IDLE_MS);
}

const ready = boot();
ready.then((engine) => self.postMessage({ ready: true, ms: performance.now() - started, stages }),
           (error) => self.postMessage({ failed: String(error) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const engine = await ready;
    clearTimeout(idleTimer);
    const begun = performance.now();
    const response = JSON.parse(engine.handle(JSON.stringify(request)));
    self.postMessage({ id, response, ms: performance.now() - begun });
    snapshotWhenIdle(engine);
  } catch (error) {
    self.postMessage({ id, failed: String(error) });
  }
};
