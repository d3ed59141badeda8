/* highlight.js — a small interpreter of a TextMate grammar, enough for
 * editors/textmate/ordo.tmLanguage.json loaded as it is: top-level and
 * nested `patterns`, `include` of "#name" (the repository) and "$self",
 * `match` with `name` and `captures`, and `begin`/`end` rules with
 * `name`, `contentName`, `beginCaptures`, `endCaptures`, `captures` and
 * their own `patterns`. Lines are tokenized one at a time, as TextMate
 * does, with the stack of open begin/end rules carried from line to line;
 * at each place the earliest match wins, the first rule among equals, and
 * an open rule's end before its patterns. The grammar's regexes are
 * written in the subset Oniguruma and Python share, which JavaScript reads
 * too (with the d flag for the captures' places).
 *
 * tmHighlight(grammar) returns an object whose html(text, marks) gives the
 * text as HTML: a <span class="ln"> a line (with the class marks[line]
 * adds, 1-based), inside it a <span class="tm-KIND"> a token, KIND the
 * first word of its innermost scope ("keyword", "string", "comment", ...).
 */
(function (global) {
  'use strict';

  function tmHighlight(grammar) {
    var regexes = new Map();
    var flat = new Map();

    function regex(src) {
      var re = regexes.get(src);
      if (!re) {
        re = new RegExp(src, 'dg');
        regexes.set(src, re);
      }
      return re;
    }

    /* the rules a list of patterns stands for, includes followed */
    function rules(patterns) {
      var out = flat.get(patterns);
      if (out)
        return out;
      out = [];
      flat.set(patterns, out);
      (function walk(list, depth) {
        if (!list || depth > 32)
          return;
        list.forEach(function (p) {
          if (p.include === '$self')
            walk(grammar.patterns, depth + 1);
          else if (p.include && p.include.charAt(0) === '#')
            walk([grammar.repository[p.include.slice(1)]], depth + 1);
          else if (p.match || p.begin)
            out.push(p);
          else if (p.patterns)
            walk(p.patterns, depth + 1);
        });
      })(patterns, 0);
      return out;
    }

    function kind(scope) {
      return scope ? scope.split(' ')[0].split('.')[0] : '';
    }

    /* tokens of match m: its captures' scopes over the scope `base` */
    function matched(tokens, m, base, captures) {
      var at = m.index, end = m.index + m[0].length;
      var spans = [];
      if (captures)
        for (var i = 0; i < m.length; i++)
          if (captures[i] && captures[i].name && m.indices[i])
            spans.push({s: m.indices[i][0], e: m.indices[i][1], k: kind(captures[i].name)});
      spans.sort(function (a, b) { return a.s - b.s || b.e - a.e; });
      spans.forEach(function (c) {
        if (c.s < at || c.e <= c.s)
          return; /* nested in an earlier capture: the outer one stands */
        if (c.s > at)
          tokens.push({s: at, e: c.s, k: base});
        tokens.push({s: c.s, e: c.e, k: c.k});
        at = c.e;
      });
      if (end > at)
        tokens.push({s: at, e: end, k: base});
    }

    function scopeOf(stack) {
      var top = stack[stack.length - 1];
      return top ? (top.contentName ? kind(top.contentName) : top.name ? kind(top.name) : top.outer) : '';
    }

    function tokenizeLine(line, stack) {
      var tokens = [], pos = 0, guard = 0;
      while (guard++ < 10000) {
        var top = stack[stack.length - 1], best = null, m, re;
        if (top) {
          re = regex(top.rule.end);
          re.lastIndex = pos;
          m = re.exec(line);
          if (m)
            best = {m: m, end: true};
        }
        var list = rules(top ? top.rule.patterns || [] : grammar.patterns);
        for (var i = 0; i < list.length; i++) {
          re = regex(list[i].match || list[i].begin);
          re.lastIndex = pos;
          m = re.exec(line);
          if (m && (!best || m.index < best.m.index))
            best = {m: m, rule: list[i]};
        }
        var here = scopeOf(stack);
        if (!best) {
          if (line.length > pos)
            tokens.push({s: pos, e: line.length, k: here});
          break;
        }
        m = best.m;
        if (m.index > pos)
          tokens.push({s: pos, e: m.index, k: here});
        var next = m.index + m[0].length;
        if (best.end) {
          var r = top.rule;
          matched(tokens, m, r.name ? kind(r.name) : top.outer, r.endCaptures || r.captures);
          stack.pop();
        } else if (best.rule.match) {
          matched(tokens, m, best.rule.name ? kind(best.rule.name) : here, best.rule.captures);
        } else {
          var b = best.rule;
          matched(tokens, m, b.name ? kind(b.name) : here, b.beginCaptures || b.captures);
          stack.push({rule: b, name: b.name, contentName: b.contentName, outer: here});
        }
        if (next === m.index && !best.end && !(best.rule && best.rule.begin)) {
          /* an empty match that opens nothing: step over a character */
          if (next < line.length)
            tokens.push({s: next, e: next + 1, k: here});
          next++;
        }
        if (next > line.length)
          break;
        if (next === line.length && !stack.length)
          break;
        pos = next;
      }
      return tokens;
    }

    function escape(s) {
      return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    }

    /* a line's tokens as HTML; those that begin and end outside any
     * begin/end rule (nearly all) are kept, so that typing redoes one line */
    var done = new Map();
    function lineHtml(line, stack) {
      var fresh = !stack.length, s = fresh && done.get(line);
      if (s !== undefined && s !== false)
        return s;
      s = tokenizeLine(line, stack).map(function (t) {
        var text = escape(line.slice(t.s, t.e));
        return t.k ? '<span class="tm-' + t.k + '">' + text + '</span>' : text;
      }).join('');
      if (fresh && !stack.length) {
        if (done.size > 100000)
          done.clear();
        done.set(line, s);
      }
      return s;
    }

    function html(text, marks) {
      var stack = [], out = [];
      text.split('\n').forEach(function (line, i) {
        var mark = marks && marks[i + 1];
        out.push('<span class="ln' + (mark ? ' ' + mark : '') + '">' + lineHtml(line, stack) +
                 '</span>');
      });
      return out.join('\n');
    }

    return {html: html, tokenizeLine: tokenizeLine};
  }

  global.tmHighlight = tmHighlight;
})(this);
