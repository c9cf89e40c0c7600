// What the server writes into the view's document when it serves it (the view is built once,
// BASE_URL is known only at run time): where the full-screen editor is loaded from, and the fonts
// our SVG's labels are drawn in.

/** The JSON block's id in view.html. */
export const VIEW_CONFIG_ELEMENT_ID = "diagram-view-config";
/** What the built document holds where the JSON goes (JSON itself, a string, until it is served). */
export const VIEW_CONFIG_PLACEHOLDER = '"__DIAGRAM_VIEW_CONFIG__"';

export interface ViewConfig {
  /** The full-screen editor on BASE_URL's origin; null when the server has no editor built. */
  editor: {
    /** diagram/editor/app_editor.tsx as bundled: exports mountAppEditor. */
    script: string;
    css: string | null;
    /** Where Excalidraw loads its fonts from. */
    assetPath: string;
  } | null;
  /** Excalidraw's hand-drawn fonts on BASE_URL's origin, face by face. */
  fonts: { family: string; source: string; unicodeRange?: string }[];
}
