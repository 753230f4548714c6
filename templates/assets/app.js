// Landing page: curl examples on this host, the search box and the panel of a comune. Vanilla JS, no build step.
import { showComune } from './comune-panel.js';
import { attachSearch } from './search.js';

// The curl examples name the host the page is served from.
for (const base of document.querySelectorAll('.base')) base.textContent = location.origin;

const panel = document.getElementById('comune');

async function open(code) {
  if (await showComune(panel, code)) panel.scrollIntoView({ block: 'start' });
}

attachSearch({
  input: document.getElementById('cerca-comune'),
  list: document.getElementById('cerca-risultati'),
  status: document.getElementById('cerca-stato'),
  onChoose: (result) => {
    history.replaceState(null, '', `#comune-${result.codice_istat}`);
    open(result.codice_istat);
  },
});

/** A link to #comune-058091 (here or from the map) opens that comune's panel; a link to a closed section (#metodo-redditi) opens it. */
function openLinked() {
  const linked = /^#comune-(\d{6})$/.exec(location.hash);
  if (linked) return open(linked[1]);
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target instanceof HTMLDetailsElement) {
    target.open = true;
    target.scrollIntoView({ block: 'start' });
  }
}
window.addEventListener('hashchange', openLinked);
openLinked();
