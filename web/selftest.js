/* selftest.js — the page's checks, run in the page when its address has
 * ?selftest (tests/web/run.sh loads it in headless Chromium): it works
 * the page as a person would, through its controls, and reads back what
 * the page shows. Its verdict is written on <body data-selftest="ok ...">
 * or "FAIL ...", and in #selftest-result.
 *   1. a ruleset with an error planted at a known line shows the
 *      diagnostic at that line, in the list and in the editor, and a click
 *      on it puts the caret on that line;
 *   2. every shipped ruleset compiles and all its scenarios pass;
 *   3. Splendor solo is played to its end by a person clicking options;
 *   4. a game of Catan between bots shows each seat only what it sees
 *      (hidden information: the traces of two seats differ, each has "?");
 *   5. the rule document is shown, its rule index in it.
 */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var failures = [], notes = [];

  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  async function until(cond, ms) {
    for (var t = 0; t < ms; t += 25) {
      if (cond())
        return true;
      await sleep(25);
    }
    return cond();
  }
  function check(ok, what) {
    if (!ok)
      failures.push(what);
    return ok;
  }
  function type(text) {
    $('source').value = text;
    $('source').dispatchEvent(new Event('input', {bubbles: true}));
  }
  function pick(id, value) {
    $(id).value = value;
    $(id).dispatchEvent(new Event('change', {bubbles: true}));
  }

  async function plantedError(pg) {
    pick('ruleset', 'splendor_solo.ordo');
    var text = pg.shipped['splendor_solo.ordo'], lines = text.split('\n');
    var at = lines.findIndex(function (l) { return /^var /.test(l); });
    lines.splice(at, 0, 'var planted: 0..3 = no_such_name');
    var line = at + 1;
    type(lines.join('\n'));
    var shown = await until(function () {
      return document.querySelector('#diagnostics button.error[data-line="' + line + '"]');
    }, 5000);
    if (!check(shown, 'no error listed at line ' + line + ': ' + $('diagnostics').textContent))
      return;
    var ln = $('highlight').querySelectorAll('.ln')[line - 1];
    check(ln && ln.classList.contains('diag-error') && /planted/.test(ln.textContent),
          'line ' + line + ' of the editor is not marked');
    document.querySelector('#diagnostics button.error[data-line="' + line + '"]').click();
    var src = $('source'), caret = src.value.slice(0, src.selectionStart).split('\n').length;
    check(caret === line, 'the click put the caret on line ' + caret + ', not ' + line);
    check($('run-scenarios').disabled, 'scenarios offered for a ruleset that does not compile');
    notes.push('error shown at line ' + line);
    type(text);
    await until(function () { return !$('run-scenarios').disabled; }, 5000);
  }

  async function scenarios(pg) {
    var total = 0, names = Object.keys(pg.shipped).sort();
    for (var i = 0; i < names.length; i++) {
      pick('ruleset', names[i]);
      var c = pg.compiled();
      if (!check(c, names[i] + ' does not compile: ' + $('diagnostics').textContent))
        continue;
      $('run-scenarios').click();
      await until(function () { return /passed/.test($('scenario-summary').textContent); }, 60000);
      var pass = $('scenario-list').querySelectorAll('li.pass').length;
      var fail = $('scenario-list').querySelectorAll('li.fail').length;
      check(pass === c.scenarios && fail === 0 && pass > 0,
            names[i] + ': ' + pass + ' passed, ' + fail + ' failed of ' + c.scenarios);
      total += pass;
    }
    notes.push(names.length + ' rulesets, ' + total + ' scenarios passed');
  }

  async function playToTheEnd() {
    pick('ruleset', 'splendor_solo.ordo');
    pick('players', '1');
    $('seat-0').value = 'human';
    $('seed').value = '5';
    $('new-game').click();
    var clicks = 0;
    while (clicks < 5000) {
      var buttons = $('options').querySelectorAll('button[data-option]');
      if (!buttons.length)
        break;
      buttons[(clicks * 7) % buttons.length].click();
      clicks++;
    }
    var st = $('game-status').textContent;
    check(/^Game over/.test(st), 'Splendor solo not over after ' + clicks + ' clicks: ' + st);
    check(clicks > 10, 'only ' + clicks + ' decisions');
    check($('trace').textContent.split('\n').length > clicks, 'the trace is short');
    check($('displays').querySelectorAll('pre').length > 0, 'no display shown');
    notes.push('Splendor solo over after ' + clicks + ' choices (' + st + ')');
  }

  async function hiddenInformation() {
    pick('ruleset', 'catan.ordo');
    pick('players', '3');
    for (var s = 0; s < 3; s++)
      $('seat-' + s).value = 'random';
    $('seed').value = '1';
    $('new-game').click();
    check(/^Game over/.test($('game-status').textContent), 'Catan: ' + $('game-status').textContent);
    pick('view', '0');
    var one = $('trace').textContent;
    pick('view', '1');
    var two = $('trace').textContent;
    pick('view', '-1');
    var all = $('trace').textContent;
    check(one !== two && one.indexOf('?') >= 0 && two.indexOf('?') >= 0,
          'Catan: players 1 and 2 see the same trace, or no hidden value');
    check(all.indexOf('?') < 0 && all.split('\n').length === one.split('\n').length,
          'Catan: the whole trace hides something, or differs in length');
    notes.push('Catan: players 1 and 2 see ' + one.split('?').length + ' and ' +
               two.split('?').length + ' hidden values');
  }

  async function ruleDocument() {
    pick('ruleset', 'splendor_solo.ordo');
    pick('doc-format', 'html');
    $('show-doc').click();
    var frame = $('doc-frame');
    var shown = await until(function () {
      var d = frame.contentDocument;
      return !frame.hidden && d && d.getElementById('rule-index');
    }, 20000);
    check(shown, 'no rule document with its rule index');
    pick('doc-format', 'md');
    $('show-doc').click();
    await until(function () { return !$('doc-md').hidden; }, 20000);
    check(/^# /.test($('doc-md').textContent), 'no Markdown document');
    notes.push('rule document shown');
  }

  async function run() {
    var pg = await window.playground.ready;
    var steps = [plantedError, scenarios, playToTheEnd, hiddenInformation, ruleDocument];
    for (var i = 0; i < steps.length; i++) {
      try {
        await steps[i](pg);
      } catch (e) {
        failures.push(steps[i].name + ': ' + e);
      }
    }
    var verdict = failures.length ? 'FAIL ' + failures.join('; ') : 'ok ' + notes.join('; ');
    document.body.setAttribute('data-selftest', verdict);
    var p = document.createElement('p');
    p.id = 'selftest-result';
    p.textContent = verdict;
    document.body.appendChild(p);
  }
  run();
})();
