/**
 * The HTML report's one inline script (no external assets: the report is a single file). It filters
 * the embedded findings (html-data.ts) by severity, check, rule, file and text in one pass over the
 * rows, and renders only a page of the matches at a time, grouped by file with their code frames, so
 * 50,000 findings cost a loop per keystroke and a bounded DOM. Every text goes in through
 * textContent: nothing from a finding is ever parsed as markup.
 */
export const HTML_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('agentd-data').textContent);
  var rows = data.rows, PAGE = 200;
  var state = { sev: [true, true, true, true, true], check: -1, rule: -1, file: '', text: '', suppressed: false };
  var matching = [], shown = 0, current = null, perFile = {}, lowerMessages = null, lowerFiles = null, frames = {};
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function fmt(n) { return n.toLocaleString('en-US'); }
  function lineOf(file, n) {
    var map = frames[file];
    if (!map) {
      map = frames[file] = {};
      (data.lines[file] || []).forEach(function (l) { map[l[0]] = l[1]; });
    }
    return map[n];
  }
  function frame(r) {
    var start = r[4], end = r[6], last = Math.min(end, start + 5) + 2, pre = el('pre', 'code'), any = false;
    for (var n = Math.max(1, start - 2); n <= last; n++) {
      var text = lineOf(r[3], n);
      if (text === undefined) continue;
      any = true;
      var hit = n >= start && n <= end, line = el('span', hit ? 'hit' : null);
      line.appendChild(el('span', 'ln', String(n)));
      if (hit && start === end) {
        var from = Math.max(0, r[5] - 1), to = Math.max(from + 1, r[7]);
        line.appendChild(document.createTextNode(text.slice(0, from)));
        line.appendChild(el('mark', null, text.slice(from, to)));
        line.appendChild(document.createTextNode(text.slice(to)));
      } else line.appendChild(document.createTextNode(text));
      pre.appendChild(line);
      pre.appendChild(document.createTextNode('\\n'));
    }
    return any ? pre : null;
  }
  function details(summary, items) {
    var d = el('details');
    d.appendChild(el('summary', null, summary));
    items.forEach(function (item) { d.appendChild(item); });
    return d;
  }
  function finding(r) {
    var sev = data.severities[r[0]], rule = data.rules[r[2]], a = el('article', 'finding ' + sev);
    var head = el('div', 'head');
    head.appendChild(el('span', 'badge ' + sev, sev));
    head.appendChild(el('span', 'msg', r[8]));
    a.appendChild(head);
    var where = el('div', 'where');
    where.appendChild(el('code', null, data.files[r[3]] + ':' + r[4] + ':' + r[5]));
    where.appendChild(document.createTextNode(' · '));
    where.appendChild(el('code', null, rule.id));
    where.appendChild(document.createTextNode(' · ' + data.checks[r[1]]));
    var cwe = /^CWE-(\\d+)$/i.exec(r[9]);
    if (cwe) {
      var link = el('a', null, r[9]);
      link.href = 'https://cwe.mitre.org/data/definitions/' + cwe[1] + '.html';
      where.appendChild(document.createTextNode(' · '));
      where.appendChild(link);
    }
    if (r[12] !== null) where.appendChild(el('span', 'quiet', ' · suppressed at ' + r[12]));
    a.appendChild(where);
    var code = frame(r);
    if (code) a.appendChild(code);
    if (r[10]) a.appendChild(el('p', 'fix', 'Suggested fix: ' + r[10]));
    if (r[11].length) {
      var ol = el('ol');
      r[11].forEach(function (step) { ol.appendChild(el('li', null, step)); });
      a.appendChild(details('Data flow (' + r[11].length + ' steps)', [ol]));
    }
    if (rule.title) a.appendChild(details(rule.title + ': why and how to fix', [el('p', null, rule.description), el('p', null, 'Why it matters. ' + rule.why), el('p', null, 'How to fix. ' + rule.fix)]));
    return a;
  }
  function section(file) {
    var s = el('section', 'file'), h = el('h3');
    h.appendChild(el('code', null, data.files[file]));
    h.appendChild(el('span', 'meta', ' ' + fmt(perFile[file]) + ' matching'));
    s.appendChild(h);
    return { file: file, el: s };
  }
  function count() {
    $('count').textContent = matching.length === 0 ? 'No finding matches the filters.' :
      'Showing ' + fmt(shown) + ' of ' + fmt(matching.length) + ' matching findings (' + fmt(rows.length) + ' in the report).';
    $('more').hidden = shown >= matching.length;
  }
  function more() {
    var fragment = document.createDocumentFragment(), end = Math.min(matching.length, shown + PAGE);
    for (; shown < end; shown++) {
      var r = rows[matching[shown]];
      if (!current || current.file !== r[3]) {
        current = section(r[3]);
        fragment.appendChild(current.el);
      }
      current.el.appendChild(finding(r));
    }
    $('results').appendChild(fragment);
    count();
  }
  function apply() {
    var text = state.text.toLowerCase(), file = state.file.toLowerCase();
    if (text && !lowerMessages) lowerMessages = rows.map(function (r) { return (r[8] + ' ' + data.rules[r[2]].id).toLowerCase(); });
    if (file && !lowerFiles) lowerFiles = data.files.map(function (f) { return f.toLowerCase(); });
    matching = []; perFile = {};
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if (!state.sev[r[0]] || (r[12] !== null && !state.suppressed)) continue;
      if ((state.check >= 0 && r[1] !== state.check) || (state.rule >= 0 && r[2] !== state.rule)) continue;
      if ((file && lowerFiles[r[3]].indexOf(file) < 0) || (text && lowerMessages[i].indexOf(text) < 0)) continue;
      matching.push(i);
      perFile[r[3]] = (perFile[r[3]] || 0) + 1;
    }
    shown = 0; current = null;
    $('results').textContent = '';
    more();
  }
  var timer = 0;
  function later() { clearTimeout(timer); timer = setTimeout(apply, 120); }
  document.querySelectorAll('[data-sev-filter]').forEach(function (box) {
    box.addEventListener('change', function () { state.sev[Number(box.getAttribute('data-sev-filter'))] = box.checked; apply(); });
  });
  $('f-check').addEventListener('change', function (e) { state.check = Number(e.target.value); apply(); });
  $('f-rule').addEventListener('change', function (e) { state.rule = Number(e.target.value); apply(); });
  $('f-file').addEventListener('input', function (e) { state.file = e.target.value; later(); });
  $('f-text').addEventListener('input', function (e) { state.text = e.target.value; later(); });
  $('f-suppressed').addEventListener('change', function (e) { state.suppressed = e.target.checked; apply(); });
  $('more').addEventListener('click', more);
  $('f-reset').addEventListener('click', function () {
    state = { sev: [true, true, true, true, true], check: -1, rule: -1, file: '', text: '', suppressed: false };
    document.querySelectorAll('[data-sev-filter]').forEach(function (box) { box.checked = true; });
    $('f-check').value = '-1'; $('f-rule').value = '-1'; $('f-file').value = ''; $('f-text').value = ''; $('f-suppressed').checked = false;
    apply();
  });
  document.querySelectorAll('[data-pick-check]').forEach(function (bar) {
    bar.addEventListener('click', function () {
      var value = bar.getAttribute('data-pick-check');
      $('f-check').value = value; state.check = Number(value); apply();
      $('filters').scrollIntoView();
    });
  });
  document.querySelectorAll('[data-pick-sev]').forEach(function (bar) {
    bar.addEventListener('click', function () {
      var pick = Number(bar.getAttribute('data-pick-sev'));
      document.querySelectorAll('[data-sev-filter]').forEach(function (box) {
        var i = Number(box.getAttribute('data-sev-filter'));
        box.checked = i === pick; state.sev[i] = i === pick;
      });
      apply();
      $('filters').scrollIntoView();
    });
  });
  document.body.setAttribute('data-ready', 'true');
  apply();
})();
`;
