// Building the page without ever parsing HTML from strings.
//
// NB: names are student input. Every text goes into the page as a text node (textContent), never
// through innerHTML, so "<img onerror=...>" typed as a name shows as those characters. A test holds
// the client's files to this (no innerHTML, outerHTML, insertAdjacentHTML or document.write).

/**
 * Makes an element: h("button", {class: "big", onclick: f, "aria-label": "Sit"}, "Sit", child, ...).
 * Attributes starting with "on" are listeners; strings and numbers among the children become text.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      element.className = value;
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Adds children (elements, strings, numbers, arrays of them; null and undefined are skipped). */
export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replaces an element's children. */
export function replace(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

/** Says something to screen reader users, politely, through the page's live region. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // NB: a new text node after a tick, so the same sentence twice is announced twice.
  setTimeout(() => { region.textContent = text; }, 30);
}
