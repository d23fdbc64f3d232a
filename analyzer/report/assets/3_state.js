// The layer × workload matrix and the rollout pipelines. Cells and stages
// open their evidence in #evidence-panel. Past STATE_PAGE workloads, those
// that have not converged come first and the rest a page at a time.
const STATE_PAGE = 200;

function stateOrder() {
  const ws = (R.workloads || []).map((w, i) => [w, i]);
  if (ws.length <= STATE_PAGE) return ws;
  return ws.filter(([w]) => w.convergence !== 'converged').concat(ws.filter(([w]) => w.convergence === 'converged'));
}

function renderMatrix() {
  const ws = stateOrder();
  const table = $('#matrix');
  const head = el('tr', {}, [el('th', { text: 'Workload' }), el('th', { text: 'Convergence' })].concat(LAYERS.map((l) => el('th', { class: 'layer', text: l }))));
  const body = el('tbody');
  table.replaceChildren(el('thead', {}, [head]), body);
  if (!ws.length) { table.append(el('caption', { text: 'No workloads in this bundle.' })); return; }
  paged(body, table.parentNode, ws, STATE_PAGE, ([w, wi]) => matrixRow(w, wi), 'workloads');
}

function matrixRow(w, wi) {
  const lead = [el('th', {}, [objLink(w.ref)]), el('td', {}, [pill(w.convergence)])];
  if (w.detailOmitted) {
    return el('tr', { 'data-workload': refStr(w.ref), id: 'workload-' + wi, class: 'detail-omitted' }, lead.concat([
      el('td', { colspan: LAYERS.length, class: 'hint', text: w.convergenceReason + ' (layers left out of this report; rift analyze --full keeps them)' })]));
  }
  const byName = new Map((w.layers || []).map((l) => [l.name, l]));
  const cells = LAYERS.map((name) => {
    const l = byName.get(name);
    const status = l ? l.status : 'notApplicable';
    return el('td', { class: 'cell status-' + status, 'data-workload': refStr(w.ref), 'data-layer': name, title: name + ': ' + status,
      on: { click: (ev) => { selectCell(ev.currentTarget); showLayer(w, name, l); } } },
      [l ? status : '—', l && l.revision ? el('span', { class: 'rev', text: l.revision }) : null]);
  });
  return el('tr', { 'data-workload': refStr(w.ref), id: 'workload-' + wi }, lead.concat(cells));
}

function selectCell(td) {
  for (const s of document.querySelectorAll('#matrix td.selected')) s.classList.remove('selected');
  td.classList.add('selected');
}

function showLayer(w, name, l) {
  if (!l) { showPanel('evidence-panel', refStr(w.ref) + ' · ' + name, [el('p', { text: 'This layer does not apply to this object.' })]); return; }
  const divs = (w.divergences || []).filter((d) => d.between[0] === name || d.between[1] === name);
  showPanel('evidence-panel', refStr(w.ref) + ' · ' + name + ': ' + l.status, [
    kv([['Identity', l.identity], ['Revision', l.revision]]),
    el('h3', { text: 'Evidence' }), evidenceList(l.evidence, l.evidenceOmitted),
    divs.length ? el('h3', { text: 'Divergences' }) : null, divs.length ? divergenceTable(divs) : null]);
}

function divergenceTable(divs) {
  return el('table', { class: 'diverge' }, [
    el('tr', {}, ['Between', 'Object', 'Field', 'Expected', 'Observed', 'Owner'].map((h) => el('th', { text: h }))),
    ...divs.map((d) => el('tr', {}, [
      el('td', { text: d.between[0] + ' → ' + d.between[1] }), el('td', {}, [objLink(d.object)]),
      el('td', { class: 'mono', text: d.path }), el('td', { class: 'mono', text: raw(d.expected) }),
      el('td', { class: 'mono', text: raw(d.observed) }), el('td', { text: orDash(d.owner) })])),
  ]);
}

function raw(v) { return v === undefined || v === null ? 'absent' : JSON.stringify(v); }

function renderPipelines() {
  const box = $('#pipelines');
  box.replaceChildren();
  const ws = stateOrder().filter(([w]) => !w.detailOmitted);
  paged(box, box, ws, STATE_PAGE, ([w]) => {
    const byName = new Map((w.stages || []).map((s) => [s.name, s]));
    return el('div', { class: 'pipeline', 'data-workload': refStr(w.ref) }, [
      el('span', { class: 'name', title: refStr(w.ref) }, [objLink(w.ref)]),
      el('ol', {}, STAGES.map((name) => {
        const s = byName.get(name);
        const status = s ? s.status : 'unknown';
        return el('li', { class: 'stage status-' + status, 'data-stage': name, title: name + ': ' + status,
          on: { click: () => showPanel('evidence-panel', refStr(w.ref) + ' · stage ' + name + ': ' + status, [evidenceList(s ? s.evidence : [], s && s.evidenceOmitted)]) } },
        [name]);
      })),
    ]);
  }, 'pipelines');
}

// showWorkload is the object view of a workload: its verdict, owners, pods
// and divergences.
function showWorkload(w) {
  const pods = w.pods || [];
  const ef = (R.earliestPerWorkload || {})[refStr(w.ref)];
  const efNode = ef ? el('a', { class: 'entry-link', href: '#', on: { click: (e) => { e.preventDefault(); App.selectEntry(ef.index); } },
    text: refStr(ef.entry.object) + ' ' + ef.entry.reason + ' at ' + stamp(ef.entry.time) }) : 'none found';
  showPanel('evidence-panel', refStr(w.ref) + ': ' + w.convergence, [
    el('p', { text: w.convergenceReason || '' }),
    kv([['Owned by', (w.owners || []).map(refStr).join(', ')], ...(w.waitsOn ? [['Waits on', w.waitsOn.map(refStr).join(', ')]] : []), ['Earliest failure', efNode]]),
    pods.length ? el('table', { class: 'diverge' }, [
      el('tr', {}, ['Pod', 'Revision', 'Phase', 'Ready', 'Restarts', 'Reason'].map((h) => el('th', { text: h }))),
      ...pods.map((p) => el('tr', {}, [p.name, orDash(p.revision) + (p.revision && !p.current ? ' (old)' : ''), orDash(p.phase),
        p.ready ? 'yes' : 'no', String(p.restarts), orDash(p.reason)].map((t) => el('td', { text: t }))))]) : null,
    w.podsOmitted ? el('p', { class: 'hint omitted', text: w.podsOmitted + ' more pods left out of this report; rift analyze --full keeps them.' }) : null,
    (w.divergences || []).length ? el('h3', { text: 'Divergences' }) : null,
    (w.divergences || []).length ? divergenceTable(w.divergences) : null,
    w.divergencesOmitted ? el('p', { class: 'hint omitted', text: w.divergencesOmitted + ' more divergences left out of this report; rift analyze --full keeps them.' }) : null,
    w.detailOmitted ? el('p', { class: 'hint omitted', text: 'Its stages, layers and pods are left out of this report; rift analyze --full keeps them.' }) : null]);
}
