// What the editor page hands its script (a JSON block in the page): the diagram, and who draws;
// and the ids of the page's parts the script takes over.
export interface EditorConfig {
  diagramId: string;
  /** Shown beside this browser's pointer in the other editors. */
  userName: string;
}

export const EDITOR_CONFIG_ELEMENT_ID = "editor-config";

/** The page's Diagram menu (a <details>), which the editor makes behave as a menu. */
export const DIAGRAM_MENU_ID = "diagram-menu";
/** The attribute naming the kind of an on-screen download's button ("svg", "png"). */
export const ON_SCREEN_ATTRIBUTE = "data-on-screen";
/** Where the menu says that an on-screen download could not be made. */
export const DOWNLOAD_PROBLEM_ID = "download-problem";
