// The hypothesis ledger, with every citation linked into the timeline.
function renderLedger() {
  const hs = R.hypotheses || [];
  const body = $('#ledger .body');
  if (!hs.length) { body.replaceChildren(el('p', { text: 'No rule matched the bundle.' })); return; }
  body.replaceChildren(el('table', { id: 'ledger-table' }, [
    el('colgroup', {}, ['c-hyp', 'c-sup', 'c-con', 'c-next', 'c-status'].map((c) => el('col', { class: c }))),
    el('thead', {}, [el('tr', {}, ['Hypothesis', 'Supporting evidence', 'Contradicting evidence', 'Next read-only check', 'Status'].map((h) => el('th', { text: h })))]),
    el('tbody', {}, hs.map((h, i) => el('tr', { class: 'hypothesis' + (i === 0 ? ' top' : ''), id: 'hypothesis-' + h.rank, 'data-id': h.id }, [
      el('td', {}, [el('strong', { text: '#' + h.rank + ' ' + h.cause }), ' on ', objLink(h.subject),
        el('div', { text: h.summary }), el('div', { class: 'hint', text: 'rule ' + h.rule + (h.layer ? ', layer ' + h.layer : '') + ', score ' + h.score +
          (h.explainedBy && h.explainedBy.length ? ', explained by ' + h.explainedBy.join(', ') : '') })]),
      el('td', {}, [list(h.supporting, evLink)]), el('td', {}, [list(h.contradicting, evLink)]),
      el('td', {}, [el('code', { text: orDash(h.nextCheck) })]), el('td', {}, [pill(h.status)])]))),
  ]));
}
