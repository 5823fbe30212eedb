/* judge: citation copying and the site search (offline, one index per language).
 *
 * The index (judge/site/searchindex.py) is built with the CLI's analyzer. A typed word is folded
 * (lower case, accents off) and looked up in the index's map of folded word forms to index
 * terms. A form the text never uses is taken, as `judge search` does, for a typo: the forms one
 * edit away (two from seven letters on, same first letter) stand for it at half weight; failing
 * those, the longest index term the word starts with. A word being typed (the last one) also
 * matches the terms that start with it, and is not taken for a typo when there are such terms.
 */
(function () {
  "use strict";

  var MIN_PREFIX = 3;
  // As judge/search/index.py: typos are corrected from four letters, at half weight.
  var MIN_TYPO = 4;
  var TYPO_WEIGHT = 0.5;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function words(text) {
    return text.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}_\p{M}]+/gu) || [];
  }

  /* -- citations ------------------------------------------------------------------------ */

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    var area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
    document.body.removeChild(area);
    return Promise.resolve();
  }

  function setupCitations() {
    document.querySelectorAll(".judge-cite").forEach(function (button) {
      button.addEventListener("click", function () {
        var block = button.closest(".judge-block");
        var url = location.href.split("#")[0] + "#" + (block ? block.id : "");
        copyText(button.dataset.cite + " — " + url).then(function () {
          button.classList.add("judge-copied");
          setTimeout(function () { button.classList.remove("judge-copied"); }, 1500);
        });
      });
    });
  }

  /* -- search --------------------------------------------------------------------------- */

  /* The edit distance of a and b (an adjacent swap is one edit), or max + 1 when it is more. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var before = null, prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2] + 1);
        cur.push(v);
        if (v < low) low = v;
      }
      if (low > max) return max + 1;
      before = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  function Index(data) {
    this.data = data;
    this.forms = Object.keys(data.forms);
    this.stop = new Set(data.stop);
    this.docs = data.docs.map(function (d) {
      return { url: d.u, game: d.g, term: d.t, aliases: d.a, snippet: d.s, titleTerms: d.k,
               names: [fold(d.t)].concat(d.a.map(fold)) };
    });
    /* The rulebooks of the index: a hit names its own when there are several. */
    this.games = data.games || {};
    this.mixed = Object.keys(this.games).length > 1;
  }

  /* Index terms (with a factor) for one typed word. */
  Index.prototype.wordTerms = function (word, last) {
    var key = fold(word);
    var terms = this.data.terms;
    var found = (this.data.forms[key] || []).map(function (t) { return [t, 1]; });
    var typing = [];
    if (last && key.length >= MIN_PREFIX) {
      for (var j = 0; j < terms.length; j++) {
        if (terms[j].length > key.length && terms[j].startsWith(key)) typing.push([j, 0.5]);
      }
    }
    // A word still being typed is not a typo: it has terms that start with it.
    if (!found.length && !typing.length) found = this.typoTerms(key);
    if (!found.length) {
      var best = -1;
      for (var i = 0; i < terms.length; i++) {
        var t = terms[i];
        if (t.length >= MIN_PREFIX && key.startsWith(t) && (best < 0 || t.length > terms[best].length)) best = i;
      }
      if (best >= 0) found.push([best, 0.8]);
    }
    return found.concat(typing);
  };

  /* The terms of the closest forms of the text to an unknown word (a typo). */
  Index.prototype.typoTerms = function (key) {
    if (key.length < MIN_TYPO) return [];
    var max = key.length < 7 ? 1 : 2;
    var best = max + 1, near = [];
    for (var i = 0; i < this.forms.length; i++) {
      var form = this.forms[i];
      if (form[0] !== key[0]) continue;
      var d = distance(key, form, Math.min(max, best));
      if (d < best) { best = d; near = []; }
      if (d === best && d <= max) near.push(form);
    }
    var seen = new Set(), found = [];
    var forms = this.data.forms;
    near.forEach(function (form) {
      forms[form].forEach(function (t) {
        if (!seen.has(t)) { seen.add(t); found.push([t, TYPO_WEIGHT]); }
      });
    });
    return found;
  };

  /* `game` (optional): only that rulebook's entries, as `judge search --game`. */
  Index.prototype.search = function (query, limit, game) {
    var self = this;
    var typed = words(query).filter(function (w) { return !self.stop.has(w); });
    var scores = new Map();
    var queryTerms = new Set();
    var perWord = [];
    typed.forEach(function (word, w) {
      var best = new Map();
      var mine = new Set();
      perWord.push(mine);
      self.wordTerms(word, w === typed.length - 1).forEach(function (pair) {
        queryTerms.add(pair[0]);
        mine.add(pair[0]);
        var post = self.data.postings[pair[0]];
        for (var i = 0; i < post.length; i += 3) {
          var score = post[i + 1] * pair[1];
          var prev = best.get(post[i]);
          if (!prev || score > prev.score) best.set(post[i], { score: score, para: post[i + 2] });
        }
      });
      best.forEach(function (hit, doc) {
        var s = scores.get(doc) || { doc: doc, score: 0, words: 0, para: hit.para };
        s.score += hit.score;
        s.words += 1;
        scores.set(doc, s);
      });
    });
    var folded = fold(query).trim().replace(/\s+/g, " ");
    var hits = Array.from(scores.values());
    if (game) hits = hits.filter(function (hit) { return self.docs[hit.doc].game === game; });
    hits.forEach(function (hit) {
      var doc = self.docs[hit.doc];
      // The query names the entry: its very term or alias, else every word of its term.
      if (doc.names.indexOf(folded) >= 0) hit.score += 100;
      else if (sameTerms(doc.titleTerms, queryTerms, perWord)) hit.score += 30;
      else if (doc.names.some(function (n) { return n.startsWith(folded); })) hit.score += 5;
    });
    hits.sort(function (a, b) { return b.words - a.words || b.score - a.score || a.doc - b.doc; });
    return hits.slice(0, limit || 20).map(function (hit) {
      var doc = self.docs[hit.doc];
      return { url: doc.url, game: doc.game, gameTitle: self.mixed ? self.games[doc.game] : "",
               term: doc.term, snippet: doc.snippet, para: hit.para, score: hit.score };
    });
  };

  /* Every term of the title is in the query, and every typed word meets the title. */
  function sameTerms(titleTerms, queryTerms, perWord) {
    if (!titleTerms.length || !perWord.length) return false;
    var title = new Set(titleTerms);
    return titleTerms.every(function (t) { return queryTerms.has(t); }) &&
      perWord.every(function (mine) { return Array.from(mine).some(function (t) { return title.has(t); }); });
  }

  var loaded = {};
  function loadIndex(url) {
    if (!loaded[url]) {
      loaded[url] = fetch(url).then(function (r) { return r.json(); }).then(function (d) { return new Index(d); });
    }
    return loaded[url];
  }

  function setupSearch() {
    var box = document.querySelector(".judge-search");
    if (!box) return;
    var input = box.querySelector(".judge-search-input");
    var list = box.querySelector(".judge-search-results");
    var status = box.querySelector(".judge-search-status");
    var base = new URL(box.dataset.index, location.href);
    var cs = box.dataset.lang === "cs";
    var none = cs ? "Nic nenalezeno." : "Sin resultados.";
    var ready = loadIndex(base.href);
    // search/?game=gp: one rulebook only (a game's home page links it so).
    var game = new URLSearchParams(location.search).get("game") || "";

    function run() {
      var query = input.value;
      ready.then(function (index) {
        list.innerHTML = "";
        if (!query.trim()) { status.textContent = ""; return; }
        var hits = index.search(query, 20, game);
        status.textContent = hits.length ? (cs ? "Výsledky: " : "Resultados: ") + hits.length : none;
        hits.forEach(function (hit) {
          var li = document.createElement("li");
          var a = document.createElement("a");
          a.className = "judge-hit";
          a.href = new URL(hit.url + (hit.para ? "#p" + hit.para : ""), base).href;
          var term = document.createElement("span");
          term.className = "judge-hit-term";
          term.textContent = hit.term;
          a.appendChild(term);
          if (hit.para) {
            var para = document.createElement("span");
            para.className = "judge-hit-para";
            para.textContent = "¶" + hit.para;
            a.appendChild(para);
          }
          if (hit.gameTitle) {
            var tag = document.createElement("span");
            tag.className = "judge-hit-game";
            tag.dataset.game = hit.game;
            tag.textContent = hit.gameTitle;
            a.appendChild(tag);
          }
          var snippet = document.createElement("span");
          snippet.className = "judge-hit-snippet";
          snippet.textContent = hit.snippet;
          li.appendChild(a);
          li.appendChild(snippet);
          list.appendChild(li);
        });
      });
    }
    input.addEventListener("input", run);
    setupKeys(input, list);
    var params = new URLSearchParams(location.search);
    if (params.get("q")) { input.value = params.get("q"); run(); }
    // A query typed before this script ran (slow load) or put back by the browser (going back)
    // sent its input event to no one.
    else if (input.value.trim()) run();
    // For tests and tests/bench/search_measure.py: the loaded index and a query function.
    window.judgeIndex = function () { return ready; };
    window.judgeSearch = function (query, onlyGame) {
      return ready.then(function (index) { return index.search(query, 20, onlyGame); });
    };
  }

  /* Keyboard alone: ↓ from the box goes to the first hit, ↑/↓ move between hits, Escape goes
   * back to the box. On a page with the search box first (the home), a key typed while
   * nothing has the focus types into the box. */
  function setupKeys(input, list) {
    function links() { return Array.prototype.slice.call(list.querySelectorAll("a.judge-hit")); }
    input.addEventListener("keydown", function (event) {
      var all = links();
      if (event.key === "ArrowDown" && all.length) { event.preventDefault(); all[0].focus(); }
    });
    list.addEventListener("keydown", function (event) {
      var all = links(), at = all.indexOf(document.activeElement);
      if (at < 0) return;
      if (event.key === "ArrowDown" && at + 1 < all.length) { event.preventDefault(); all[at + 1].focus(); }
      else if (event.key === "ArrowUp") { event.preventDefault(); (at ? all[at - 1] : input).focus(); }
      else if (event.key === "Escape") { event.preventDefault(); input.focus(); }
    });
    if (!input.closest(".judge-home-search")) return;
    document.addEventListener("keydown", function (event) {
      // Only when nothing has the focus: a key on a link or a field keeps its own meaning.
      var idle = event.target === document.body || event.target === document.documentElement;
      if (!idle || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === " ") return;
      input.focus();
    });
  }

  function init() {
    setupCitations();
    setupSearch();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
