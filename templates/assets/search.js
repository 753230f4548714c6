// The search box with autocomplete on /api/comuni/cerca (ARIA combobox), used by the landing page and the map.
import { getJson, integer } from './comune-panel.js';
import { h } from './dom.js';

/** Wires a combobox: `input` (role combobox), `list` (role listbox), `status` (live region); `onChoose(result)` on Enter or click. */
export function attachSearch({ input, list, status, onChoose }) {
  let results = [];
  let active = -1;
  let latest = 0;
  let timer = 0;

  function closeList() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  }

  function highlight(index) {
    active = index;
    for (const [i, li] of [...list.children].entries()) li.setAttribute('aria-selected', String(i === index));
    if (index >= 0) input.setAttribute('aria-activedescendant', list.children[index].id);
  }

  function showResults(body) {
    results = body.risultati;
    list.replaceChildren(
      ...results.map((r, i) =>
        h(
          'li',
          { id: `${list.id}-opzione-${i}`, role: 'option', 'aria-selected': 'false', 'data-codice': r.codice_istat },
          h('strong', {}, r.nome),
          h(
            'span',
            { class: 'meta' },
            ` ${r.provincia.sigla} · ${r.regione.nome}${r.popolazione === null ? '' : ` · ${integer.format(r.popolazione)} ab.`}`,
          ),
        ),
      ),
    );
    status.textContent =
      results.length === 0
        ? `Nessun comune trovato per «${body.q}».`
        : `${results.length} comuni trovati: frecce per scegliere, Invio per aprire.`;
    if (results.length === 0) return closeList();
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(-1);
  }

  async function search(q) {
    // Stale answers are dropped (not aborted: an aborted request would count as a failed one).
    const ticket = ++latest;
    try {
      const body = await getJson(`/api/comuni/cerca?q=${encodeURIComponent(q)}`);
      if (ticket === latest) showResults(body);
    } catch (error) {
      if (ticket === latest) status.textContent = `Ricerca non riuscita: ${error.message}`;
    }
  }

  function choose(result) {
    if (!result) return;
    closeList();
    input.value = result.nome;
    onChoose(result);
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < 2) {
      latest++;
      closeList();
      return;
    }
    timer = setTimeout(() => search(q), 150);
  });

  input.addEventListener('keydown', (event) => {
    if (list.hidden) return;
    if (event.key === 'ArrowDown') highlight(Math.min(active + 1, results.length - 1));
    else if (event.key === 'ArrowUp') highlight(Math.max(active - 1, 0));
    else if (event.key === 'Escape') closeList();
    else if (event.key === 'Enter') choose(results[Math.max(active, 0)]);
    else return;
    event.preventDefault();
  });

  list.addEventListener('click', (event) => {
    const li = event.target.closest('li[data-codice]');
    if (li) choose(results.find((r) => r.codice_istat === li.dataset.codice));
  });

  document.addEventListener('click', (event) => {
    if (!event.target.closest('.combo')) closeList();
  });

  input.form?.addEventListener('submit', (event) => event.preventDefault());
}
