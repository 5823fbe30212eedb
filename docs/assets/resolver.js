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
  var FORM_GAME = "agot2";  // the game whose scenario the form edits field by field
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

  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function status(text) { statusLine.textContent = text || ""; }

  /* -- YAML: the scenario file, written from the form -------------------------------------- */

  var PLAIN = /^[\p{L}_][\p{L}\p{N} _.'’-]*$/u;
  var RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;

  function scalar(value) {
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    var text = String(value);
    return PLAIN.test(text) && !RESERVED.test(text) && text.trim() === text ? text : JSON.stringify(text);
  }

  function flowList(values) { return "[" + values.map(scalar).join(", ") + "]"; }

  function flowMap(pairs) {
    return "{" + pairs.map(function (pair) { return pair[0] + ": " + scalar(pair[1]); }).join(", ") + "}";
  }

  /* The form's situation as the scenario file: only what differs from the defaults. */
  function toYaml(s) {
    var lines = ["game: " + scalar(s.game)];
    if (s.format === "melee") lines.push("format: melee");
    lines.push("lang: " + LANG);
    lines.push("players: " + flowList(s.players));
    if (s.first_player) lines.push("first_player: " + scalar(s.first_player));
    if (s.new_first_player) lines.push("new_first_player: " + scalar(s.new_first_player));
    if (s.active) lines.push("active: " + scalar(s.active));
    if (s.at) lines.push("at: " + scalar(s.at));
    if (s.trigger) lines.push("trigger: " + scalar(s.trigger));
    if (s.occurrences && s.occurrences !== 1) lines.push("occurrences: " + s.occurrences);
    if (s.shared_with.length) lines.push("shared_with: " + flowList(s.shared_with));
    if (s.arises === false) lines.push("arises: false");
    if (s.abilities.length) {
      lines.push("abilities:");
      s.abilities.forEach(function (a) {
        var pairs = [["card", a.card], ["controller", a.controller], ["type", a.type]];
        if (a.would) pairs.push(["would", true]);
        if (a.effect && a.effect !== "none") pairs.push(["effect", a.effect]);
        if (a.trigger) pairs.push(["trigger", a.trigger]);
        if (a.creates) pairs.push(["creates", a.creates]);
        if (a.target) pairs.push(["target", Number(a.target)]);
        if (a.passes) pairs.push(["passes", Number(a.passes)]);
        if (a.keyword) pairs.push(["keyword", a.keyword]);
        lines.push("  - " + flowMap(pairs));
      });
    }
    return lines.join("\n") + "\n";
  }

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

  /* -- the form (agot2) --------------------------------------------------------------------- */

  function currentGame() { return form.elements.game ? form.elements.game.value : FORM_GAME; }

  function gameForm() {
    form.textContent = "";
    var games = select("game", meta.games.map(function (g) { return [g.id, g.title]; }));
    form.appendChild(field(UI.game, games));
    games.addEventListener("change", function () {
      var game = games.value;
      setYaml(game === FORM_GAME ? toYaml(blank()) : UI.samples[game] || "game: " + game + "\n", true);
    });
    var fields = el("div", "judge-resolver__fields");
    form.appendChild(fields);
  }

  function blank() {
    return { game: FORM_GAME, format: "joust", players: UI.default_players.slice(), first_player: "",
             new_first_player: "", active: "", at: "", trigger: UI.default_trigger, occurrences: 1, shared_with: [],
             arises: true, abilities: [] };
  }

  /* The form for a situation of the card game; every change writes the YAML and steps it. */
  function situationForm(s) {
    var fields = form.querySelector(".judge-resolver__fields");
    fields.textContent = "";
    var changed = function () { setYaml(toYaml(read()), false); };

    var format = select("format", [["joust", UI.joust], ["melee", UI.melee]]);
    format.value = s.format;
    var players = input("players");
    players.value = s.players.join(", ");
    players.placeholder = "Ana, Bruno";
    var first = select("first_player", []);
    var newFirst = select("new_first_player", []);
    var active = select("active", []);
    var at = input("at");
    at.value = s.at;
    at.setAttribute("list", "judge-steps");
    var steps = el("datalist");
    steps.id = "judge-steps";
    (meta.steps[FORM_GAME] || []).forEach(function (step) {
      var option = el("option");
      option.value = step.id;
      option.label = step.title;
      steps.appendChild(option);
    });
    var trigger = triggerPicker("trigger", s.trigger, changed);
    var occurrences = input("occurrences", "number");
    occurrences.min = 1;
    occurrences.value = s.occurrences;
    var shared = input("shared_with");
    shared.value = s.shared_with.join(", ");
    var arises = input("arises", "checkbox");
    arises.checked = s.arises !== false;

    fields.appendChild(field(UI.format, format));
    fields.appendChild(field(UI.players, players));
    fields.appendChild(field(UI.first_player, first));
    fields.appendChild(field(UI.active, active));
    fields.appendChild(field(UI.new_first_player, newFirst));
    fields.appendChild(field(UI.at, at));
    fields.appendChild(steps);
    fields.appendChild(field(UI.trigger, trigger, "judge-field--wide"));
    fields.appendChild(field(UI.occurrences, occurrences));
    fields.appendChild(field(UI.shared_with, shared));
    fields.appendChild(field(UI.arises, arises, "judge-field--check"));

    var list = el("div", "judge-resolver__abilities");
    list.appendChild(el("h3", null, UI.abilities));
    fields.appendChild(list);
    var add = el("button", "md-button", UI.add_ability);
    add.type = "button";
    add.name = "add-ability";
    fields.appendChild(add);

    function names() {
      return players.value.split(",").map(function (p) { return p.trim(); }).filter(Boolean);
    }
    function fillPlayers(node, value, empty) {
      var options = (empty ? [["", empty]] : []).concat(names().map(function (n) { return [n, n]; }));
      node.textContent = "";
      options.forEach(function (o) { var item = el("option", null, o[1]); item.value = o[0]; node.appendChild(item); });
      node.value = value && names().indexOf(value) >= 0 ? value : options.length ? options[0][0] : "";
    }
    function refreshPlayers() {
      fillPlayers(first, first.value || s.first_player, UI.default_first);
      fillPlayers(newFirst, newFirst.value || s.new_first_player, UI.unchanged);
      fillPlayers(active, active.value || s.active, UI.default_active);
      list.querySelectorAll("select[name=controller]").forEach(function (node) {
        fillPlayers(node, node.value || node.dataset.value, null);
      });
    }

    function abilityRow(a) {
      var row = el("fieldset", "judge-ability");
      var card = input("card");
      card.value = a.card || "";
      var controller = select("controller", []);
      controller.dataset.value = a.controller || "";
      var type = select("type", meta.types.map(function (t) { return [t, UI.types[t] || t]; }));
      type.value = a.type || "reaction";
      var would = input("would", "checkbox");
      would.checked = !!a.would;
      var effect = select("effect", meta.effects.map(function (e) { return [e, UI.effects[e] || e]; }));
      effect.value = a.effect || "none";
      var answers = triggerPicker("trigger", a.trigger || "", changed, UI.same_trigger);
      var creates = triggerPicker("creates", a.creates || "", changed, UI.nothing);
      var target = input("target", "number");
      target.min = 1;
      target.value = a.target || "";
      var passes = input("passes", "number");
      passes.min = 0;
      passes.value = a.passes || "";
      var keyword = input("keyword");
      keyword.value = a.keyword || "";
      var remove = el("button", "md-button judge-ability__remove", UI.remove);
      remove.type = "button";
      remove.addEventListener("click", function () { row.remove(); changed(); });
      row.appendChild(field(UI.card, card));
      row.appendChild(field(UI.controller, controller));
      row.appendChild(field(UI.type, type));
      row.appendChild(field(UI.would, would, "judge-field--check"));
      row.appendChild(field(UI.effect, effect));
      row.appendChild(field(UI.answers, answers, "judge-field--wide"));
      row.appendChild(field(UI.creates, creates, "judge-field--wide"));
      row.appendChild(field(UI.target, target));
      row.appendChild(field(UI.passes, passes));
      row.appendChild(field(UI.keyword, keyword));
      row.appendChild(remove);
      list.appendChild(row);
    }

    function read() {
      return {
        game: FORM_GAME, format: format.value, players: names(), first_player: first.value,
        new_first_player: newFirst.value, active: active.value, at: at.value.trim(),
        trigger: trigger.dataset.value, occurrences: Number(occurrences.value) || 1,
        shared_with: shared.value.split(",").map(function (t) { return t.trim(); }).filter(Boolean),
        arises: arises.checked,
        abilities: Array.prototype.map.call(list.querySelectorAll(".judge-ability"), function (row) {
          var get = function (name) { return row.querySelector("[name=" + name + "]"); };
          return {
            card: get("card").value.trim(), controller: get("controller").value, type: get("type").value,
            would: get("would").checked, effect: get("effect").value, trigger: get("trigger").dataset.value,
            creates: get("creates").dataset.value, target: get("target").value, passes: get("passes").value,
            keyword: get("keyword").value.trim(),
          };
        }),
      };
    }

    s.abilities.forEach(abilityRow);
    refreshPlayers();
    players.addEventListener("input", refreshPlayers);
    add.addEventListener("click", function () {
      abilityRow({ card: UI.new_card, controller: names()[0], type: "reaction" });
      refreshPlayers();
      changed();
    });
    fields.addEventListener("change", changed);
    fields.addEventListener("input", debounce(changed, 300));
  }

  /* A triggering condition chosen by typing: its id or its title in either language, accents
     and case aside. The chosen id is in dataset.value (what the YAML says). */
  function triggerPicker(name, value, changed, empty) {
    var wrap = el("span", "judge-picker");
    var box = input(name + "-search", "search");
    var list = el("ul", "judge-picker__list");
    wrap.dataset.value = value || "";
    wrap.setAttribute("name", name);
    var triggers = meta.triggers[FORM_GAME];
    var byId = {};
    triggers.forEach(function (t) { byId[t.id] = t; });
    box.placeholder = empty || UI.type_to_find;
    box.value = value ? label(byId[value], value) : "";
    function label(t, id) { return t ? t.title + " (" + t.id + ")" : id; }
    function choose(id) {
      wrap.dataset.value = id;
      box.value = id ? label(byId[id], id) : "";
      list.textContent = "";
      changed();
    }
    box.addEventListener("input", function (event) {
      event.stopPropagation();
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      list.textContent = "";
      if (!box.value.trim()) { wrap.dataset.value = ""; changed(); return; }
      triggers.filter(function (t) {
        return words.every(function (w) { return t.search.indexOf(w) >= 0; });
      }).slice(0, 8).forEach(function (t) {
        var item = el("li");
        var button = el("button", "judge-picker__option", label(t));
        button.type = "button";
        button.dataset.id = t.id;
        button.addEventListener("click", function () { choose(t.id); });
        item.appendChild(button);
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
    var stepped = call({ op: "step", scenario: text, file: "scenario.yaml", lang: LANG, width: WIDTH });
    var parsed = fill ? call({ op: "parse", scenario: text }) : Promise.resolve(null);
    return Promise.all([stepped, parsed]).then(function (results) {
      if (mine !== stepping) return;
      show(output, results[0]);
      if (results[1]) fillForm(results[1].json);
    }, function (error) { failed(error, output); });
  }

  function fillForm(parsed) {
    var game = parsed && parsed.game || FORM_GAME;
    form.elements.game.value = game;
    var fields = form.querySelector(".judge-resolver__fields");
    if (game !== FORM_GAME || !parsed || !parsed.scenario) {
      fields.textContent = "";
      fields.appendChild(el("p", "judge-resolver__hint", game === FORM_GAME ? UI.fix_yaml : UI.edit_yaml));
      form.closest(".judge-resolver").querySelector(".judge-resolver__yaml").open = true;
      return;
    }
    var s = Object.assign(blank(), parsed.scenario);
    s.players = (s.players || []).map(String);
    s.shared_with = s.shared_with || [];
    s.abilities = s.abilities || [];
    situationForm(s);
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
    var shared = fromUrl();
    if (shared) return setYaml(shared, true);
    situationForm(blank());
    return setYaml(toYaml(blank()), false);
  }).catch(failed);
})();
