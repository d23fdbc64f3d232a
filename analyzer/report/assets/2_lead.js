// Lead, scope, repair contract, verification and residual risks: the
// sections that are plain text in every format.
function renderLead() {
  const s = R.summary || {};
  const top = (R.hypotheses || [])[0];
  let mutation = s.mutationNeeded ? 'yes' : 'no';
  if (top && s.mutationNeeded) mutation += ' (owner: ' + top.repair.owner + ')';
  const ef = R.earliestFailure;
  const efNode = ef ? el('a', { class: 'entry-link', href: '#', on: { click: (e) => { e.preventDefault(); App.selectEntry(ef.index); } },
    text: refStr(ef.entry.object) + ' ' + ef.entry.reason + ' at ' + stamp(ef.entry.time) }) : 'none found';
  $('#lead').replaceChildren(
    el('h1', {}, ['rift report ', el('span', { class: 'badge verdict-' + (s.verdict || 'unknown'), id: 'verdict', text: s.verdict || 'unknown' })]),
    kv([['Impact', s.impact], ['Earliest cause', s.earliestCause], ['Earliest failure', efNode], ['Mutation needed', mutation]]));
}

function renderScope() {
  const b = R.bundle || {};
  const sc = b.scope || {};
  const id = sc.identity || {};
  const rows = [
    ['Context', sc.context], ['Cluster', [sc.cluster, sc.server].filter(Boolean).join(' ')],
    ['Identity', (id.username || '-') + (id.groups && id.groups.length ? ' (' + id.groups.join(', ') + ')' : '')],
    ['Namespaces', sc.namespaces && sc.namespaces.length ? sc.namespaces.join(', ') : 'all'],
    ['Captured', stamp(b.captureTime) + (b.captureTimeInferred ? ' (inferred)' : '')],
    ['Bundle', (b.format || '-') + ', ' + (b.objects || 0) + ' objects' + (b.collector && b.collector.name ? ', collected by ' + b.collector.name + ' ' + (b.collector.version || '') : '')],
  ];
  for (const s of b.sources || []) rows.push(['Git source', [s.name, s.url, s.revision && '@ ' + s.revision, s.path && 'path ' + s.path].filter(Boolean).join(' ')]);
  for (const n of b.notCollected || []) rows.push(['Not collected', n.resource + (n.namespace ? ' in ' + n.namespace : '') + ': ' + n.reason]);
  for (const e of b.loadErrors || []) rows.push(['Load error', (e.file || '') + (e.doc >= 0 ? '[' + e.doc + ']' : '') + ': ' + e.reason]);
  $('#scope .body').replaceChildren(kv(rows));
}

function renderRepair() {
  const h = (R.hypotheses || [])[0];
  const body = $('#repair .body');
  if (!h) { body.replaceChildren(el('p', { text: 'No hypothesis, so no repair is proposed.' })); return; }
  if (h.status !== 'supported') {
    body.replaceChildren(el('p', {}, ['The top hypothesis, #' + h.rank + ' ' + h.cause + ' on ', objLink(h.subject), ', is ' + h.status +
      ' rather than supported, so no mutation is proposed; next read-only check: ', el('code', { text: orDash(h.nextCheck) })]));
    return;
  }
  const r = h.repair || {};
  body.replaceChildren(
    el('p', {}, ['For #' + h.rank + ' ' + h.cause + ' on ', objLink(h.subject), '. rift never performs it.']),
    kv([['Owner', r.owner], ['Change', r.action],
      ['Preconditions', list(r.preconditions, (x) => x)], ['Stop conditions', list(r.stopConditions, (x) => x)],
      ['Rollback', r.rollback], ['Acceptance', list(r.acceptance, (a) => a.layer + ': ' + a.check)]]));
}

function renderVerification() {
  const v = R.verification || [];
  const body = $('#verification .body');
  if (!v.length) { body.replaceChildren(el('p', { text: 'No acceptance checks: there is no supported repair to verify.' })); return; }
  body.replaceChildren(el('table', {}, [
    el('colgroup', {}, [el('col', { class: 'c-layer' }), el('col', {})]),
    el('thead', {}, [el('tr', {}, [el('th', { text: 'Layer' }), el('th', { text: 'Check' })])]),
    el('tbody', {}, v.map((a) => el('tr', { class: 'check' }, [el('td', { text: a.layer }), el('td', { text: a.check })]))),
  ]));
}

function renderResidual() {
  const body = $('#residual .body');
  const items = R.residual || [];
  body.replaceChildren(items.length ? list(items, (x) => x) : el('p', { text: 'None recorded.' }));
}
