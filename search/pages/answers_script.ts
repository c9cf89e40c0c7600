// /static/answers.js: the answers' Copy buttons. The page renders them hidden and this script
// shows them only where it runs and the browser offers the clipboard (secure origins): without
// it the answer is plain text to select, and no button stands there doing nothing.

/** The script's text, served as /static/answers.js. */
export const ANSWERS_JS = `"use strict";
if (navigator.clipboard) {
  for (const button of document.querySelectorAll(".answer button[data-copy]")) {
    button.hidden = false;
  }
}
document.addEventListener("click", async (event) => {
  const button = event.target.closest(".answer button[data-copy]");
  const text = button && document.getElementById(button.dataset.copy);
  if (!text) return;
  const status = button.nextElementSibling;
  try {
    await navigator.clipboard.writeText(text.textContent.trim());
    status.textContent = "Copied";
  } catch {
    status.textContent = "Could not copy: select the text instead";
  }
  setTimeout(() => { status.textContent = ""; }, 3000);
});
`;
