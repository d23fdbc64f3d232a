// Selection: entries, objects and evidence citations all end up here, so a
// ledger link, a matrix cell and a swimlane mark lead to the same views.

// The big sections, drawn on first opening: drawn[id] is true once done.
const DRAW = {
  state: () => { renderMatrix(); renderPipelines(); },
  chronology: () => { renderTimeline(); wireFilter(); },
  ledger: () => renderLedger(),
};
const drawn = {}, drawing = {};

// openSection opens a big section and draws it once its parts are
// decompressed; the promise settles when it is drawn.
function openSection(id) {
  const box = document.getElementById(id);
  if (!box.open) box.open = true;
  if (!drawing[id]) {
    const s = SECTIONS.find((x) => x.id === id);
    drawing[id] = Promise.all(s.parts.map(need)).then(() => { DRAW[id](); drawn[id] = true; box.dataset.drawn = 'true'; });
  }
  return drawing[id];
}

// whenDrawn runs fn now when section id is drawn, else once it is: what a
// click in one section asks of another waits for it.
function whenDrawn(id, fn) {
  if (drawn[id]) fn();
  else openSection(id).then(fn);
}

function renderTimeline() {
  buildTimeline();
  renderAxis();
  T.laneView = Virtual($('#lanes'), 0, LANE_H, drawLane);
  T.rowView = Virtual($('#entries'), 0, ROW_H, drawRow);
  applyFilter('', false);
  const vp = $('#lanes');
  $('#time-axis').style.marginRight = (vp.offsetWidth - vp.clientWidth) + 'px';
  if (T.earliest >= 0) {
    revealLane(T.laneOf.get(refStr(R.timeline[T.earliest].object)).index);
    revealRow(T.earliest);
    T.laneView.update();
    T.rowView.update();
  }
}

App.selectEntry = function (i, fromList) {
  if (!drawn.chronology) { whenDrawn('chronology', () => App.selectEntry(i, fromList)); return; }
  const es = R.timeline || [];
  const e = es[i];
  if (!e) return;
  if (T.match && !T.match.has(i)) clearFilter(); // a citation may lead outside the filter
  T.selected = i;
  const lane = T.laneOf.get(refStr(e.object));
  if (!fromList) revealRow(i);
  revealLane(lane.index);
  T.rowView.redraw();
  T.laneView.redraw();
  const node = $('.swimlane[data-lane="' + lane.index + '"]');
  if (node) node.classList.add('flash');
  const loop = e.count > 1 ? '×' + e.count + (e.firstTime ? ' from ' + stamp(e.firstTime) + ' to ' + stamp(e.lastTime) : '') : '';
  showPanel('entry-panel', stamp(e.time) + ' ' + refStr(e.object) + ' ' + e.reason + (i === T.earliest ? ' (earliest failure)' : ''), [
    el('p', { text: e.message }),
    kv([['Object', objLink(e.object)], ['Container', e.container], ['Layer', e.layer], ['Type', e.type], ['Revision', e.revision],
      ['Repeats', loop], ['Precision', e.precision], ['Clock', e.clock], ['Source', e.source], ['Confidence', e.confidence], ['File', e.file],
      ['Workloads', list(e.workloads, objLink)]]),
    i === T.earliest && R.earliestFailure.why ? el('p', { text: R.earliestFailure.why }) : null,
    i === T.earliest && R.earliestFailure.skewWarning ? el('p', { text: 'Clock skew: ' + R.earliestFailure.skewWarning }) : null]);
  document.getElementById('chronology').scrollIntoView({ block: 'start' });
};

App.selectObject = function (ref) {
  if (!drawn.state) { whenDrawn('state', () => App.selectObject(ref)); return; }
  const key = refStr(ref);
  const w = (R.workloads || []).find((x) => refStr(x.ref) === key);
  // An object that is not a workload is shown by its timeline entries.
  if (!w && !drawn.chronology) { whenDrawn('chronology', () => App.selectObject(ref)); return; }
  const lane = T.laneOf.get(key);
  if (w) showWorkload(w);
  else showPanel('evidence-panel', key, [el('p', { text: lane ? lane.idx.length + ' timeline entries.' : 'This object has no timeline entries.' })]);
  if (lane) {
    if (T.match && !lane.idx.some((i) => T.match.has(i))) clearFilter();
    revealLane(lane.index);
    revealRow(lane.idx.find((i) => !T.match || T.match.has(i)));
    T.laneView.redraw();
    T.rowView.redraw();
    const node = $('.swimlane[data-lane="' + lane.index + '"]');
    if (node) node.classList.add('flash');
  }
  document.getElementById(w ? 'state' : 'chronology').scrollIntoView({ block: 'start' });
};

// gotoEvidence picks the timeline entry a citation most likely refers to:
// on the cited object, the one whose time (or loop span) is nearest, with a
// matching event reason preferred; otherwise it opens the object.
App.gotoEvidence = function (ev) {
  if (!drawn.chronology) { whenDrawn('chronology', () => App.gotoEvidence(ev)); return; }
  const es = R.timeline || [];
  let cands = [];
  if (ev.object) { const lane = T.laneOf.get(refStr(ev.object)); cands = lane ? lane.idx : []; }
  else if (ev.file) cands = es.map((_, i) => i).filter((i) => es[i].file === ev.file);
  const t = ms(ev.time);
  let best = -1, bestScore = Infinity;
  for (const i of cands) {
    const e = es[i];
    let score = 0;
    if (!isNaN(t)) {
      const a = ms(e.firstTime || e.time), b = ms(e.lastTime || e.time);
      score = t < a ? a - t : t > b ? t - b : 0;
    }
    if (ev.event && e.reason !== ev.event) score += 1e12;
    if (isNaN(t) && !ev.event && !e.failure) score += 1; // an undated fact most likely explains a failure

    if (score < bestScore) { best = i; bestScore = score; }
  }
  if (best >= 0) App.selectEntry(best);
  else if (ev.object) App.selectObject(ev.object);
  else showPanel('evidence-panel', 'Evidence', [el('p', { text: evidenceText(ev) })]);
};
