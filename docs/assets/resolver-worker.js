/* judge: the Resolver's engine, in a Web Worker so the page stays responsive.
 *
 * Pyodide (npm `pyodide`, served from assets/pyodide/) runs the judge package itself: the engine
 * bundle (engine.zip: the package's bytecode, compiled at build time by Pyodide's own Python,
 * with click, PyYAML's pure-Python part and snowballstemmer) and the compiled catalogue
 * (catalogue.pickle: the glossary, frameworks and triggers loaded at build time, no YAML to
 * parse). Every request goes to judge.service.handle_json, the code path of the CLI's commands,
 * as JSON in and JSON out, so the page shows what the CLI prints.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const progress = (stage) => self.postMessage({ progress: stage });

async function boot() {
  const started = performance.now();
  const stages = {};
  const mark = (name) => { stages[name] = Math.round(performance.now() - started); };
  progress("runtime");
  const [pyodide, bundle, catalogue] = await Promise.all([
    // packageBaseUrl: never the CDN Pyodide falls back to (no package is loaded beyond the bundle)
    loadPyodide({ indexURL: here("./pyodide/"), packageBaseUrl: here("./pyodide/"), fullStdLib: false })
      .then((loaded) => { mark("runtime"); return loaded; }),
    fetch(here("./resolver/engine.zip")).then(bytes),
    fetch(here("./resolver/catalogue.pickle")).then(bytes),
  ]);
  progress("engine");
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/judge-bundle" });
  pyodide.FS.writeFile("/judge-bundle/catalogue.pickle", new Uint8Array(catalogue));
  pyodide.runPython(
    "import sys\nsys.path.insert(0, '/judge-bundle')\n" +
    "from judge import service\nservice.use_catalogue('/judge-bundle/catalogue.pickle')\n" +
    "service.workdir('/home/pyodide/scenarios')");
  mark("engine");
  const handle = pyodide.pyimport("judge.service").handle_json;
  return { handle, ms: performance.now() - started, stages };
}

function bytes(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

const ready = boot();
ready.then((engine) => self.postMessage({ ready: true, ms: engine.ms, stages: engine.stages }),
           (error) => self.postMessage({ failed: String(error) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const engine = await ready;
    const started = performance.now();
    const response = JSON.parse(engine.handle(JSON.stringify(request)));
    self.postMessage({ id, response, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, failed: String(error) });
  }
};
