// The hypothesis ledger, with every citation linked into the timeline. A
// grouped entry lists its members (each with its own subject and status)
// when it is opened, so a group of thousands costs nothing until then; a
// ledger of more than LEDGER_PAGE entries is drawn a page at a time.
const LEDGER_PAGE = 100;

function renderLedger() {
  const hs = R.hypotheses || [];
  const body = $('#ledger .body');
  if (!hs.length) { body.replaceChildren(el('p', { text: 'No rule matched the bundle.' })); return; }
  const rows = el('tbody');
  const table = el('table', { id: 'ledger-table' }, [
    el('colgroup', {}, ['c-hyp', 'c-sup', 'c-con', 'c-next', 'c-status'].map((c) => el('col', { class: c }))),
    el('thead', {}, [el('tr', {}, ['Hypothesis', 'Supporting evidence', 'Contradicting evidence', 'Next read-only check', 'Status'].map((h) => el('th', { text: h })))]),
    rows]);
  body.replaceChildren(table);
  paged(rows, table, hs, LEDGER_PAGE, (h) => el('tr', { class: 'hypothesis' + (h.rank === 1 ? ' top' : '') + (h.members ? ' group' : ''), id: 'hypothesis-' + h.rank, 'data-id': h.id }, [
    el('td', {}, hypothesisCell(h)),
    el('td', {}, [evidenceList(h.supporting, h.supportingOmitted)]), el('td', {}, [evidenceList(h.contradicting, h.contradictingOmitted)]),
    el('td', {}, [el('code', { text: orDash(h.nextCheck) })]), el('td', {}, [pill(h.status)])]), 'entries');
}

function hypothesisCell(h) {
  const head = h.members
    ? [el('strong', { text: '#' + h.rank + ' ' + h.cause + ': ' }), el('span', { class: 'extent', text: h.extent })]
    : [el('strong', { text: '#' + h.rank + ' ' + h.cause }), ' on ', objLink(h.subject)];
  return head.concat([
    h.members ? el('div', {}, ['first ', objLink(h.subject), ': ' + h.summary]) : el('div', { text: h.summary }),
    el('div', { class: 'hint', text: 'rule ' + h.rule + (h.layer ? ', layer ' + h.layer : '') + ', score ' + h.score +
      (h.explainedBy && h.explainedBy.length ? ', explained by ' + h.explainedBy.join(', ') : '') }),
    h.members ? membersNode(h) : null]);
}

// membersNode is a group's member list, drawn when first opened.
function membersNode(h) {
  const list = el('ul', { class: 'member-list' });
  const box = el('details', { class: 'members', 'data-members': h.members.length }, [el('summary', { text: h.members.length + ' members' }), list]);
  box.addEventListener('toggle', () => {
    if (!box.open || list.childElementCount) return;
    list.replaceChildren(...h.members.map((m) => el('li', { class: 'member', 'data-id': m.id }, [
      objLink(m.subject), ' ', pill(m.status), m.owner ? ' of ' : null, m.owner ? objLink(m.owner) : null,
      m.summary ? el('div', { class: 'hint', text: m.summary }) : null])));
  });
  return box;
}

// evidenceList is a list of citations, with what the report left out.
function evidenceList(items, omitted) {
  const node = list(items, evLink);
  if (!omitted) return node;
  return el('div', {}, [node, el('p', { class: 'hint omitted', text: omitted + ' more left out of this report; rift analyze --full keeps them.' })]);
}
