// judge: compile the engine bundle's Python sources to bytecode with Pyodide's own Python, so the
// browser imports .pyc of its exact version (the build's CPython may be another).
// usage: node bytecode.mjs PYODIDE_DIR SOURCES.zip OUT.zip
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, sources, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.FS.writeFile("/tmp/sources.zip", readFileSync(sources));
pyodide.runPython(`
import compileall, os, zipfile

zipfile.ZipFile("/tmp/sources.zip").extractall("/tmp/src")
if not compileall.compile_dir("/tmp/src", legacy=True, quiet=1):
    raise SystemExit("a source file does not compile")
with zipfile.ZipFile("/tmp/engine.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for folder, dirs, files in sorted(os.walk("/tmp/src")):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                continue  # its .pyc stands beside it (legacy layout: imported without the source)
            path = os.path.join(folder, name)
            info = zipfile.ZipInfo(os.path.relpath(path, "/tmp/src"), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                out.writestr(info, f.read())
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/engine.zip"));
