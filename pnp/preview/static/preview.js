// pnp preview: draws /status.json and redraws it on every `build` event from /events.
// Texts from the kit are set with textContent only, never parsed as HTML.
"use strict";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function showState(status) {
  const state = document.getElementById("state");
  const errors = status.diagnostics.filter((d) => d.severity === "error").length;
  if (status.build === 0) {
    state.textContent = "building…";
  } else if (status.ok) {
    state.textContent = `build ${status.build}: ${status.pages.length} sheet(s), ${status.seconds} s`;
  } else {
    state.textContent = `build ${status.build} failed: ${errors} error(s)` +
      (status.stale ? ", showing the last good sheets" : "");
  }
  state.className = status.ok || status.build === 0 ? "" : "failed";
}

// Outlines card `index` of status.cards on its sheet and scrolls the sheet into view.
function pointAt(status, index) {
  for (const old of document.querySelectorAll(".pointed")) old.remove();
  const card = status.cards[index];
  const paper = document.querySelector(`#sheet-${card.page} .paper`);
  if (!paper) return;
  const box = element("div", "pointed");
  const [left, top, width, height] = card.box;
  Object.assign(box.style, { left: `${left * 100}%`, top: `${top * 100}%`, width: `${width * 100}%`,
                             height: `${height * 100}%` });
  box.title = card.name;
  paper.append(box);
  paper.parentElement.scrollIntoView({ block: "center" });
}

function linkTo(status, node, index) {
  if (index === null || index === undefined) return node;
  const link = element("a", node.className);
  link.append(...node.childNodes);
  link.href = `#sheet-${status.cards[index].page}`;
  link.title = `show ${status.cards[index].name || "the card"} on sheet ${status.cards[index].page}`;
  link.addEventListener("click", (event) => { event.preventDefault(); pointAt(status, index); });
  return link;
}

function showDiagnostics(status) {
  const list = document.getElementById("diagnostics");
  list.replaceChildren(...status.diagnostics.map((d) => {
    const item = element("li", d.severity);
    item.append(element("span", "severity", d.severity), linkTo(status, element("span", "where", d.where), d.card),
                element("span", "message", d.message), " ", element("span", "rule", `[${d.rule}]`));
    if (d.hint) item.append(element("span", "hint", d.hint));
    return item;
  }));
  document.getElementById("problem-count").textContent = `(${status.diagnostics.length})`;
  document.getElementById("problems").className = status.diagnostics.length ? "" : "clean";
}

function showSheets(status) {
  const sheets = document.getElementById("sheets");
  const figures = sheets.getElementsByTagName("figure");
  status.pages.forEach((url, i) => {
    let figure = figures[i];
    if (!figure) {
      figure = element("figure");
      figure.id = `sheet-${i + 1}`;
      const paper = element("div", "paper");
      paper.append(element("img"));
      figure.append(paper, element("figcaption"));
      sheets.append(figure);
    }
    const img = figure.querySelector("img");
    if (img.getAttribute("src") !== url) img.setAttribute("src", url);  // unchanged sheets are not fetched again
    img.alt = `sheet ${i + 1}: ${status.labels[i] || ""}`;
    figure.querySelector("figcaption").textContent = `${i + 1}. ${status.labels[i] || ""}`;
  });
  while (figures.length > status.pages.length) figures[figures.length - 1].remove();
  sheets.className = status.stale ? "stale" : "";
}

function showCards(status) {
  const nav = document.getElementById("cards");
  const decks = new Map();
  status.cards.forEach((card, index) => {
    if (!decks.has(card.deck)) decks.set(card.deck, []);
    decks.get(card.deck).push(index);
  });
  const parts = [element("h2", "", `Cards (${status.cards.length})`)];
  for (const [deck, indices] of decks) {
    parts.push(element("h3", "", deck));
    const list = element("ol");
    for (const index of indices) {
      const card = status.cards[index];
      const item = element("li");
      item.append(linkTo(status, element("span", "card", card.name || `#${card.index + 1}`), index));
      list.append(item);
    }
    parts.push(list);
  }
  nav.replaceChildren(...parts);
}

let shown = -1;

async function refresh() {
  const response = await fetch("/status.json", { cache: "no-store" });
  const status = await response.json();
  if (status.build <= shown && status.build !== 0) return;
  shown = status.build;
  const x = window.scrollX, y = window.scrollY;
  showState(status);
  showDiagnostics(status);
  showSheets(status);
  showCards(status);
  window.scrollTo(x, y);  // the page is changed in place: the reader stays where they were
  document.body.dataset.build = String(status.build);
}

const events = new EventSource("/events");
events.addEventListener("build", () => { refresh().catch(() => {}); });
refresh().catch(() => {});
