/* judge: the Resolver page (es/resolver/, cs/resolver/).
 *
 * The situation is one YAML text, the scenario file `judge step` reads: the form writes it, the
 * URL carries it (#s=…), the download saves it and an upload or a shared link reads it. Each
 * change steps it in the engine worker (resolver-worker.js: the judge package itself under
 * Pyodide) and shows what the CLI prints, each cite linked to its paragraph (#pN). The games
 * whose scenario the form does not cover are edited as YAML text.
 */
(function () {
  "use strict";

  var root = document.getElementById("judge-resolver");
  if (!root) return;

  var UI = JSON.parse(root.dataset.ui);
  var LANG = root.dataset.lang;
  var ASSETS = new URL(".", document.currentScript.src).href;
  var SITE = new URL("..", ASSETS).href;
  var DEFAULT_GAME = "agot2";  // judge step's default game
  var WIDTH = 1000;          // the CLI's text unwrapped: the page wraps it with hanging indents

  /* -- the engine worker ------------------------------------------------------------------ */

  var worker = null, waiting = {}, nextId = 0, started = performance.now(), startEngine = null;
  var boot = window.judgeResolverBoot = { calls: [] };
  var engineReady = new Promise(function (resolve, reject) {
    startEngine = function () {
      boot.serviceWorker = performance.now() - started;  // the offline copy is ready (first visit)
      worker = new Worker(ASSETS + "resolver-worker.js", { type: "module" });
      worker.onmessage = function (event) {
        var data = event.data;
        if (data.progress) status(UI.loading[data.progress]);
        else if (data.ready) {
          // for the tests and the benchmark: ms from the page's start, and the worker's own stages
          boot.page = performance.now() - started;
          boot.worker = data.stages;
          resolve();
        }
        else if (data.snapshot) boot.snapshot = data.snapshot;  // saved for the next visit, or why not
        else if (data.id === undefined && data.failed) reject(new Error(data.failed));
        else if (waiting[data.id]) {
          if (boot.calls.length < 5) boot.calls.push(Math.round(data.ms));  // the first answers' ms in the worker
          waiting[data.id](data);
          delete waiting[data.id];
        }
      };
      worker.onerror = function (event) { reject(new Error(event.message)); };
    };
  });

  function call(request) {
    return engineReady.then(function () {
      return new Promise(function (resolve, reject) {
        var id = ++nextId;
        waiting[id] = function (data) { data.failed ? reject(new Error(data.failed)) : resolve(data.response); };
        worker.postMessage({ id: id, request: request });
      });
    });
  }
  window.judgeResolverCall = call;  // for the tests and the benchmark

  /* -- offline: the service worker, and "a new version" ------------------------------------ */

  function offline() {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    return navigator.serviceWorker.register(SITE + "sw.js").then(function (registration) {
      watchUpdates(registration);
      if (navigator.serviceWorker.controller) return;
      // First visit: let the service worker fetch the runtime once and serve the engine from its
      // cache, rather than download it twice (the page's request and the precache's).
      return new Promise(function (resolve) {
        navigator.serviceWorker.addEventListener("controllerchange", resolve);
        var installing = registration.installing;
        if (installing) installing.addEventListener("statechange", function () {
          if (installing.state === "redundant") resolve();
        });
        else resolve();
      });
    }, function () { /* no service worker (not https): the Resolver still works online */ });
  }

  function watchUpdates(registration) {
    function offer(waitingWorker) {
      var bar = el("div", "judge-resolver__update", UI.update + " ");
      var button = el("button", "md-button", UI.reload);
      button.type = "button";
      button.addEventListener("click", function () {
        updating = true;
        waitingWorker.postMessage("skip-waiting");
      });
      bar.appendChild(button);
      root.insertBefore(bar, root.firstChild);
    }
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
    });
    // The new version took over at the visitor's request: show the page it serves.
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (updating) { updating = false; location.reload(); }
    });
  }
  var updating = false;

  /* -- small DOM helpers ------------------------------------------------------------------- */

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function field(label, control, cls) {
    var wrap = el("label", "judge-field" + (cls ? " " + cls : ""));
    wrap.appendChild(el("span", "judge-field__label", label));
    wrap.appendChild(control);
    return wrap;
  }

  function input(name, type) {
    var node = el("input");
    node.name = name;
    node.type = type || "text";
    node.autocomplete = "off";
    node.spellcheck = false;
    return node;
  }

  function select(name, options) {
    var node = el("select");
    node.name = name;
    options.forEach(function (option) {
      var item = el("option", null, option[1]);
      item.value = option[0];
      node.appendChild(item);
    });
    return node;
  }

  /* judge.core.text.fold: case and accents aside, hyphens and underscores as spaces (an id
     typed as it is written finds its trigger). */
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[\s_-]+/g, " ").trim();
  }

  function status(text) { statusLine.textContent = text || ""; }

  /* -- YAML: the scenario file, written from the form -------------------------------------- */

  var PLAIN = /^[\p{L}_][\p{L}\p{N} _.'’-]*$/u;
  var RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;

  function scalar(value) {
    if (value === null) return "null";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    var text = String(value);
    return PLAIN.test(text) && !RESERVED.test(text) && text.trim() === text ? text : JSON.stringify(text);
  }

  function isScalar(value) { return value === null || typeof value !== "object"; }

  /* Written on one line: scalars, and lists or mappings of scalars (and of lists of scalars). */
  function isFlat(value) {
    if (isScalar(value)) return true;
    var inner = Array.isArray(value) ? value : Object.keys(value).map(function (k) { return value[k]; });
    return inner.every(function (v) { return isScalar(v) || (Array.isArray(v) && v.every(isScalar)); });
  }

  function flow(value) {
    if (isScalar(value)) return scalar(value);
    if (Array.isArray(value)) return "[" + value.map(flow).join(", ") + "]";
    return "{" + Object.keys(value).map(function (k) { return scalar(k) + ": " + flow(value[k]); }).join(", ") + "}";
  }

  /* A mapping or a list in block style, as docs/scenarios.md writes scenarios. */
  function blockLines(value, indent) {
    var lines = [];
    if (Array.isArray(value)) {
      value.forEach(function (item) {
        if (isFlat(item)) { lines.push(indent + "- " + flow(item)); return; }
        var inner = blockLines(item, indent + "  ");
        inner[0] = indent + "- " + inner[0].slice(indent.length + 2);
        lines = lines.concat(inner);
      });
      return lines;
    }
    Object.keys(value).forEach(function (key) {
      var item = value[key];
      if (isFlat(item)) lines.push(indent + scalar(key) + ": " + flow(item));
      else lines = lines.concat([indent + scalar(key) + ":"], blockLines(item, indent + "  "));
    });
    return lines;
  }

  function toYaml(scenario) { return blockLines(scenario, "").join("\n") + "\n"; }

  /* -- the URL: #s=<the YAML, base64url> --------------------------------------------------- */

  function encode(text) {
    var bytes = new TextEncoder().encode(text), binary = "";
    bytes.forEach(function (b) { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decode(text) {
    var binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(binary, function (c) { return c.charCodeAt(0); }));
  }

  function fromUrl() {
    var found = /(?:^#|&)s=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (!found) return null;
    try { return decode(found[1]); } catch (e) { return null; }
  }

  /* -- the page ---------------------------------------------------------------------------- */

  var meta = null;       // {games: [...], triggers: {game: [...]}, steps, types, effects}
  var yamlText = "";     // the situation
  var statusLine, form, yamlBox, output, askInput, askOutput, versionLine;

  function build() {
    root.textContent = "";
    statusLine = el("p", "judge-resolver__status", UI.loading.start);
    statusLine.setAttribute("role", "status");
    root.appendChild(statusLine);
    form = el("form", "judge-resolver__form");
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    root.appendChild(form);

    var tools = el("div", "judge-resolver__tools");
    var download = el("button", "md-button", UI.download);
    download.type = "button";
    download.name = "download";
    download.addEventListener("click", saveYaml);
    var upload = input("upload", "file");
    upload.accept = ".yaml,.yml,text/yaml";
    upload.addEventListener("change", function () {
      if (!upload.files.length) return;
      upload.files[0].text().then(function (text) { setYaml(text, true); });
      upload.value = "";  // the same file chosen again is a change too
    });
    var share = el("button", "md-button", UI.share);
    share.type = "button";
    share.name = "share";
    share.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(location.href);
      status(UI.shared);
    });
    tools.appendChild(download);
    tools.appendChild(field(UI.upload, upload, "judge-field--file"));
    tools.appendChild(share);

    output = el("div", "judge-resolver__output");
    output.setAttribute("aria-live", "polite");
    var details = el("details", "judge-resolver__yaml");
    details.appendChild(el("summary", null, UI.yaml));
    yamlBox = el("textarea");
    yamlBox.name = "yaml";
    yamlBox.rows = 12;
    yamlBox.spellcheck = false;
    yamlBox.addEventListener("input", debounce(function () { setYaml(yamlBox.value, true); }, 300));
    details.appendChild(yamlBox);

    root.appendChild(tools);
    root.appendChild(details);
    root.appendChild(el("h2", null, UI.result));
    root.appendChild(output);
    root.appendChild(askBox());
    versionLine = el("p", "judge-resolver__version");
    root.appendChild(versionLine);
  }

  function askBox() {
    var box = el("form", "judge-resolver__ask");
    box.appendChild(el("h2", null, UI.ask));
    askInput = input("question", "search");
    askInput.placeholder = UI.ask_placeholder;
    var button = el("button", "md-button md-button--primary", UI.ask_button);
    button.type = "submit";
    askOutput = el("div", "judge-resolver__output judge-resolver__answer");
    box.appendChild(askInput);
    box.appendChild(button);
    box.appendChild(askOutput);
    box.addEventListener("submit", function (event) {
      event.preventDefault();
      var question = askInput.value.trim();
      if (!question) return;
      // `judge ask` reads the games stepped by the trigger sequence; for another, its default game
      var game = meta && meta.triggers[currentGame()] ? currentGame() : null;
      call({ op: "ask", question: question, lang: "auto", game: game, width: WIDTH })
        .then(function (response) { show(askOutput, response); },
              function (error) { failed(error, askOutput); });
    });
    return box;
  }

  function debounce(fn, ms) {
    var timer = null;
    return function () { clearTimeout(timer); timer = setTimeout(fn, ms); };
  }

  /* -- the form: each game's scenario fields (resolver.yaml `forms`) ----------------------- */

  function currentGame() { return form.elements.game ? form.elements.game.value : DEFAULT_GAME; }

  function gameForm() {
    form.textContent = "";
    var games = select("game", meta.games.map(function (g) { return [g.id, g.title]; }));
    form.appendChild(field(UI.game, games));
    games.addEventListener("change", function () { setYaml(fresh(games.value), true); });
    var fields = el("div", "judge-resolver__fields");
    form.appendChild(fields);
  }

  /* A label from <lang>.fields or a value's from <lang>.choices: by game and path, path, key. */
  function wording(table, ctx, key) {
    var found = table[ctx.game + "." + ctx.path] || table[ctx.path] || table[key];
    return found === undefined ? null : found;
  }

  function fieldLabel(ctx, spec) { return wording(UI.fields, ctx, spec.key) || spec.key; }

  function optionsOf(spec) { return typeof spec.options === "string" ? meta[spec.options] : spec.options || []; }

  function choiceLabel(ctx, spec, value) {
    var table = wording(UI.choices, ctx, spec.key) || {};
    return table[value] !== undefined ? table[value] : String(value);
  }

  function isMapping(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
  function isText(value) { return typeof value === "string"; }
  function isWhole(value) { return typeof value === "number" && Math.floor(value) === value; }
  function isTextList(value) { return Array.isArray(value) && value.every(isText); }

  /* Whether a value read from YAML can be shown by the field (else the YAML box edits it). */
  function fits(spec, value, ctx) {
    switch (spec.kind) {
      case "text": return isText(value) || value === null;
      case "int": return isWhole(value);
      case "bool": return typeof value === "boolean";
      case "choice": return optionsOf(spec).indexOf(value) >= 0;
      case "player": case "step": case "trigger": return isText(value);
      case "names": case "list": case "triggers": return isTextList(value) && value.every(function (v) { return v.indexOf(",") < 0; });
      case "group": return isMapping(value) && fitsAll(spec.fields, value, ctx);
      case "items": return Array.isArray(value) && value.every(function (v) { return isMapping(v) && fitsAll(spec.fields, v, ctx); });
      case "per_player": return isMapping(value) && Object.keys(value).every(function (k) {
        return Array.isArray(value[k]) && value[k].length && value[k].every(function (v) { return fits(spec.item, v, ctx); });
      });
      case "action": return fitsAction(spec, value, ctx);
    }
    return false;
  }

  function fitsAll(fields, mapping, ctx) {
    var known = {};
    fields.forEach(function (f) { known[f.key] = f; });
    return Object.keys(mapping).every(function (key) { return known[key] && fits(known[key], mapping[key], ctx); });
  }

  function fitsAction(spec, value, ctx) {
    if (isText(value)) return spec.bare.indexOf(value) >= 0;
    if (!isMapping(value)) return false;
    var verb = spec.verbs.filter(function (v) { return spec.bare.indexOf(v) < 0 && isText(value[v]); })[0];
    if (!verb) return false;
    var rest = Object.assign({}, value);
    delete rest[verb];
    return fitsAll((spec.extra || {})[verb] || [], rest, ctx) &&
      ((spec.extra || {})[verb] || []).every(function (f) { return !f.required || f.key in rest; });
  }

  /* An editor: {node, read()}; read() gives the field's value, or undefined when it is left out.
     A field the loaded file gave with the value it means when left out (attach_to: null,
     script: {}, unique: false) keeps it, so a file loaded and saved again is the same file. */
  function editor(spec, value, present, ctx) {
    var made = EDITORS[spec.kind](spec, value, ctx);
    var kept = present && made.read() === undefined ? value : undefined;
    made.own = made.read;  // what the form holds, without the file's own defaults
    made.read = function () { var v = made.own(); return v === undefined ? kept : v; };
    return made;
  }

  function labelled(spec, ctx, control, cls) {
    var node = field(fieldLabel(ctx, spec), control, cls);
    node.dataset.key = spec.key;
    return node;
  }

  function commaList(text) { return text.split(",").map(function (t) { return t.trim(); }).filter(Boolean); }

  var EDITORS = {
    text: function (spec, value, ctx) {
      var box = input(spec.key);
      box.value = value === undefined || value === null ? "" : value;
      if (spec.options) box.setAttribute("list", datalist(spec.options.map(function (o) { return [o, choiceLabel(ctx, spec, o)]; })));
      return { node: labelled(spec, ctx, box), read: function () { return box.value.trim() || undefined; } };
    },
    int: function (spec, value, ctx) {
      var box = input(spec.key, "number");
      if (spec.min !== undefined) box.min = spec.min;
      box.value = value === undefined ? "" : value;
      return { node: labelled(spec, ctx, box, "judge-field--short"), read: function () {
        return box.value.trim() === "" || isNaN(Number(box.value)) ? undefined : Number(box.value);
      } };
    },
    bool: function (spec, value, ctx) {
      var box = input(spec.key, "checkbox");
      var fallback = spec.default === true;
      box.checked = value === undefined ? fallback : value;
      return { node: labelled(spec, ctx, box, "judge-field--check"), read: function () {
        return box.checked === fallback ? undefined : box.checked;
      } };
    },
    choice: function (spec, value, ctx) {
      var options = optionsOf(spec).map(function (o) { return [String(o), choiceLabel(ctx, spec, o)]; });
      if (!spec.required) options.unshift(["", spec.default !== undefined ? UI.by_default + " (" + choiceLabel(ctx, spec, spec.default) + ")" : "—"]);
      var box = select(spec.key, options);
      box.value = value === undefined ? (spec.required ? String(optionsOf(spec)[0]) : "") : String(value);
      return { node: labelled(spec, ctx, box), read: function () {
        var chosen = optionsOf(spec).filter(function (o) { return String(o) === box.value; });
        return chosen.length ? chosen[0] : undefined;
      } };
    },
    player: function (spec, value, ctx) {
      var box = select(spec.key, []);
      box.dataset.kind = "player";
      box.dataset.value = value || "";
      box.dataset.empty = spec.required ? "" : wording(UI.empty, ctx, spec.key) || "—";
      return { node: labelled(spec, ctx, box), read: function () { return box.value || undefined; } };
    },
    names: function (spec, value, ctx) {
      var box = input(spec.key);
      box.value = (value || []).join(", ");
      box.placeholder = UI.default_players.join(", ");
      ctx.names = function () { return commaList(box.value); };
      return { node: labelled(spec, ctx, box, "judge-field--wide"), read: function () {
        return box.value.trim() ? commaList(box.value) : undefined;
      } };
    },
    list: function (spec, value, ctx) {
      var box = input(spec.key);
      box.value = (value || []).join(", ");
      if (spec.options) {
        box.placeholder = spec.options.join(", ");
        box.title = spec.options.map(function (o) { return o + ": " + choiceLabel(ctx, spec, o); }).join("\n");
      }
      return { node: labelled(spec, ctx, box, "judge-field--wide"), read: function () {
        return box.value.trim() ? commaList(box.value) : undefined;
      } };
    },
    triggers: function (spec, value, ctx) { return EDITORS.list(spec, value, ctx); },
    step: function (spec, value, ctx) {
      var box = input(spec.key);
      box.value = value || "";
      box.setAttribute("list", datalist((meta.steps[ctx.game] || []).map(function (s) { return [s.id, s.title]; })));
      return { node: labelled(spec, ctx, box), read: function () { return box.value.trim() || undefined; } };
    },
    trigger: function (spec, value, ctx) {
      var picker = triggerPicker(spec.key, value || "", meta.triggers[ctx.game] || [],
                                 wording(UI.empty, ctx, spec.key) || UI.type_to_find);
      return { node: labelled(spec, ctx, picker, "judge-field--wide"), read: function () {
        return picker.dataset.value || undefined;
      } };
    },
    group: function (spec, value, ctx) {
      var box = el("fieldset", "judge-group");
      box.dataset.key = spec.key;
      box.appendChild(el("legend", null, fieldLabel(ctx, spec)));
      var inner = editors(spec.fields, value || {}, box, ctx);
      // a group the form leaves empty is left out, even if the file gave some of its defaults
      return { node: box, read: function () {
        return inner.some(function (e) { return e.own() !== undefined; }) ? readAll(inner) : undefined;
      } };
    },
    items: function (spec, value, ctx) { return itemList(spec, value || [], ctx); },
    per_player: function (spec, value, ctx) { return perPlayer(spec, value || {}, ctx); },
    action: function (spec, value, ctx) { return actionRow(spec, value, ctx); },
  };

  /* The fields of a mapping into `parent`: editors by key. */
  function editors(fields, mapping, parent, ctx) {
    var more = null;  // the fields marked `more`, folded away unless the scenario gives one
    var made = fields.map(function (spec) {
      var sub = Object.assign({}, ctx, { path: ctx.path ? ctx.path + "." + spec.key : spec.key });
      var one = editor(spec, mapping[spec.key], spec.key in mapping, sub);
      if (spec.kind === "names" || (spec.kind === "items" && spec.names)) ctx.root.names = sub.names;
      if (spec.more && !more) {
        more = el("details", "judge-more");
        more.appendChild(el("summary", null, UI.more));
      }
      if (spec.more && spec.key in mapping) more.open = true;
      (spec.more ? more : parent).appendChild(one.node);
      return { key: spec.key, read: one.read, own: one.own };
    });
    if (more) parent.appendChild(more);
    return made;
  }

  function readAll(inner) {
    var out = {}, any = false;
    inner.forEach(function (e) {
      var v = e.read();
      if (v !== undefined) { out[e.key] = v; any = true; }
    });
    return any ? out : undefined;
  }

  function datalist(options) {
    var list = el("datalist");
    list.id = "judge-list-" + (++lists);
    options.forEach(function (o) {
      var item = el("option");
      item.value = o[0];
      item.label = o[1];
      list.appendChild(item);
    });
    listsParent.appendChild(list);
    return list.id;
  }
  var lists = 0, listsParent = null;

  function button(name, text, cls) {
    var node = el("button", "md-button" + (cls ? " " + cls : ""), text);
    node.type = "button";
    node.name = name;
    return node;
  }

  /* A list of mappings (abilities, triggers, support, players, cards in Shadows…): one fieldset
     each, added and removed with buttons. */
  function itemList(spec, values, ctx) {
    var box = el("div", "judge-items");
    box.dataset.key = spec.key;
    box.appendChild(el("h3", null, fieldLabel(ctx, spec)));
    var rows = [];
    var add = button("add-" + spec.key, wording(UI.add, ctx, spec.key) || UI.add_ability);
    function addRow(value) {
      var row = el("fieldset", "judge-item");
      row.dataset.key = spec.key;
      var inner = editors(spec.fields, value, row, ctx);
      var remove = button("remove", UI.remove, "judge-item__remove");
      var entry = { row: row, inner: inner };
      remove.addEventListener("click", function () {
        row.remove();
        rows.splice(rows.indexOf(entry), 1);
        ctx.root.changed();
      });
      row.appendChild(remove);
      box.insertBefore(row, add);
      rows.push(entry);
    }
    box.appendChild(add);
    values.forEach(addRow);
    if (spec.names) ctx.names = function () {
      return rows.map(function (r) { return r.row.querySelector(":scope > [data-key=" + spec.names + "] input").value.trim(); })
        .filter(Boolean);
    };
    add.addEventListener("click", function () {
      var fresh = Object.assign({}, spec.new || {});
      spec.fields.forEach(function (f) {
        if (f.kind === "player" && f.required) fresh[f.key] = ctx.root.names()[0];
        if (f.kind === "text" && f.required && fresh[f.key] === undefined) fresh[f.key] = wording(UI.new_value, ctx, f.key) || UI.new_card;
      });
      addRow(fresh);
      ctx.root.changed();
    });
    return { node: box, read: function () {
      return rows.length ? rows.map(function (r) { return readAll(r.inner) || {}; }) : undefined;
    } };
  }

  /* For each player, a list (gp's script: what they do each time they hold priority). */
  function perPlayer(spec, values, ctx) {
    var box = el("div", "judge-items");
    box.dataset.key = spec.key;
    box.appendChild(el("h3", null, fieldLabel(ctx, spec)));
    var sections = {};
    function section(name) {
      if (sections[name]) return sections[name];
      var part = el("fieldset", "judge-item judge-player-list");
      part.dataset.player = name;
      part.appendChild(el("legend", null, name));
      var entry = { part: part, rows: [] };
      var add = button("add-" + spec.key, wording(UI.add, ctx, spec.key) || UI.add_ability);
      entry.add = function (value) {
        var row = el("div", "judge-item__row");
        var made = editor(spec.item, value, true, ctx);
        var remove = button("remove", UI.remove, "judge-item__remove");
        var item = { row: row, read: made.read };
        remove.addEventListener("click", function () {
          row.remove();
          entry.rows.splice(entry.rows.indexOf(item), 1);
          ctx.root.changed();
        });
        row.appendChild(made.node);
        row.appendChild(remove);
        part.insertBefore(row, add);
        entry.rows.push(item);
      };
      add.addEventListener("click", function () { entry.add(spec.item.bare[0]); ctx.root.changed(); });
      part.appendChild(add);
      box.appendChild(part);
      sections[name] = entry;
      return entry;
    }
    Object.keys(values).forEach(function (name) { values[name].forEach(section(name).add); });
    ctx.root.onNames.push(function (names) {
      names.forEach(section);
      Object.keys(sections).forEach(function (name) {  // a player no longer playing, with nothing to do
        if (names.indexOf(name) < 0 && !sections[name].rows.length) { sections[name].part.remove(); delete sections[name]; }
      });
      names.concat(Object.keys(sections)).forEach(function (name) { box.appendChild(sections[name].part); });
    });
    return { node: box, read: function () {
      var out = {}, any = false;
      Object.keys(sections).forEach(function (name) {
        if (sections[name].rows.length) {
          out[name] = sections[name].rows.map(function (r) { return r.read(); });
          any = true;
        }
      });
      return any ? out : undefined;
    } };
  }

  /* One action: a bare word (pass), or {VERB: NAME, ...the verb's extra fields}. */
  function actionRow(spec, value, ctx) {
    var row = el("div", "judge-action");
    var verb = isText(value) ? value : spec.verbs.filter(function (v) { return isMapping(value) && v in value; })[0];
    var verbs = select("verb", spec.verbs.map(function (v) { return [v, choiceLabel(ctx, { key: "verb" }, v)]; }));
    verbs.value = verb || spec.bare[0];
    var name = input("name");
    name.value = isMapping(value) ? value[verb] : "";
    var extras = el("span", "judge-action__extra");
    var inner = [];
    function showVerb() {
      var rest = isMapping(value) && verbs.value === verb ? value : {};
      extras.textContent = "";
      inner = editors((spec.extra || {})[verbs.value] || [], rest, extras, ctx);
      nameField.hidden = spec.bare.indexOf(verbs.value) >= 0;
    }
    var nameField = field(UI.fields.name || "name", name);
    verbs.addEventListener("change", showVerb);
    showVerb();
    row.appendChild(field(UI.fields.verb || "verb", verbs));
    row.appendChild(nameField);
    row.appendChild(extras);
    return { node: row, read: function () {
      if (spec.bare.indexOf(verbs.value) >= 0) return verbs.value;
      var out = {};
      out[verbs.value] = name.value.trim();
      return Object.assign(out, readAll(inner) || {});
    } };
  }

  /* The form of a scenario of `game`: every change writes the YAML and steps it. */
  function situationForm(game, scenario) {
    var fields = el("div", "judge-resolver__fields");
    fields.dataset.game = game;
    form.querySelector(".judge-resolver__fields").replaceWith(fields);
    listsParent = fields;
    var root = { game: game, path: "", onNames: [], names: function () { return []; } };
    root.root = root;
    root.changed = function () { refreshPlayers(root); setYaml(toYaml(readScenario(game, scenario, inner)), false); };
    var inner = editors(UI.forms[game], scenario, fields, root);
    refreshPlayers(root);
    fields.addEventListener("change", root.changed);
    fields.addEventListener("input", debounce(root.changed, 300));
  }

  function readScenario(game, loaded, inner) {
    var out = loaded.game !== undefined || game !== DEFAULT_GAME ? { game: game } : {};
    var lang = loaded.lang !== undefined ? loaded.lang : stepLang(game);
    if (lang) out.lang = lang;
    return Object.assign(out, readAll(inner) || {});
  }

  /* Every player list follows the players' names (a name not among them stays, so that the
     step says what is wrong). */
  function refreshPlayers(root) {
    var names = root.names();
    root.onNames.forEach(function (follow) { follow(names); });
    form.querySelectorAll("select[data-kind=player]").forEach(function (node) {
      var value = node.options.length ? node.value : node.dataset.value;
      var options = (node.dataset.empty ? [["", node.dataset.empty]] : []).concat(names.map(function (n) { return [n, n]; }));
      if (value && names.indexOf(value) < 0) options.push([value, value]);
      node.textContent = "";
      options.forEach(function (o) { var item = el("option", null, o[1]); item.value = o[0]; node.appendChild(item); });
      node.value = value || (options.length ? options[0][0] : "");
    });
  }

  function gameOf(text) {
    var found = /^game:\s*["']?([\w-]+)/m.exec(text);
    return found ? found[1] : DEFAULT_GAME;
  }

  /* The language the page steps a game in: the page's, when the game's rules are printed in it. */
  function stepLang(game) {
    var found = meta && meta.games.filter(function (g) { return g.id === game; })[0];
    return !found || found.langs.indexOf(LANG) >= 0 ? LANG : null;
  }

  /* A triggering condition chosen by typing: its id or its title in either language, accents
     and case aside. The chosen id is in dataset.value (what the YAML says). */
  function triggerPicker(name, value, triggers, placeholder) {
    var wrap = el("span", "judge-picker");
    var box = input(name + "-search", "search");
    var list = el("ul", "judge-picker__list");
    wrap.dataset.value = value || "";
    wrap.setAttribute("name", name);
    var byId = {};
    triggers.forEach(function (t) { byId[t.id] = t; });
    box.placeholder = placeholder;
    box.value = value ? label(byId[value], value) : "";
    function label(t, id) { return t ? t.title + " (" + t.id + ")" : id; }
    function choose(id) {
      wrap.dataset.value = id;
      box.value = id ? label(byId[id], id) : "";
      list.textContent = "";
      wrap.dispatchEvent(new Event("change", { bubbles: true }));
    }
    box.addEventListener("input", function (event) {
      event.stopPropagation();
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      list.textContent = "";
      if (!box.value.trim()) { choose(""); return; }
      triggers.filter(function (t) {
        return words.every(function (w) { return t.search.indexOf(w) >= 0; });
      }).slice(0, 8).forEach(function (t) {
        var item = el("li");
        var option = el("button", "judge-picker__option", label(t));
        option.type = "button";
        option.dataset.id = t.id;
        option.addEventListener("click", function () { choose(t.id); });
        item.appendChild(option);
        list.appendChild(item);
      });
    });
    box.addEventListener("change", function (event) { event.stopPropagation(); });
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        var first = list.querySelector("button");
        if (first) choose(first.dataset.id);
      }
    });
    wrap.appendChild(box);
    wrap.appendChild(list);
    return wrap;
  }

  /* -- the YAML, the form and the result ---------------------------------------------------- */

  var stepping = 0, shown = 0;

  /* A new situation. `fill`: it came from outside the form (upload, URL, the YAML box). */
  function setYaml(text, fill) {
    yamlText = text;
    if (yamlBox.value !== text) yamlBox.value = text;
    history.replaceState(null, "", "#s=" + encode(text));
    var mine = ++stepping;
    output.dataset.pending = String(mine);  // the output shows step `data-stepped` (for the tests)
    var stepped = call({ op: "step", scenario: text, file: "scenario.yaml", lang: stepLang(gameOf(text)), width: WIDTH });
    var parsed = fill ? call({ op: "parse", scenario: text }) : Promise.resolve(null);
    return Promise.all([stepped, parsed]).then(function (results) {
      if (mine !== stepping) return;
      show(output, results[0]);
      output.dataset.stepped = String(mine);
      if (results[1]) fillForm(results[1].json);
    }, function (error) { failed(error, output); });
  }

  /* The loaded scenario into its game's form, or, when a value does not fit the form, a hint
     to edit it in the YAML box (whose step shows the CLI's message). */
  function fillForm(parsed) {
    var scenario = parsed && parsed.scenario;
    var game = scenario && isText(scenario.game) ? scenario.game : DEFAULT_GAME;
    var fields = UI.forms[game];
    var ctx = { game: game, path: "" };
    var ok = scenario && fields && (scenario.game === undefined || isText(scenario.game)) &&
      (scenario.lang === undefined || isText(scenario.lang)) &&
      fitsAll(fields, withoutKeys(scenario, ["game", "lang"]), ctx);
    if (form.elements.game.querySelector("option[value='" + game + "']")) form.elements.game.value = game;
    if (!ok) {
      var hint = el("div", "judge-resolver__fields");
      hint.appendChild(el("p", "judge-resolver__hint", fields ? UI.fix_yaml : UI.edit_yaml));
      form.querySelector(".judge-resolver__fields").replaceWith(hint);
      form.closest(".judge-resolver").querySelector(".judge-resolver__yaml").open = true;
      return;
    }
    situationForm(game, scenario);
  }

  function withoutKeys(mapping, keys) {
    var out = Object.assign({}, mapping);
    keys.forEach(function (k) { delete out[k]; });
    return out;
  }

  /* A new situation of `game`: the card game's two players and a trigger, or the game's example
     of docs/scenarios.md. */
  function fresh(game) {
    if (game !== DEFAULT_GAME) return UI.samples[game] || "game: " + game + "\n";
    var scenario = { game: game, lang: LANG, players: UI.default_players.slice(), trigger: UI.default_trigger };
    return toYaml(scenario);
  }

  /* The CLI's output (or its error), line by line, each cite a link to its paragraph. */
  function show(target, response) {
    target.textContent = "";
    target.dataset.stamp = String(++shown);
    target.dataset.exitCode = response.exit_code;
    target.classList.toggle("judge-resolver__output--error", response.exit_code === 2 || response.exit_code === "error");
    if (response.json) target.dataset.json = JSON.stringify(response.json);
    else delete target.dataset.json;
    var text = response.error || response.text;
    var linker = citeLinker(response.cites || []);
    text.replace(/\n$/, "").split("\n").forEach(function (line) {
      var indent = line.length - line.trimStart().length;
      var row = el("div", "judge-line");
      row.style.setProperty("--indent", indent);
      linker(row, line.trimStart());
      target.appendChild(row);
    });
    status(response.exit_code === 2 ? "" : UI.ready);
  }

  function citeLinker(cites) {
    var byTerm = {};
    cites.forEach(function (c) { byTerm[c.term] = c; });
    var terms = Object.keys(byTerm).sort(function (a, b) { return b.length - a.length; });
    if (!terms.length) return function (row, line) { row.textContent = line; };
    var escape = function (t) { return t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); };
    var pattern = new RegExp("(" + terms.map(escape).join("|") + ") ((?:¶\\d+(?: \\([^)]*\\))?(?:, )?)+)", "g");
    return function (row, line) {
      var last = 0, found;
      pattern.lastIndex = 0;
      while ((found = pattern.exec(line))) {
        row.appendChild(document.createTextNode(line.slice(last, found.index) + found[1] + " "));
        var cite = byTerm[found[1]];
        found[2].split(/(¶\d+)/).forEach(function (part) {
          var para = /^¶(\d+)$/.exec(part);
          if (!para) { row.appendChild(document.createTextNode(part)); return; }
          var link = el("a", "judge-cite-link", part);
          link.href = SITE + cite.lang + "/" + cite.game + "/" + cite.id + "/#p" + para[1];
          link.title = cite.term + " " + part;
          row.appendChild(link);
        });
        last = found.index + found[0].length;
      }
      row.appendChild(document.createTextNode(line.slice(last)));
    };
  }

  function saveYaml() {
    var link = el("a");
    link.href = URL.createObjectURL(new Blob([yamlText], { type: "text/yaml" }));
    link.download = "scenario.yaml";
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  /* The engine itself failed (not a bad input: that is the CLI's message, shown as output). */
  function failed(error, target) {
    status(UI.failed + " " + error.message);
    if (target) show(target, { exit_code: "error", error: UI.failed + " " + error.message, cites: [] });
  }

  /* -- start ------------------------------------------------------------------------------- */

  build();
  offline().then(function () {
    startEngine();
    return call({ op: "meta", lang: LANG });
  }).then(function (response) {
    meta = response.json;
    versionLine.textContent = UI.version + " judge " + UI.about.version + " · " + UI.about.built +
      " · " + UI.about.data;
    gameForm();
    return setYaml(fromUrl() || fresh(DEFAULT_GAME), true);
  }).catch(failed);
})();
