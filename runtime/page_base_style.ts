// The rules every page of ours shares, whichever service serves it: the colours, the page box,
// body type, links, the visible focus ring, the skip link and the header with the brand. Each
// service's stylesheet puts the colour declarations in its own :root rules (search switches
// themes by attribute, the diagram pages follow the system) and adds its own colours and rules.

/** The shared colours, light: declarations for a :root rule. */
export const LIGHT_COLOURS = `--bg: #ffffff;
  --fg: #1f2328;
  --muted: #59636e;
  --border: #d1d9e0;
  --surface: #f6f8fa;
  --link: #0550ae;
  --accent: #0969da;
  --focus: #bf3989;`;

/** The shared colours, dark. */
export const DARK_COLOURS = `--bg: #0d1117;
  --fg: #e6edf3;
  --muted: #9198a1;
  --border: #3d444d;
  --surface: #151b23;
  --link: #58a6ff;
  --accent: #4493f8;
  --focus: #f778ba;`;

export const PAGE_BASE_CSS = `*,
*::before,
*::after {
  box-sizing: border-box;
}

body {
  margin: 0;
  background: var(--bg);
  color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}

a {
  color: var(--link);
}

:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

.skip-link {
  position: absolute;
  left: 0.5rem;
  top: -3rem;
  padding: 0.5rem 1rem;
  background: var(--bg);
  border: 1px solid var(--border);
  z-index: 1;
}

.skip-link:focus {
  top: 0.5rem;
}

.site-header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid var(--border);
}

.brand {
  font-weight: 700;
  font-size: 1.25rem;
  text-decoration: none;
}
`;
