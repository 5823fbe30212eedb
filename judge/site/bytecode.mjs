// judge: compile the Resolver's Python with Pyodide's own Python, so the browser imports .pyc of
// its exact version (the build's CPython may be another) and compiles no source while it boots.
// usage: node bytecode.mjs PYODIDE_DIR SOURCES.zip SETTINGS.json ENGINE.tar.gz STDLIB.zip
//
// - ENGINE.tar.gz: the sources' bytecode (legacy layout: imported without the source) and their
//   data files; one gzip stream, unpacked by the worker in one pass.
// - STDLIB.zip: Pyodide's python_stdlib.zip with every module the engine can import compiled to
//   bytecode (docstrings and asserts left out, as python -OO, but in SETTINGS.keep_docstrings: Pyodide's
//   own, which reads them), the modules the browser never runs
//   (SETTINGS.left_out) removed, the sources of modules nothing imports removed but those in
//   SETTINGS.sources_kept, and the rest as Pyodide ships it. Pyodide's own zip holds only
//   sources: compiling them at each boot was most of the first answer's time.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, sources, settings, engineOut, stdlibOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.FS.writeFile("/tmp/sources.zip", new Uint8Array(readFileSync(sources)));
pyodide.FS.writeFile("/tmp/settings.json", readFileSync(settings, "utf8"));
try {
  pyodide.runPython(`
import ast, compileall, importlib, importlib._bootstrap_external as external, io, json, os, pkgutil, sys
import tarfile, zipfile

settings = json.load(open("/tmp/settings.json"))
zipfile.ZipFile("/tmp/sources.zip").extractall("/tmp/src")
if not compileall.compile_dir("/tmp/src", legacy=True, quiet=1):
    raise SystemExit("a source file does not compile")
with tarfile.open("/tmp/engine.tar.gz", "w:gz", compresslevel=9, format=tarfile.USTAR_FORMAT) as out:
    for folder, dirs, files in sorted(os.walk("/tmp/src")):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                continue  # its .pyc stands beside it
            path = os.path.join(folder, name)
            info = out.gettarinfo(path, os.path.relpath(path, "/tmp/src"))
            info.mtime, info.uid, info.gid, info.uname, info.gname, info.mode = 0, 0, 0, "", "", 0o644
            with open(path, "rb") as f:
                out.addfile(info, f)

# Every module the engine can import: each module of the bundle, and each name an import
# statement in it names (the engine imports many modules inside functions).
sys.path.insert(0, "/tmp/src")
names = set()
for root in settings["roots"]:
    package = importlib.import_module(root)
    names |= {info.name for info in pkgutil.walk_packages(package.__path__, root + ".")}
def skipped(module):
    return module.split(".")[:2] in [list(pair) for pair in settings["not_imported"]]

for folder, dirs, files in os.walk("/tmp/src"):
    for name in files:
        module = os.path.relpath(os.path.join(folder, name[:-3]), "/tmp/src").replace("/", ".")
        if name.endswith(".py") and not skipped(module):
            for node in ast.walk(ast.parse(open(os.path.join(folder, name), "rb").read())):
                if isinstance(node, ast.Import):
                    names |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
for name in sorted(names):
    if skipped(name):
        continue
    try:
        importlib.import_module(name)
    except BaseException:  # a module of another platform, an optional dependency
        pass
stdlib = next(p for p in sys.path if p.endswith(".zip"))
used = {m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(stdlib + "/")}
left_out = tuple(settings["left_out"])
kept = tuple(settings["sources_kept"])
clash = sorted(name for name in used if name.startswith(left_out))
if clash:
    raise SystemExit(f"the engine imports what the stdlib zip leaves out: {clash}")

with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in source.infolist():
        name, data = info.filename, source.read(info)
        if name.startswith(left_out) or (name.endswith(".py") and name not in used and not name.startswith(kept)):
            continue
        if name in used:
            level = 0 if name.startswith(tuple(settings["keep_docstrings"])) else 2
            code = compile(data, f"{stdlib}/{name}", "exec", dont_inherit=True, optimize=level)
            name, data = name + "c", bytes(external._code_to_timestamp_pyc(code, 0, len(data)))
        entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, data)
print(f"{len(used)} stdlib modules compiled", file=sys.stderr)
`);
} catch (error) {  // Python's traceback alone (Node would print the whole minified runtime)
  process.stderr.write(String(error.message).slice(-2000) + "\n");
  process.exit(1);
}
writeFileSync(engineOut, pyodide.FS.readFile("/tmp/engine.tar.gz"));
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib.zip"));
