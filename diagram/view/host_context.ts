// What the host says about where the view is shown, applied to the document: light or dark, the
// host's style variables, and whether the host fixes the view's height or lets it choose.
import {
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";

export type Theme = "light" | "dark";

export function themeOf(context: McpUiHostContext | undefined): Theme {
  if (context?.theme === "dark" || context?.theme === "light") return context.theme;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The height the host allows the view inline, when it sets one; null when the view chooses. */
export function maxHeightOf(context: McpUiHostContext | undefined): number | null {
  const dimensions = context?.containerDimensions as Record<string, unknown> | undefined;
  const max = dimensions?.maxHeight;
  return typeof max === "number" && max > 0 ? max : null;
}

/** Whether the host gives the view a fixed height (the view fills it, never asks for more). */
export function fixedHeight(context: McpUiHostContext | undefined): boolean {
  const dimensions = context?.containerDimensions as Record<string, unknown> | undefined;
  return typeof dimensions?.height === "number";
}

export function applyHostContext(context: McpUiHostContext | undefined): void {
  // data-theme, which view.css follows, and the native controls' color-scheme.
  applyDocumentTheme(themeOf(context));
  const root = document.documentElement;
  const variables = context?.styles?.variables;
  if (variables) applyHostStyleVariables(variables);
  root.classList.toggle(
    "fixed-height",
    fixedHeight(context) || context?.displayMode === "fullscreen",
  );
}
