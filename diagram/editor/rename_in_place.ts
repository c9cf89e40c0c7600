// The bar's Rename form, without leaving the editor: the page works without JavaScript (the form
// posts and comes back), but a person drawing should not have the editor reload to rename it.
// The new name goes over the REST API; the title, the heading and the field follow.

export function renameInPlace(diagramId: string): void {
  const form = document.querySelector<HTMLFormElement>("form.rename");
  const input = document.getElementById("diagram-name") as HTMLInputElement | null;
  const said = document.getElementById("rename-status");
  if (!form || !input || !said) return;
  input.addEventListener("input", () => input.setCustomValidity(""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name === "" || name === input.defaultValue) return;
    const refused = (problem: string) => {
      input.setCustomValidity(problem);
      input.reportValidity();
    };
    try {
      const response = await fetch(`/api/diagrams/${diagramId}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) return refused(body.error ?? `Not renamed (HTTP ${response.status})`);
      input.value = input.defaultValue = body.name;
      document.title = `${body.name} · Diagrams`;
      const heading = document.querySelector("h1");
      if (heading) heading.textContent = body.name;
      said.textContent = `Renamed to “${body.name}”`;
    } catch (error) {
      refused(`Not renamed: ${error}`);
    }
  });
}
