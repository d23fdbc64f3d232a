// The timeline filter: a text query over object, reason and message, and a
// failures-only switch. It narrows both the swimlanes (lanes without a match
// disappear, marks that do not match are not drawn) and the entry list.
let haystack = null; // lower-cased search text per entry, built on first use

function applyFilter(query, failuresOnly) {
  const es = R.timeline || [];
  const q = query.trim().toLowerCase();
  T.match = null;
  if (q || failuresOnly) {
    if (q && !haystack) haystack = es.map((e) => (refStr(e.object) + ' ' + e.reason + ' ' + e.message).toLowerCase());
    T.match = new Set();
    es.forEach((e, i) => { if ((!failuresOnly || e.failure) && (!q || haystack[i].includes(q))) T.match.add(i); });
  }
  T.rows = T.match ? [...T.match] : es.map((_, i) => i);
  T.laneRows = T.lanes.filter((l) => !T.match || l.idx.some((i) => T.match.has(i))).map((l) => l.index);
  T.rowPos = new Map(T.rows.map((i, k) => [i, k]));
  T.lanePos = new Map(T.laneRows.map((li, k) => [li, k]));
  T.laneView.setCount(T.laneRows.length);
  T.rowView.setCount(T.rows.length);
  T.laneView.redraw();
  T.rowView.redraw();
  const status = $('#filter-status');
  if (status) status.textContent = T.match ? T.rows.length + ' of ' + es.length + ' entries, on ' + T.laneRows.length + ' objects' : '';
}

function clearFilter() {
  $('#timeline-filter').value = '';
  $('#failures-only').checked = false;
  applyFilter('', false);
}

function revealRow(i) { if (T.rowPos.has(i)) T.rowView.reveal(T.rowPos.get(i)); }
function revealLane(li) { if (T.lanePos.has(li)) T.laneView.reveal(T.lanePos.get(li)); }

function wireFilter() {
  const input = $('#timeline-filter'), box = $('#failures-only');
  let timer = 0;
  const run = () => { clearTimeout(timer); timer = setTimeout(() => applyFilter(input.value, box.checked), 120); };
  input.addEventListener('input', run);
  box.addEventListener('change', run);
}
