// /static/gallery.js: drag a card onto any link to a collection (the sidebar, "No collection", a
// sub-collection tile, a breadcrumb) to move the diagram there, through the same
// PATCH /api/diagrams/:id the REST clients use. The page works without it: every card's Actions
// menu has Move…. It also closes an open Actions menu on Escape (focus back on its button) or on a
// click elsewhere, as a menu does; a <details> alone stays open. After a delete it moves the focus
// to the notice that says where the diagram went (pages/trash_notices.ts), so a screen reader
// reads it and its Undo is the next Tab stop.

/** The script's text, served as /static/gallery.js. */
export const GALLERY_JS = `const TYPE = "application/x-diagram-id";
const status = document.getElementById("moved");
const PLACE = /^\\/c\\/([A-Za-z0-9_-]+)$/;

/** The link to a collection (or to /c/none) under the pointer, with the place it names. */
function dropTarget(event) {
  const link = event.target.closest && event.target.closest("a[href^='/c/']");
  const place = link && PLACE.exec(link.getAttribute("href"));
  return place ? { link, place: place[1] } : null;
}

function say(message, failed) {
  if (!status) return;
  status.textContent = message;
  status.hidden = false;
  status.classList.toggle("error", failed);
}

function adjustCount(place, delta) {
  const count = document.querySelector('.sidebar a[href="/c/' + CSS.escape(place) + '"] .count');
  if (count) count.textContent = String(Number(count.textContent) + delta);
}

document.addEventListener("dragstart", (event) => {
  const card = event.target.closest && event.target.closest(".card[data-diagram-id]");
  if (!card) return;
  event.dataTransfer.setData(TYPE, card.dataset.diagramId);
  event.dataTransfer.effectAllowed = "move";
});

document.addEventListener("dragover", (event) => {
  const target = dropTarget(event);
  if (!target || !event.dataTransfer.types.includes(TYPE)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "move";
  target.link.classList.add("drop-target");
});

document.addEventListener("dragleave", (event) => {
  const target = dropTarget(event);
  if (target) target.link.classList.remove("drop-target");
});

document.addEventListener("drop", async (event) => {
  const target = dropTarget(event);
  const id = event.dataTransfer.getData(TYPE);
  if (!target || !id) return;
  event.preventDefault();
  target.link.classList.remove("drop-target");
  const card = document.querySelector('.card[data-diagram-id="' + CSS.escape(id) + '"]');
  const from = card ? card.dataset.collection : "";
  const place = target.place;
  if (place === from) return;
  const name = card ? card.querySelector(".name").textContent : "The diagram";
  const where = place === "none" ? "No collection" : target.link.firstChild.textContent.trim();
  let answer;
  try {
    answer = await fetch("/api/diagrams/" + encodeURIComponent(id), {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ collectionId: place === "none" ? null : place }),
    });
  } catch {
    say("Could not reach the server: " + name + " was not moved.", true);
    return;
  }
  if (!answer.ok) {
    const body = await answer.json().catch(() => ({}));
    say(name + " was not moved: " + (body.error || "the server answered " + answer.status) + ".", true);
    return;
  }
  adjustCount(from, -1);
  adjustCount(place, 1);
  if (card) {
    card.dataset.collection = place;
    // A page that lists one place no longer shows a diagram moved elsewhere.
    if (status && status.dataset.shown !== "all") card.remove();
  }
  say("Moved " + name + " to " + where + ".", false);
});

function closeMenus(except) {
  for (const menu of document.querySelectorAll("details.menu[open]")) {
    if (menu !== except) menu.open = false;
  }
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menu = document.activeElement && document.activeElement.closest("details.menu[open]");
  closeMenus();
  if (menu) menu.querySelector("summary").focus();
});

document.addEventListener("click", (event) => {
  closeMenus(event.target.closest && event.target.closest("details.menu"));
});

const trashed = document.getElementById("trashed");
if (trashed) trashed.focus();
`;
