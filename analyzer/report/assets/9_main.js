// Build the page: the sections drawn from #report-data at once, the lead
// and repair once the ledger is decompressed, then the big sections that
// open as the page loads. The others are drawn when opened (openSection).
// html[data-ready] marks the end of it, for people and tests alike.
for (const s of SECTIONS) {
  const box = document.getElementById(s.id);
  $('summary .count', box).textContent = s.count;
  box.addEventListener('toggle', () => { if (box.open) openSection(s.id); });
}
renderScope();
renderVerification();
renderResidual();
// The open sections are drawn one after another, in page order: a
// section that measures itself as it is drawn (the timeline does) then
// lays out only what is above it.
SECTIONS.filter((s) => s.open).reduce((done, s) => done.then(() => openSection(s.id)),
  need('hypotheses').then(() => { renderLead(); renderRepair(); }))
  .then(() => { document.documentElement.dataset.ready = 'true'; });
