// Core helpers. The report arrives as JSON in #report-data, its big parts
// (workloads, timeline, ledger) each gzip-compressed in #part-<key>, and
// the sections that draw them in #report-sections. Every view is built
// from it with DOM calls that set text, so no value from the bundle is
// ever parsed as markup.
const R = JSON.parse(document.getElementById('report-data').textContent);
const SECTIONS = JSON.parse(document.getElementById('report-sections').textContent);
const parts = {}; // key -> promise of the part, decompressed into R[key]

// need decompresses a part into R once, on first use.
function need(key) {
  if (!parts[key]) parts[key] = inflate(document.getElementById('part-' + key)).then((v) => { R[key] = v; });
  return parts[key];
}

async function inflate(node) {
  const bin = atob(node.textContent);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(text);
}

// paged appends draw(item) for the items to box a page at a time; a button
// after the element `after` draws the next page, so that thousands of rows
// cost nothing until someone asks for them.
function paged(box, after, items, page, draw, noun) {
  let shown = 0;
  const more = el('button', { type: 'button', class: 'more', on: { click: () => next() } });
  function next() {
    const end = Math.min(items.length, shown + page);
    const frag = document.createDocumentFragment();
    for (; shown < end; shown++) frag.append(draw(items[shown]));
    box.append(frag);
    if (shown < items.length) {
      more.textContent = 'Show ' + Math.min(page, items.length - shown) + ' more (' + shown + ' of ' + items.length + ' ' + noun + ' shown)';
      if (!more.isConnected) after.after(more);
    } else more.remove();
  }
  next();
}
const LAYERS = ['desired', 'rendered', 'gitops', 'applied', 'controller', 'runtime', 'dependencies', 'external'];
const STAGES = ['accepted', 'actedOn', 'scheduled', 'pulled', 'started', 'ready', 'routed'];
const App = {}; // cross-view actions, filled by the view files

function $(sel, root) { return (root || document).querySelector(sel); }

function el(tag, props, children) {
  const e = document.createElement(tag);
  for (const k in props || {}) {
    const v = props[k];
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = String(v);
    else if (k === 'class') e.className = v;
    else if (k === 'on') for (const ev in v) e.addEventListener(ev, v[ev]);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children || []) {
    if (c !== null && c !== undefined && c !== false) e.append(c);
  }
  // Anything clickable that is not a link is reachable and usable from the
  // keyboard too.
  if (props && props.on && props.on.click && tag !== 'a' && tag !== 'button') {
    e.tabIndex = 0;
    e.setAttribute('role', 'button');
    e.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); e.click(); } });
  }
  return e;
}

function refStr(r) {
  if (!r) return '';
  return r.namespace ? r.kind + '/' + r.namespace + '/' + r.name : r.kind + '/' + r.name;
}

// ms parses an RFC 3339 time; Go writes up to nine fractional digits and
// Date.parse is only specified for three.
function ms(s) { return s ? Date.parse(String(s).replace(/(\.\d{3})\d+/, '$1')) : NaN; }

function stamp(s) {
  const t = ms(s);
  return isNaN(t) ? '' : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function orDash(s) { return s === undefined || s === null || s === '' ? '-' : String(s); }

function pill(status) { return el('span', { class: 'pill status-' + (status || 'unknown'), text: status || 'unknown' }); }

function evidenceText(e) {
  const where = [];
  if (e.object) where.push(refStr(e.object));
  if (e.path) where.push(e.path);
  if (e.event) where.push('event ' + e.event);
  if (e.file) where.push('[' + e.file + ']');
  if (e.time) where.push('@' + stamp(e.time));
  return where.length ? where.join(' ') + ': ' + e.message : e.message;
}

// evLink is a citation that jumps to the timeline entry or object it cites.
function evLink(e) {
  return el('a', { class: 'ev-link', href: '#', on: { click: (ev) => { ev.preventDefault(); App.gotoEvidence(e); } }, text: evidenceText(e) });
}

function objLink(ref) {
  return el('a', { class: 'obj-link', href: '#', 'data-object': refStr(ref), on: { click: (ev) => { ev.preventDefault(); App.selectObject(ref); } }, text: refStr(ref) });
}

function list(items, render) {
  if (!items || !items.length) return el('span', { class: 'muted', text: '-' });
  return el('ul', {}, items.map((x) => el('li', {}, [render(x)])));
}

function kv(pairs) {
  const dl = el('dl', { class: 'kv' });
  for (const [k, v] of pairs) dl.append(el('dt', { text: k }), el('dd', {}, [v instanceof Node ? v : orDash(v)]));
  return dl;
}

function showPanel(id, title, nodes) {
  const p = document.getElementById(id);
  p.replaceChildren(el('h3', { text: title }), ...nodes.filter((n) => n !== null && n !== undefined && n !== false));
  p.hidden = false;
}
