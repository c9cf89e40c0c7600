// /static/copy.js: the account page's Copy buttons (the page works without it: the text is
// selectable). A file, so that the CSP can forbid inline scripts.

/** The script's text, served as /static/copy.js. */
export const COPY_JS = `document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(source.textContent);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select the text and copy it";
  }
  setTimeout(() => { button.textContent = label; }, 2000);
});
`;
