// The timeline: swimlanes per object along one time axis, and the entry
// list under it. Both are virtualised: only the lanes and rows inside the
// scrolled viewport (plus a margin) exist in the DOM, and within a lane point
// marks that land on the same 0.1% of the axis are drawn once, so 5,000
// entries cost a few hundred nodes.
const LANE_H = 22, ROW_H = 22, MARGIN = 6;
const T = {
  lanes: [], laneOf: new Map(), t0: 0, t1: 1, selected: -1, earliest: -1, explained: new Set(),
  // The filter: rows and laneRows are the entry and lane indices shown, in
  // order; rowPos and lanePos map an index to its position; match is the
  // set of matching entries, or null when nothing is filtered.
  rows: [], laneRows: [], rowPos: new Map(), lanePos: new Map(), match: null,
};

function buildTimeline() {
  const es = R.timeline || [];
  let t0 = Infinity, t1 = -Infinity;
  es.forEach((e, i) => {
    const key = refStr(e.object);
    let lane = T.laneOf.get(key);
    if (!lane) { lane = { key: key, ref: e.object, index: T.lanes.length, idx: [] }; T.laneOf.set(key, lane); T.lanes.push(lane); }
    lane.idx.push(i);
    // A time before 1970 is a missing one (Go's zero time): it must not
    // stretch the axis over two thousand years.
    const a = ms(e.firstTime || e.time), b = ms(e.lastTime || e.time);
    if (a > 0) t0 = Math.min(t0, a);
    if (b > 0) t1 = Math.max(t1, b);
  });
  if (!isFinite(t0)) { t0 = ms(R.bundle && R.bundle.captureTime) || 0; t1 = t0; }
  if (!(t1 > t0)) { t0 -= 60000; t1 += 60000; }
  const padding = (t1 - t0) * 0.02;
  T.t0 = t0 - padding; T.t1 = t1 + padding;
  const ef = R.earliestFailure;
  if (ef && ef.index >= 0 && ef.index < es.length) T.earliest = ef.index;
  T.explained = new Set((ef && ef.explains) || []);
  const fails = es.filter((e) => e.failure).length;
  $('#timeline-summary').textContent = es.length + ' entries on ' + T.lanes.length + ' objects, ' + fails + ' failures. ' +
    'Spans are collapsed retry loops. Click a mark or a row for details.';
}

// pct places a time on the axis, clamped so a missing or outlying time stays
// on the edge instead of off the page.
function pct(t) {
  const p = ((t - T.t0) / (T.t1 - T.t0)) * 100;
  return isNaN(p) ? 0 : Math.min(100, Math.max(0, p));
}

function renderAxis() {
  const axis = $('#time-axis');
  const longRange = T.t1 - T.t0 > 36 * 3600 * 1000;
  const ticks = [];
  const ep = T.earliest >= 0 ? pct(ms(R.timeline[T.earliest].time)) : -100;
  for (let k = 1; k < 6; k++) {
    const t = T.t0 + (k * (T.t1 - T.t0)) / 6;
    if (Math.abs(pct(t) - ep) < 10) continue; // keep the earliest-failure label readable
    const iso = new Date(t).toISOString();
    ticks.push(el('span', { class: 'tick', style: 'left:' + pct(t).toFixed(3) + '%', text: longRange ? iso.slice(5, 16).replace('T', ' ') : iso.slice(11, 19) }));
  }
  axis.replaceChildren(...ticks);
  if (T.earliest >= 0) {
    const p = pct(ms(R.timeline[T.earliest].time)).toFixed(3);
    axis.append(el('div', { id: 'earliest-failure', style: 'left:' + p + '%', title: 'earliest failure', 'data-entry': T.earliest }, [el('span', { text: 'earliest failure' })]));
    $('#lanes .spacer').append(el('div', { class: 'earliest-line', style: 'left:calc(var(--label-w) + (100% - var(--label-w)) * ' + p + ' / 100)' }));
  }
}

// Virtual is a scrolled list of fixed-height items of which only the
// visible ones are in the DOM.
function Virtual(vp, count, height, draw) {
  const spacer = $('.spacer', vp);
  spacer.style.height = count * height + 'px';
  const live = new Map();
  let queued = false;
  function update() {
    queued = false;
    const h = vp.clientHeight || 300;
    const first = Math.max(0, Math.floor(vp.scrollTop / height) - MARGIN);
    const last = Math.min(count, Math.ceil((vp.scrollTop + h) / height) + MARGIN);
    for (const [i, node] of live) if (i < first || i >= last) { node.remove(); live.delete(i); }
    for (let i = first; i < last; i++) {
      if (live.has(i)) continue;
      const node = draw(i);
      node.style.top = i * height + 'px';
      spacer.append(node);
      live.set(i, node);
    }
  }
  vp.addEventListener('scroll', () => { if (!queued) { queued = true; requestAnimationFrame(update); } });
  return {
    update: update,
    setCount: (n) => { count = n; spacer.style.height = n * height + 'px'; },
    redraw: () => { for (const node of live.values()) node.remove(); live.clear(); update(); },
    reveal: (i) => { const h = vp.clientHeight || 300; if (i * height < vp.scrollTop || (i + 1) * height > vp.scrollTop + h) vp.scrollTop = Math.max(0, i * height - h / 2); },
  };
}

function drawLane(k) {
  const li = T.laneRows[k];
  const lane = T.lanes[li];
  const es = R.timeline;
  const track = el('div', { class: 'lane-track' });
  const seen = new Set();
  for (const i of lane.idx) {
    if (T.match && !T.match.has(i)) continue;
    const e = es[i];
    const loop = e.count > 1 && e.firstTime && e.lastTime;
    const a = pct(ms(loop ? e.firstTime : e.time)), b = pct(ms(loop ? e.lastTime : e.time));
    const bucket = (loop ? 'L' : 'P') + (e.failure ? 'f' : '') + Math.round(a * 10) + ':' + Math.round(b * 10);
    if (seen.has(bucket) && i !== T.earliest && i !== T.selected) continue;
    seen.add(bucket);
    let cls = loop ? 'loop' : 'mark';
    if (e.failure) cls += ' failure';
    if (e.type === 'change') cls += ' change';
    if (i === T.earliest) cls += ' earliest';
    if (i === T.selected) cls += ' selected';
    const style = 'left:' + a.toFixed(3) + '%' + (loop ? ';width:' + Math.max(0, b - a).toFixed(3) + '%' : '');
    track.append(el('div', { class: cls, style: style, 'data-entry': i,
      title: stamp(e.time) + ' ' + e.reason + (loop ? ' ×' + e.count : '') + ': ' + e.message,
      on: { click: () => App.selectEntry(i) } }));
  }
  return el('div', { class: 'swimlane', 'data-lane': li, 'data-object': lane.key }, [
    el('div', { class: 'lane-label', title: lane.key, on: { click: () => App.selectObject(lane.ref) } }, [lane.key]), track]);
}

function drawRow(k) {
  const i = T.rows[k];
  const e = R.timeline[i];
  let cls = 'entry';
  if (e.failure) cls += ' failure';
  if (i === T.earliest) cls += ' earliest';
  if (T.explained.has(i)) cls += ' explained';
  if (i === T.selected) cls += ' selected';
  return el('div', { class: cls, id: 'entry-' + i, 'data-index': i, on: { click: () => App.selectEntry(i, true) } }, [
    el('span', { class: 'time', text: stamp(e.time) }), el('span', { class: 'obj', text: refStr(e.object), title: refStr(e.object) }),
    el('span', { class: 'reason', text: e.reason }), el('span', { class: 'msg', text: e.message, title: e.message }),
    e.count > 1 ? el('span', { class: 'count', text: '×' + e.count }) : null]);
}
