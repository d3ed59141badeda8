/* playground.js — the page's behaviour (index.html): the WebAssembly
 * module ordo.js loads (the compiler, the engines, the runtime; the
 * shipped rulesets preloaded at /rulesets) driven through the entry points
 * of web/playground.h, each answering JSON.
 *
 * The text being edited is written to /rulesets/NAME.ordo in the module's
 * memory file system and compiled under that name, so a layer that
 * extends it, or that it extends, is read as on disk. Compilation runs
 * after a pause in typing; the highlighting (highlight.js, the TextMate
 * grammar) at once. With ?selftest in the address, selftest.js runs the
 * page's checks (make playground-test).
 */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var M, pg, hl;
  var shipped = {};        /* name -> the shipped text */
  var current = null;      /* the ruleset's name, "splendor_solo.ordo" */
  var compiled = null;     /* the last pg_compile answer */
  var marks = {};          /* line -> class, from the last diagnostics */
  var timer = null;
  var game = {view: -1, lines: 0, state: null};
  var ready = {};
  ready.promise = new Promise(function (resolve) { ready.resolve = resolve; });

  /* ---- the entry points: strings go in through the module's heap */

  function call(name, args) {
    var ptrs = [], types = ['number'], values = [pg];
    args.forEach(function (a) {
      if (typeof a === 'string') {
        var n = M.lengthBytesUTF8(a) + 1, p = M._malloc(n);
        M.stringToUTF8(a, p, n);
        ptrs.push(p);
        values.push(p);
      } else
        values.push(a);
      types.push('number');
    });
    try {
      return JSON.parse(M.ccall(name, 'string', types, values));
    } finally {
      ptrs.forEach(function (p) { M._free(p); });
    }
  }
  var api = {
    compile: function (path, text) { return call('pg_compile', [path, text]); },
    scenarios: function () { return call('pg_scenarios', []); },
    document: function (format) { return call('pg_document', [format]); },
    newGame: function (n, seed, seats, seat) { return call('pg_new_game', [n, seed, seats, seat]); },
    choose: function (k, seat, from) { return call('pg_choose', [k, seat, from]); },
    state: function (seat, from) { return call('pg_state', [seat, from]); }
  };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined)
      e.textContent = text;
    return e;
  }

  function path() { return '/rulesets/' + current; }

  /* ---- the editor */

  function render() {
    $('highlight').innerHTML = hl.html($('source').value, marks) + '\n';
    syncScroll();
  }

  function syncScroll() {
    $('highlight').scrollTop = $('source').scrollTop;
    $('highlight').scrollLeft = $('source').scrollLeft;
  }

  function gotoLine(line, col) {
    var src = $('source'), lines = src.value.split('\n'), at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++)
      at += lines[i].length + 1;
    at += Math.max(0, Math.min((col || 1) - 1, (lines[line - 1] || '').length));
    src.focus();
    src.setSelectionRange(at, at);
    var h = parseFloat(getComputedStyle(src).lineHeight) || 18;
    src.scrollTop = Math.max(0, (line - 4) * h);
    syncScroll();
  }

  function edited() {
    render();
    clearTimeout(timer);
    timer = setTimeout(compileNow, 300);
  }

  function showDiagnostics(ans) {
    var list = $('diagnostics');
    list.textContent = '';
    marks = {};
    (ans.diagnostics || []).forEach(function (d) {
      var here = d.path === path();
      var where = (here ? 'line ' : d.path.replace(/^\//, '') + ':') + d.line + ':' + d.col;
      var b = el('button', {type: 'button', 'class': d.severity, 'data-line': d.line},
                 where + ': ' + d.severity + ': ' + d.message);
      if (here && d.line > 0) {
        b.addEventListener('click', function () { gotoLine(d.line, d.col); });
        if (d.severity === 'error' || !marks[d.line])
          marks[d.line] = d.severity === 'note' ? marks[d.line] : 'diag-' + d.severity;
      } else
        b.disabled = true;
      var li = el('li');
      li.appendChild(b);
      list.appendChild(li);
    });
    if (!list.children.length)
      list.appendChild(el('li', {}, 'none'));
  }

  function compileNow() {
    clearTimeout(timer);
    var text = $('source').value;
    M.FS.writeFile(path(), text);
    var ans = api.compile(path(), text);
    compiled = ans.ok ? ans : null;
    showDiagnostics(ans);
    render();
    var ok = !!compiled;
    $('run-scenarios').disabled = $('new-game').disabled = $('show-doc').disabled = !ok;
    $('status').textContent = ans.error ? 'error: ' + ans.error
      : ok ? '“' + ans.title + '”: compiled' + (ans.warnings ? ', ' + ans.warnings + ' warning(s)' : '') +
             '; ' + ans.scenarios + ' scenario(s)'
      : ans.errors + ' error(s)';
    $('scenario-summary').textContent = '';
    $('scenario-list').textContent = '';
    if (ok)
      setPlayers();
    return ans;
  }

  function open(name) {
    if (current)
      M.FS.writeFile(path(), $('source').value);
    current = name;
    $('ruleset').value = name;
    $('source').value = M.FS.readFile(path(), {encoding: 'utf8'});
    $('source').scrollTop = 0;
    location.hash = name.replace(/\.ordo$/, '');
    $('game').hidden = true;
    $('doc-frame').hidden = $('doc-md').hidden = true;
    marks = {};
    render();
    compileNow();
  }

  /* ---- scenarios */

  function runScenarios() {
    var ans = api.scenarios(), list = $('scenario-list');
    list.textContent = '';
    if (ans.error) {
      $('scenario-summary').textContent = ans.error;
      return ans;
    }
    ans.scenarios.forEach(function (s) {
      var li = el('li', {'class': s.passed ? 'pass' : 'fail'});
      var b = el('button', {type: 'button'}, s.name);
      b.addEventListener('click', function () { gotoLine(s.line, 1); });
      li.appendChild(b);
      li.appendChild(document.createTextNode(' (line ' + s.line + ')' + (s.passed ? '' : ': FAILED')));
      if (!s.passed)
        li.appendChild(el('pre', {}, s.report));
      list.appendChild(li);
    });
    $('scenario-summary').textContent = ans.passed + ' passed, ' + ans.failed + ' failed';
    return ans;
  }

  /* ---- play */

  function seatChoices() {
    return ['human', 'random', 'first'].concat(compiled ? compiled.policies : []);
  }

  function setPlayers() {
    var n = $('players');
    n.min = compiled.min_players;
    n.max = compiled.max_players;
    var v = parseInt(n.value, 10);
    if (!(v >= compiled.min_players && v <= compiled.max_players))
      n.value = compiled.min_players;
    setSeats();
  }

  function setSeats() {
    var box = $('seats'), n = parseInt($('players').value, 10) || 1;
    var old = Array.prototype.map.call(box.querySelectorAll('select'), function (s) { return s.value; });
    Array.prototype.slice.call(box.querySelectorAll('label')).forEach(function (l) { l.remove(); });
    var bot = compiled && compiled.policies.length ? compiled.policies[0] : 'random';
    for (var s = 0; s < n; s++) {
      var label = el('label', {}, 'Player ' + (s + 1) + ' ');
      var sel = el('select', {id: 'seat-' + s});
      seatChoices().forEach(function (c) { sel.appendChild(el('option', {value: c}, c)); });
      sel.value = old[s] && seatChoices().indexOf(old[s]) >= 0 ? old[s] : s === 0 ? 'human' : bot;
      label.appendChild(sel);
      box.appendChild(label);
    }
  }

  function setViews(np) {
    var v = $('view');
    v.textContent = '';
    v.appendChild(el('option', {value: -1}, 'everything (all hidden information)'));
    v.appendChild(el('option', {value: -2}, 'a spectator (what every player sees)'));
    for (var s = 0; s < np; s++)
      v.appendChild(el('option', {value: s}, 'player ' + (s + 1)));
  }

  function newGame(ev) {
    if (ev)
      ev.preventDefault();
    var n = parseInt($('players').value, 10);
    var seats = [];
    for (var s = 0; s < n; s++)
      seats.push($('seat-' + s) ? $('seat-' + s).value : 'random');
    var human = seats.indexOf('human');
    game.view = human >= 0 ? human : -1;
    game.lines = 0;
    setViews(n);
    $('view').value = game.view;
    $('trace').textContent = '';
    $('game').hidden = false;
    return showState(api.newGame(n, $('seed').value.trim(), seats.join(','), game.view), true);
  }

  function playerName(s) { return 'player ' + (s + 1); }

  function showState(st, fresh) {
    game.state = st;
    var status = $('game-status'), opts = $('options');
    opts.textContent = '';
    if (st.error) {
      status.textContent = 'Refused: ' + st.error;
      return st;
    }
    if (fresh)
      $('trace').textContent = '';
    $('trace').textContent += st.trace;
    $('trace').scrollTop = $('trace').scrollHeight;
    game.lines = st.lines;
    if (st.status === 'over')
      status.textContent = 'Game over: ' + (st.winner >= 0 ? st.winner_name + ' wins' : 'no winner') +
                           (st.reason ? ' (' + st.reason + ')' : '') + '.';
    else if (st.status === 'error')
      status.textContent = 'Runtime error: ' + st.message;
    else if (!st.human)
      status.textContent = playerName(st.decider) + ' decides.';
    else if (!st.options) {
      /* another seat's decision: its options are its own */
      status.textContent = playerName(st.decider) + ' decides; the game is shown as another seat sees it.';
      var b = el('button', {type: 'button'}, 'Show the game as ' + playerName(st.decider));
      b.addEventListener('click', function () { setView(st.decider); });
      opts.appendChild(b);
    } else {
      status.textContent = playerName(st.decider) + ', your choice:';
      st.options.forEach(function (label, k) {
        var b = el('button', {type: 'button', 'data-option': k}, label);
        b.addEventListener('click', function () { choose(k); });
        opts.appendChild(b);
      });
    }
    showDisplays(st.displays || []);
    return st;
  }

  function showDisplays(list) {
    var box = $('displays');
    box.textContent = '';
    list.forEach(function (d) {
      box.appendChild(el('h4', {}, d.title));
      box.appendChild(el('pre', {}, d.lines.join('\n') + (d.error ? '\n(' + d.error + ')' : '')));
    });
    if (!list.length)
      box.appendChild(el('p', {}, 'The ruleset declares no display.'));
  }

  function choose(k) {
    var st = api.choose(k, game.view, game.lines);
    /* seats taking turns at one screen: the next person's view */
    if (!st.error && st.status === 'decide' && st.human && game.view >= 0 && st.decider !== game.view)
      return setView(st.decider);
    var first = $('options').querySelector('button');
    var s = showState(st, false);
    if (first && $('options').querySelector('button'))
      $('options').querySelector('button').focus();
    return s;
  }

  function setView(seat) {
    game.view = seat;
    $('view').value = seat;
    return showState(api.state(seat, 0), true);
  }

  /* ---- the rule document */

  function showDocument() {
    var format = $('doc-format').value, ans = api.document(format);
    var frame = $('doc-frame'), md = $('doc-md');
    frame.hidden = md.hidden = true;
    if (ans.error) {
      md.textContent = ans.error;
      md.hidden = false;
    } else if (format === 'html') {
      frame.srcdoc = ans.text;
      frame.hidden = false;
    } else {
      md.textContent = ans.text;
      md.hidden = false;
    }
    return ans;
  }

  /* ---- start */

  function busy(button, fn) {
    return function () {
      var label = button.textContent;
      button.disabled = true;
      button.textContent = 'Working…';
      setTimeout(function () {
        try { fn(); } finally {
          button.textContent = label;
          button.disabled = !compiled;
        }
      }, 20);
    };
  }

  function start(module, grammar) {
    M = module;
    hl = tmHighlight(grammar);
    pg = M._pg_open();
    var names = M.FS.readdir('/rulesets').filter(function (n) { return /\.ordo$/.test(n); }).sort();
    names.forEach(function (n) {
      shipped[n] = M.FS.readFile('/rulesets/' + n, {encoding: 'utf8'});
      $('ruleset').appendChild(el('option', {value: n}, n.replace(/\.ordo$/, '')));
    });
    var want = location.hash.slice(1) + '.ordo';
    $('ruleset').disabled = false;
    $('ruleset').addEventListener('change', function () { open($('ruleset').value); });
    $('revert').addEventListener('click', function () {
      $('source').value = shipped[current];
      edited();
    });
    $('source').addEventListener('input', edited);
    $('source').addEventListener('scroll', syncScroll);
    $('run-scenarios').addEventListener('click', busy($('run-scenarios'), runScenarios));
    $('show-doc').addEventListener('click', busy($('show-doc'), showDocument));
    $('game-form').addEventListener('submit', newGame);
    $('players').addEventListener('change', setSeats);
    $('view').addEventListener('change', function () { setView(parseInt($('view').value, 10)); });
    open(shipped[want] !== undefined ? want : shipped['splendor_solo.ordo'] !== undefined
         ? 'splendor_solo.ordo' : names[0]);
    ready.resolve(window.playground);
  }

  window.playground = {
    ready: ready.promise, api: api, open: open, compileNow: compileNow, gotoLine: gotoLine,
    runScenarios: runScenarios, newGame: newGame, choose: choose, setView: setView,
    showDocument: showDocument, shipped: shipped,
    compiled: function () { return compiled; }, state: function () { return game.state; }
  };

  Promise.all([
    OrdoModule({locateFile: function (f) { return f; }}),
    fetch('ordo.tmLanguage.json').then(function (r) { return r.json(); })
  ]).then(function (r) { start(r[0], r[1]); }, function (e) {
    $('status').textContent = 'The playground could not start: ' + e;
  });

  if (/[?&]selftest\b/.test(location.search)) {
    var s = document.createElement('script');
    s.src = 'selftest.js';
    document.body.appendChild(s);
  }
})();
