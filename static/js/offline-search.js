// The offline search: answers the search box and the search page from the saved indexes of the
// editions kept on this phone (built by the server, rulebook/offline/search_index.py, with the
// server search's folding and stemming). Words are folded as the server folds them; each typed word
// must match a word of an item's names: whole, as a stem of it, as the start of a name word (the
// word being typed), or with one typo. Names in the reader's language count more than the others.
(function () {
  "use strict";
  const KIND_ORDER = { skill: 0, trait: 0, section: 1, table: 2, term: 3, row: 4 };
  const loaded = {};

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u034e\u0350-\u036f]/g, "").toLowerCase();
  }
  function words(text) {
    return fold(text).match(/[\p{L}\p{N}]+/gu) || [];
  }

  // Edit distance with adjacent transpositions, stopping early once over one.
  function withinOneEdit(a, b) {
    if (a === b) return true;
    const la = a.length;
    const lb = b.length;
    if (Math.abs(la - lb) > 1) return false;
    let i = 0;
    while (i < la && i < lb && a[i] === b[i]) i++;
    if (la === lb) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true; // one letter changed
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
    }
    return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1); // one letter more or less
  }

  function prepare(index) {
    const kinds = index.labels.kinds;
    return index.items.map((item) => ({
      kind: item[0],
      url: item[1],
      title: item[2],
      english: item[3],
      own: item[4] ? item[4].split(" ") : [],
      other: item[5] ? item[5].split(" ") : [],
      folded: words(item[2]).join(" "),
      meta: (kinds[item[0]] || item[0]) + " · " + index.labels.ruleset,
      ruleset: index.ruleset,
    }));
  }

  async function indexes(state) {
    const found = [];
    let labels = null;
    for (const ruleset of (state && state.rulesets) || []) {
      if (!loaded[ruleset.index]) {
        loaded[ruleset.index] = fetch(ruleset.index)
          .then((response) => (response.ok ? response.json() : null))
          .then((index) => index && { items: prepare(index), labels: index.labels, stopwords: new Set(index.stopwords) })
          .catch(() => null);
      }
      const index = await loaded[ruleset.index];
      if (index) {
        found.push(index);
        labels = labels || index.labels;
      }
    }
    return { list: found, labels: labels || (state && state.messages) || {} };
  }

  function wordScore(word, keys, last) {
    let best = 0;
    for (const key of keys) {
      let score = 0;
      if (key === word) score = 10;
      else if (key.length >= 3 && word.length > key.length && word.length - key.length <= 4 && word.startsWith(key)) score = 9;
      else if (last && word.length >= 2 && key.startsWith(word)) score = 8;
      else if (word.length >= 4 && withinOneEdit(word, key)) score = 6;
      else if (last && word.length >= 4 && key.length > word.length && withinOneEdit(word, key.slice(0, word.length))) score = 5;
      if (score > best) best = score;
      if (best === 10) break;
    }
    return best;
  }

  function match(query, found, current) {
    const typed = words(query).slice(0, 12);
    if (!typed.length || !found.list.length) return [];
    const stopwords = found.list[0].stopwords;
    let content = typed.filter((w) => !stopwords.has(w));
    if (!content.length) content = typed;
    const last = typed[typed.length - 1];
    const whole = typed.join(" ");
    const results = [];
    for (const index of found.list) {
      for (const item of index.items) {
        let score = 0;
        let all = true;
        for (const word of content) {
          const isLast = word === last;
          const own = wordScore(word, item.own, isLast);
          const other = own === 10 ? 0 : wordScore(word, item.other, isLast) * 0.7;
          const best = Math.max(own, other);
          if (!best) {
            all = false;
            break;
          }
          score += best;
        }
        if (!all) continue;
        if (item.folded === whole) score += 25;
        else if (item.folded.startsWith(whole)) score += 12 + whole.length / item.folded.length;
        results.push({ item: item, score: score });
      }
    }
    results.sort(
      (a, b) =>
        (a.item.ruleset !== current) - (b.item.ruleset !== current) ||
        b.score - a.score ||
        KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] ||
        a.item.title.length - b.item.title.length,
    );
    return results.map((r) => r.item);
  }

  // The title with the typed words marked where a name word starts with them.
  function titleNode(title, query) {
    const span = document.createElement("span");
    span.className = "result__title";
    const typed = words(query);
    const folded = Array.from(title).map((c) => fold(c).charAt(0) || c).join("");
    const marks = new Array(title.length).fill(false);
    for (const word of typed) {
      let at = folded.indexOf(word);
      while (at >= 0) {
        if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1])) for (let i = at; i < at + word.length; i++) marks[i] = true;
        at = folded.indexOf(word, at + 1);
      }
    }
    let i = 0;
    while (i < title.length) {
      let j = i;
      while (j < title.length && marks[j] === marks[i]) j++;
      const text = document.createTextNode(title.slice(i, j));
      if (marks[i]) {
        const mark = document.createElement("mark");
        mark.appendChild(text);
        span.appendChild(mark);
      } else span.appendChild(text);
      i = j;
    }
    return span;
  }

  function list(items, query, labels, limit) {
    const ol = document.createElement("ol");
    ol.className = "results results--suggestions results--offline";
    ol.setAttribute("aria-label", labels.suggestions || labels.offline_search || "");
    for (const item of items.slice(0, limit)) {
      const li = document.createElement("li");
      li.className = "result";
      const link = document.createElement("a");
      link.href = item.url;
      link.appendChild(titleNode(item.title, query));
      if (item.english) {
        const english = document.createElement("span");
        english.className = "result__en";
        english.lang = "en";
        english.textContent = item.english;
        link.appendChild(english);
      }
      const meta = document.createElement("span");
      meta.className = "result__meta";
      meta.textContent = item.meta;
      link.appendChild(meta);
      li.appendChild(link);
      ol.appendChild(li);
    }
    if (!items.length) {
      const li = document.createElement("li");
      li.className = "result result--empty";
      li.textContent = (labels.nothing || "").replace("{query}", query);
      ol.appendChild(li);
    }
    return ol;
  }

  function heading(labels) {
    const note = document.createElement("p");
    note.className = "results__offline";
    note.textContent = labels.offline_search || "";
    return note;
  }

  async function render(query, container, state, current, limit) {
    const found = await indexes(state);
    container.replaceChildren();
    if (!query.trim()) return;
    const items = match(query, found, current);
    container.append(heading(found.labels), list(items, query, found.labels, limit));
  }

  window.RulesOfflineSearch = {
    match: async (query, state, current) => match(query, await indexes(state), current || ""),
    suggest: (query, box, state, current) => render(query, box, state, current, 8),
    page: (query, container, state, current) => render(query, container, state, current, 50),
    fold: fold,
  };
})();
